import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import {
  BOL_LINK_DEFAULT_DAYS,
  BOL_LINK_MAX_DAYS,
  LOAD_STATUSES,
  loadFileSchema,
  loadPaperworkSchema,
  PAPERWORK_STATUSES,
} from "../loads/loads.schema";

/**
 * The BOL manager (`/accounting/bol-manager`): every picked-up load's bill of lading and proof of
 * delivery, reviewed by accounting. The review statuses and the load detail's `paperwork` live in
 * loads.schema (the driver's load screen shows a rejection or a request).
 */

/** Loads whose paperwork is expected: on the road (the BOL) or delivered (the POD). */
export const PAPERWORK_LOAD_STATUSES = [
  "in_progress",
  "completed",
] as const satisfies readonly (typeof LOAD_STATUSES)[number][];

export const PAPERWORK_SORTS = ["deliveredAt", "loadNumber", "customer"] as const;
export type PaperworkSort = (typeof PAPERWORK_SORTS)[number];

export const paperworkQuerySchema = pageQuerySchema.extend({
  /** Load number, customer, driver or city. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(PAPERWORK_STATUSES).optional(),
  customerId: z.uuid().optional(),
  driverId: z.uuid().optional(),
  /** Delivered on or after / on or before (the company's calendar days). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(PAPERWORK_SORTS).default("deliveredAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type PaperworkQuery = z.infer<typeof paperworkQuerySchema>;

export const paperworkLoadSchema = z.object({
  id: z.string(),
  loadNumber: z.string(),
  loadStatus: z.enum(LOAD_STATUSES),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  /** The driver can be asked in the app (they have a sign-in). */
  driverCanBeAsked: z.boolean(),
  pickupCity: z.string(),
  pickupState: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  deliveredAt: z.string().nullable(),
  paperwork: loadPaperworkSchema,
  /** The BOLs and PODs on file, oldest first. */
  files: z.array(loadFileSchema),
});
export type PaperworkLoad = z.infer<typeof paperworkLoadSchema>;

export const paperworkPageSchema = pageSchema(paperworkLoadSchema).extend({
  /** Loads per review status under the other filters (the status tiles). */
  counts: z.object(
    Object.fromEntries(PAPERWORK_STATUSES.map((s) => [s, z.number().int()])) as {
      [K in (typeof PAPERWORK_STATUSES)[number]]: z.ZodNumber;
    },
  ),
});
export type PaperworkPage = z.infer<typeof paperworkPageSchema>;

export const REJECT_REASON_MAX = 500;
/** At most this many loads in one merged PDF. */
export const PAPERWORK_MERGE_MAX = 50;

/** The BOL manager's messages (the web shows each in the reader's language by its key). */
export const PAPERWORK_MESSAGES = {
  reasonRequired: "Say why the paperwork is rejected, so the driver knows what to fix.",
  reasonTooLong: `Keep the reason under ${REJECT_REASON_MAX} characters.`,
  selectOne: "Select at least one load.",
  selectMax: `Select at most ${PAPERWORK_MERGE_MAX} loads at a time.`,
  email: "Enter a valid email address.",
  nothingToReview: "There is no BOL or POD on file to review.",
  noDriverToAsk: "The load has no driver with a sign-in to ask.",
  nothingToMerge: "None of the selected loads has a BOL or POD that can go in a PDF.",
} as const;

export const rejectPaperworkSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: PAPERWORK_MESSAGES.reasonRequired })
    .max(REJECT_REASON_MAX, { message: PAPERWORK_MESSAGES.reasonTooLong }),
});
export type RejectPaperworkInput = z.infer<typeof rejectPaperworkSchema>;

export const requestPaperworkSchema = z.object({
  /** An optional word to the driver ("the receiver's stamp is needed"). */
  note: z.string().trim().max(REJECT_REASON_MAX).default(""),
});
export type RequestPaperworkInput = z.infer<typeof requestPaperworkSchema>;

export const mergePaperworkSchema = z.object({
  loadIds: z
    .array(z.uuid())
    .min(1, { message: PAPERWORK_MESSAGES.selectOne })
    .max(PAPERWORK_MERGE_MAX, { message: PAPERWORK_MESSAGES.selectMax }),
});
export type MergePaperworkInput = z.infer<typeof mergePaperworkSchema>;

/** A public upload link for the load (e.g. for the receiver), optionally emailed. */
export const paperworkLinkSchema = z.object({
  expiresInDays: z.coerce.number().int().min(1).max(BOL_LINK_MAX_DAYS).default(BOL_LINK_DEFAULT_DAYS),
  email: z.union([z.email({ message: PAPERWORK_MESSAGES.email }), z.literal("")]).default(""),
});
export type PaperworkLinkInput = z.infer<typeof paperworkLinkSchema>;
export const paperworkLinkResultSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  emailed: z.enum(["sent", "stored", "failed"]).nullable(),
});
export type PaperworkLinkResult = z.infer<typeof paperworkLinkResultSchema>;
