-- Every position a phone or an ELD/GPS unit reports (issue 40, decision 052). Hand-written: Drizzle
-- cannot declare a partitioned table. Partitioned by month on the device time so retention drops whole
-- months; the nightly tracking job creates the coming months' partitions, rows outside them land in
-- the DEFAULT partition. The primary key (source, subject, device time) makes a replayed batch a no-op.
-- No foreign keys: ingestion speed; the ids are checked by the service before the insert.
CREATE TABLE "vehicle_positions" (
	"source" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"driver_id" uuid,
	"vehicle_id" uuid,
	"load_id" uuid,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" real,
	"speed_mps" real,
	"heading" smallint,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_positions_pk" PRIMARY KEY ("source", "subject_id", "recorded_at"),
	CONSTRAINT "vehicle_positions_source" CHECK ("source" in ('phone', 'samsara', 'motive')),
	CONSTRAINT "vehicle_positions_latitude" CHECK ("latitude" between -90 and 90),
	CONSTRAINT "vehicle_positions_longitude" CHECK ("longitude" between -180 and 180)
) PARTITION BY RANGE ("recorded_at");--> statement-breakpoint
CREATE TABLE "vehicle_positions_default" PARTITION OF "vehicle_positions" DEFAULT;--> statement-breakpoint
CREATE INDEX "vehicle_positions_vehicle" ON "vehicle_positions" ("vehicle_id", "recorded_at" DESC);--> statement-breakpoint
CREATE INDEX "vehicle_positions_driver" ON "vehicle_positions" ("driver_id", "recorded_at" DESC);--> statement-breakpoint
CREATE INDEX "vehicle_positions_load" ON "vehicle_positions" ("load_id", "recorded_at") WHERE "load_id" IS NOT NULL;--> statement-breakpoint
DO $$
DECLARE
	m date := date_trunc('month', now() - interval '1 month')::date;
BEGIN
	FOR i IN 0..3 LOOP
		EXECUTE format(
			'CREATE TABLE IF NOT EXISTS %I PARTITION OF vehicle_positions FOR VALUES FROM (%L) TO (%L)',
			'vehicle_positions_' || to_char(m + (i || ' month')::interval, 'YYYYMM'),
			m + (i || ' month')::interval,
			m + ((i + 1) || ' month')::interval
		);
	END LOOP;
END $$;
