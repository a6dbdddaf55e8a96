import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { openEvents } from "../../testing/sse";

/**
 * The map's live updates (issue 40): a stored position reaches the events stream of staff who see
 * the map as a `position` event with the stream's payload, and never a driver's stream.
 */
let ctx: TestContext;
let jake: string;
let dispatcher: string;
let jakeId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // From a clean slate: the demo seed's breadcrumbs, consents and ETAs are not this file's.
  await ctx.deps.db.execute(
    sql`truncate vehicle_positions, last_positions, load_tracking, stop_geofence_events, driver_location_consents`,
  );
  [jake, dispatcher] = await Promise.all([
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
  ]);
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  await call(ctx, "/api/tracking/consent", { method: "PUT", body: { consent: true }, cookie: jake });
});
afterAll(() => ctx.close());

describe("the position event", () => {
  it("reaches a dispatcher's stream and not the driver's own", async () => {
    const staff = await openEvents(ctx.app, dispatcher);
    const own = await openEvents(ctx.app, jake);
    expect((await staff.next())?.event).toBe("ready");
    expect((await own.next())?.event).toBe("ready");
    const t = new Date(Date.now() - 5_000).toISOString();
    const res = await call(ctx, "/api/tracking/positions", {
      method: "POST",
      cookie: jake,
      body: { points: [{ t, lat: 41.6, lon: -87.7, acc: 9, spd: 20, hdg: 90 }] },
    });
    expect(res.json.accepted).toBe(1);

    let event = await staff.next();
    while (event && event.event !== "position") event = await staff.next();
    expect(event?.event).toBe("position");
    expect(JSON.parse(event?.data ?? "{}")).toEqual({
      unitKey: `driver:${jakeId}`,
      vehicleId: expect.any(String),
      driverId: jakeId,
      lat: 41.6,
      lon: -87.7,
      heading: 90,
      speedMph: 44.7,
      recordedAt: t,
      source: "phone",
      // Named as the map's rows name it (the gazetteer's city near the fix).
      place: "Markham, IL",
    });

    // A second position: the dispatcher's stream has it once it is stored, so the driver's stream,
    // open all along, has had the time to get both had it been sent them.
    const marker = await call(ctx, "/api/tracking/positions", {
      method: "POST",
      cookie: jake,
      body: { points: [{ t: new Date().toISOString(), lat: 41.61, lon: -87.7, acc: 9 }] },
    });
    expect(marker.json.accepted).toBe(1);
    // Both positions reach the dispatcher in order; the driver's stream stays silent.
    let second = await staff.next();
    while (second && second.event !== "position") second = await staff.next();
    expect(JSON.parse(second?.data ?? "{}").lat).toBe(41.61);
    await expect(own.next(1500)).rejects.toThrow("no event in time");
    await staff.cancel();
    await own.cancel();
  });
});
