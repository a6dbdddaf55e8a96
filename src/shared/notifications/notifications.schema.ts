import { z } from "zod";

export const NOTIFICATION_KINDS = [
  "load.declined",
  "load.assigned",
  "load.bol_uploaded",
  "load.delivered",
  "load.interest",
  "invoice.sent",
  "time_off.requested",
  "time_off.reviewed",
  "citation.recorded",
  "citation.disputed",
  "citation.status_changed",
  "accident.recorded",
  "load_request.created",
  "load_request.accepted",
  "load_request.declined",
  "inspection.failed",
  "inspection.needs_repair",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
