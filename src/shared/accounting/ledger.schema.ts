import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { EXPORT_FORMATS } from "../fuel/fuel.schema";
import { fromCents, toCents } from "../loads/loads.schema";

/**
 * The ledger (`/accounting/transactions`): every movement of money in or out of the company, one row
 * each. Sources (invoice payments, fuel, tolls, parking, maintenance, paid citations, bills, driver
 * settlements) post their own rows in the same database transaction as their change; everything
 * else is entered by hand. Nothing is deleted: a wrong row is voided with a reason.
 */

export const LEDGER_DIRECTIONS = ["income", "expense"] as const;
export type LedgerDirection = (typeof LEDGER_DIRECTIONS)[number];

/** The chart of categories (fixed, translated in the `accounting` namespace). */
export const LEDGER_CATEGORIES = [
  "freight_revenue",
  "accessorials",
  "fuel",
  "tolls",
  "parking",
  "maintenance",
  "tires",
  "driver_pay",
  "insurance",
  "permits",
  "equipment_payments",
  /** ELD and telematics subscriptions (issue 38: they posted as "office"). */
  "eld_telematics",
  "fines",
  "lumper",
  "office",
  "other",
] as const;
export type LedgerCategory = (typeof LEDGER_CATEGORIES)[number];

/** The categories a hand entry of each direction offers first (any category is accepted). */
export const CATEGORIES_BY_DIRECTION: Record<LedgerDirection, readonly LedgerCategory[]> = {
  income: ["freight_revenue", "accessorials", "other"],
  expense: LEDGER_CATEGORIES.filter((c) => c !== "freight_revenue" && c !== "accessorials"),
};

/** Where a row came from. `manual` rows are edited here; every other source is edited at its source. */
export const LEDGER_SOURCES = [
  "manual",
  "invoice_payment",
  "bill_payment",
  "fuel",
  "toll",
  "parking_expense",
  "maintenance",
  "citation",
  "settlement",
] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

export const LEDGER_PAYMENT_METHODS = [
  "ach",
  "check",
  "wire",
  "card",
  "cash",
  "fuel_card",
  "transponder",
  "mobile_app",
  "invoice",
  "other",
] as const;
export type LedgerPaymentMethod = (typeof LEDGER_PAYMENT_METHODS)[number];

/** Posted rows (the default list), voided ones, or both. */
export const LEDGER_STATES = ["posted", "void", "all"] as const;

/** Why a row is void: a person voided it (with a reason), or its source was deleted or undone. */
export const LEDGER_VOID_KINDS = ["by_user", "source_removed"] as const;
export type LedgerVoidKind = (typeof LEDGER_VOID_KINDS)[number];

export const LEDGER_MESSAGES = {
  dateRequired: "Enter the date.",
  directionRequired: "Choose money in or money out.",
  categoryRequired: "Choose a category.",
  amountRequired: "Enter the amount.",
  amountFormat: "Enter an amount like 1250 or 1250.50.",
  amountPositive: "The amount must be more than zero.",
  reasonRequired: "Say why this entry is void.",
  notManual: "This entry was posted by its source. Change or delete the source instead.",
  alreadyVoid: "This entry is void and cannot be changed.",
} as const;

const optionalId = z
  .union([z.uuid(), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => v || null);

/** A positive amount with at most two decimals, as a decimal string ("1250.50"), never a float. */
export const positiveMoney = z
  .string({ message: LEDGER_MESSAGES.amountRequired })
  .trim()
  .min(1, { message: LEDGER_MESSAGES.amountRequired, abort: true })
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { message: LEDGER_MESSAGES.amountFormat, abort: true })
  .refine((v) => toCents(v) > 0, { message: LEDGER_MESSAGES.amountPositive })
  .transform((v) => fromCents(toCents(v)));

/** A hand entry (source `manual`). */
export const ledgerEntryInputSchema = z.object({
  occurredOn: z.iso.date({ message: LEDGER_MESSAGES.dateRequired }),
  direction: z.enum(LEDGER_DIRECTIONS, { message: LEDGER_MESSAGES.directionRequired }),
  category: z.enum(LEDGER_CATEGORIES, { message: LEDGER_MESSAGES.categoryRequired }),
  amount: positiveMoney,
  counterparty: z.string().trim().max(160).default(""),
  paymentMethod: z
    .union([z.enum(LEDGER_PAYMENT_METHODS), z.literal("")])
    .nullable()
    .optional()
    .transform((v) => v || null),
  reference: z.string().trim().max(80).default(""),
  notes: z.string().trim().max(1000).default(""),
  vehicleId: optionalId,
  driverId: optionalId,
  loadId: optionalId,
});
export type LedgerEntryInput = z.input<typeof ledgerEntryInputSchema>;
export type LedgerEntryValues = z.output<typeof ledgerEntryInputSchema>;

export const ledgerVoidInputSchema = z.object({
  reason: z
    .string({ message: LEDGER_MESSAGES.reasonRequired })
    .trim()
    .min(1, { message: LEDGER_MESSAGES.reasonRequired })
    .max(500),
});
export type LedgerVoidInput = z.input<typeof ledgerVoidInputSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  occurredOn: z.string(),
  direction: z.enum(LEDGER_DIRECTIONS),
  category: z.enum(LEDGER_CATEGORIES),
  amount: z.string(),
  counterparty: z.string(),
  paymentMethod: z.enum(LEDGER_PAYMENT_METHODS).nullable(),
  reference: z.string(),
  notes: z.string(),
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  loadId: z.string().nullable(),
  loadNumber: z.string().nullable(),
  source: z.enum(LEDGER_SOURCES),
  /** The source record (an invoice payment, a fuel entry…); null for hand entries. */
  sourceId: z.string().nullable(),
  /** The screen of the source record, when it has one: the invoice, the load, the citation. */
  sourceLink: z
    .object({
      kind: z.enum(["invoice", "load", "vehicle", "citation", "tolls", "fuel", "parking"]),
      id: z.string(),
    })
    .nullable(),
  hasReceipt: z.boolean(),
  voidedAt: z.string().nullable(),
  voidKind: z.enum(LEDGER_VOID_KINDS).nullable(),
  voidReason: z.string().nullable(),
  voidedByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const LEDGER_SORTS = ["occurredOn", "amount", "category", "counterparty"] as const;
export type LedgerSort = (typeof LEDGER_SORTS)[number];

export const ledgerFilterSchema = z.object({
  /** Counterparty, reference, notes, unit number, driver or load number. */
  q: z.string().trim().max(100).optional(),
  direction: z.enum(LEDGER_DIRECTIONS).optional(),
  category: z.enum(LEDGER_CATEGORIES).optional(),
  source: z.enum(LEDGER_SOURCES).optional(),
  vehicleId: z.uuid().optional(),
  driverId: z.uuid().optional(),
  state: z.enum(LEDGER_STATES).default("posted"),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(LEDGER_SORTS).default("occurredOn"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type LedgerFilter = z.infer<typeof ledgerFilterSchema>;
export const ledgerListQuerySchema = pageQuerySchema.extend(ledgerFilterSchema.shape);
export type LedgerListQuery = z.infer<typeof ledgerListQuerySchema>;

/** A search sums its matches exactly up to here; past it the count and sums are estimated. */
export const LEDGER_TOTALS_EXACT_LIMIT = 20_000;

/** The filtered set's sums (void rows never count), not just this page's. */
export const ledgerTotalsSchema = z.object({ income: z.string(), expense: z.string(), net: z.string() });
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;
export const ledgerPageSchema = pageSchema(ledgerEntrySchema).extend({
  totals: ledgerTotalsSchema,
  /**
   * True when `total` and `totals` are estimates: a search matching more than
   * LEDGER_TOTALS_EXACT_LIMIT rows is not summed row by row (decision 065). Shown as
   * "about N" and labelled estimated.
   */
  totalIsEstimate: z.boolean(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const ledgerExportQuerySchema = ledgerFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS).default("csv"),
});
export type LedgerExportQuery = z.infer<typeof ledgerExportQuerySchema>;

/** Income minus expense, each a decimal string. */
export const netOf = (income: string, expense: string) => fromCents(toCents(income) - toCents(expense));
