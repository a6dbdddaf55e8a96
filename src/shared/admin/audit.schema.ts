import { z } from "zod";

/** Every audited action. Later domains add theirs here so the filter lists them. */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.password_changed",
  "user.created",
  "user.role_changed",
  "user.temporary_password_set",
  "user.disabled",
  "user.enabled",
  "user.deleted",
  "impersonation.started",
  "impersonation.stopped",
  "registration.submitted",
  "registration.approved",
  "registration.rejected",
  "load.created",
  "load.updated",
  "load.status_changed",
  "load.assigned",
  "load.accepted",
  "load.declined",
  "load.started",
  "load.delivered",
  "load.file_uploaded",
  "load.file_deleted",
  "load.bol_link_created",
  "load.bol_link_revoked",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  impersonatorEmail: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  action: z.string().max(60).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const MAIL_STATUSES = ["stored", "sent", "failed"] as const;
export const mailMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;
export const mailFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(MAIL_STATUSES).optional(),
});
