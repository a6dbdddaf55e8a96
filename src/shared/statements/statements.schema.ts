import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { AGING_BUCKETS, daysBetween, PAYMENT_METHODS } from "../invoices/invoices.schema";

/**
 * A customer statement for a period: what was owed at the start, what was invoiced and paid in
 * it, what is owed at the end, and how old the unpaid part is as of the period's last day. Drafts
 * and void invoices are not part of it.
 */

/** The longest period one statement covers. */
export const STATEMENT_MAX_DAYS = 366 * 3;
export const STATEMENT_FORMATS = ["pdf", "csv", "xlsx"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const periodFields = {
  from: z.iso.date({ message: "Enter the first day." }),
  to: z.iso.date({ message: "Enter the last day." }),
};
const ordered = (v: { from: string; to: string }) => v.from <= v.to;
const orderedMessage = { message: "The period ends before it starts.", path: ["to"] };
const bounded = (v: { from: string; to: string }) => daysBetween(v.from, v.to) <= STATEMENT_MAX_DAYS;
const boundedMessage = { message: "A statement covers at most three years.", path: ["from"] };

/** A statement's period on its own (the statements page reads it from the URL). */
export const statementPeriodSchema = z
  .object(periodFields)
  .refine(ordered, orderedMessage)
  .refine(bounded, boundedMessage);

export const statementQuerySchema = z
  .object({ customerId: z.uuid({ message: "Choose a customer." }), ...periodFields })
  .refine(ordered, orderedMessage)
  .refine(bounded, boundedMessage);
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementExportQuerySchema = z
  .object({
    customerId: z.uuid({ message: "Choose a customer." }),
    ...periodFields,
    format: z.enum(STATEMENT_FORMATS).default("pdf"),
  })
  .refine(ordered, orderedMessage)
  .refine(bounded, boundedMessage);

/** The customer portal: always the signed-in customer's own statement. */
export const portalStatementQuerySchema = z
  .object(periodFields)
  .refine(ordered, orderedMessage)
  .refine(bounded, boundedMessage);
export const portalStatementExportQuerySchema = z
  .object({ ...periodFields, format: z.enum(STATEMENT_FORMATS).default("pdf") })
  .refine(ordered, orderedMessage)
  .refine(bounded, boundedMessage);

export const agingSchema = z.object({
  current: z.string(),
  days1to30: z.string(),
  days31to60: z.string(),
  days61to90: z.string(),
  over90: z.string(),
  total: z.string(),
});
export type Aging = z.infer<typeof agingSchema>;

export const STATEMENT_ENTRY_KINDS = ["invoice", "payment"] as const;
export const statementEntrySchema = z.object({
  /** The invoice's or the payment's id. */
  id: z.string(),
  date: z.string(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  /** Invoice: its due date. */
  dueDate: z.string().nullable(),
  /** Payment: how it was paid, and the check number or transaction id. */
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string(),
  charge: z.string().nullable(),
  payment: z.string().nullable(),
  /** Running balance after this entry. */
  balance: z.string(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const openInvoiceSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  total: z.string(),
  /** Unpaid as of the period end. */
  balance: z.string(),
  daysPastDue: z.number().int(),
  bucket: z.enum(AGING_BUCKETS),
});
export type OpenInvoice = z.infer<typeof openInvoiceSchema>;

export const statementSchema = z.object({
  customer: z.object({
    id: z.string(),
    companyName: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    paymentTermsDays: z.number().int(),
  }),
  from: z.string(),
  to: z.string(),
  openingBalance: z.string(),
  invoiced: z.string(),
  paid: z.string(),
  closingBalance: z.string(),
  entries: z.array(statementEntrySchema),
  openInvoices: z.array(openInvoiceSchema),
  aging: agingSchema,
});
export type Statement = z.infer<typeof statementSchema>;

// ---- Receivables by customer (the statements screen's list)

export const RECEIVABLE_SORTS = ["companyName", "balance", "pastDue", "over90"] as const;
export const receivablesFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** Aging as of this day (default today). */
  asOf: z.iso.date().optional(),
  /** `open`: only customers that owe something; `pastDue`: only those with a past-due amount. */
  balance: z.enum(["open", "pastDue"]).optional(),
  sort: z.enum(RECEIVABLE_SORTS).default("balance"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type ReceivablesFilter = z.infer<typeof receivablesFilterSchema>;
export const receivablesQuerySchema = pageQuerySchema.extend(receivablesFilterSchema.shape);
export type ReceivablesQuery = z.infer<typeof receivablesQuerySchema>;
export const receivablesExportQuerySchema = receivablesFilterSchema.extend({
  format: z.enum(["csv", "xlsx"]).default("csv"),
});

export const receivableSchema = z.object({
  customerId: z.string(),
  companyName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  openInvoices: z.number().int(),
  aging: agingSchema,
  pastDue: z.string(),
});
export type Receivable = z.infer<typeof receivableSchema>;
export const receivablesPageSchema = pageSchema(receivableSchema).extend({
  asOf: z.string(),
  totals: agingSchema,
});
export type ReceivablesPage = z.infer<typeof receivablesPageSchema>;
