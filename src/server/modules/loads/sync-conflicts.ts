import { SYNC_MESSAGES } from "@shared/sync/sync.schema";
import { and, eq, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { loadStatusEvents, loads } from "../../db/schema";
import type { Actor } from "../../http/context";
import { conflict } from "../../http/errors";
import { ownDriverId } from "../../http/scope";

/**
 * A driver's action on a load that dispatch changed while the phone was offline (issue 41, decision
 * 060): the outbox replays a check-in or a POD photo on a load since cancelled, or given to another
 * driver (or released). Refused with 409 LOAD_CANCELLED or LOAD_REASSIGNED — words the phone shows
 * beside what it kept — rather than the 404 a load the driver never had gets. Only a load that was
 * theirs (assigned to them now, or on its timeline as theirs) says so: nothing is told of others'.
 */
export async function refuseChangedLoad(tx: Tx, loadId: string, actor: Actor): Promise<void> {
  const me = ownDriverId(actor);
  if (!me) return;
  const [load] = await tx
    .select({ status: loads.status, driverId: loads.driverId })
    .from(loads)
    .where(eq(loads.id, loadId));
  if (!load) return;
  const mine = load.driverId === me;
  if (mine && load.status !== "cancelled") return;
  const wasMine =
    mine ||
    (
      await tx
        .select({ id: loadStatusEvents.id })
        .from(loadStatusEvents)
        .where(
          and(
            eq(loadStatusEvents.loadId, loadId),
            or(
              sql`${loadStatusEvents.data}->>'driverId' = ${me}`,
              sql`${loadStatusEvents.data}->>'previousDriverId' = ${me}`,
            ),
          ),
        )
        .limit(1)
    ).length > 0;
  if (!wasMine) return;
  if (load.status === "cancelled") throw conflict(SYNC_MESSAGES.LOAD_CANCELLED, "LOAD_CANCELLED");
  throw conflict(SYNC_MESSAGES.LOAD_REASSIGNED, "LOAD_REASSIGNED");
}
