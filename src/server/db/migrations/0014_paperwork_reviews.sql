CREATE TYPE "public"."paperwork_review_status" AS ENUM('verified', 'rejected');--> statement-breakpoint
CREATE TABLE "load_paperwork_reviews" (
	"load_id" uuid PRIMARY KEY NOT NULL,
	"status" "paperwork_review_status",
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"requested_by" text,
	"requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "load_paperwork_reviews" ADD CONSTRAINT "load_paperwork_reviews_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_paperwork_reviews" ADD CONSTRAINT "load_paperwork_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_paperwork_reviews" ADD CONSTRAINT "load_paperwork_reviews_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_paperwork_reviews_status_reviewed_at_index" ON "load_paperwork_reviews" USING btree ("status","reviewed_at");