import { randomBytes } from "node:crypto";
import type { CalendarEvent } from "@shared/calendar/time-off.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, loads, users } from "../../db/schema";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let dispatcher: string;
let manager: string;
let jake: string;
let rosa: string;
let jakeId: string;
let rosaId: string;

const driverIdOf = async (email: string) =>
  (
    await ctx.deps.db
      .select({ id: drivers.id })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(eq(users.email, email))
  )[0].id;

/** A load row written directly: the loads module has its own tests; the calendar only reads. */
async function insertLoad(values: {
  driverId: string | null;
  pickupAt: string;
  deliveryAt: string;
  status?: "pending" | "assigned" | "cancelled";
}) {
  const loadNumber = `CAL-${randomBytes(4).toString("hex").toUpperCase()}`;
  const [row] = await ctx.deps.db
    .insert(loads)
    .values({
      loadNumber,
      baseRate: "1500.00",
      totalRate: "1500.00",
      pickupCity: "Dallas",
      pickupState: "TX",
      pickupAt: new Date(values.pickupAt),
      deliveryCity: "Memphis",
      deliveryState: "TN",
      deliveryAt: new Date(values.deliveryAt),
      driverId: values.driverId,
      status: values.status ?? (values.driverId ? "assigned" : "pending"),
    })
    .returning({ id: loads.id });
  return { id: row.id, loadNumber };
}

const events = async (cookie: string, from: string, to: string): Promise<CalendarEvent[]> => {
  const res = await call(ctx, `/api/calendar/events?from=${from}&to=${to}`, { cookie });
  expect(res.status).toBe(200);
  return res.json.items;
};

beforeAll(async () => {
  ctx = await createTestContext();
  [dispatcher, manager, jake, rosa] = await Promise.all(
    ["dispatcher", "manager", "driver", "driver2"].map((u) => signIn(ctx, `${u}@demo.test`)),
  );
  jakeId = await driverIdOf("driver@demo.test");
  rosaId = await driverIdOf("driver2@demo.test");
});
afterAll(() => ctx.close());

describe("calendar events", () => {
  it("shows a load's pickup and delivery, and leaves cancelled loads out", async () => {
    const load = await insertLoad({
      driverId: jakeId,
      pickupAt: "2032-05-10T15:00:00Z",
      deliveryAt: "2032-05-12T20:30:00Z",
    });
    const cancelled = await insertLoad({
      driverId: null,
      pickupAt: "2032-05-11T15:00:00Z",
      deliveryAt: "2032-05-13T15:00:00Z",
      status: "cancelled",
    });
    const items = await events(dispatcher, "2032-05-01", "2032-05-31");
    const mine = items.filter((e) => e.loadId === load.id);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: "pickup",
        start: "2032-05-10T15:00:00.000Z",
        allDay: false,
        loadNumber: load.loadNumber,
        city: "Dallas, TX",
        driverName: "Jake Wilson",
        title: `${load.loadNumber} · Dallas, TX`,
      }),
      expect.objectContaining({ kind: "delivery", start: "2032-05-12T20:30:00.000Z", city: "Memphis, TN" }),
    ]);
    expect(items.some((e) => e.loadId === cancelled.id)).toBe(false);
  });

  it("includes a load whose pickup is before the range but whose delivery is inside it", async () => {
    const load = await insertLoad({
      driverId: null,
      pickupAt: "2032-06-25T12:00:00Z",
      deliveryAt: "2032-07-03T12:00:00Z",
    });
    const items = await events(manager, "2032-07-01", "2032-07-31");
    expect(items.filter((e) => e.loadId === load.id).map((e) => e.kind)).toEqual(["delivery"]);
  });

  it("shows approved time off as all-day events, and not pending ones", async () => {
    const approved = await call(ctx, "/api/time-off", {
      body: { startDate: "2032-05-20", endDate: "2032-05-22", reason: "Vacation" },
      cookie: rosa,
    });
    await call(ctx, `/api/time-off/${approved.json.id}/review`, {
      body: { decision: "approved" },
      cookie: manager,
    });
    const pending = await call(ctx, "/api/time-off", {
      body: { startDate: "2032-05-25", endDate: "2032-05-25", reason: "Appointment" },
      cookie: rosa,
    });
    const items = await events(dispatcher, "2032-05-01", "2032-05-31");
    expect(items.find((e) => e.id === `time_off:${approved.json.id}`)).toMatchObject({
      kind: "time_off",
      allDay: true,
      start: "2032-05-20",
      end: "2032-05-22",
      driverName: "Rosa Martinez",
      loadId: null,
    });
    expect(items.some((e) => e.id === `time_off:${pending.json.id}`)).toBe(false);
  });

  it("shows a driver only their own loads and time off", async () => {
    await insertLoad({
      driverId: rosaId,
      pickupAt: "2032-05-15T09:00:00Z",
      deliveryAt: "2032-05-16T09:00:00Z",
    });
    const staff = await events(dispatcher, "2032-05-01", "2032-05-31");
    const names = new Set(staff.map((e) => e.driverName));
    expect(names.has("Jake Wilson") && names.has("Rosa Martinez")).toBe(true);

    const forJake = await events(jake, "2032-05-01", "2032-05-31");
    expect(forJake.length).toBeGreaterThan(0);
    for (const e of forJake) expect(e.driverName).toBe("Jake Wilson");
    const forRosa = await events(rosa, "2032-05-01", "2032-05-31");
    expect(forRosa.map((e) => e.kind)).toEqual(expect.arrayContaining(["delivery", "pickup", "time_off"]));
    for (const e of forRosa) expect(e.driverName).toBe("Rosa Martinez");
  });

  it("lets staff narrow the calendar to one driver", async () => {
    const res = await call(ctx, `/api/calendar/events?from=2032-05-01&to=2032-05-31&driverId=${jakeId}`, {
      cookie: dispatcher,
    });
    expect(res.json.items.length).toBeGreaterThan(0);
    for (const e of res.json.items) expect(e.driverName).toBe("Jake Wilson");
  });

  it("refuses a missing or too long range", async () => {
    expect((await call(ctx, "/api/calendar/events", { cookie: dispatcher })).status).toBe(400);
    const long = await call(ctx, "/api/calendar/events?from=2032-01-01&to=2032-04-01", {
      cookie: dispatcher,
    });
    expect(long.status).toBe(400);
    expect(long.json.error.details.fields.to).toMatch(/62 days/);
    const backwards = await call(ctx, "/api/calendar/events?from=2032-02-01&to=2032-01-01", {
      cookie: dispatcher,
    });
    expect(backwards.status).toBe(400);
    expect(
      (await call(ctx, "/api/calendar/events?from=2032-01-01&to=2032-03-03", { cookie: jake })).status,
    ).toBe(200);
  });
});
