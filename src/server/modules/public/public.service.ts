import { routePath } from "@shared/access";
import { LOAD_FILE_MAX_BYTES, LOAD_FILE_TYPES } from "@shared/loads/loads.schema";
import {
  type BolLink,
  type BolUploadResult,
  INVALID_LINK_MESSAGE,
  LOAD_NOT_FOUND_MESSAGE,
  type TrackResult,
} from "@shared/public/public.schema";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bolUploadLinks, loadFiles, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import { HttpError } from "../../http/errors";
import { notifyRoles } from "../../platform/notifications/notify";
import { hashToken } from "../../platform/tokens/tokens";

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

export function createPublicService({ db, storage }: Deps) {
  return {
    /**
     * The public delivery status. Load numbers are stored upper-case (the shared schema upper-cases
     * them), so upper-casing the input gives a case-insensitive match that still uses the unique index.
     */
    async track(loadNumber: string): Promise<TrackResult> {
      const [row] = await db
        .select({
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
          lastEventAt: sql<
            string | null
          >`(select max(e.created_at) from load_status_events e where e.load_id = ${loads.id})`,
        })
        .from(loads)
        .where(eq(loads.loadNumber, loadNumber.trim().toUpperCase()));
      if (!row) throw loadNotFound();
      const lastEvent = row.lastEventAt ? new Date(row.lastEventAt) : null;
      const lastUpdate = lastEvent && lastEvent > row.updatedAt ? lastEvent : row.updatedAt;
      return {
        loadNumber: row.loadNumber,
        status: row.status,
        pickup: { city: row.pickupCity, state: row.pickupState, date: row.pickupAt.toISOString() },
        delivery: { city: row.deliveryCity, state: row.deliveryState, date: row.deliveryAt.toISOString() },
        lastUpdate: lastUpdate.toISOString(),
        deliveredAt: row.status === "completed" ? (row.deliveredAt ?? row.updatedAt).toISOString() : null,
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
