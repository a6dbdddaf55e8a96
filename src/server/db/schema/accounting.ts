import {
  BILL_FREQUENCIES,
  BILL_SERVICE_TYPES,
  BILL_STATUSES,
  BILL_TYPES,
} from "@shared/accounting/bills.schema";
import {
  LEDGER_CATEGORIES,
  LEDGER_DIRECTIONS,
  LEDGER_PAYMENT_METHODS,
  LEDGER_SOURCES,
  LEDGER_VOID_KINDS,
} from "@shared/accounting/ledger.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";
import { vehicles } from "./fleet";
import { loads } from "./loads";
import { files } from "./platform";

export const ledgerDirectionEnum = pgEnum("ledger_direction", LEDGER_DIRECTIONS);
export const ledgerCategoryEnum = pgEnum("ledger_category", LEDGER_CATEGORIES);
export const ledgerSourceEnum = pgEnum("ledger_source", LEDGER_SOURCES);
export const ledgerPaymentMethodEnum = pgEnum("ledger_payment_method", LEDGER_PAYMENT_METHODS);
export const ledgerVoidKindEnum = pgEnum("ledger_void_kind", LEDGER_VOID_KINDS);

/**
 * The ledger: one row per movement of money (decision 024). `amount` is always positive; the
 * direction says in or out. A source-posted row is keyed by (source, source_id) — posting again
 * updates it, removing the source voids it — so a source change and its money move together, in
 * one database transaction. Rows are never deleted.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The calendar day of the movement (the company's day, decision 024). */
    occurredOn: date({ mode: "string" }).notNull(),
    direction: ledgerDirectionEnum().notNull(),
    category: ledgerCategoryEnum().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    counterparty: text().notNull().default(""),
    paymentMethod: ledgerPaymentMethodEnum(),
    reference: text().notNull().default(""),
    notes: text().notNull().default(""),
    receiptFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    driverId: uuid().references(() => drivers.id, { onDelete: "set null" }),
    loadId: uuid().references(() => loads.id, { onDelete: "set null" }),
    /**
     * The number of the row's load (`load_id`), copied so a search can read "the load's number starts
     * with" day by day on the ledger's own index (issue 42, decision 068). Kept by triggers (migration
     * 0059): on insert and on a change of `load_id` (the foreign key's `set null` too), and when a load's
     * number changes. Never written by the app.
     */
    loadNumber: text(),
    source: ledgerSourceEnum().notNull().default("manual"),
    /** The source record's id; no foreign key, so the row outlives a deleted source (void). */
    sourceId: uuid(),
    /** For a source row's link (e.g. the invoice of an invoice payment). */
    sourceParentId: uuid(),
    voidedAt: timestamp({ withTimezone: true }),
    voidKind: ledgerVoidKindEnum(),
    voidReason: text(),
    voidedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("transactions_amount_positive", sql`${t.amount} > 0`),
    uniqueIndex("transactions_source_unique").on(t.source, t.sourceId).where(sql`source_id is not null`),
    // Read backward for the list's default order (newest first, then id): a plain index walk, no sort.
    index().on(t.occurredOn, t.id),
    index().on(t.direction, t.occurredOn.desc()),
    index().on(t.category, t.occurredOn.desc()),
    index().on(t.source, t.occurredOn.desc()),
    index().on(t.vehicleId, t.occurredOn.desc()),
    index().on(t.driverId, t.occurredOn.desc()),
    index().on(t.loadId),
    index().on(t.amount, t.id),
    index("transactions_posted_day").on(t.occurredOn, t.direction).where(sql`voided_at is null`),
    index("transactions_search_trgm").using(
      "gin",
      sql`(counterparty || ' ' || reference || ' ' || notes) gin_trgm_ops`,
    ),
    // A common start of a search ("LD-2025": a quarter of the ledger, none of it recent) read one day
    // at a time, newest first, each day an index range (decision 068): the load's number, the
    // reference, and the rest of the text (the reference without its first character) by trigram.
    index("transactions_day_load_number")
      .on(t.occurredOn, sql`lower(load_number) text_pattern_ops`)
      .where(sql`voided_at is null`),
    index("transactions_day_reference")
      .on(t.occurredOn, sql`lower(reference) text_pattern_ops`)
      .where(sql`voided_at is null`),
    index("transactions_search_rest_trgm").using(
      "gin",
      sql`(counterparty || ' ' || substr(reference, 2) || ' ' || notes) gin_trgm_ops`,
    ),
  ],
);

/**
 * The ledger's sums per day, direction, category, source and void state, kept by triggers on
 * `transactions` (migration 0015) in the same statement as every write — so the list's count and
 * income/expense totals read a few thousand rows instead of the whole ledger (decision 024).
 */
export const ledgerDailyTotals = pgTable(
  "ledger_daily_totals",
  {
    occurredOn: date({ mode: "string" }).notNull(),
    direction: ledgerDirectionEnum().notNull(),
    category: ledgerCategoryEnum().notNull(),
    source: ledgerSourceEnum().notNull(),
    voided: boolean().notNull(),
    entries: integer().notNull(),
    amount: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.occurredOn, t.direction, t.category, t.source, t.voided] })],
);

export const billTypeEnum = pgEnum("bill_type", BILL_TYPES);
export const billFrequencyEnum = pgEnum("bill_frequency", BILL_FREQUENCIES);
export const billServiceTypeEnum = pgEnum("bill_service_type", BILL_SERVICE_TYPES);
export const billStatusEnum = pgEnum("bill_status", BILL_STATUSES);

/**
 * A bill the company pays (spec section 3). A subscription stays open and its `due_date` moves to
 * the next one each time it is paid, counted from `first_due_date` so it never drifts.
 */
export const bills = pgTable(
  "bills",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    vendor: text().notNull().default(""),
    billType: billTypeEnum().notNull(),
    frequency: billFrequencyEnum(),
    serviceType: billServiceTypeEnum().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    firstDueDate: date({ mode: "string" }).notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    status: billStatusEnum().notNull().default("open"),
    contactPhone: text().notNull().default(""),
    accountNumber: text().notNull().default(""),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    notes: text().notNull().default(""),
    /** The due date the accountants and managers were last reminded of (once per bill per due date). */
    remindedFor: date({ mode: "string" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("bills_amount_positive", sql`${t.amount} > 0`),
    check("bills_subscription_frequency", sql`(bill_type = 'subscription') = (frequency is not null)`),
    index().on(t.status, t.dueDate),
    index().on(t.dueDate, t.id),
    index().on(t.amount, t.id),
    index().on(t.serviceType, t.dueDate),
    index().on(t.billType, t.dueDate),
    index().on(t.vehicleId),
    index("bills_search_trgm").using(
      "gin",
      sql`(name || ' ' || vendor || ' ' || account_number) gin_trgm_ops`,
    ),
  ],
);

/** One payment of a bill: which due date it settled. A due date is paid once. */
export const billPayments = pgTable(
  "bill_payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: "cascade" }),
    dueDate: date({ mode: "string" }).notNull(),
    paidOn: date({ mode: "string" }).notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    method: ledgerPaymentMethodEnum().notNull(),
    reference: text().notNull().default(""),
    recordedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bill_payments_once").on(t.billId, t.dueDate),
    index().on(t.paidOn.desc()),
    check("bill_payments_amount_positive", sql`${t.amount} > 0`),
  ],
);
