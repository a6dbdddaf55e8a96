import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { EXPORT_FORMATS } from "../fuel/fuel.schema";

export const TOLL_SOURCES = ["manual", "import"] as const;
export type TollSource = (typeof TOLL_SOURCES)[number];

/** Statements: CSV or Excel, up to 5 MB (a year of a large fleet's tolls is far smaller). */
export const TOLL_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const TOLL_IMPORT_ACCEPT =
  ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Transponder ids are compared without case, spaces or dashes: "ab 12-34" is "AB1234". */
export function normalizeTransponder(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

export const DUPLICATE_TOLL_MESSAGE =
  "This toll is already recorded (same transponder, date and time, and amount).";

const money = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: "Enter an amount like 12.50." })
  .refine((v) => Number(v) > 0, { message: "The amount must be more than zero." });

const optionalId = z
  .union([z.uuid(), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => v || null);

/** A toll entered by hand. */
export const tollInputSchema = z.object({
  occurredAt: z.iso.datetime({ offset: true, message: "Enter the date and time." }),
  location: z.string().trim().min(1, { message: "Booth or location is required." }).max(160),
  transponder: z
    .string()
    .trim()
    .max(40)
    .default("")
    .refine((v) => v === "" || normalizeTransponder(v).length > 0, {
      message: "Use letters and digits for the transponder.",
    }),
  amount: money,
  vehicleId: optionalId,
  driverId: optionalId,
  loadId: optionalId,
  notes: z.string().trim().max(500).default(""),
});
export type TollInput = z.input<typeof tollInputSchema>;
export type TollValues = z.output<typeof tollInputSchema>;

export const tollSchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  location: z.string(),
  /** Normalized (upper case, letters and digits); empty when paid without one. */
  transponder: z.string(),
  amount: z.string(),
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  loadId: z.string().nullable(),
  loadNumber: z.string().nullable(),
  notes: z.string(),
  source: z.enum(TOLL_SOURCES),
  createdAt: z.string(),
});
export type Toll = z.infer<typeof tollSchema>;

export const TOLL_SORTS = ["occurredAt", "amount", "location", "transponder"] as const;
export type TollSort = (typeof TOLL_SORTS)[number];
/** `unassigned`: no vehicle (an unmatched import row waiting for someone to place it). */
export const TOLL_MATCH_FILTERS = ["assigned", "unassigned"] as const;

export const tollFilterSchema = z.object({
  /** Location, transponder, unit number, driver or load number. */
  q: z.string().trim().max(100).optional(),
  vehicleId: z.uuid().optional(),
  driverId: z.uuid().optional(),
  match: z.enum(TOLL_MATCH_FILTERS).optional(),
  source: z.enum(TOLL_SOURCES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(TOLL_SORTS).default("occurredAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type TollFilter = z.infer<typeof tollFilterSchema>;
export const tollListQuerySchema = pageQuerySchema.extend(tollFilterSchema.shape);
export type TollListQuery = z.infer<typeof tollListQuerySchema>;
export const tollPageSchema = pageSchema(tollSchema).extend({
  /** The filtered set's sum, not just this page's. */
  totalAmount: z.string(),
});
export type TollPage = z.infer<typeof tollPageSchema>;
export const tollExportQuerySchema = tollFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS).default("csv"),
});
export type TollExportQuery = z.infer<typeof tollExportQuerySchema>;

// ---- Statement import: preview, then commit (all or nothing)

/** What happens to a statement row on commit. */
export const TOLL_ROW_STATUSES = ["matched", "unmatched", "duplicate", "invalid"] as const;
export type TollRowStatus = (typeof TOLL_ROW_STATUSES)[number];

/** Column names recognised in a statement (compared without case, spaces or punctuation). */
export const TOLL_IMPORT_COLUMNS = {
  date: [
    "date",
    "datetime",
    "transactiondate",
    "transactiondatetime",
    "tolldate",
    "postingdate",
    "posteddate",
    "exitdate",
    "exitdatetime",
    "entrydate",
    "entrydatetime",
    "trandate",
  ],
  time: ["time", "transactiontime", "tolltime", "exittime", "entrytime", "trantime"],
  location: [
    "location",
    "boothorlocation",
    "booth",
    "plaza",
    "tollplaza",
    "exitplaza",
    "entryplaza",
    "exitlocation",
    "entrylocation",
    "facility",
    "road",
    "description",
  ],
  amount: ["amount", "tollamount", "toll", "charge", "tollcharge", "amountusd", "cost", "fare", "debit"],
  transponder: [
    "transponder",
    "transponderid",
    "transpondernumber",
    "tag",
    "tagid",
    "tagnumber",
    "tagno",
    "device",
    "deviceid",
    "devicenumber",
  ],
} as const;
export type TollImportColumn = keyof typeof TOLL_IMPORT_COLUMNS;
/** Columns a statement must have (time may be part of the date). */
export const TOLL_REQUIRED_COLUMNS = ["date", "location", "amount", "transponder"] as const;

export const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

export const tollImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  occurredAt: z.string().nullable(),
  location: z.string(),
  amount: z.string().nullable(),
  transponder: z.string(),
  status: z.enum(TOLL_ROW_STATUSES),
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  loadId: z.string().nullable(),
  loadNumber: z.string().nullable(),
  /** Why a row is invalid (or which earlier line it repeats). */
  errors: z.array(z.string()),
});
export type TollImportRow = z.infer<typeof tollImportRowSchema>;

export const tollImportCountsSchema = z.object({
  total: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  duplicate: z.number().int(),
  invalid: z.number().int(),
});
export type TollImportCounts = z.infer<typeof tollImportCountsSchema>;

export const tollImportPreviewSchema = z.object({
  fileName: z.string(),
  rows: z.array(tollImportRowSchema),
  counts: tollImportCountsSchema,
  /** Commit is refused while any row is invalid: the file is written whole or not at all. */
  canImport: z.boolean(),
});
export type TollImportPreview = z.infer<typeof tollImportPreviewSchema>;

export const tollImportResultSchema = z.object({
  imported: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  /** Rows already recorded (or repeated in the file): reported, never written twice. */
  duplicates: z.number().int(),
});
export type TollImportResult = z.infer<typeof tollImportResultSchema>;

/** The IANA time zone statement times are read in when they carry no offset (the browser's). */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: "Unknown time zone." },
  );
