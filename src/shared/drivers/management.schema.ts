import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { emailSchema, passwordSchema } from "../auth/auth.schema";
import { LOAD_STATUSES, moneySchema, PAY_TYPES } from "../loads/loads.schema";
import { DRIVER_MANUAL_STATUSES, DRIVER_STATUSES } from "./drivers.schema";

/*
 * Driver Management (spec sections 2, 3 and 5): the driver record, its list, documents and the
 * actions on it. The tax id is sensitive: only roles holding `drivers:taxId` ever receive it whole;
 * everyone else gets it masked by its kind (`***-**-1234`, `**-***1234`) from the server.
 */

// ---- Messages (spec section 8 where it words them)

export const DRIVER_HAS_LOADS_MESSAGE =
  "This driver has loads on record and cannot be deleted. Deactivate the driver instead.";
export const DRIVER_HAS_ACTIVE_LOADS_MESSAGE =
  "This driver has assigned or in-progress loads. Reassign or finish them before deactivating.";
export const PAY_PAIR_MESSAGE = "Enter both the pay type and the rate, or leave both empty.";
export const ACCOUNT_EMAIL_REQUIRED_MESSAGE = "Enter the email the driver will sign in with.";

// ---- Field rules

/** US SSN (123-45-6789) or EIN (12-3456789), dashes optional. */
/** Company driver (W-2, paid through payroll elsewhere) or independent contractor / owner-operator (1099). */
export const WORKER_TYPES = ["company", "contractor"] as const;
export type WorkerType = (typeof WORKER_TYPES)[number];

export const TAX_ID_PATTERN = /^(\d{3}-?\d{2}-?\d{4}|\d{2}-?\d{7})$/;
const TAX_ID_MESSAGE = "Enter a 9-digit SSN (123-45-6789) or EIN (12-3456789).";

export type TaxIdKind = "SSN" | "EIN";

/**
 * The kind of a tax id, read from where its dashes are: `123-45-6789` is an SSN, `12-3456789` an
 * EIN. Nine digits without a dash could be either: null (unknown), as is anything malformed.
 */
export function taxIdKind(taxId: string | null | undefined): TaxIdKind | null {
  const t = (taxId ?? "").trim();
  // An SSN's dashes sit after digits 3 and 5 (either one tells); an EIN's after digit 2.
  if (/^\d{3}-\d{2}-?\d{4}$|^\d{3}-?\d{2}-\d{4}$/.test(t)) return "SSN";
  if (/^\d{2}-\d{7}$/.test(t)) return "EIN";
  return null;
}

/**
 * A tax id truncated as the IRS allows on a payee's copy (Treas. Reg. 301.6109-4): the first five
 * digits replaced by asterisks, in the id's own shape — an SSN `***-**-1234`, an EIN `**-***1234`,
 * one whose kind is unknown `*****1234`.
 */
export function maskTaxId(taxId: string | null | undefined): string | null {
  if (!taxId) return null;
  const last4 = taxId.replace(/\D/g, "").slice(-4).padStart(4, "*");
  const kind = taxIdKind(taxId);
  return kind === "SSN" ? `***-**-${last4}` : kind === "EIN" ? `**-***${last4}` : `*****${last4}`;
}

/**
 * A masked id sent back unchanged by a form (asterisks, or the bullets the screens showed before):
 * the stored one stays.
 */
export const isMaskedTaxId = (value: string) => /[*•]/.test(value);

/** "" (an empty form field) becomes null; anything else goes through `schema`. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(""), schema])
    .nullable()
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v) as z.output<T> | null);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Use at most ${max} characters.` });
const isoDate = z.iso.date({ message: "Enter a valid date." });

/** The editable fields of a driver; the same rules on create and edit. */
const driverFields = {
  fullName: z
    .string({ message: "Full name is required." })
    .trim()
    .min(1, { message: "Full name is required." })
    .max(120, { message: "Use at most 120 characters." }),
  phone: optional(text(40)),
  email: optional(emailSchema),
  /** Absent on an edit: the tax id on file stays. An empty string clears it. */
  taxId: z
    .union([z.literal(""), z.string().trim().regex(TAX_ID_PATTERN, { message: TAX_ID_MESSAGE })])
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  licenseNumber: optional(text(40)),
  licenseState: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { message: "Use the two-letter state code (e.g. IL)." }),
  ),
  licenseExpiry: optional(isoDate),
  insuranceProvider: optional(text(120)),
  insurancePolicyNumber: optional(text(60)),
  insuranceExpiry: optional(isoDate),
  medicalCardExpiry: optional(isoDate),
  hireDate: optional(isoDate),
  /** Empty pay type and rate: loads must be given a pay explicitly (spec section 5 fallback). */
  defaultPayType: z
    .union([z.literal(""), z.enum(PAY_TYPES)])
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  defaultPayRate: optional(moneySchema),
  notes: text(2000).default(""),
  // Pay and tax forms (decision 025). Absent on an edit: what is on file stays.
  workerType: z.enum(WORKER_TYPES).optional(),
  mailingStreet: text(120).optional(),
  mailingCity: text(80).optional(),
  mailingState: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { message: "Use the two-letter state code (e.g. IL)." }),
    ])
    .optional(),
  mailingPostalCode: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .regex(/^\d{5}(-\d{4})?$/, { message: "Enter a ZIP code like 60601." }),
    ])
    .optional(),
  taxFormsEconsent: z.boolean().optional(),
};

const payPair = (v: { defaultPayType: unknown; defaultPayRate: unknown }) =>
  !!v.defaultPayType === !!v.defaultPayRate;

export const updateDriverSchema = z.object(driverFields).superRefine((v, ctx) => {
  if (!payPair(v)) {
    ctx.addIssue({
      code: "custom",
      path: [v.defaultPayType ? "defaultPayRate" : "defaultPayType"],
      message: PAY_PAIR_MESSAGE,
    });
  }
});
export type UpdateDriverInput = z.input<typeof updateDriverSchema>;
export type UpdateDriverValues = z.output<typeof updateDriverSchema>;

/**
 * Create a driver, optionally with their sign-in account (role driver, email = the driver's email,
 * a temporary password they must change at first sign-in).
 */
export const createDriverSchema = z
  .object({
    ...driverFields,
    createAccount: z.boolean().default(false),
    password: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (!payPair(v)) {
      ctx.addIssue({
        code: "custom",
        path: [v.defaultPayType ? "defaultPayRate" : "defaultPayType"],
        message: PAY_PAIR_MESSAGE,
      });
    }
    if (!v.createAccount) return;
    if (!v.email) ctx.addIssue({ code: "custom", path: ["email"], message: ACCOUNT_EMAIL_REQUIRED_MESSAGE });
    const password = passwordSchema.safeParse(v.password ?? "");
    if (!password.success) {
      ctx.addIssue({ code: "custom", path: ["password"], message: password.error.issues[0].message });
    }
  });
export type CreateDriverInput = z.input<typeof createDriverSchema>;
export type CreateDriverValues = z.output<typeof createDriverSchema>;

/** A sign-in account for a driver who has none yet. */
export const createDriverAccountSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type CreateDriverAccountInput = z.input<typeof createDriverAccountSchema>;

/** Staff's manual status; busy (active loads) and off_duty (approved time off) still win. */
export const setDriverStatusSchema = z.object({
  status: z.enum(DRIVER_MANUAL_STATUSES, { message: "Choose a status." }),
});

// ---- The list

export const DRIVER_SORTS = [
  "fullName",
  "status",
  "licenseExpiry",
  "medicalCardExpiry",
  "hireDate",
  "rating",
  "createdAt",
] as const;
export type DriverSort = (typeof DRIVER_SORTS)[number];

/** Active drivers by default; deactivated ones are kept for their history. */
export const DRIVER_ACTIVITY = ["active", "inactive", "all"] as const;
/** Licence, medical card or insurance: expired, or expired/expiring within EXPIRY_WARNING_DAYS. */
export const DRIVER_COMPLIANCE = ["attention", "expired"] as const;

export const driverFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(DRIVER_STATUSES).optional(),
  activity: z.enum(DRIVER_ACTIVITY).default("active"),
  compliance: z.enum(DRIVER_COMPLIANCE).optional(),
  sort: z.enum(DRIVER_SORTS).default("fullName"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export type DriverFilter = z.infer<typeof driverFilterSchema>;
export const driverListQuerySchema = pageQuerySchema.extend(driverFilterSchema.shape);
export type DriverListQuery = z.infer<typeof driverListQuerySchema>;

export const DRIVER_EXPORT_MAX_ROWS = 20_000;
export const driverExportQuerySchema = driverFilterSchema.extend({
  format: z.enum(["csv", "xlsx"]).default("csv"),
});
export type DriverExportQuery = z.infer<typeof driverExportQuerySchema>;

export const driverListItemSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(DRIVER_STATUSES),
  manualStatus: z.enum(DRIVER_STATUSES),
  active: z.boolean(),
  licenseNumber: z.string().nullable(),
  licenseState: z.string().nullable(),
  licenseExpiry: z.string().nullable(),
  medicalCardExpiry: z.string().nullable(),
  insuranceExpiry: z.string().nullable(),
  hireDate: z.string().nullable(),
  /** Average of the driver's ratings (1–5, two decimals); null before the first rating. */
  ratingAverage: z.string().nullable(),
  ratingCount: z.number().int(),
  /** The open asset assignment. */
  vehicleLabel: z.string().nullable(),
  trailerLabel: z.string().nullable(),
  hasAccount: z.boolean(),
});
export type DriverListItem = z.infer<typeof driverListItemSchema>;
export const driverPageSchema = pageSchema(driverListItemSchema);
export type DriverPage = z.infer<typeof driverPageSchema>;

// ---- Documents (licence front and back images, medical card, insurance card, others)

export const DRIVER_DOCUMENT_KINDS = [
  "license_front",
  "license_back",
  "medical_card",
  "insurance_card",
  "other",
] as const;
export type DriverDocumentKind = (typeof DRIVER_DOCUMENT_KINDS)[number];
/** One current file of these kinds: a new upload replaces the old one. */
export const SINGLE_DRIVER_DOCUMENT_KINDS = [
  "license_front",
  "license_back",
] as const satisfies readonly DriverDocumentKind[];
export const DRIVER_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DRIVER_DOCUMENT_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
] as const;

export const driverDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DRIVER_DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type DriverDocument = z.infer<typeof driverDocumentSchema>;

// ---- One driver

const categoryAverages = z.object({
  punctuality: z.string().nullable(),
  communication: z.string().nullable(),
  safety: z.string().nullable(),
  equipmentCare: z.string().nullable(),
});

export const driverDetailSchema = driverListItemSchema.extend({
  /** Whole for roles with `drivers:taxId` (admin, accountant); masked by its kind (`maskTaxId`) for everyone else. */
  taxId: z.string().nullable(),
  taxIdMasked: z.boolean(),
  insuranceProvider: z.string().nullable(),
  insurancePolicyNumber: z.string().nullable(),
  defaultPayType: z.enum(PAY_TYPES).nullable(),
  defaultPayRate: z.string().nullable(),
  workerType: z.enum(WORKER_TYPES),
  mailingStreet: z.string(),
  mailingCity: z.string(),
  mailingState: z.string(),
  mailingPostalCode: z.string(),
  taxFormsEconsent: z.boolean(),
  taxFormsEconsentAt: z.string().nullable(),
  notes: z.string(),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  account: z
    .object({
      email: z.string(),
      disabled: z.boolean(),
      mustChangePassword: z.boolean(),
      lastSignInAt: z.string().nullable(),
    })
    .nullable(),
  currentAssignment: z
    .object({
      id: z.string(),
      vehicleLabel: z.string().nullable(),
      vehicleDescription: z.string().nullable(),
      trailerLabel: z.string().nullable(),
      trailerType: z.string().nullable(),
      startedAt: z.string(),
    })
    .nullable(),
  loadCounts: z.object({
    total: z.number().int(),
    active: z.number().int(),
    completed: z.number().int(),
  }),
  ratingCategories: categoryAverages,
  documents: z.array(driverDocumentSchema),
});
export type DriverDetail = z.infer<typeof driverDetailSchema>;

/** The profile's loads tab: newest pickup first. */
export const driverLoadsQuerySchema = pageQuerySchema.extend({
  status: z.enum(LOAD_STATUSES).optional(),
});
