DROP INDEX "transactions_occurred_on_id_index";--> statement-breakpoint
CREATE INDEX "transactions_occurred_on_id_index" ON "transactions" USING btree ("occurred_on","id");