import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { MONEY_FORMAT_MESSAGE, MONEY_PATTERN } from "../citations/citations.schema";

/** Claim status (spec section 4). */
export const CLAIM_STATUSES = ["open", "closed"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Accident photos: images only, checked by content on the server. */
export const ACCIDENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ACCIDENT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic"] as const;
/** How many photos one accident keeps. */
export const ACCIDENT_MAX_IMAGES = 20;

/**
 * What the timeline of an accident holds. It is append-only: notes are never edited or removed,
 * and every claim-status change, edit and photo added or removed writes an entry of its own.
 */
export const ACCIDENT_ENTRY_KINDS = [
  "created",
  "note",
  "status",
  "updated",
  "image_added",
  "image_removed",
] as const;
export type AccidentEntryKind = (typeof ACCIDENT_ENTRY_KINDS)[number];

/** The fields an edit can change, named in the timeline's "updated" entries. */
export const ACCIDENT_FIELDS = [
  "occurredAt",
  "location",
  "driverId",
  "vehicleId",
  "trailerId",
  "policeReportNumber",
  "description",
  "injuries",
  "claimAmount",
  "insurer",
  "claimNumber",
] as const;
export type AccidentField = (typeof ACCIDENT_FIELDS)[number];

export const ACCIDENT_MESSAGES = {
  occurredAtRequired: "Enter the date and time of the accident.",
  occurredInFuture: "The accident date cannot be in the future.",
  locationRequired: "Location is required.",
  descriptionRequired: "Describe what happened.",
  noteRequired: "Write a note first.",
  tooManyImages: `An accident keeps at most ${ACCIDENT_MAX_IMAGES} photos.`,
} as const;

const optionalMoney = z
  .union([z.string().trim().regex(MONEY_PATTERN, { message: MONEY_FORMAT_MESSAGE }), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const optionalId = z
  .union([z.uuid(), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

export const accidentInputSchema = z.object({
  occurredAt: z.iso.datetime({ offset: true, message: ACCIDENT_MESSAGES.occurredAtRequired }),
  location: z
    .string({ message: ACCIDENT_MESSAGES.locationRequired })
    .trim()
    .min(1, { message: ACCIDENT_MESSAGES.locationRequired })
    .max(300),
  driverId: optionalId,
  vehicleId: optionalId,
  /** Trailer or container. */
  trailerId: optionalId,
  policeReportNumber: z.string().trim().max(60).default(""),
  description: z
    .string({ message: ACCIDENT_MESSAGES.descriptionRequired })
    .trim()
    .min(1, { message: ACCIDENT_MESSAGES.descriptionRequired })
    .max(5000),
  injuries: z.boolean().default(false),
  claimAmount: optionalMoney,
  insurer: z.string().trim().max(120).default(""),
  claimNumber: z.string().trim().max(60).default(""),
});
export type AccidentInput = z.input<typeof accidentInputSchema>;
export type AccidentValues = z.output<typeof accidentInputSchema>;

export const changeClaimStatusSchema = z.object({
  status: z.enum(CLAIM_STATUSES, { message: "Choose open or closed." }),
  note: z.string().trim().max(2000).optional(),
});
export type ChangeClaimStatusInput = z.input<typeof changeClaimStatusSchema>;

export const accidentNoteInputSchema = z.object({
  body: z
    .string({ message: ACCIDENT_MESSAGES.noteRequired })
    .trim()
    .min(1, { message: ACCIDENT_MESSAGES.noteRequired })
    .max(2000),
});
export type AccidentNoteInput = z.input<typeof accidentNoteInputSchema>;

// ---- The list, its export and the summary

export const ACCIDENT_SORTS = [
  "occurredAt",
  "reference",
  "claimAmount",
  "claimStatus",
  "driverName",
] as const;
export type AccidentSort = (typeof ACCIDENT_SORTS)[number];

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true"));

export const accidentFilterSchema = z.object({
  /** Reference, location, police report, insurer, claim number, driver, unit or trailer. */
  q: z.string().trim().max(100).optional(),
  driverId: z.uuid().optional(),
  vehicleId: z.uuid().optional(),
  claimStatus: z.enum(CLAIM_STATUSES).optional(),
  injuries: flag,
  /** The period, on the accident date (UTC days). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(ACCIDENT_SORTS).default("occurredAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type AccidentFilter = z.infer<typeof accidentFilterSchema>;
export type AccidentFilterInput = z.input<typeof accidentFilterSchema>;

export const accidentListQuerySchema = pageQuerySchema.extend(accidentFilterSchema.shape);
export type AccidentListQuery = z.infer<typeof accidentListQuerySchema>;

export const accidentExportQuerySchema = accidentFilterSchema.extend({
  format: z.enum(["csv", "xlsx"]).default("csv"),
});
export type AccidentExportQuery = z.infer<typeof accidentExportQuerySchema>;

export const accidentListItemSchema = z.object({
  id: z.string(),
  /** ACC-2026-0001: generated, unique. */
  reference: z.string(),
  occurredAt: z.string(),
  location: z.string(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  trailerId: z.string().nullable(),
  trailerLabel: z.string().nullable(),
  policeReportNumber: z.string(),
  injuries: z.boolean(),
  claimAmount: z.string().nullable(),
  claimStatus: z.enum(CLAIM_STATUSES),
  insurer: z.string(),
  claimNumber: z.string(),
  imageCount: z.number().int(),
  createdAt: z.string(),
});
export type AccidentListItem = z.infer<typeof accidentListItemSchema>;

export const accidentPageSchema = pageSchema(accidentListItemSchema);
export type AccidentPage = z.infer<typeof accidentPageSchema>;

export const accidentImageSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type AccidentImage = z.infer<typeof accidentImageSchema>;

export const accidentEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACCIDENT_ENTRY_KINDS),
  /** The note, or the note left with a status change. */
  body: z.string().nullable(),
  fromStatus: z.enum(CLAIM_STATUSES).nullable(),
  toStatus: z.enum(CLAIM_STATUSES).nullable(),
  /** "updated": the fields changed; image entries: the file name. */
  fields: z.array(z.string()).nullable(),
  fileName: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type AccidentEntry = z.infer<typeof accidentEntrySchema>;

export const accidentDetailSchema = accidentListItemSchema.extend({
  description: z.string(),
  closedAt: z.string().nullable(),
  images: z.array(accidentImageSchema),
  /** Newest last (the order things happened). */
  timeline: z.array(accidentEntrySchema),
  updatedAt: z.string(),
});
export type AccidentDetail = z.infer<typeof accidentDetailSchema>;

export const accidentSummarySchema = z.object({
  openClaims: z.number().int(),
  /** Sum of claim amounts of open claims. */
  openClaimAmount: z.string(),
  /** Since 1 January (UTC) of the current year. */
  accidentsThisYear: z.number().int(),
  injuriesThisYear: z.number().int(),
});
export type AccidentSummary = z.infer<typeof accidentSummarySchema>;

/** Pickers of the safety forms (drivers, vehicles, trailers), for the roles that record citations and accidents. */
export const SAFETY_OPTION_KINDS = ["drivers", "vehicles", "trailers"] as const;
export type SafetyOptionKind = (typeof SAFETY_OPTION_KINDS)[number];
export const safetyOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  /** Drivers: the truck and trailer of their open assignment, to prefill an accident report. */
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  trailerId: z.string().nullable(),
  trailerLabel: z.string().nullable(),
});
export type SafetyOption = z.infer<typeof safetyOptionSchema>;
export const safetyOptionsQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
