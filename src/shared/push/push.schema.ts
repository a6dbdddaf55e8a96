import { z } from "zod";

/**
 * Web Push (issue 41): a browser's push subscription (RFC 8030 endpoint, RFC 8291 keys) stored per user
 * and device, the server's VAPID public key (RFC 8292) a browser subscribes with, and what a push says.
 */

/** How many devices one user may have subscribed at once (a new one past this is refused). */
export const PUSH_MAX_SUBSCRIPTIONS = 10;

/** A push's time to live at the push service (RFC 8030 §5.2): a day, then it is not worth showing. */
export const PUSH_TTL_SECONDS = 86_400;

export const PUSH_MESSAGES = {
  endpoint: "Push endpoint must be an https:// address.",
  keys: "Push subscription keys are not valid.",
  tooMany: `You can turn on notifications on at most ${PUSH_MAX_SUBSCRIPTIONS} devices. Turn them off on a device you no longer use.`,
  notConfigured: "Push notifications are not available on this server.",
} as const;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.keys)
    // The decoded length, from the characters (pure: no Buffer here): 4 characters carry 3 bytes.
    .refine((s) => Math.floor((s.replace(/=+$/, "").length * 3) / 4) === bytes, PUSH_MESSAGES.keys);

/**
 * What `PushSubscription.toJSON()` gives in a browser, plus `replaces`: the endpoint this one takes over
 * from (a `pushsubscriptionchange` in the service worker), removed for the caller.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().trim().max(2000).url(PUSH_MESSAGES.endpoint),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's ECDH P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The 16-byte authentication secret. */
    auth: base64url(16),
  }),
  replaces: z.string().max(2000).optional(),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  /** The browser that subscribed (its User-Agent), so a user can tell their devices apart. */
  device: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionRow = z.infer<typeof pushSubscriptionSchema>;
export const pushSubscriptionListSchema = z.object({ subscriptions: z.array(pushSubscriptionSchema) });

export const pushKeySchema = z.object({
  /** The VAPID public key (uncompressed P-256 point, base64url): `applicationServerKey` when subscribing. */
  publicKey: z.string(),
});

/** What one push carries (small: the service worker shows it as a notification). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path it opens (e.g. `/loads/…`), or null for the notifications centre. */
  link: string | null;
  /** Replaces an earlier notification with the same tag on the device (one per load, per chat). */
  tag: string;
}
