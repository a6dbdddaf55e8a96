import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStatusEvents, loadStops, loads, loadTracking, notifications } from "../../db/schema";
import { driverIdOf, userIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { refreshEtas } from "./eta.service";

/**
 * The ETA to the next stop (issue 40): remaining miles at the recent speed with the hours-of-service
 * buffer; "late" once it passes the appointment + the on-time grace, told to dispatch once per stop.
 */
let ctx: TestContext;
let jake: string;
let loadId: string;
let stopId: string;
let dispatcherId: string;
const STOP = { lat: 39.9612, lon: -82.9988 };
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  // From a clean slate: the demo seed's breadcrumbs, consents and ETAs are not this file's.
  await ctx.deps.db.execute(
    sql`truncate vehicle_positions, last_positions, load_tracking, stop_geofence_events, driver_location_consents`,
  );
  jake = await signIn(ctx, "driver@demo.test");
  dispatcherId = await userIdOf(ctx, "dispatcher@demo.test");
  const jakeId = await driverIdOf(ctx, "driver@demo.test");
  const [load] = await ctx.deps.db
    .select({ id: loads.id })
    .from(loads)
    .where(and(eq(loads.driverId, jakeId), eq(loads.status, "in_progress")));
  loadId = load.id;
  const stops = await ctx.deps.db.select().from(loadStops).where(eq(loadStops.loadId, loadId));
  stopId = stops.sort((a, b) => a.sequence - b.sequence).find((s) => !s.departedAt)?.id as string;
});
afterAll(() => ctx.close());

const lateNotices = async () =>
  (
    await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, dispatcherId), eq(notifications.kind, "load.running_late")))
  ).length;
const lateEvents = async () =>
  (
    await ctx.deps.db
      .select()
      .from(loadStatusEvents)
      .where(and(eq(loadStatusEvents.loadId, loadId), eq(loadStatusEvents.kind, "running_late")))
  ).length;

describe("the ETA and the late notice", () => {
  it("estimates 100 great-circle miles × 1.18 at the default 50 mph, and flags the stop late once", async () => {
    const fixAt = new Date(Date.now() - MIN);
    // The appointment is 30 minutes away: 2 h 22 min of driving is late past the hour's grace.
    await ctx.deps.db
      .update(loadStops)
      .set({
        latitude: STOP.lat,
        longitude: STOP.lon,
        appointmentKind: "appointment",
        scheduledAt: new Date(Date.now() + 30 * MIN),
      })
      .where(eq(loadStops.id, stopId));
    await ctx.deps.db
      .update(loads)
      .set({ startedAt: new Date(fixAt.getTime() - 60 * MIN) })
      .where(eq(loads.id, loadId));
    await call(ctx, "/api/tracking/consent", { method: "PUT", body: { consent: true }, cookie: jake });
    const posted = await call(ctx, "/api/tracking/positions", {
      method: "POST",
      cookie: jake,
      // 100 mi due north of the stop (1° of latitude = 69.093 mi on the model's sphere).
      body: { points: [{ t: fixAt.toISOString(), lat: STOP.lat + 100 / 69.093, lon: STOP.lon, acc: 10 }] },
    });
    expect(posted.json.accepted).toBe(1);

    const result = await refreshEtas(ctx.deps);
    expect(result.late).toBe(1);
    const [row] = await ctx.deps.db.select().from(loadTracking).where(eq(loadTracking.loadId, loadId));
    expect(row).toMatchObject({
      nextStopId: stopId,
      remainingMiles: 118,
      etaBasis: "estimated",
      avgSpeedMph: 50,
      hosBufferMinutes: 0,
      late: true,
      lateNotifiedStopId: stopId,
    });
    // 118 mi at 50 mph = 141.6 minutes after the fix; no break (1 h into the window, nothing driven).
    expect(Math.abs((row.etaAt as Date).getTime() - (fixAt.getTime() + 141.6 * MIN))).toBeLessThan(1000);
    expect(await lateNotices()).toBe(1);
    expect(await lateEvents()).toBe(1);

    // The next minute: still late, not told again.
    await refreshEtas(ctx.deps);
    expect(await lateNotices()).toBe(1);
    expect(await lateEvents()).toBe(1);
  });

  it("is on time when the appointment is far enough, and the panel shows the ETA", async () => {
    await ctx.deps.db
      .update(loadStops)
      .set({ scheduledAt: new Date(Date.now() + 6 * 60 * MIN) })
      .where(eq(loadStops.id, stopId));
    await refreshEtas(ctx.deps);
    const [row] = await ctx.deps.db.select().from(loadTracking).where(eq(loadTracking.loadId, loadId));
    expect(row.late).toBe(false);
    const panel = await call(ctx, `/api/loads/${loadId}/tracking`, { cookie: jake });
    expect(panel.json.eta).toMatchObject({
      nextStopId: stopId,
      remainingMiles: 118,
      late: false,
      basis: "estimated",
    });
    // The ETA's stop carries its zone: the panel shows the ETA there, named (issue 40).
    const [stop] = await ctx.deps.db.select().from(loadStops).where(eq(loadStops.id, stopId));
    expect(stop.timeZone).toMatch(/^America\//);
    expect(panel.json.stops.find((s: { id: string }) => s.id === stopId)?.timeZone).toBe(stop.timeZone);
  });

  it("reads the remaining miles along the stored route when there is one", async () => {
    // A straight route north → south through the fix and the stop, encoded as polyline6.
    const polyline = (await import("@mapbox/polyline")).default;
    const line = Array.from(
      { length: 21 },
      (_, i) => [STOP.lat + (2 * (20 - i)) / 20, STOP.lon] as [number, number],
    );
    await ctx.deps.db.execute(sql`
      insert into load_routes (load_id, leg, polyline6, engine, miles)
      values (${loadId}::uuid, 'loaded', ${polyline.encode(line, 6)}, 'osrm', 138.2)
      on conflict (load_id, leg) do update set polyline6 = excluded.polyline6, engine = 'osrm', miles = 138.2`);
    await refreshEtas(ctx.deps);
    const [row] = await ctx.deps.db.select().from(loadTracking).where(eq(loadTracking.loadId, loadId));
    expect(row.etaBasis).toBe("routed");
    // Along the line: the same 100 mi (the route is straight here), not × 1.18.
    expect(row.remainingMiles).toBeCloseTo(100, 0);
  });
});
