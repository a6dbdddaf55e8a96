CREATE TABLE "automated_notifications" (
	"event" text PRIMARY KEY NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recipient_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"audience" jsonb NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "source" text DEFAULT 'hub' NOT NULL;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "notification_kind" text;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "email_kinds" text[];--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "sms_kinds" text[];--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_groups_name_key" ON "recipient_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "communications_source_created_at_index" ON "communications" USING btree ("source","created_at" DESC NULLS LAST);