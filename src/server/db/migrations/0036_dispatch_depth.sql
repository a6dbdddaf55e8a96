CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"customer_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"screen" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "load_stops" ALTER COLUMN "contact_name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "load_stops" ALTER COLUMN "contact_phone" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "detention_free_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "detention_rate" numeric(12, 2) DEFAULT '75.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "appointment_kind" text DEFAULT 'appointment' NOT NULL;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "scheduled_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "reference_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "po_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "departed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "detention_minutes" integer;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "detention_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "detention_status" text;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "equipment_type" text;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "commodity" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "temp_min_f" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "temp_max_f" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "piece_count" integer;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "pallet_count" integer;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "po_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "bol_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_customer_id_index" ON "locations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "locations_name_lower" ON "locations" USING btree (lower(name));--> statement-breakpoint
CREATE INDEX "locations_search_trgm" ON "locations" USING gin ((name || ' ' || address || ' ' || city || ' ' || state || ' ' || postal_code) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "saved_views_user_id_screen_name_index" ON "saved_views" USING btree ("user_id","screen","name");--> statement-breakpoint
ALTER TABLE "load_stops" ADD CONSTRAINT "load_stops_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_stops_location_id_index" ON "load_stops" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "load_stops" ADD CONSTRAINT "load_stops_appointment_kind" CHECK ("load_stops"."appointment_kind" in ('appointment', 'window', 'fcfs'));--> statement-breakpoint
ALTER TABLE "load_stops" ADD CONSTRAINT "load_stops_detention_status" CHECK ("load_stops"."detention_status" is null or "load_stops"."detention_status" in ('proposed', 'accepted', 'dismissed'));