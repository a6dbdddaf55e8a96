import { STAFF_ROLES } from "@shared/access";
import { pageSchema } from "@shared/api/api.schema";
import { z } from "zod";
import {
  COMMUNICATION_CHANNELS,
  type CommunicationChannel,
  DELIVERY_STATUSES,
  type DeliveryStatus,
} from "./log-query.schema";

/**
 * The communications hub (`/communications`): mass email to drivers, customers' contacts and staff,
 * with the sender's signature, attachments, a throttled queue and every recipient's status in the
 * communication log.
 */
export { COMMUNICATION_CHANNELS, type CommunicationChannel, DELIVERY_STATUSES, type DeliveryStatus };

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 20_000;
export const SIGNATURE_MAX = 1000;
/** Attachments of one mass email: PDFs and images, checked by content, 10 MB each, five at most. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;
export const ATTACHMENTS_MAX = 5;
/** The queue sends this many emails a minute (SMTP providers throttle bulk senders). */
export const EMAILS_PER_MINUTE = 60;

export const COMMUNICATION_MESSAGES = {
  /** Spec section 5: "Email composition: subject and body cannot be empty." */
  empty: "Subject and body cannot be empty.",
  subjectRequired: "Subject cannot be empty.",
  bodyRequired: "Body cannot be empty.",
  subjectTooLong: `A subject is at most ${EMAIL_SUBJECT_MAX} characters.`,
  bodyTooLong: `A message is at most ${EMAIL_BODY_MAX} characters.`,
  noRecipients: "Choose who receives it.",
  scheduledPast: "This time has passed. Choose a later time, or send now.",
  tooManyAttachments: `Attach at most ${ATTACHMENTS_MAX} files.`,
  signatureTooLong: `A signature is at most ${SIGNATURE_MAX} characters.`,
  notScheduled: "This message was already sent or cancelled.",
  groupNameRequired: "Name the group.",
  groupNameTaken: "A group with this name exists. Choose another name.",
} as const;
const M = COMMUNICATION_MESSAGES;

const ids = z.array(z.string().min(1).max(64)).max(1000).default([]);
/** Who receives a mass email: drivers, customers' contacts and staff, each all, chosen or none. */
export const audienceSchema = z.object({
  drivers: z.enum(["none", "all", "chosen"]).default("none"),
  driverIds: ids,
  customers: z.enum(["none", "all", "chosen"]).default("none"),
  customerIds: ids,
  staffRoles: z.array(z.enum(STAFF_ROLES)).max(10).default([]),
});
export type Audience = z.input<typeof audienceSchema>;

export const massEmailInputSchema = z
  .object({
    subject: z.string().trim().max(EMAIL_SUBJECT_MAX, { message: M.subjectTooLong }),
    body: z.string().trim().max(EMAIL_BODY_MAX, { message: M.bodyTooLong }),
    audience: audienceSchema,
    attachmentIds: z.array(z.uuid()).max(ATTACHMENTS_MAX, { message: M.tooManyAttachments }).default([]),
    /** Later (an instant), or now when absent. */
    scheduledAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: M.subjectRequired });
    if (!v.body) ctx.addIssue({ code: "custom", path: ["body"], message: M.bodyRequired });
    const a = v.audience;
    const anyone =
      a.drivers === "all" ||
      (a.drivers === "chosen" && a.driverIds.length > 0) ||
      a.customers === "all" ||
      (a.customers === "chosen" && a.customerIds.length > 0) ||
      a.staffRoles.length > 0;
    if (!anyone) ctx.addIssue({ code: "custom", path: ["audience"], message: M.noRecipients });
  });
export type MassEmailInput = z.input<typeof massEmailInputSchema>;

export const recipientPreviewSchema = z.object({
  /** Who will be mailed. */
  count: z.number().int(),
  /** "No Email Found": drivers and contacts without an address, listed and skipped. */
  missing: z.array(
    z.object({ kind: z.enum(["driver", "contact", "user"]), name: z.string(), detail: z.string() }),
  ),
  /** Customers' contacts who unsubscribed from bulk mail: skipped. */
  unsubscribed: z.number().int(),
});
export type RecipientPreview = z.infer<typeof recipientPreviewSchema>;

export const communicationSchema = z.object({
  id: z.uuid(),
  channel: z.enum(COMMUNICATION_CHANNELS),
  subject: z.string(),
  body: z.string(),
  senderName: z.string(),
  status: z.enum(["scheduled", "sending", "sent", "cancelled"]),
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(z.object({ id: z.string(), fileName: z.string(), size: z.number().int() })),
  counts: z.record(z.string(), z.number().int()),
});
export type Communication = z.infer<typeof communicationSchema>;

export const logEntrySchema = z.object({
  id: z.uuid(),
  communicationId: z.uuid(),
  channel: z.enum(COMMUNICATION_CHANNELS),
  subject: z.string(),
  recipientName: z.string(),
  recipientKind: z.enum(["driver", "contact", "user"]),
  address: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  senderName: z.string(),
  /** hub: a person's mass email or blast; automated: an event's copy (`notificationKind`). */
  source: z.enum(["hub", "automated"]),
  notificationKind: z.string().nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
export const logPageSchema = pageSchema(logEntrySchema);
export type LogPage = z.infer<typeof logPageSchema>;

export const attachmentSchema = z.object({ id: z.uuid(), fileName: z.string(), size: z.number().int() });
export type Attachment = z.infer<typeof attachmentSchema>;

export const signatureSchema = z.object({
  signature: z.string().max(SIGNATURE_MAX, { message: M.signatureTooLong }),
});
export type Signature = z.infer<typeof signatureSchema>;

/** A saved audience ("all reefer drivers", "Acme's desks"): the composer reloads its pickers from it. */
export const recipientGroupInputSchema = z.object({
  name: z.string().trim().min(1, { message: M.groupNameRequired }).max(80),
  audience: audienceSchema,
  /** The chosen drivers' and customers' names, to show when the group is reloaded. */
  labels: z
    .array(z.object({ id: z.string().max(64), label: z.string().max(200) }))
    .max(2000)
    .default([]),
});
export type RecipientGroupInput = z.input<typeof recipientGroupInputSchema>;
export const recipientGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  audience: audienceSchema,
  labels: z.array(z.object({ id: z.string(), label: z.string() })),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type RecipientGroup = z.infer<typeof recipientGroupSchema>;
export const recipientGroupListSchema = z.object({ items: z.array(recipientGroupSchema) });
export type RecipientGroupList = z.infer<typeof recipientGroupListSchema>;
