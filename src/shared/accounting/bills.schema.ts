import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { fromCents, toCents } from "../loads/loads.schema";
import { LEDGER_PAYMENT_METHODS, type LedgerCategory, positiveMoney } from "./ledger.schema";

/**
 * Bills (spec section 3, Bill: name, due date, type, service type, contact phone, account number;
 * section 4: one-time or subscription, mark as paid; section 9: upcoming bills cover 7 days).
 */

export const BILL_TYPES = ["one_time", "subscription"] as const;
export type BillType = (typeof BILL_TYPES)[number];

export const BILL_FREQUENCIES = ["weekly", "monthly", "quarterly", "yearly"] as const;
export type BillFrequency = (typeof BILL_FREQUENCIES)[number];

export const BILL_SERVICE_TYPES = [
  "insurance",
  "eld",
  "fuel_card",
  "phone",
  "rent",
  "software",
  "permits",
  "truck_payment",
  "factoring_fees",
  "other",
] as const;
export type BillServiceType = (typeof BILL_SERVICE_TYPES)[number];

/** The ledger category a paid bill posts to. */
export const BILL_LEDGER_CATEGORY: Record<BillServiceType, LedgerCategory> = {
  insurance: "insurance",
  eld: "eld_telematics",
  fuel_card: "fuel",
  phone: "office",
  rent: "office",
  software: "office",
  permits: "permits",
  truck_payment: "equipment_payments",
  factoring_fees: "other",
  other: "other",
};

/** open: waiting to be paid (a subscription always is, at its next due date); paid: a one-time bill settled. */
export const BILL_STATUSES = ["open", "paid", "cancelled"] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** Spec section 9: the upcoming bills window. */
export const UPCOMING_BILLS_DAYS = 7;

export const BILL_MESSAGES = {
  missingInformation: "Missing Information",
  nameRequired: "Enter the bill's name.",
  dueDateRequired: "Enter the due date.",
  typeRequired: "Choose one-time or subscription.",
  serviceTypeRequired: "Choose the service type.",
  frequencyRequired: "Choose how often a subscription repeats.",
  paidOnRequired: "Enter the day it was paid.",
  methodRequired: "Choose how it was paid.",
  alreadyPaid: "This bill is already paid.",
  cancelled: "This bill is cancelled.",
  notLatest: "Only the latest payment of a bill can be taken back.",
} as const;

const optionalId = z
  .union([z.uuid(), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => v || null);

export const billInputSchema = z
  .object({
    name: z
      .string({ message: BILL_MESSAGES.nameRequired })
      .trim()
      .min(1, { message: BILL_MESSAGES.nameRequired })
      .max(120),
    vendor: z.string().trim().max(120).default(""),
    billType: z.enum(BILL_TYPES, { message: BILL_MESSAGES.typeRequired }),
    frequency: z
      .union([z.enum(BILL_FREQUENCIES), z.literal("")])
      .nullable()
      .optional()
      .transform((v) => v || null),
    serviceType: z.enum(BILL_SERVICE_TYPES, { message: BILL_MESSAGES.serviceTypeRequired }),
    amount: positiveMoney,
    dueDate: z.iso.date({ message: BILL_MESSAGES.dueDateRequired }),
    contactPhone: z.string().trim().max(40).default(""),
    accountNumber: z.string().trim().max(60).default(""),
    vehicleId: optionalId,
    notes: z.string().trim().max(1000).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.billType === "subscription" && !v.frequency)
      ctx.addIssue({ code: "custom", message: BILL_MESSAGES.frequencyRequired, path: ["frequency"] });
  })
  .transform((v) => ({ ...v, frequency: v.billType === "subscription" ? v.frequency : null }));
export type BillInput = z.input<typeof billInputSchema>;
export type BillValues = z.output<typeof billInputSchema>;

export const payBillSchema = z.object({
  paidOn: z.iso.date({ message: BILL_MESSAGES.paidOnRequired }),
  /** Default: the bill's amount. */
  amount: z
    .union([positiveMoney, z.literal("")])
    .optional()
    .transform((v) => v || null),
  method: z.enum(LEDGER_PAYMENT_METHODS, { message: BILL_MESSAGES.methodRequired }),
  reference: z.string().trim().max(80).default(""),
});
export type PayBillInput = z.input<typeof payBillSchema>;
export type PayBillValues = z.output<typeof payBillSchema>;

export const billPaymentSchema = z.object({
  id: z.string(),
  /** The due date this payment settled. */
  dueDate: z.string(),
  paidOn: z.string(),
  amount: z.string(),
  method: z.enum(LEDGER_PAYMENT_METHODS),
  reference: z.string(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

export const billSchema = z.object({
  id: z.string(),
  name: z.string(),
  vendor: z.string(),
  billType: z.enum(BILL_TYPES),
  frequency: z.enum(BILL_FREQUENCIES).nullable(),
  serviceType: z.enum(BILL_SERVICE_TYPES),
  amount: z.string(),
  /** The next due date (a paid one-time bill: the date it was due). */
  dueDate: z.string(),
  status: z.enum(BILL_STATUSES),
  contactPhone: z.string(),
  accountNumber: z.string(),
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  notes: z.string(),
  /** Open and due before today (the company's day). */
  overdue: z.boolean(),
  /** Days from today to the due date (negative: overdue); null once paid or cancelled. */
  dueInDays: z.number().int().nullable(),
  lastPaidOn: z.string().nullable(),
  payments: z.array(billPaymentSchema),
  createdAt: z.string(),
});
export type Bill = z.infer<typeof billSchema>;

export const BILL_SORTS = ["dueDate", "amount", "name"] as const;
/** Views: what is owed (open), due within the window or overdue, paid, everything. */
export const BILL_VIEWS = ["open", "upcoming", "overdue", "paid", "all"] as const;
export type BillView = (typeof BILL_VIEWS)[number];

export const billFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  view: z.enum(BILL_VIEWS).default("open"),
  billType: z.enum(BILL_TYPES).optional(),
  serviceType: z.enum(BILL_SERVICE_TYPES).optional(),
  sort: z.enum(BILL_SORTS).default("dueDate"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export type BillFilter = z.infer<typeof billFilterSchema>;
export const billListQuerySchema = pageQuerySchema.extend(billFilterSchema.shape);
export type BillListQuery = z.infer<typeof billListQuerySchema>;

export const billSummarySchema = z.object({
  /** Open bills due within the next UPCOMING_BILLS_DAYS days (today included). */
  upcomingCount: z.number().int(),
  upcomingAmount: z.string(),
  overdueCount: z.number().int(),
  overdueAmount: z.string(),
  /** Paid in the current calendar month. */
  paidThisMonth: z.string(),
});
export type BillSummary = z.infer<typeof billSummarySchema>;
export const billPageSchema = pageSchema(billSchema).extend({ summary: billSummarySchema });
export type BillPage = z.infer<typeof billPageSchema>;

const lastDayOfMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/**
 * The n-th due date of a subscription counted from its first: weekly adds 7 days; monthly, quarterly
 * and yearly keep the first date's day of the month, or the month's last day when it is shorter
 * (Jan 31 → Feb 28 → Mar 31), so a bill never drifts.
 */
export function nthDueDate(first: string, frequency: BillFrequency, n: number): string {
  const [y, m, d] = first.split("-").map(Number);
  if (frequency === "weekly") return new Date(Date.UTC(y, m - 1, d + 7 * n)).toISOString().slice(0, 10);
  const months = n * (frequency === "monthly" ? 1 : frequency === "quarterly" ? 3 : 12);
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month0 = ((total % 12) + 12) % 12;
  const day = Math.min(d, lastDayOfMonth(year, month0));
  return `${year}-${String(month0 + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Days from `today` to `day` (both YYYY-MM-DD). */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** What deleting a bill did: a bill with payments is cancelled instead. */
export const billRemovedSchema = z.object({ cancelled: z.boolean() });
export type BillRemoved = z.infer<typeof billRemovedSchema>;

export const sumAmounts = (values: string[]) => fromCents(values.reduce((s, v) => s + toCents(v), 0));
