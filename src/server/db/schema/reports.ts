import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { ledgerCategoryEnum, ledgerDirectionEnum } from "./accounting";
import { users } from "./auth";
import { loadStatusEnum } from "./loads";

/**
 * The IFTA tax rate per gallon of each jurisdiction for a quarter (`2026-Q3`), entered by the user
 * from the IFTA rate matrix every quarter (rates change quarterly; never kept in code).
 */
export const iftaTaxRates = pgTable(
  "ifta_tax_rates",
  {
    quarter: text().notNull(),
    jurisdiction: text().notNull(),
    rate: numeric({ precision: 8, scale: 4 }).notNull(),
    updatedBy: text().references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.quarter, t.jurisdiction] }),
    check("ifta_tax_rates_rate", sql`${t.rate} >= 0`),
  ],
);

/**
 * The loads' monthly sums (decision 027), kept by statement triggers on `loads` (migration 0023) in
 * the same statement as every write, so a report of whole months reads a few thousand rows instead of
 * a year of loads. One row per company month (of the first pickup, in the company's time zone),
 * status and subject: `all` the fleet (subject is the nil UUID), or one driver, truck or customer.
 */
export const loadMonthTotals = pgTable(
  "load_month_totals",
  {
    month: date({ mode: "string" }).notNull(),
    dim: text().notNull(),
    subjectId: uuid().notNull(),
    status: loadStatusEnum().notNull(),
    loads: integer().notNull(),
    revenue: numeric({ precision: 16, scale: 2 }).notNull(),
    /** The revenue of the loads with loaded miles (revenue per mile divides it by their miles). */
    mileRevenue: numeric({ precision: 16, scale: 2 }).notNull(),
    miles: numeric({ precision: 14, scale: 1 }).notNull(),
    driverPay: numeric({ precision: 16, scale: 2 }).notNull(),
    started: integer().notNull(),
    pickupOnTime: integer().notNull(),
    delivered: integer().notNull(),
    deliveryOnTime: integer().notNull(),
    transitSeconds: numeric({ precision: 20, scale: 3 }).notNull(),
    transitLoads: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.dim, t.subjectId, t.status] }),
    // One customer's or driver's counts over all months (their detail pages, issue 42): a few dozen rows
    // read directly, not a skip scan over every month of the key. The sums stay out of the key, so the
    // triggers' updates of them can stay heap-only.
    index("load_month_totals_subject").on(t.dim, t.subjectId),
  ],
);

/** Each truck's days with a load (a load occupies its pickup day through its delivery day). */
export const vehicleBusyDays = pgTable(
  "vehicle_busy_days",
  {
    vehicleId: uuid().notNull(),
    day: date({ mode: "string" }).notNull(),
    loads: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.vehicleId] })],
);

/**
 * Each truck's busy days per month (days of `vehicle_busy_days` with a load), kept by triggers on
 * that table: a period's utilisation reads its whole months here and its edge days there.
 */
export const vehicleBusyMonths = pgTable(
  "vehicle_busy_months",
  {
    month: date({ mode: "string" }).notNull(),
    vehicleId: uuid().notNull(),
    days: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.vehicleId] })],
);

/** The ledger's monthly sums per truck and per driver (profit and loss per truck and driver). */
export const ledgerMonthSubjectTotals = pgTable(
  "ledger_month_subject_totals",
  {
    month: date({ mode: "string" }).notNull(),
    dim: text().notNull(),
    subjectId: uuid().notNull(),
    direction: ledgerDirectionEnum().notNull(),
    category: ledgerCategoryEnum().notNull(),
    voided: boolean().notNull(),
    entries: integer().notNull(),
    amount: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.dim, t.subjectId, t.direction, t.category, t.voided] })],
);

/**
 * The loads' daily sums (decision 066, issue 42): `load_month_totals` by company day instead of month,
 * plus the empty miles, kept by statement triggers on `loads` in the same statement as every write. A
 * report over any period reads the whole months inside it from the monthly sums and only the days of
 * the partial months at its ends from these (`report-kit.ts`, `loadRollups`).
 */
export const loadDayTotals = pgTable(
  "load_day_totals",
  {
    day: date({ mode: "string" }).notNull(),
    dim: text().notNull(),
    subjectId: uuid().notNull(),
    status: loadStatusEnum().notNull(),
    loads: integer().notNull(),
    revenue: numeric({ precision: 16, scale: 2 }).notNull(),
    mileRevenue: numeric({ precision: 16, scale: 2 }).notNull(),
    miles: numeric({ precision: 14, scale: 1 }).notNull(),
    driverPay: numeric({ precision: 16, scale: 2 }).notNull(),
    started: integer().notNull(),
    pickupOnTime: integer().notNull(),
    delivered: integer().notNull(),
    deliveryOnTime: integer().notNull(),
    transitSeconds: numeric({ precision: 20, scale: 3 }).notNull(),
    transitLoads: integer().notNull(),
    /** Empty (deadhead) miles, and how many loads have them recorded (a sum of none is no figure). */
    emptyMiles: numeric({ precision: 14, scale: 1 }).notNull(),
    emptyLoads: integer().notNull(),
  },
  // The subject first: a report reads one subject kind (the fleet, trucks, …) over a span of days.
  (t) => [primaryKey({ columns: [t.dim, t.day, t.subjectId, t.status] })],
);

/** The ledger's daily sums per truck and per driver: the partial months of a profit-and-loss period. */
export const ledgerDaySubjectTotals = pgTable(
  "ledger_day_subject_totals",
  {
    day: date({ mode: "string" }).notNull(),
    dim: text().notNull(),
    subjectId: uuid().notNull(),
    direction: ledgerDirectionEnum().notNull(),
    category: ledgerCategoryEnum().notNull(),
    voided: boolean().notNull(),
    entries: integer().notNull(),
    amount: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  // The day first: with the subject kind first, PostgreSQL 18 costs a span of days as a skip scan over
  // the equalities after it (direction, voided) and reads the whole table instead.
  (t) => [primaryKey({ columns: [t.day, t.dim, t.subjectId, t.direction, t.category, t.voided] })],
);

/**
 * IFTA's figures per company day of first pickup (decision 066): `kind` `jurisdiction` (key: the
 * postal code) and `source` (key: recorded, gps, routed, estimated) hold the miles of each load leg's
 * best source and how many loads have them; `unallocated` (key '') how many delivered or moving loads
 * have no loaded-leg state miles. Kept by triggers on `loads` and `load_jurisdiction_miles`.
 */
export const iftaDayTotals = pgTable(
  "ifta_day_totals",
  {
    day: date({ mode: "string" }).notNull(),
    kind: text().notNull(),
    key: text().notNull(),
    miles: numeric({ precision: 14, scale: 1 }).notNull(),
    loads: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
);
