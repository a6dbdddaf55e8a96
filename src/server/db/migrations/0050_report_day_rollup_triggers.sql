-- Issue 42, hand-written (decision 066): the triggers and functions that keep the daily rollups of
-- migration 0049 exact, the rebuild function extended to them, and their first fill.
-- The daily rollups (decision 066, issue 42) follow every write in the writing statement, exactly as the
-- monthly ones of migration 0023 do (statement triggers with transition tables, one aggregate per key,
-- keys upserted in key order); a report over any period reads the whole months inside it from the
-- monthly sums and the days of its partial months from these.
CREATE FUNCTION "load_day_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  INSERT INTO "load_day_totals" AS t ("day", "dim", "subject_id", "status", "loads", "revenue", "mile_revenue", "miles", "driver_pay", "started", "pickup_on_time", "delivered", "delivery_on_time", "transit_seconds", "transit_loads", "empty_miles", "empty_loads")
  SELECT c."day", c."dim", c."subject_id", c."status", sum(c."sign")::int, sum(c."sign" * c."revenue"), sum(c."sign" * c."mile_revenue"), sum(c."sign" * c."miles"), sum(c."sign" * c."driver_pay"), sum(c."sign" * c."started")::int, sum(c."sign" * c."pickup_on_time")::int, sum(c."sign" * c."delivered")::int, sum(c."sign" * c."delivery_on_time")::int, sum(c."sign" * c."transit_seconds"), sum(c."sign" * c."transit_loads")::int, sum(c."sign" * c."empty_miles"), sum(c."sign" * c."empty_loads")::int
  FROM (
    SELECT (r."pickup_at" AT TIME ZONE tz)::date AS "day", d."dim", d."subject_id", r."status", r."sign",
      r."total_rate" AS "revenue",
      CASE WHEN r."loaded_miles" > 0 THEN r."total_rate" ELSE 0 END AS "mile_revenue",
      coalesce(r."loaded_miles", 0) AS "miles",
      coalesce(r."driver_pay", 0) AS "driver_pay",
      (r."started_at" IS NOT NULL)::int AS "started",
      coalesce((r."started_at" <= r."pickup_at" + make_interval(mins => 60))::int, 0) AS "pickup_on_time",
      (r."delivered_at" IS NOT NULL)::int AS "delivered",
      coalesce((r."delivered_at" <= r."delivery_at" + make_interval(mins => 60))::int, 0) AS "delivery_on_time",
      CASE WHEN r."delivered_at" > r."started_at" THEN extract(epoch FROM r."delivered_at" - r."started_at") ELSE 0 END AS "transit_seconds",
      CASE WHEN r."delivered_at" > r."started_at" THEN 1 ELSE 0 END AS "transit_loads",
      coalesce(r."empty_miles", 0) AS "empty_miles",
      (r."empty_miles" IS NOT NULL)::int AS "empty_loads"
    FROM (SELECT n.*, 1 AS "sign" FROM "new_rows" n) r
    CROSS JOIN LATERAL (VALUES ('all', '00000000-0000-0000-0000-000000000000'::uuid), ('driver', r."driver_id"), ('vehicle', r."vehicle_id"), ('customer', r."customer_id")) d("dim", "subject_id")
    WHERE d."subject_id" IS NOT NULL
  ) c
  GROUP BY 1, 2, 3, 4
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."revenue") <> 0 OR sum(c."sign" * c."mile_revenue") <> 0 OR sum(c."sign" * c."miles") <> 0 OR sum(c."sign" * c."driver_pay") <> 0 OR sum(c."sign" * c."started") <> 0 OR sum(c."sign" * c."pickup_on_time") <> 0 OR sum(c."sign" * c."delivered") <> 0 OR sum(c."sign" * c."delivery_on_time") <> 0 OR sum(c."sign" * c."transit_seconds") <> 0 OR sum(c."sign" * c."transit_loads") <> 0 OR sum(c."sign" * c."empty_miles") <> 0 OR sum(c."sign" * c."empty_loads") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("day", "dim", "subject_id", "status") DO UPDATE SET
    "loads" = t."loads" + excluded."loads", "revenue" = t."revenue" + excluded."revenue", "mile_revenue" = t."mile_revenue" + excluded."mile_revenue", "miles" = t."miles" + excluded."miles", "driver_pay" = t."driver_pay" + excluded."driver_pay", "started" = t."started" + excluded."started", "pickup_on_time" = t."pickup_on_time" + excluded."pickup_on_time", "delivered" = t."delivered" + excluded."delivered", "delivery_on_time" = t."delivery_on_time" + excluded."delivery_on_time", "transit_seconds" = t."transit_seconds" + excluded."transit_seconds", "transit_loads" = t."transit_loads" + excluded."transit_loads", "empty_miles" = t."empty_miles" + excluded."empty_miles", "empty_loads" = t."empty_loads" + excluded."empty_loads";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_day_subject_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_day_subject_totals" AS t ("day", "dim", "subject_id", "direction", "category", "voided", "entries", "amount")
  SELECT c."day", c."dim", c."subject_id", c."direction", c."category", c."voided", sum(c."sign")::int, sum(c."sign" * c."amount")
  FROM (
    SELECT r."occurred_on" AS "day", d."dim", d."subject_id", r."direction", r."category",
      r."voided_at" IS NOT NULL AS "voided", r."sign", r."amount"
    FROM (SELECT n.*, 1 AS "sign" FROM "new_rows" n) r
    CROSS JOIN LATERAL (VALUES ('vehicle', r."vehicle_id"), ('driver', r."driver_id")) d("dim", "subject_id")
    WHERE d."subject_id" IS NOT NULL
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."amount") <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("day", "dim", "subject_id", "direction", "category", "voided")
  DO UPDATE SET "entries" = t."entries" + excluded."entries", "amount" = t."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "load_day_totals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  INSERT INTO "load_day_totals" AS t ("day", "dim", "subject_id", "status", "loads", "revenue", "mile_revenue", "miles", "driver_pay", "started", "pickup_on_time", "delivered", "delivery_on_time", "transit_seconds", "transit_loads", "empty_miles", "empty_loads")
  SELECT c."day", c."dim", c."subject_id", c."status", sum(c."sign")::int, sum(c."sign" * c."revenue"), sum(c."sign" * c."mile_revenue"), sum(c."sign" * c."miles"), sum(c."sign" * c."driver_pay"), sum(c."sign" * c."started")::int, sum(c."sign" * c."pickup_on_time")::int, sum(c."sign" * c."delivered")::int, sum(c."sign" * c."delivery_on_time")::int, sum(c."sign" * c."transit_seconds"), sum(c."sign" * c."transit_loads")::int, sum(c."sign" * c."empty_miles"), sum(c."sign" * c."empty_loads")::int
  FROM (
    SELECT (r."pickup_at" AT TIME ZONE tz)::date AS "day", d."dim", d."subject_id", r."status", r."sign",
      r."total_rate" AS "revenue",
      CASE WHEN r."loaded_miles" > 0 THEN r."total_rate" ELSE 0 END AS "mile_revenue",
      coalesce(r."loaded_miles", 0) AS "miles",
      coalesce(r."driver_pay", 0) AS "driver_pay",
      (r."started_at" IS NOT NULL)::int AS "started",
      coalesce((r."started_at" <= r."pickup_at" + make_interval(mins => 60))::int, 0) AS "pickup_on_time",
      (r."delivered_at" IS NOT NULL)::int AS "delivered",
      coalesce((r."delivered_at" <= r."delivery_at" + make_interval(mins => 60))::int, 0) AS "delivery_on_time",
      CASE WHEN r."delivered_at" > r."started_at" THEN extract(epoch FROM r."delivered_at" - r."started_at") ELSE 0 END AS "transit_seconds",
      CASE WHEN r."delivered_at" > r."started_at" THEN 1 ELSE 0 END AS "transit_loads",
      coalesce(r."empty_miles", 0) AS "empty_miles",
      (r."empty_miles" IS NOT NULL)::int AS "empty_loads"
    FROM (SELECT n.*, 1 AS "sign" FROM "new_rows" n UNION ALL SELECT o.*, -1 AS "sign" FROM "old_rows" o) r
    CROSS JOIN LATERAL (VALUES ('all', '00000000-0000-0000-0000-000000000000'::uuid), ('driver', r."driver_id"), ('vehicle', r."vehicle_id"), ('customer', r."customer_id")) d("dim", "subject_id")
    WHERE d."subject_id" IS NOT NULL
  ) c
  GROUP BY 1, 2, 3, 4
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."revenue") <> 0 OR sum(c."sign" * c."mile_revenue") <> 0 OR sum(c."sign" * c."miles") <> 0 OR sum(c."sign" * c."driver_pay") <> 0 OR sum(c."sign" * c."started") <> 0 OR sum(c."sign" * c."pickup_on_time") <> 0 OR sum(c."sign" * c."delivered") <> 0 OR sum(c."sign" * c."delivery_on_time") <> 0 OR sum(c."sign" * c."transit_seconds") <> 0 OR sum(c."sign" * c."transit_loads") <> 0 OR sum(c."sign" * c."empty_miles") <> 0 OR sum(c."sign" * c."empty_loads") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("day", "dim", "subject_id", "status") DO UPDATE SET
    "loads" = t."loads" + excluded."loads", "revenue" = t."revenue" + excluded."revenue", "mile_revenue" = t."mile_revenue" + excluded."mile_revenue", "miles" = t."miles" + excluded."miles", "driver_pay" = t."driver_pay" + excluded."driver_pay", "started" = t."started" + excluded."started", "pickup_on_time" = t."pickup_on_time" + excluded."pickup_on_time", "delivered" = t."delivered" + excluded."delivered", "delivery_on_time" = t."delivery_on_time" + excluded."delivery_on_time", "transit_seconds" = t."transit_seconds" + excluded."transit_seconds", "transit_loads" = t."transit_loads" + excluded."transit_loads", "empty_miles" = t."empty_miles" + excluded."empty_miles", "empty_loads" = t."empty_loads" + excluded."empty_loads";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_day_subject_totals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_day_subject_totals" AS t ("day", "dim", "subject_id", "direction", "category", "voided", "entries", "amount")
  SELECT c."day", c."dim", c."subject_id", c."direction", c."category", c."voided", sum(c."sign")::int, sum(c."sign" * c."amount")
  FROM (
    SELECT r."occurred_on" AS "day", d."dim", d."subject_id", r."direction", r."category",
      r."voided_at" IS NOT NULL AS "voided", r."sign", r."amount"
    FROM (SELECT n.*, 1 AS "sign" FROM "new_rows" n UNION ALL SELECT o.*, -1 AS "sign" FROM "old_rows" o) r
    CROSS JOIN LATERAL (VALUES ('vehicle', r."vehicle_id"), ('driver', r."driver_id")) d("dim", "subject_id")
    WHERE d."subject_id" IS NOT NULL
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."amount") <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("day", "dim", "subject_id", "direction", "category", "voided")
  DO UPDATE SET "entries" = t."entries" + excluded."entries", "amount" = t."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "load_day_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  INSERT INTO "load_day_totals" AS t ("day", "dim", "subject_id", "status", "loads", "revenue", "mile_revenue", "miles", "driver_pay", "started", "pickup_on_time", "delivered", "delivery_on_time", "transit_seconds", "transit_loads", "empty_miles", "empty_loads")
  SELECT c."day", c."dim", c."subject_id", c."status", sum(c."sign")::int, sum(c."sign" * c."revenue"), sum(c."sign" * c."mile_revenue"), sum(c."sign" * c."miles"), sum(c."sign" * c."driver_pay"), sum(c."sign" * c."started")::int, sum(c."sign" * c."pickup_on_time")::int, sum(c."sign" * c."delivered")::int, sum(c."sign" * c."delivery_on_time")::int, sum(c."sign" * c."transit_seconds"), sum(c."sign" * c."transit_loads")::int, sum(c."sign" * c."empty_miles"), sum(c."sign" * c."empty_loads")::int
  FROM (
    SELECT (r."pickup_at" AT TIME ZONE tz)::date AS "day", d."dim", d."subject_id", r."status", r."sign",
      r."total_rate" AS "revenue",
      CASE WHEN r."loaded_miles" > 0 THEN r."total_rate" ELSE 0 END AS "mile_revenue",
      coalesce(r."loaded_miles", 0) AS "miles",
      coalesce(r."driver_pay", 0) AS "driver_pay",
      (r."started_at" IS NOT NULL)::int AS "started",
      coalesce((r."started_at" <= r."pickup_at" + make_interval(mins => 60))::int, 0) AS "pickup_on_time",
      (r."delivered_at" IS NOT NULL)::int AS "delivered",
      coalesce((r."delivered_at" <= r."delivery_at" + make_interval(mins => 60))::int, 0) AS "delivery_on_time",
      CASE WHEN r."delivered_at" > r."started_at" THEN extract(epoch FROM r."delivered_at" - r."started_at") ELSE 0 END AS "transit_seconds",
      CASE WHEN r."delivered_at" > r."started_at" THEN 1 ELSE 0 END AS "transit_loads",
      coalesce(r."empty_miles", 0) AS "empty_miles",
      (r."empty_miles" IS NOT NULL)::int AS "empty_loads"
    FROM (SELECT o.*, -1 AS "sign" FROM "old_rows" o) r
    CROSS JOIN LATERAL (VALUES ('all', '00000000-0000-0000-0000-000000000000'::uuid), ('driver', r."driver_id"), ('vehicle', r."vehicle_id"), ('customer', r."customer_id")) d("dim", "subject_id")
    WHERE d."subject_id" IS NOT NULL
  ) c
  GROUP BY 1, 2, 3, 4
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."revenue") <> 0 OR sum(c."sign" * c."mile_revenue") <> 0 OR sum(c."sign" * c."miles") <> 0 OR sum(c."sign" * c."driver_pay") <> 0 OR sum(c."sign" * c."started") <> 0 OR sum(c."sign" * c."pickup_on_time") <> 0 OR sum(c."sign" * c."delivered") <> 0 OR sum(c."sign" * c."delivery_on_time") <> 0 OR sum(c."sign" * c."transit_seconds") <> 0 OR sum(c."sign" * c."transit_loads") <> 0 OR sum(c."sign" * c."empty_miles") <> 0 OR sum(c."sign" * c."empty_loads") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("day", "dim", "subject_id", "status") DO UPDATE SET
    "loads" = t."loads" + excluded."loads", "revenue" = t."revenue" + excluded."revenue", "mile_revenue" = t."mile_revenue" + excluded."mile_revenue", "miles" = t."miles" + excluded."miles", "driver_pay" = t."driver_pay" + excluded."driver_pay", "started" = t."started" + excluded."started", "pickup_on_time" = t."pickup_on_time" + excluded."pickup_on_time", "delivered" = t."delivered" + excluded."delivered", "delivery_on_time" = t."delivery_on_time" + excluded."delivery_on_time", "transit_seconds" = t."transit_seconds" + excluded."transit_seconds", "transit_loads" = t."transit_loads" + excluded."transit_loads", "empty_miles" = t."empty_miles" + excluded."empty_miles", "empty_loads" = t."empty_loads" + excluded."empty_loads";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_day_subject_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_day_subject_totals" AS t ("day", "dim", "subject_id", "direction", "category", "voided", "entries", "amount")
  SELECT c."day", c."dim", c."subject_id", c."direction", c."category", c."voided", sum(c."sign")::int, sum(c."sign" * c."amount")
  FROM (
    SELECT r."occurred_on" AS "day", d."dim", d."subject_id", r."direction", r."category",
      r."voided_at" IS NOT NULL AS "voided", r."sign", r."amount"
    FROM (SELECT o.*, -1 AS "sign" FROM "old_rows" o) r
    CROSS JOIN LATERAL (VALUES ('vehicle', r."vehicle_id"), ('driver', r."driver_id")) d("dim", "subject_id")
    WHERE d."subject_id" IS NOT NULL
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."amount") <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("day", "dim", "subject_id", "direction", "category", "voided")
  DO UPDATE SET "entries" = t."entries" + excluded."entries", "amount" = t."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "loads_day_totals_inserted" AFTER INSERT ON "loads"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "load_day_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "transactions_day_subject_totals_inserted" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_day_subject_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "loads_day_totals_updated" AFTER UPDATE ON "loads"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "load_day_totals_updated"();
--> statement-breakpoint
CREATE TRIGGER "transactions_day_subject_totals_updated" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_day_subject_totals_updated"();
--> statement-breakpoint
CREATE TRIGGER "loads_day_totals_deleted" AFTER DELETE ON "loads"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "load_day_totals_deleted"();
--> statement-breakpoint
CREATE TRIGGER "transactions_day_subject_totals_deleted" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_day_subject_totals_deleted"();
--> statement-breakpoint
-- Recomputes every rollup from the rows (at migration, when the company's time zone changes, and after
-- the bulk seed, which writes with the triggers off): migration 0023's function plus the daily sums.
CREATE OR REPLACE FUNCTION "rebuild_report_rollups"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  DELETE FROM "load_month_totals";
  DELETE FROM "vehicle_busy_days";
  DELETE FROM "ledger_month_subject_totals";
  INSERT INTO "load_month_totals" ("month", "dim", "subject_id", "status", "loads", "revenue", "mile_revenue", "miles", "driver_pay", "started", "pickup_on_time", "delivered", "delivery_on_time", "transit_seconds", "transit_loads")
  SELECT date_trunc('month', l."pickup_at" AT TIME ZONE tz)::date, d."dim", d."subject_id", l."status", count(*)::int, sum(l."total_rate"),
    sum(CASE WHEN l."loaded_miles" > 0 THEN l."total_rate" ELSE 0 END), sum(coalesce(l."loaded_miles", 0)), sum(coalesce(l."driver_pay", 0)),
    count(l."started_at")::int, count(*) FILTER (WHERE l."started_at" <= l."pickup_at" + make_interval(mins => 60))::int,
    count(l."delivered_at")::int, count(*) FILTER (WHERE l."delivered_at" <= l."delivery_at" + make_interval(mins => 60))::int,
    coalesce(sum(extract(epoch FROM l."delivered_at" - l."started_at")) FILTER (WHERE l."delivered_at" > l."started_at"), 0),
    count(*) FILTER (WHERE l."delivered_at" > l."started_at")::int
  FROM "loads" l
  CROSS JOIN LATERAL (VALUES ('all', '00000000-0000-0000-0000-000000000000'::uuid), ('driver', l."driver_id"), ('vehicle', l."vehicle_id"), ('customer', l."customer_id")) d("dim", "subject_id")
  WHERE d."subject_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  INSERT INTO "vehicle_busy_days" ("vehicle_id", "day", "loads")
  SELECT l."vehicle_id", g."day"::date, count(*)::int
  FROM "loads" l
  CROSS JOIN LATERAL generate_series((l."pickup_at" AT TIME ZONE tz)::date, (l."delivery_at" AT TIME ZONE tz)::date, interval '1 day') g("day")
  WHERE l."vehicle_id" IS NOT NULL AND l."status" <> 'cancelled'
  GROUP BY 1, 2;
  INSERT INTO "ledger_month_subject_totals" ("month", "dim", "subject_id", "direction", "category", "voided", "entries", "amount")
  SELECT date_trunc('month', x."occurred_on")::date, d."dim", d."subject_id", x."direction", x."category", x."voided_at" IS NOT NULL, count(*)::int, sum(x."amount")
  FROM "transactions" x
  CROSS JOIN LATERAL (VALUES ('vehicle', x."vehicle_id"), ('driver', x."driver_id")) d("dim", "subject_id")
  WHERE d."subject_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM "load_day_totals";
  DELETE FROM "ledger_day_subject_totals";
  INSERT INTO "load_day_totals" ("day", "dim", "subject_id", "status", "loads", "revenue", "mile_revenue", "miles", "driver_pay", "started", "pickup_on_time", "delivered", "delivery_on_time", "transit_seconds", "transit_loads", "empty_miles", "empty_loads")
  SELECT (l."pickup_at" AT TIME ZONE tz)::date, d."dim", d."subject_id", l."status", count(*)::int, sum(l."total_rate"),
    sum(CASE WHEN l."loaded_miles" > 0 THEN l."total_rate" ELSE 0 END), sum(coalesce(l."loaded_miles", 0)), sum(coalesce(l."driver_pay", 0)),
    count(l."started_at")::int, count(*) FILTER (WHERE l."started_at" <= l."pickup_at" + make_interval(mins => 60))::int,
    count(l."delivered_at")::int, count(*) FILTER (WHERE l."delivered_at" <= l."delivery_at" + make_interval(mins => 60))::int,
    coalesce(sum(extract(epoch FROM l."delivered_at" - l."started_at")) FILTER (WHERE l."delivered_at" > l."started_at"), 0),
    count(*) FILTER (WHERE l."delivered_at" > l."started_at")::int,
    sum(coalesce(l."empty_miles", 0)), count(l."empty_miles")::int
  FROM "loads" l
  CROSS JOIN LATERAL (VALUES ('all', '00000000-0000-0000-0000-000000000000'::uuid), ('driver', l."driver_id"), ('vehicle', l."vehicle_id"), ('customer', l."customer_id")) d("dim", "subject_id")
  WHERE d."subject_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  INSERT INTO "ledger_day_subject_totals" ("day", "dim", "subject_id", "direction", "category", "voided", "entries", "amount")
  SELECT x."occurred_on", d."dim", d."subject_id", x."direction", x."category", x."voided_at" IS NOT NULL, count(*)::int, sum(x."amount")
  FROM "transactions" x
  CROSS JOIN LATERAL (VALUES ('vehicle', x."vehicle_id"), ('driver', x."driver_id")) d("dim", "subject_id")
  WHERE d."subject_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM "ifta_day_totals";
  INSERT INTO "ifta_day_totals" AS t ("day", "kind", "key", "miles", "loads")
  SELECT d."day", d."kind", d."key", sum(d."miles"), sum(d."loads")::int
  FROM (
    SELECT x."day", x."kind", x."key", 1 * x."miles" AS "miles", 1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "loads") q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles") q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."miles") <> 0 OR sum(d."loads") <> 0
  ORDER BY 1, 2, 3;
  DELETE FROM "vehicle_busy_months";
  INSERT INTO "vehicle_busy_months" ("month", "vehicle_id", "days")
  SELECT date_trunc('month', "day")::date, "vehicle_id", count(*)::int FROM "vehicle_busy_days" WHERE "loads" > 0 GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- IFTA's miles by jurisdiction and by source (each load leg's best source, by the load's status) and its
-- delivered or moving loads without state miles, per company day of first pickup (decision 066). A
-- load's contribution depends on its row and on its state-miles rows, so each trigger subtracts the
-- contribution of the loads it touches as they were before the statement and adds it as they are
-- after. A state-miles writer first locks the loads it touches, so a concurrent change of the same
-- load's status waits and the next statement reads it committed (a fresh snapshot per statement).
--> statement-breakpoint
CREATE FUNCTION "ifta_miles_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  PERFORM 1 FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "new_rows") ORDER BY "id" FOR NO KEY UPDATE;
  INSERT INTO "ifta_day_totals" AS t ("day", "kind", "key", "miles", "loads")
  SELECT d."day", d."kind", d."key", sum(d."miles"), sum(d."loads")::int
  FROM (
    SELECT x."day", x."kind", x."key", 1 * x."miles" AS "miles", 1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "new_rows")) q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT "load_id" FROM "new_rows")) q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
    UNION ALL
    SELECT x."day", x."kind", x."key", -1 * x."miles" AS "miles", -1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "new_rows")) q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT "load_id" FROM "new_rows") EXCEPT ALL SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "new_rows") q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."miles") <> 0 OR sum(d."loads") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "kind", "key") DO UPDATE SET "miles" = t."miles" + excluded."miles", "loads" = t."loads" + excluded."loads";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ifta_miles_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  PERFORM 1 FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "new_rows" UNION SELECT "load_id" FROM "old_rows") ORDER BY "id" FOR NO KEY UPDATE;
  INSERT INTO "ifta_day_totals" AS t ("day", "kind", "key", "miles", "loads")
  SELECT d."day", d."kind", d."key", sum(d."miles"), sum(d."loads")::int
  FROM (
    SELECT x."day", x."kind", x."key", 1 * x."miles" AS "miles", 1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "new_rows" UNION SELECT "load_id" FROM "old_rows")) q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT "load_id" FROM "new_rows" UNION SELECT "load_id" FROM "old_rows")) q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
    UNION ALL
    SELECT x."day", x."kind", x."key", -1 * x."miles" AS "miles", -1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "new_rows" UNION SELECT "load_id" FROM "old_rows")) q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM ((SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT "load_id" FROM "new_rows" UNION SELECT "load_id" FROM "old_rows") EXCEPT ALL SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "new_rows") UNION ALL SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "old_rows") q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."miles") <> 0 OR sum(d."loads") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "kind", "key") DO UPDATE SET "miles" = t."miles" + excluded."miles", "loads" = t."loads" + excluded."loads";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ifta_miles_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  PERFORM 1 FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "old_rows") ORDER BY "id" FOR NO KEY UPDATE;
  INSERT INTO "ifta_day_totals" AS t ("day", "kind", "key", "miles", "loads")
  SELECT d."day", d."kind", d."key", sum(d."miles"), sum(d."loads")::int
  FROM (
    SELECT x."day", x."kind", x."key", 1 * x."miles" AS "miles", 1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "old_rows")) q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT "load_id" FROM "old_rows")) q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
    UNION ALL
    SELECT x."day", x."kind", x."key", -1 * x."miles" AS "miles", -1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "loads" WHERE "id" IN (SELECT "load_id" FROM "old_rows")) q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT "load_id" FROM "old_rows") UNION ALL SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "old_rows") q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."miles") <> 0 OR sum(d."loads") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "kind", "key") DO UPDATE SET "miles" = t."miles" + excluded."miles", "loads" = t."loads" + excluded."loads";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ifta_loads_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  INSERT INTO "ifta_day_totals" AS t ("day", "kind", "key", "miles", "loads")
  SELECT d."day", d."kind", d."key", sum(d."miles"), sum(d."loads")::int
  FROM (
    SELECT x."day", x."kind", x."key", 1 * x."miles" AS "miles", 1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "new_rows") q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT "id" FROM "new_rows")) q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."miles") <> 0 OR sum(d."loads") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "kind", "key") DO UPDATE SET "miles" = t."miles" + excluded."miles", "loads" = t."loads" + excluded."loads";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only loads whose status or first pickup changed move IFTA's figures.
CREATE FUNCTION "ifta_loads_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  IF NOT EXISTS (SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE (n."status", n."pickup_at") IS DISTINCT FROM (o."status", o."pickup_at")) THEN RETURN NULL; END IF;
  INSERT INTO "ifta_day_totals" AS t ("day", "kind", "key", "miles", "loads")
  SELECT d."day", d."kind", d."key", sum(d."miles"), sum(d."loads")::int
  FROM (
    SELECT x."day", x."kind", x."key", 1 * x."miles" AS "miles", 1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "new_rows" WHERE "id" IN (SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE (n."status", n."pickup_at") IS DISTINCT FROM (o."status", o."pickup_at"))) q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE (n."status", n."pickup_at") IS DISTINCT FROM (o."status", o."pickup_at"))) q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
    UNION ALL
    SELECT x."day", x."kind", x."key", -1 * x."miles" AS "miles", -1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT "id", "status", "pickup_at" FROM "old_rows" WHERE "id" IN (SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE (n."status", n."pickup_at") IS DISTINCT FROM (o."status", o."pickup_at"))) q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE (n."status", n."pickup_at") IS DISTINCT FROM (o."status", o."pickup_at"))) q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."miles") <> 0 OR sum(d."loads") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "kind", "key") DO UPDATE SET "miles" = t."miles" + excluded."miles", "loads" = t."loads" + excluded."loads";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted load takes its state miles with it (cascade), after its own row is gone: its contribution
-- is subtracted before, while both are there.
CREATE FUNCTION "ifta_load_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "company_time_zone"();
BEGIN
  INSERT INTO "ifta_day_totals" AS t ("day", "kind", "key", "miles", "loads")
  SELECT d."day", d."kind", d."key", sum(d."miles"), sum(d."loads")::int
  FROM (
    SELECT x."day", x."kind", x."key", -1 * x."miles" AS "miles", -1 * x."loads" AS "loads" FROM (
      WITH "l" AS (SELECT q."id", q."status", (q."pickup_at" AT TIME ZONE tz)::date AS "day" FROM (SELECT OLD."id", OLD."status", OLD."pickup_at") q),
           "m" AS (SELECT q."load_id", q."leg", q."jurisdiction", q."miles", q."source" FROM (SELECT "load_id", "leg", "jurisdiction", "miles", "source" FROM "load_jurisdiction_miles" WHERE "load_id" IN (OLD."id")) q),
           "best" AS (
             SELECT l."day", m."load_id", m."jurisdiction", m."miles", m."source",
               rank() OVER (PARTITION BY m."load_id", m."leg" ORDER BY CASE m."source"
                 WHEN 'recorded' THEN 0 WHEN 'gps' THEN 1 WHEN 'routed' THEN 2 ELSE 3 END) AS "r"
             FROM "m" m JOIN "l" l ON l."id" = m."load_id"
             WHERE l."status" <> 'cancelled'
               AND (m."source" = 'recorded' OR l."status" = 'completed' OR (l."status" = 'in_progress' AND m."source" = 'gps')))
      SELECT "day", 'jurisdiction' AS "kind", "jurisdiction" AS "key", sum("miles") AS "miles", count(DISTINCT "load_id")::int AS "loads"
        FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT "day", 'source', "source", sum("miles"), count(DISTINCT "load_id")::int FROM "best" WHERE "r" = 1 GROUP BY 1, 3
      UNION ALL
      SELECT l."day", 'unallocated', '', 0, count(*)::int FROM "l" l
        WHERE l."status" IN ('in_progress', 'completed')
          AND NOT EXISTS (SELECT 1 FROM "m" m WHERE m."load_id" = l."id" AND m."leg" = 'loaded')
        GROUP BY 1
    ) x
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."miles") <> 0 OR sum(d."loads") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "kind", "key") DO UPDATE SET "miles" = t."miles" + excluded."miles", "loads" = t."loads" + excluded."loads";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ljm_ifta_inserted" AFTER INSERT ON "load_jurisdiction_miles"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ifta_miles_inserted"();
--> statement-breakpoint
CREATE TRIGGER "ljm_ifta_updated" AFTER UPDATE ON "load_jurisdiction_miles"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ifta_miles_updated"();
--> statement-breakpoint
CREATE TRIGGER "ljm_ifta_deleted" AFTER DELETE ON "load_jurisdiction_miles"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ifta_miles_deleted"();
--> statement-breakpoint
CREATE TRIGGER "loads_ifta_inserted" AFTER INSERT ON "loads"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ifta_loads_inserted"();
--> statement-breakpoint
CREATE TRIGGER "loads_ifta_updated" AFTER UPDATE ON "loads"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ifta_loads_updated"();
--> statement-breakpoint
CREATE TRIGGER "loads_ifta_deleting" BEFORE DELETE ON "loads"
  FOR EACH ROW EXECUTE FUNCTION "ifta_load_deleting"();
--> statement-breakpoint
-- Each truck's busy days per month follow its busy days (a day counts while it has a load), in the
-- statement that changes them (the load triggers' upserts).
--> statement-breakpoint
CREATE FUNCTION "vehicle_busy_months_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vehicle_busy_months" AS t ("month", "vehicle_id", "days")
  SELECT c."month", c."vehicle_id", sum(c."d")::int
  FROM (SELECT date_trunc('month', n."day")::date AS "month", n."vehicle_id", (n."loads" > 0)::int AS "d" FROM "new_rows" n) c("month", "vehicle_id", "d")
  GROUP BY 1, 2
  HAVING sum(c."d") <> 0
  ORDER BY 1, 2
  ON CONFLICT ("month", "vehicle_id") DO UPDATE SET "days" = t."days" + excluded."days";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vehicle_busy_days_months_inserted" AFTER INSERT ON "vehicle_busy_days"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "vehicle_busy_months_inserted"();
--> statement-breakpoint
CREATE FUNCTION "vehicle_busy_months_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vehicle_busy_months" AS t ("month", "vehicle_id", "days")
  SELECT c."month", c."vehicle_id", sum(c."d")::int
  FROM (SELECT date_trunc('month', n."day")::date, n."vehicle_id", (n."loads" > 0)::int FROM "new_rows" n UNION ALL SELECT date_trunc('month', o."day")::date, o."vehicle_id", -(o."loads" > 0)::int FROM "old_rows" o) c("month", "vehicle_id", "d")
  GROUP BY 1, 2
  HAVING sum(c."d") <> 0
  ORDER BY 1, 2
  ON CONFLICT ("month", "vehicle_id") DO UPDATE SET "days" = t."days" + excluded."days";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vehicle_busy_days_months_updated" AFTER UPDATE ON "vehicle_busy_days"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "vehicle_busy_months_updated"();
--> statement-breakpoint
CREATE FUNCTION "vehicle_busy_months_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vehicle_busy_months" AS t ("month", "vehicle_id", "days")
  SELECT c."month", c."vehicle_id", sum(c."d")::int
  FROM (SELECT date_trunc('month', o."day")::date AS "month", o."vehicle_id", -(o."loads" > 0)::int AS "d" FROM "old_rows" o) c("month", "vehicle_id", "d")
  GROUP BY 1, 2
  HAVING sum(c."d") <> 0
  ORDER BY 1, 2
  ON CONFLICT ("month", "vehicle_id") DO UPDATE SET "days" = t."days" + excluded."days";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vehicle_busy_days_months_deleted" AFTER DELETE ON "vehicle_busy_days"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "vehicle_busy_months_deleted"();
--> statement-breakpoint
SELECT "rebuild_report_rollups"();
--> statement-breakpoint
-- Planner statistics for the freshly filled tables (else a span of days may be read by a full scan).
ANALYZE "load_day_totals", "ledger_day_subject_totals", "ifta_day_totals", "vehicle_busy_months";
