CREATE TABLE "communication_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"communication_id" uuid NOT NULL,
	"recipient_kind" text NOT NULL,
	"recipient_id" text,
	"name" text NOT NULL,
	"address" text,
	"status" text NOT NULL,
	"error" text,
	"unsubscribe_hash" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"sender_id" text,
	"sender_name" text NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"attachment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_signature" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communication_recipients" ADD CONSTRAINT "communication_recipients_communication_id_communications_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_recipients_communication_id_index" ON "communication_recipients" USING btree ("communication_id");--> statement-breakpoint
CREATE INDEX "communication_recipients_status_created_at_index" ON "communication_recipients" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "communication_recipients_created_at_index" ON "communication_recipients" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "communication_recipients_unsubscribe_hash_index" ON "communication_recipients" USING btree ("unsubscribe_hash");--> statement-breakpoint
CREATE INDEX "communications_status_scheduled_at_index" ON "communications" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "communications_created_at_index" ON "communications" USING btree ("created_at" DESC NULLS LAST);