import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, type TestContext } from "../testing/harness";
import { BORDERS } from "./state-borders";

/**
 * The demo's IFTA state miles must read like a real trip sheet (issue 38, point 22): the states a
 * truck crosses on the lane, in practical-route shares that add up to the load's loaded miles.
 */

/** Whether the states form one connected stretch of neighbouring states (a drivable path). */
function connected(states: string[]): boolean {
  const seen = new Set([states[0]]);
  const queue = [states[0]];
  while (queue.length) {
    const s = queue.shift() as string;
    for (const next of BORDERS[s] ?? []) {
      if (states.includes(next) && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.size === states.length;
}

type LoadMiles = {
  load_number: string;
  loaded_miles: string;
  stop_states: string[];
  states: Array<{ state: string; miles: string }>;
};

let ctx: TestContext;
let demo: LoadMiles[];

beforeAll(async () => {
  ctx = await createTestContext();
  const { rows } = await ctx.deps.db.execute<LoadMiles>(sql`
    select l.load_number, l.loaded_miles::text,
      (select array_agg(s.state order by s.sequence) from load_stops s where s.load_id = l.id) as stop_states,
      (select json_agg(json_build_object('state', j.jurisdiction, 'miles', j.miles::text) order by j.jurisdiction)
        from load_jurisdiction_miles j where j.load_id = l.id and j.leg = 'loaded' and j.source = 'recorded') as states
    from loads l
    -- The trip sheets written by hand (issue 40 adds computed ones, tested with the miles).
    where exists (select 1 from load_jurisdiction_miles j
                   where j.load_id = l.id and j.leg = 'loaded' and j.source = 'recorded')
    order by l.load_number`);
  demo = rows;
});
afterAll(() => ctx.close());

const tenths = (miles: string) => Math.round(Number(miles) * 10);

describe("the demo's state miles (IFTA)", () => {
  it("are recorded on the loads on the road and delivered", () => {
    expect(demo.length).toBeGreaterThanOrEqual(25);
  });

  it("add up to each load's loaded miles", () => {
    for (const load of demo) {
      const sum = load.states.reduce((total, s) => total + tenths(s.miles), 0);
      expect(sum, load.load_number).toBe(tenths(load.loaded_miles));
    }
  });

  it("never give two states of a load the same figure (no even split)", () => {
    for (const load of demo) {
      const figures = load.states.map((s) => s.miles);
      expect(new Set(figures).size, `${load.load_number}: ${figures.join(", ")}`).toBe(figures.length);
    }
  });

  it("name every stop's state and only states a truck crosses between them", () => {
    for (const load of demo) {
      const states = load.states.map((s) => s.state);
      for (const stop of load.stop_states) expect(states, load.load_number).toContain(stop);
      for (const s of states) expect(BORDERS[s], `${load.load_number}: unknown state ${s}`).toBeDefined();
      // A lane that skips a state (Georgia straight into Kentucky) is not a road.
      expect(connected(states), `${load.load_number}: ${states.join(" ")}`).toBe(true);
    }
  });

  it("give a long lane the states between its ends (Dallas to Atlanta crosses Louisiana, Mississippi and Alabama)", () => {
    const dallasAtlanta = demo.filter((l) => l.stop_states.join(">") === "TX>GA");
    expect(dallasAtlanta.length).toBeGreaterThan(0);
    for (const load of dallasAtlanta)
      expect(load.states.map((s) => s.state)).toEqual(["AL", "GA", "LA", "MS", "TX"]);
  });

  it("have the demo drivers buy fuel only in states of the lanes they drove", async () => {
    const { rows } = await ctx.deps.db.execute<{
      state: string;
      location: string;
      lanes: string[] | null;
    }>(sql`
      select f.state, f.location,
        (select array_agg(distinct j.jurisdiction) from loads l
          join load_jurisdiction_miles j on j.load_id = l.id where l.driver_id = f.driver_id) as lanes
      from fuel_entries f`);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.lanes ?? [], `${row.location}, ${row.state}`).toContain(row.state);
  });
});

describe("the demo's IFTA report", () => {
  const DAY = 86_400_000;
  const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
  type Summary = { key: string; value: string | null };
  async function ifta(cookie: string, query: string) {
    const res = await call(ctx, `/api/reports/ifta?${query}`, { cookie });
    expect(res.status, query).toBe(200);
    const summary = res.json.sections.find((s: { key: string }) => s.key === "summary");
    const figure = (key: string) => summary.figures.find((f: Summary) => f.key === key)?.value ?? null;
    return {
      miles: Number(figure("iftaMiles")),
      mpg: figure("fleetMpg") === null ? null : Number(figure("fleetMpg")),
      warnings: summary.warnings.map((w: { key: string }) => w.key) as string[],
    };
  }

  it("divides the demo's miles by the fuel its trucks bought on them: a tractor-trailer's MPG, no warning", async () => {
    const manager = await signIn(ctx, "manager@demo.test");
    // The whole demo: two months of delivered loads and every fill-up bought on them.
    const all = await ifta(manager, `period=custom&from=${day(-75)}&to=${day(1)}`);
    expect(all.miles).toBeGreaterThan(5000);
    expect(all.mpg).toBeGreaterThanOrEqual(5.5);
    expect(all.mpg).toBeLessThanOrEqual(7.5);
    expect(all.warnings).not.toContain("iftaImplausibleMpg");

    // A calendar period holds a part of the demo (its dates are relative to today): on a month's
    // first days this month has no delivered miles yet, only the fuel of loads still on the road,
    // and no MPG to judge. With miles, never a warning; from 1,000 miles on (a few trips per
    // truck), a period's fuel must match its miles like the whole demo's.
    let judged = 0;
    for (const period of ["this-month", "last-month", "this-quarter", "last-quarter"]) {
      const report = await ifta(manager, `period=${period}`);
      if (report.miles > 0) expect(report.warnings, period).not.toContain("iftaImplausibleMpg");
      if (report.miles < 1000) continue;
      judged++;
      expect(report.mpg, `${period}: ${report.miles} mi`).toBeGreaterThanOrEqual(5.5);
      expect(report.mpg, `${period}: ${report.miles} mi`).toBeLessThanOrEqual(7.5);
    }
    // Last month always holds a whole month of the demo's history, and this month or this quarter more.
    expect(judged).toBeGreaterThanOrEqual(2);
  });
});
