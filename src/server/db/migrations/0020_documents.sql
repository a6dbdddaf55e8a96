CREATE TYPE "public"."company_document_type" AS ENUM('operating_authority', 'usdot_mc_letter', 'irp_cab_card', 'ifta_license', 'ucr', 'insurance_policy', 'w9', 'permit', 'lease', 'other');--> statement-breakpoint
CREATE TABLE "company_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" "company_document_type" NOT NULL,
	"expires_on" date,
	"visible_to_drivers" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_expiry_notices" (
	"owner" text NOT NULL,
	"document_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_expiry_notices_owner_document_id_expires_on_days_before_pk" PRIMARY KEY("owner","document_id","expires_on","days_before")
);
--> statement-breakpoint
ALTER TABLE "driver_documents" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_documents" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_documents_expires_on_index" ON "company_documents" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "company_documents_type_index" ON "company_documents" USING btree ("type");--> statement-breakpoint
CREATE INDEX "company_documents_created_at_index" ON "company_documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "company_documents_name_trgm" ON "company_documents" USING gin (name gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "driver_documents" ADD CONSTRAINT "driver_documents_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Everything already on file was put there by staff: confirmed.
UPDATE "driver_documents" SET "confirmed_at" = "created_at";--> statement-breakpoint
-- A driver's documents waiting for staff (the document centre's "to confirm").
CREATE INDEX "driver_documents_unconfirmed" ON "driver_documents" USING btree ("created_at") WHERE confirmed_at is null;
