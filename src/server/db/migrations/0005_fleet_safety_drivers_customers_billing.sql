CREATE TYPE "public"."driver_document_kind" AS ENUM('license_front', 'license_back', 'medical_card', 'insurance_card', 'other');--> statement-breakpoint
CREATE TYPE "public"."vehicle_fuel_type" AS ENUM('diesel', 'gasoline', 'electric', 'hybrid');--> statement-breakpoint
CREATE TYPE "public"."fuel_entry_type" AS ENUM('diesel', 'unleaded', 'def');--> statement-breakpoint
CREATE TYPE "public"."inspection_asset_type" AS ENUM('vehicle', 'trailer');--> statement-breakpoint
CREATE TYPE "public"."inspection_status" AS ENUM('pass', 'needs_repair', 'fail');--> statement-breakpoint
CREATE TYPE "public"."inspection_type" AS ENUM('pre_trip', 'post_trip', 'annual', 'other');--> statement-breakpoint
CREATE TYPE "public"."invoice_line_kind" AS ENUM('line_haul', 'lumper', 'detention', 'other');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'sent', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('ach', 'check', 'wire', 'card', 'cash', 'other');--> statement-breakpoint
CREATE TYPE "public"."load_request_status" AS ENUM('pending', 'accepted', 'declined');--> statement-breakpoint
CREATE TYPE "public"."maintenance_item_status" AS ENUM('open', 'completed');--> statement-breakpoint
CREATE TYPE "public"."maintenance_source" AS ENUM('manual', 'inspection');--> statement-breakpoint
CREATE TYPE "public"."parking_payment_method" AS ENUM('card', 'cash', 'mobile_app', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."accident_entry_kind" AS ENUM('created', 'note', 'status', 'updated', 'image_added', 'image_removed');--> statement-breakpoint
CREATE TYPE "public"."citation_status" AS ENUM('open', 'paid', 'disputed', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."claim_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."toll_source" AS ENUM('manual', 'import');--> statement-breakpoint
CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."load_request_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."accident_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "customer_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"load_id" uuid NOT NULL,
	"punctuality" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"safety" smallint NOT NULL,
	"equipment_care" smallint NOT NULL,
	"overall" numeric(3, 2) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"rated_by" text,
	"rated_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_ratings_loadId_unique" UNIQUE("load_id"),
	CONSTRAINT "driver_ratings_scores" CHECK ("driver_ratings"."punctuality" between 1 and 5 and "driver_ratings"."communication" between 1 and 5 and "driver_ratings"."safety" between 1 and 5 and "driver_ratings"."equipment_care" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "driver_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" "driver_document_kind" NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid,
	"trailer_id" uuid,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"expires_on" date,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_documents_one_asset" CHECK (num_nonnulls(vehicle_id, trailer_id) = 1)
);
--> statement-breakpoint
CREATE TABLE "fuel_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"fueled_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"state" text NOT NULL,
	"odometer" integer NOT NULL,
	"fuel_type" "fuel_entry_type" NOT NULL,
	"gallons" numeric(10, 3) NOT NULL,
	"price_per_gallon" numeric(8, 3) NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"receipt_file_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fuel_entries_positive" CHECK (gallons > 0 and price_per_gallon > 0 and total_amount > 0)
);
--> statement-breakpoint
CREATE TABLE "inspection_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_type" "inspection_asset_type" NOT NULL,
	"vehicle_id" uuid,
	"trailer_id" uuid,
	"type" "inspection_type" NOT NULL,
	"overall_status" "inspection_status" NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	"inspector_name" text NOT NULL,
	"driver_id" uuid,
	"odometer" integer,
	"location" text DEFAULT '' NOT NULL,
	"checklist" jsonb NOT NULL,
	"failed_items" integer DEFAULT 0 NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_one_asset" CHECK ((asset_type = 'vehicle' and vehicle_id is not null and trailer_id is null) or (asset_type = 'trailer' and trailer_id is not null and vehicle_id is null))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"load_id" uuid,
	"load_number" text,
	"kind" "invoice_line_kind" NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_loads" (
	"invoice_id" uuid NOT NULL,
	"load_id" uuid NOT NULL,
	"released" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"bill_to_company" text NOT NULL,
	"bill_to_name" text NOT NULL,
	"bill_to_email" text,
	"bill_to_phone" text,
	"bill_to_address" text,
	"total" numeric(12, 2) NOT NULL,
	"amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoiceNumber_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
CREATE TABLE "load_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"requested_by" text,
	"pickup_location_name" text NOT NULL,
	"pickup_address" text NOT NULL,
	"pickup_city" text NOT NULL,
	"pickup_state" text NOT NULL,
	"pickup_postal_code" text DEFAULT '' NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"pickup_contact_name" text NOT NULL,
	"pickup_contact_phone" text NOT NULL,
	"delivery_location_name" text NOT NULL,
	"delivery_address" text NOT NULL,
	"delivery_city" text NOT NULL,
	"delivery_state" text NOT NULL,
	"delivery_postal_code" text DEFAULT '' NOT NULL,
	"delivery_at" timestamp with time zone NOT NULL,
	"delivery_contact_name" text NOT NULL,
	"delivery_contact_phone" text NOT NULL,
	"commodity" text NOT NULL,
	"weight_lbs" numeric(10, 1),
	"equipment_type" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" "load_request_status" DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"decline_reason" text,
	"load_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_requests_requestNumber_unique" UNIQUE("request_number")
);
--> statement-breakpoint
CREATE TABLE "maintenance_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid,
	"trailer_id" uuid,
	"service_type" text NOT NULL,
	"status" "maintenance_item_status" DEFAULT 'open' NOT NULL,
	"source" "maintenance_source" DEFAULT 'manual' NOT NULL,
	"inspection_id" uuid,
	"service_date" date DEFAULT current_date NOT NULL,
	"odometer" integer,
	"cost" numeric(12, 2),
	"vendor" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"receipt_file_id" uuid,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_records_one_asset" CHECK (num_nonnulls(vehicle_id, trailer_id) = 1)
);
--> statement-breakpoint
CREATE TABLE "maintenance_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"interval_miles" integer,
	"interval_days" integer,
	"last_service_date" date,
	"last_service_odometer" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_schedules_interval" CHECK (num_nonnulls(interval_miles, interval_days) >= 1)
);
--> statement-breakpoint
CREATE TABLE "parking_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location" text NOT NULL,
	"payment_method" "parking_payment_method" NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"date" date NOT NULL,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"receipt_file_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_expenses_positive" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "parking_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_reservations_end_after_start" CHECK (ends_at > starts_at),
	CONSTRAINT "parking_reservations_cost" CHECK (cost >= 0)
);
--> statement-breakpoint
CREATE TABLE "accident_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"accident_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" text,
	"uploaded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accident_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"accident_id" uuid NOT NULL,
	"kind" "accident_entry_kind" NOT NULL,
	"body" text,
	"from_status" "claim_status",
	"to_status" "claim_status",
	"details" jsonb,
	"author_id" text,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"driver_id" uuid,
	"vehicle_id" uuid,
	"trailer_id" uuid,
	"police_report_number" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"injuries" boolean DEFAULT false NOT NULL,
	"claim_amount" numeric(12, 2),
	"claim_status" "claim_status" DEFAULT 'open' NOT NULL,
	"insurer" text DEFAULT '' NOT NULL,
	"claim_number" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accidents_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "citation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"citation_id" uuid NOT NULL,
	"from_status" "citation_status",
	"to_status" "citation_status" NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "citations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"citation_number" text DEFAULT '' NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"violation" text NOT NULL,
	"fine_amount" numeric(12, 2) NOT NULL,
	"status" "citation_status" DEFAULT 'open' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"file_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tolls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"transponder" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"load_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"source" "toll_source" DEFAULT 'manual' NOT NULL,
	"import_file_name" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "license_number" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "license_state" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "license_expiry" date;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "insurance_provider" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "insurance_policy_number" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "insurance_expiry" date;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "medical_card_expiry" date;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "rating_average" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trailers" ADD COLUMN "plate_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trailers" ADD COLUMN "plate_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trailers" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "trailers" ADD COLUMN "last_inspection_on" date;--> statement-breakpoint
ALTER TABLE "trailers" ADD COLUMN "next_inspection_on" date;--> statement-breakpoint
ALTER TABLE "trailers" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trailers" ADD COLUMN "status" "vehicle_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "plate_expires_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "fuel_type" "vehicle_fuel_type" DEFAULT 'diesel' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "insurance_expires_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "last_tire_change_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "mileage" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "transponder" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ratings" ADD CONSTRAINT "driver_ratings_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ratings" ADD CONSTRAINT "driver_ratings_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ratings" ADD CONSTRAINT "driver_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_documents" ADD CONSTRAINT "fleet_documents_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_documents" ADD CONSTRAINT "fleet_documents_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_documents" ADD CONSTRAINT "fleet_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_documents" ADD CONSTRAINT "fleet_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_images" ADD CONSTRAINT "inspection_images_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_images" ADD CONSTRAINT "inspection_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_loads" ADD CONSTRAINT "invoice_loads_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_loads" ADD CONSTRAINT "invoice_loads_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_requests" ADD CONSTRAINT "load_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_requests" ADD CONSTRAINT "load_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_requests" ADD CONSTRAINT "load_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_requests" ADD CONSTRAINT "load_requests_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_expenses" ADD CONSTRAINT "parking_expenses_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_expenses" ADD CONSTRAINT "parking_expenses_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_expenses" ADD CONSTRAINT "parking_expenses_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_expenses" ADD CONSTRAINT "parking_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_reservations" ADD CONSTRAINT "parking_reservations_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_reservations" ADD CONSTRAINT "parking_reservations_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_reservations" ADD CONSTRAINT "parking_reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accident_images" ADD CONSTRAINT "accident_images_accident_id_accidents_id_fk" FOREIGN KEY ("accident_id") REFERENCES "public"."accidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accident_images" ADD CONSTRAINT "accident_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accident_images" ADD CONSTRAINT "accident_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accident_notes" ADD CONSTRAINT "accident_notes_accident_id_accidents_id_fk" FOREIGN KEY ("accident_id") REFERENCES "public"."accidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accident_notes" ADD CONSTRAINT "accident_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accidents" ADD CONSTRAINT "accidents_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accidents" ADD CONSTRAINT "accidents_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accidents" ADD CONSTRAINT "accidents_trailer_id_trailers_id_fk" FOREIGN KEY ("trailer_id") REFERENCES "public"."trailers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accidents" ADD CONSTRAINT "accidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citation_events" ADD CONSTRAINT "citation_events_citation_id_citations_id_fk" FOREIGN KEY ("citation_id") REFERENCES "public"."citations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citation_events" ADD CONSTRAINT "citation_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citations" ADD CONSTRAINT "citations_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citations" ADD CONSTRAINT "citations_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citations" ADD CONSTRAINT "citations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tolls" ADD CONSTRAINT "tolls_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tolls" ADD CONSTRAINT "tolls_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tolls" ADD CONSTRAINT "tolls_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tolls" ADD CONSTRAINT "tolls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_contacts_customer_id_sequence_index" ON "customer_contacts" USING btree ("customer_id","sequence");--> statement-breakpoint
CREATE INDEX "driver_ratings_driver_id_created_at_index" ON "driver_ratings" USING btree ("driver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "driver_ratings_created_at_index" ON "driver_ratings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "driver_ratings_overall_index" ON "driver_ratings" USING btree ("overall");--> statement-breakpoint
CREATE INDEX "driver_documents_driver_id_created_at_index" ON "driver_documents" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_documents_single_kind" ON "driver_documents" USING btree ("driver_id","kind") WHERE kind in ('license_front', 'license_back');--> statement-breakpoint
CREATE INDEX "fleet_documents_vehicle_id_index" ON "fleet_documents" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "fleet_documents_trailer_id_index" ON "fleet_documents" USING btree ("trailer_id");--> statement-breakpoint
CREATE INDEX "fuel_entries_fueled_at_id_index" ON "fuel_entries" USING btree ("fueled_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "fuel_entries_driver_id_fueled_at_index" ON "fuel_entries" USING btree ("driver_id","fueled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fuel_entries_vehicle_id_fueled_at_index" ON "fuel_entries" USING btree ("vehicle_id","fueled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fuel_entries_state_fueled_at_index" ON "fuel_entries" USING btree ("state","fueled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fuel_entries_fuel_type_index" ON "fuel_entries" USING btree ("fuel_type");--> statement-breakpoint
CREATE INDEX "fuel_entries_total_amount_index" ON "fuel_entries" USING btree ("total_amount");--> statement-breakpoint
CREATE INDEX "inspection_images_inspection_id_created_at_index" ON "inspection_images" USING btree ("inspection_id","created_at");--> statement-breakpoint
CREATE INDEX "inspections_inspected_at_id_index" ON "inspections" USING btree ("inspected_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inspections_driver_id_inspected_at_index" ON "inspections" USING btree ("driver_id","inspected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspections_vehicle_id_inspected_at_index" ON "inspections" USING btree ("vehicle_id","inspected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspections_trailer_id_inspected_at_index" ON "inspections" USING btree ("trailer_id","inspected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspections_overall_status_inspected_at_index" ON "inspections" USING btree ("overall_status","inspected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspections_type_inspected_at_index" ON "inspections" USING btree ("type","inspected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspections_asset_type_inspected_at_index" ON "inspections" USING btree ("asset_type","inspected_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_id_sequence_index" ON "invoice_lines" USING btree ("invoice_id","sequence");--> statement-breakpoint
CREATE INDEX "invoice_lines_load_number_index" ON "invoice_lines" USING btree ("load_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_loads_live_load" ON "invoice_loads" USING btree ("load_id") WHERE not released;--> statement-breakpoint
CREATE INDEX "invoice_loads_invoice_id_index" ON "invoice_loads" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_loads_load_id_index" ON "invoice_loads" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_id_paid_on_index" ON "invoice_payments" USING btree ("invoice_id","paid_on");--> statement-breakpoint
CREATE INDEX "invoice_payments_paid_on_index" ON "invoice_payments" USING btree ("paid_on");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_id_index" ON "invoices" USING btree ("issue_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "invoices_customer_id_issue_date_index" ON "invoices" USING btree ("customer_id","issue_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_status_due_date_index" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_due_date_index" ON "invoices" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "invoices_total_index" ON "invoices" USING btree ("total");--> statement-breakpoint
CREATE INDEX "invoices_balance" ON "invoices" USING btree ((total - amount_paid));--> statement-breakpoint
CREATE INDEX "invoices_number_trgm" ON "invoices" USING gin (invoice_number gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "load_requests_status_created_at_index" ON "load_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "load_requests_customer_id_created_at_index" ON "load_requests" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "load_requests_created_at_index" ON "load_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "load_requests_pickup_at_index" ON "load_requests" USING btree ("pickup_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "load_requests_load_id_index" ON "load_requests" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "maintenance_records_service_date_id_index" ON "maintenance_records" USING btree ("service_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "maintenance_records_vehicle_id_service_type_service_date_index" ON "maintenance_records" USING btree ("vehicle_id","service_type","service_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_records_trailer_id_service_date_index" ON "maintenance_records" USING btree ("trailer_id","service_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_records_status_service_date_index" ON "maintenance_records" USING btree ("status","service_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_records_service_type_service_date_index" ON "maintenance_records" USING btree ("service_type","service_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_records_cost_id_index" ON "maintenance_records" USING btree ("cost" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "maintenance_records_inspection_id_index" ON "maintenance_records" USING btree ("inspection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_schedules_vehicle_id_service_type_index" ON "maintenance_schedules" USING btree ("vehicle_id","service_type");--> statement-breakpoint
CREATE INDEX "parking_expenses_date_id_index" ON "parking_expenses" USING btree ("date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "parking_expenses_vehicle_id_date_index" ON "parking_expenses" USING btree ("vehicle_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "parking_expenses_driver_id_date_index" ON "parking_expenses" USING btree ("driver_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "parking_expenses_payment_method_index" ON "parking_expenses" USING btree ("payment_method");--> statement-breakpoint
CREATE INDEX "parking_expenses_amount_index" ON "parking_expenses" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "parking_expenses_location_index" ON "parking_expenses" USING btree ("location");--> statement-breakpoint
CREATE INDEX "parking_reservations_starts_at_index" ON "parking_reservations" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "parking_reservations_ends_at_index" ON "parking_reservations" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "parking_reservations_vehicle_id_starts_at_index" ON "parking_reservations" USING btree ("vehicle_id","starts_at");--> statement-breakpoint
CREATE INDEX "parking_reservations_cost_index" ON "parking_reservations" USING btree ("cost");--> statement-breakpoint
CREATE INDEX "accident_images_accident_id_created_at_index" ON "accident_images" USING btree ("accident_id","created_at");--> statement-breakpoint
CREATE INDEX "accident_notes_accident_id_created_at_index" ON "accident_notes" USING btree ("accident_id","created_at");--> statement-breakpoint
CREATE INDEX "accidents_driver_id_occurred_at_index" ON "accidents" USING btree ("driver_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accidents_occurred_at_id_index" ON "accidents" USING btree ("occurred_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "accidents_claim_status_occurred_at_index" ON "accidents" USING btree ("claim_status","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accidents_vehicle_id_occurred_at_index" ON "accidents" USING btree ("vehicle_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accidents_claim_amount_index" ON "accidents" USING btree ("claim_amount");--> statement-breakpoint
CREATE INDEX "citation_events_citation_id_created_at_index" ON "citation_events" USING btree ("citation_id","created_at");--> statement-breakpoint
CREATE INDEX "citations_driver_id_issued_on_index" ON "citations" USING btree ("driver_id","issued_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "citations_issued_on_id_index" ON "citations" USING btree ("issued_on" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "citations_status_due_on_index" ON "citations" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "citations_due_on_index" ON "citations" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "citations_fine_amount_index" ON "citations" USING btree ("fine_amount");--> statement-breakpoint
CREATE INDEX "citations_search_trgm" ON "citations" USING gin ((citation_number || ' ' || violation || ' ' || city || ' ' || state) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tolls_charge_unique" ON "tolls" USING btree ("transponder","occurred_at","amount") WHERE transponder <> '';--> statement-breakpoint
CREATE INDEX "tolls_occurred_at_id_index" ON "tolls" USING btree ("occurred_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tolls_vehicle_id_occurred_at_index" ON "tolls" USING btree ("vehicle_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tolls_driver_id_occurred_at_index" ON "tolls" USING btree ("driver_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tolls_load_id_index" ON "tolls" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "tolls_amount_index" ON "tolls" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "tolls_location_index" ON "tolls" USING btree ("location");--> statement-breakpoint
CREATE INDEX "tolls_unassigned" ON "tolls" USING btree ("occurred_at" DESC NULLS LAST) WHERE vehicle_id is null;--> statement-breakpoint
CREATE INDEX "customers_email_lower_idx" ON "customers" USING btree (lower(email));--> statement-breakpoint
CREATE INDEX "customers_name_index" ON "customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "customers_created_at_index" ON "customers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_payment_terms_days_index" ON "customers" USING btree ("payment_terms_days");--> statement-breakpoint
CREATE INDEX "customers_credit_limit_index" ON "customers" USING btree ("credit_limit");--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ((company_name || ' ' || name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_active_full_name_index" ON "drivers" USING btree ("active","full_name");--> statement-breakpoint
CREATE INDEX "drivers_license_expiry_index" ON "drivers" USING btree ("license_expiry");--> statement-breakpoint
CREATE INDEX "drivers_medical_card_expiry_index" ON "drivers" USING btree ("medical_card_expiry");--> statement-breakpoint
CREATE INDEX "drivers_insurance_expiry_index" ON "drivers" USING btree ("insurance_expiry");--> statement-breakpoint
CREATE INDEX "drivers_hire_date_index" ON "drivers" USING btree ("hire_date");--> statement-breakpoint
CREATE INDEX "drivers_rating_average_index" ON "drivers" USING btree ("rating_average");--> statement-breakpoint
CREATE INDEX "drivers_created_at_index" ON "drivers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "drivers_search_trgm" ON "drivers" USING gin ((full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(license_number, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trailers_type_index" ON "trailers" USING btree ("type");--> statement-breakpoint
CREATE INDEX "trailers_status_index" ON "trailers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "trailers_next_inspection_on_index" ON "trailers" USING btree ("next_inspection_on");--> statement-breakpoint
CREATE UNIQUE INDEX "trailers_vin_unique" ON "trailers" USING btree (upper("vin")) WHERE vin is not null;--> statement-breakpoint
CREATE INDEX "vehicles_plate_expires_on_index" ON "vehicles" USING btree ("plate_expires_on");--> statement-breakpoint
CREATE INDEX "vehicles_insurance_expires_on_index" ON "vehicles" USING btree ("insurance_expires_on");--> statement-breakpoint
CREATE INDEX "vehicles_mileage_index" ON "vehicles" USING btree ("mileage");--> statement-breakpoint
CREATE INDEX "vehicles_make_model_index" ON "vehicles" USING btree ("make","model");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_vin_unique" ON "vehicles" USING btree (upper("vin")) WHERE vin is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_transponder_unique" ON "vehicles" USING btree (upper("transponder")) WHERE transponder is not null;--> statement-breakpoint
CREATE INDEX "loads_completed_by_driver" ON "loads" USING btree ("driver_id","delivered_at") WHERE status = 'completed';