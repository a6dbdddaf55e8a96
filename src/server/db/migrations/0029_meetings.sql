CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"agenda" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"provider" text NOT NULL,
	"join_url" text NOT NULL,
	"participants" text[] NOT NULL,
	"reminder_minutes" integer DEFAULT 15 NOT NULL,
	"reminded_at" timestamp with time zone,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetings_starts_at_index" ON "meetings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "meetings_status_starts_at_index" ON "meetings" USING btree ("status","starts_at");