-- Text the server writes is stored as a kind and its data and worded in the reader's language
-- (decision 017). The load timeline gets `kind` + `data`; `note` keeps only what a person typed.
ALTER TABLE "load_status_events" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "load_status_events" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The English notes written before: read back into kinds; a driver's name as it was written.
UPDATE "load_status_events" SET
  "kind" = CASE
    WHEN "note" = 'Created' THEN 'created'
    WHEN "note" LIKE 'Created and assigned to %' THEN 'created_assigned'
    WHEN "note" LIKE 'Assigned to %' THEN 'assigned'
    WHEN "note" LIKE 'Reassigned to %' THEN 'reassigned'
    WHEN "note" = 'Driver removed' THEN 'driver_removed'
    WHEN "note" = 'Accepted' THEN 'accepted'
    WHEN "note" = 'Declined' OR "note" LIKE 'Declined: %' THEN 'declined'
    WHEN "note" = 'Trip started' THEN 'trip_started'
    WHEN "note" = 'Delivered' THEN 'delivered'
    WHEN "from_status" IS NULL THEN 'created'
    ELSE 'status_changed'
  END,
  "data" = CASE
    WHEN "note" LIKE 'Created and assigned to %'
      THEN jsonb_build_object('driverName', rtrim(substr("note", 25), '.'))
    WHEN "note" LIKE 'Assigned to %' THEN jsonb_build_object('driverName', rtrim(substr("note", 13), '.'))
    WHEN "note" LIKE 'Reassigned to %' THEN jsonb_build_object('driverName', rtrim(substr("note", 15), '.'))
    ELSE '{}'::jsonb
  END,
  "note" = CASE
    WHEN "note" LIKE 'Declined: %' THEN substr("note", 11)
    WHEN "note" IN ('Created', 'Driver removed', 'Accepted', 'Declined', 'Trip started', 'Delivered')
      OR "note" LIKE 'Created and assigned to %'
      OR "note" LIKE 'Assigned to %'
      OR "note" LIKE 'Reassigned to %' THEN NULL
    ELSE "note"
  END;--> statement-breakpoint
ALTER TABLE "load_status_events" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
-- Maintenance items an inspection opened: the findings as data, read from the inspection itself.
ALTER TABLE "maintenance_records" ADD COLUMN "source_data" jsonb;--> statement-breakpoint
UPDATE "maintenance_records" m SET
  "source_data" = jsonb_build_object(
    'inspectionType', i."type",
    'assetType', i."asset_type",
    'assetLabel', coalesce(v."unit_number", t."identifier", ''),
    'inspectedOn', m."service_date"::text,
    'inspectorName', i."inspector_name",
    'overallStatus', i."overall_status",
    'defects', coalesce(
      (SELECT jsonb_agg(jsonb_build_object('item', e ->> 'item', 'note', coalesce(e ->> 'note', '')))
         FROM jsonb_array_elements(i."checklist") e WHERE e ->> 'result' = 'fail'),
      '[]'::jsonb),
    'comments', i."comments"
  ),
  -- The generated English block goes; anything people added after it stays.
  "notes" = btrim(regexp_replace(
    m."notes",
    '^Opened by the [^\n]*(\nDefects:(\n- [^\n]*)*)?(\nComments: [^\n]*)?\n?',
    ''
  ), E'\n')
FROM "inspections" i
LEFT JOIN "vehicles" v ON v."id" = i."vehicle_id"
LEFT JOIN "trailers" t ON t."id" = i."trailer_id"
WHERE m."source" = 'inspection' AND m."inspection_id" = i."id";
