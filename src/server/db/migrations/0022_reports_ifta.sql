CREATE TABLE "ifta_tax_rates" (
	"quarter" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"rate" numeric(8, 4) NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ifta_tax_rates_quarter_jurisdiction_pk" PRIMARY KEY("quarter","jurisdiction"),
	CONSTRAINT "ifta_tax_rates_rate" CHECK ("ifta_tax_rates"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "load_jurisdiction_miles" (
	"load_id" uuid NOT NULL,
	"jurisdiction" text NOT NULL,
	"miles" numeric(10, 1) NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_jurisdiction_miles_load_id_jurisdiction_pk" PRIMARY KEY("load_id","jurisdiction"),
	CONSTRAINT "load_jurisdiction_miles_positive" CHECK ("load_jurisdiction_miles"."miles" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ifta_tax_rates" ADD CONSTRAINT "ifta_tax_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_jurisdiction_miles" ADD CONSTRAINT "load_jurisdiction_miles_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_jurisdiction_miles" ADD CONSTRAINT "load_jurisdiction_miles_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loads_vehicle_pickup" ON "loads" USING btree ("vehicle_id","pickup_at");