CREATE TABLE "company_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"usdot" text DEFAULT '' NOT NULL,
	"mc" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"logo_file_id" uuid,
	"updated_by" text,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "company_settings_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lms_company', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "company_settings_announced" AFTER INSERT OR UPDATE OR DELETE ON "company_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "company_settings_announce"();
