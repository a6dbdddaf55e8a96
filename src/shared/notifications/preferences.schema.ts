import type { Role } from "@shared/access";
import { LANGUAGES } from "@shared/i18n/i18n.config";
import { z } from "zod";
import {
  AUTOMATED_DEFAULTS,
  AUTOMATED_EVENT_KEYS,
  AUTOMATED_EVENTS,
  type AutomatedEvent,
  isAutomated,
  NOTIFY_CHANNELS,
  type NotifyChannel,
} from "./automated";
import { NOTIFICATION_KINDS, type NotificationKind } from "./notifications.schema";

export {
  AUTOMATED_DEFAULTS,
  AUTOMATED_EVENT_KEYS,
  AUTOMATED_EVENTS,
  type AutomatedEvent,
  isAutomated,
  NOTIFY_CHANNELS,
  type NotifyChannel,
};

export const automatedSwitchSchema = z.object({
  event: z.enum(AUTOMATED_EVENT_KEYS as [AutomatedEvent, ...AutomatedEvent[]]),
  inApp: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
});
export type AutomatedSwitch = z.infer<typeof automatedSwitchSchema>;
export const automatedSwitchesSchema = z.object({
  switches: z.array(
    automatedSwitchSchema.extend({ updatedAt: z.string().nullable(), updatedByName: z.string().nullable() }),
  ),
});
export type AutomatedSwitches = z.infer<typeof automatedSwitchesSchema>;
export const automatedSwitchesInputSchema = z.object({
  switches: z.array(automatedSwitchSchema).min(1).max(20),
});
export type AutomatedSwitchesInput = z.input<typeof automatedSwitchesInputSchema>;

/** Who receives each kind (as the services send them): the preferences list a user's own kinds. */
const DISPATCH: readonly Role[] = ["admin", "manager", "dispatcher"];
export const NOTIFICATION_RECIPIENTS: Record<NotificationKind, readonly Role[]> = {
  announcement: ["admin", "manager", "dispatcher", "safety", "accountant", "driver"],
  "load.declined": DISPATCH,
  "load.assigned": ["driver"],
  "load.bol_uploaded": DISPATCH,
  "load.delivered": DISPATCH,
  "load.pod_delivered": ["customer"],
  "load.interest": DISPATCH,
  "load.detention_proposed": DISPATCH,
  "load.running_late": DISPATCH,
  "load.check_in_late": DISPATCH,
  "load.departure_proposed": DISPATCH,
  "load.arrival_proposed": DISPATCH,
  "invoice.sent": ["customer"],
  "time_off.requested": ["admin", "manager"],
  "time_off.reviewed": ["driver"],
  "citation.recorded": ["driver"],
  "citation.disputed": ["admin", "manager", "safety"],
  "citation.status_changed": ["driver"],
  "accident.recorded": ["admin", "manager", "safety"],
  "load_request.created": DISPATCH,
  "load_request.accepted": ["customer"],
  "load_request.declined": ["customer"],
  "inspection.failed": ["admin", "manager", "safety", "dispatcher"],
  "inspection.needs_repair": ["admin", "manager", "safety"],
  "bill.due": ["accountant", "manager"],
  "paperwork.rejected": ["driver"],
  "paperwork.requested": ["driver"],
  "document.expiring": ["admin", "manager", "dispatcher", "safety", "accountant", "driver"],
  "document.submitted": DISPATCH,
  "contract.sent": ["driver"],
  "contract.signed": ["admin", "manager"],
  "contract.expiring": ["admin", "manager"],
};
export const kindsFor = (role: Role): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((k) => NOTIFICATION_RECIPIENTS[k].includes(role));

/**
 * A user's own choices: which of their kinds also arrive by email and by text (texts only to a
 * number with recorded consent). Until they choose, the automated events' kinds are on.
 */
export const notificationPreferencesInputSchema = z.object({
  email: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length),
  sms: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesInputSchema>;
export const notificationPreferencesSchema = notificationPreferencesInputSchema.extend({
  /** The kinds this user receives (their role's). */
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /** The language their emails and texts are written in (the one they last chose in the app). */
  language: z.enum(LANGUAGES),
  /** Where their copies go: their sign-in email; their phone (drivers, customers) and its consent. */
  emailAddress: z.string(),
  phone: z.string().nullable(),
  smsConsent: z.enum(["opted_in", "opted_out", "unknown"]),
  /** The company's switches: an automated event's channel switched off reaches nobody. */
  companyOff: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), channel: z.enum(NOTIFY_CHANNELS) })),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const languageInputSchema = z.object({ language: z.enum(LANGUAGES) });
export type LanguageInput = z.input<typeof languageInputSchema>;

/** A user's kinds on by default (before they choose): the automated events. */
export const DEFAULT_CHANNEL_KINDS: readonly NotificationKind[] = AUTOMATED_EVENT_KEYS;
