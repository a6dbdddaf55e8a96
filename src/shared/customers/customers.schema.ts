import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { geoPlaceFieldsSchema } from "../geo/geo.schema";
import { moneySchema } from "../loads/loads.schema";
import { DEFAULT_DETENTION_FREE_MINUTES, DEFAULT_DETENTION_RATE } from "../loads/stops.schema";

// ---- Messages (spec sections 5 and 8, word for word where the spec gives them)

export const CUSTOMER_REQUIRED_MESSAGE = "Customer Name and Company Name are required.";
export const IMPORT_NO_FILE_MESSAGE = "Please select a file to import.";
export const IMPORT_NO_VALID_DATA_MESSAGE = "No valid customer data found";
export const IMPORT_PARSE_FAILED_MESSAGE = "Failed to parse the file.";
export const IMPORT_FAILED_MESSAGE = "Import failed";
export const CUSTOMER_EMAIL_TAKEN_MESSAGE = "A customer with this email already exists.";
export const INVALID_EMAIL_MESSAGE = "Enter a valid email address.";

// ---- Constants

/** Net days a new customer gets unless told otherwise. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const MAX_PAYMENT_TERMS_DAYS = 365;
/** The terms offered in pickers; any whole number of days up to MAX_PAYMENT_TERMS_DAYS is accepted. */
export const PAYMENT_TERMS_PRESETS = [0, 7, 15, 30, 45, 60, 90] as const;
export const CUSTOMER_CONTACTS_MAX = 20;
/** An import file larger than this is refused before it is read. */
export const CUSTOMER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows one import may hold (the sheet reader's own hard limit is higher). */
export const CUSTOMER_IMPORT_MAX_ROWS = 5_000;

/**
 * Where the open balance comes from: unpaid invoices once invoicing runs, otherwise the completed
 * loads not yet invoiced (what the customer owes but has not been billed for).
 */
export const OPEN_BALANCE_SOURCES = ["invoices", "uninvoiced_loads"] as const;
export type OpenBalanceSource = (typeof OPEN_BALANCE_SOURCES)[number];

// ---- Input

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters.` })
    .optional()
    .transform((v) => (v ? v : null));

/** An email that may be left empty (null), lower-cased. */
export const optionalEmailSchema = z
  .union([z.literal(""), z.string().trim().toLowerCase().email({ message: INVALID_EMAIL_MESSAGE })])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const paymentTermsSchema = z.coerce
  .number({ message: "Enter the number of days, e.g. 30." })
  .int({ message: "Enter whole days, e.g. 30." })
  .min(0, { message: "Must be zero or more." })
  .max(MAX_PAYMENT_TERMS_DAYS, { message: `At most ${MAX_PAYMENT_TERMS_DAYS} days.` });

export const customerContactInputSchema = z.object({
  name: z.string().trim().min(1, { message: "Contact name is required." }).max(120),
  role: z.string().trim().max(80).default(""),
  email: optionalEmailSchema,
  phone: z.string().trim().max(40).default(""),
});
export type CustomerContactInput = z.input<typeof customerContactInputSchema>;

export const customerInputSchema = z.object({
  name: z.string().trim().min(1, { message: CUSTOMER_REQUIRED_MESSAGE }).max(120),
  companyName: z.string().trim().min(1, { message: CUSTOMER_REQUIRED_MESSAGE }).max(160),
  email: optionalEmailSchema,
  phone: optionalText(40),
  address: optionalText(300),
  billingAddress: optionalText(300),
  paymentTermsDays: paymentTermsSchema.default(DEFAULT_PAYMENT_TERMS_DAYS),
  creditLimit: z
    .union([moneySchema, z.literal("")])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  /** Detention terms (decision 034): free time at a stop, then the hourly rate. */
  detentionFreeMinutes: z.coerce
    .number({ message: "Enter the free time in minutes." })
    .int({ message: "Enter the free time in minutes." })
    .min(0, { message: "Must be zero or more." })
    .max(24 * 60, { message: "At most 1440 minutes (a day)." })
    .default(DEFAULT_DETENTION_FREE_MINUTES),
  detentionRate: z
    .union([moneySchema, z.literal("")])
    .optional()
    .transform((v) => v || DEFAULT_DETENTION_RATE),
  /** Internal: staff only, never shown to the customer. */
  notes: z.string().trim().max(4000).default(""),
  contacts: z
    .array(customerContactInputSchema)
    .max(CUSTOMER_CONTACTS_MAX, { message: `At most ${CUSTOMER_CONTACTS_MAX} contacts.` })
    .default([]),
});
export type CustomerInput = z.input<typeof customerInputSchema>;
export type CustomerValues = z.output<typeof customerInputSchema>;

// ---- List, export

export const CUSTOMER_SORTS = [
  "companyName",
  "name",
  "email",
  "paymentTermsDays",
  "creditLimit",
  "openBalance",
  "createdAt",
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const CUSTOMER_PORTAL_FILTERS = ["with", "without"] as const;

export const customerFilterSchema = z.object({
  /** Company, contact name, email or phone. */
  q: z.string().trim().max(100).optional(),
  /** With or without a customer-portal account. */
  portal: z.enum(CUSTOMER_PORTAL_FILTERS).optional(),
  paymentTermsDays: z.coerce.number().int().min(0).max(MAX_PAYMENT_TERMS_DAYS).optional(),
  /** Only customers that owe something. */
  balance: z.enum(["open"]).optional(),
  sort: z.enum(CUSTOMER_SORTS).default("companyName"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export type CustomerFilter = z.infer<typeof customerFilterSchema>;

export const customerListQuerySchema = pageQuerySchema.extend(customerFilterSchema.shape);
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const CUSTOMER_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const customerExportQuerySchema = customerFilterSchema.extend({
  format: z.enum(CUSTOMER_EXPORT_FORMATS).default("csv"),
});
export type CustomerExportQuery = z.infer<typeof customerExportQuerySchema>;

export const customerListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  creditLimit: z.string().nullable(),
  /** Money as a decimal string. */
  openBalance: z.string(),
  loadCount: z.number().int(),
  hasPortalAccount: z.boolean(),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerPageSchema = pageSchema(customerListItemSchema).extend({
  openBalanceSource: z.enum(OPEN_BALANCE_SOURCES),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
});
export type CustomerContact = z.infer<typeof customerContactSchema>;

export const customerDetailSchema = customerListItemSchema.extend({
  billingAddress: z.string().nullable(),
  detentionFreeMinutes: z.number().int(),
  detentionRate: z.string(),
  notes: z.string(),
  contacts: z.array(customerContactSchema),
  portalAccount: z.object({ userId: z.string(), email: z.string(), name: z.string() }).nullable(),
  openBalanceSource: z.enum(OPEN_BALANCE_SOURCES),
  /** Credit limit minus open balance; null without a limit. */
  creditAvailable: z.string().nullable(),
  /** Where the address is (issue 40). */
  geoStatus: geoPlaceFieldsSchema.shape.geoStatus,
  geoPrecision: geoPlaceFieldsSchema.shape.geoPrecision,
  timeZone: z.string().nullable(),
  stats: z.object({
    activeLoads: z.number().int(),
    completedLoads: z.number().int(),
    cancelledLoads: z.number().int(),
    lastPickupAt: z.string().nullable(),
    pendingRequests: z.number().int(),
    /** Completed loads not on any invoice yet (customer rate, else total), money as a string. */
    unbilledAmount: z.string(),
    unbilledLoads: z.number().int(),
  }),
  updatedAt: z.string(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

// ---- Import: upload → preview → commit

/** One row as read from the file (before validation); the commit sends back the rows the user confirmed. */
export const customerImportValuesSchema = z.object({
  name: z.string().max(1000).default(""),
  companyName: z.string().max(1000).default(""),
  email: z.string().max(1000).default(""),
  phone: z.string().max(1000).default(""),
  address: z.string().max(1000).default(""),
  billingAddress: z.string().max(1000).default(""),
  paymentTermsDays: z.string().max(100).default(""),
  creditLimit: z.string().max(100).default(""),
  notes: z.string().max(5000).default(""),
});
export type CustomerImportValues = z.output<typeof customerImportValuesSchema>;
export const CUSTOMER_IMPORT_FIELDS = Object.keys(
  customerImportValuesSchema.shape,
) as (keyof CustomerImportValues)[];

/**
 * What makes an imported row valid: name, company name and email (spec section 5), the rest as in
 * the customer form. Terms like "Net 30" and limits like "$25,000.00" are normalised before this.
 */
export const customerImportRowSchema = z.object({
  name: z.string().trim().min(1, { message: "Customer name is required." }).max(120),
  companyName: z.string().trim().min(1, { message: "Company name is required." }).max(160),
  email: z
    .string()
    .trim()
    .min(1, { message: "Email is required." })
    .toLowerCase()
    .email({ message: INVALID_EMAIL_MESSAGE }),
  phone: optionalText(40),
  address: optionalText(300),
  billingAddress: optionalText(300),
  paymentTermsDays: z
    .union([z.literal(""), paymentTermsSchema])
    .transform((v) => (v === "" ? DEFAULT_PAYMENT_TERMS_DAYS : v)),
  creditLimit: z.union([z.literal(""), moneySchema]).transform((v) => (v === "" ? null : v)),
  notes: z.string().trim().max(4000),
});
export type CustomerImportRow = z.output<typeof customerImportRowSchema>;

export const IMPORT_ROW_STATUSES = ["ready", "invalid", "duplicate_in_file", "exists"] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const customerImportPreviewRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int(),
  values: customerImportValuesSchema,
  status: z.enum(IMPORT_ROW_STATUSES),
  /** Field → message, for invalid rows. */
  errors: z.record(z.string(), z.string()),
});
export type CustomerImportPreviewRow = z.infer<typeof customerImportPreviewRowSchema>;

export const customerImportPreviewSchema = z.object({
  fileName: z.string(),
  totalRows: z.number().int(),
  ready: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** Which file columns were read into which field, and which were ignored. */
  columns: z.object({
    mapped: z.array(z.object({ header: z.string(), field: z.string() })),
    ignored: z.array(z.string()),
  }),
  rows: z.array(customerImportPreviewRowSchema),
});
export type CustomerImportPreview = z.infer<typeof customerImportPreviewSchema>;

export const customerImportCommitSchema = z.object({
  rows: z
    .array(customerImportValuesSchema.extend({ row: z.coerce.number().int().min(1) }))
    .max(CUSTOMER_IMPORT_MAX_ROWS, { message: `At most ${CUSTOMER_IMPORT_MAX_ROWS} rows per import.` }),
});
export type CustomerImportCommit = z.input<typeof customerImportCommitSchema>;
export type CustomerImportCommitValues = z.output<typeof customerImportCommitSchema>;

export const customerImportResultSchema = z.object({
  imported: z.number().int(),
  /** Duplicates by email, reported rather than imported twice. */
  skipped: z.array(
    z.object({
      row: z.number().int(),
      email: z.string(),
      reason: z.enum(["duplicate_in_file", "exists"]),
    }),
  ),
});
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;

/** `details` of a 400 IMPORT_FAILED: the rows that stopped the import (nothing was written). */
export const importFailureDetailsSchema = z.object({
  rows: z.array(z.object({ row: z.number().int(), errors: z.record(z.string(), z.string()) })),
});
export type ImportFailureDetails = z.infer<typeof importFailureDetailsSchema>;
