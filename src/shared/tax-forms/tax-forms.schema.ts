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

export const TAX_FORM_BLOCKERS = ["missing_tin", "malformed_tin", "missing_address"] as const;
export type TaxFormBlocker = (typeof TAX_FORM_BLOCKERS)[number];
export const PAYER_BLOCKERS = ["missing_payer_tin", "malformed_payer_tin"] as const;
export type PayerBlocker = (typeof PAYER_BLOCKERS)[number];

export const taxFormRowSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  /** Whole for `drivers:taxId` roles, else masked. */
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
export const issueTaxFormsSchema = z.object({ year: yearField });
export const issueResultSchema = z.object({
  issued: z.number().int(),
  corrected: z.number().int(),
  emailed: z.number().int(),
  /** Reportable but blocked, or already issued with the same amounts. */
  skipped: z.number().int(),
});
export type IssueResult = z.infer<typeof issueResultSchema>;

/** Whole TINs — the IRIS file, unmasked forms — need this permission too. */
export const WHOLE_TIN_PERMISSION = "drivers:taxId" as const;

export const TAX_FORM_MESSAGES = {
  payerBlocked: "Enter the company's EIN in the pay settings first.",
  nothingToProduce: "No form can be produced yet: fix the blockers listed first.",
  notReportable: "This driver has no form for that year.",
} as const;
