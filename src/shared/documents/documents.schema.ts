import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { DRIVER_DOCUMENT_KINDS } from "../drivers/management.schema";
import { LOAD_FILE_KINDS } from "../loads/loads.schema";

/**
 * The document centre (/accounting/documents): the company's own documents plus those that live with
 * drivers, vehicles, trailers and loads, read where they are (never copied).
 */

/** What a company keeps on file: authority letters, the cab card, IFTA, UCR, policies, permits, … */
export const COMPANY_DOCUMENT_TYPES = [
  "operating_authority",
  "usdot_mc_letter",
  "irp_cab_card",
  "ifta_license",
  "ucr",
  "insurance_policy",
  "w9",
  "permit",
  "lease",
  "other",
] as const;
export type CompanyDocumentType = (typeof COMPANY_DOCUMENT_TYPES)[number];

/** Whose document it is. */
export const DOCUMENT_OWNERS = ["company", "driver", "vehicle", "trailer", "load"] as const;
export type DocumentOwner = (typeof DOCUMENT_OWNERS)[number];

/**
 * Every type a listed document can have: the company's, a driver's kinds (their licence, medical
 * and insurance cards take the dates kept on the driver), an asset's document, a load's paperwork.
 */
export const DOCUMENT_TYPES = [
  ...COMPANY_DOCUMENT_TYPES,
  ...DRIVER_DOCUMENT_KINDS.filter((k) => k !== "other"),
  "asset_document",
  ...LOAD_FILE_KINDS.filter((k) => k !== "other"),
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Expiry filter: expired, expiring (today or within the warning window), valid, or no date. */
export const DOCUMENT_EXPIRY_STATES = ["expired", "expiring", "valid", "undated"] as const;
export type DocumentExpiryState = (typeof DOCUMENT_EXPIRY_STATES)[number];

/** Days before the expiry (and the day itself) when the owning staff are told, once each. */
export const EXPIRY_NOTICE_DAYS = [30, 7, 1, 0] as const;

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_TYPES_ALLOWED = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
] as const;

export const DOCUMENT_MESSAGES = {
  /** Spec section 5: the form's (and the answer's) one message when the name or the file is missing. */
  nameAndFile: "Document upload needs a name and a file.",
  /** Each missing field's own words, so the spec's sentence shows once (a driver's form has no name). */
  nameRequired: "Enter the document's name.",
  fileRequired: "Choose a file to upload.",
  typeRequired: "Choose the document type.",
  nameLong: "At most 200 characters.",
  expiryFormat: "Enter the expiry date.",
  /** Spec section 8: the title and the text. */
  cannotOpen: "Cannot open document",
  notAvailable: "The document data is not available.",
  companyOnly:
    "Only the company's own documents are edited here; the others belong to their driver, asset or load.",
  kindRequired: "Choose the kind of document.",
  noDriver: "Your account is not linked to a driver record. Ask the office.",
} as const;

/** What a driver files themselves for the office to confirm (a licence goes through the office). */
export const DRIVER_UPLOAD_KINDS = ["medical_card", "insurance_card", "other"] as const;

const optionalDate = z
  .union([z.iso.date({ message: DOCUMENT_MESSAGES.expiryFormat }), z.literal("")])
  .optional()
  .transform((v) => v || null);

/** A company document's fields, as the multipart form sends them (the file goes beside them). */
export const companyDocumentInputSchema = z.object({
  name: z
    .string({ message: DOCUMENT_MESSAGES.nameRequired })
    .trim()
    .min(1, { message: DOCUMENT_MESSAGES.nameRequired })
    .max(200, { message: DOCUMENT_MESSAGES.nameLong }),
  type: z.enum(COMPANY_DOCUMENT_TYPES, { message: DOCUMENT_MESSAGES.typeRequired }),
  expiresOn: optionalDate,
  /** Drivers must carry some (the cab card, the insurance card): they see these. */
  visibleToDrivers: z
    .union([z.boolean(), z.enum(["true", "false", "on", ""])])
    .optional()
    .transform((v) => v === true || v === "true" || v === "on"),
  notes: z.string().trim().max(2000).default(""),
});
export type CompanyDocumentInput = z.input<typeof companyDocumentInputSchema>;
export type CompanyDocumentValues = z.output<typeof companyDocumentInputSchema>;

/** A driver's own upload (the file goes beside it): the kind, and the date the document shows. */
export const driverUploadInputSchema = z.object({
  kind: z.enum(DRIVER_UPLOAD_KINDS, { message: DOCUMENT_MESSAGES.kindRequired }),
  expiresOn: optionalDate,
});
export type DriverUploadInput = z.input<typeof driverUploadInputSchema>;

export const documentFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const documentSchema = z.object({
  /** Unique across owners: `<owner>:<id>`. */
  key: z.string(),
  id: z.string(),
  owner: z.object({
    kind: z.enum(DOCUMENT_OWNERS),
    /** The driver's, asset's or load's id (null for the company). */
    id: z.string().nullable(),
    /** The driver's name, the unit or trailer number, the load number. */
    label: z.string().nullable(),
  }),
  name: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  expiresOn: z.string().nullable(),
  file: documentFileSchema,
  uploadedAt: z.string(),
  /** Company documents only. */
  visibleToDrivers: z.boolean(),
  notes: z.string(),
  /** A company document the caller may edit or remove. */
  editable: z.boolean(),
  /** A driver's own upload the office has not confirmed yet. */
  pending: z.boolean(),
  /** Pending, and the caller may confirm it. */
  confirmable: z.boolean(),
});
export type Document = z.infer<typeof documentSchema>;

export const DOCUMENT_SORTS = ["expiresOn", "name", "uploadedAt"] as const;
export const documentFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  owner: z.enum(DOCUMENT_OWNERS).optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  expiry: z.enum(DOCUMENT_EXPIRY_STATES).optional(),
  /** Drivers' uploads waiting for the office. */
  status: z.enum(["pending"]).optional(),
  sort: z.enum(DOCUMENT_SORTS).default("expiresOn"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export type DocumentFilter = z.infer<typeof documentFilterSchema>;
export const documentListQuerySchema = pageQuerySchema.extend(documentFilterSchema.shape);
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;
export const documentPageSchema = pageSchema(documentSchema).extend({
  /** Over everything the caller may see (not the filters): what needs attention. */
  counts: z.object({ expired: z.number().int(), expiring: z.number().int(), pending: z.number().int() }),
});
export type DocumentPage = z.infer<typeof documentPageSchema>;

export const documentParamsSchema = z.object({
  owner: z.enum(DOCUMENT_OWNERS),
  id: z.uuid({ message: "Invalid id." }),
});
