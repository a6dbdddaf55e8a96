import { z } from "zod";
import { liveViewSchema } from "../tracking/tracking.schema";
import { trackFullSchema } from "./public.schema";

/**
 * A load's private tracking links (`/track/:token`): the full public view without the load number,
 * for the shipper and whoever they pass it to. The token is shown once and stored hashed
 * (platform/tokens). Dispatch makes one and emails it or copies it; the customer portal makes its
 * own on demand. A new link from the same side replaces the one before (decision 043,
 * docs/decisions/043-private-tracking-links.md).
 */

/** How long a link lasts while the load is on its way (from the day it was made). */
export const TRACKING_LINK_DAYS_UNDELIVERED = 90;
/** How long a link lasts once the load is delivered (from the delivery, or the link if made later). */
export const TRACKING_LINK_DAYS_AFTER_DELIVERY = 30;

const DAY = 86_400_000;
const time = (value: Date | string) => new Date(value).getTime();

/**
 * When a link stops working. It follows the load: 90 days from its making while the load is not
 * delivered; once it is, 30 days after the delivery — or after the link, for one made later.
 */
export function trackingLinkExpiresAt(createdAt: Date | string, deliveredAt: Date | string | null): Date {
  if (!deliveredAt) return new Date(time(createdAt) + TRACKING_LINK_DAYS_UNDELIVERED * DAY);
  return new Date(Math.max(time(deliveredAt), time(createdAt)) + TRACKING_LINK_DAYS_AFTER_DELIVERY * DAY);
}

export const TRACKING_LINK_SOURCES = ["dispatch", "portal"] as const;
export type TrackingLinkSource = (typeof TRACKING_LINK_SOURCES)[number];

export const TRACKING_MESSAGES = {
  /** One answer for an unknown, expired or replaced link: the page tells no more than that. */
  expired:
    "This tracking link has expired or was replaced. Ask the company that shipped your load for a new one.",
  noContactEmail:
    "The customer has no contact email. Copy the link instead, or add an email to the customer.",
} as const;

export const trackingTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * The private tracking page's payload: the full public view of the load and the link's end.
 * Issue 40 grows it (the truck's last position, the ETA, the route for a map) — here, not in the
 * status check by number.
 */
export const trackingViewSchema = trackFullSchema.extend({
  /** When this link stops working. */
  expiresAt: z.string(),
  /**
   * The truck coarsened to the city, the ETA and the next stop's city while the load is in progress
   * (until 24 h after delivery); null otherwise. Never the driver (issue 40).
   */
  live: liveViewSchema.nullable(),
});
export type TrackingView = z.infer<typeof trackingViewSchema>;

/** A link as dispatch sees it on the load's page (the token itself is never shown again). */
export const trackingLinkSchema = z.object({
  id: z.string(),
  source: z.enum(TRACKING_LINK_SOURCES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  /** The address it was emailed to, when it was. */
  sentTo: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  active: z.boolean(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const trackingLinksSchema = z.object({
  /** The customer's contact email, where "Email to the customer" sends the link (null: none on file). */
  contactEmail: z.string().nullable(),
  items: z.array(trackingLinkSchema),
});
export type TrackingLinks = z.infer<typeof trackingLinksSchema>;

export const createTrackingLinkSchema = z.object({
  /** Email the new link to the customer's contact (else it is only shown, to copy). */
  email: z.boolean().default(false),
});
export type CreateTrackingLinkInput = z.infer<typeof createTrackingLinkSchema>;

/** The only answer that carries the token (in `url`): copy it now, it cannot be shown again. */
export const createdTrackingLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  /** What became of the email (null: none was asked for). */
  emailed: z.enum(["sent", "stored", "failed"]).nullable(),
  sentTo: z.string().nullable(),
});
export type CreatedTrackingLink = z.infer<typeof createdTrackingLinkSchema>;

/** The portal's own link for one of the customer's loads. */
export const portalTrackingLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PortalTrackingLink = z.infer<typeof portalTrackingLinkSchema>;
