import type { LoadPage } from "@shared/loads/loads.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loads } from "../../db/schema";
import { type Scope, STAFF_SCOPE } from "../../http/scope";
import { customerIdOf, driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import {
  customerIdsMatching,
  isWholeLoadNumber,
  listCondition,
  listWorkItems,
  WORK_ONE_STATEMENT_MAX_OFFSET,
  workPage,
  workPageBySegment,
  workPageOfCustomer,
} from "./loads.repo";

// The loads list's default order in one statement (issue 42) gives the very pages the segment-by-
// segment reading gives, on the demo data: every filter, scope, page size and offset, and past the end.

let ctx: TestContext;
let total: number;
const conditions: Record<string, () => Promise<ReturnType<typeof listCondition>>> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const [{ n }] = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(loads);
  total = n;
  const jake = await driverIdOf(ctx, "driver@demo.test");
  const customer = await customerIdOf(ctx, "customer@demo.test");
  conditions.everyone = async () => listCondition({}, STAFF_SCOPE, []);
  conditions["a driver's own"] = async () => listCondition({}, { kind: "driver", driverId: jake }, []);
  conditions["a customer's own"] = async () =>
    listCondition({}, { kind: "customer", customerId: customer }, []);
  conditions.completed = async () => listCondition({ status: "completed" }, STAFF_SCOPE, []);
  conditions["a city"] = async () => listCondition({ q: "chicago" }, STAFF_SCOPE, []);
  conditions.nothing = async () => listCondition({ q: "no such place anywhere" }, STAFF_SCOPE, []);
});
afterAll(() => ctx.close());

describe("the work order in one statement", () => {
  it("has demo loads in every segment to page across", async () => {
    const statuses = await ctx.deps.db
      .select({ status: loads.status, n: sql<number>`count(*)::int` })
      .from(loads)
      .groupBy(loads.status);
    const by = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    expect(by.in_progress).toBeGreaterThan(0);
    expect(by.assigned).toBeGreaterThan(0);
    expect(by.pending).toBeGreaterThan(0);
    expect(by.completed).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(30);
  });

  it("gives the segment-by-segment pages for every filter, page size and offset", async () => {
    const db = ctx.deps.db;
    for (const [name, condition] of Object.entries(conditions)) {
      const cond = await condition();
      for (const limit of [10, 25, 100]) {
        for (const offset of [0, 3, 10, 25, 40, 100, total - 5, total, total + 10]) {
          const one = await workPage(db, cond, limit, offset);
          const bySegment = await workPageBySegment(db, cond, limit, offset);
          expect({ name, limit, offset, ids: one.map((l) => l.id) }).toEqual({
            name,
            limit,
            offset,
            ids: bySegment.map((l) => l.id),
          });
          expect(one).toEqual(bySegment);
        }
      }
    }
  });

  it("reads the whole list in work order: in progress, assigned, pending soonest first, then the rest newest first", async () => {
    const all = await workPage(ctx.deps.db, await conditions.everyone(), 100, 0);
    const rank = (s: string) => ({ in_progress: 0, assigned: 1, pending: 2 })[s] ?? 3;
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      expect(rank(a.status)).toBeLessThanOrEqual(rank(b.status));
      if (rank(a.status) === rank(b.status)) {
        if (rank(a.status) < 3) expect(a.pickupAt <= b.pickupAt).toBe(true);
        else expect(a.pickupAt >= b.pickupAt).toBe(true);
      }
    }
  });

  it("reads deep pages segment by segment, with the same answer", async () => {
    const cond = await conditions.everyone();
    const deep = WORK_ONE_STATEMENT_MAX_OFFSET + 1;
    expect(await listWorkItems(ctx.deps.db, cond, 25, deep)).toEqual(
      await workPageBySegment(ctx.deps.db, cond, 25, deep),
    );
  });
});

// One customer's loads in the work order (issue 42): a statement a segment with its limit written out
// (`workPageOfCustomer`) gives the one statement's pages — every page and offset across the segments'
// boundaries, with and without a term, the customer as a filter and as the caller's own loads; and the
// API's pages and totals through it are the one statement's.
describe("one customer's work order, the segments' limits written out", () => {
  const TOWN = "Wpctown";
  let customerId: string;
  let dispatcher: string;

  beforeAll(async () => {
    customerId = await customerIdOf(ctx, "customer@demo.test");
    dispatcher = await signIn(ctx, "dispatcher@demo.test");
    // 60 more loads of the demo customer, copied from one of theirs: every status of the work order,
    // pickups on nine days (ties broken by id), every other one picked up in a town of their own.
    await ctx.deps.db.execute(sql`
      insert into loads
      select (jsonb_populate_record(null::loads, to_jsonb(l) || jsonb_build_object(
               'id', gen_random_uuid(),
               'load_number', 'WPC-2091-' || lpad(g::text, 3, '0'),
               'status', (array['in_progress', 'assigned', 'pending', 'completed', 'completed', 'completed',
                                'cancelled'])[1 + g % 7],
               'pickup_at', timestamptz '2091-03-01' + (g % 9) * interval '1 day',
               'pickup_city', case when g % 2 = 0 then ${TOWN} else l.pickup_city end))).*
        from loads l, generate_series(1, 60) g
       where l.id = (select id from loads where customer_id = ${customerId} order by id limit 1)`);
  });

  const terms = [undefined, TOWN.toLowerCase(), "zqxj", "WPC-2091-014", "great lakes"];

  async function caseOf(q: string | undefined, as: "filter" | "own") {
    const scope: Scope = as === "own" ? { kind: "customer", customerId } : STAFF_SCOPE;
    const customerIds = q && !isWholeLoadNumber(q) ? await customerIdsMatching(ctx.deps.db, q) : [];
    const cond = listCondition(as === "filter" ? { customerId, q } : { q }, scope, customerIds);
    const customer = { id: customerId, textSearch: !!q && !isWholeLoadNumber(q) };
    const [{ n }] = (
      await ctx.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from loads where ${cond}`)
    ).rows;
    return { cond, customer, n };
  }

  it("has the customer's loads in every segment, and terms that find some, none and all of them", async () => {
    const counts = async (q: string | undefined) => {
      const { cond } = await caseOf(q, "filter");
      const rows = await workPage(ctx.deps.db, cond, 1000, 0);
      return new Set(rows.map((l) => l.status)).size;
    };
    expect(await counts(undefined)).toBe(5);
    expect(await counts(TOWN.toLowerCase())).toBe(5);
    expect(await counts("zqxj")).toBe(0);
    expect((await caseOf("great lakes", "filter")).n).toBe((await caseOf(undefined, "filter")).n);
  });

  it("gives the one statement's page for every page size, offset and segment boundary", async () => {
    const db = ctx.deps.db;
    for (const q of terms) {
      for (const as of ["filter", "own"] as const) {
        const { cond, customer, n } = await caseOf(q, as);
        // Where each segment ends in the work order: a page around each boundary, straddling it.
        const all = await workPage(db, cond, n + 1, 0);
        expect(all).toHaveLength(n);
        const rank = (s: string) => ({ in_progress: 0, assigned: 1, pending: 2 })[s] ?? 3;
        const boundaries = all.flatMap((l, i) =>
          i > 0 && rank(all[i - 1].status) !== rank(l.status) ? [i] : [],
        );
        const shapes: Array<[number, number]> = [];
        for (const limit of [1, 5, 10, 25])
          for (let offset = 0; offset <= n + limit; offset += limit) shapes.push([limit, offset]);
        for (const b of boundaries)
          for (const offset of [b - 3, b - 2, b - 1, b, b + 1]) if (offset >= 0) shapes.push([3, offset]);
        shapes.push(
          [25, WORK_ONE_STATEMENT_MAX_OFFSET],
          [10, Math.max(0, n - 1)],
          [Math.max(1, n), 0],
          [n + 5, 0],
        );
        for (const [limit, offset] of shapes) {
          const one = await workPage(db, cond, limit, offset);
          const bySegment = await workPageOfCustomer(db, cond, limit, offset, customer);
          expect({ q, as, limit, offset, ids: bySegment.map((l) => l.id) }).toEqual({
            q,
            as,
            limit,
            offset,
            ids: one.map((l) => l.id),
          });
          expect(bySegment).toEqual(one);
        }
      }
    }
  });

  it("answers the list's pages and totals through the API as the one statement gives them", async () => {
    for (const q of terms) {
      const { cond, n } = await caseOf(q, "filter");
      for (const pageSize of [10, 25]) {
        for (let page = 1; page <= Math.ceil(n / pageSize) + 1; page++) {
          const query = new URLSearchParams({ customerId, page: String(page), pageSize: String(pageSize) });
          if (q) query.set("q", q);
          const res = await call(ctx, `/api/loads?${query}`, { cookie: dispatcher });
          expect(res.status, JSON.stringify(res.json)).toBe(200);
          const body = res.json as LoadPage;
          const one = await workPage(ctx.deps.db, cond, pageSize, (page - 1) * pageSize);
          // The demo customer's few loads are counted exactly: the total is every match (past the end,
          // the service's rule: no fewer than the offset).
          expect({ q, ...body }).toEqual({
            q,
            page,
            pageSize,
            items: JSON.parse(JSON.stringify(one)),
            total: Math.max(n, (page - 1) * pageSize + one.length),
            totalIsEstimate: false,
          });
        }
      }
    }
  });
});
