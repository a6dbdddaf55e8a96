import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, type TestContext } from "../testing/harness";

/**
 * The demo shows live tracking (issue 40): consents for the drivers who sign in, a breadcrumb every
 * minute for each load on the road up to the seeding, its last position and ETA — on the map.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("the tracking demo", () => {
  it("has consents, breadcrumbs, last positions and ETAs for the loads on the road", async () => {
    const { rows: consents } = await ctx.deps.db.execute<{ email: string }>(sql`
      select u.email from driver_location_consents c join drivers d on d.id = c.driver_id
      join users u on u.id = d.user_id where c.consented_at is not null and c.withdrawn_at is null order by 1`);
    expect(consents.map((c) => c.email)).toEqual(["driver2@demo.test", "driver@demo.test"]);

    const { rows } = await ctx.deps.db.execute<{
      load_number: string;
      points: number;
      spacing: number;
      source: string;
      eta_at: Date | null;
      remaining: string | null;
    }>(sql`
      select l.load_number, count(p.*)::int as points,
        extract(epoch from (max(p.recorded_at) - min(p.recorded_at)))::float8 / nullif(count(p.*) - 1, 0) as spacing,
        min(p.source) as source, lt.eta_at, lt.remaining_miles::text as remaining
      from loads l
      join vehicle_positions p on p.load_id = l.id
      left join load_tracking lt on lt.load_id = l.id
      where l.status = 'in_progress'
      group by l.load_number, lt.eta_at, lt.remaining_miles
      order by l.load_number`);
    expect(rows.length).toBe(2);
    for (const r of rows) {
      expect(r.points).toBeGreaterThan(30);
      expect(r.spacing).toBeCloseTo(60, 0);
      expect(r.eta_at).not.toBeNull();
      expect(Number(r.remaining)).toBeGreaterThan(0);
    }
    // Jake signs in (his phone); Marcus does not (his truck's unit).
    expect(rows.map((r) => r.source).sort()).toEqual(["phone", "samsara"]);

    const dispatcher = await signIn(ctx, "dispatcher@demo.test");
    const res = await call(ctx, "/api/tracking/map?status=in_progress", { cookie: dispatcher });
    expect(res.json.trucks).toHaveLength(2);
    for (const truck of res.json.trucks) expect(truck.load.etaAt).not.toBeNull();
  });
});
