import { LOAD_SEARCH_COUNT_EXACT_LIMIT } from "@shared/loads/loads.schema";
import {
  PORTAL_LOAD_SORTS,
  PORTAL_RECENT_DAYS,
  portalLoadPageSchema,
  portalSummarySchema,
} from "@shared/portal/portal.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { likePattern } from "../../http/pagination";
import { loadInput } from "../../testing/fixtures";
import { call, type TestContext } from "../../testing/harness";
import { portalActors } from "./portal.testing";

/*
 * Issue 42: the portal's summary counts from an index, its list totals from the per-customer rollups,
 * and its search goes through the search expression. Each answer here is checked against the plain
 * queries the portal ran before (every row read and counted), on the demo data and on loads made for
 * the test, and against figures counted by hand.
 */

let ctx: TestContext;
let dispatcher: string;
let greatLakes: string;
let prairie: string;
let greatLakesId: string;
let prairieId: string;

beforeAll(async () => {
  ({ ctx, dispatcher, greatLakes, prairie, greatLakesId, prairieId } = await portalActors());
});
afterAll(() => ctx.close());

type Query = {
  q?: string;
  status?: string;
  sort?: string;
  dir?: "asc" | "desc";
  page?: number;
  pageSize?: number;
};

/** The order the portal wrote before issue 42, word for word. */
const PLAIN_ORDER: Record<string, Record<"asc" | "desc", string>> = {
  pickupAt: { desc: "pickup_at desc nulls last, id asc", asc: "pickup_at asc nulls first, id desc" },
  deliveryAt: { desc: "delivery_at desc, id asc", asc: "delivery_at asc, id desc" },
  loadNumber: { desc: "load_number desc", asc: "load_number asc" },
  status: { desc: "status desc, pickup_at desc, id asc", asc: "status asc, pickup_at desc, id desc" },
};

/** The plain query: the three columns asked one by one, every match read, sorted and counted. */
async function plainPage(customerId: string, query: Query) {
  const { q, status, sort = "pickupAt", dir = "desc", page = 1, pageSize = 25 } = query;
  const where = sql`customer_id = ${customerId}`;
  if (status) where.append(sql` and status = ${status}`);
  if (q) {
    const p = likePattern(q);
    where.append(sql` and (load_number ilike ${p} or pickup_city ilike ${p} or delivery_city ilike ${p})`);
  }
  const { rows } = await ctx.deps.db.execute<{ id: string }>(
    sql`select id from loads where ${where} order by ${sql.raw(PLAIN_ORDER[sort][dir])}
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const { rows: counted } = await ctx.deps.db.execute<{ n: number }>(
    sql`select count(*)::int as n from loads where ${where}`,
  );
  return { ids: rows.map((r) => r.id), total: counted[0].n };
}

async function portalPage(cookie: string, query: Query) {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  );
  const res = await call(ctx, `/api/portal/loads?${params}`, { cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return portalLoadPageSchema.parse(res.json);
}

/** The portal's page and the plain query's: the same rows in the same order, the same exact total. */
async function expectSameAsPlain(cookie: string, customerId: string, query: Query) {
  const [page, plain] = await Promise.all([portalPage(cookie, query), plainPage(customerId, query)]);
  expect(
    page.items.map((l) => l.id),
    JSON.stringify(query),
  ).toEqual(plain.ids);
  expect(page.totalIsEstimate, JSON.stringify(query)).toBe(false);
  expect(page.total, JSON.stringify(query)).toBe(plain.total);
  return page;
}

/** The summary's figures as the portal counted them before: over every one of the customer's loads. */
async function plainSummary(customerId: string) {
  const since = new Date(Date.now() - PORTAL_RECENT_DAYS * 86_400_000).toISOString();
  const { rows } = await ctx.deps.db.execute<{ active: number; in_transit: number; delivered: number }>(sql`
    select count(*) filter (where status in ('assigned', 'in_progress'))::int as active,
           count(*) filter (where status = 'in_progress')::int as in_transit,
           count(*) filter (where status = 'completed' and delivered_at >= ${since})::int as delivered
      from loads where customer_id = ${customerId}`);
  return rows[0];
}

async function summaryOf(cookie: string) {
  const res = await call(ctx, "/api/portal/summary", { cookie });
  expect(res.status).toBe(200);
  return portalSummarySchema.parse(res.json);
}

async function createLoadFor(customerId: string, overrides = {}) {
  const res = await call(ctx, "/api/loads", {
    body: loadInput({ customerId, ...overrides }),
    cookie: dispatcher,
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; loadNumber: string };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe("the portal summary counts from the index exactly what reading every load counted", () => {
  it("gives the demo customers' figures, and moves by hand-counted steps as loads change", async () => {
    for (const [cookie, id] of [
      [greatLakes, greatLakesId],
      [prairie, prairieId],
    ]) {
      const summary = await summaryOf(cookie);
      const plain = await plainSummary(id);
      expect([summary.activeLoads, summary.inTransit, summary.deliveredLast30Days]).toEqual([
        plain.active,
        plain.in_transit,
        plain.delivered,
      ]);
    }

    const before = await summaryOf(prairie);
    const beforeGreatLakes = await summaryOf(greatLakes);
    // Six new loads for Prairie, put into known states: two assigned, one on the road, one delivered
    // ten days ago, one delivered forty days ago, one cancelled.
    const made = await Promise.all(Array.from({ length: 6 }, () => createLoadFor(prairieId)));
    const states: Array<[string, string | null]> = [
      ["assigned", null],
      ["assigned", null],
      ["in_progress", null],
      ["completed", daysAgo(10)],
      ["completed", daysAgo(40)],
      ["cancelled", null],
    ];
    for (const [i, [status, deliveredAt]] of states.entries()) {
      await ctx.deps.db.execute(
        sql`update loads set status = ${status}, delivered_at = ${deliveredAt} where id = ${made[i].id}`,
      );
    }
    const after = await summaryOf(prairie);
    expect(after.activeLoads - before.activeLoads).toBe(3);
    expect(after.inTransit - before.inTransit).toBe(1);
    expect(after.deliveredLast30Days - before.deliveredLast30Days).toBe(1);
    const plain = await plainSummary(prairieId);
    expect([after.activeLoads, after.inTransit, after.deliveredLast30Days]).toEqual([
      plain.active,
      plain.in_transit,
      plain.delivered,
    ]);
    // Another customer's loads never count: Great Lakes' figures did not move.
    expect(await summaryOf(greatLakes)).toEqual(beforeGreatLakes);
  });
});

describe("the portal's loads list answers what the plain query answered", () => {
  it("pages, filters and sorts the demo customers' loads into the same rows with the same exact totals", async () => {
    for (const [cookie, id] of [
      [greatLakes, greatLakesId],
      [prairie, prairieId],
    ]) {
      for (const status of [undefined, "pending", "assigned", "in_progress", "completed", "cancelled"]) {
        await expectSameAsPlain(cookie, id, { status, pageSize: 10 });
        await expectSameAsPlain(cookie, id, { status, pageSize: 10, page: 2 });
      }
      for (const sort of PORTAL_LOAD_SORTS) {
        for (const dir of ["asc", "desc"] as const) {
          await expectSameAsPlain(cookie, id, { sort, dir, pageSize: 10 });
          await expectSameAsPlain(cookie, id, { sort, dir, pageSize: 10, page: 2 });
          await expectSameAsPlain(cookie, id, { sort, dir, pageSize: 100 });
        }
      }
    }
  });

  it("reads a status-sorted list status by status into the very pages of one sort over every load", async () => {
    for (const dir of ["asc", "desc"] as const) {
      const { total } = await plainPage(greatLakesId, { sort: "status", dir });
      for (let page = 1; (page - 1) * 10 <= total; page++) {
        await expectSameAsPlain(greatLakes, greatLakesId, { sort: "status", dir, pageSize: 10, page });
        await expectSameAsPlain(greatLakes, greatLakesId, {
          q: "a",
          sort: "status",
          dir,
          pageSize: 10,
          page,
        });
      }
      await expectSameAsPlain(greatLakes, greatLakesId, {
        sort: "status",
        dir,
        status: "pending",
        pageSize: 10,
      });
    }
  });

  it("keeps the totals exact through new loads, status changes, a load moved to another customer and a deletion", async () => {
    const counted = async (status?: string) =>
      (await portalPage(greatLakes, { status, pageSize: 10, page: 1 })).total;
    const start = {
      all: await counted(),
      pending: await counted("pending"),
      cancelled: await counted("cancelled"),
    };

    const a = await createLoadFor(greatLakesId);
    const b = await createLoadFor(greatLakesId);
    const c = await createLoadFor(greatLakesId);
    expect(await counted()).toBe(start.all + 3);
    expect(await counted("pending")).toBe(start.pending + 3);

    await ctx.deps.db.execute(sql`update loads set status = 'cancelled' where id = ${a.id}`);
    expect(await counted("pending")).toBe(start.pending + 2);
    expect(await counted("cancelled")).toBe(start.cancelled + 1);

    // Moved to Prairie: it leaves Great Lakes' list and its total, and appears in Prairie's.
    await ctx.deps.db.execute(sql`update loads set customer_id = ${prairieId} where id = ${b.id}`);
    expect(await counted()).toBe(start.all + 2);
    const prairieIds = (
      await portalPage(prairie, { pageSize: 100, sort: "loadNumber", dir: "desc" })
    ).items.map((l) => l.id);
    expect(prairieIds).toContain(b.id);

    await ctx.deps.db.execute(sql`delete from loads where id = ${c.id}`);
    expect(await counted()).toBe(start.all + 1);
    expect(await counted("pending")).toBe(start.pending);

    // Each figure is the plain count too, a page past the end included.
    for (const status of [undefined, "pending", "cancelled"]) {
      await expectSameAsPlain(greatLakes, greatLakesId, { status, pageSize: 10 });
      await expectSameAsPlain(greatLakes, greatLakesId, { status, pageSize: 10, page: 400 });
    }
  });
});

describe("the portal's search goes through the search expression with the same answers", () => {
  it("finds by city, by part of a load number and by a term with a space, only among the customer's own loads", async () => {
    const mine = await createLoadFor(greatLakesId, {
      loadNumber: "GLF-SCALE-7",
      stops: loadInput().stops.map((s, i) => (i === 0 ? { ...s, city: "Sioux Falls", state: "SD" } : s)),
    });
    const theirs = await createLoadFor(prairieId, {
      loadNumber: "PRA-SCALE-8",
      stops: loadInput().stops.map((s, i) => (i === 0 ? { ...s, city: "Sioux Falls", state: "SD" } : s)),
    });
    for (const q of [
      "sioux falls",
      "SCALE",
      "glf-scale-7",
      "SCALE-7 Sioux",
      "Dallas",
      "ux fa",
      "100%",
      "a_b",
      "Chicago",
    ]) {
      const page = await expectSameAsPlain(greatLakes, greatLakesId, { q, pageSize: 100 });
      expect(page.items.map((l) => l.id)).not.toContain(theirs.id);
      await expectSameAsPlain(prairie, prairieId, { q, pageSize: 100 });
    }
    expect((await portalPage(greatLakes, { q: "sioux falls" })).items.map((l) => l.id)).toEqual([mine.id]);
    expect((await portalPage(greatLakes, { q: "PRA-SCALE" })).total).toBe(0);
    // Across two columns ("…SCALE-7" + " " + "Sioux…"): the expression holds it, the columns do not,
    // and the portal answers as the columns do.
    expect((await portalPage(greatLakes, { q: "SCALE-7 Sioux" })).total).toBe(0);
    // With filters and sorts too.
    for (const sort of PORTAL_LOAD_SORTS) {
      await expectSameAsPlain(greatLakes, greatLakesId, { q: "a", sort, dir: "asc", pageSize: 10, page: 2 });
      await expectSameAsPlain(greatLakes, greatLakesId, { q: "LD-", status: "pending", sort, pageSize: 10 });
    }
  });

  it("counts a search exactly up to the limit, and past it says the total is an estimate", async () => {
    const over = LOAD_SEARCH_COUNT_EXACT_LIMIT + 30;
    // Loads written straight into the table (the triggers still keep every rollup), all in one town.
    await ctx.deps.db.execute(sql`
      insert into loads (load_number, customer_id, base_rate, total_rate, pickup_city, pickup_state, pickup_at,
                         delivery_city, delivery_state, delivery_at)
      select 'EST-' || g, ${greatLakesId}, 100, 100, 'Estimaville', 'IA', now() - g * interval '1 hour',
             'Dallas', 'TX', now() + interval '1 day'
        from generate_series(1, ${over}) g`);
    await ctx.deps.db.execute(sql`analyze loads`);

    const many = await portalPage(greatLakes, { q: "Estimaville" });
    const plain = await plainPage(greatLakesId, { q: "Estimaville" });
    expect(plain.total).toBe(over);
    expect(many.items.map((l) => l.id)).toEqual(plain.ids);
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(LOAD_SEARCH_COUNT_EXACT_LIMIT);

    // 'EST-1', 'EST-10'…'EST-19', 'EST-100'…'EST-199' and 'EST-1000'+ (none): 111 matches, counted exactly.
    const some = await expectSameAsPlain(greatLakes, greatLakesId, { q: "EST-1", pageSize: 25 });
    expect(some.total).toBe(111);
    // A short page is its own total: no count at all.
    const few = await expectSameAsPlain(greatLakes, greatLakesId, { q: "EST-2", pageSize: 100 });
    expect(few.total).toBe(1 + 10 + (over >= 200 ? Math.min(over, 299) - 199 : 0));
    // Someone else searching the same town sees none of it.
    expect((await portalPage(prairie, { q: "Estimaville" })).total).toBe(0);
    // Without a search, the total stays exact however many loads there are.
    const all = await expectSameAsPlain(greatLakes, greatLakesId, { pageSize: 25 });
    expect(all.total).toBeGreaterThan(over);
  });
});
