-- Issue 42, hand-written: the functions and statement triggers that keep customer_load_counts (migration
-- 0054) exact, and its backfill.
-- Hand-written: each customer's load count follows every write to `loads` in the writing statement, as
-- the report rollups do (migration 0023): statement triggers with transition tables, one sum per
-- customer, keys upserted in key order; a count that reaches zero is removed. An update that keeps
-- every load's customer writes nothing.
CREATE FUNCTION "customer_load_counts_add"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_load_counts" AS t ("customer_id", "loads")
  SELECT (d.key)::uuid, (d.value)::int FROM jsonb_each_text(deltas) d ORDER BY 1
  ON CONFLICT ("customer_id") DO UPDATE SET "loads" = t."loads" + excluded."loads";
  DELETE FROM "customer_load_counts" t
  WHERE t."loads" = 0 AND t."customer_id" IN (SELECT (d.key)::uuid FROM jsonb_each_text(deltas) d);
END $$;
--> statement-breakpoint
CREATE FUNCTION "customer_load_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  SELECT jsonb_object_agg(c."customer_id", c."loads") INTO deltas FROM (
    SELECT n."customer_id", count(*)::int AS "loads" FROM "new_rows" n WHERE n."customer_id" IS NOT NULL GROUP BY 1
  ) c;
  IF deltas IS NOT NULL THEN PERFORM "customer_load_counts_add"(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "customer_load_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  SELECT jsonb_object_agg(c."customer_id", c."loads") INTO deltas FROM (
    SELECT r."customer_id", sum(r."sign")::int AS "loads"
    FROM (SELECT n."customer_id", 1 AS "sign" FROM "new_rows" n UNION ALL SELECT o."customer_id", -1 AS "sign" FROM "old_rows" o) r
    WHERE r."customer_id" IS NOT NULL GROUP BY 1 HAVING sum(r."sign") <> 0
  ) c;
  IF deltas IS NOT NULL THEN PERFORM "customer_load_counts_add"(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "customer_load_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  SELECT jsonb_object_agg(c."customer_id", c."loads") INTO deltas FROM (
    SELECT o."customer_id", -count(*)::int AS "loads" FROM "old_rows" o WHERE o."customer_id" IS NOT NULL GROUP BY 1
  ) c;
  IF deltas IS NOT NULL THEN PERFORM "customer_load_counts_add"(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "loads_customer_counts_inserted" AFTER INSERT ON "loads"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "customer_load_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "loads_customer_counts_updated" AFTER UPDATE ON "loads"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "customer_load_counts_updated"();
--> statement-breakpoint
CREATE TRIGGER "loads_customer_counts_deleted" AFTER DELETE ON "loads"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "customer_load_counts_deleted"();
--> statement-breakpoint
-- Recomputes every count from the loads (here, and after a bulk load that ran with triggers off).
CREATE FUNCTION "rebuild_customer_load_counts"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "customer_load_counts";
  INSERT INTO "customer_load_counts" ("customer_id", "loads")
  SELECT l."customer_id", count(*)::int FROM "loads" l WHERE l."customer_id" IS NOT NULL GROUP BY 1;
END $$;
--> statement-breakpoint
SELECT "rebuild_customer_load_counts"();
