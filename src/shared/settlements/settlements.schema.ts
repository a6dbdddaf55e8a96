import { z } from "zod";
import { LEDGER_PAYMENT_METHODS, positiveMoney } from "../accounting/ledger.schema";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { isMaskedTaxId, WORKER_TYPES } from "../drivers/management.schema";
import { EXPORT_FORMATS } from "../fuel/fuel.schema";
import { PAY_TYPES } from "../loads/loads.schema";
import { PAY_FREQUENCIES, PERCENTAGE_BASES } from "./pay";

/**
 * Driver settlements (`/accounting/settlements`): one per driver per pay period — the loads the
 * driver completed, additions, deductions, gross, net — drafted, approved (locked), paid (the ledger's
 * "driver pay" expense and the paid statement) or void. Decision 025.
 */

export { WORKER_TYPES, type WorkerType } from "../drivers/management.schema";

export const SETTLEMENT_STATUSES = ["draft", "approved", "paid", "void"] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const LINE_SECTIONS = ["earning", "addition", "deduction"] as const;
export type LineSection = (typeof LINE_SECTIONS)[number];

/** What a person may add to a draft, per section (the others are written by the service). */
export const ADDITION_KINDS = [
  "detention",
  "layover",
  "bonus",
  "reimbursement_tolls",
  "reimbursement_lumper",
  "reimbursement_parking",
  "reimbursement_repairs",
  "escrow_return",
  "adjustment",
  "other",
] as const;
export const DEDUCTION_KINDS = [
  "fuel_advance",
  "cash_advance",
  "fuel_card",
  "citation",
  "escrow",
  "truck_lease",
  "insurance",
  "eld",
  "backup_withholding",
  "adjustment",
  "other",
] as const;
/** Written by the service: a load's pay, and a negative net carried into the next period. */
export const SYSTEM_LINE_KINDS = ["load", "carry_forward", "carried_over"] as const;
/** What a person may add, either section. */
export const MANUAL_LINE_KINDS = [
  "detention",
  "layover",
  "bonus",
  "reimbursement_tolls",
  "reimbursement_lumper",
  "reimbursement_parking",
  "reimbursement_repairs",
  "escrow_return",
  "fuel_advance",
  "cash_advance",
  "fuel_card",
  "citation",
  "escrow",
  "truck_lease",
  "insurance",
  "eld",
  "backup_withholding",
  "adjustment",
  "other",
] as const;
export const LINE_KINDS = [...SYSTEM_LINE_KINDS, ...MANUAL_LINE_KINDS] as const;
export type AdditionKind = (typeof ADDITION_KINDS)[number];
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];
export type SettlementLineKind = (typeof LINE_KINDS)[number];

/** Reimbursements carry the driver's receipt. */
export const RECEIPT_KINDS: readonly SettlementLineKind[] = [
  "reimbursement_tolls",
  "reimbursement_lumper",
  "reimbursement_parking",
  "reimbursement_repairs",
];

/** Standing deductions: taken every period until stopped or, with a total, until it is recovered. */
export const STANDING_DEDUCTION_KINDS = [
  "escrow",
  "truck_lease",
  "insurance",
  "eld",
  "fuel_advance",
  "cash_advance",
  "other",
] as const;
export type StandingDeductionKind = (typeof STANDING_DEDUCTION_KINDS)[number];
/** Advances need their source, their amount (the total) and a per-period cap. */
export const ADVANCE_KINDS: readonly StandingDeductionKind[] = ["fuel_advance", "cash_advance"];

/** A terminated owner-operator's escrow is returned within this many days (49 CFR 376.12(k)(6)). */
export const ESCROW_RETURN_DAYS = 45;

export const SETTLEMENT_MESSAGES = {
  kindRequired: "Choose what the line is for.",
  descriptionLong: "At most 200 characters.",
  amountRequired: "Enter the amount.",
  reasonRequired: "Give the reason.",
  paidOnRequired: "Enter the payment date.",
  methodRequired: "Choose how it was paid.",
  periodInvalid: "Choose a pay period.",
  sourceRequired: "Say where the advance came from.",
  capRequired: "Enter how much to recover each period.",
  totalRequired: "Enter the amount advanced.",
  locked: "This settlement is approved and cannot change. Put corrections on the next settlement.",
  alreadyPaid: "This settlement is paid already.",
  notApproved: "Approve the settlement before paying it.",
  loadSettled: "This load is on another settlement already.",
  notDraft: "Only a draft can be approved.",
  paidCannotVoid: "A paid settlement cannot be voided. Put corrections on the next settlement.",
  missingPay: "Some loads have no driver pay. Set their pay type and rate first.",
  loadNotEligible: "Only the driver's completed loads can be added.",
  adjustsOwn: "An adjustment corrects an earlier settlement of the same driver.",
  systemLine: "This line is kept by the settlement itself.",
  frequencyRequired: "Choose how often drivers are paid.",
  baseRequired: "Choose what a percentage is of.",
  einFormat: "Enter the EIN as 12-3456789.",
  driverRequired: "Choose a driver.",
  startRequired: "Enter the start date.",
  receiptRequired: "Choose the receipt: a PDF or a photo.",
  receiptKindOnly: "Only a reimbursement carries a receipt.",
  carryForward:
    "This deduction is more than the settlement pays. Confirm to carry the rest to the driver's next settlement.",
} as const;

// ---- Settings

export const paySettingsSchema = z.object({
  frequency: z.enum(PAY_FREQUENCIES),
  /** 0 = Sunday … 6 = Saturday; weekly and every-two-weeks periods end on it. */
  endWeekday: z.number().int().min(0).max(6),
  percentageBase: z.enum(PERCENTAGE_BASES),
  /** Company-paid citations are charged back on the driver's next settlement. */
  chargeBackCitations: z.boolean(),
  /** Owner-operators' fuel-card purchases (the fuel log) are deducted from their settlement. */
  deductFuelCard: z.boolean(),
  /** The payer's EIN for 1099s; only `drivers:taxId` roles receive it whole. */
  payerTin: z.string(),
  updatedAt: z.string().nullable(),
});
export type PaySettings = z.infer<typeof paySettingsSchema>;

export const paySettingsInputSchema = z.object({
  frequency: z.enum(PAY_FREQUENCIES, { message: SETTLEMENT_MESSAGES.frequencyRequired }),
  endWeekday: z.coerce.number().int().min(0).max(6),
  percentageBase: z.enum(PERCENTAGE_BASES, { message: SETTLEMENT_MESSAGES.baseRequired }),
  chargeBackCitations: z.boolean().default(false),
  deductFuelCard: z.boolean().default(true),
  /** Empty keeps the stored one when it arrives masked; "" clears nothing. */
  payerTin: z
    .string()
    .trim()
    .max(20)
    .default("")
    .refine((v) => v === "" || isMaskedTaxId(v) || /^\d{2}-?\d{7}$/.test(v), {
      message: SETTLEMENT_MESSAGES.einFormat,
    }),
});
export type PaySettingsInput = z.input<typeof paySettingsInputSchema>;
export type PaySettingsValues = z.output<typeof paySettingsInputSchema>;

// ---- Lines

export const settlementLineSchema = z.object({
  id: z.string(),
  section: z.enum(LINE_SECTIONS),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  /**
   * Positive; the section says whether it adds or deducts — except `carry_forward`: a negative
   * deduction, the part of the deductions handed on to the next settlement (never an addition).
   */
  amount: z.string(),
  load: z
    .object({
      id: z.string(),
      loadNumber: z.string(),
      pickupCity: z.string(),
      pickupState: z.string(),
      deliveryCity: z.string(),
      deliveryState: z.string(),
      deliveredAt: z.string().nullable(),
    })
    .nullable(),
  /** How a load's pay was computed. */
  payType: z.enum(PAY_TYPES).nullable(),
  payRate: z.string().nullable(),
  percentageBase: z.enum(PERCENTAGE_BASES).nullable(),
  baseAmount: z.string().nullable(),
  miles: z.string().nullable(),
  /** The load's miles are the offline estimate (issue 40): the statement says "(estimated)". */
  milesEstimated: z.boolean(),
  /**
   * A draft's per-mile line computed on other miles than the load has now (an override, a recompute,
   * a routing engine's refinement since): the load's miles now — Refresh recomputes the line. Null
   * otherwise, and always on an approved, paid or void settlement (they never change).
   */
  milesNow: z.string().nullable(),
  /** The rate came from the driver's default, not the load (spec section 5). */
  fromDriverDefault: z.boolean(),
  /** A standing deduction's balance left after this line (advances, leases with a total, escrow target). */
  remainingAfter: z.string().nullable(),
  adjustsSettlement: z.object({ id: z.string(), number: z.string() }).nullable(),
  hasReceipt: z.boolean(),
  /** The receipt's file name, for the link that opens it. */
  receiptFileName: z.string().nullable(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

const optionalId = z
  .union([z.uuid(), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => v || null);

/** A line a person adds to a draft (reimbursement receipts go with the multipart form). */
export const addLineSchema = z
  .object({
    section: z.enum(["addition", "deduction"], { message: SETTLEMENT_MESSAGES.kindRequired }),
    kind: z.enum(MANUAL_LINE_KINDS, { message: SETTLEMENT_MESSAGES.kindRequired }),
    description: z.string().trim().max(200, { message: SETTLEMENT_MESSAGES.descriptionLong }).default(""),
    amount: positiveMoney,
    /** An adjustment names the earlier settlement it corrects. */
    adjustsSettlementId: optionalId,
    /**
     * A deduction larger than what the settlement still pays is refused (409 CARRY_FORWARD_UNCONFIRMED,
     * `details.carriedForward`) unless this confirms carrying the rest to the next settlement.
     */
    allowCarryForward: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const kinds: readonly string[] = v.section === "addition" ? ADDITION_KINDS : DEDUCTION_KINDS;
    if (!kinds.includes(v.kind))
      ctx.addIssue({ code: "custom", message: SETTLEMENT_MESSAGES.kindRequired, path: ["kind"] });
  });
export type AddLineInput = z.input<typeof addLineSchema>;
export type AddLineValues = z.output<typeof addLineSchema>;

export const addLoadSchema = z.object({ loadId: z.uuid({ message: SETTLEMENT_MESSAGES.loadNotEligible }) });

// ---- Settlement

export const settlementSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  driver: z.object({ id: z.string(), fullName: z.string(), workerType: z.enum(WORKER_TYPES) }),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  loadCount: z.number().int(),
  earnings: z.string(),
  additions: z.string(),
  /** Earnings + additions. */
  gross: z.string(),
  /** What the settlement deducts: the deductions due less what it carries to the next period. */
  deductions: z.string(),
  /** Gross − deductions; never below zero (a carry-forward line hands the rest to the next period). */
  net: z.string(),
  paidOn: z.string().nullable(),
  /** Loads without driver pay: approval waits for them. */
  missingPay: z.number().int(),
});
export type SettlementSummary = z.infer<typeof settlementSummarySchema>;

export const settlementSchema = settlementSummarySchema.extend({
  lines: z.array(settlementLineSchema),
  payMethod: z.enum(LEDGER_PAYMENT_METHODS).nullable(),
  payReference: z.string(),
  voidReason: z.string().nullable(),
  notes: z.string(),
  approvedAt: z.string().nullable(),
  approvedByName: z.string().nullable(),
  paidByName: z.string().nullable(),
  /** The driver's escrow held after this settlement. */
  escrowBalance: z.string(),
  /** The driver's gross on paid settlements this calendar year, through this one. */
  yearToDateGross: z.string(),
  /**
   * The deductions this settlement could not take (more than it pays), carried to the driver's next
   * settlement as a deduction; "0.00" when none. Never part of gross.
   */
  carriedForward: z.string(),
  createdAt: z.string(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const SETTLEMENT_SORTS = ["periodEnd", "driver", "net", "status"] as const;

export const settlementFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  driverId: z.uuid().optional(),
  /** Periods ending on or after / before. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(SETTLEMENT_SORTS).default("periodEnd"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type SettlementFilter = z.infer<typeof settlementFilterSchema>;
export const settlementListQuerySchema = pageQuerySchema.extend(settlementFilterSchema.shape);
export type SettlementListQuery = z.infer<typeof settlementListQuerySchema>;
export const settlementExportQuerySchema = settlementFilterSchema.extend({ format: z.enum(EXPORT_FORMATS) });

export const settlementTotalsSchema = z.object({
  draft: z.number().int(),
  approved: z.number().int(),
  /** Approved and not yet paid: what the company owes its drivers. */
  approvedNet: z.string(),
  paidThisMonth: z.string(),
});
export const settlementPageSchema = pageSchema(settlementSummarySchema).extend({
  totals: settlementTotalsSchema,
  /** The current period under the company's rule. */
  currentPeriod: z.object({ start: z.string(), end: z.string() }),
});
export type SettlementPage = z.infer<typeof settlementPageSchema>;

export const generateSchema = z.object({
  periodStart: z.iso.date({ message: SETTLEMENT_MESSAGES.periodInvalid }),
  periodEnd: z.iso.date({ message: SETTLEMENT_MESSAGES.periodInvalid }),
});
export type GenerateInput = z.infer<typeof generateSchema>;
export const generateResultSchema = z.object({
  created: z.number().int(),
  /** Drafts that gained loads completed since they were generated. */
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type GenerateResult = z.infer<typeof generateResultSchema>;

export const paySettlementSchema = z.object({
  paidOn: z.iso.date({ message: SETTLEMENT_MESSAGES.paidOnRequired }),
  method: z.enum(LEDGER_PAYMENT_METHODS, { message: SETTLEMENT_MESSAGES.methodRequired }),
  reference: z.string().trim().max(80).default(""),
});
export type PaySettlementInput = z.input<typeof paySettlementSchema>;

export const voidSettlementSchema = z.object({
  reason: z
    .string({ message: SETTLEMENT_MESSAGES.reasonRequired })
    .trim()
    .min(1, { message: SETTLEMENT_MESSAGES.reasonRequired })
    .max(500),
});

export const settlementNotesSchema = z.object({ notes: z.string().trim().max(1000).default("") });

/** A completed load of the driver no live settlement holds (to add to a draft by hand). */
export const unsettledLoadSchema = z.object({
  id: z.string(),
  loadNumber: z.string(),
  deliveredAt: z.string().nullable(),
  pickupCity: z.string(),
  deliveryCity: z.string(),
});
export type UnsettledLoad = z.infer<typeof unsettledLoadSchema>;

// ---- Standing deductions

export const standingDeductionSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  kind: z.enum(STANDING_DEDUCTION_KINDS),
  description: z.string(),
  /** Taken each period (for advances: the recovery cap). */
  perPeriod: z.string(),
  /** The amount to reach (an advance, a lease's balance, an escrow target); null = every period. */
  total: z.string().nullable(),
  /** Taken so far on live settlements. */
  taken: z.string(),
  remaining: z.string().nullable(),
  source: z.string(),
  startsOn: z.string(),
  active: z.boolean(),
});
export type StandingDeduction = z.infer<typeof standingDeductionSchema>;

export const standingDeductionInputSchema = z
  .object({
    driverId: z.uuid({ message: SETTLEMENT_MESSAGES.driverRequired }),
    kind: z.enum(STANDING_DEDUCTION_KINDS, { message: SETTLEMENT_MESSAGES.kindRequired }),
    description: z.string().trim().max(200, { message: SETTLEMENT_MESSAGES.descriptionLong }).default(""),
    perPeriod: positiveMoney,
    total: z
      .union([positiveMoney, z.literal("")])
      .nullable()
      .optional()
      .transform((v) => v || null),
    source: z.string().trim().max(120).default(""),
    startsOn: z.iso.date({ message: SETTLEMENT_MESSAGES.startRequired }),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (ADVANCE_KINDS.includes(v.kind)) {
      if (!v.source)
        ctx.addIssue({ code: "custom", message: SETTLEMENT_MESSAGES.sourceRequired, path: ["source"] });
      if (!v.total)
        ctx.addIssue({ code: "custom", message: SETTLEMENT_MESSAGES.totalRequired, path: ["total"] });
    }
  });
export type StandingDeductionInput = z.input<typeof standingDeductionInputSchema>;
export type StandingDeductionValues = z.output<typeof standingDeductionInputSchema>;

export const standingDeductionQuerySchema = z.object({
  driverId: z.uuid().optional(),
  active: z.enum(["true", "false"]).optional(),
});

/** A terminated driver's escrow the company still holds, and the day it must be returned by. */
export const escrowDueSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  balance: z.string(),
  terminatedOn: z.string(),
  dueBy: z.string(),
  overdue: z.boolean(),
});
export type EscrowDue = z.infer<typeof escrowDueSchema>;

/** A driver's own settlements (their dashboard): read-only, approved and paid ones. */
export const driverSettlementSchema = settlementSummarySchema.pick({
  id: true,
  number: true,
  periodStart: true,
  periodEnd: true,
  status: true,
  gross: true,
  deductions: true,
  net: true,
  paidOn: true,
});
export type DriverSettlement = z.infer<typeof driverSettlementSchema>;

/** An earlier approved or paid settlement of the same driver, which an adjustment may correct. */
export const adjustableSettlementSchema = z.object({
  id: z.string(),
  number: z.string(),
  periodEnd: z.string(),
});
export type AdjustableSettlement = z.infer<typeof adjustableSettlementSchema>;

// ---- Paid statements (`/accounting/statements`): the spec's Statement, one per paid settlement

export const paidStatementSchema = z.object({
  /** The settlement's id (its PDF is the statement). */
  id: z.string(),
  number: z.string(),
  driver: z.object({ id: z.string(), fullName: z.string(), workerType: z.enum(WORKER_TYPES) }),
  /** The month paid, YYYY-MM. */
  month: z.string(),
  /** The payment date. */
  statementDate: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  loadsIncluded: z.number().int(),
  /** The first load numbers (the PDF lists all). */
  loadNumbers: z.array(z.string()),
  gross: z.string(),
  deductions: z.string(),
  totalPaid: z.string(),
  payMethod: z.enum(LEDGER_PAYMENT_METHODS).nullable(),
  payReference: z.string(),
  /** The driver's gross paid in the statement's calendar year, through this statement. */
  yearToDateGross: z.string(),
  /** The driver's net paid in that year through this statement. */
  yearToDatePaid: z.string(),
});
export type PaidStatement = z.infer<typeof paidStatementSchema>;

export const PAID_STATEMENT_SORTS = ["statementDate", "driver", "totalPaid"] as const;
export const paidStatementFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  driverId: z.uuid().optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(PAID_STATEMENT_SORTS).default("statementDate"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type PaidStatementFilter = z.infer<typeof paidStatementFilterSchema>;
export const paidStatementQuerySchema = pageQuerySchema.extend(paidStatementFilterSchema.shape);
export type PaidStatementQuery = z.infer<typeof paidStatementQuerySchema>;
export const paidStatementExportSchema = paidStatementFilterSchema.extend({ format: z.enum(EXPORT_FORMATS) });
export type PaidStatementExportQuery = z.infer<typeof paidStatementExportSchema>;
export const paidStatementPageSchema = pageSchema(paidStatementSchema).extend({
  /** Over every statement the filters match. */
  totals: z.object({ count: z.number().int(), totalPaid: z.string(), gross: z.string() }),
});
export type PaidStatementPage = z.infer<typeof paidStatementPageSchema>;
