import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bolUploadLinks, loadTrackingLinks } from "../../db/schema";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { STAFF_SCOPE } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { findLoad } from "./loads.repo";

/** The public links a load hands out, each stored with its token's hash and revoked by a stamp. */
const LINKS = {
  bol: { table: bolUploadLinks, name: "The upload link", action: "load.bol_link_revoked" },
  tracking: { table: loadTrackingLinks, name: "The tracking link", action: "load.tracking_link_revoked" },
} as const;

/**
 * Revokes one of a load's public links and audits it, in one transaction. Revoking twice is
 * harmless (audited once); an unknown load, or a link of another load, is 404.
 */
export async function revokeLoadLink(
  db: Db,
  actor: Actor,
  kind: keyof typeof LINKS,
  loadId: string,
  linkId: string,
): Promise<void> {
  const { table, name, action } = LINKS[kind];
  await db.transaction(async (tx) => {
    const load = await findLoad(tx, loadId, STAFF_SCOPE);
    if (!load) throw notFound("The load");
    const [link] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, linkId), eq(table.loadId, loadId)));
    if (!link) throw notFound(name);
    const revoked = await tx
      .update(table)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(table.id, linkId), isNull(table.revokedAt)))
      .returning({ id: table.id });
    if (revoked.length) {
      await recordAudit(tx, actor, {
        action,
        targetType: "load",
        targetId: loadId,
        targetLabel: load.loadNumber,
        details: { linkId },
      });
    }
  });
}
