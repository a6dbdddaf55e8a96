import { pageQuerySchema } from "@shared/api/api.schema";
import { z } from "zod";

/** The communication log: every email and SMS sent or scheduled, by recipient, channel, status and date. */
export const logQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  channel: z.enum(["email", "sms"]).optional(),
  status: z
    .enum([
      "scheduled",
      "queued",
      "sent",
      "stored",
      "failed",
      "bounced",
      "cancelled",
      "no_address",
      "no_consent",
      "unsubscribed",
      "not_sent_no_provider",
    ])
    .optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  communicationId: z.uuid().optional(),
});
export type LogQuery = z.infer<typeof logQuerySchema>;
