import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drivers, loadStatusEvents } from "../../db/schema";
import { customerIdOf, driverIdOf, emptyDispatchOffice, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

// Issue 10, point 10: a driver whose license or medical card has expired takes no new load — from
// the form (create, edit), the assign action and the load board — and staff are warned when a paper
// lapses before the delivery.

let ctx: TestContext;
let dispatcher: string;
let jake: string;
let jakeId: string;
let rosaId: string;
let today: string;

const day = (offset: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const papers = (id: string, licenseExpiry: string | null, medicalCardExpiry: string | null) =>
  ctx.deps.db.update(drivers).set({ licenseExpiry, medicalCardExpiry }).where(eq(drivers.id, id));
/** Delivered `days` from today (picked up the day before). */
const deliveredIn = (days: number, overrides: Parameters<typeof loadInput>[0] = {}) => {
  const input = loadInput(overrides);
  input.stops[0] = { ...input.stops[0], scheduledAt: `${day(days - 1)}T14:00:00Z` };
  input.stops[1] = { ...input.stops[1], scheduledAt: `${day(days)}T18:00:00Z` };
  return input;
};
const expiredError = (document: string, expiresOn: string) => ({
  code: "DRIVER_DOCUMENT_EXPIRED",
  details: { driverName: "Jake Wilson", document, expiresOn },
});

beforeAll(async () => {
  ctx = await createTestContext();
  await emptyDispatchOffice(ctx);
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  jake = await signIn(ctx, "driver@demo.test");
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  rosaId = await driverIdOf(ctx, "driver2@demo.test");
  const { rows } = await ctx.deps.db.execute<{ today: string }>(sql`select current_date::text as today`);
  today = rows[0].today;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await papers(jakeId, day(400), day(400));
  await papers(rosaId, day(400), day(400));
});

describe("an expired license or medical card blocks assignment", () => {
  it("on create: 409 naming the document and its date, and nothing is saved", async () => {
    await papers(jakeId, day(-3), day(400));
    const before = (await call(ctx, "/api/loads?pageSize=1", { cookie: dispatcher })).json.total;
    const res = await call(ctx, "/api/loads", {
      body: deliveredIn(5, { driverId: jakeId }),
      cookie: dispatcher,
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject(expiredError("license", day(-3)));
    expect(res.json.error.message).toMatch(
      /^Jake Wilson's driver's license expired on \w{3} \d{1,2}, \d{4}\. Renew it before assigning loads\.$/,
    );
    expect((await call(ctx, "/api/loads?pageSize=1", { cookie: dispatcher })).json.total).toBe(before);

    // Without a driver the same load books fine; the expiry day itself still counts as valid.
    await papers(jakeId, today, day(400));
    const ok = await call(ctx, "/api/loads", {
      body: deliveredIn(5, { driverId: jakeId }),
      cookie: dispatcher,
    });
    expect(ok.status).toBe(201);
  });

  it("on edit, when the driver changes to one with an expired medical card", async () => {
    const load = (await call(ctx, "/api/loads", { body: deliveredIn(5), cookie: dispatcher })).json;
    await papers(jakeId, day(400), day(-1));
    const res = await call(ctx, `/api/loads/${load.id}`, {
      method: "PUT",
      body: deliveredIn(5, { loadNumber: load.loadNumber, driverId: jakeId }),
      cookie: dispatcher,
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject(expiredError("medical_card", day(-1)));
    const after = (await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher })).json;
    expect(after).toMatchObject({ status: "pending", driverId: null });
  });

  it("editing a load whose driver's papers lapsed since keeps working (the driver is not changed)", async () => {
    const load = (
      await call(ctx, "/api/loads", { body: deliveredIn(5, { driverId: jakeId }), cookie: dispatcher })
    ).json;
    await papers(jakeId, day(-2), day(400));
    const res = await call(ctx, `/api/loads/${load.id}`, {
      method: "PUT",
      body: deliveredIn(5, {
        loadNumber: load.loadNumber,
        driverId: jakeId,
        description: "Dry van, 20 pallets",
      }),
      cookie: dispatcher,
    });
    expect(res.status).toBe(200);
    // …and the detail warns staff.
    expect(res.json.driverWarnings).toEqual([
      { document: "license", expiresOn: day(-2), problem: "expired" },
    ]);
  });

  it("on assign and from the load board's interested drivers", async () => {
    const input = deliveredIn(5, {
      postedToBoard: true,
      customerId: await customerIdOf(ctx, "customer@demo.test"),
    });
    const posted = (await call(ctx, "/api/loads", { body: input, cookie: dispatcher })).json;
    expect(
      (await call(ctx, `/api/load-board/${posted.id}/interest`, { method: "POST", cookie: jake })).status,
    ).toBe(201);
    await papers(jakeId, day(-10), day(-4));
    const interests = (await call(ctx, `/api/loads/${posted.id}/interests`, { cookie: dispatcher })).json;
    expect(interests).toEqual([
      expect.objectContaining({ driverId: jakeId, licenseExpiry: day(-10), medicalCardExpiry: day(-4) }),
    ]);
    const res = await call(ctx, `/api/loads/${posted.id}/assign`, {
      body: { driverId: jakeId },
      cookie: dispatcher,
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject(expiredError("license", day(-10)));
    const after = (await call(ctx, `/api/loads/${posted.id}`, { cookie: dispatcher })).json;
    expect(after).toMatchObject({ status: "pending", driverId: null, postedToBoard: true });

    await papers(jakeId, day(400), day(400));
    const ok = await call(ctx, `/api/loads/${posted.id}/assign`, {
      body: { driverId: jakeId },
      cookie: dispatcher,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: "assigned", driverId: jakeId, driverWarnings: [] });
  });
});

describe("papers that lapse before the delivery", () => {
  it("are assigned with a warning on the load (staff), never shown to the driver", async () => {
    await papers(jakeId, day(2), day(3));
    const res = await call(ctx, "/api/loads", {
      body: deliveredIn(6, { driverId: jakeId }),
      cookie: dispatcher,
    });
    expect(res.status).toBe(201);
    expect(res.json.driverWarnings).toEqual([
      { document: "license", expiresOn: day(2), problem: "expires_before_delivery" },
      { document: "medical_card", expiresOn: day(3), problem: "expires_before_delivery" },
    ]);
    const asDriver = (await call(ctx, `/api/loads/${res.json.id}`, { cookie: jake })).json;
    expect(asDriver.driverWarnings).toEqual([]);
  });

  it("the load form's driver picker carries the papers and the assigned truck and trailer", async () => {
    await papers(jakeId, day(2), day(400));
    const options = (await call(ctx, "/api/lookups/drivers?q=Jake", { cookie: dispatcher })).json;
    const [option] = options.filter((o: { id: string }) => o.id === jakeId);
    expect(option).toMatchObject({ licenseExpiry: day(2), medicalCardExpiry: day(400) });
    expect(option).toHaveProperty("vehicleId");
    expect(option).toHaveProperty("trailerId");
  });
});

describe("the timeline stores kinds and data, not English sentences (points 13 and 14)", () => {
  it("records booking, reassignment, acceptance, trip and decline as their own kinds", async () => {
    const load = (
      await call(ctx, "/api/loads", { body: deliveredIn(5, { driverId: rosaId }), cookie: dispatcher })
    ).json;
    await call(ctx, `/api/loads/${load.id}/assign`, { body: { driverId: jakeId }, cookie: dispatcher });
    const act = (action: string, body: unknown = {}) =>
      call(ctx, `/api/loads/${load.id}/actions/${action}`, { method: "POST", body, cookie: jake });
    expect((await act("accept")).status).toBe(200);
    // Five days before the pickup: the trip starts only once the driver confirms.
    const early = await act("start");
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("EARLY_START");
    expect((await act("start", { confirmEarly: true })).status).toBe(200);

    const events = await ctx.deps.db
      .select()
      .from(loadStatusEvents)
      .where(eq(loadStatusEvents.loadId, load.id))
      .orderBy(loadStatusEvents.createdAt);
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.note])).toEqual([
      ["created_assigned", null, "assigned", null],
      ["reassigned", "assigned", "assigned", null],
      ["accepted", "assigned", "assigned", null],
      ["trip_started", "assigned", "in_progress", null],
    ]);
    expect(events[1].data).toEqual({
      driverId: jakeId,
      driverName: "Jake Wilson",
      previousDriverId: rosaId,
      previousDriverName: "Rosa Martinez",
    });

    // The driver's dashboard lists the acceptance once, as an acceptance.
    const dashboard = (await call(ctx, "/api/driver-dashboard", { cookie: jake })).json;
    const mine = dashboard.recentActivity.filter((a: { loadId: string }) => a.loadId === load.id);
    expect(mine.map((a: { kind: string }) => a.kind)).toEqual([
      "trip_started",
      "accepted",
      "reassigned",
      "created_assigned",
    ]);
  });
});
