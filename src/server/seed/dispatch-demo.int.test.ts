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

  it("places every stop and saved location at street level, each in its own time zone (issue 40)", async () => {
    const { rows } = await ctx.deps.db.execute<{ city: string; time_zone: string; n: number }>(sql`
      select city, time_zone, count(*)::int as n from load_stops
       where geo_status = 'placed' and geo_precision = 'street' and geo_source = 'manual'
       group by city, time_zone order by city`);
    const zoneOf = Object.fromEntries(rows.map((r) => [r.city, r.time_zone]));
    expect(zoneOf).toMatchObject({
      Chicago: "America/Chicago",
      Indianapolis: "America/Indiana/Indianapolis",
      Columbus: "America/New_York",
      Denver: "America/Denver",
      Detroit: "America/Detroit",
    });
    const { rows: left } = await ctx.deps.db.execute<{
      stops: number;
      locations: number;
      customers: number;
    }>(sql`
      select (select count(*)::int from load_stops where location_id is not null and geo_status <> 'placed') as stops,
             (select count(*)::int from locations where geo_status <> 'placed') as locations,
             (select count(*)::int from customers c left join users u on u.id = c.user_id
               where coalesce(u.email, c.email) in ('customer@demo.test', 'customer2@demo.test', 'dispatch@lonestarbp.test')
                 and c.geo_status <> 'placed') as customers`);
    expect(left[0]).toEqual({ stops: 0, locations: 0, customers: 0 });
  });
});
