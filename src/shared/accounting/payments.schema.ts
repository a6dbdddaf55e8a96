import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { LEDGER_DIRECTIONS, LEDGER_PAYMENT_METHODS, ledgerTotalsSchema } from "./ledger.schema";

/**
 * Payments (`/accounting`): what the company owes and is owed (open bills, open customer invoices)
 * and what it has paid and received (bill and invoice payments), approved driver settlements and their
 * payments, in one list with three views —
 * the sidebar's all payments, pending payments and paid history.
 */
export const PAYMENT_VIEWS = ["all", "pending", "paid"] as const;
export type PaymentView = (typeof PAYMENT_VIEWS)[number];

/** Settlements: approved and unpaid (owed to a driver), and paid (decision 025). */
export const PAYMENT_KINDS = [
  "bill",
  "invoice",
  "settlement",
  "bill_payment",
  "invoice_payment",
  "settlement_payment",
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_STATUSES = ["overdue", "pending", "paid"] as const;

export const paymentRowSchema = z.object({
  kind: z.enum(PAYMENT_KINDS),
  id: z.string(),
  /** The bill, invoice or settlement the row belongs to. */
  parentId: z.string(),
  /** Due date (owed) or payment date (paid). */
  day: z.string(),
  /** The bill's name, the invoice number or the settlement number. */
  title: z.string(),
  counterparty: z.string(),
  reference: z.string(),
  /** Owed: the balance; paid: the payment. */
  amount: z.string(),
  direction: z.enum(LEDGER_DIRECTIONS),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(LEDGER_PAYMENT_METHODS).nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const PAYMENT_SORTS = ["day", "amount"] as const;

export const paymentFilterSchema = z.object({
  view: z.enum(PAYMENT_VIEWS).default("all"),
  q: z.string().trim().max(100).optional(),
  direction: z.enum(LEDGER_DIRECTIONS).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(PAYMENT_SORTS).default("day"),
  /** Default: owed soonest first when pending, newest first otherwise. */
  dir: z.enum(["asc", "desc"]).optional(),
});
export type PaymentFilter = z.infer<typeof paymentFilterSchema>;
export const paymentListQuerySchema = pageQuerySchema.extend(paymentFilterSchema.shape);
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
export const paymentPageSchema = pageSchema(paymentRowSchema).extend({ totals: ledgerTotalsSchema });
export type PaymentPage = z.infer<typeof paymentPageSchema>;
