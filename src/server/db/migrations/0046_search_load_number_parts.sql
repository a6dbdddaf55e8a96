CREATE INDEX "loads_number_prefix" ON "loads" USING btree (lower(load_number) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "loads_pickup_number_prefix" ON "loads" USING btree (pickup_at desc nulls last,lower(load_number) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "loads_number_tail_trgm" ON "loads" USING gin (substr(load_number, 2) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loads_cities_trgm" ON "loads" USING gin ((pickup_city || ' ' || delivery_city) gin_trgm_ops);