import { z } from "zod";

/**
 * Reports (`/reports/:reportId`, issue 15). Every report is answered as one document — KPI tiles,
 * tables and charts drawn from those tables — so the page, the PDF, the CSV and the Excel file are
 * all renderings of the same figures (decision 027). Labels travel as a kind and a value and are
 * worded by the reader's language; money and quantities travel as exact decimal strings.
 */
export const REPORT_IDS = [
  "overview",
  "financial",
  "operational",
  "maintenance",
  "compliance",
  "profit-and-loss",
  "ifta",
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** Reports holding the ledger's figures: only the roles that read the ledger open them (decision 027). */
export const MONEY_REPORTS = ["financial", "profit-and-loss"] as const satisfies readonly ReportId[];

/** Spec section 9's periods (this week, this month, this year) plus what an owner compares with. */
export const PERIOD_PRESETS = [
  "this-week",
  "this-month",
  "this-quarter",
  "this-year",
  "last-week",
  "last-month",
  "last-quarter",
  "last-year",
  "custom",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** A custom range may span at most this many days (ten years). */
export const MAX_PERIOD_DAYS = 3660;

export const REPORT_MESSAGES = {
  customNeedsDates: "Choose the first and last day of the period.",
  fromAfterTo: "The period's first day must not be after its last day.",
  tooLong: "A period can span at most ten years.",
} as const;

const isoDay = z.iso.date();

export const reportQuerySchema = z
  .object({
    period: z.enum(PERIOD_PRESETS).default("this-month"),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== "custom") return;
    if (!q.from || !q.to) {
      ctx.addIssue({
        code: "custom",
        path: [q.from ? "to" : "from"],
        message: REPORT_MESSAGES.customNeedsDates,
      });
      return;
    }
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.fromAfterTo });
    else if (daysBetween(q.from, q.to) + 1 > MAX_PERIOD_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.tooLong });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_FORMATS = ["pdf", "csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_LANGUAGES = ["en", "es", "fr"] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export const reportExportQuerySchema = z
  .object({
    period: z.enum(PERIOD_PRESETS).default("this-month"),
    from: isoDay.optional(),
    to: isoDay.optional(),
    format: z.enum(REPORT_FORMATS),
    lang: z.enum(REPORT_LANGUAGES).default("en"),
  })
  .superRefine((q, ctx) => {
    const parsed = reportQuerySchema.safeParse({ period: q.period, from: q.from, to: q.to });
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom" });
  });
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

export const reportParamsSchema = z.object({ reportId: z.enum(REPORT_IDS) });

/** How a figure is written: money in the company's currency, a count, miles, a share, days… */
export const VALUE_FORMATS = [
  "money",
  "count",
  "number",
  "miles",
  "gallons",
  "percent",
  "days",
  "hours",
  "mpg",
  "rate",
  "date",
  "text",
  "label",
] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

/**
 * What a label's value names, worded by the reader's language through an existing namespace
 * (`LABEL_KEYS`); `text` is printed as it is (a truck's unit, a customer's name), `month` is
 * `YYYY-MM` written as the locale's month name.
 */
export const LABEL_KINDS = [
  "text",
  "month",
  "loadStatus",
  "driverStatus",
  "vehicleStatus",
  "ledgerCategory",
  "aging",
  "inspectionStatus",
  "citationStatus",
  "claimStatus",
  "serviceType",
  "documentKind",
  "maintenanceStatus",
  "subjectKind",
  "milesSource",
  "measure",
  "report",
] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** The i18n key each label kind is worded by (`<prefix><value>`); the reports namespace holds the rest. */
export const LABEL_KEYS: Record<Exclude<LabelKind, "text" | "month">, string> = {
  loadStatus: "loads:status.",
  driverStatus: "drivers:status.",
  vehicleStatus: "fleet:status.",
  ledgerCategory: "accounting:categories.",
  aging: "statements:aging.",
  inspectionStatus: "inspections:status.",
  citationStatus: "citations:status.",
  claimStatus: "accidents:claimStatus.",
  serviceType: "fleet:serviceTypes.",
  documentKind: "reports:documentKinds.",
  maintenanceStatus: "fleet:maintenanceStatus.",
  subjectKind: "reports:subjects.",
  milesSource: "reports:milesSources.",
  measure: "reports:measures.",
  report: "reports:names.",
};

export const labelSchema = z.object({ kind: z.enum(LABEL_KINDS), value: z.string() });
export type ReportLabel = z.infer<typeof labelSchema>;

/**
 * A sentence worded by the reader's language (`reports:notes.<key>`), its values formatted like
 * figures: a warning over a section, or what an incomplete figure or total shows instead of a number.
 */
export const reportNoteSchema = z.object({
  key: z.string(),
  /** An array, not a record: the record schema alone would add a kilobyte to every screen's zod. */
  values: z.array(z.object({ name: z.string(), value: z.string(), format: z.enum(VALUE_FORMATS) })),
});
export type ReportNote = z.infer<typeof reportNoteSchema>;

/** A KPI tile: the period's figure, the previous period's, and the list it is made of. */
export const reportFigureSchema = z.object({
  key: z.string(),
  format: z.enum(VALUE_FORMATS),
  value: z.string().nullable(),
  /** The same figure for the previous period of the same length (null when it has no meaning). */
  previous: z.string().nullable(),
  /** Whether a rise is good news (revenue) or bad (costs, overdue items): colours the change. */
  higherIsBetter: z.boolean().nullable(),
  link: z.string().nullable(),
  /**
   * Set when the figure cannot be final yet (the IFTA tax while a jurisdiction has no rate): the
   * value is null and the reader sees these words instead, on the page and in every download.
   */
  incomplete: reportNoteSchema.nullable(),
});
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export const reportColumnSchema = z.object({
  key: z.string(),
  format: z.enum(VALUE_FORMATS),
  /** For `label` columns: what the cells name. */
  labelKind: z.enum(LABEL_KINDS).optional(),
  /** The column's total is not final: its total cell is null and shows these words. */
  incomplete: reportNoteSchema.optional(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportRowSchema = z.object({
  label: labelSchema,
  /** One cell per column after the label column; numbers as exact decimal strings. */
  values: z.array(z.string().nullable()),
  /** The filtered list (or record) behind the row. */
  link: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportTableSchema = z.object({
  key: z.string(),
  /** What the label column names (its header word). */
  labelHeader: z.string(),
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
  /** A last row adding the columns up (the label is "Total"). */
  total: z.array(z.string().nullable()).nullable(),
  /** When the table shows the first N rows of more. */
  truncated: z.boolean(),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

export const CHART_KINDS = ["bar", "stacked-bar", "line", "pie"] as const;
export const reportChartSchema = z.object({
  key: z.string(),
  kind: z.enum(CHART_KINDS),
  /** The table it draws (its accessible table view), and which of its columns are series. */
  table: z.string(),
  series: z.array(z.string()),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportPeriodSchema = z.object({
  preset: z.enum(PERIOD_PRESETS),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  days: z.number().int(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportSectionSchema = z.object({
  key: z.string(),
  /** What the reader must know before trusting the section's figures (shown above them). */
  warnings: z.array(reportNoteSchema),
  figures: z.array(reportFigureSchema),
  charts: z.array(reportChartSchema),
  tables: z.array(reportTableSchema),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

export const reportSchema = z.object({
  id: z.enum(REPORT_IDS),
  period: reportPeriodSchema,
  /** The company's currency and time zone: every figure is in these. */
  currency: z.string(),
  timeZone: z.string(),
  generatedAt: z.string(),
  /** False while any figure or total is incomplete (`incomplete`): not a figure to file or pay. */
  final: z.boolean(),
  sections: z.array(reportSectionSchema),
});
export type Report = z.infer<typeof reportSchema>;

/** The reports the caller's role opens, for the report menu. */
export const reportListSchema = z.object({ items: z.array(z.enum(REPORT_IDS)) });
export type ReportList = z.infer<typeof reportListSchema>;

// ---- Periods (calendar arithmetic on ISO days; weeks start on Monday, ISO 8601)

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}
function monthStart(day: string, offset = 0): string {
  const d = new Date(toUtc(day));
  return fromUtc(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
}
function quarterStart(day: string, offset = 0): string {
  const d = new Date(toUtc(day));
  return fromUtc(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3 + offset * 3, 1));
}
function yearStart(day: string, offset = 0): string {
  return `${Number(day.slice(0, 4)) + offset}-01-01`;
}
function weekStart(day: string, offset = 0): string {
  const weekday = (new Date(toUtc(day)).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -weekday + offset * 7);
}

/** The calendar quarter of a day, e.g. `2026-Q3` (IFTA returns and tax rates are per quarter). */
export function quarterOf(day: string): string {
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}
export const quarterSchema = z.string().regex(/^\d{4}-Q[1-4]$/, "A quarter looks like 2026-Q3.");

/**
 * The days a preset covers on the company's `today`, and the previous period it is compared with:
 * the previous calendar unit for calendar presets, the same number of days just before for a custom
 * range. A calendar period covers the whole unit (this month is the 1st to the last day, so loads
 * already booked for later this month count).
 */
export function resolvePeriod(
  query: { period: PeriodPreset; from?: string; to?: string },
  today: string,
): ReportPeriod {
  const unit = (start: (d: string, o?: number) => string, offset: number) => {
    const from = start(today, offset);
    return {
      from,
      to: addDays(start(today, offset + 1), -1),
      previousFrom: start(today, offset - 1),
      previousTo: addDays(from, -1),
    };
  };
  const custom = () => {
    const from = query.from ?? today;
    const to = query.to ?? today;
    return {
      from,
      to,
      previousFrom: addDays(from, -(daysBetween(from, to) + 1)),
      previousTo: addDays(from, -1),
    };
  };
  const days = {
    "this-week": () => unit(weekStart, 0),
    "last-week": () => unit(weekStart, -1),
    "this-month": () => unit(monthStart, 0),
    "last-month": () => unit(monthStart, -1),
    "this-quarter": () => unit(quarterStart, 0),
    "last-quarter": () => unit(quarterStart, -1),
    "this-year": () => unit(yearStart, 0),
    "last-year": () => unit(yearStart, -1),
    custom,
  }[query.period]();
  return { preset: query.period, ...days, days: daysBetween(days.from, days.to) + 1 };
}

/** The months (`YYYY-MM`) a period touches, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = monthStart(from); m <= to; m = monthStart(m, 1)) months.push(m.slice(0, 7));
  return months;
}

// ---- IFTA: the quarter's tax rates (entered by the user every quarter) and miles by jurisdiction

export const iftaRateSchema = z.object({
  jurisdiction: z.string(),
  /** Dollars per gallon of diesel, e.g. "0.3550" (exact decimal string, up to 4 places). */
  rate: z.string(),
});
export type IftaRate = z.infer<typeof iftaRateSchema>;

export const IFTA_MESSAGES = {
  rateInvalid: "Enter the rate per gallon, e.g. 0.355.",
  jurisdictionUnknown: "Choose a state or province.",
  milesInvalid: "Enter the miles driven in that jurisdiction.",
  duplicateJurisdiction: "Each jurisdiction appears once.",
} as const;

/**
 * A fleet's plausible miles per gallon: a loaded tractor-trailer does 5–8, nothing on the road does
 * less than 3 or more than 12. Outside it the fuel log or the miles by state are wrong or incomplete.
 */
export const IFTA_PLAUSIBLE_MPG = { min: 3, max: 12 } as const;

export const iftaRatesSchema = z.object({ quarter: quarterSchema, rates: z.array(iftaRateSchema) });
export type IftaRates = z.infer<typeof iftaRatesSchema>;
export const iftaRatesQuerySchema = z.object({ quarter: quarterSchema });

const rateText = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,4})?$/, IFTA_MESSAGES.rateInvalid);
export const iftaRatesInputSchema = z.object({
  rates: z
    .array(
      z.object({
        jurisdiction: z.string().trim().length(2, IFTA_MESSAGES.jurisdictionUnknown),
        rate: rateText,
      }),
    )
    .max(80)
    .refine((rows) => new Set(rows.map((r) => r.jurisdiction)).size === rows.length, {
      message: IFTA_MESSAGES.duplicateJurisdiction,
    }),
});
export type IftaRatesInput = z.infer<typeof iftaRatesInputSchema>;
