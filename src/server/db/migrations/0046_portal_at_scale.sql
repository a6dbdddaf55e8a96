-- Hand-written (issue 42): the customer id in a GIN index needs btree_gin's operator classes.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- The customer's (customer_id, pickup_at desc, id) index gains the search columns; built before the
-- old one goes, so a customer's loads are never without an index (order changed by hand).
CREATE INDEX "loads_customer_pickup_search" ON "loads" USING btree ("customer_id","pickup_at" DESC NULLS LAST,"id","status","load_number","pickup_city","delivery_city");--> statement-breakpoint
DROP INDEX "loads_customer_id_pickup_at_id_index";--> statement-breakpoint
CREATE INDEX "loads_customer_status" ON "loads" USING btree ("customer_id","status","delivered_at");--> statement-breakpoint
CREATE INDEX "loads_customer_search_trgm" ON "loads" USING gin ("customer_id",(load_number || ' ' || pickup_city || ' ' || delivery_city) gin_trgm_ops);
--> statement-breakpoint
-- Hand-written: the same search expression keeps the 1,000 statistics entries it has on
-- `loads_search_trgm` (migration 0007), whichever of the two indexes the planner reads them from.
ALTER INDEX "loads_customer_search_trgm" ALTER COLUMN 2 SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "loads";
