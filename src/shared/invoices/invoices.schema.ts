import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { fromCents, moneySchema, toCents } from "../loads/loads.schema";

// ---- Statuses and constants

/** What is stored. `void` cancels an invoice and frees its loads. */
export const INVOICE_STATUSES = ["draft", "sent", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * What lists show and filter by: `overdue` is a sent invoice whose due date has passed. It is
 * computed when read (due today is not overdue), never stored, so it can never be stale.
 */
export const INVOICE_VIEW_STATUSES = ["draft", "sent", "overdue", "paid", "void"] as const;
export type InvoiceViewStatus = (typeof INVOICE_VIEW_STATUSES)[number];

export const INVOICE_LINE_KINDS = ["line_haul", "lumper", "detention", "other"] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const PAYMENT_METHODS = ["ach", "check", "wire", "card", "cash", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Loads one invoice may bill. */
export const INVOICE_MAX_LOADS = 50;
/** Numbers INV-<year>-<5+ digits>, from one sequence: unique across years. */
export const INVOICE_NUMBER_PATTERN = /^INV-\d{4}-\d{5,}$/;

// ---- Messages the UI shows as they are

export const LOAD_ALREADY_INVOICED_MESSAGE = "This load is already on another invoice.";
export const LOAD_NOT_BILLABLE_MESSAGE = "Only completed loads of this customer can be invoiced.";
export const OVERPAYMENT_MESSAGE = "The payment is more than the balance due.";
export const INVOICE_NOT_DRAFT_MESSAGE = "Only a draft invoice can be changed.";
export const NO_CUSTOMER_EMAIL_MESSAGE = "The customer has no email address. Enter one to send the invoice.";

// ---- Dates (YYYY-MM-DD calendar days, compared as strings)

const DAY_MS = 86_400_000;
const ymdToUtc = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`);

export function addDays(ymd: string, days: number): string {
  return new Date(ymdToUtc(ymd) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((ymdToUtc(to) - ymdToUtc(from)) / DAY_MS);
}

/** Overdue is computed: a sent invoice (not fully paid) whose due date is before `today`. */
export function invoiceViewStatus(status: InvoiceStatus, dueDate: string, today: string): InvoiceViewStatus {
  return status === "sent" && dueDate < today ? "overdue" : status;
}

// ---- Aging (as of a day: current, 1–30, 31–60, 61–90, over 90 days past due)

export const AGING_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "over90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return "current";
  if (daysPastDue <= 30) return "days1to30";
  if (daysPastDue <= 60) return "days31to60";
  if (daysPastDue <= 90) return "days61to90";
  return "over90";
}

// ---- Money

export function sumMoney(values: Array<string | null | undefined>): string {
  return fromCents(values.reduce((sum, v) => sum + (v ? toCents(v) : 0), 0));
}

export function subtractMoney(a: string, b: string): string {
  return fromCents(toCents(a) - toCents(b));
}

/** The charges of a load, as the invoice bills them. */
export interface LoadCharges {
  baseRate: string;
  lumperFee: string | null;
  detention: string | null;
  otherCharges: string | null;
  customerRate: string | null;
}

/**
 * A load's invoice lines: line haul, then lumper, detention and other charges when set. The
 * customer rate, when set, is what the customer agreed to pay for the whole load, so the line haul
 * is the customer rate less the accessorials; without one (or below the accessorials) the line
 * haul is the base rate. See docs/decisions/014-invoices-billing.md.
 */
export function invoiceLinesForLoad(load: LoadCharges): Array<{ kind: InvoiceLineKind; amount: string }> {
  const accessorials: Array<{ kind: InvoiceLineKind; amount: string | null }> = [
    { kind: "lumper", amount: load.lumperFee },
    { kind: "detention", amount: load.detention },
    { kind: "other", amount: load.otherCharges },
  ];
  const extras = accessorials.filter(
    (a): a is { kind: InvoiceLineKind; amount: string } => !!a.amount && toCents(a.amount) > 0,
  );
  const extraCents = extras.reduce((s, a) => s + toCents(a.amount), 0);
  const lineHaul =
    load.customerRate !== null && toCents(load.customerRate) >= extraCents
      ? fromCents(toCents(load.customerRate) - extraCents)
      : fromCents(toCents(load.baseRate));
  return [
    { kind: "line_haul", amount: lineHaul },
    ...extras.map((e) => ({ kind: e.kind, amount: fromCents(toCents(e.amount)) })),
  ];
}

// ---- Input

const dateSchema = z.iso.date({ message: "Enter a date." });
/** An optional day; an empty form field counts as not given. */
const optionalDateSchema = z.union([z.literal("").transform(() => undefined), dateSchema]).optional();
const notesSchema = z.string().trim().max(2000, { message: "At most 2000 characters." }).default("");

const invoiceFields = {
  loadIds: z
    .array(z.uuid({ message: "Invalid load." }))
    .min(1, { message: "Choose at least one completed load." })
    .max(INVOICE_MAX_LOADS, { message: `At most ${INVOICE_MAX_LOADS} loads on one invoice.` })
    .refine((ids) => new Set(ids).size === ids.length, { message: "A load is listed twice." }),
  /** Default: today. */
  issueDate: optionalDateSchema,
  /** Default: the issue date plus the customer's payment terms. */
  dueDate: optionalDateSchema,
  /** Printed on the invoice (customer-facing). */
  notes: notesSchema,
};
const dueAfterIssue = (v: { issueDate?: string; dueDate?: string }) =>
  !v.issueDate || !v.dueDate || v.dueDate >= v.issueDate;
const dueAfterIssueMessage = { message: "The due date cannot be before the issue date.", path: ["dueDate"] };

export const createInvoiceSchema = z
  .object({ customerId: z.uuid({ message: "Choose a customer." }), ...invoiceFields })
  .refine(dueAfterIssue, dueAfterIssueMessage);
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;

export const updateInvoiceSchema = z.object(invoiceFields).refine(dueAfterIssue, dueAfterIssueMessage);
export type UpdateInvoiceInput = z.input<typeof updateInvoiceSchema>;

export const recordPaymentSchema = z.object({
  amount: moneySchema.refine((v) => toCents(v) > 0, { message: "Enter an amount above zero." }),
  paidOn: dateSchema,
  method: z.enum(PAYMENT_METHODS, { message: "Choose how it was paid." }),
  reference: z.string().trim().max(100).default(""),
  note: z.string().trim().max(500).default(""),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const sendInvoiceSchema = z.object({
  /** Default: the customer's email. */
  to: z
    .union([
      z.literal(""),
      z.string().trim().toLowerCase().email({ message: "Enter a valid email address." }),
    ])
    .optional()
    .transform((v) => (v ? v : undefined)),
  message: z.string().trim().max(2000).optional(),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceSchema>;

export const voidInvoiceSchema = z.object({
  reason: z.string().trim().min(1, { message: "Say why the invoice is void." }).max(500),
});

// ---- Output

export const invoiceLineSchema = z.object({
  id: z.string(),
  loadId: z.string().nullable(),
  loadNumber: z.string().nullable(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  amount: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePaymentSchema = z.object({
  id: z.string(),
  amount: z.string(),
  paidOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceListItemSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  status: z.enum(INVOICE_VIEW_STATUSES),
  issueDate: z.string(),
  dueDate: z.string(),
  total: z.string(),
  amountPaid: z.string(),
  balance: z.string(),
  loadCount: z.number().int(),
  /** Days past the due date today (0 when not overdue). */
  daysOverdue: z.number().int(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const billToSchema = z.object({
  companyName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});

export const invoiceLoadSchema = z.object({
  id: z.string(),
  loadNumber: z.string(),
  pickupCity: z.string(),
  pickupState: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  deliveredAt: z.string().nullable(),
  /** Files that go into the invoice PDF. */
  rateConfirmations: z.number().int(),
  billsOfLading: z.number().int(),
  proofsOfDelivery: z.number().int(),
});

export const invoiceDetailSchema = invoiceListItemSchema.extend({
  storedStatus: z.enum(INVOICE_STATUSES),
  paymentTermsDays: z.number().int(),
  billTo: billToSchema,
  notes: z.string(),
  lines: z.array(invoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  loads: z.array(invoiceLoadSchema),
  sentTo: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedAt: z.string(),
  /** What may be done next, from the status. */
  actions: z.object({
    edit: z.boolean(),
    send: z.boolean(),
    markSent: z.boolean(),
    recordPayment: z.boolean(),
    void: z.boolean(),
  }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const sendInvoiceResultSchema = z.object({
  invoice: invoiceDetailSchema,
  /** `stored`: no SMTP configured, the message waits in the outbox. */
  delivery: z.enum(["sent", "stored"]),
  to: z.string(),
  /** Uploaded files that could not be put into the PDF (e.g. HEIC photos). */
  skippedFiles: z.array(z.string()),
});
export type SendInvoiceResult = z.infer<typeof sendInvoiceResultSchema>;

// ---- The list and its export

export const INVOICE_SORTS = ["invoiceNumber", "issueDate", "dueDate", "total", "balance"] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export const invoiceFilterSchema = z.object({
  /** Invoice number, customer, or a load number on the invoice. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(INVOICE_VIEW_STATUSES).optional(),
  customerId: z.uuid().optional(),
  /** Issue date range (inclusive). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(INVOICE_SORTS).default("issueDate"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type InvoiceFilter = z.infer<typeof invoiceFilterSchema>;

export const invoiceListQuerySchema = pageQuerySchema.extend(invoiceFilterSchema.shape);
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoicePageSchema = pageSchema(invoiceListItemSchema).extend({
  /**
   * Sums over the whole filtered set (not just this page). Drafts are not receivables (decision
   * 014): `total` is what was billed (sent and paid invoices) and `balance` what is still owed on
   * them; drafts are counted apart, never in either.
   */
  totals: z.object({
    total: z.string(),
    balance: z.string(),
    drafts: z.object({ count: z.number().int(), total: z.string() }),
  }),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const INVOICE_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const invoiceExportQuerySchema = invoiceFilterSchema.extend({
  format: z.enum(INVOICE_EXPORT_FORMATS).default("csv"),
});
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

// ---- Building an invoice: customers and their billable loads

export const billingCustomerQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const billingCustomerSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  /** Completed loads not on any invoice yet. */
  billableLoads: z.number().int(),
  /** Unpaid on sent invoices. */
  openBalance: z.string(),
});
export type BillingCustomer = z.infer<typeof billingCustomerSchema>;

export const billableLoadsQuerySchema = z.object({
  customerId: z.uuid({ message: "Choose a customer." }),
  q: z.string().trim().max(100).optional(),
  /** Editing this invoice: its own loads are offered too. */
  invoiceId: z.uuid().optional(),
});
export const billableLoadSchema = invoiceLoadSchema.extend({
  pickupAt: z.string(),
  lines: z.array(z.object({ kind: z.enum(INVOICE_LINE_KINDS), amount: z.string() })),
  amount: z.string(),
});
export type BillableLoad = z.infer<typeof billableLoadSchema>;

// ---- Customer portal: the customer's own invoices, nothing internal

export const PORTAL_INVOICE_STATUSES = [
  "sent",
  "overdue",
  "paid",
] as const satisfies readonly InvoiceViewStatus[];

export const portalInvoiceQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(PORTAL_INVOICE_STATUSES).optional(),
  sort: z.enum(INVOICE_SORTS).default("issueDate"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type PortalInvoiceQuery = z.infer<typeof portalInvoiceQuerySchema>;

export const portalInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  status: z.enum(PORTAL_INVOICE_STATUSES),
  issueDate: z.string(),
  dueDate: z.string(),
  total: z.string(),
  amountPaid: z.string(),
  balance: z.string(),
  daysOverdue: z.number().int(),
  loadNumbers: z.array(z.string()),
});
export type PortalInvoice = z.infer<typeof portalInvoiceSchema>;
export const portalInvoicePageSchema = pageSchema(portalInvoiceSchema);
export type PortalInvoicePage = z.infer<typeof portalInvoicePageSchema>;

export const portalInvoiceDetailSchema = portalInvoiceSchema.extend({
  notes: z.string(),
  lines: z.array(invoiceLineSchema.omit({ loadId: true })),
  payments: z.array(
    z.object({
      id: z.string(),
      amount: z.string(),
      paidOn: z.string(),
      method: z.enum(PAYMENT_METHODS),
      reference: z.string(),
    }),
  ),
});
export type PortalInvoiceDetail = z.infer<typeof portalInvoiceDetailSchema>;

// ---- The billing queue (/accounting/bill-customer): completed loads waiting for an invoice

/**
 * ready: a proof of delivery (POD, or the signed BOL) is on the load and accounting has not rejected
 * it; held: none yet, or the BOL manager rejected it (until the driver uploads it again).
 */
export const BILLING_QUEUE_PAPERWORK = ["ready", "held"] as const;

/** Why a load waits in the billing queue: no BOL or POD on file, or its paperwork was rejected. */
export const BILLING_HOLDS = ["missing", "rejected"] as const;
export type BillingHoldKind = (typeof BILLING_HOLDS)[number];
export const billingHoldSchema = z.object({
  kind: z.enum(BILLING_HOLDS),
  /** The BOL manager's reason for a rejection (null for missing paperwork). */
  reason: z.string().nullable(),
});
export type BillingHold = z.infer<typeof billingHoldSchema>;

export const billingQueueQuerySchema = pageQuerySchema.extend({
  /** Load number, customer or city. */
  q: z.string().trim().max(100).optional(),
  customerId: z.uuid().optional(),
  paperwork: z.enum(BILLING_QUEUE_PAPERWORK).optional(),
});
export type BillingQueueQuery = z.infer<typeof billingQueueQuerySchema>;

export const billingQueueLoadSchema = billableLoadSchema.extend({
  customerId: z.string(),
  customerName: z.string(),
  /** A POD or a signed BOL is on file (it may still have been rejected: see `hold`). */
  hasProofOfDelivery: z.boolean(),
  /** Why the load is held back (null: ready to bill). */
  hold: billingHoldSchema.nullable(),
});
export type BillingQueueLoad = z.infer<typeof billingQueueLoadSchema>;
export const billingQueuePageSchema = pageSchema(billingQueueLoadSchema).extend({
  /** The whole queue (filters applied): loads, customers and the amount to bill. */
  summary: z.object({ loads: z.number().int(), customers: z.number().int(), amount: z.string() }),
});
export type BillingQueuePage = z.infer<typeof billingQueuePageSchema>;

export const HELD_WITHOUT_POD_MESSAGE = "Held back: no proof of delivery on file.";

/** One invoice from the queue: a customer's chosen loads; the browser sends one per invoice and shows progress. */
export const billFromQueueSchema = z.object({
  customerId: z.uuid({ message: "Choose a customer." }),
  loadIds: invoiceFields.loadIds,
  /** Email it to the customer with the merged PDF once made. */
  send: z.boolean().default(false),
  /**
   * Bill held loads anyway — paperwork missing or rejected (recorded in the audit log with the
   * rejection reasons). The name is older than the rejected-paperwork hold.
   */
  overrideMissingPod: z.boolean().default(false),
});
export type BillFromQueueInput = z.input<typeof billFromQueueSchema>;

export const billFromQueueResultSchema = z.object({
  /** Null when every load was held back. */
  invoice: z.object({ id: z.string(), invoiceNumber: z.string(), total: z.string() }).nullable(),
  /** `failed`: the invoice is made but the email could not go out (send it again from the invoice). */
  delivery: z.enum(["sent", "stored", "failed"]).nullable(),
  /** Loads left in the queue: paperwork missing or rejected, and no override. */
  held: z.array(z.object({ id: z.string(), loadNumber: z.string(), hold: billingHoldSchema })),
});
export type BillFromQueueResult = z.infer<typeof billFromQueueResultSchema>;
