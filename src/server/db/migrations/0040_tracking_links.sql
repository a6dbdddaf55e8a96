CREATE TABLE "load_tracking_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"source" text NOT NULL,
	"sent_to" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	CONSTRAINT "load_tracking_links_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "load_tracking_links_source" CHECK ("load_tracking_links"."source" in ('dispatch', 'portal'))
);
--> statement-breakpoint
ALTER TABLE "load_tracking_links" ADD CONSTRAINT "load_tracking_links_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_tracking_links" ADD CONSTRAINT "load_tracking_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_tracking_links_load_id_created_at_index" ON "load_tracking_links" USING btree ("load_id","created_at");