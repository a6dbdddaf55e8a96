-- The number of a ledger row's load on the row itself (issue 42, decision 068): a search for a common
-- start of load numbers ("LD-2025") reads it one day at a time on the ledger's own index.
ALTER TABLE "transactions" ADD COLUMN "load_number" text;--> statement-breakpoint
-- The backfill rewrites the table once (a new column's values by `ALTER … TYPE … USING`), its indexes
-- rebuilt in bulk: an `UPDATE … FROM loads` of the 1.9 M rows at a million loads adds a new entry to each
-- of the twelve indexes per row, at random, and was measured still running after 17 minutes (half
-- done, on a busy 2-core machine), leaving as many dead rows to vacuum. No trigger fires on a rewrite.
CREATE FUNCTION "ledger_load_number_of"(uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT l."load_number" FROM "loads" l WHERE l."id" = $1
$$;--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "load_number" TYPE text USING "ledger_load_number_of"("load_id");--> statement-breakpoint
DROP FUNCTION "ledger_load_number_of"(uuid);--> statement-breakpoint
-- On insert, and on any write of `load_id` (the foreign key's `on delete set null` included) or of the
-- copy itself: the copy is always the load's number, whatever the statement set.
CREATE FUNCTION "transactions_load_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."load_number" := (SELECT l."load_number" FROM "loads" l WHERE l."id" = NEW."load_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_load_number" BEFORE INSERT OR UPDATE OF "load_id", "load_number" ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "transactions_load_number"();--> statement-breakpoint
-- A load's new number onto its ledger rows (rare: the number is assigned once; the `when` keeps every
-- other update of a load free of the call).
CREATE FUNCTION "loads_number_to_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transactions" SET "load_number" = NEW."load_number" WHERE "load_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "loads_number_to_ledger" AFTER UPDATE OF "load_number" ON "loads"
  FOR EACH ROW WHEN (OLD."load_number" IS DISTINCT FROM NEW."load_number")
  EXECUTE FUNCTION "loads_number_to_ledger"();--> statement-breakpoint
CREATE INDEX "transactions_day_load_number" ON "transactions" USING btree ("occurred_on",lower(load_number) text_pattern_ops) WHERE voided_at is null;--> statement-breakpoint
CREATE INDEX "transactions_day_reference" ON "transactions" USING btree ("occurred_on",lower(reference) text_pattern_ops) WHERE voided_at is null;--> statement-breakpoint
CREATE INDEX "transactions_search_rest_trgm" ON "transactions" USING gin ((counterparty || ' ' || substr(reference, 2) || ' ' || notes) gin_trgm_ops);--> statement-breakpoint
-- The planner's statistics of the two lower-cased columns (the search asks it how common a start is):
-- it keeps none for a partial index's expressions.
CREATE STATISTICS "transactions_lower_load_number" ON (lower(load_number)) FROM "transactions";--> statement-breakpoint
CREATE STATISTICS "transactions_lower_reference" ON (lower(reference)) FROM "transactions";--> statement-breakpoint
ANALYZE "transactions";
