CREATE TABLE "ifta_day_totals" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"miles" numeric(14, 1) NOT NULL,
	"loads" integer NOT NULL,
	CONSTRAINT "ifta_day_totals_day_kind_key_pk" PRIMARY KEY("day","kind","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_day_subject_totals" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"direction" "ledger_direction" NOT NULL,
	"category" "ledger_category" NOT NULL,
	"voided" boolean NOT NULL,
	"entries" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "ledger_day_subject_totals_day_dim_subject_id_direction_category_voided_pk" PRIMARY KEY("day","dim","subject_id","direction","category","voided")
);
--> statement-breakpoint
CREATE TABLE "load_day_totals" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"status" "load_status" NOT NULL,
	"loads" integer NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"mile_revenue" numeric(16, 2) NOT NULL,
	"miles" numeric(14, 1) NOT NULL,
	"driver_pay" numeric(16, 2) NOT NULL,
	"started" integer NOT NULL,
	"pickup_on_time" integer NOT NULL,
	"delivered" integer NOT NULL,
	"delivery_on_time" integer NOT NULL,
	"transit_seconds" numeric(20, 3) NOT NULL,
	"transit_loads" integer NOT NULL,
	"empty_miles" numeric(14, 1) NOT NULL,
	"empty_loads" integer NOT NULL,
	CONSTRAINT "load_day_totals_dim_day_subject_id_status_pk" PRIMARY KEY("dim","day","subject_id","status")
);
--> statement-breakpoint
CREATE TABLE "vehicle_busy_months" (
	"month" date NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "vehicle_busy_months_month_vehicle_id_pk" PRIMARY KEY("month","vehicle_id")
);
