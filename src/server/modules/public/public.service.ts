import { routePath } from "@shared/access";
import { LOAD_FILE_MAX_BYTES, LOAD_FILE_TYPES, type LoadStatus } from "@shared/loads/loads.schema";
import {
  type BolLink,
  type BolUploadResult,
  deliveredMoment,
  INVALID_LINK_MESSAGE,
  LOAD_NOT_FOUND_MESSAGE,
  normaliseReference,
  TRACK_CHECK_MIN_LENGTH,
  type TrackFull,
  type TrackResult,
} from "@shared/public/public.schema";
import { TRACKING_MESSAGES, type TrackingView, trackingLinkExpiresAt } from "@shared/public/tracking.schema";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bolUploadLinks, loadFiles, loads, loadTrackingLinks } from "../../db/schema";
import type { Deps } from "../../deps";
import { HttpError } from "../../http/errors";
import { companyDay } from "../../platform/company-day";
import { notifyRoles } from "../../platform/notifications/notify";
import { hashToken } from "../../platform/tokens/tokens";
import { liveViewOf } from "../tracking/live-view";

const loadNotFound = () => new HttpError(404, "LOAD_NOT_FOUND", LOAD_NOT_FOUND_MESSAGE);
const invalidLink = () => new HttpError(404, "INVALID_LINK", INVALID_LINK_MESSAGE);

/** Who hears about a BOL that arrived through a public link. */
const DISPATCH_ROLES = ["admin", "manager", "dispatcher"] as const;

/**
 * An active link: not revoked, not expired, on a load that still runs. Locked when `forUpdate`,
 * so a revocation racing an upload either wins entirely or loses entirely.
 */
async function activeLink(tx: Tx, token: string, forUpdate = false) {
  const query = tx
    .select({
      id: bolUploadLinks.id,
      loadId: bolUploadLinks.loadId,
      expiresAt: bolUploadLinks.expiresAt,
      loadNumber: loads.loadNumber,
    })
    .from(bolUploadLinks)
    .innerJoin(loads, eq(loads.id, bolUploadLinks.loadId))
    .where(
      and(
        eq(bolUploadLinks.tokenHash, hashToken(token)),
        isNull(bolUploadLinks.revokedAt),
        gt(bolUploadLinks.expiresAt, sql`now()`),
        ne(loads.status, "cancelled"),
      ),
    );
  const [link] = forUpdate ? await query.for("update", { of: bolUploadLinks }) : await query;
  return link;
}

/** The load as the public views read it: the copied first pickup and last delivery, and the last news. */
const publicColumns = {
  id: loads.id,
  loadNumber: loads.loadNumber,
  status: loads.status,
  pickupCity: loads.pickupCity,
  pickupState: loads.pickupState,
  pickupAt: loads.pickupAt,
  deliveryCity: loads.deliveryCity,
  deliveryState: loads.deliveryState,
  deliveryAt: loads.deliveryAt,
  deliveredAt: loads.deliveredAt,
  updatedAt: loads.updatedAt,
  // The first pickup's and the last delivery's zones: their times are read there (issue 40).
  pickupTimeZone: sql<string | null>`(select s.time_zone from load_stops s
    where s.load_id = "loads"."id" and s.type = 'pickup' order by s.sequence limit 1)`,
  deliveryTimeZone: sql<string | null>`(select s.time_zone from load_stops s
    where s.load_id = "loads"."id" and s.type = 'delivery' order by s.sequence desc limit 1)`,
  // Spelled out: Drizzle writes a column inside a selected expression without its table, and a bare
  // "id" in the subquery would be the event's own.
  lastEventAt: sql<string | null>`(select max(e.created_at) from load_status_events e
    where e.load_id = "loads"."id")`,
};
interface PublicLoad {
  loadNumber: string;
  status: LoadStatus;
  pickupCity: string;
  pickupState: string;
  pickupAt: Date;
  deliveryCity: string;
  deliveryState: string;
  deliveryAt: Date;
  deliveredAt: Date | null;
  updatedAt: Date;
  lastEventAt: string | null;
  pickupTimeZone: string | null;
  deliveryTimeZone: string | null;
}

function fullView(row: PublicLoad): TrackFull {
  const lastEvent = row.lastEventAt ? new Date(row.lastEventAt) : null;
  const lastUpdate = lastEvent && lastEvent > row.updatedAt ? lastEvent : row.updatedAt;
  return {
    view: "full",
    loadNumber: row.loadNumber,
    status: row.status,
    pickup: {
      city: row.pickupCity,
      state: row.pickupState,
      date: row.pickupAt.toISOString(),
      timeZone: row.pickupTimeZone,
    },
    delivery: {
      city: row.deliveryCity,
      state: row.deliveryState,
      date: row.deliveryAt.toISOString(),
      timeZone: row.deliveryTimeZone,
    },
    lastUpdate: lastUpdate.toISOString(),
    deliveredAt: deliveredMoment(row)?.toISOString() ?? null,
  };
}

/** A ZIP+4 and its five digits are the same ZIP, whichever side has the four. */
const zipOf = (value: string) => (/^\d{9}$/.test(value) ? value.slice(0, 5) : value);

export function createPublicService({ db, storage, config }: Deps) {
  /**
   * Whether `check` is the load's delivery ZIP or postal code (its last delivery's), or one of its
   * PO or BOL numbers — compared without case, spaces or dashes.
   */
  async function secondFactorMatches(loadId: string, check: string | undefined): Promise<boolean> {
    const given = normaliseReference(check ?? "");
    if (given.length < TRACK_CHECK_MIN_LENGTH) return false;
    const [row] = await db
      .select({
        poNumber: loads.poNumber,
        bolNumber: loads.bolNumber,
        stopPos: sql<string[]>`coalesce((select array_agg(s.po_number) from load_stops s
          where s.load_id = "loads"."id" and s.po_number <> ''), '{}')`,
        deliveryZip: sql<string | null>`(select s.postal_code from load_stops s
          where s.load_id = "loads"."id" and s.type = 'delivery' order by s.sequence desc limit 1)`,
      })
      .from(loads)
      .where(eq(loads.id, loadId));
    if (!row) return false;
    const references = [row.poNumber, row.bolNumber, ...row.stopPos].map(normaliseReference);
    if (references.some((r) => r.length >= TRACK_CHECK_MIN_LENGTH && r === given)) return true;
    const zip = normaliseReference(row.deliveryZip ?? "");
    return zip.length >= TRACK_CHECK_MIN_LENGTH && zipOf(zip) === zipOf(given);
  }

  return {
    /**
     * The public delivery status. Load numbers are stored upper-case (the shared schema upper-cases
     * them), so upper-casing the input gives a case-insensitive match that still uses the unique
     * index. The number alone answers the status and the day; the right second factor, the full
     * view. A wrong factor answers exactly like none (nothing tells a near miss from a far one).
     */
    async track(loadNumber: string, check?: string): Promise<TrackResult> {
      const [row] = await db
        .select(publicColumns)
        .from(loads)
        .where(eq(loads.loadNumber, loadNumber.trim().toUpperCase()));
      if (!row) throw loadNotFound();
      if (await secondFactorMatches(row.id, check)) return fullView(row);
      const delivered = deliveredMoment(row);
      return {
        view: "status",
        loadNumber: row.loadNumber,
        status: row.status,
        day:
          row.status === "cancelled"
            ? null
            : companyDay(delivered ?? row.deliveryAt, config.company.timeZone),
      };
    },

    /**
     * A private tracking link's page: the full view while the link works. Unknown, revoked, replaced
     * and expired links answer alike. Opening it is noted for dispatch ("last opened").
     */
    async tracking(token: string): Promise<TrackingView> {
      const [found] = await db
        .select({ linkId: loadTrackingLinks.id, createdAt: loadTrackingLinks.createdAt, load: publicColumns })
        .from(loadTrackingLinks)
        .innerJoin(loads, eq(loads.id, loadTrackingLinks.loadId))
        .where(and(eq(loadTrackingLinks.tokenHash, hashToken(token)), isNull(loadTrackingLinks.revokedAt)));
      const expiresAt = found && trackingLinkExpiresAt(found.createdAt, deliveredMoment(found.load));
      if (!found || !expiresAt || expiresAt.getTime() <= Date.now()) {
        throw new HttpError(404, "TRACKING_LINK_EXPIRED", TRACKING_MESSAGES.expired);
      }
      await db
        .update(loadTrackingLinks)
        .set({ lastOpenedAt: sql`now()` })
        .where(eq(loadTrackingLinks.id, found.linkId));
      return {
        ...fullView(found.load),
        expiresAt: expiresAt.toISOString(),
        live: await liveViewOf(db, found.load.id),
      };
    },

    async bolLink(token: string): Promise<BolLink> {
      const link = await activeLink(db, token);
      if (!link) throw invalidLink();
      return { loadNumber: link.loadNumber, expiresAt: link.expiresAt.toISOString() };
    },

    /** Stores the file on the load and tells dispatch, in one transaction; a bad link stores nothing. */
    async uploadBol(token: string, file: File): Promise<BolUploadResult> {
      return db.transaction(async (tx) => {
        const link = await activeLink(tx, token, true);
        if (!link) throw invalidLink();
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: LOAD_FILE_MAX_BYTES, allowedTypes: LOAD_FILE_TYPES },
          null,
        );
        const [linked] = await tx
          .insert(loadFiles)
          .values({ loadId: link.loadId, fileId: stored.id, kind: "bol", uploadedVia: "public_link" })
          .returning({ createdAt: loadFiles.createdAt });
        await tx
          .update(bolUploadLinks)
          .set({ uploads: sql`${bolUploadLinks.uploads} + 1`, lastUsedAt: sql`now()` })
          .where(eq(bolUploadLinks.id, link.id));
        await notifyRoles(tx, DISPATCH_ROLES, {
          kind: "load.bol_uploaded",
          link: routePath("loadDetail", { loadId: link.loadId }),
          data: {
            loadId: link.loadId,
            fileId: stored.id,
            loadNumber: link.loadNumber,
            fileName: stored.fileName,
          },
        });
        return {
          loadNumber: link.loadNumber,
          fileName: stored.fileName,
          size: stored.size,
          uploadedAt: linked.createdAt.toISOString(),
        };
      });
    },
  };
}
