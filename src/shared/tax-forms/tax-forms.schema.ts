import { z } from "zod";

/**
 * 1099-NEC tax forms (`/accounting/tax-forms`) for independent-contractor drivers: nonemployee
 * compensation (box 1) paid in a calendar year by payment date, backup withholding (box 4), the
 * blockers to fix before anything is produced, the forms, e-delivery, the IRIS upload file and
 * corrections. Decision 025.
 */

/**
 * The filing threshold by the year of payment: USD 600 for payments through 2025, USD 2,000 for
 * payments made in 2026, indexed for inflation after that — add the year's published figure here
 * (until then the latest known applies).
 */
export const NEC_THRESHOLDS: ReadonlyArray<{ fromYear: number; amount: string }> = [
  { fromYear: 0, amount: "600.00" },
  { fromYear: 2026, amount: "2000.00" },
];

export function necThreshold(taxYear: number): string {
  let amount = NEC_THRESHOLDS[0].amount;
  for (const t of NEC_THRESHOLDS) if (t.fromYear <= taxYear) amount = t.amount;
  return amount;
}

/**
 * January 31 after the tax year — recipient copies and filing alike — moved to the next business day
 * when it falls on a weekend (tax year 2026: Sunday 2027-01-31 → Monday 2027-02-01).
 */
export function necDueDate(taxYear: number): string {
  const due = new Date(Date.UTC(taxYear + 1, 0, 31));
  const day = due.getUTCDay();
  if (day === 6) due.setUTCDate(due.getUTCDate() + 2);
  if (day === 0) due.setUTCDate(due.getUTCDate() + 1);
  return due.toISOString().slice(0, 10);
}

/** Filing electronically is mandatory from this many information returns in a year. */
export const E_FILE_THRESHOLD = 10;
/** Returns for tax year 2026 on (filed from 2027) go through IRIS only (FIRE retires). */
export const IRIS_ONLY_FROM_TAX_YEAR = 2026;

/**
 * What keeps a form from being produced. `tin_kind_unknown`: nine digits without a dash could be an SSN
 * or an EIN — the IRIS file must say which, and Copy B masks it in its own shape.
 */
export const TAX_FORM_BLOCKERS = [
  "missing_tin",
  "malformed_tin",
  "tin_kind_unknown",
  "missing_address",
] as const;
export type TaxFormBlocker = (typeof TAX_FORM_BLOCKERS)[number];
export const PAYER_BLOCKERS = ["missing_payer_tin", "malformed_payer_tin"] as const;
export type PayerBlocker = (typeof PAYER_BLOCKERS)[number];

export const TAX_FORM_MESSAGES = {
  payerBlocked: "Enter the company's EIN in the pay settings first.",
  nothingToProduce: "No form can be produced yet: fix the blockers listed first.",
  notReportable: "This driver has no form for that year.",
  earlyRequired:
    'This tax year is not over: pay can still change. To send its forms now, choose "Issue early" and give the reason.',
  earlyReason: "Give the reason for issuing early.",
  nothingToIssue: "Every form of this year that can be produced is issued already.",
  correctInstead:
    'The forms of this year are issued already and some amounts changed since: send corrected forms with "Correct forms".',
  nothingToCorrect: "No issued form of this year has changed: there is nothing to correct.",
} as const;

export const taxFormRowSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  /**
   * Masked in its own shape (`***-**-1234`, `**-***1234`) for every role: a screen never needs the
   * whole TIN; the IRIS file (Copy A) carries it.
   */
  tin: z.string().nullable(),
  tinType: z.enum(["SSN", "EIN"]).nullable(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  email: z.string().nullable(),
  econsent: z.boolean(),
  /** Nonemployee compensation paid in the year. */
  box1: z.string(),
  /** Federal income tax withheld (backup withholding). */
  box4: z.string(),
  /** At or above the year's threshold, or with tax withheld: a form is required. */
  reportable: z.boolean(),
  blockers: z.array(z.enum(TAX_FORM_BLOCKERS)),
  issued: z
    .object({
      at: z.string(),
      box1: z.string(),
      box4: z.string(),
      corrected: z.boolean(),
      emailedAt: z.string().nullable(),
    })
    .nullable(),
  /** Issued, and the paid settlements of the year now add up to something else: a corrected form is due. */
  needsCorrection: z.boolean(),
});
export type TaxFormRow = z.infer<typeof taxFormRowSchema>;

export const taxYearSchema = z.object({
  taxYear: z.number().int(),
  threshold: z.string(),
  dueDate: z.string(),
  reportableCount: z.number().int(),
  eFileRequired: z.boolean(),
  irisOnly: z.boolean(),
  payer: z.object({ name: z.string(), tin: z.string(), address: z.string(), phone: z.string() }),
  payerBlockers: z.array(z.enum(PAYER_BLOCKERS)),
  items: z.array(taxFormRowSchema),
});
export type TaxYear = z.infer<typeof taxYearSchema>;

const yearField = z.coerce
  .number()
  .int()
  .min(2020, { message: "Choose a tax year." })
  .max(2100, { message: "Choose a tax year." });
export const taxYearQuerySchema = z.object({ year: yearField });
export const taxFormPdfQuerySchema = z.object({
  year: yearField,
  /** One driver's form; without it, every reportable form without blockers in one PDF. */
  driverId: z.uuid().optional(),
});
/**
 * Issuing sends the year's new forms (recorded, Copy B emailed to drivers who consented); correcting
 * sends CORRECTED forms for the issued ones whose amounts changed. Two actions, never one click.
 */
export const ISSUE_ACTIONS = ["issue", "correct"] as const;
export type IssueAction = (typeof ISSUE_ACTIONS)[number];

export const issuePreviewQuerySchema = z.object({
  year: yearField,
  action: z.enum(ISSUE_ACTIONS).default("issue"),
});

/** Why a driver of the year is not in an issue (or a correction). */
export const ISSUE_SKIP_REASONS = [
  /** Under the year's threshold and nothing withheld. */
  "not_required",
  /** A TIN or address blocker. */
  "blocked",
  /** Issuing: issued already with the same amounts. Correcting: issued, amounts unchanged. */
  "issued",
  /** Issuing: issued already, and the amounts changed since — that is a correction. */
  "needs_correction",
  /** Correcting: never issued — that is an issue. */
  "not_issued",
] as const;
export type IssueSkipReason = (typeof ISSUE_SKIP_REASONS)[number];

export const issuePreviewItemSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  /** Masked in its own shape, as on the list. */
  tin: z.string().nullable(),
  box1: z.string(),
  box4: z.string(),
  /** Null when this action issues the form; otherwise why not. */
  skipped: z.enum(ISSUE_SKIP_REASONS).nullable(),
  blockers: z.array(z.enum(TAX_FORM_BLOCKERS)),
  /**
   * Where Copy B goes by email — the address masked (`n***@example.com`) — when the driver consented
   * to electronic delivery and has one; null: the company mails it on paper.
   */
  emailTo: z.string().nullable(),
});
export type IssuePreviewItem = z.infer<typeof issuePreviewItemSchema>;

export const issuePreviewSchema = z.object({
  taxYear: z.number().int(),
  action: z.enum(ISSUE_ACTIONS),
  /** The tax year is not over in the company's time zone: the action needs `early` and a reason. */
  early: z.boolean(),
  /** The day the tax year ends (January 1 after it), in the company's time zone. */
  yearOverOn: z.string(),
  payerBlockers: z.array(z.enum(PAYER_BLOCKERS)),
  /** The forms this action sends first, then the drivers it leaves out with the reason. */
  items: z.array(issuePreviewItemSchema),
  included: z.number().int(),
  emailed: z.number().int(),
  skipped: z.number().int(),
});
export type IssuePreview = z.infer<typeof issuePreviewSchema>;

export const ISSUE_REASON_MAX = 500;

/** The body of both actions: the year, and for a year not over yet `early` with the reason. */
export const issueTaxFormsSchema = z
  .object({
    year: yearField,
    early: z.boolean().default(false),
    reason: z
      .string()
      .trim()
      .max(ISSUE_REASON_MAX, { message: `Use at most ${ISSUE_REASON_MAX} characters.` })
      .default(""),
  })
  .superRefine((v, ctx) => {
    if (v.early && !v.reason)
      ctx.addIssue({ code: "custom", message: TAX_FORM_MESSAGES.earlyReason, path: ["reason"] });
  });
export type IssueTaxFormsInput = z.input<typeof issueTaxFormsSchema>;
export type IssueTaxFormsValues = z.output<typeof issueTaxFormsSchema>;

export const issueResultSchema = z.object({
  issued: z.number().int(),
  corrected: z.number().int(),
  emailed: z.number().int(),
  /** The year's drivers this action left out (see the preview for why). */
  skipped: z.number().int(),
});
export type IssueResult = z.infer<typeof issueResultSchema>;

/** Whole TINs — the IRIS file, unmasked forms — need this permission too. */
export const WHOLE_TIN_PERMISSION = "drivers:taxId" as const;
