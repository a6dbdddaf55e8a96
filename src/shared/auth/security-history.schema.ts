import { z } from "zod";
import { pageQuerySchema } from "../api/api.schema";
import type { AuditAction } from "../audit/audit.schema";

/**
 * The audit actions a user's own security history lists: what changed how someone gets into their
 * account, and who entered it as them (issue 38, point 9). Sign-ins are the audit log's business.
 */
export const SECURITY_HISTORY_ACTIONS = [
  "auth.password_changed",
  "user.temporary_password_set",
  "auth.two_factor_enabled",
  "auth.two_factor_disabled",
  "user.two_factor_reset",
  "impersonation.started",
  "impersonation.started_two_factor",
  "impersonation.stopped",
  "user.role_changed",
  "user.disabled",
  "user.enabled",
] as const satisfies readonly AuditAction[];
export type SecurityHistoryAction = (typeof SECURITY_HISTORY_ACTIONS)[number];

/** One event about the account: when, what, and who did it (an admin, or the user themselves). */
export const securityEventSchema = z.object({
  id: z.string(),
  action: z.enum(SECURITY_HISTORY_ACTIONS),
  at: z.string(),
  /** Who acted: the user's own account, or another (an admin). Their address is never shown. */
  byEmail: z.string().nullable(),
  bySelf: z.boolean(),
  /** Set when the change was made by an admin browsing as the user. */
  impersonatorEmail: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityHistoryQuerySchema = pageQuerySchema;
