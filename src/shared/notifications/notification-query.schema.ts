import { pageQuerySchema } from "@shared/api/api.schema";
import { z } from "zod";

/**
 * `/api/notifications`: the caller's own, newest first; `?unread=true` for the unread ones only. In a
 * module of its own, so the centre's screen does not bundle the answer's schemas (and zod's record).
 */
export const notificationQuerySchema = pageQuerySchema.extend({
  /** Names and numbers the notification carries (a load number, a driver's name) or its typed note. */
  q: z.string().trim().max(100).optional(),
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;
