/**
 * The automated notifications' constants, without zod: the web's Automated tab imports them at run
 * time (a schema module there would pull zod's record and enum code into every screen's chunk).
 */

/** How a notification reaches someone: the notifications centre (and bell), an email, a text. */
export const NOTIFY_CHANNELS = ["inApp", "email", "sms"] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * The events that message people on their own (issue 16), each switchable per channel by the
 * company (`/communications?tab=automated`, admin and manager). `always` channels cannot be switched
 * off: a contract's signing link is its email. Defaults: in-app and email on, texts off (the company
 * turns them on once it has its drivers' and customers' consent).
 */
export const AUTOMATED_EVENTS = {
  "load.assigned": { recipient: "driver", always: [] },
  "load.pod_delivered": { recipient: "customer", always: [] },
  "document.expiring": { recipient: "owner", always: [] },
  "bill.due": { recipient: "accountant", always: [] },
  "time_off.reviewed": { recipient: "driver", always: [] },
  "contract.sent": { recipient: "signer", always: ["email"] },
} as const satisfies Record<string, { recipient: string; always: readonly NotifyChannel[] }>;
export type AutomatedEvent = keyof typeof AUTOMATED_EVENTS;
export const AUTOMATED_EVENT_KEYS = Object.keys(AUTOMATED_EVENTS) as AutomatedEvent[];
export const isAutomated = (kind: string): kind is AutomatedEvent => kind in AUTOMATED_EVENTS;
export const AUTOMATED_DEFAULTS: Record<NotifyChannel, boolean> = { inApp: true, email: true, sms: false };
