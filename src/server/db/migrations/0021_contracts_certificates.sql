CREATE TYPE "public"."certificate_direction" AS ENUM('company', 'received');--> statement-breakpoint
CREATE TYPE "public"."certificate_party" AS ENUM('owner_operator', 'vendor', 'other');--> statement-breakpoint
CREATE TYPE "public"."certificate_holder_kind" AS ENUM('customer', 'broker', 'other');--> statement-breakpoint
CREATE TYPE "public"."certificate_request_status" AS ENUM('requested', 'issued', 'sent');--> statement-breakpoint
CREATE TYPE "public"."contract_event_kind" AS ENUM('created', 'sent', 'link_revoked', 'viewed', 'signed', 'account_created', 'expired');--> statement-breakpoint
CREATE TYPE "public"."contract_status" AS ENUM('draft', 'sent', 'signed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."contract_type" AS ENUM('employment', 'lease', 'independent', 'custom');--> statement-breakpoint
CREATE TABLE "certificate_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_name" text NOT NULL,
	"holder_kind" "certificate_holder_kind" NOT NULL,
	"customer_id" uuid,
	"holder_email" text DEFAULT '' NOT NULL,
	"holder_address" text DEFAULT '' NOT NULL,
	"certificate_id" uuid,
	"requested_on" date NOT NULL,
	"status" "certificate_request_status" DEFAULT 'requested' NOT NULL,
	"file_id" uuid,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"direction" "certificate_direction" NOT NULL,
	"party_kind" "certificate_party",
	"party_name" text DEFAULT '' NOT NULL,
	"insured_name" text NOT NULL,
	"producer_name" text NOT NULL,
	"producer_address" text DEFAULT '' NOT NULL,
	"producer_contact" text DEFAULT '' NOT NULL,
	"insurers" jsonb NOT NULL,
	"policies" jsonb NOT NULL,
	"expires_on" date,
	"file_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" "contract_event_kind" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_name" text,
	"ip" text,
	"user_agent" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"type" "contract_type" PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"type" "contract_type" NOT NULL,
	"driver_id" uuid,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"starts_on" date,
	"expires_on" date,
	"content" text NOT NULL,
	"attachment_file_id" uuid,
	"status" "contract_status" DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_name" text,
	"signed_ip" text,
	"signed_user_agent" text,
	"content_sha256" text,
	"signature_file_id" uuid,
	"signed_pdf_file_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_certificate_id_insurance_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."insurance_certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_certificates" ADD CONSTRAINT "insurance_certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_links" ADD CONSTRAINT "contract_links_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_links" ADD CONSTRAINT "contract_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_signed_pdf_file_id_files_id_fk" FOREIGN KEY ("signed_pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_requests_status_index" ON "certificate_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "certificate_requests_requested_on_index" ON "certificate_requests" USING btree ("requested_on");--> statement-breakpoint
CREATE INDEX "certificate_requests_certificate_id_index" ON "certificate_requests" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "certificate_requests_customer_id_index" ON "certificate_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "certificate_requests_search_trgm" ON "certificate_requests" USING gin ((holder_name || ' ' || holder_email) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "insurance_certificates_direction_expires_on_index" ON "insurance_certificates" USING btree ("direction","expires_on");--> statement-breakpoint
CREATE INDEX "insurance_certificates_expires_on_index" ON "insurance_certificates" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "insurance_certificates_created_at_index" ON "insurance_certificates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "insurance_certificates_search_trgm" ON "insurance_certificates" USING gin ((insured_name || ' ' || producer_name || ' ' || party_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contract_events_contract_id_at_index" ON "contract_events" USING btree ("contract_id","at");--> statement-breakpoint
CREATE INDEX "contract_links_contract_id_index" ON "contract_links" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contracts_status_updated_at_index" ON "contracts" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "contracts_updated_at_index" ON "contracts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "contracts_expires_on_index" ON "contracts" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "contracts_type_index" ON "contracts" USING btree ("type");--> statement-breakpoint
CREATE INDEX "contracts_driver_id_index" ON "contracts" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "contracts_search_trgm" ON "contracts" USING gin ((title || ' ' || signer_name || ' ' || signer_email) gin_trgm_ops);