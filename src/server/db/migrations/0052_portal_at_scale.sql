DROP INDEX "loads_customer_id_pickup_at_id_index";--> statement-breakpoint
CREATE INDEX "loads_customer_pickup_search" ON "loads" USING btree ("customer_id","pickup_at" DESC NULLS LAST,"id","status","load_number","pickup_city","delivery_city");--> statement-breakpoint
CREATE INDEX "loads_customer_status" ON "loads" USING btree ("customer_id","status","delivered_at");--> statement-breakpoint
CREATE INDEX "loads_customer_search_trgm" ON "loads" USING gin ("customer_id",(load_number || ' ' || pickup_city || ' ' || delivery_city) gin_trgm_ops);