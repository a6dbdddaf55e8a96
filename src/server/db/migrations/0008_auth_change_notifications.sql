-- The actor cache (decision 016) keeps resolved sessions in each app instance. Every change that can
-- alter who a session is — the session itself, its user (ban, e-mail, name), app user (role, temporary
-- password), or the driver/customer record linked to the user — announces the user id, and every
-- instance drops that user's cached sessions.
CREATE OR REPLACE FUNCTION lms_notify_auth_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- The column holding the user id: the trigger's argument.
  old_user text;
  new_user text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_user := to_jsonb(OLD) ->> TG_ARGV[0];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_user := to_jsonb(NEW) ->> TG_ARGV[0];
  END IF;
  IF old_user IS NOT NULL THEN
    PERFORM pg_notify('lms_auth_changed', old_user);
  END IF;
  IF new_user IS NOT NULL AND new_user IS DISTINCT FROM old_user THEN
    PERFORM pg_notify('lms_auth_changed', new_user);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION lms_notify_auth_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION lms_notify_auth_changed('id');
--> statement-breakpoint
CREATE TRIGGER app_users_auth_changed AFTER INSERT OR UPDATE OR DELETE ON app_users
  FOR EACH ROW EXECUTE FUNCTION lms_notify_auth_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER drivers_auth_changed AFTER INSERT OR UPDATE OF user_id OR DELETE ON drivers
  FOR EACH ROW EXECUTE FUNCTION lms_notify_auth_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER customers_auth_changed AFTER INSERT OR UPDATE OF user_id OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION lms_notify_auth_changed('user_id');
