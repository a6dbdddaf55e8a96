-- Notifications are stored as a kind and its data, worded by the reader (decision 017). The English
-- title goes; `body` keeps only what a person typed (the app calls it `note`). Stored rows get the
-- data their words need from the records they point at; a generated body is cleared.
UPDATE "notifications" SET "data" = '{}'::jsonb WHERE "data" IS NULL;--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object(
    'loadNumber', l."load_number",
    'driverName', coalesce(d."full_name", n."data" ->> 'driverName', '')
  )
  FROM "loads" l
  LEFT JOIN "drivers" d ON TRUE
  WHERE n."kind" IN ('load.declined', 'load.delivered', 'load.interest', 'load.assigned')
    AND l."id"::text = n."data" ->> 'loadId'
    AND d."id"::text = coalesce(n."data" ->> 'driverId', l."driver_id"::text);--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object('loadNumber', l."load_number", 'driverName', '')
  FROM "loads" l
  WHERE n."kind" LIKE 'load.%' AND NOT (n."data" ? 'loadNumber') AND l."id"::text = n."data" ->> 'loadId';--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object('fileName', f."file_name")
  FROM "files" f
  WHERE n."kind" = 'load.bol_uploaded' AND f."id"::text = n."data" ->> 'fileId';--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object('total', i."total"::text, 'dueDate', i."due_date"::text)
  FROM "invoices" i
  WHERE n."kind" = 'invoice.sent' AND i."invoice_number" = n."data" ->> 'invoiceNumber';--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object(
    'startDate', r."start_date"::text,
    'endDate', r."end_date"::text,
    'driverId', r."driver_id",
    'driverName', d."full_name",
    'decision', coalesce(n."data" ->> 'decision', r."status"::text)
  ),
  "body" = CASE WHEN n."kind" = 'time_off.requested' THEN r."reason" ELSE n."body" END
  FROM "time_off_requests" r
  JOIN "drivers" d ON d."id" = r."driver_id"
  WHERE n."kind" LIKE 'time_off.%' AND r."id"::text = n."data" ->> 'timeOffId';--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object(
    'violation', c."violation",
    'city', c."city",
    'state', c."state",
    'issuedOn', c."issued_on"::text,
    'fineAmount', c."fine_amount"::text,
    'dueOn', c."due_on"::text,
    'citation', CASE WHEN c."citation_number" <> '' THEN c."citation_number" ELSE c."violation" END,
    'status', c."status"::text,
    'driverId', c."driver_id",
    'driverName', coalesce(d."full_name", '')
  ),
  "body" = CASE WHEN n."kind" = 'citation.recorded' THEN '' ELSE n."body" END
  FROM "citations" c
  LEFT JOIN "drivers" d ON d."id" = c."driver_id"
  WHERE n."kind" LIKE 'citation.%' AND c."id"::text = n."data" ->> 'citationId';--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object(
    'reference', a."reference", 'injuries', a."injuries", 'location', a."location"
  ),
  "body" = ''
  FROM "accidents" a
  WHERE n."kind" = 'accident.recorded' AND a."id"::text = n."data" ->> 'accidentId';--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object(
    'requestNumber', r."request_number",
    'customerId', r."customer_id",
    'companyName', coalesce(c."company_name", ''),
    'pickup', r."pickup_city" || ', ' || r."pickup_state",
    'delivery', r."delivery_city" || ', ' || r."delivery_state",
    'commodity', r."commodity",
    'loadNumber', coalesce(l."load_number", '')
  ),
  "body" = CASE WHEN n."kind" = 'load_request.declined' THEN n."body" ELSE '' END
  FROM "load_requests" r
  LEFT JOIN "customers" c ON c."id" = r."customer_id"
  LEFT JOIN "loads" l ON l."id" = r."load_id"
  WHERE n."kind" LIKE 'load_request.%' AND r."id"::text = n."data" ->> 'requestId';--> statement-breakpoint
UPDATE "notifications" n SET "data" = n."data" || jsonb_build_object(
    'assetType', i."asset_type",
    'assetId', coalesce(i."vehicle_id", i."trailer_id"),
    'assetLabel', coalesce(v."unit_number", t."identifier", ''),
    'inspectionType', i."type",
    'inspectorName', i."inspector_name",
    'defects', coalesce(
      (SELECT jsonb_agg(jsonb_build_object('item', e ->> 'item', 'note', coalesce(e ->> 'note', '')))
         FROM jsonb_array_elements(i."checklist") e WHERE e ->> 'result' = 'fail'),
      '[]'::jsonb),
    'comments', i."comments"
  ),
  "body" = ''
  FROM "inspections" i
  LEFT JOIN "vehicles" v ON v."id" = i."vehicle_id"
  LEFT JOIN "trailers" t ON t."id" = i."trailer_id"
  WHERE n."kind" LIKE 'inspection.%' AND i."id"::text = n."data" ->> 'inspectionId';--> statement-breakpoint
-- Generated bodies of the load kinds: a decline keeps only the driver's reason.
UPDATE "notifications" SET "body" = CASE
    WHEN "kind" = 'load.declined' AND "body" LIKE '%declined the load: %'
      THEN substr("body", strpos("body", 'declined the load: ') + 19)
    ELSE ''
  END
  WHERE "kind" IN ('load.declined', 'load.assigned', 'load.bol_uploaded', 'load.delivered', 'load.interest', 'invoice.sent');--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "data" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "data" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "title";
