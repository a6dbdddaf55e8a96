import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customers,
  loadStatusEvents,
  loadStops,
  loads,
  notifications,
  stopGeofenceEvents,
} from "../../db/schema";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { ingestUnitPositions } from "./positions.service";
import { GEOFENCE_CONFIRM_NOTE } from "./tracking.service";

/**
 * Geofences (issue 40): arriving within the radius of the next stop proposes "You're at <stop> —
 * check in?"; leaving it after arriving proposes a departure dispatch confirms; the confirmed times
 * are the stop's, so detention follows them.
 */
let ctx: TestContext;
let jake: string;
let rosa: string;
let dispatcher: string;
let loadId: string;
let stopId: string;
/** Columbus, the load's last stop. */
const STOP = { lat: 39.9612, lon: -82.9988 };
const MIN = 60_000;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MIN).toISOString();
/** A fix `miles` north of the stop (1° of latitude ≈ 69.09 mi). */
const fix = (minutesAgo: number, miles: number) => ({
  t: at(minutesAgo),
  lat: STOP.lat + miles / 69.09,
  lon: STOP.lon,
  acc: 20,
});
const send = (...points: object[]) =>
  call(ctx, "/api/tracking/positions", { method: "POST", body: { points }, cookie: jake });
const decide = (cookie: string, eventId: string, decision: "confirm" | "dismiss") =>
  call(ctx, `/api/loads/${loadId}/geofence-events/${eventId}/${decision}`, { method: "POST", cookie });
/** The geofence notices stored for one proposal, as [recipient, link] (one row per reader). */
const noticesOf = async (eventId: string) =>
  (
    await ctx.deps.db
      .select({ kind: notifications.kind, link: notifications.link, data: notifications.data })
      .from(notifications)
      .where(sql`${notifications.data}->>'eventId' = ${eventId}`)
  ).map((n) => ({ kind: n.kind, link: n.link, data: n.data }));
/** Active users of the dispatch roles (admin, manager, dispatcher): each gets one notice. */
const dispatchUsers = async () =>
  (
    await ctx.deps.db.execute<{ n: number }>(sql`
      select count(*)::int as n from users u join app_users a on a.user_id = u.id
      where a.role in ('admin', 'manager', 'dispatcher') and not u.banned`)
  ).rows[0].n;
const stopRow = async () => (await ctx.deps.db.select().from(loadStops).where(eq(loadStops.id, stopId)))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  // From a clean slate: the demo seed's breadcrumbs, consents and ETAs are not this file's.
  await ctx.deps.db.execute(
    sql`truncate vehicle_positions, last_positions, load_tracking, stop_geofence_events, driver_location_consents`,
  );
  [jake, rosa, dispatcher] = await Promise.all([
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "driver2@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
  ]);
  const jakeId = await driverIdOf(ctx, "driver@demo.test");
  const [load] = await ctx.deps.db
    .select({ id: loads.id })
    .from(loads)
    .where(and(eq(loads.driverId, jakeId), eq(loads.status, "in_progress")));
  loadId = load.id;
  const stops = await ctx.deps.db.select().from(loadStops).where(eq(loadStops.loadId, loadId));
  const next = stops.sort((a, b) => a.sequence - b.sequence).find((s) => !s.departedAt);
  if (!next) throw new Error("the demo load has no stop ahead");
  stopId = next.id;
  // First come, first served: detention runs from the arrival.
  await ctx.deps.db
    .update(loadStops)
    .set({ latitude: STOP.lat, longitude: STOP.lon, appointmentKind: "fcfs", scheduledAt: new Date(at(400)) })
    .where(eq(loadStops.id, stopId));
  expect(
    (await call(ctx, "/api/tracking/consent", { method: "PUT", body: { consent: true }, cookie: jake }))
      .status,
  ).toBe(200);
});
afterAll(() => ctx.close());

describe("arrival", () => {
  let first: string;
  it("proposes a check-in at the first good fix within the radius", async () => {
    const near = fix(296, 0.3);
    const res = await send(fix(300, 3), near);
    expect(res.status).toBe(200);
    expect(res.json.prompt).toMatchObject({
      kind: "arrived",
      loadId,
      stopId,
      at: near.t,
      locationName: (await stopRow()).locationName,
    });
    first = res.json.prompt.eventId;
    // The phone asks the driver: dispatch is not notified of an arrival the driver answers.
    expect(await noticesOf(first)).toEqual([]);
  });

  it("keeps the proposal for the driver's next sharing state", async () => {
    const sharing = await call(ctx, "/api/tracking/sharing", { cookie: jake });
    expect(sharing.json.prompt?.eventId).toBe(first);
    expect(sharing.json.nextStop).toMatchObject({ id: stopId, lat: STOP.lat, lon: STOP.lon });
  });

  it("the driver may dismiss it (not proposed again at that stop); another driver gets 404", async () => {
    expect((await decide(rosa, first, "dismiss")).status).toBe(404);
    const res = await decide(jake, first, "dismiss");
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("dismissed");
    expect((await send(fix(290, 0.1))).json.prompt).toBeNull();
    expect((await call(ctx, "/api/tracking/sharing", { cookie: jake })).json.prompt).toBeNull();
  });

  it("dispatch confirms an arrival: the stop's arrival time is the geofence's", async () => {
    await ctx.deps.db.delete(stopGeofenceEvents).where(eq(stopGeofenceEvents.stopId, stopId));
    const res = await send(fix(240, 0.2));
    const eventId = res.json.prompt.eventId;
    expect((await decide(jake, eventId, "confirm")).status).toBe(403);
    const confirmed = await decide(dispatcher, eventId, "confirm");
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.status).toBe("confirmed");
    expect((await stopRow()).arrivedAt?.toISOString()).toBe(res.json.prompt.at);
    expect((await decide(dispatcher, eventId, "confirm")).json.error.code).toBe("GEOFENCE_DECIDED");
  });
});

describe("departure", () => {
  it("is proposed after two fixes beyond the radius + 0.2 mi, across batches, and dispatch confirms it", async () => {
    const arrivedAt = (await stopRow()).arrivedAt as Date;
    await ctx.deps.db
      .update(loadStops)
      .set({ doneAt: new Date(at(180)) })
      .where(eq(loadStops.id, stopId));
    // Inside the margin: nothing.
    expect((await send(fix(40, 0.6))).json.prompt).toBeNull();
    const out = fix(30, 1.5);
    expect((await send(out)).json.prompt).toBeNull();
    const res = await send(fix(29, 3));
    expect(res.json.prompt).toMatchObject({ kind: "departed", stopId, at: out.t });
    const departedAt = res.json.prompt.at;
    // Dispatch is told, once per reader, with the load to open and the stop's crossing time.
    const notices = await noticesOf(res.json.prompt.eventId);
    expect(notices).toHaveLength(await dispatchUsers());
    expect(notices[0]).toEqual({
      kind: "load.departure_proposed",
      link: `/operations/loads/${loadId}`,
      data: {
        loadId,
        loadNumber: expect.any(String),
        stopId,
        eventId: res.json.prompt.eventId,
        locationName: (await stopRow()).locationName,
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      },
    });
    const bell = await call(ctx, "/api/notifications?unread=true", { cookie: dispatcher });
    const mine = bell.json.items.filter(
      (n: { kind: string; data: { eventId?: string } }) =>
        n.kind === "load.departure_proposed" && n.data.eventId === res.json.prompt.eventId,
    );
    expect(mine).toHaveLength(1);
    // A fix further out is the same departure: no second proposal, no second notice.
    expect((await send(fix(28, 5))).json.prompt).toBeNull();
    expect(await noticesOf(res.json.prompt.eventId)).toHaveLength(notices.length);

    const confirmed = await decide(dispatcher, res.json.prompt.eventId, "confirm");
    expect(confirmed.status).toBe(200);
    const stop = await stopRow();
    expect(stop.departedAt?.toISOString()).toBe(departedAt);
    // Detention follows the confirmed times (fcfs: from the arrival), minus the customer's free time.
    const [terms] = await ctx.deps.db
      .select({ free: customers.detentionFreeMinutes })
      .from(customers)
      .innerJoin(loads, eq(loads.customerId, customers.id))
      .where(eq(loads.id, loadId));
    const minutes =
      Math.floor((new Date(departedAt).getTime() - arrivedAt.getTime()) / MIN) - (terms.free ?? 120);
    expect(stop.detentionStatus).toBe("proposed");
    expect(stop.detentionMinutes).toBe(minutes);
    const events = await ctx.deps.db
      .select()
      .from(loadStatusEvents)
      .where(and(eq(loadStatusEvents.loadId, loadId), eq(loadStatusEvents.kind, "stop_time_corrected")));
    expect(events.map((e) => e.note)).toEqual([GEOFENCE_CONFIRM_NOTE, GEOFENCE_CONFIRM_NOTE]);
  });

  it("proposes nothing more once the stop is left", async () => {
    expect((await send(fix(5, 0.1), fix(4, 3), fix(3, 4))).json.prompt).toBeNull();
    const { rows } = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stop_geofence_events where stop_id = ${stopId}::uuid`,
    );
    expect(rows[0].n).toBe(2);
  });
});

describe("a truck's ELD/GPS unit", () => {
  it("proposes an arrival dispatch is told about (the unit has no screen to ask the driver)", async () => {
    // Another load on the road with a truck: its next stop, not arrived at yet, at a known point.
    const { rows } = await ctx.deps.db.execute<{ id: string; vehicle_id: string; load_number: string }>(sql`
      select id, vehicle_id, load_number from loads
      where status = 'in_progress' and vehicle_id is not null and id <> ${loadId}::uuid
      order by load_number limit 1`);
    const load = rows[0];
    const stops = await ctx.deps.db.select().from(loadStops).where(eq(loadStops.loadId, load.id));
    const next = stops.sort((a, b) => a.sequence - b.sequence).find((s) => !s.departedAt);
    if (!next) throw new Error("the demo load has no stop ahead");
    const DOCK = { lat: 41.5868, lon: -93.625 };
    await ctx.deps.db
      .update(loadStops)
      .set({ latitude: DOCK.lat, longitude: DOCK.lon, arrivedAt: null })
      .where(eq(loadStops.id, next.id));
    await ctx.deps.db.delete(stopGeofenceEvents).where(eq(stopGeofenceEvents.loadId, load.id));

    const stored = await ingestUnitPositions(ctx.deps, {
      source: "samsara",
      vehicleId: load.vehicle_id,
      points: [
        { recordedAt: new Date(at(12)), lat: DOCK.lat + 5 / 69.09, lon: DOCK.lon, accuracyM: 10 },
        { recordedAt: new Date(at(2)), lat: DOCK.lat + 0.1 / 69.09, lon: DOCK.lon, accuracyM: 10 },
      ],
    });
    expect(stored.stored).toBe(2);
    const [event] = await ctx.deps.db
      .select()
      .from(stopGeofenceEvents)
      .where(eq(stopGeofenceEvents.loadId, load.id));
    expect(event).toMatchObject({ kind: "arrived", source: "samsara", status: "proposed", stopId: next.id });
    const notices = await noticesOf(event.id);
    expect(notices).toHaveLength(await dispatchUsers());
    expect(notices[0]).toMatchObject({
      kind: "load.arrival_proposed",
      link: `/operations/loads/${load.id}`,
      data: { loadNumber: load.load_number, locationName: next.locationName, stopId: next.id },
    });
    // The next poll's fix at the dock is the same arrival: no second notice.
    await ingestUnitPositions(ctx.deps, {
      source: "samsara",
      vehicleId: load.vehicle_id,
      points: [{ recordedAt: new Date(at(1)), lat: DOCK.lat, lon: DOCK.lon, accuracyM: 10 }],
    });
    expect(await noticesOf(event.id)).toHaveLength(notices.length);
  });
});
