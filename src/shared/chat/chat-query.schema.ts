import { pageQuerySchema } from "@shared/api/api.schema";
import { z } from "zod";

/**
 * `/api/chat/threads`: one conversation per driver with dispatch — every active driver for staff
 * (latest message first, then by name), only their own for a driver. In a module of its own, so the
 * chat screen does not bundle the answers' schemas.
 */
export const chatThreadQuerySchema = pageQuerySchema.extend({
  /** The driver's name or phone, or words of the last message. */
  q: z.string().trim().max(100).optional(),
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});
export type ChatThreadQuery = z.infer<typeof chatThreadQuerySchema>;
