import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../testing/harness";
import { generateBulkLoads } from "./bulk-loads";

/** The bulk generator writes what IFTA and per-mile reports need at scale (issue 40). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // The demo's own loads are not the generator's.
  await ctx.deps.db.execute(sql`create table pre_bulk as select id from loads`);
  await generateBulkLoads(ctx.deps.pool, {
    loads: 3000,
    batchSize: 1500,
    customers: 20,
    drivers: 20,
    // One year: ~8 pickups a day, so a few loads are on the road now.
    years: 1,
    log: () => {},
  });
});
afterAll(() => ctx.close());

describe("bulk loads", () => {
  it("places every stop, estimates loaded and empty miles, and splits both legs by state", async () => {
    const { rows } = await ctx.deps.db.execute<{
      loads: number;
      estimated: number;
      with_empty: number;
      unplaced_stops: number;
      loaded_gap: string;
      empty_gap: string;
      empty_rows: number;
    }>(sql`
      with bulk as (select l.* from loads l
                     where l.status <> 'cancelled' and not exists (select 1 from pre_bulk p where p.id = l.id))
      select (select count(*)::int from bulk) as loads,
             (select count(*)::int from bulk where miles_source = 'estimated') as estimated,
             (select count(*)::int from bulk where empty_miles is not null) as with_empty,
             (select count(*)::int from load_stops s join bulk b on b.id = s.load_id where s.latitude is null) as unplaced_stops,
             (select max(abs(b.loaded_miles - m.sum))::text from bulk b
                join (select load_id, sum(miles) from load_jurisdiction_miles where leg = 'loaded' group by 1) m
                  on m.load_id = b.id) as loaded_gap,
             (select max(abs(b.empty_miles - m.sum))::text from bulk b
                join (select load_id, sum(miles) from load_jurisdiction_miles where leg = 'empty' group by 1) m
                  on m.load_id = b.id) as empty_gap,
             (select count(*)::int from load_jurisdiction_miles m join bulk b on b.id = m.load_id
               where m.leg = 'empty' and m.source = 'estimated') as empty_rows`);
    const r = rows[0];
    expect(r.loads).toBeGreaterThan(700);
    expect(r.estimated).toBe(r.loads);
    expect(r.unplaced_stops).toBe(0);
    expect(r.with_empty).toBeGreaterThan(r.loads / 2);
    expect(r.empty_rows).toBeGreaterThan(0);
    // Each state's share is rounded to 0.1 mi: a lane of a few states may be off by a few tenths.
    expect(Number(r.loaded_gap)).toBeLessThanOrEqual(0.5);
    expect(Number(r.empty_gap)).toBeLessThanOrEqual(0.5);
  });

  // The demo's drivers keep the demo's own positions (seed/tracking-demo.ts).
  it("puts each generated driver's truck on their load in progress, between its stops, with an ETA", async () => {
    const { rows } = await ctx.deps.db.execute<{
      drivers_on_road: number;
      fixes: number;
      off_line: number;
      etas: number;
      stale: number;
    }>(sql`
      with road as (select distinct l.driver_id from loads l join drivers d on d.id = l.driver_id
                     where l.status = 'in_progress' and d.email like '%@bulk-drivers.test'),
      fix as (select lp.*, l.status from last_positions lp join loads l on l.id = lp.load_id
               where lp.driver_id in (select driver_id from road))
      select (select count(*)::int from road) as drivers_on_road,
             (select count(*)::int from fix where status = 'in_progress' and unit_key = 'driver:' || driver_id) as fixes,
             -- Inside the box its first and last stop span (a point on the straight line between them).
             (select count(*)::int from fix f
                join load_stops a on a.load_id = f.load_id and a.sequence = 1
                join load_stops b on b.load_id = f.load_id and b.sequence = 2
               where f.latitude not between least(a.latitude, b.latitude) - 0.001 and greatest(a.latitude, b.latitude) + 0.001
                  or f.longitude not between least(a.longitude, b.longitude) - 0.001 and greatest(a.longitude, b.longitude) + 0.001) as off_line,
             (select count(*)::int from load_tracking t join fix f on f.load_id = t.load_id
               where t.eta_at > now() and t.remaining_miles >= 0) as etas,
             (select count(*)::int from fix where recorded_at < now() - interval '15 minutes') as stale`);
    const r = rows[0];
    expect(r.drivers_on_road).toBeGreaterThan(0);
    expect(r.fixes).toBe(r.drivers_on_road);
    expect(r.off_line).toBe(0);
    expect(r.etas).toBe(r.drivers_on_road);
    expect(r.stale).toBe(0);
  });
  it("leaves the report rollups and the ledger's daily totals equal to the rows it wrote with triggers off", async () => {
    const db = ctx.deps.db;
    const one = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)).rows[0] as T;
    const rollups = await one<{ loads: number; revenue: string }>(
      sql`select sum(loads)::int as loads, sum(revenue)::text as revenue from load_month_totals where dim = 'all'`,
    );
    const days = await one<{ loads: number; revenue: string }>(
      sql`select sum(loads)::int as loads, sum(revenue)::text as revenue from load_day_totals where dim = 'all'`,
    );
    const rows = await one<{ loads: number; revenue: string }>(
      sql`select count(*)::int as loads, sum(total_rate)::text as revenue from loads`,
    );
    expect(rows.loads).toBeGreaterThan(3000);
    expect(rollups).toEqual(rows);
    expect(days).toEqual(rows);
    const ledger = await one<{ totals: string; rows: string }>(
      sql`select (select sum(amount) from ledger_daily_totals)::text as totals,
            (select sum(amount) from transactions)::text as rows`,
    );
    expect(ledger.totals).toBe(ledger.rows);
    // The ledger rows' copy of their load's number (decision 068), written with the triggers off.
    const copies = await one<{ with_load: number; differ: number }>(
      sql`select count(t.load_id)::int as with_load,
            count(*) filter (where t.load_number is distinct from (select l.load_number from loads l where l.id = t.load_id))::int as differ
          from transactions t`,
    );
    expect(copies.with_load).toBeGreaterThan(1000);
    expect(copies.differ).toBe(0);
    const ifta = await one<{ n: number }>(
      sql`select count(*)::int as n from ifta_day_totals where kind = 'jurisdiction'`,
    );
    expect(ifta.n).toBeGreaterThan(0);
  });
});
