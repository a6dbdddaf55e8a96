import {
  RATING_EXISTS_MESSAGE,
  RATING_LOAD_MESSAGE,
  RATING_SCORE_MESSAGE,
} from "@shared/drivers/ratings.schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { citations, driverRatings, drivers, loadStatusEvents } from "../../db/schema";
import { driverIdOf, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { addDays, utcToday } from "./drivers.repo";

let ctx: TestContext;
let dispatcher: string;
let manager: string;
let jakeId: string;
let rosaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  manager = await signIn(ctx, "manager@demo.test");
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  rosaId = await driverIdOf(ctx, "driver2@demo.test");
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const scores = { punctuality: 5, communication: 4, safety: 5, equipmentCare: 4, comment: "Great run." };
const rate = (driverId: string, body: Record<string, unknown>, cookie = dispatcher) =>
  call(ctx, `/api/drivers/${driverId}/ratings`, { body, cookie });

async function newDriver(fullName: string): Promise<string> {
  const res = await call(ctx, "/api/drivers", { body: { fullName }, cookie: dispatcher });
  expect(res.status).toBe(201);
  return res.json.id;
}

/** A load for the driver with its delivery appointment `deliveryAt`, taken to completed now by dispatch. */
async function completedLoad(driverId: string, deliveryAt: Date, complete = true): Promise<string> {
  const input = loadInput({ driverId });
  input.stops[0].scheduledAt = new Date(deliveryAt.getTime() - 10 * HOUR).toISOString();
  input.stops[1].scheduledAt = deliveryAt.toISOString();
  const created = await call(ctx, "/api/loads", { body: input, cookie: dispatcher });
  expect(created.status).toBe(201);
  const statuses = complete ? ["in_progress", "completed"] : ["in_progress"];
  for (const status of statuses) {
    const res = await call(ctx, `/api/loads/${created.json.id}/status`, {
      body: { status },
      cookie: dispatcher,
    });
    expect(res.status).toBe(200);
  }
  return created.json.id;
}

describe("rating a driver", () => {
  it("rates a completed load: overall is the mean of the four scores, and the driver's rating follows", async () => {
    const ratable = await call(ctx, `/api/drivers/${jakeId}/ratable-loads`, { cookie: dispatcher });
    expect(ratable.status).toBe(200);
    // The demo leaves each driver's latest delivery unrated.
    expect(ratable.json.length).toBeGreaterThanOrEqual(1);
    const loadId = ratable.json[0].id;
    const before = await call(ctx, `/api/drivers/${jakeId}`, { cookie: dispatcher });

    const res = await rate(jakeId, { loadId, ...scores });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      driverId: jakeId,
      driverName: "Jake Wilson",
      loadId,
      overall: "4.50",
      comment: "Great run.",
      ratedByName: "Dan Carter",
    });
    const after = await call(ctx, `/api/drivers/${jakeId}`, { cookie: dispatcher });
    expect(after.json.ratingCount).toBe(before.json.ratingCount + 1);
    const all = await ctx.deps.db
      .select({ overall: driverRatings.overall })
      .from(driverRatings)
      .where(eq(driverRatings.driverId, jakeId));
    const mean = all.reduce((s, r) => s + Number(r.overall), 0) / all.length;
    expect(Number(after.json.ratingAverage)).toBeCloseTo(mean, 2);
    const list = await call(ctx, `/api/drivers/${jakeId}/ratable-loads`, { cookie: dispatcher });
    expect(list.json.map((l: { id: string }) => l.id)).not.toContain(loadId);
  });

  it("averages a new driver's ratings", async () => {
    const id = await newDriver("Average Test");
    const a = await completedLoad(id, new Date(Date.now() + 2 * HOUR));
    const b = await completedLoad(id, new Date(Date.now() + 2 * HOUR));
    expect(
      (await rate(id, { loadId: a, punctuality: 5, communication: 5, safety: 5, equipmentCare: 5 })).json
        .overall,
    ).toBe("5.00");
    const second = await rate(id, {
      loadId: b,
      punctuality: 3,
      communication: 3,
      safety: 3,
      equipmentCare: 4,
    });
    expect(second.json.overall).toBe("3.25");
    const driver = await call(ctx, `/api/drivers/${id}`, { cookie: dispatcher });
    // (5.00 + 3.25) / 2 = 4.125, rounded to 4.13.
    expect(driver.json).toMatchObject({
      ratingAverage: "4.13",
      ratingCount: 2,
      ratingCategories: { punctuality: "4.00", communication: "4.00", safety: "4.00", equipmentCare: "4.50" },
    });
    // Editing and removing keep the average true.
    const edited = await call(ctx, `/api/driver-ratings/${second.json.id}`, {
      method: "PUT",
      body: { punctuality: 5, communication: 5, safety: 5, equipmentCare: 5, comment: "Re-rated" },
      cookie: manager,
    });
    expect(edited.json).toMatchObject({ overall: "5.00", comment: "Re-rated" });
    expect((await call(ctx, `/api/drivers/${id}`, { cookie: dispatcher })).json.ratingAverage).toBe("5.00");
    expect(
      (await call(ctx, `/api/driver-ratings/${second.json.id}`, { method: "DELETE", cookie: manager }))
        .status,
    ).toBe(200);
    const [row] = await ctx.deps.db.select().from(drivers).where(eq(drivers.id, id));
    expect(row).toMatchObject({ ratingAverage: "5.00", ratingCount: 1 });
  });

  it("allows one rating per load", async () => {
    const id = await newDriver("Once Only");
    const loadId = await completedLoad(id, new Date(Date.now() + HOUR));
    expect((await rate(id, { loadId, ...scores })).status).toBe(201);
    const again = await rate(id, { loadId, ...scores }, manager);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: "RATING_EXISTS", message: RATING_EXISTS_MESSAGE });
    // Two at once: still one.
    const other = await completedLoad(id, new Date(Date.now() + HOUR));
    const raced = await Promise.all([
      rate(id, { loadId: other, ...scores }),
      rate(id, { loadId: other, ...scores }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await ctx.deps.db.select().from(driverRatings).where(eq(driverRatings.loadId, other));
    expect(rows).toHaveLength(1);
  });

  it("rates only completed loads the driver delivered", async () => {
    const id = await newDriver("Only Completed");
    const rolling = await completedLoad(id, new Date(Date.now() + HOUR), false);
    const notCompleted = await rate(id, { loadId: rolling, ...scores });
    expect(notCompleted.status).toBe(400);
    expect(notCompleted.json.error.details.fields).toEqual({ loadId: RATING_LOAD_MESSAGE });
    const rosas = await completedLoad(rosaId, new Date(Date.now() + HOUR));
    const someoneElses = await rate(id, { loadId: rosas, ...scores });
    expect(someoneElses.status).toBe(400);
    const missing = await rate(id, { loadId: "00000000-0000-4000-8000-000000000000", ...scores });
    expect(missing.status).toBe(400);
    const noDriver = await rate("00000000-0000-4000-8000-000000000000", { loadId: rosas, ...scores });
    expect(noDriver.status).toBe(404);
  });

  it("validates each score from 1 to 5", async () => {
    const res = await rate(jakeId, {
      loadId: "not-a-uuid",
      punctuality: 0,
      communication: 6,
      safety: 2.5,
      comment: "x".repeat(2001),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toMatchObject({
      loadId: RATING_LOAD_MESSAGE,
      punctuality: RATING_SCORE_MESSAGE,
      communication: RATING_SCORE_MESSAGE,
      safety: RATING_SCORE_MESSAGE,
      equipmentCare: RATING_SCORE_MESSAGE,
      comment: "Use at most 2000 characters.",
    });
  });

  it("leaves rating to dispatch and management", async () => {
    const safety = await signIn(ctx, "safety@demo.test");
    expect(
      (await rate(jakeId, { loadId: "00000000-0000-4000-8000-000000000000", ...scores }, safety)).status,
    ).toBe(403);
    expect((await call(ctx, "/api/driver-ratings", { cookie: safety })).status).toBe(403);
  });
});

describe("reviews", () => {
  it("filters by driver and period, searches and exports", async () => {
    const byRosa = await call(ctx, `/api/driver-ratings?driverId=${rosaId}&pageSize=100`, {
      cookie: dispatcher,
    });
    expect(byRosa.status).toBe(200);
    expect(byRosa.json.total).toBeGreaterThan(3);
    expect(byRosa.json.items.every((r: { driverId: string }) => r.driverId === rosaId)).toBe(true);

    const today = utcToday();
    const recent = await call(
      ctx,
      `/api/driver-ratings?from=${addDays(today, -10)}&to=${today}&pageSize=100`,
      {
        cookie: dispatcher,
      },
    );
    const cutoff = Date.parse(`${addDays(today, -10)}T00:00:00Z`);
    expect(recent.json.items.length).toBeGreaterThan(0);
    expect(recent.json.items.every((r: { createdAt: string }) => Date.parse(r.createdAt) >= cutoff)).toBe(
      true,
    );
    const all = await call(ctx, "/api/driver-ratings?pageSize=100", { cookie: dispatcher });
    expect(all.json.total).toBeGreaterThan(recent.json.total);

    const poor = await call(ctx, "/api/driver-ratings?maxScore=4&pageSize=100", { cookie: dispatcher });
    expect(poor.json.items.length).toBeGreaterThan(0);
    expect(poor.json.items.length).toBeLessThan(all.json.items.length);
    expect(poor.json.items.every((r: { overall: string }) => Number(r.overall) <= 4)).toBe(true);

    // The ratings this file gave say "Great run."; no demo comment does.
    const search = await call(ctx, "/api/driver-ratings?q=great%20run&pageSize=100", { cookie: dispatcher });
    expect(search.json.items.length).toBeGreaterThan(0);
    expect(search.json.items.every((r: { comment: string }) => r.comment === "Great run.")).toBe(true);

    const sorted = await call(ctx, "/api/driver-ratings?sort=overall&dir=asc&pageSize=100", {
      cookie: dispatcher,
    });
    const overall = sorted.json.items.map((r: { overall: string }) => Number(r.overall));
    expect([...overall].sort((a, b) => a - b)).toEqual(overall);

    const csv = await call(ctx, `/api/driver-ratings/export?format=csv&driverId=${rosaId}`, {
      cookie: dispatcher,
    });
    expect(csv.status).toBe(200);
    expect(csv.json).toContain("Rosa Martinez");
    expect(csv.json).not.toContain("Jake Wilson");
  });
});

describe("scorecards", () => {
  it("counts on-time deliveries from the completed status event against the delivery appointment", async () => {
    const id = await newDriver("Scorecard Driver");
    const now = Date.now();
    const early = await completedLoad(id, new Date(now + 2 * HOUR)); // completed before the appointment
    await completedLoad(id, new Date(now - 30 * 60_000)); // 30 min after: within the grace
    await completedLoad(id, new Date(now - 3 * HOUR)); // 3 h after: late
    const today = utcToday();
    const card = async () =>
      (
        await call(ctx, `/api/driver-scorecards?driverId=${id}&from=${today}&to=${today}`, {
          cookie: dispatcher,
        })
      ).json;

    let page = await card();
    expect(page).toMatchObject({ total: 1, from: today, to: today });
    expect(page.items[0]).toMatchObject({
      driverId: id,
      driverName: "Scorecard Driver",
      loadsCompleted: 3,
      onTimeCount: 2,
      inspectionsFailed: 0,
      citations: 0,
      accidents: 0,
    });
    expect(page.items[0].onTimeRate).toBeCloseTo(2 / 3, 3);

    // What counts is when the load became completed: move that event past the appointment's grace.
    await ctx.deps.db
      .update(loadStatusEvents)
      .set({ createdAt: new Date(now + 4 * HOUR) })
      .where(and(eq(loadStatusEvents.loadId, early), eq(loadStatusEvents.toStatus, "completed")));
    page = await card();
    expect(page.items[0]).toMatchObject({ loadsCompleted: 3, onTimeCount: 1 });

    // Ratings of the period's loads, and citations issued in it.
    await rate(id, { loadId: early, punctuality: 2, communication: 4, safety: 5, equipmentCare: 5 });
    await ctx.deps.db.insert(citations).values({
      driverId: id,
      issuedOn: today,
      dueOn: addDays(today, 30),
      city: "Joliet",
      state: "IL",
      violation: "Speeding 11-15 over",
      fineAmount: "150.00",
    });
    page = await card();
    expect(page.items[0]).toMatchObject({
      ratingAverage: "4.00",
      ratingCount: 1,
      punctuality: "2.00",
      citations: 1,
    });

    // Outside the period: nothing.
    const yesterday = addDays(today, -1);
    const before = await call(
      ctx,
      `/api/driver-scorecards?driverId=${id}&from=${yesterday}&to=${yesterday}`,
      {
        cookie: dispatcher,
      },
    );
    expect(before.json.items[0]).toMatchObject({
      loadsCompleted: 0,
      onTimeRate: null,
      ratingCount: 0,
      citations: 0,
    });
  });

  it("lists every active driver over a period with the demo's history, sorted and exported", async () => {
    const today = utcToday();
    const from = addDays(today, -70);
    const res = await call(
      ctx,
      `/api/driver-scorecards?from=${from}&to=${today}&sort=loadsCompleted&dir=desc`,
      {
        cookie: manager,
      },
    );
    expect(res.status).toBe(200);
    const rows = res.json.items as Array<{
      driverName: string;
      loadsCompleted: number;
      onTimeRate: number | null;
    }>;
    expect(rows.map((r) => r.loadsCompleted)).toEqual(
      [...rows.map((r) => r.loadsCompleted)].sort((a, b) => b - a),
    );
    const jake = rows.find((r) => r.driverName === "Jake Wilson")!;
    expect(jake.loadsCompleted).toBeGreaterThan(5);
    // The demo has late deliveries, so not everyone is perfect.
    expect(rows.some((r) => r.onTimeRate !== null && r.onTimeRate < 1)).toBe(true);

    const bad = await call(ctx, `/api/driver-scorecards?from=${today}&to=${from}`, { cookie: manager });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields.to).toBe("The end date must be on or after the start date.");

    const xlsx = await ctx.app.request(`/api/driver-scorecards/export?format=xlsx&from=${from}&to=${today}`, {
      headers: { origin: TEST_ORIGIN, cookie: manager },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-disposition")).toContain(`driver-scorecards-${from}-to-${today}.xlsx`);
  });

  it("defaults to this month so far", async () => {
    const res = await call(ctx, "/api/driver-scorecards", { cookie: dispatcher });
    const today = utcToday();
    expect(res.json).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today });
  });
});
