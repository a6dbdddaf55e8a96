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
} as const;

export const trackParamsSchema = z.object({
  loadNumber: z
    .string()
    .trim()
    .min(1, { message: "Enter a load number." })
    .max(40, { message: "Enter a load number." }),
});

const placeSchema = z.object({ city: z.string(), state: z.string(), date: z.string() });

/** All a visitor may learn: no rates, names, phone numbers or street addresses. */
export const trackResultSchema = z.object({
  loadNumber: z.string(),
  status: z.enum(LOAD_STATUSES),
  pickup: placeSchema,
  delivery: placeSchema,
  lastUpdate: z.string(),
  /** Set once the load is completed. */
  deliveredAt: z.string().nullable(),
});
export type TrackResult = z.infer<typeof trackResultSchema>;

/** The web form: the same rule as the route parameter. */
export const trackFormSchema = trackParamsSchema;
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
