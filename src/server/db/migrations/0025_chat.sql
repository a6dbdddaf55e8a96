CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"sender_id" text,
	"sender_name" text NOT NULL,
	"from_driver" boolean NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"load_id" uuid,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"driver_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"is_driver" boolean NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_reads_driver_id_user_id_pk" PRIMARY KEY("driver_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_driver_id_created_at_id_index" ON "chat_messages" USING btree ("driver_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_from_driver_created_at_index" ON "chat_messages" USING btree ("from_driver","created_at");--> statement-breakpoint
CREATE INDEX "chat_reads_user_id_index" ON "chat_reads" USING btree ("user_id");--> statement-breakpoint
-- Every new chat message and every read is announced on "lms_chat" ("<driver id> message <id>" or
-- "<driver id> read") at commit, so the events stream of every app instance tells the right readers.
CREATE FUNCTION "chat_messages_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lms_chat', m."driver_id"::text || ' message ' || m."id"::text) FROM "new_rows" m;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_announced" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "chat_messages_announce"();
--> statement-breakpoint
CREATE FUNCTION "chat_reads_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lms_chat', NEW."driver_id"::text || ' read');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_reads_announced" AFTER INSERT OR UPDATE ON "chat_reads"
  FOR EACH ROW EXECUTE FUNCTION "chat_reads_announce"();
