import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";

/*
 * Driver ratings and reviews (spec sections 2 and 8): staff rate a driver on a completed load, once
 * per load, 1–5 in four categories with a comment. A rating's overall score is the average of its
 * categories; a driver's rating is the average of their ratings' overall scores.
 */

export const RATING_CATEGORIES = ["punctuality", "communication", "safety", "equipmentCare"] as const;
export type RatingCategory = (typeof RATING_CATEGORIES)[number];
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** A delivery is on time when the load was completed at most this long after the delivery appointment. */
export const ON_TIME_GRACE_MINUTES = 60;

export const RATING_SCORE_MESSAGE = `Choose a score from ${RATING_MIN} to ${RATING_MAX}.`;
export const RATING_EXISTS_MESSAGE = "This load has already been rated.";
export const RATING_LOAD_MESSAGE = "Choose a completed load this driver delivered.";

const score = z.coerce
  .number({ message: RATING_SCORE_MESSAGE })
  .int({ message: RATING_SCORE_MESSAGE })
  .min(RATING_MIN, { message: RATING_SCORE_MESSAGE })
  .max(RATING_MAX, { message: RATING_SCORE_MESSAGE });

const ratingScores = {
  punctuality: score,
  communication: score,
  safety: score,
  equipmentCare: score,
  comment: z.string().trim().max(2000, { message: "Use at most 2000 characters." }).default(""),
};

export const createRatingSchema = z.object({
  loadId: z.uuid({ message: RATING_LOAD_MESSAGE }),
  ...ratingScores,
});
export type CreateRatingInput = z.input<typeof createRatingSchema>;
export const updateRatingSchema = z.object(ratingScores);
export type UpdateRatingInput = z.input<typeof updateRatingSchema>;

/** The overall score of one rating: the mean of its categories, two decimals ("4.25"). */
export function overallScore(scores: Record<RatingCategory, number>): string {
  const sum = RATING_CATEGORIES.reduce((total, c) => total + scores[c], 0);
  return (Math.round((sum / RATING_CATEGORIES.length) * 100) / 100).toFixed(2);
}

export const ratingSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  loadId: z.string(),
  loadNumber: z.string(),
  pickupCity: z.string(),
  pickupState: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  /** When the load was completed. */
  deliveredAt: z.string().nullable(),
  punctuality: z.number().int(),
  communication: z.number().int(),
  safety: z.number().int(),
  equipmentCare: z.number().int(),
  overall: z.string(),
  comment: z.string(),
  ratedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const RATING_SORTS = ["createdAt", "overall", "driverName"] as const;
export type RatingSort = (typeof RATING_SORTS)[number];

/** Reviews: by driver and period (the rating's date), searched in comments, load numbers and names. */
export const ratingFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  driverId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** At most this overall score (e.g. 2 for the poor ones)... */
  maxScore: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX).optional(),
  /** ...or at least this one. */
  minScore: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX).optional(),
  sort: z.enum(RATING_SORTS).default("createdAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type RatingFilter = z.infer<typeof ratingFilterSchema>;
export const ratingListQuerySchema = pageQuerySchema.extend(ratingFilterSchema.shape);
export type RatingListQuery = z.infer<typeof ratingListQuerySchema>;
export const ratingPageSchema = pageSchema(ratingSchema);
export type RatingPage = z.infer<typeof ratingPageSchema>;
export const ratingExportQuerySchema = ratingFilterSchema.extend({
  format: z.enum(["csv", "xlsx"]).default("csv"),
});
export type RatingExportQuery = z.infer<typeof ratingExportQuerySchema>;

/** A completed load of the driver that has no rating yet. */
export const ratableLoadSchema = z.object({
  id: z.string(),
  loadNumber: z.string(),
  pickupCity: z.string(),
  pickupState: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  deliveryAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type RatableLoad = z.infer<typeof ratableLoadSchema>;

// ---- Scorecards: one row per driver over a period

/** The longest period one scorecard covers. */
export const SCORECARD_MAX_DAYS = 732;

export const SCORECARD_SORTS = [
  "driverName",
  "loadsCompleted",
  "onTimeRate",
  "rating",
  "inspectionsFailed",
  "citations",
  "accidents",
] as const;
export type ScorecardSort = (typeof SCORECARD_SORTS)[number];

const periodRange = <T extends z.ZodObject>(schema: T) =>
  schema
    .refine((v) => !v.from || !v.to || v.to >= v.from, {
      path: ["to"],
      message: "The end date must be on or after the start date.",
    })
    .refine(
      (v) =>
        !v.from ||
        !v.to ||
        (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 <=
          SCORECARD_MAX_DAYS,
      { path: ["from"], message: "Choose a period of at most two years." },
    );

/**
 * The period is by calendar date, both ends included: loads completed, ratings of those loads, and
 * inspections, citations and accidents dated in it. Without dates: this month so far. Exported before
 * the period checks, for a screen that extends the fields with its own URL state.
 */
export const scorecardFilter = z.object({
  q: z.string().trim().max(100).optional(),
  driverId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Include deactivated drivers (off by default). */
  includeInactive: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .transform((v) => v === true || v === "true"),
  sort: z.enum(SCORECARD_SORTS).default("driverName"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export const scorecardFilterSchema = periodRange(scorecardFilter);
export type ScorecardFilter = z.infer<typeof scorecardFilterSchema>;
export const scorecardQuerySchema = periodRange(scorecardFilter.extend(pageQuerySchema.shape));
export type ScorecardQuery = z.infer<typeof scorecardQuerySchema>;
export const scorecardExportQuerySchema = periodRange(
  scorecardFilter.extend({ format: z.enum(["csv", "xlsx"]).default("csv") }),
);
export type ScorecardExportQuery = z.infer<typeof scorecardExportQuerySchema>;

export const scorecardRowSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  active: z.boolean(),
  loadsCompleted: z.number().int(),
  onTimeCount: z.number().int(),
  /** On-time deliveries over completed loads (0–1); null without completed loads. */
  onTimeRate: z.number().nullable(),
  ratingAverage: z.string().nullable(),
  ratingCount: z.number().int(),
  punctuality: z.string().nullable(),
  communication: z.string().nullable(),
  safety: z.string().nullable(),
  equipmentCare: z.string().nullable(),
  inspectionsFailed: z.number().int(),
  citations: z.number().int(),
  accidents: z.number().int(),
});
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;
export const scorecardPageSchema = pageSchema(scorecardRowSchema).extend({
  from: z.string(),
  to: z.string(),
});
export type ScorecardPage = z.infer<typeof scorecardPageSchema>;
