import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { createGroupStore } from "./group-store";
import type { StoredFix } from "./positions.repo";

/**
 * Phones' batches that arrive together are committed together (group commit, issue 40's burst of 300
 * trucks): each still gets its own answer, nothing is lost, and one bad batch fails alone.
 */
let ctx: TestContext;
let jakeId: string;
let loadId: string;
const fix = (secondsAgo: number, lat = 41.5): StoredFix => ({
  recordedAt: new Date(Date.now() - secondsAgo * 1000),
  lat,
  lon: -86.9,
  accuracyM: 12,
  speedMps: 25,
  heading: 90,
});

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.deps.db.execute(
    sql`truncate vehicle_positions, last_positions, stop_geofence_events, driver_location_consents`,
  );
  const jake = await signIn(ctx, "driver@demo.test");
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  await call(ctx, "/api/tracking/consent", { method: "PUT", body: { consent: true }, cookie: jake });
  const sharing = await call(ctx, "/api/tracking/sharing", { cookie: jake });
  loadId = sharing.json.loadId;
  expect(loadId).toBeTruthy();
});
afterAll(() => ctx.close());

describe("the group store", () => {
  it("stores batches arriving together in shared transactions, each answered as if alone", async () => {
    const store = createGroupStore(ctx.deps.db);
    // Twelve at once: three writers start alone, the nine after them wait and go as one group.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => store.store(jakeId, [fix(600 - i * 30, 41.5 + i * 0.01)])),
    );
    expect(answers.map((a) => a.stored)).toEqual(Array(12).fill(1));
    expect(answers.every((a) => a.row?.loadId === loadId && a.row.consented)).toBe(true);
    // The geofence's stops come back with each stored batch.
    expect(answers.every((a) => (a.extra?.stops.length ?? 0) >= 2)).toBe(true);
    expect(store.stats()).toEqual({ groups: 1, largest: 9 });
    const { rows } = await ctx.deps.db.execute<{ n: number; newest: number }>(sql`
      select (select count(*)::int from vehicle_positions where subject_id = ${jakeId}::uuid) as n,
             (select latitude from last_positions where unit_key = ${`driver:${jakeId}`}) as newest`);
    expect(rows[0].n).toBe(12);
    expect(rows[0].newest).toBeCloseTo(41.61, 6);
  });

  it("stores a group again one batch at a time when one of it fails, so only that one fails", async () => {
    const store = createGroupStore(ctx.deps.db);
    const before = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from vehicle_positions where subject_id = ${jakeId}::uuid`,
    );
    const settled = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        // The sixth has no latitude (NOT NULL): its statement fails, and with it its group's transaction.
        store.store(jakeId, [fix(1200 - i * 30, i === 5 ? Number.NaN : 42 + i * 0.01)]),
      ),
    );
    expect(settled.map((s) => s.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect(store.stats().groups).toBe(1);
    const after = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from vehicle_positions where subject_id = ${jakeId}::uuid`,
    );
    expect(after.rows[0].n - before.rows[0].n).toBe(7);
  });

  it("stores nothing behind a shut gate, in a group as alone", async () => {
    const store = createGroupStore(ctx.deps.db);
    const rosaId = await driverIdOf(ctx, "driver2@demo.test");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => store.store(i % 2 ? rosaId : jakeId, [fix(1800 - i * 30)])),
    );
    expect(answers.map((a) => a.stored)).toEqual([1, 0, 1, 0, 1, 0]);
    expect(answers.filter((a) => a.row?.driverId === rosaId).every((a) => !a.row?.consented)).toBe(true);
  });
});
