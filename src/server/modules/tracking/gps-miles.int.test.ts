import { greatCircleMiles } from "@shared/tracking/geofence";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadJurisdictionMiles, loads } from "../../db/schema";
import { createTestContext, type TestContext } from "../../testing/harness";
import { type JurisdictionSplitter, stateMilesFromBreadcrumbs } from "./gps-miles";
import { type StoredFix, storeFixes } from "./positions.repo";

/**
 * GPS state miles (issue 40): a load delivered yesterday whose breadcrumb covers ≥ 80 % of its miles
 * gets its loaded leg's miles by state from the breadcrumb (source "gps"), unless a person recorded
 * them. The splitter is the geo platform's (helper B); here a hand-made one: west of the IL/IN line
 * (−87.525°) is IL, east is IN, a segment by its midpoint.
 */
const ILLINOIS_INDIANA = -87.525;
const split: JurisdictionSplitter = (line) => {
  const out: Record<string, number> = {};
  for (let i = 1; i < line.length; i++) {
    const [aLat, aLon] = line[i - 1];
    const [bLat, bLon] = line[i];
    const state = (aLon + bLon) / 2 < ILLINOIS_INDIANA ? "IL" : "IN";
    out[state] = (out[state] ?? 0) + greatCircleMiles({ lat: aLat, lon: aLon }, { lat: bLat, lon: bLon });
  }
  return out;
};

let ctx: TestContext;
const DAY = 86_400_000;
const now = new Date();
const today = Math.floor(now.getTime() / DAY) * DAY;
const yesterday = (hours: number) => new Date(today - DAY + hours * 3_600_000);
/** Three loads of the demo, made delivered yesterday: a trail, a gappy trail, recorded miles. */
let ids: { good: string; gappy: string; recorded: string };

/** Fixes every 5 minutes from 6:00 yesterday, east along 41.8° N from −88.0° to −86.2° (≈ 93 mi). */
function eastbound(skipFrom?: number, skipTo?: number): StoredFix[] {
  const steps = 24;
  return Array.from({ length: steps + 1 }, (_, i) => i)
    .filter((i) => skipFrom === undefined || i <= skipFrom || i >= (skipTo as number))
    .map((i) => ({
      recordedAt: new Date(yesterday(6).getTime() + i * 5 * 60_000),
      lat: 41.8,
      lon: -88.0 + (1.8 * i) / steps,
      accuracyM: 10,
      speedMps: 25,
      heading: 90,
    }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const picked = await ctx.deps.db.select({ id: loads.id, driverId: loads.driverId }).from(loads).limit(3);
  ids = { good: picked[0].id, gappy: picked[1].id, recorded: picked[2].id };
  await ctx.deps.db
    .update(loads)
    .set({ status: "completed", startedAt: yesterday(5), deliveredAt: yesterday(9), loadedMiles: 95 })
    .where(inArray(loads.id, Object.values(ids)));
  await ctx.deps.db
    .delete(loadJurisdictionMiles)
    .where(inArray(loadJurisdictionMiles.loadId, Object.values(ids)));
  await ctx.deps.db
    .insert(loadJurisdictionMiles)
    .values([{ loadId: ids.recorded, jurisdiction: "IL", miles: "95.0", source: "recorded" }]);
  const owner = (loadId: string, n: number) => ({
    source: "samsara" as const,
    subjectId: `00000000-0000-4000-8000-00000000000${n}`,
    driverId: null,
    vehicleId: null,
    loadId,
    unitKey: `vehicle:test-${n}`,
  });
  await ctx.deps.db.transaction(async (tx) => {
    await storeFixes(tx, owner(ids.good, 1), eastbound());
    // Half the trip unrecorded (a 60-minute gap): under 80 %.
    await storeFixes(tx, owner(ids.gappy, 2), eastbound(6, 18));
    await storeFixes(tx, owner(ids.recorded, 3), eastbound());
  });
});
afterAll(() => ctx.close());

const rowsOf = (loadId: string) =>
  ctx.deps.db
    .select({
      jurisdiction: loadJurisdictionMiles.jurisdiction,
      miles: loadJurisdictionMiles.miles,
      source: loadJurisdictionMiles.source,
    })
    .from(loadJurisdictionMiles)
    .where(and(eq(loadJurisdictionMiles.loadId, loadId), eq(loadJurisdictionMiles.leg, "loaded")))
    .orderBy(loadJurisdictionMiles.jurisdiction);

describe("GPS state miles", () => {
  it("splits a well-covered breadcrumb by state, and leaves recorded miles and a gappy trail alone", async () => {
    const written = await stateMilesFromBreadcrumbs(ctx.deps.db, split, now);
    expect(written).toEqual([ids.good]);
    // 1.8° of longitude at 41.8° N ≈ 92.6 mi in 24 steps of 0.075° (≈ 3.86 mi): the 6 whose midpoint
    // is west of −87.525° are IL (0.45° ≈ 23.2 mi), the rest IN.
    const good = await rowsOf(ids.good);
    expect(good.map((r) => [r.jurisdiction, r.source])).toEqual([
      ["IL", "gps"],
      ["IN", "gps"],
    ]);
    expect(Number(good[0].miles)).toBeCloseTo(23.2, 0);
    expect(Number(good[0].miles) + Number(good[1].miles)).toBeCloseTo(92.6, 0);
    expect(await rowsOf(ids.gappy)).toEqual([]);
    expect(await rowsOf(ids.recorded)).toEqual([{ jurisdiction: "IL", miles: "95.0", source: "recorded" }]);
  });
});
