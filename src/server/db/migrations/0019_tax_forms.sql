CREATE TABLE "tax_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"box1" numeric(12, 2) NOT NULL,
	"box4" numeric(12, 2) NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" text,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_forms_tax_year_driver_id_issued_at_index" ON "tax_forms" USING btree ("tax_year","driver_id","issued_at" DESC NULLS LAST);