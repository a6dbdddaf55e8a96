import { ROLES } from "@shared/access";
import { ONLY_DRIVERS_INTEREST_MESSAGE } from "@shared/loads/loads.schema";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appUsers,
  assetAssignments,
  bolUploadLinks,
  drivers,
  loadStatusEvents,
  loads,
  notifications,
  timeOffRequests,
  trailers,
  vehicles,
} from "../../db/schema";
import { hashToken } from "../../platform/tokens/tokens";
import { DEMO_BY_ROLE } from "../../testing/demo-users";
import { customerIdOf, dispatchOffice, emptyDispatchOffice, loadInput } from "../../testing/fixtures";
import { call, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let dispatcher: string;
let jake: string;
let rosa: string;
let jakeId: string;
let rosaId: string;

let create: Awaited<ReturnType<typeof dispatchOffice>>["createLoad"];

beforeAll(async () => {
  ({ ctx, dispatcher, jake, rosa, jakeId, rosaId, createLoad: create } = await dispatchOffice());
  // No live positions: the demo's breadcrumbs would start the drivers' deadheads where they are.
  await ctx.deps.db.execute(sql`truncate last_positions`);
});
afterAll(() => ctx.close());
const board = async (cookie = jake, query = "") => {
  const res = await call(ctx, `/api/load-board${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.json;
};
const interest = (id: string, cookie = jake, method = "POST") =>
  call(ctx, `/api/load-board/${id}/interest`, { method, cookie });

describe("the load board", () => {
  let posted: { id: string; loadNumber: string };
  let hidden: { id: string };
  let rosasLoad: { id: string };

  beforeAll(async () => {
    const input = loadInput({
      postedToBoard: true,
      customerId: await customerIdOf(ctx, "customer@demo.test"),
    });
    input.stops[1] = { ...input.stops[1], city: "Memphis", state: "TN" };
    posted = (await call(ctx, "/api/loads", { body: input, cookie: dispatcher })).json;
    hidden = await create({ postedToBoard: false });
    rosasLoad = await create({ postedToBoard: true, driverId: rosaId }); // assigned: never on the board
  });

  it("shows drivers the posted, pending, unassigned loads — with no rate or customer", async () => {
    const page = await board();
    expect(page.total).toBe(1);
    const [item] = page.items;
    expect(item).toEqual({
      id: posted.id,
      loadNumber: posted.loadNumber,
      pickupCity: "Chicago",
      pickupState: "IL",
      pickupAt: "2026-03-02T14:00:00.000Z",
      deliveryCity: "Memphis",
      deliveryState: "TN",
      deliveryAt: "2026-03-04T18:00:00.000Z",
      loadedMiles: 925,
      // Typed by dispatch (an override), not the estimate; Jake has no delivery yet nor a position,
      // so no deadhead.
      milesEstimated: false,
      emptyMiles: null,
      emptyFrom: null,
      weightLbs: 38000,
      equipmentType: null,
      commodity: "",
      // Jake's default pay, $0.65 a loaded mile × 925 mi (the load's rate itself is never shown).
      pay: "601.25",
      payPerMile: "0.65",
      interested: false,
    });
    expect(JSON.stringify(page)).not.toMatch(/rate|customer|2600|Great Lakes/i);
    // Without the miles (a stop that cannot be placed), per-mile pay is unknown rather than $0.
    const unplaceable = loadInput().stops.map((s, i) =>
      i ? { ...s, city: "Xyzzyville", postalCode: "" } : s,
    );
    const milesless = await create({ postedToBoard: true, loadedMiles: undefined, stops: unplaceable });
    const row = (await board()).items.find((i: { id: string }) => i.id === milesless.id);
    expect(row.pay).toBeNull();
    await call(ctx, `/api/loads/${milesless.id}/status`, {
      body: { status: "cancelled" },
      cookie: dispatcher,
    });
    expect(page.items.some((i: { id: string }) => i.id === hidden.id)).toBe(false);
    expect((await board(jake, "?q=memphis")).total).toBe(1);
    expect((await board(jake, "?q=boise")).total).toBe(0);
  });

  it("is for drivers only; any other role showing interest gets 403 with the spec's message", async () => {
    expect((await call(ctx, "/api/load-board", { cookie: dispatcher })).status).toBe(403);
    for (const role of ROLES.filter((r) => r !== "driver")) {
      const cookie = await signIn(ctx, DEMO_BY_ROLE[role]);
      for (const method of ["POST", "DELETE"]) {
        const res = await interest(posted.id, cookie, method);
        expect(res.status, `${role} ${method}`).toBe(403);
        expect(res.json.error.message).toBe(ONLY_DRIVERS_INTEREST_MESSAGE);
      }
    }
    expect((await call(ctx, `/api/load-board/${posted.id}/interest`, { method: "POST" })).status).toBe(401);
  });

  it("takes a driver's interest once, notifies dispatch, and lets them withdraw", async () => {
    const first = await interest(posted.id);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ id: posted.id, interested: true });
    const again = await interest(posted.id);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("ALREADY_INTERESTED");
    expect((await board()).items[0].interested).toBe(true);
    expect((await board(rosa)).items[0].interested).toBe(false);
    // Another driver cannot withdraw it: their interest is not there (404), Jake's stays.
    expect((await interest(posted.id, rosa, "DELETE")).status).toBe(404);
    expect((await board()).items[0].interested).toBe(true);

    const notes = await ctx.deps.db
      .select({ role: appUsers.role, data: notifications.data })
      .from(notifications)
      .innerJoin(appUsers, eq(appUsers.userId, notifications.recipientId))
      .where(
        and(eq(notifications.kind, "load.interest"), sql`${notifications.data}->>'loadId' = ${posted.id}`),
      );
    expect(notes.map((n) => n.role).sort()).toEqual(["admin", "dispatcher", "manager"]);
    expect(notes[0].data).toEqual({
      loadId: posted.id,
      loadNumber: posted.loadNumber,
      driverId: jakeId,
      driverName: "Jake Wilson",
    });

    expect((await interest(posted.id, jake, "DELETE")).status).toBe(200);
    expect((await interest(posted.id, jake, "DELETE")).status).toBe(404);
    expect((await board()).items[0].interested).toBe(false);
    expect((await interest(posted.id)).status).toBe(201);
  });

  it("refuses interest in a load that is not on the board", async () => {
    const res = await interest(hidden.id);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("NOT_ON_BOARD");
    expect((await interest("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("shows dispatch the interested drivers, and one click assigns the load and takes it off the board", async () => {
    expect((await interest(posted.id, rosa)).status).toBe(201);
    const list = await call(ctx, `/api/loads/${posted.id}/interests`, { cookie: dispatcher });
    expect(list.status).toBe(200);
    expect(list.json.map((i: { fullName: string }) => i.fullName)).toEqual(["Jake Wilson", "Rosa Martinez"]);
    expect(list.json[0]).toMatchObject({
      driverId: jakeId,
      status: expect.any(String),
      createdAt: expect.any(String),
    });
    expect((await call(ctx, `/api/loads/${posted.id}/interests`, { cookie: jake })).status).toBe(403);

    const assigned = await call(ctx, `/api/loads/${posted.id}/assign`, {
      body: { driverId: list.json[1].driverId },
      cookie: dispatcher,
    });
    expect(assigned.json).toMatchObject({ status: "assigned", driverId: rosaId, postedToBoard: false });
    expect((await board()).total).toBe(0);
    expect((await interest(posted.id)).json.error.code).toBe("NOT_ON_BOARD");
    // Interests stay for the record.
    const kept = await call(ctx, `/api/loads/${posted.id}/interests`, { cookie: dispatcher });
    expect(kept.json).toHaveLength(2);
  });

  it("says since when a busy driver is busy (their load's assignment), apart from when they asked", async () => {
    // Rosa has been busy for three days: her first load was put on her then.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await ctx.deps.db
      .update(loadStatusEvents)
      .set({ createdAt: threeDaysAgo })
      .where(and(eq(loadStatusEvents.loadId, rosasLoad.id), eq(loadStatusEvents.kind, "created_assigned")));
    const list = await call(ctx, `/api/loads/${posted.id}/interests`, { cookie: dispatcher });
    const rosaRow = list.json.find((i: { driverId: string }) => i.driverId === rosaId);
    expect(rosaRow.status).toBe("busy");
    expect(rosaRow.busySince).toBe(threeDaysAgo.toISOString());
    // She asked for this load minutes ago, not three days ago.
    expect(Date.now() - Date.parse(rosaRow.createdAt)).toBeLessThan(3_600_000);
    const jakeRow = list.json.find((i: { driverId: string }) => i.driverId === jakeId);
    expect(jakeRow).toMatchObject({ status: "available", busySince: null });
  });
});

describe("public BOL upload links", () => {
  let load: { id: string };
  beforeAll(async () => {
    load = await create();
  });

  it("shows the token once, stores only its hash, and lists the link as active", async () => {
    const res = await call(ctx, `/api/loads/${load.id}/bol-links`, { body: {}, cookie: dispatcher });
    expect(res.status).toBe(201);
    const match = /^http:\/\/localhost:3000\/public\/bol-upload\/([A-Za-z0-9_-]{43})$/.exec(res.json.url);
    expect(match).not.toBeNull();
    const token = match![1];
    const days = (new Date(res.json.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const [row] = await ctx.deps.db.select().from(bolUploadLinks).where(eq(bolUploadLinks.id, res.json.id));
    expect(row.tokenHash).toBe(hashToken(token));
    const dump = await ctx.deps.db.execute(sql`select row_to_json(b)::text as j from bol_upload_links b`);
    expect(JSON.stringify(dump.rows)).not.toContain(token);

    const list = await call(ctx, `/api/loads/${load.id}/bol-links`, { cookie: dispatcher });
    expect(list.json).toEqual([
      expect.objectContaining({
        id: res.json.id,
        active: true,
        revokedAt: null,
        uploads: 0,
        createdByName: "Dan Carter",
      }),
    ]);
    expect(JSON.stringify(list.json)).not.toContain(token);
  });

  it("takes 1 to 30 days", async () => {
    const short = await call(ctx, `/api/loads/${load.id}/bol-links`, {
      body: { expiresInDays: 1 },
      cookie: dispatcher,
    });
    expect(short.status).toBe(201);
    const tooLong = await call(ctx, `/api/loads/${load.id}/bol-links`, {
      body: { expiresInDays: 31 },
      cookie: dispatcher,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.details.fields.expiresInDays).toBeDefined();
  });

  it("revokes a link, shows expired ones inactive, and answers 404 for another load's link", async () => {
    const link = (await call(ctx, `/api/loads/${load.id}/bol-links`, { body: {}, cookie: dispatcher })).json;
    const revoked = await call(ctx, `/api/loads/${load.id}/bol-links/${link.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(revoked.status).toBe(200);
    const [row] = await ctx.deps.db.select().from(bolUploadLinks).where(eq(bolUploadLinks.id, link.id));
    expect(row.revokedAt).not.toBeNull();
    expect(
      (
        await call(ctx, `/api/loads/${load.id}/bol-links/${link.id}`, {
          method: "DELETE",
          cookie: dispatcher,
        })
      ).status,
    ).toBe(200);

    const expiring = (await call(ctx, `/api/loads/${load.id}/bol-links`, { body: {}, cookie: dispatcher }))
      .json;
    await ctx.deps.db
      .update(bolUploadLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bolUploadLinks.id, expiring.id));
    const list = (await call(ctx, `/api/loads/${load.id}/bol-links`, { cookie: dispatcher })).json as Array<{
      id: string;
      active: boolean;
    }>;
    expect(list.find((l) => l.id === link.id)?.active).toBe(false);
    expect(list.find((l) => l.id === expiring.id)?.active).toBe(false);

    const other = await create();
    expect(
      (
        await call(ctx, `/api/loads/${other.id}/bol-links/${link.id}`, {
          method: "DELETE",
          cookie: dispatcher,
        })
      ).status,
    ).toBe(404);
    expect((await call(ctx, `/api/loads/${load.id}/bol-links`, { cookie: jake })).status).toBe(403);
  });
});

describe("pickers", () => {
  it("lists drivers with status, default pay and current assets", async () => {
    const [truck] = await ctx.deps.db.insert(vehicles).values({ unitNumber: "T-900" }).returning();
    const [trailer] = await ctx.deps.db.insert(trailers).values({ identifier: "TR-52" }).returning();
    await ctx.deps.db
      .update(drivers)
      .set({ defaultPayType: "percentage", defaultPayRate: "28" })
      .where(eq(drivers.id, jakeId));
    await ctx.deps.db.delete(assetAssignments).where(eq(assetAssignments.driverId, jakeId));
    await ctx.deps.db
      .insert(assetAssignments)
      .values({ driverId: jakeId, vehicleId: truck.id, trailerId: trailer.id });
    const res = await call(ctx, "/api/lookups/drivers?q=jake", { cookie: dispatcher });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        id: jakeId,
        fullName: "Jake Wilson",
        email: "driver@demo.test",
        status: expect.any(String),
        defaultPayType: "percentage",
        defaultPayRate: "28.00",
        vehicleId: truck.id,
        vehicleLabel: "T-900",
        trailerId: trailer.id,
        trailerLabel: "TR-52",
        licenseExpiry: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        medicalCardExpiry: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    const all = await call(ctx, "/api/lookups/drivers", { cookie: dispatcher });
    expect(all.json.length).toBeGreaterThanOrEqual(2);
  });

  it("lists customers by company or contact name", async () => {
    const res = await call(ctx, "/api/lookups/customers?q=prairie", { cookie: dispatcher });
    expect(res.json).toEqual([
      {
        id: await customerIdOf(ctx, "customer2@demo.test"),
        companyName: "Prairie Steel Supply LLC",
        name: "Claire Dubois",
      },
    ]);
    expect((await call(ctx, "/api/lookups/customers?q=becker", { cookie: dispatcher })).json).toHaveLength(1);
    expect((await call(ctx, "/api/lookups/customers", { cookie: jake })).status).toBe(403);
  });
});

describe("the driver dashboard", () => {
  it("shows the current load, what comes next, recent activity, time off and assets", async () => {
    await emptyDispatchOffice(ctx);
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const make = async (days: number, extra: Record<string, unknown> = {}) => {
      const input = loadInput({ driverId: jakeId, ...extra });
      input.stops = [
        { ...input.stops[0], scheduledAt: at(days) },
        { ...input.stops[1], scheduledAt: at(days + 1) },
      ];
      return (await call(ctx, "/api/loads", { body: input, cookie: dispatcher })).json;
    };
    const later = await make(5);
    const soon = await make(2);
    const rolling = await make(-1);
    await make(3, { driverId: rosaId });
    await call(ctx, `/api/loads/${rolling.id}/actions/accept`, { body: {}, cookie: jake });
    await call(ctx, `/api/loads/${rolling.id}/actions/start`, { body: {}, cookie: jake });
    // An old event outside the 7-day window.
    await ctx.deps.db
      .update(loadStatusEvents)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(and(eq(loadStatusEvents.loadId, later.id), sql`from_status is null`));
    const today = new Date().toISOString().slice(0, 10);
    await ctx.deps.db.insert(timeOffRequests).values([
      {
        driverId: jakeId,
        startDate: "2099-07-01",
        endDate: "2099-07-03",
        reason: "Family",
        status: "approved",
      },
      {
        driverId: jakeId,
        startDate: "2099-08-01",
        endDate: "2099-08-02",
        reason: "Wedding",
        status: "pending",
      },
      { driverId: jakeId, startDate: "2020-01-01", endDate: "2020-01-02", reason: "Old", status: "approved" },
      { driverId: jakeId, startDate: today, endDate: "2099-01-01", reason: "Denied", status: "denied" },
    ]);

    const res = await call(ctx, "/api/driver-dashboard", { cookie: jake });
    expect(res.status).toBe(200);
    const d = res.json;
    expect(d.driver).toEqual({ id: jakeId, fullName: "Jake Wilson", status: "busy" });
    expect(d.currentLoad).toMatchObject({
      id: rolling.id,
      status: "in_progress",
      driverActions: ["deliver"],
      customerRate: null,
    });
    expect(d.upcoming.map((l: { id: string }) => l.id)).toEqual([soon.id, later.id]);
    expect(d.recentActivity.every((a: { loadNumber: string }) => a.loadNumber)).toBe(true);
    expect(d.recentActivity[0]).toMatchObject({
      loadId: rolling.id,
      toStatus: "in_progress",
      kind: "trip_started",
      note: null,
    });
    expect(d.recentActivity.some((a: { loadId: string }) => a.loadId === later.id)).toBe(false);
    expect(d.timeOff.map((t: { reason: string }) => t.reason)).toEqual(["Family", "Wedding"]);
    expect(d.assets).toEqual({ vehicleLabel: "T-900", trailerLabel: "TR-52" });

    expect((await call(ctx, "/api/driver-dashboard", { cookie: dispatcher })).status).toBe(403);
  });

  it("has no current load when nothing is assigned", async () => {
    await emptyDispatchOffice(ctx);
    await ctx.deps.db.delete(loads).where(eq(loads.driverId, rosaId));
    const res = await call(ctx, "/api/driver-dashboard", { cookie: rosa });
    expect(res.json).toMatchObject({ currentLoad: null, upcoming: [], recentActivity: [] });
  });
});
