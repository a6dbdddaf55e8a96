import { INVOICE_LINE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS } from "@shared/invoices/invoices.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { customers } from "./customers";
import { loads } from "./loads";

export const invoiceStatusEnum = pgEnum("invoice_status", INVOICE_STATUSES);
export const invoiceLineKindEnum = pgEnum("invoice_line_kind", INVOICE_LINE_KINDS);
export const paymentMethodEnum = pgEnum("payment_method", PAYMENT_METHODS);

/** Numbers INV-<year>-<n>: one sequence for all years keeps them unique. */
export const invoiceNumberSeq = pgSequence("invoice_number_seq", { startWith: 1 });

/**
 * A customer invoice. Totals are kept on the row (lines and payments change them in the same
 * transaction); `overdue` is never stored: it is a sent invoice past `due_date`, computed on read.
 * The bill-to fields are a copy taken when the invoice is made, as the customer was billed.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceNumber: text().notNull().unique(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    status: invoiceStatusEnum().notNull().default("draft"),
    issueDate: date().notNull(),
    dueDate: date().notNull(),
    paymentTermsDays: integer().notNull(),
    billToCompany: text().notNull(),
    billToName: text().notNull(),
    billToEmail: text(),
    billToPhone: text(),
    billToAddress: text(),
    total: numeric({ precision: 12, scale: 2 }).notNull(),
    amountPaid: numeric({ precision: 12, scale: 2 }).notNull().default("0"),
    /** Printed on the invoice. */
    notes: text().notNull().default(""),
    sentAt: timestamp({ withTimezone: true }),
    sentTo: text(),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.issueDate.desc(), t.id),
    index().on(t.customerId, t.issueDate.desc()),
    index().on(t.status, t.dueDate),
    index().on(t.dueDate),
    index().on(t.total),
    index("invoices_balance").on(sql`(total - amount_paid)`),
    index("invoices_number_trgm").using("gin", sql`invoice_number gin_trgm_ops`),
  ],
);

/**
 * Which loads an invoice bills. A load is on at most one live invoice: voiding marks its rows
 * `released`, and the partial unique index refuses a second live row (two invoices racing for
 * one load cannot both win).
 */
export const invoiceLoads = pgTable(
  "invoice_loads",
  {
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** A deleted load leaves the invoice as billed (its lines keep the load number). */
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    released: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex("invoice_loads_live_load").on(t.loadId).where(sql`not released`),
    index().on(t.invoiceId),
    index().on(t.loadId),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    sequence: integer().notNull(),
    loadId: uuid().references(() => loads.id, { onDelete: "set null" }),
    /** Copied from the load: the invoice reads the same if the load is renumbered. */
    loadNumber: text(),
    kind: invoiceLineKindEnum().notNull(),
    description: text().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
  },
  (t) => [index().on(t.invoiceId, t.sequence), index().on(t.loadNumber)],
);

export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    paidOn: date().notNull(),
    method: paymentMethodEnum().notNull(),
    reference: text().notNull().default(""),
    note: text().notNull().default(""),
    recordedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.invoiceId, t.paidOn), index().on(t.paidOn)],
);
