import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, loadStops, loads } from "../../db/schema";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { refreshEtas } from "./eta.service";

/**
 * What the shipper sees of the truck (issue 40): on the private link and in the portal, the position
 * coarsened to 0.1° and the nearest city, the ETA and the next stop's city while the load is in
 * progress — never after delivery + 24 h, never the driver; the status check by number gets none.
 */
let ctx: TestContext;
let jake: string;
let dispatcher: string;
let customer: string;
let load: typeof loads.$inferSelect;
let token: string;
let driver: { fullName: string; phone: string | null };
const HOUR = 3_600_000;

const openLink = () =>
  call(ctx, `/api/public/tracking/${token}`, { headers: { "x-forwarded-for": "203.0.113.77" } });
const portalLoad = () => call(ctx, `/api/portal/loads/${load.id}`, { cookie: customer });
/** No driver field anywhere in an answer: no key naming the driver's identity, not their name or phone. */
const expectNoDriver = (json: unknown) => {
  const text = JSON.stringify(json);
  expect(text).not.toContain(driver.fullName);
  expect(text).not.toContain("Jake");
  if (driver.phone) expect(text).not.toContain(driver.phone);
  expect(text).not.toMatch(/"driver(Name|Phone|Id)"/);
};

beforeAll(async () => {
  ctx = await createTestContext();
  // From a clean slate: the demo seed's breadcrumbs, consents and ETAs are not this file's.
  await ctx.deps.db.execute(
    sql`truncate vehicle_positions, last_positions, load_tracking, stop_geofence_events, driver_location_consents`,
  );
  [jake, dispatcher, customer] = await Promise.all([
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "customer@demo.test"),
  ]);
  const jakeId = await driverIdOf(ctx, "driver@demo.test");
  [driver] = await ctx.deps.db
    .select({ fullName: drivers.fullName, phone: drivers.phone })
    .from(drivers)
    .where(eq(drivers.id, jakeId));
  [load] = await ctx.deps.db
    .select()
    .from(loads)
    .where(and(eq(loads.driverId, jakeId), eq(loads.status, "in_progress")));
  // The geocoder places the stops (helper A); here the next one by hand, for its ETA.
  await ctx.deps.db
    .update(loadStops)
    .set({ latitude: 39.9612, longitude: -82.9988 })
    .where(and(eq(loadStops.loadId, load.id), eq(loadStops.city, "Columbus")));
  const made = await call(ctx, `/api/loads/${load.id}/tracking-links`, {
    method: "POST",
    body: {},
    cookie: dispatcher,
  });
  expect(made.status).toBe(201);
  token = new URL(made.json.url).pathname.split("/").at(-1) as string;
});
afterAll(() => ctx.close());

describe("the shipper's live view", () => {
  it("is null before the truck reported", async () => {
    expect((await openLink()).json.live).toBeNull();
    expect((await portalLoad()).json.live).toBeNull();
  });

  it("shows the position to a tenth of a degree and the nearest city, the ETA and the next stop's city", async () => {
    await call(ctx, "/api/tracking/consent", { method: "PUT", body: { consent: true }, cookie: jake });
    const t = new Date(Date.now() - 60_000).toISOString();
    await call(ctx, "/api/tracking/positions", {
      method: "POST",
      cookie: jake,
      body: { points: [{ t, lat: 41.5301, lon: -88.0912, acc: 8 }] },
    });
    await refreshEtas(ctx.deps);
    const link = await openLink();
    expect(link.status).toBe(200);
    expect(link.json.live).toEqual({
      lat: 41.5,
      lon: -88.1,
      near: "Joliet, IL",
      recordedAt: t,
      etaAt: expect.any(String),
      nextStopCity: "Columbus, OH",
      nextStopTimeZone: "America/New_York",
      late: expect.any(Boolean),
    });
    expectNoDriver(link.json);
    const portal = await portalLoad();
    expect(portal.status).toBe(200);
    expect(portal.json.live).toEqual(link.json.live);
    expect(JSON.stringify(portal.json.live)).not.toContain("Jake");
    expect(JSON.stringify(portal.json)).not.toContain(driver.fullName);
  });

  it("is never in the status check by load number", async () => {
    const res = await call(ctx, `/api/public/track/${load.loadNumber}`, {
      headers: { "x-forwarded-for": "203.0.113.78" },
    });
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty("live");
    expect(JSON.stringify(res.json)).not.toContain("Joliet");
  });

  it("keeps the last position without an ETA for 24 h after delivery, then nothing", async () => {
    await ctx.deps.db
      .update(loads)
      .set({ status: "completed", deliveredAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(loads.id, load.id));
    const recent = (await openLink()).json.live;
    expect(recent).toMatchObject({
      lat: 41.5,
      lon: -88.1,
      etaAt: null,
      nextStopCity: null,
      nextStopTimeZone: null,
      late: false,
    });

    await ctx.deps.db
      .update(loads)
      .set({ deliveredAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(loads.id, load.id));
    const link = await openLink();
    expect(link.status).toBe(200);
    expect(link.json.live).toBeNull();
    expect((await portalLoad()).json.live).toBeNull();
  });
});
