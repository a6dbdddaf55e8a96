import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../testing/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("the dispatch demo data", () => {
  it("has every load start with a pickup and end with a delivery, as the load form requires (issue 38, point 13)", async () => {
    const { rows } = await ctx.deps.db.execute<{ loads: number; misordered: string[] }>(sql`
      select count(*)::int as loads,
             coalesce(array_agg(l.load_number) filter (
               where (select s.type from load_stops s where s.load_id = l.id order by s.sequence limit 1) <> 'pickup'
                  or (select s.type from load_stops s where s.load_id = l.id order by s.sequence desc limit 1) <> 'delivery'
             ), '{}') as misordered
        from loads l`);
    expect(rows[0].loads).toBeGreaterThan(10);
    expect(rows[0].misordered).toEqual([]);
  });
});
