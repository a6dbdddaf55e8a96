import { z } from "zod";
import { LOAD_STATUSES } from "../loads/loads.schema";

/** Spec section 8: "Load Not Found". */
export const LOAD_NOT_FOUND_MESSAGE = "We couldn't find a load with the number you entered.";
export const INVALID_LINK_MESSAGE =
  "This upload link is invalid or has expired. Ask the dispatcher for a new one.";

/** Per client address. Enough for a customer refreshing a page; too few to walk the number space. */
export const PUBLIC_RATE_LIMITS = {
  track: { limit: 20, windowSeconds: 60 },
  bolLink: { limit: 30, windowSeconds: 60 },
  bolUpload: { limit: 20, windowSeconds: 10 * 60 },
  /** A private tracking link's page: a shipper's browser refreshing now and then. */
  tracking: { limit: 60, windowSeconds: 60 },
} as const;

export const trackParamsSchema = z.object({
  loadNumber: z
    .string()
    .trim()
    .min(1, { message: "Enter a load number." })
    .max(40, { message: "Enter a load number." }),
});

/**
 * The second factor of a status check: the delivery ZIP or postal code, or a PO or BOL number of the
 * load. Optional: without it (or with a wrong one) the answer is the status and the day only.
 */
export const trackQuerySchema = z.object({
  check: z.string().trim().max(60, { message: "Enter at most 60 characters." }).optional(),
});
export type TrackQuery = z.infer<typeof trackQuerySchema>;

/**
 * A ZIP, postal code, PO or BOL number as compared: case, spaces and dashes do not count
 * ("60632-1234", "po 40012", "BOL-70012" match "606321234", "PO-40012", "bol70012").
 */
export const normaliseReference = (value: string) => value.toUpperCase().replace(/[\s\-\u2010-\u2015]/g, "");

/** Shorter than this, a second factor is ignored (a one-letter PO would be no check at all). */
export const TRACK_CHECK_MIN_LENGTH = 3;

const placeSchema = z.object({
  city: z.string(),
  state: z.string(),
  date: z.string(),
  /** The stop's IANA zone (issue 40): its time is shown there, named; null when it was not placed. */
  timeZone: z.string().nullable(),
});

/**
 * What a carrier tells a stranger on the phone: the status and the day — the delivery day once
 * delivered, else the day delivery is expected (the company's calendar day; none when cancelled).
 * No city, time, name or reference.
 */
export const trackStatusSchema = z.object({
  view: z.literal("status"),
  loadNumber: z.string(),
  status: z.enum(LOAD_STATUSES),
  day: z.iso.date().nullable(),
});
export type TrackStatus = z.infer<typeof trackStatusSchema>;

/** The full public view (a second factor, or a private tracking link): no rates, names, phone numbers or street addresses. */
export const trackFullSchema = z.object({
  view: z.literal("full"),
  loadNumber: z.string(),
  status: z.enum(LOAD_STATUSES),
  pickup: placeSchema,
  delivery: placeSchema,
  lastUpdate: z.string(),
  /** Set once the load is completed. */
  deliveredAt: z.string().nullable(),
});
export type TrackFull = z.infer<typeof trackFullSchema>;

/**
 * The moment the public views call a load delivered, while it stands delivered (a status corrected
 * back has none): its delivery time, or its last change when none was recorded. A private tracking
 * link's end follows it.
 */
export const deliveredMoment = <T>(load: {
  status: string;
  deliveredAt: T | null;
  updatedAt: T;
}): T | null => (load.status === "completed" ? (load.deliveredAt ?? load.updatedAt) : null);

export const trackResultSchema = z.discriminatedUnion("view", [trackStatusSchema, trackFullSchema]);
export type TrackResult = z.infer<typeof trackResultSchema>;

/** The web form: the same rules as the route's parameter and query. */
export const trackFormSchema = trackParamsSchema.extend({ check: z.string().trim().max(60) });
export type TrackFormInput = z.input<typeof trackFormSchema>;

export const bolTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const bolLinkSchema = z.object({ loadNumber: z.string(), expiresAt: z.string() });
export type BolLink = z.infer<typeof bolLinkSchema>;

export const bolUploadResultSchema = z.object({
  loadNumber: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type BolUploadResult = z.infer<typeof bolUploadResultSchema>;
