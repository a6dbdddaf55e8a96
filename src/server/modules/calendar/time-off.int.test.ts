import { FILL_ALL_FIELDS } from "@shared/calendar/time-off.schema";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, notifications, timeOffRequests, users } from "../../db/schema";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { shiftDate } from "./time-off.service";

let ctx: TestContext;
let manager: string;
let admin: string;
let dispatcher: string;
let jake: string;
let rosa: string;
let today: string;

/** A driver of our own, so seeded loads or time off of the demo drivers cannot sway their status. */
async function newDriver(name: string, email: string) {
  const created = await call(ctx, "/api/admin/users", {
    body: { name, email, role: "driver", password: "Driver1234!", requirePasswordChange: false },
    cookie: admin,
  });
  expect(created.status).toBe(201);
  const [driver] = await ctx.deps.db.select().from(drivers).where(eq(drivers.userId, created.json.id));
  return { cookie: await signIn(ctx, email, "Driver1234!"), driverId: driver.id, userId: created.json.id };
}

const statusOf = async (driverId: string) =>
  (await ctx.deps.db.select({ status: drivers.status }).from(drivers).where(eq(drivers.id, driverId)))[0]
    .status;

const requestOff = (cookie: string, startDate: string, endDate: string, reason = "Family visit") =>
  call(ctx, "/api/time-off", { body: { startDate, endDate, reason }, cookie });

const review = (id: string, decision: "approved" | "denied", note?: string, cookie = manager) =>
  call(ctx, `/api/time-off/${id}/review`, { body: { decision, note }, cookie });

const cancel = (id: string, cookie: string) =>
  call(ctx, `/api/time-off/${id}/cancel`, { method: "POST", cookie });

beforeAll(async () => {
  ctx = await createTestContext();
  [manager, admin, dispatcher, jake, rosa] = await Promise.all(
    ["manager", "admin", "dispatcher", "driver", "driver2"].map((u) => signIn(ctx, `${u}@demo.test`)),
  );
  const { rows } = await ctx.deps.db.execute<{ today: string }>(sql`select current_date::text as today`);
  today = rows[0].today;
});
afterAll(() => ctx.close());

describe("requesting time off", () => {
  it('answers "Please fill out all fields." for each missing field', async () => {
    const res = await call(ctx, "/api/time-off", { body: {}, cookie: jake });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toEqual({
      startDate: FILL_ALL_FIELDS,
      endDate: FILL_ALL_FIELDS,
      reason: FILL_ALL_FIELDS,
    });
    const blank = await requestOff(jake, "2031-01-10", "2031-01-11", "   ");
    expect(blank.json.error.details.fields).toEqual({ reason: FILL_ALL_FIELDS });
  });

  it("refuses an end before the start, and a start in the past", async () => {
    const backwards = await requestOff(jake, "2031-01-10", "2031-01-08");
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.details.fields.endDate).toMatch(/on or after/);
    const past = await requestOff(jake, shiftDate(today, -10), today);
    expect(past.status).toBe(400);
    expect(past.json.error.details.fields.startDate).toMatch(/past/);
  });

  it("stores a pending request and notifies admins and managers", async () => {
    const res = await requestOff(jake, "2031-02-02", "2031-02-06", "Wedding");
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "pending",
      driverName: "Jake Wilson",
      startDate: "2031-02-02",
      endDate: "2031-02-06",
      reason: "Wedding",
    });
    const sent = await ctx.deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, "time_off.requested"),
          sql`${notifications.data}->>'timeOffId' = ${res.json.id}`,
        ),
      );
    const recipients = await ctx.deps.db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          sent.map((n) => n.recipientId),
        ),
      );
    expect(recipients.map((r) => r.email)).toEqual(
      expect.arrayContaining(["admin@demo.test", "manager@demo.test"]),
    );
    expect(sent[0].data).toMatchObject({ driverName: "Jake Wilson" });
  });

  it("answers 409 when the days overlap the driver's pending or approved request, not a denied one", async () => {
    const first = await requestOff(jake, "2031-03-10", "2031-03-12");
    expect(first.status).toBe(201);
    const overlapping = await requestOff(jake, "2031-03-12", "2031-03-15");
    expect(overlapping.status).toBe(409);
    expect(overlapping.json.error.code).toBe("TIME_OFF_OVERLAP");
    // Another driver's days never collide with Jake's.
    expect((await requestOff(rosa, "2031-03-11", "2031-03-11")).status).toBe(201);

    expect((await review(first.json.id, "denied", "Peak season")).status).toBe(200);
    expect((await requestOff(jake, "2031-03-12", "2031-03-15")).status).toBe(201);
  });
});

describe("reviewing", () => {
  it("approves a request covering today: the driver is off duty, and back to their own status when called off", async () => {
    const nina = await newDriver("Nina Petrova", "nina@fleet.test");
    expect(await statusOf(nina.driverId)).toBe("available");
    const req = await requestOff(nina.cookie, today, shiftDate(today, 2));
    expect(req.status).toBe(201);
    expect(await statusOf(nina.driverId)).toBe("available");

    const approved = await review(req.json.id, "approved", "Enjoy");
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({
      status: "approved",
      reviewNote: "Enjoy",
      reviewedByName: "Maria Lopez",
    });
    expect(await statusOf(nina.driverId)).toBe("off_duty");

    const [reviewed] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, nina.userId), eq(notifications.kind, "time_off.reviewed")));
    expect(reviewed.data).toMatchObject({ decision: "approved" });

    // It has started: the driver may no longer cancel it, but a manager may call it off.
    const tooLate = await cancel(req.json.id, nina.cookie);
    expect(tooLate.status).toBe(409);
    expect(tooLate.json.error.message).toMatch(/already started/);
    const calledOff = await cancel(req.json.id, manager);
    expect(calledOff.status).toBe(200);
    expect(calledOff.json.status).toBe("cancelled");
    expect(await statusOf(nina.driverId)).toBe("available");
  });

  it("keeps the status staff set once the time off is over", async () => {
    const omar = await newDriver("Omar Haddad", "omar@fleet.test");
    await ctx.deps.db
      .update(drivers)
      .set({ manualStatus: "unknown", status: "unknown" })
      .where(eq(drivers.id, omar.driverId));
    const req = await requestOff(omar.cookie, today, today);
    await review(req.json.id, "approved", undefined, admin);
    expect(await statusOf(omar.driverId)).toBe("off_duty");
    await cancel(req.json.id, admin);
    expect(await statusOf(omar.driverId)).toBe("unknown");
  });

  it("denies, notifies the driver, and refuses a second decision", async () => {
    const req = await requestOff(rosa, "2031-04-01", "2031-04-03");
    const denied = await review(req.json.id, "denied", "Short-staffed that week");
    expect(denied.status).toBe(200);
    expect(denied.json.status).toBe("denied");
    const again = await review(req.json.id, "approved");
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("This request was already denied.");
  });

  it("answers 404 for an unknown request and 400 for a missing decision", async () => {
    expect((await review("00000000-0000-4000-8000-000000000001", "approved")).status).toBe(404);
    const res = await call(ctx, `/api/time-off/00000000-0000-4000-8000-000000000001/review`, {
      body: {},
      cookie: manager,
    });
    expect(res.status).toBe(400);
  });

  it("is for admins and managers only", async () => {
    const req = await requestOff(rosa, "2031-04-20", "2031-04-21");
    expect((await review(req.json.id, "approved", undefined, dispatcher)).status).toBe(403);
    expect((await review(req.json.id, "approved", undefined, rosa)).status).toBe(403);
  });
});

describe("cancelling", () => {
  it("lets a driver cancel a pending request and an approved one that has not started", async () => {
    const pending = await requestOff(jake, "2031-06-01", "2031-06-02");
    expect((await cancel(pending.json.id, jake)).json.status).toBe("cancelled");

    const future = await requestOff(jake, "2031-06-10", "2031-06-12");
    await review(future.json.id, "approved");
    const res = await cancel(future.json.id, jake);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("cancelled");
    // Cancelled days are free again.
    expect((await requestOff(jake, "2031-06-10", "2031-06-12")).status).toBe(201);
  });

  it("refuses a denied or already cancelled request", async () => {
    const req = await requestOff(jake, "2031-07-01", "2031-07-01");
    await review(req.json.id, "denied");
    expect((await cancel(req.json.id, jake)).status).toBe(409);
    const other = await requestOff(jake, "2031-07-05", "2031-07-05");
    await cancel(other.json.id, jake);
    expect((await cancel(other.json.id, jake)).status).toBe(409);
  });
});

describe("driver isolation", () => {
  it("answers 404 when a driver touches another driver's request", async () => {
    const jakes = await requestOff(jake, "2031-08-01", "2031-08-02");
    const res = await cancel(jakes.json.id, rosa);
    expect(res.status).toBe(404);
    const [row] = await ctx.deps.db
      .select()
      .from(timeOffRequests)
      .where(eq(timeOffRequests.id, jakes.json.id));
    expect(row.status).toBe("pending");
  });

  it("lists only the driver's own requests, whatever the filter says", async () => {
    const [jakeRow] = await ctx.deps.db
      .select({ id: drivers.id })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(eq(users.email, "driver@demo.test"));
    const own = await call(ctx, `/api/time-off?pageSize=100&driverId=${jakeRow.id}`, { cookie: rosa });
    expect(own.status).toBe(200);
    expect(own.json.items.length).toBeGreaterThan(0);
    expect(new Set(own.json.items.map((r: { driverName: string }) => r.driverName))).toEqual(
      new Set(["Rosa Martinez"]),
    );

    const staff = await call(ctx, `/api/time-off?pageSize=100&driverId=${jakeRow.id}&status=pending`, {
      cookie: dispatcher,
    });
    expect(staff.json.items.length).toBeGreaterThan(0);
    for (const r of staff.json.items)
      expect(r).toMatchObject({ driverName: "Jake Wilson", status: "pending" });
  });
});
