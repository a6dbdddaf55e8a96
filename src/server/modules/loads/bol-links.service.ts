import type { BolUploadLink, CreatedBolUploadLink } from "@shared/loads/loads.schema";
import { desc, eq } from "drizzle-orm";
import { bolUploadLinks, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { iso } from "../../http/pagination";
import { STAFF_SCOPE } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { createToken, hashToken } from "../../platform/tokens/tokens";
import { revokeLoadLink } from "./load-links";
import { findLoad } from "./loads.repo";

/**
 * Per-load links for the public BOL upload page (`/public/bol-upload/:token`). Only the token's
 * SHA-256 is stored: the link is shown once, at creation. A link is active while it is neither
 * revoked nor expired (the public module reads the same columns).
 */
export function createBolLinksService(deps: Deps) {
  const { db, config } = deps;

  async function requireLoad(loadId: string) {
    const load = await findLoad(db, loadId, STAFF_SCOPE);
    if (!load) throw notFound("The load");
    return load;
  }

  return {
    async list(loadId: string): Promise<BolUploadLink[]> {
      await requireLoad(loadId);
      const rows = await db
        .select({ link: bolUploadLinks, createdByName: users.name })
        .from(bolUploadLinks)
        .leftJoin(users, eq(users.id, bolUploadLinks.createdBy))
        .where(eq(bolUploadLinks.loadId, loadId))
        .orderBy(desc(bolUploadLinks.createdAt));
      const now = Date.now();
      return rows.map(({ link, createdByName }) => ({
        id: link.id,
        createdAt: link.createdAt.toISOString(),
        createdByName,
        expiresAt: link.expiresAt.toISOString(),
        revokedAt: iso(link.revokedAt),
        uploads: link.uploads,
        lastUsedAt: iso(link.lastUsedAt),
        active: !link.revokedAt && link.expiresAt.getTime() > now,
      }));
    },

    async create(actor: Actor, loadId: string, expiresInDays: number): Promise<CreatedBolUploadLink> {
      const token = createToken();
      const expiresAt = new Date(Date.now() + expiresInDays * 86_400_000);
      const id = await db.transaction(async (tx) => {
        const load = await findLoad(tx, loadId, STAFF_SCOPE);
        if (!load) throw notFound("The load");
        const [row] = await tx
          .insert(bolUploadLinks)
          .values({ loadId, tokenHash: hashToken(token), expiresAt, createdBy: actor.userId })
          .returning({ id: bolUploadLinks.id });
        await recordAudit(tx, actor, {
          action: "load.bol_link_created",
          targetType: "load",
          targetId: loadId,
          targetLabel: load.loadNumber,
          details: { linkId: row.id, expiresAt: expiresAt.toISOString() },
        });
        return row.id;
      });
      return {
        id,
        url: `${config.publicUrl}/public/bol-upload/${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Revoking twice is harmless; an unknown link on this load is 404. */
    revoke: (actor: Actor, loadId: string, linkId: string) =>
      revokeLoadLink(db, actor, "bol", loadId, linkId),
  };
}
