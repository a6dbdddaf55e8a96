import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetAssignments, drivers, lastPositions, loads, vehicles } from "../../db/schema";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { ingestUnitPositions } from "./positions.service";
import { createTrackingService } from "./tracking.service";

/**
 * The dispatch map (issue 40, "Who sees what"): trucks on assigned or in-progress loads and drivers on
 * duty, for the roles that see the map only; its filters.
 */
let ctx: TestContext;
let cookies: Record<string, string>;
let jakeId: string;
let jakeLoad: typeof loads.$inferSelect;
let marcusLoad: typeof loads.$inferSelect;
/** A truck with no load whose driver holds it (on duty, then off duty). */
let idle: { vehicleId: string; driverId: string };
const JOLIET = { lat: 41.525, lon: -88.0817 };
const MIN = 60_000;

type Truck = {
  unitKey: string;
  driverName: string | null;
  place: string | null;
  source: string;
  load: { loadNumber: string; nextStop: { city: string; timeZone: string | null } | null } | null;
};
const map = async (query = "", cookie = cookies.dispatcher) => {
  const res = await call(ctx, `/api/tracking/map${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.json.trucks as Truck[];
};
const keys = (trucks: Truck[]) => trucks.map((t) => t.unitKey).sort();

beforeAll(async () => {
  ctx = await createTestContext();
  // From a clean slate: the demo seed's breadcrumbs, consents and ETAs are not this file's.
  await ctx.deps.db.execute(
    sql`truncate vehicle_positions, last_positions, load_tracking, stop_geofence_events, driver_location_consents`,
  );
  const roles = ["admin", "manager", "dispatcher", "safety", "accountant", "driver", "customer"];
  const signed = await Promise.all(roles.map((r) => signIn(ctx, `${r}@demo.test`)));
  cookies = Object.fromEntries(roles.map((r, i) => [r, signed[i]]));
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  const onTheRoad = await ctx.deps.db.select().from(loads).where(eq(loads.status, "in_progress"));
  jakeLoad = onTheRoad.find((l) => l.driverId === jakeId) as typeof jakeLoad;
  marcusLoad = onTheRoad.find((l) => l.driverId !== jakeId && l.vehicleId) as typeof marcusLoad;

  // Jake's phone, at Joliet.
  await call(ctx, "/api/tracking/consent", {
    method: "PUT",
    body: { consent: true },
    cookie: cookies.driver,
  });
  const posted = await call(ctx, "/api/tracking/positions", {
    method: "POST",
    cookie: cookies.driver,
    body: { points: [{ t: new Date(Date.now() - MIN).toISOString(), ...JOLIET, acc: 12 }] },
  });
  expect(posted.json.accepted).toBe(1);
  // Marcus's truck reports through its ELD unit.
  expect(
    await ingestUnitPositions(ctx.deps, {
      source: "samsara",
      vehicleId: marcusLoad.vehicleId as string,
      points: [{ recordedAt: new Date(Date.now() - 2 * MIN), lat: 36.6, lon: -95.3, speedMps: 26.8224 }],
    }),
  ).toEqual({ stored: 1, duplicates: 0 });
  // An idle truck held by a driver with no load.
  const [free] = await ctx.deps.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      sql`${vehicles.id} not in (select vehicle_id from loads where vehicle_id is not null and status in ('assigned', 'in_progress'))`,
    )
    .limit(1);
  const [freeDriver] = await ctx.deps.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(
      sql`${drivers.id} not in (select driver_id from loads where driver_id is not null and status in ('assigned', 'in_progress'))`,
    )
    .limit(1);
  await ctx.deps.db
    .update(assetAssignments)
    .set({ endedAt: new Date() })
    .where(and(isNull(assetAssignments.endedAt), inArray(assetAssignments.vehicleId, [free.id])));
  await ctx.deps.db
    .update(assetAssignments)
    .set({ endedAt: new Date() })
    .where(and(isNull(assetAssignments.endedAt), eq(assetAssignments.driverId, freeDriver.id)));
  await ctx.deps.db.insert(assetAssignments).values({ driverId: freeDriver.id, vehicleId: free.id });
  await ctx.deps.db.update(drivers).set({ status: "available" }).where(eq(drivers.id, freeDriver.id));
  idle = { vehicleId: free.id, driverId: freeDriver.id };
  await ingestUnitPositions(ctx.deps, {
    source: "motive",
    vehicleId: idle.vehicleId,
    points: [{ recordedAt: new Date(Date.now() - 3 * MIN), lat: 39.1, lon: -94.58 }],
  });
});
afterAll(() => ctx.close());

describe("who sees the map", () => {
  it("admin, manager and dispatcher; not safety, accounting, drivers or customers", async () => {
    for (const role of ["admin", "manager", "dispatcher"]) {
      expect((await call(ctx, "/api/tracking/map", { cookie: cookies[role] })).status).toBe(200);
    }
    for (const role of ["safety", "accountant", "driver", "customer"]) {
      expect((await call(ctx, "/api/tracking/map", { cookie: cookies[role] })).status).toBe(403);
    }
    expect((await call(ctx, "/api/tracking/map")).status).toBe(401);
  });
});

describe("the trucks on the map", () => {
  it("lists trucks on loads and idle trucks of drivers on duty, with driver, load, next stop and place", async () => {
    const trucks = await map();
    expect(keys(trucks)).toEqual(
      [`driver:${jakeId}`, `vehicle:${marcusLoad.vehicleId}`, `vehicle:${idle.vehicleId}`].sort(),
    );
    const jake = trucks.find((t) => t.unitKey === `driver:${jakeId}`);
    expect(jake).toMatchObject({
      driverName: "Jake Wilson",
      place: "Joliet, IL",
      source: "phone",
      load: { loadNumber: jakeLoad.loadNumber, nextStop: { city: "Columbus", timeZone: "America/New_York" } },
    });
    const marcus = trucks.find((t) => t.unitKey === `vehicle:${marcusLoad.vehicleId}`);
    expect(marcus).toMatchObject({
      source: "samsara",
      speedMph: 60,
      load: { loadNumber: marcusLoad.loadNumber },
    });
    expect(trucks.find((t) => t.unitKey === `vehicle:${idle.vehicleId}`)?.load).toBeNull();
  });

  it("leaves out a truck whose driver is off duty", async () => {
    await ctx.deps.db.update(drivers).set({ status: "off_duty" }).where(eq(drivers.id, idle.driverId));
    try {
      expect(keys(await map())).not.toContain(`vehicle:${idle.vehicleId}`);
    } finally {
      await ctx.deps.db.update(drivers).set({ status: "available" }).where(eq(drivers.id, idle.driverId));
    }
  });

  it("filters by status, driver, customer, words and staleness", async () => {
    expect(keys(await map("?status=idle"))).toEqual([`vehicle:${idle.vehicleId}`]);
    expect(keys(await map("?status=in_progress"))).toEqual(
      [`driver:${jakeId}`, `vehicle:${marcusLoad.vehicleId}`].sort(),
    );
    expect(keys(await map("?status=assigned"))).toEqual([]);
    expect(keys(await map(`?driverId=${jakeId}`))).toEqual([`driver:${jakeId}`]);
    const marcusCustomer = marcusLoad.customerId as string;
    expect(keys(await map(`?customerId=${marcusCustomer}`))).toEqual([`vehicle:${marcusLoad.vehicleId}`]);
    expect(keys(await map(`?q=${encodeURIComponent(marcusLoad.loadNumber.toLowerCase())}`))).toEqual([
      `vehicle:${marcusLoad.vehicleId}`,
    ]);
    expect(keys(await map("?stale=true"))).toEqual([]);
    await ctx.deps.db
      .update(lastPositions)
      .set({ recordedAt: new Date(Date.now() - 45 * MIN) })
      .where(eq(lastPositions.unitKey, `vehicle:${idle.vehicleId}`));
    expect(keys(await map("?stale=true"))).toEqual([`vehicle:${idle.vehicleId}`]);
    expect(keys(await map("?stale=false"))).not.toContain(`vehicle:${idle.vehicleId}`);
    expect((await call(ctx, "/api/tracking/map?status=nope", { cookie: cookies.dispatcher })).status).toBe(
      400,
    );
  });

  it("shows a truck's own unit instead of its driver's phone when both report", async () => {
    await ingestUnitPositions(ctx.deps, {
      source: "samsara",
      vehicleId: jakeLoad.vehicleId as string,
      points: [{ recordedAt: new Date(), lat: 41.3, lon: -87.9 }],
    });
    const trucks = keys(await map());
    expect(trucks).toContain(`vehicle:${jakeLoad.vehicleId}`);
    expect(trucks).not.toContain(`driver:${jakeId}`);
  });

  it("a telematics replay is stored once", async () => {
    const points = [{ recordedAt: new Date(Date.now() - 10 * MIN), lat: 36.5, lon: -95.2 }];
    const input = { source: "samsara" as const, vehicleId: marcusLoad.vehicleId as string, points };
    expect(await ingestUnitPositions(ctx.deps, input)).toEqual({ stored: 1, duplicates: 0 });
    expect(await ingestUnitPositions(ctx.deps, input)).toEqual({ stored: 0, duplicates: 1 });
  });

  it("answers requests for the same map at the same moment with one read, and reads again after", async () => {
    const service = createTrackingService(ctx.deps);
    const [a, b, filtered] = await Promise.all([
      service.map({ status: "all" }),
      service.map({ status: "all" }),
      service.map({ status: "in_progress" }),
    ]);
    expect(b).toBe(a);
    expect(filtered).not.toBe(a);
    await ingestUnitPositions(ctx.deps, {
      source: "samsara",
      vehicleId: marcusLoad.vehicleId as string,
      points: [{ recordedAt: new Date(), lat: 36.7, lon: -95.4 }],
    });
    // Nothing is kept once answered: the next read has the new fix.
    const later = await service.map({ status: "all" });
    expect(later).not.toBe(a);
    const marcus = later.trucks.find((t) => t.unitKey === `vehicle:${marcusLoad.vehicleId}`);
    expect(marcus?.lat).toBe(36.7);
  });
});
