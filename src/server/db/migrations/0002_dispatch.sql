CREATE TYPE "public"."time_off_status" AS ENUM('pending', 'approved', 'denied', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."pay_type" AS ENUM('percentage', 'fixed', 'per_mile');--> statement-breakpoint
CREATE TYPE "public"."vehicle_status" AS ENUM('active', 'in_maintenance', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."load_file_kind" AS ENUM('rate_confirmation', 'bol', 'pod', 'other');--> statement-breakpoint
CREATE TYPE "public"."load_status" AS ENUM('pending', 'assigned', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."stop_type" AS ENUM('pickup', 'delivery');--> statement-breakpoint
CREATE SEQUENCE "public"."load_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "time_off_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"status" time_off_status DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"trailer_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trailers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"type" text DEFAULT 'dry_van' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"vin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trailers_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_number" text NOT NULL,
	"plate_number" text DEFAULT '' NOT NULL,
	"plate_state" text DEFAULT '' NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"year" integer,
	"vin" text,
	"status" "vehicle_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_unitNumber_unique" UNIQUE("unit_number")
);
--> statement-breakpoint
CREATE TABLE "bol_upload_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"uploads" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bol_upload_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "load_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" "load_file_kind" NOT NULL,
	"uploaded_via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_interests" (
	"load_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_interests_load_id_driver_id_pk" PRIMARY KEY("load_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "load_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"from_status" "load_status",
	"to_status" "load_status" NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"type" "stop_type" NOT NULL,
	"location_name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight_lbs" numeric(10, 1),
	"base_rate" numeric(12, 2) NOT NULL,
	"lumper_fee" numeric(12, 2),
	"detention" numeric(12, 2),
	"other_charges" numeric(12, 2),
	"total_rate" numeric(12, 2) NOT NULL,
	"customer_rate" numeric(12, 2),
	"loaded_miles" numeric(10, 1),
	"customer_id" uuid,
	"driver_id" uuid,
	"vehicle_id" uuid,
	"trailer_id" uuid,
	"status" "load_status" DEFAULT 'pending' NOT NULL,
	"fuel_used_gallons" numeric(10, 1),
	"pay_type" "pay_type",
	"pay_rate" numeric(12, 2),
	"driver_pay" numeric(12, 2),
	"pay_from_driver_default" boolean DEFAULT false NOT NULL,
	"posted_to_board" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"pickup_city" text NOT NULL,
	"pickup_state" text NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"delivery_city" text NOT NULL,
	"delivery_state" text NOT NULL,
	"delivery_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loads_loadNumber_unique" UNIQUE("load_number")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"data" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "manual_status" "driver_status" DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "default_pay_type" "pay_type";--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "default_pay_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_assignments" ADD CONSTRAINT "asset_assignments_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_assignments" ADD CONSTRAINT "asset_assignments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_assignments" ADD CONSTRAINT "asset_assignments_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_assignments" ADD CONSTRAINT "asset_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bol_upload_links" ADD CONSTRAINT "bol_upload_links_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bol_upload_links" ADD CONSTRAINT "bol_upload_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_files" ADD CONSTRAINT "load_files_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_files" ADD CONSTRAINT "load_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_interests" ADD CONSTRAINT "load_interests_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_interests" ADD CONSTRAINT "load_interests_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_status_events" ADD CONSTRAINT "load_status_events_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_status_events" ADD CONSTRAINT "load_status_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_stops" ADD CONSTRAINT "load_stops_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_off_requests_driver_id_start_date_index" ON "time_off_requests" USING btree ("driver_id","start_date");--> statement-breakpoint
CREATE INDEX "time_off_requests_status_start_date_index" ON "time_off_requests" USING btree ("status","start_date");--> statement-breakpoint
CREATE INDEX "time_off_requests_start_date_end_date_index" ON "time_off_requests" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_assignments_open_driver" ON "asset_assignments" USING btree ("driver_id") WHERE ended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_assignments_open_vehicle" ON "asset_assignments" USING btree ("vehicle_id") WHERE ended_at is null and vehicle_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_assignments_open_trailer" ON "asset_assignments" USING btree ("trailer_id") WHERE ended_at is null and trailer_id is not null;--> statement-breakpoint
CREATE INDEX "asset_assignments_driver_id_started_at_index" ON "asset_assignments" USING btree ("driver_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vehicles_status_index" ON "vehicles" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bol_upload_links_load_id_index" ON "bol_upload_links" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "load_files_load_id_index" ON "load_files" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "load_interests_driver_id_index" ON "load_interests" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "load_status_events_load_id_created_at_index" ON "load_status_events" USING btree ("load_id","created_at");--> statement-breakpoint
CREATE INDEX "load_stops_load_id_sequence_index" ON "load_stops" USING btree ("load_id","sequence");--> statement-breakpoint
CREATE INDEX "loads_pickup_at_id_index" ON "loads" USING btree ("pickup_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "loads_status_pickup_at_index" ON "loads" USING btree ("status","pickup_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_driver_id_pickup_at_index" ON "loads" USING btree ("driver_id","pickup_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_customer_id_pickup_at_index" ON "loads" USING btree ("customer_id","pickup_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_delivery_at_index" ON "loads" USING btree ("delivery_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_created_at_index" ON "loads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_board" ON "loads" USING btree ("pickup_at") WHERE posted_to_board and status = 'pending' and driver_id is null;--> statement-breakpoint
CREATE INDEX "loads_search_trgm" ON "loads" USING gin ((load_number || ' ' || pickup_city || ' ' || delivery_city) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_created_at_index" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_recipient_id_created_at_index" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST);