CREATE TYPE "public"."worker_type" AS ENUM('company', 'contractor');--> statement-breakpoint
CREATE TYPE "public"."pay_frequency" AS ENUM('weekly', 'biweekly', 'semimonthly', 'monthly');--> statement-breakpoint
CREATE TYPE "public"."percentage_base" AS ENUM('line_haul', 'line_haul_fuel', 'total');--> statement-breakpoint
CREATE TYPE "public"."settlement_line_kind" AS ENUM('load', 'carry_forward', 'carried_over', 'detention', 'layover', 'bonus', 'reimbursement_tolls', 'reimbursement_lumper', 'reimbursement_parking', 'reimbursement_repairs', 'escrow_return', 'fuel_advance', 'cash_advance', 'fuel_card', 'citation', 'escrow', 'truck_lease', 'insurance', 'eld', 'backup_withholding', 'adjustment', 'other');--> statement-breakpoint
CREATE TYPE "public"."settlement_line_section" AS ENUM('earning', 'addition', 'deduction');--> statement-breakpoint
CREATE TYPE "public"."settlement_status" AS ENUM('draft', 'approved', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."standing_deduction_kind" AS ENUM('escrow', 'truck_lease', 'insurance', 'eld', 'fuel_advance', 'cash_advance', 'other');--> statement-breakpoint
CREATE SEQUENCE "public"."settlement_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "pay_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"frequency" "pay_frequency" DEFAULT 'weekly' NOT NULL,
	"end_weekday" smallint DEFAULT 0 NOT NULL,
	"percentage_base" "percentage_base" DEFAULT 'total' NOT NULL,
	"charge_back_citations" boolean DEFAULT false NOT NULL,
	"deduct_fuel_card" boolean DEFAULT true NOT NULL,
	"payer_tin" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "pay_settings_one_row" CHECK (id = 1),
	CONSTRAINT "pay_settings_weekday" CHECK (end_weekday between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settlement_id" uuid NOT NULL,
	"section" "settlement_line_section" NOT NULL,
	"kind" "settlement_line_kind" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"load_id" uuid,
	"pay_type" "pay_type",
	"pay_rate" numeric(12, 2),
	"percentage_base" "percentage_base",
	"base_amount" numeric(12, 2),
	"miles" numeric(10, 1),
	"from_driver_default" boolean DEFAULT false NOT NULL,
	"standing_deduction_id" uuid,
	"fuel_entry_id" uuid,
	"citation_id" uuid,
	"carried_from_line_id" uuid,
	"adjusts_settlement_id" uuid,
	"receipt_file_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_lines_amount" CHECK (amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"driver_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" "settlement_status" DEFAULT 'draft' NOT NULL,
	"earnings" numeric(12, 2) DEFAULT '0' NOT NULL,
	"additions" numeric(12, 2) DEFAULT '0' NOT NULL,
	"deductions" numeric(12, 2) DEFAULT '0' NOT NULL,
	"net" numeric(12, 2) DEFAULT '0' NOT NULL,
	"load_count" integer DEFAULT 0 NOT NULL,
	"missing_pay" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"paid_on" date,
	"pay_method" "ledger_payment_method",
	"pay_reference" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_number_unique" UNIQUE("number"),
	CONSTRAINT "settlements_period" CHECK (period_start <= period_end),
	CONSTRAINT "settlements_net" CHECK (net >= 0),
	CONSTRAINT "settlements_paid" CHECK ((status = 'paid') = (paid_on is not null))
);
--> statement-breakpoint
CREATE TABLE "standing_deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"kind" "standing_deduction_kind" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"per_period" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2),
	"source" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_deductions_amounts" CHECK (per_period > 0 and (total is null or total > 0))
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "worker_type" "worker_type" DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "mailing_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "mailing_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "mailing_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "mailing_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "tax_forms_econsent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "tax_forms_econsent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "fuel_surcharge" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "pay_settings" ADD CONSTRAINT "pay_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_standing_deduction_id_standing_deductions_id_fk" FOREIGN KEY ("standing_deduction_id") REFERENCES "public"."standing_deductions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_fuel_entry_id_fuel_entries_id_fk" FOREIGN KEY ("fuel_entry_id") REFERENCES "public"."fuel_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_citation_id_citations_id_fk" FOREIGN KEY ("citation_id") REFERENCES "public"."citations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_adjusts_settlement_id_settlements_id_fk" FOREIGN KEY ("adjusts_settlement_id") REFERENCES "public"."settlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_deductions" ADD CONSTRAINT "standing_deductions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_deductions" ADD CONSTRAINT "standing_deductions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_id_section_position_index" ON "settlement_lines" USING btree ("settlement_id","section","position");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_live_load" ON "settlement_lines" USING btree ("load_id") WHERE live and load_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_live_fuel" ON "settlement_lines" USING btree ("fuel_entry_id") WHERE live and fuel_entry_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_live_citation" ON "settlement_lines" USING btree ("citation_id") WHERE live and citation_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_live_carry" ON "settlement_lines" USING btree ("carried_from_line_id") WHERE live and carried_from_line_id is not null;--> statement-breakpoint
CREATE INDEX "settlement_lines_standing_deduction_id_index" ON "settlement_lines" USING btree ("standing_deduction_id") WHERE standing_deduction_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_live_period" ON "settlements" USING btree ("driver_id","period_start") WHERE status <> 'void';--> statement-breakpoint
CREATE INDEX "settlements_period_end_id_index" ON "settlements" USING btree ("period_end" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "settlements_driver_id_period_end_index" ON "settlements" USING btree ("driver_id","period_end" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlements_status_period_end_index" ON "settlements" USING btree ("status","period_end" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlements_paid_on" ON "settlements" USING btree ("paid_on","driver_id") WHERE status = 'paid';--> statement-breakpoint
CREATE INDEX "standing_deductions_driver_id_active_index" ON "standing_deductions" USING btree ("driver_id","active");--> statement-breakpoint
-- Decision 025: an approved or paid settlement cannot change, whatever code path tries. Its lines are
-- frozen; voiding an unpaid settlement only turns its lines' `live` off (freeing their loads).
CREATE FUNCTION settlement_lines_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent settlement_status;
BEGIN
  SELECT status INTO parent FROM settlements WHERE id = coalesce(NEW.settlement_id, OLD.settlement_id);
  IF parent IS NULL OR parent = 'draft' THEN
    RETURN coalesce(NEW, OLD);
  END IF;
  IF TG_OP = 'UPDATE' AND parent = 'void' AND NOT NEW.live
     AND (to_jsonb(NEW) - 'live') = (to_jsonb(OLD) - 'live') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'settlement lines are frozen once the settlement is %', parent USING ERRCODE = 'LMS01';
END $$;--> statement-breakpoint
CREATE TRIGGER settlement_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON settlement_lines
  FOR EACH ROW EXECUTE FUNCTION settlement_lines_frozen();--> statement-breakpoint
CREATE FUNCTION settlements_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'draft' THEN
    RETURN NEW;
  END IF;
  -- The amounts, driver and period of an approved or paid settlement never change.
  IF (NEW.earnings, NEW.additions, NEW.deductions, NEW.net, NEW.driver_id, NEW.period_start, NEW.period_end)
     IS DISTINCT FROM (OLD.earnings, OLD.additions, OLD.deductions, OLD.net, OLD.driver_id, OLD.period_start, OLD.period_end)
     OR OLD.status IN ('paid', 'void') AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'settlement % is %', OLD.number, OLD.status USING ERRCODE = 'LMS01';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER settlements_frozen BEFORE UPDATE ON settlements
  FOR EACH ROW EXECUTE FUNCTION settlements_frozen();--> statement-breakpoint
CREATE FUNCTION settlements_frozen_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement % is %', OLD.number, OLD.status USING ERRCODE = 'LMS01';
END $$;--> statement-breakpoint
CREATE TRIGGER settlements_frozen_delete BEFORE DELETE ON settlements
  FOR EACH ROW WHEN (OLD.status <> 'draft') EXECUTE FUNCTION settlements_frozen_delete();
