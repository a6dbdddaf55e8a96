CREATE TYPE "public"."bill_frequency" AS ENUM('weekly', 'monthly', 'quarterly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."bill_service_type" AS ENUM('insurance', 'eld', 'fuel_card', 'phone', 'rent', 'software', 'permits', 'truck_payment', 'factoring_fees', 'other');--> statement-breakpoint
CREATE TYPE "public"."bill_status" AS ENUM('open', 'paid', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."bill_type" AS ENUM('one_time', 'subscription');--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"paid_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" "ledger_payment_method" NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_positive" CHECK ("bill_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"bill_type" "bill_type" NOT NULL,
	"frequency" "bill_frequency",
	"service_type" "bill_service_type" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"first_due_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" "bill_status" DEFAULT 'open' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"vehicle_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"reminded_for" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_amount_positive" CHECK ("bills"."amount" > 0),
	CONSTRAINT "bills_subscription_frequency" CHECK ((bill_type = 'subscription') = (frequency is not null))
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_once" ON "bill_payments" USING btree ("bill_id","due_date");--> statement-breakpoint
CREATE INDEX "bill_payments_paid_on_index" ON "bill_payments" USING btree ("paid_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bills_status_due_date_index" ON "bills" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "bills_due_date_id_index" ON "bills" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "bills_amount_id_index" ON "bills" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "bills_service_type_due_date_index" ON "bills" USING btree ("service_type","due_date");--> statement-breakpoint
CREATE INDEX "bills_bill_type_due_date_index" ON "bills" USING btree ("bill_type","due_date");--> statement-breakpoint
CREATE INDEX "bills_vehicle_id_index" ON "bills" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "bills_search_trgm" ON "bills" USING gin ((name || ' ' || vendor || ' ' || account_number) gin_trgm_ops);