import { and, eq, inArray, isNotNull, notInArray, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { loadJurisdictionMiles, loads } from "../db/schema";
import { recomputeMiles } from "../modules/loads/miles.service";
import { DEFAULT_GEO_SETTINGS } from "../platform/geo/geo-settings";

/**
 * The demo's miles (issue 40): loads still to run (pending, assigned, in progress) get their miles
 * computed from their stops, as a save would — the offline estimate, empty miles from the driver's
 * previous delivery, miles by state per leg, per-mile pay following. Delivered and cancelled loads
 * keep the miles and the state miles written by hand for them: typed (`manual`) and `recorded`.
 */
export async function seedMilesDemo(tx: Tx): Promise<void> {
  // Typed by hand: the delivered and cancelled loads, and those on the road whose driver recorded
  // the state miles (their trip sheet and their miles agree).
  const recorded = sql`exists (select 1 from ${loadJurisdictionMiles} j where j.load_id = ${loads.id} and j.source = 'recorded')`;
  await tx
    .update(loads)
    .set({ milesSource: "manual", milesStatus: "current" })
    .where(
      and(isNotNull(loads.loadedMiles), or(inArray(loads.status, ["completed", "cancelled"]), recorded)),
    );
  const open = await tx
    .select({ id: loads.id })
    .from(loads)
    .where(notInArray(loads.status, ["completed", "cancelled"]))
    .orderBy(sql`${loads.pickupAt}`);
  const typed = new Set(
    (
      await tx
        .select({ id: loads.id })
        .from(loads)
        .where(and(notInArray(loads.status, ["completed", "cancelled"]), eq(loads.milesSource, "manual")))
    ).map((r) => r.id),
  );
  // In pickup order, so each driver's previous delivery already has its place. Typed miles stay
  // (their empty miles are computed); the others follow their stops.
  for (const { id } of open)
    await recomputeMiles(tx, id, DEFAULT_GEO_SETTINGS, typed.has(id) ? undefined : { loadedMiles: null });
}
