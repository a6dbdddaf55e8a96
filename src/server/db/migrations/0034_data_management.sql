CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"error" text,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"notification_days" integer,
	"audit_days" integer,
	"communication_days" integer,
	"backups_enabled" boolean DEFAULT true NOT NULL,
	"backups_kept" integer DEFAULT 14 NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "demo_rows" (
	"table_name" text NOT NULL,
	"pk" jsonb NOT NULL,
	CONSTRAINT "demo_rows_table_name_pk_pk" PRIMARY KEY("table_name","pk")
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_created_at_index" ON "data_exports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_created_at_index" ON "notifications" USING btree ("created_at");