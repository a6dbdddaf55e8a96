-- Every stored notification is announced on "lms_notifications" ("<recipient id> <notification id>")
-- in the inserting statement's transaction, so the events stream of every app instance hears it at
-- commit (issue 16). Statement-level: one trigger call per insert, one NOTIFY per row.
CREATE FUNCTION "notifications_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lms_notifications', n."recipient_id" || ' ' || n."id"::text) FROM "new_rows" n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_announced" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notifications_announce"();
