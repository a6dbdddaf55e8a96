-- Issue 42 (hand-written: drizzle-kit cannot express INCLUDE). The ledger search counts and sums the
-- rows of the trucks and drivers whose names match; with the columns it reads and filters on kept in
-- the truck and driver indexes, that is an index-only scan instead of one heap page per row (6,500 rows
-- of one truck: ~6,500 pages at a million loads). Same names and keys as before, so the schema's
-- `index().on(t.vehicleId, t.occurredOn.desc())` still describes them.
DROP INDEX IF EXISTS "transactions_vehicle_id_occurred_on_index";--> statement-breakpoint
CREATE INDEX "transactions_vehicle_id_occurred_on_index" ON "transactions" USING btree ("vehicle_id","occurred_on" DESC NULLS LAST) INCLUDE ("id","amount","direction","category","source","voided_at");--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_driver_id_occurred_on_index";--> statement-breakpoint
CREATE INDEX "transactions_driver_id_occurred_on_index" ON "transactions" USING btree ("driver_id","occurred_on" DESC NULLS LAST) INCLUDE ("id","amount","direction","category","source","voided_at");
