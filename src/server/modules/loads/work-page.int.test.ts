import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loads } from "../../db/schema";
import { STAFF_SCOPE } from "../../http/scope";
import { customerIdOf, driverIdOf } from "../../testing/fixtures";
import { createTestContext, type TestContext } from "../../testing/harness";
import {
  listCondition,
  listWorkItems,
  WORK_ONE_STATEMENT_MAX_OFFSET,
  workPage,
  workPageBySegment,
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
