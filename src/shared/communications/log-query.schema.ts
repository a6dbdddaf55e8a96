import { pageQuerySchema } from "@shared/api/api.schema";
import { z } from "zod";

/** Email or SMS. */
export const COMMUNICATION_CHANNELS = ["email", "sms"] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

/** A recipient's state in the log: queued → sent / failed / bounced, or skipped with the reason. */
export const DELIVERY_STATUSES = [
  "scheduled",
  "queued",
  "sent",
  /** No SMTP server configured: kept in the mail outbox an admin can read, not sent. */
  "stored",
  "failed",
  "bounced",
  "cancelled",
  "no_address",
  /** SMS: no recorded consent, or opted out. */
  "no_consent",
  "unsubscribed",
  "not_sent_no_provider",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The communication log: every email and SMS sent or scheduled, by recipient, channel, status and date. */
export const logQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  channel: z.enum(COMMUNICATION_CHANNELS).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  communicationId: z.uuid().optional(),
  /** hub (people's messages) or automated (events' copies). */
  source: z.enum(["hub", "automated"]).optional(),
});
export type LogQuery = z.infer<typeof logQuerySchema>;
