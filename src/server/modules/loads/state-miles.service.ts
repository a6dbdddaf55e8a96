import { can } from "@shared/access";
import { JURISDICTION_CODES } from "@shared/fuel/jurisdictions";
import {
  STATE_MILES_MESSAGES,
  type StateMiles,
  type StateMilesInput,
} from "@shared/loads/state-miles.schema";
import { asc, eq, max } from "drizzle-orm";
import { loadJurisdictionMiles, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { owns, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";

/**
 * A load's miles by state or province (IFTA, issue 15): the driver records them from the trip's
 * state-line odometer readings; dispatch can correct them. Saving replaces the load's rows.
 */
export function createStateMilesService({ db }: Deps) {
  async function loadFor(actor: Actor, id: string) {
    const [load] = await db
      .select({
        id: loads.id,
        driverId: loads.driverId,
        status: loads.status,
        loadNumber: loads.loadNumber,
        loadedMiles: loads.loadedMiles,
      })
      .from(loads)
      .where(eq(loads.id, id));
    if (!load || !owns(scopeOf(actor), load)) throw notFound("The load");
    return load;
  }
  const mayEdit = (actor: Actor, status: string) =>
    status !== "cancelled" && (can(actor, "loads:write") || actor.role === "driver");

  async function get(actor: Actor, id: string): Promise<StateMiles> {
    const load = await loadFor(actor, id);
    const [items, [last]] = await Promise.all([
      db
        .select({ jurisdiction: loadJurisdictionMiles.jurisdiction, miles: loadJurisdictionMiles.miles })
        .from(loadJurisdictionMiles)
        .where(eq(loadJurisdictionMiles.loadId, id))
        .orderBy(asc(loadJurisdictionMiles.jurisdiction)),
      db
        .select({ at: max(loadJurisdictionMiles.recordedAt) })
        .from(loadJurisdictionMiles)
        .where(eq(loadJurisdictionMiles.loadId, id)),
    ]);
    return {
      items,
      loadedMiles: load.loadedMiles,
      canEdit: mayEdit(actor, load.status),
      recordedAt: last?.at ? new Date(last.at).toISOString() : null,
    };
  }

  return {
    get,
    async save(actor: Actor, id: string, input: StateMilesInput): Promise<StateMiles> {
      const load = await loadFor(actor, id);
      if (load.status === "cancelled") throw conflict(STATE_MILES_MESSAGES.cancelled, "LOAD_CANCELLED");
      const unknown = input.items.findIndex(
        (r) => !(JURISDICTION_CODES as readonly string[]).includes(r.jurisdiction),
      );
      if (unknown >= 0)
        throw badRequest(STATE_MILES_MESSAGES.jurisdiction, {
          fields: { [`items.${unknown}.jurisdiction`]: STATE_MILES_MESSAGES.jurisdiction },
        });
      await db.transaction(async (tx) => {
        await tx.delete(loadJurisdictionMiles).where(eq(loadJurisdictionMiles.loadId, id));
        if (input.items.length)
          await tx.insert(loadJurisdictionMiles).values(
            input.items.map((r) => ({
              loadId: id,
              jurisdiction: r.jurisdiction,
              miles: r.miles,
              recordedBy: actor.userId,
            })),
          );
        await recordAudit(tx, actor, {
          action: "load.state_miles_recorded",
          targetType: "load",
          targetId: id,
          targetLabel: load.loadNumber,
          details: { rows: input.items.length },
        });
      });
      return get(actor, id);
    },
  };
}
