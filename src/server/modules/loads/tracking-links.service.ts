import { routePath } from "@shared/access";
import type { Language } from "@shared/i18n/i18n.config";
import en from "@shared/i18n/locales/en/public.json";
import es from "@shared/i18n/locales/es/public.json";
import fr from "@shared/i18n/locales/fr/public.json";
import { deliveredMoment } from "@shared/public/public.schema";
import {
  type CreatedTrackingLink,
  type CreateTrackingLinkInput,
  type PortalTrackingLink,
  TRACKING_MESSAGES,
  type TrackingLinkSource,
  type TrackingLinks,
  trackingLinkExpiresAt,
} from "@shared/public/tracking.schema";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { customers, loadTrackingLinks, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { iso } from "../../http/pagination";
import { ownCustomerId, type Scope, STAFF_SCOPE } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { signed } from "../../platform/mail/signature";
import { wordsIn } from "../../platform/notifications/words";
import { createToken, hashToken } from "../../platform/tokens/tokens";
import { revokeLoadLink } from "./load-links";
import { findLoad, type LoadRow } from "./loads.repo";

const PUBLIC_WORDS: Record<Language, unknown> = { en, es, fr };

/**
 * Private tracking links of a load (`/track/:token`, shared/public/tracking.schema.ts). Dispatch
 * makes one from the load's page and emails it to the customer's contact or copies it; the customer
 * makes their own from the portal. A new link replaces the active one from the same side; dispatch
 * may revoke any. Only the token's SHA-256 is stored: the URL is shown once, at creation.
 */
export function createTrackingLinksService(deps: Deps) {
  const { db, config, mailer } = deps;

  /**
   * Makes the load's new link from `source`, revoking the one before from the same side, and
   * audits it — in the caller's transaction.
   */
  async function issue(
    tx: Tx,
    actor: Actor,
    load: LoadRow,
    source: TrackingLinkSource,
    sentTo: string | null,
  ) {
    const token = createToken();
    const replaced = await tx
      .update(loadTrackingLinks)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(loadTrackingLinks.loadId, load.id),
          eq(loadTrackingLinks.source, source),
          isNull(loadTrackingLinks.revokedAt),
        ),
      )
      .returning({ id: loadTrackingLinks.id });
    const [row] = await tx
      .insert(loadTrackingLinks)
      .values({ loadId: load.id, tokenHash: hashToken(token), source, sentTo, createdBy: actor.userId })
      .returning({ id: loadTrackingLinks.id, createdAt: loadTrackingLinks.createdAt });
    await recordAudit(tx, actor, {
      action: "load.tracking_link_created",
      targetType: "load",
      targetId: load.id,
      targetLabel: load.loadNumber,
      details: {
        linkId: row.id,
        via: source,
        ...(sentTo ? { email: sentTo } : {}),
        ...(replaced.length ? { replaced: replaced.length } : {}),
      },
    });
    return {
      id: row.id,
      url: `${config.publicUrl}${routePath("trackingLink", { token })}`,
      expiresAt: trackingLinkExpiresAt(row.createdAt, deliveredMoment(load)),
    };
  }

  /** The customer's contact address and their portal account's language (the email's). */
  async function contactOf(customerId: string | null) {
    if (!customerId) return null;
    const [row] = await db
      .select({
        email: customers.email,
        // Spelled out: Drizzle writes a column inside a selected expression without its table.
        language: sql<string | null>`(select p.language from user_preferences p
          where p.user_id = "customers"."user_id")`,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row?.email ? { email: row.email, language: row.language } : null;
  }

  /** The link as the shipper reads it, in their language, under the sender's signature. */
  async function mailLink(
    actor: Actor,
    load: LoadRow,
    link: { url: string; expiresAt: Date },
    to: { email: string; language: string | null },
  ) {
    const t = wordsIn(PUBLIC_WORDS, to.language);
    const lang = to.language && to.language in PUBLIC_WORDS ? to.language : "en";
    const until = new Intl.DateTimeFormat(lang, {
      dateStyle: "long",
      timeZone: config.company.timeZone,
    }).format(link.expiresAt);
    const values = {
      loadNumber: load.loadNumber,
      company: config.company.name,
      pickup: `${load.pickupCity}, ${load.pickupState}`,
      delivery: `${load.deliveryCity}, ${load.deliveryState}`,
      date: until,
    };
    return mailer.send({
      to: to.email,
      subject: t("trackingEmail.subject", values),
      text: await signed(
        db,
        actor.userId,
        [
          t("trackingEmail.greeting"),
          "",
          t("trackingEmail.intro", values),
          link.url,
          "",
          t("trackingEmail.until", values),
          "",
          t("trackingEmail.thanks"),
          config.company.name,
          [config.company.phone, config.company.email].filter(Boolean).join(" | "),
        ].join("\n"),
      ),
      replyTo: config.company.email,
    });
  }

  return {
    async list(loadId: string): Promise<TrackingLinks> {
      const load = await findLoad(db, loadId, STAFF_SCOPE);
      if (!load) throw notFound("The load");
      const [contact, rows] = await Promise.all([
        contactOf(load.customerId),
        db
          .select({ link: loadTrackingLinks, createdByName: users.name })
          .from(loadTrackingLinks)
          .leftJoin(users, eq(users.id, loadTrackingLinks.createdBy))
          .where(eq(loadTrackingLinks.loadId, loadId))
          .orderBy(desc(loadTrackingLinks.createdAt)),
      ]);
      const now = Date.now();
      return {
        contactEmail: contact?.email ?? null,
        items: rows.map(({ link, createdByName }) => {
          const expiresAt = trackingLinkExpiresAt(link.createdAt, deliveredMoment(load));
          return {
            id: link.id,
            source: link.source,
            createdAt: link.createdAt.toISOString(),
            createdByName,
            sentTo: link.sentTo,
            expiresAt: expiresAt.toISOString(),
            revokedAt: iso(link.revokedAt),
            lastOpenedAt: iso(link.lastOpenedAt),
            active: !link.revokedAt && expiresAt.getTime() > now,
          };
        }),
      };
    },

    /**
     * Dispatch's new link for the shipper (replacing dispatch's previous one), emailed to the
     * customer's contact when asked — 409 when the customer has no email, and nothing is made.
     */
    async create(actor: Actor, loadId: string, input: CreateTrackingLinkInput): Promise<CreatedTrackingLink> {
      const { load, link, contact } = await db.transaction(async (tx) => {
        const load = await findLoad(tx, loadId, STAFF_SCOPE, true);
        if (!load) throw notFound("The load");
        const contact = input.email ? await contactOf(load.customerId) : null;
        if (input.email && !contact) throw conflict(TRACKING_MESSAGES.noContactEmail, "NO_CONTACT_EMAIL");
        const link = await issue(tx, actor, load, "dispatch", contact?.email ?? null);
        return { load, link, contact };
      });
      const mail = contact ? await mailLink(actor, load, link, contact) : null;
      return {
        id: link.id,
        url: link.url,
        expiresAt: link.expiresAt.toISOString(),
        emailed: mail?.status ?? null,
        sentTo: contact?.email ?? null,
      };
    },

    /** Revoking twice is harmless; a link of another load is 404. */
    revoke: (actor: Actor, loadId: string, linkId: string) =>
      revokeLoadLink(db, actor, "tracking", loadId, linkId),

    /**
     * The customer's own link for one of their loads, made on demand in the portal (it replaces the
     * one they made before). Another customer's load, or none, is 404.
     */
    async forCustomer(actor: Actor, loadId: string): Promise<PortalTrackingLink> {
      // The portal is the customer's: a staff caller (none reaches here) would get no scope either.
      const scope: Scope = { kind: "customer", customerId: ownCustomerId(actor) };
      return db.transaction(async (tx) => {
        const load = await findLoad(tx, loadId, scope, true);
        if (!load) throw notFound("The load");
        const link = await issue(tx, actor, load, "portal", null);
        return { url: link.url, expiresAt: link.expiresAt.toISOString() };
      });
    },
  };
}
