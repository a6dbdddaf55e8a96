import { can } from "@shared/access";
import { JURISDICTION_CODES } from "@shared/fuel/jurisdictions";
import {
  STATE_MILES_MESSAGES,
  type StateMiles,
  type StateMilesInput,
} from "@shared/loads/state-miles.schema";
import { and, asc, eq, max } from "drizzle-orm";
import { loadJurisdictionMiles, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { owns, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";

/**
 * A load's miles by state or province (IFTA, issue 15): the driver records them from the trip's
 * state-line odometer readings; dispatch can correct them. Saving replaces the load's loaded-leg rows
 * with recorded ones, which computed miles (issue 40: estimated, routed) never replace.
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

  const loadedLeg = (id: string) =>
    and(eq(loadJurisdictionMiles.loadId, id), eq(loadJurisdictionMiles.leg, "loaded"));

  async function get(actor: Actor, id: string): Promise<StateMiles> {
    const load = await loadFor(actor, id);
    const [rows, [last]] = await Promise.all([
      db
        .select({
          jurisdiction: loadJurisdictionMiles.jurisdiction,
          miles: loadJurisdictionMiles.miles,
          source: loadJurisdictionMiles.source,
        })
        .from(loadJurisdictionMiles)
        .where(loadedLeg(id))
        .orderBy(asc(loadJurisdictionMiles.jurisdiction)),
      db
        .select({ at: max(loadJurisdictionMiles.recordedAt) })
        .from(loadJurisdictionMiles)
        .where(and(loadedLeg(id), eq(loadJurisdictionMiles.source, "recorded"))),
    ]);
    return {
      items: rows.map(({ jurisdiction, miles }) => ({ jurisdiction, miles })),
      source: rows[0]?.source ?? null,
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
        await tx.delete(loadJurisdictionMiles).where(loadedLeg(id));
        if (input.items.length)
          await tx.insert(loadJurisdictionMiles).values(
            input.items.map((r) => ({
              loadId: id,
              jurisdiction: r.jurisdiction,
              leg: "loaded" as const,
              source: "recorded" as const,
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
