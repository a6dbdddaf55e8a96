import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";

/** Citation status (spec section 4: "includes disputed"). Overdue is not a status: see `isCitationOverdue`. */
export const CITATION_STATUSES = ["open", "paid", "disputed", "dismissed"] as const;
export type CitationStatus = (typeof CITATION_STATUSES)[number];

/**
 * Which status staff may move a citation to. A paid or dismissed citation can only be reopened
 * (a mistake, a refund, a reversed dismissal); the driver's own move, open → disputed, is the
 * dispute action.
 */
export const CITATION_TRANSITIONS: Record<CitationStatus, readonly CitationStatus[]> = {
  open: ["paid", "disputed", "dismissed"],
  disputed: ["open", "paid", "dismissed"],
  paid: ["open"],
  dismissed: ["open"],
};

export const canChangeCitationStatus = (from: CitationStatus, to: CitationStatus) =>
  CITATION_TRANSITIONS[from].includes(to);

/** A driver may dispute only their own citation, and only while it is open. */
export const driverMayDispute = (citation: { status: CitationStatus }) => citation.status === "open";

/** Unpaid past its due date: an open citation whose due (expiration) date has passed. `today` is YYYY-MM-DD. */
export function isCitationOverdue(
  citation: { status: CitationStatus; dueOn: string },
  today: string,
): boolean {
  return citation.status === "open" && citation.dueOn < today;
}

/** The citation's file: a photo or scan of the ticket, checked by content on the server. */
export const CITATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CITATION_FILE_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
] as const;

// ---- Messages the UI maps to its own language

export const DISPUTE_REASON_REQUIRED = "Give the reason for the dispute.";
export const CITATION_MESSAGES = {
  driverRequired: "Choose a driver.",
  issuedOnRequired: "Enter the citation date.",
  dueOnRequired: "Enter the due date.",
  dueBeforeIssued: "The due date must be on or after the citation date.",
  issuedInFuture: "The citation date cannot be in the future.",
  cityRequired: "City is required.",
  stateRequired: "State is required.",
  violationRequired: "Describe the violation.",
  fineRequired: "Enter the fine amount.",
} as const;

const required = (message: string, max: number) => z.string({ message }).trim().min(1, { message }).max(max);

/** The same wording as the loads' money fields, so the UI maps one message. */
export const MONEY_FORMAT_MESSAGE = "Enter an amount like 1250 or 1250.50.";
export const MONEY_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/** A decimal string ("125.50"), never a float; empty says `message`. */
export const requiredMoney = (message: string) =>
  z.string({ message }).trim().min(1, { message }).regex(MONEY_PATTERN, { message: MONEY_FORMAT_MESSAGE });

export const citationInputSchema = z
  .object({
    driverId: z.uuid({ message: CITATION_MESSAGES.driverRequired }),
    /** The ticket's own number, when it has one. */
    citationNumber: z.string().trim().max(60).default(""),
    issuedOn: z.iso.date({ message: CITATION_MESSAGES.issuedOnRequired }),
    /** The spec's "expiration date": the day the fine must be paid or contested by. */
    dueOn: z.iso.date({ message: CITATION_MESSAGES.dueOnRequired }),
    city: required(CITATION_MESSAGES.cityRequired, 100),
    state: z
      .string({ message: CITATION_MESSAGES.stateRequired })
      .trim()
      .min(2, { message: CITATION_MESSAGES.stateRequired })
      .max(40),
    violation: required(CITATION_MESSAGES.violationRequired, 300),
    fineAmount: requiredMoney(CITATION_MESSAGES.fineRequired),
    notes: z.string().trim().max(2000).default(""),
  })
  .refine((v) => v.dueOn >= v.issuedOn, { path: ["dueOn"], message: CITATION_MESSAGES.dueBeforeIssued });
export type CitationInput = z.input<typeof citationInputSchema>;
export type CitationValues = z.output<typeof citationInputSchema>;

export const changeCitationStatusSchema = z
  .object({
    status: z.enum(CITATION_STATUSES, { message: "Choose a status." }),
    note: z.string().trim().max(1000).optional(),
  })
  .refine((v) => v.status !== "disputed" || !!v.note, { path: ["note"], message: DISPUTE_REASON_REQUIRED });
export type ChangeCitationStatusInput = z.input<typeof changeCitationStatusSchema>;

export const disputeCitationSchema = z.object({
  reason: z
    .string({ message: DISPUTE_REASON_REQUIRED })
    .trim()
    .min(1, { message: DISPUTE_REASON_REQUIRED })
    .max(1000),
});
export type DisputeCitationInput = z.input<typeof disputeCitationSchema>;

// ---- The list, its export and the summary

export const CITATION_SORTS = ["issuedOn", "dueOn", "fineAmount", "status", "driverName"] as const;
export type CitationSort = (typeof CITATION_SORTS)[number];

/** `?overdue=true`: only open citations past their due date. */
const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true"));

export const citationFilterSchema = z.object({
  /** Citation number, violation, city, state or driver name. */
  q: z.string().trim().max(100).optional(),
  driverId: z.uuid().optional(),
  status: z.enum(CITATION_STATUSES).optional(),
  overdue: flag,
  /** The period, on the citation date. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(CITATION_SORTS).default("issuedOn"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type CitationFilter = z.infer<typeof citationFilterSchema>;
export type CitationFilterInput = z.input<typeof citationFilterSchema>;

export const citationListQuerySchema = pageQuerySchema.extend(citationFilterSchema.shape);
export type CitationListQuery = z.infer<typeof citationListQuerySchema>;

export const citationExportQuerySchema = citationFilterSchema.extend({
  format: z.enum(["csv", "xlsx"]).default("csv"),
});
export type CitationExportQuery = z.infer<typeof citationExportQuerySchema>;

export const citationListItemSchema = z.object({
  id: z.string(),
  citationNumber: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  city: z.string(),
  state: z.string(),
  violation: z.string(),
  fineAmount: z.string(),
  status: z.enum(CITATION_STATUSES),
  /** Open and past the due date (by the server's date). */
  overdue: z.boolean(),
  hasFile: z.boolean(),
  disputeReason: z.string().nullable(),
  createdAt: z.string(),
});
export type CitationListItem = z.infer<typeof citationListItemSchema>;

export const citationPageSchema = pageSchema(citationListItemSchema);
export type CitationPage = z.infer<typeof citationPageSchema>;

export const citationEventSchema = z.object({
  id: z.string(),
  /** Null on the entry that records the citation. */
  fromStatus: z.enum(CITATION_STATUSES).nullable(),
  toStatus: z.enum(CITATION_STATUSES),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type CitationEvent = z.infer<typeof citationEventSchema>;

export const citationFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type CitationFile = z.infer<typeof citationFileSchema>;

export const citationDetailSchema = citationListItemSchema.extend({
  notes: z.string(),
  disputedAt: z.string().nullable(),
  file: citationFileSchema.nullable(),
  events: z.array(citationEventSchema),
  /** Staff: the statuses the citation may move to now. Drivers: empty. */
  allowedStatuses: z.array(z.enum(CITATION_STATUSES)),
  /** The signed-in driver may dispute it (their own, open). */
  canDispute: z.boolean(),
  updatedAt: z.string(),
});
export type CitationDetail = z.infer<typeof citationDetailSchema>;

/** Header figures of the list; a driver gets their own. */
export const citationSummarySchema = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  disputed: z.number().int(),
  /** Fines of open and disputed citations. */
  unpaidFines: z.string(),
});
export type CitationSummary = z.infer<typeof citationSummarySchema>;

/** What the citation document pickers offer (the server checks the content of what arrives). */
export const CITATION_FILE_ACCEPT = "application/pdf,image/*";
