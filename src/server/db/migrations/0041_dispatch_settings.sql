CREATE TABLE "dispatch_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"load_completion" text DEFAULT 'departure' NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_settings_one_row" CHECK (id = 1),
	CONSTRAINT "dispatch_settings_load_completion" CHECK (load_completion in ('departure', 'pod'))
);
