import { TRACKING_MESSAGES } from "@shared/tracking/tracking.schema";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, drivers, lastPositions, loads } from "../../db/schema";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

/**
 * A driver's phone positions (issue 40, "Live tracking" and "Who sees what"): only with consent, on
 * duty and with a load on its way; idempotent; each point within its time bounds; a load's tracking
 * reached by staff who see the map and by its own driver only.
 */
let ctx: TestContext;
let jake: string;
let rosa: string;
let dispatcher: string;
let customer: string;
let jakeId: string;
let rosaId: string;
/** Jake's load in progress (LD-2026-00030, Milwaukee → Chicago → Columbus). */
let loadId: string;

const MIN = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const point = (t: string, lat = 41.5, lon = -86.9, acc = 15) => ({ t, lat, lon, acc, spd: 25, hdg: 120.4 });
const post = (cookie: string, points: object[]) =>
  call(ctx, "/api/tracking/positions", { method: "POST", body: { points }, cookie });
const consent = (cookie: string, value: boolean) =>
  call(ctx, "/api/tracking/consent", { method: "PUT", body: { consent: value }, cookie });
const storedOf = async (driverId: string) => {
  const { rows } = await ctx.deps.db.execute<{ n: number; received: number }>(sql`
    select count(*)::int as n, count(received_at)::int as received from vehicle_positions
    where source = 'phone' and subject_id = ${driverId}::uuid`);
  return rows[0];
};

beforeAll(async () => {
  ctx = await createTestContext();
  // From a clean slate: the demo seed's breadcrumbs, consents and ETAs are not this file's.
  await ctx.deps.db.execute(
    sql`truncate vehicle_positions, last_positions, load_tracking, stop_geofence_events, driver_location_consents`,
  );
  [jake, rosa, dispatcher, customer] = await Promise.all([
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "driver2@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "customer@demo.test"),
  ]);
  [jakeId, rosaId] = await Promise.all([
    driverIdOf(ctx, "driver@demo.test"),
    driverIdOf(ctx, "driver2@demo.test"),
  ]);
  const [load] = await ctx.deps.db
    .select({ id: loads.id })
    .from(loads)
    .where(and(eq(loads.driverId, jakeId), eq(loads.status, "in_progress")));
  loadId = load.id;
});
afterAll(() => ctx.close());

describe("sharing needs the driver's consent", () => {
  it("refuses a batch before consent (409 NO_CONSENT) and stores nothing", async () => {
    const res = await post(jake, [point(ago(MIN))]);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: "NO_CONSENT", message: TRACKING_MESSAGES.noConsent });
    expect((await storedOf(jakeId)).n).toBe(0);
  });

  it("names the load on its way before consent (the phone offers the consent screen for it) and the retention", async () => {
    const sharing = await call(ctx, "/api/tracking/sharing", { cookie: jake });
    expect(sharing.status).toBe(200);
    expect(sharing.json).toMatchObject({
      consented: false,
      sharing: false,
      loadId,
      nextStop: null,
      prompt: null,
      retentionDays: 180,
    });
  });

  it("says the retention and interval Settings saved, at once (the rules' cache follows the save)", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    const settingsOf = async () => (await call(ctx, "/api/settings/geo", { cookie: admin })).json;
    const saved = await settingsOf();
    const save = (changes: object) => {
      const { geocoder, router, telematics, circuityFactor, tileStyleUrl, geofenceRadiusMiles } = saved;
      const part = (p: { kind: string | null; url: string }) => ({ kind: p.kind, url: p.url, key: "" });
      return call(ctx, "/api/settings/geo", {
        method: "PUT",
        cookie: admin,
        body: {
          geocoder: part(geocoder),
          router: part(router),
          telematics: part(telematics),
          circuityFactor,
          tileStyleUrl,
          geofenceRadiusMiles,
          positionRetentionDays: saved.positionRetentionDays,
          sharingIntervalSeconds: saved.sharingIntervalSeconds,
          ...changes,
        },
      });
    };
    // Read once so the rules are cached, then changed: the next answer has the new ones.
    expect((await call(ctx, "/api/tracking/sharing", { cookie: rosa })).json.retentionDays).toBe(180);
    expect((await save({ positionRetentionDays: 30, sharingIntervalSeconds: 20 })).status).toBe(200);
    try {
      await ctx.deps.events.sync();
      const sharing = await call(ctx, "/api/tracking/sharing", { cookie: rosa });
      expect(sharing.json).toMatchObject({ retentionDays: 30, intervalSeconds: 20 });
    } finally {
      expect((await save({})).status).toBe(200);
      await ctx.deps.events.sync();
    }
  });

  it("records the consent (audited) and then shares for the load on its way", async () => {
    const res = await consent(jake, true);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ consented: true, sharing: true, loadId, intervalSeconds: 45 });
    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "tracking.consent_given"), eq(auditLog.targetId, jakeId)));
    expect(entry).toBeDefined();
  });
});

describe("a batch of positions", () => {
  it("is stored once: a replay counts as duplicates, received_at recorded", async () => {
    const points = [point(ago(3 * MIN), 41.5), point(ago(2 * MIN), 41.45), point(ago(MIN), 41.4)];
    const first = await post(jake, points);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ accepted: 3, duplicates: 0, rejected: [] });
    const replay = await post(jake, points);
    expect(replay.json).toMatchObject({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await storedOf(jakeId)).toEqual({ n: 3, received: 3 });
    const [last] = await ctx.deps.db
      .select()
      .from(lastPositions)
      .where(eq(lastPositions.unitKey, `driver:${jakeId}`));
    expect(last).toMatchObject({ latitude: 41.4, loadId, driverId: jakeId, source: "phone", heading: 120 });
    expect(last.recordedAt.toISOString()).toBe(points[2].t);
  });

  it("refuses a point from the future or older than 72 h alone, and keeps the rest", async () => {
    const future = new Date(Date.now() + 10 * MIN).toISOString();
    const stale = ago(73 * 60 * MIN);
    const res = await post(jake, [point(future), point(ago(30_000), 41.39), point(stale)]);
    expect(res.status).toBe(200);
    expect(res.json.accepted).toBe(1);
    expect(res.json.rejected).toEqual([
      { index: 0, reason: TRACKING_MESSAGES.futurePoint },
      { index: 2, reason: TRACKING_MESSAGES.stalePoint },
    ]);
    expect((await storedOf(jakeId)).n).toBe(4);
  });

  it("moves the last position only forward (an older backlog point is stored, not shown as last)", async () => {
    const before = await ctx.deps.db
      .select({ at: lastPositions.recordedAt })
      .from(lastPositions)
      .where(eq(lastPositions.unitKey, `driver:${jakeId}`));
    const res = await post(jake, [point(ago(2 * 60 * MIN), 42.9, -87.9)]);
    expect(res.json.accepted).toBe(1);
    const after = await ctx.deps.db
      .select({ at: lastPositions.recordedAt, lat: lastPositions.latitude })
      .from(lastPositions)
      .where(eq(lastPositions.unitKey, `driver:${jakeId}`));
    expect(after[0].at).toEqual(before[0].at);
    expect(after[0].lat).toBe(41.39);
  });

  it("is never stored while the driver is off duty (409 NOT_SHARING)", async () => {
    await ctx.deps.db.update(drivers).set({ manualStatus: "off_duty" }).where(eq(drivers.id, jakeId));
    try {
      const n = (await storedOf(jakeId)).n;
      const res = await post(jake, [point(ago(10_000))]);
      expect(res.status).toBe(409);
      expect(res.json.error).toMatchObject({ code: "NOT_SHARING", message: TRACKING_MESSAGES.notSharing });
      expect((await storedOf(jakeId)).n).toBe(n);
      expect((await call(ctx, "/api/tracking/sharing", { cookie: jake })).json).toMatchObject({
        consented: true,
        sharing: false,
      });
    } finally {
      await ctx.deps.db.update(drivers).set({ manualStatus: "available" }).where(eq(drivers.id, jakeId));
    }
  });

  it("is refused without a load on its way (Rosa's load is not accepted yet)", async () => {
    expect((await consent(rosa, true)).json).toMatchObject({ consented: true, sharing: false, loadId: null });
    const res = await post(rosa, [point(ago(10_000))]);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("NOT_SHARING");
    expect((await storedOf(rosaId)).n).toBe(0);
  });

  it("is a driver's alone: staff and customers are refused (403)", async () => {
    for (const cookie of [dispatcher, customer]) {
      expect((await post(cookie, [point(ago(10_000))])).status).toBe(403);
    }
  });
});

describe("a load's tracking panel (IDOR)", () => {
  it("shows the breadcrumb to the load's own driver and to dispatch", async () => {
    for (const cookie of [jake, dispatcher]) {
      const res = await call(ctx, `/api/loads/${loadId}/tracking`, { cookie });
      expect(res.status).toBe(200);
      expect(res.json.breadcrumb).toHaveLength(5);
      expect(res.json.last).toMatchObject({ lat: 41.39, source: "phone" });
      expect(res.json.stops.map((s: { locationName: string }) => s.locationName)).toHaveLength(3);
    }
  });

  it("is 404 for another driver and 403 for a customer, even of the load's own company", async () => {
    expect((await call(ctx, `/api/loads/${loadId}/tracking`, { cookie: rosa })).status).toBe(404);
    expect((await call(ctx, `/api/loads/${loadId}/tracking`, { cookie: customer })).status).toBe(403);
    expect((await call(ctx, "/api/tracking/map", { cookie: customer })).status).toBe(403);
    expect((await call(ctx, "/api/tracking/map", { cookie: jake })).status).toBe(403);
  });

  it("thins a long trail to at most 500 points", async () => {
    const start = Date.now() - 700 * 30_000;
    const points = Array.from({ length: 500 }, (_, i) =>
      point(new Date(start + i * 30_000).toISOString(), 41 + i / 1000),
    );
    expect((await post(jake, points)).json.accepted).toBe(500);
    const res = await call(ctx, `/api/loads/${loadId}/tracking`, { cookie: dispatcher });
    expect(res.json.breadcrumb).toHaveLength(500);
  });
});

describe("withdrawing consent", () => {
  it("stops sharing at once and is audited", async () => {
    expect((await consent(jake, false)).json).toMatchObject({ consented: false, sharing: false });
    expect((await post(jake, [point(ago(5_000))])).json.error.code).toBe("NO_CONSENT");
    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "tracking.consent_withdrawn"), eq(auditLog.targetId, jakeId)));
    expect(entry).toBeDefined();
  });
});
