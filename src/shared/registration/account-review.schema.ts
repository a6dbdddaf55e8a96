import { z } from "zod";
import { pageQuerySchema } from "../api/api.schema";

/**
 * The review queue's list: apart from the registration form's schema, so the review screen does not
 * download the phone rule's metadata (~29 KB gzip) the form needs.
 */
export const ACCOUNT_REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type AccountReviewStatus = (typeof ACCOUNT_REVIEW_STATUSES)[number];

export const accountReviewFilterSchema = z.object({
  status: z.enum(ACCOUNT_REVIEW_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
});
export const accountReviewListQuerySchema = pageQuerySchema.extend(accountReviewFilterSchema.shape);
