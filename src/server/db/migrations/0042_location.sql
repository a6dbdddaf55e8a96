CREATE TABLE "geo_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"geocoder" text,
	"geocoder_url" text DEFAULT '' NOT NULL,
	"geocoder_key_sealed" text,
	"router" text,
	"router_url" text DEFAULT '' NOT NULL,
	"router_key_sealed" text,
	"circuity_factor" numeric(4, 2) DEFAULT '1.18' NOT NULL,
	"telematics" text,
	"telematics_url" text DEFAULT '' NOT NULL,
	"telematics_key_sealed" text,
	"tile_style_url" text DEFAULT '' NOT NULL,
	"geofence_radius_miles" numeric(4, 2) DEFAULT '0.5' NOT NULL,
	"position_retention_days" integer DEFAULT 180 NOT NULL,
	"sharing_interval_seconds" integer DEFAULT 45 NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geo_settings_one_row" CHECK (id = 1),
	CONSTRAINT "geo_settings_circuity" CHECK (circuity_factor between 1 and 2),
	CONSTRAINT "geo_settings_radius" CHECK (geofence_radius_miles between 0.1 and 5),
	CONSTRAINT "geo_settings_retention" CHECK (position_retention_days between 7 and 1095),
	CONSTRAINT "geo_settings_interval" CHECK (sharing_interval_seconds between 15 and 120)
);
--> statement-breakpoint
CREATE TABLE "driver_location_consents" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"consented_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "last_positions" (
	"unit_key" text PRIMARY KEY NOT NULL,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"load_id" uuid,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" real,
	"speed_mps" real,
	"heading" smallint,
	"recorded_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_routes" (
	"load_id" uuid NOT NULL,
	"leg" text NOT NULL,
	"polyline6" text NOT NULL,
	"engine" text NOT NULL,
	"miles" numeric(10, 1) NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_routes_load_id_leg_pk" PRIMARY KEY("load_id","leg"),
	CONSTRAINT "load_routes_leg" CHECK ("load_routes"."leg" in ('loaded', 'empty'))
);
--> statement-breakpoint
CREATE TABLE "load_tracking" (
	"load_id" uuid PRIMARY KEY NOT NULL,
	"next_stop_id" uuid,
	"remaining_miles" numeric(10, 1),
	"eta_at" timestamp with time zone,
	"eta_basis" text,
	"avg_speed_mph" numeric(5, 1),
	"hos_buffer_minutes" integer,
	"late" boolean DEFAULT false NOT NULL,
	"late_notified_stop_id" uuid,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stop_geofence_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"stop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stop_geofence_events_kind" CHECK ("stop_geofence_events"."kind" in ('arrived', 'departed')),
	CONSTRAINT "stop_geofence_events_status" CHECK ("stop_geofence_events"."status" in ('proposed', 'confirmed', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "geo_precision" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "geo_source" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "geo_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "geocoded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "telematics_id" text;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD COLUMN "geo_precision" text;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD COLUMN "geo_source" text;--> statement-breakpoint
ALTER TABLE "load_jurisdiction_miles" ADD COLUMN "leg" text DEFAULT 'loaded' NOT NULL;--> statement-breakpoint
ALTER TABLE "load_jurisdiction_miles" ADD COLUMN "source" text DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "load_jurisdiction_miles" DROP CONSTRAINT "load_jurisdiction_miles_load_id_jurisdiction_pk";--> statement-breakpoint
ALTER TABLE "load_jurisdiction_miles" ADD CONSTRAINT "load_jurisdiction_miles_load_id_leg_jurisdiction_pk" PRIMARY KEY("load_id","leg","jurisdiction");--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "geo_precision" text;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "geo_source" text;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "geo_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "load_stops" ADD COLUMN "geocoded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "empty_miles" numeric(10, 1);--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "miles_source" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "miles_engine" text;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "miles_override_reason" text;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "miles_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "miles_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "empty_from_load_id" uuid;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "geo_precision" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "geo_source" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "geo_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "geocoded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_location_consents" ADD CONSTRAINT "driver_location_consents_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_positions" ADD CONSTRAINT "last_positions_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_positions" ADD CONSTRAINT "last_positions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_positions" ADD CONSTRAINT "last_positions_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_routes" ADD CONSTRAINT "load_routes_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_tracking" ADD CONSTRAINT "load_tracking_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_tracking" ADD CONSTRAINT "load_tracking_next_stop_id_load_stops_id_fk" FOREIGN KEY ("next_stop_id") REFERENCES "public"."load_stops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_geofence_events" ADD CONSTRAINT "stop_geofence_events_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_geofence_events" ADD CONSTRAINT "stop_geofence_events_stop_id_load_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."load_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_geofence_events" ADD CONSTRAINT "stop_geofence_events_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "last_positions_vehicle_id_index" ON "last_positions" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "last_positions_driver_id_index" ON "last_positions" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "last_positions_load_id_index" ON "last_positions" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "last_positions_recorded_at_index" ON "last_positions" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "stop_geofence_events_stop_id_kind_index" ON "stop_geofence_events" USING btree ("stop_id","kind");--> statement-breakpoint
CREATE INDEX "stop_geofence_events_load_id_at_index" ON "stop_geofence_events" USING btree ("load_id","at");--> statement-breakpoint
CREATE INDEX "customers_geo_pending" ON "customers" USING btree ("id") WHERE geo_status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_telematics_id_unique" ON "vehicles" USING btree ("telematics_id") WHERE telematics_id is not null;--> statement-breakpoint
CREATE INDEX "load_stops_geo_pending" ON "load_stops" USING btree ("id") WHERE geo_status = 'pending';--> statement-breakpoint
CREATE INDEX "loads_driver_delivery" ON "loads" USING btree ("driver_id","delivery_at" DESC NULLS LAST) WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "loads_miles_pending" ON "loads" USING btree ("id") WHERE miles_status = 'pending';--> statement-breakpoint
CREATE INDEX "locations_geo_pending" ON "locations" USING btree ("id") WHERE geo_status = 'pending';--> statement-breakpoint
ALTER TABLE "load_jurisdiction_miles" ADD CONSTRAINT "load_jurisdiction_miles_leg" CHECK ("load_jurisdiction_miles"."leg" in ('loaded', 'empty'));--> statement-breakpoint
ALTER TABLE "load_jurisdiction_miles" ADD CONSTRAINT "load_jurisdiction_miles_source" CHECK ("load_jurisdiction_miles"."source" in ('recorded', 'gps', 'routed', 'estimated'));--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_miles_source" CHECK (miles_source in ('none', 'manual', 'estimated', 'routed', 'override'));--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_miles_status" CHECK (miles_status in ('current', 'pending', 'unplaceable'));--> statement-breakpoint
-- Backfill (hand-written): miles typed before issue 40 stay as they are, marked "manual"; addresses of
-- loads finished more than 90 days ago are history the geocoding job skips; the rest it places.
UPDATE "loads" SET "miles_source" = 'manual', "miles_status" = 'current' WHERE "loaded_miles" IS NOT NULL;--> statement-breakpoint
UPDATE "load_stops" SET "geo_status" = 'skipped' WHERE "load_id" IN (SELECT "id" FROM "loads" WHERE "status" IN ('completed', 'cancelled') AND "delivery_at" < now() - interval '90 days');
