CREATE TABLE "assistant_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider" text,
	"model" text DEFAULT '' NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"key_encrypted" text,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_settings_one_row" CHECK (id = 1)
);
