CREATE TABLE "sms_consents" (
	"phone" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"recorded_by_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_quiet_hours" (
	"state" text PRIMARY KEY NOT NULL,
	"start_hour" integer NOT NULL,
	"end_hour" integer NOT NULL,
	"time_zone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communication_recipients" ADD COLUMN "region" text;--> statement-breakpoint
CREATE INDEX "sms_consents_status_index" ON "sms_consents" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sms_consents_recorded_at_index" ON "sms_consents" USING btree ("recorded_at" DESC NULLS LAST);--> statement-breakpoint
-- States with stricter hours for text messages than the 8:00–21:00 default (their telephone
-- solicitation laws); the blast holds a text until the recipient's window opens.
INSERT INTO "sms_quiet_hours" ("state", "start_hour", "end_hour", "time_zone", "note") VALUES
  ('FL', 8, 20, 'America/New_York', 'Florida Telephone Solicitation Act: 8 am to 8 pm'),
  ('OK', 8, 20, 'America/Chicago', 'Oklahoma Telephone Solicitation Act: 8 am to 8 pm'),
  ('MD', 8, 20, 'America/New_York', 'Maryland Stop the Spam Calls Act: 8 am to 8 pm'),
  ('WA', 8, 20, 'America/Los_Angeles', 'Washington RCW 80.36.390: 8 am to 8 pm');
