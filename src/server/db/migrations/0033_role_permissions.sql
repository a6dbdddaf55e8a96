CREATE TABLE "role_permissions" (
	"role" "role" NOT NULL,
	"permission" text NOT NULL,
	"granted" boolean NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_permissions_role_permission_pk" PRIMARY KEY("role","permission")
);
--> statement-breakpoint
CREATE FUNCTION lms_role_permissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every session of the role re-reads its permissions on its next request, on every instance
  -- (identical notifications in one transaction are delivered once).
  PERFORM pg_notify('lms_auth_changed', user_id) FROM app_users
   WHERE role = (CASE WHEN TG_OP = 'DELETE' THEN OLD.role ELSE NEW.role END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER role_permissions_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION lms_role_permissions_changed();
