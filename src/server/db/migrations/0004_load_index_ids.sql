DROP INDEX "loads_status_pickup_at_index";--> statement-breakpoint
DROP INDEX "loads_driver_id_pickup_at_index";--> statement-breakpoint
DROP INDEX "loads_customer_id_pickup_at_index";--> statement-breakpoint
CREATE INDEX "loads_status_pickup_at_id_index" ON "loads" USING btree ("status","pickup_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "loads_driver_id_pickup_at_id_index" ON "loads" USING btree ("driver_id","pickup_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "loads_customer_id_pickup_at_id_index" ON "loads" USING btree ("customer_id","pickup_at" DESC NULLS LAST,"id");