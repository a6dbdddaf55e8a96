CREATE TYPE "public"."ledger_category" AS ENUM('freight_revenue', 'accessorials', 'fuel', 'tolls', 'parking', 'maintenance', 'tires', 'driver_pay', 'insurance', 'permits', 'equipment_payments', 'fines', 'lumper', 'office', 'other');--> statement-breakpoint
CREATE TYPE "public"."ledger_direction" AS ENUM('income', 'expense');--> statement-breakpoint
CREATE TYPE "public"."ledger_payment_method" AS ENUM('ach', 'check', 'wire', 'card', 'cash', 'fuel_card', 'transponder', 'mobile_app', 'invoice', 'other');--> statement-breakpoint
CREATE TYPE "public"."ledger_source" AS ENUM('manual', 'invoice_payment', 'bill_payment', 'fuel', 'toll', 'parking_expense', 'maintenance', 'citation', 'settlement');--> statement-breakpoint
CREATE TYPE "public"."ledger_void_kind" AS ENUM('by_user', 'source_removed');--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_on" date NOT NULL,
	"direction" "ledger_direction" NOT NULL,
	"category" "ledger_category" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"payment_method" "ledger_payment_method",
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"receipt_file_id" uuid,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"load_id" uuid,
	"source" "ledger_source" DEFAULT 'manual' NOT NULL,
	"source_id" uuid,
	"source_parent_id" uuid,
	"voided_at" timestamp with time zone,
	"void_kind" "ledger_void_kind",
	"void_reason" text,
	"voided_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_source_unique" ON "transactions" USING btree ("source","source_id") WHERE source_id is not null;--> statement-breakpoint
CREATE INDEX "transactions_occurred_on_id_index" ON "transactions" USING btree ("occurred_on" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "transactions_direction_occurred_on_index" ON "transactions" USING btree ("direction","occurred_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_category_occurred_on_index" ON "transactions" USING btree ("category","occurred_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_source_occurred_on_index" ON "transactions" USING btree ("source","occurred_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_vehicle_id_occurred_on_index" ON "transactions" USING btree ("vehicle_id","occurred_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_driver_id_occurred_on_index" ON "transactions" USING btree ("driver_id","occurred_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_load_id_index" ON "transactions" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "transactions_amount_id_index" ON "transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "transactions_posted_day" ON "transactions" USING btree ("occurred_on","direction") WHERE voided_at is null;--> statement-breakpoint
CREATE INDEX "transactions_search_trgm" ON "transactions" USING gin ((counterparty || ' ' || reference || ' ' || notes) gin_trgm_ops);