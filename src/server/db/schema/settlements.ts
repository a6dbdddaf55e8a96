import { PAY_FREQUENCIES, PERCENTAGE_BASES } from "@shared/settlements/pay";
import {
  LINE_KINDS,
  LINE_SECTIONS,
  SETTLEMENT_STATUSES,
  STANDING_DEDUCTION_KINDS,
} from "@shared/settlements/settlements.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ledgerPaymentMethodEnum } from "./accounting";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers, payTypeEnum } from "./drivers";
import { fuelEntries } from "./fuel";
import { loads } from "./loads";
import { files } from "./platform";
import { citations } from "./safety";

export const payFrequencyEnum = pgEnum("pay_frequency", PAY_FREQUENCIES);
export const percentageBaseEnum = pgEnum("percentage_base", PERCENTAGE_BASES);
export const settlementStatusEnum = pgEnum("settlement_status", SETTLEMENT_STATUSES);
export const settlementLineSectionEnum = pgEnum("settlement_line_section", LINE_SECTIONS);
export const settlementLineKindEnum = pgEnum("settlement_line_kind", LINE_KINDS);
export const standingDeductionKindEnum = pgEnum("standing_deduction_kind", STANDING_DEDUCTION_KINDS);

/** The company's pay rules: one row (id 1), written by the settlements settings dialog. */
export const paySettings = pgTable(
  "pay_settings",
  {
    id: smallint().primaryKey().default(1),
    frequency: payFrequencyEnum().notNull().default("weekly"),
    /** 0 = Sunday … 6 = Saturday. */
    endWeekday: smallint().notNull().default(0),
    percentageBase: percentageBaseEnum().notNull().default("total"),
    chargeBackCitations: boolean().notNull().default(false),
    deductFuelCard: boolean().notNull().default(true),
    /** The payer's EIN for 1099s (the settings issue moves it to the company profile). */
    payerTin: text().notNull().default(""),
    updatedBy: text().references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }),
  },
  () => [
    check("pay_settings_one_row", sql`id = 1`),
    check("pay_settings_weekday", sql`end_weekday between 0 and 6`),
  ],
);

/** Numbers ST-<n>. */
export const settlementNumberSeq = pgSequence("settlement_number_seq", { startWith: 1001 });

/**
 * A driver's settlement for one pay period (decision 025). Totals are sums of the rounded lines,
 * kept by the service whenever a draft's lines change. Once approved nothing about it changes but
 * its payment (or a void of an unpaid one); one live (not void) settlement per driver and period.
 */
export const settlements = pgTable(
  "settlements",
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull().unique(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "restrict" }),
    periodStart: date({ mode: "string" }).notNull(),
    periodEnd: date({ mode: "string" }).notNull(),
    status: settlementStatusEnum().notNull().default("draft"),
    earnings: numeric({ precision: 12, scale: 2 }).notNull().default("0"),
    additions: numeric({ precision: 12, scale: 2 }).notNull().default("0"),
    deductions: numeric({ precision: 12, scale: 2 }).notNull().default("0"),
    net: numeric({ precision: 12, scale: 2 }).notNull().default("0"),
    loadCount: integer().notNull().default(0),
    missingPay: integer().notNull().default(0),
    notes: text().notNull().default(""),
    approvedAt: timestamp({ withTimezone: true }),
    approvedBy: text().references(() => users.id, { onDelete: "set null" }),
    paidOn: date({ mode: "string" }),
    payMethod: ledgerPaymentMethodEnum(),
    payReference: text().notNull().default(""),
    paidAt: timestamp({ withTimezone: true }),
    paidBy: text().references(() => users.id, { onDelete: "set null" }),
    voidReason: text(),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("settlements_period", sql`period_start <= period_end`),
    check("settlements_net", sql`net >= 0`),
    check("settlements_paid", sql`(status = 'paid') = (paid_on is not null)`),
    uniqueIndex("settlements_live_period").on(t.driverId, t.periodStart).where(sql`status <> 'void'`),
    index().on(t.periodEnd.desc(), t.id),
    index().on(t.driverId, t.periodEnd.desc()),
    index().on(t.status, t.periodEnd.desc()),
    index("settlements_paid_on").on(t.paidOn, t.driverId).where(sql`status = 'paid'`),
  ],
);

/**
 * A settlement's lines: a load's pay (with how it was computed), additions and deductions. `live`
 * is false once the settlement is void, which frees its load, fuel purchase, citation or carried
 * amount for another settlement: each may be on one live line only (partial unique indexes).
 */
export const settlementLines = pgTable(
  "settlement_lines",
  {
    id: uuid().primaryKey().defaultRandom(),
    settlementId: uuid()
      .notNull()
      .references(() => settlements.id, { onDelete: "cascade" }),
    section: settlementLineSectionEnum().notNull(),
    kind: settlementLineKindEnum().notNull(),
    description: text().notNull().default(""),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    live: boolean().notNull().default(true),
    loadId: uuid().references(() => loads.id, { onDelete: "restrict" }),
    payType: payTypeEnum(),
    payRate: numeric({ precision: 12, scale: 2 }),
    percentageBase: percentageBaseEnum(),
    baseAmount: numeric({ precision: 12, scale: 2 }),
    miles: numeric({ precision: 10, scale: 1 }),
    fromDriverDefault: boolean().notNull().default(false),
    standingDeductionId: uuid().references(() => standingDeductions.id, { onDelete: "restrict" }),
    fuelEntryId: uuid().references(() => fuelEntries.id, { onDelete: "restrict" }),
    citationId: uuid().references(() => citations.id, { onDelete: "restrict" }),
    /** A carried-over deduction names the carry-forward line it takes over. */
    carriedFromLineId: uuid(),
    adjustsSettlementId: uuid().references(() => settlements.id, { onDelete: "restrict" }),
    receiptFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    position: integer().notNull().default(0),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Amounts are positive; the section says whether they add or deduct. The one exception is what
    // a settlement carries to the next period: a negative deduction, never an addition (it is no
    // pay), so that the deductions section sums to what the settlement deducts (decision 025).
    check("settlement_lines_amount", sql`amount >= 0 or kind = 'carry_forward'`),
    check(
      "settlement_lines_carry_forward",
      sql`kind <> 'carry_forward' or (section = 'deduction' and amount < 0)`,
    ),
    index().on(t.settlementId, t.section, t.position),
    uniqueIndex("settlement_lines_live_load").on(t.loadId).where(sql`live and load_id is not null`),
    uniqueIndex("settlement_lines_live_fuel")
      .on(t.fuelEntryId)
      .where(sql`live and fuel_entry_id is not null`),
    uniqueIndex("settlement_lines_live_citation")
      .on(t.citationId)
      .where(sql`live and citation_id is not null`),
    uniqueIndex("settlement_lines_live_carry")
      .on(t.carriedFromLineId)
      .where(sql`live and carried_from_line_id is not null`),
    index().on(t.standingDeductionId).where(sql`standing_deduction_id is not null`),
  ],
);

/**
 * Deductions taken every period — escrow, truck lease, insurance, ELD, advances being recovered —
 * until stopped or, with a total, until the total is taken.
 */
export const standingDeductions = pgTable(
  "standing_deductions",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    kind: standingDeductionKindEnum().notNull(),
    description: text().notNull().default(""),
    perPeriod: numeric({ precision: 12, scale: 2 }).notNull(),
    total: numeric({ precision: 12, scale: 2 }),
    /** An advance's source (fuel stop, office cash, Comchek number). */
    source: text().notNull().default(""),
    startsOn: date({ mode: "string" }).notNull(),
    active: boolean().notNull().default(true),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("standing_deductions_amounts", sql`per_period > 0 and (total is null or total > 0)`),
    index().on(t.driverId, t.active),
  ],
);

/**
 * 1099-NEC forms issued (decision 025): each time a driver's form for a tax year is produced for
 * filing, with the amounts it carried. The latest row of a driver and year is what was filed; when
 * the paid settlements of that year add up to something else later, a corrected form follows.
 */
export const taxForms = pgTable(
  "tax_forms",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "restrict" }),
    taxYear: integer().notNull(),
    box1: numeric({ precision: 12, scale: 2 }).notNull(),
    box4: numeric({ precision: 12, scale: 2 }).notNull(),
    corrected: boolean().notNull().default(false),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    issuedBy: text().references(() => users.id, { onDelete: "set null" }),
    emailedAt: timestamp({ withTimezone: true }),
    /** Issued before the tax year was over (company time zone): why, as the person gave it. */
    earlyReason: text(),
  },
  (t) => [index().on(t.taxYear, t.driverId, t.issuedAt.desc())],
);
