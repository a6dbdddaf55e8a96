import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../testing/harness";

/**
 * The demo's IFTA state miles must read like a real trip sheet (issue 38, point 22): the states a
 * truck crosses on the lane, in practical-route shares that add up to the load's loaded miles.
 */

/** Which states share a border, for the states of the demo's lanes (a truck crosses one line at a time). */
const BORDERS: Record<string, string[]> = {
  AL: ["FL", "GA", "MS", "TN"],
  AR: ["LA", "MO", "MS", "OK", "TN", "TX"],
  CO: ["KS", "NE", "NM", "OK", "UT", "WY"],
  GA: ["AL", "FL", "NC", "SC", "TN"],
  IA: ["IL", "MN", "MO", "NE", "SD", "WI"],
  IL: ["IA", "IN", "KY", "MO", "WI"],
  IN: ["IL", "KY", "MI", "OH"],
  KS: ["CO", "MO", "NE", "OK"],
  KY: ["IL", "IN", "MO", "OH", "TN", "VA", "WV"],
  LA: ["AR", "MS", "TX"],
  MI: ["IN", "OH", "WI"],
  MN: ["IA", "ND", "SD", "WI"],
  MO: ["AR", "IA", "IL", "KS", "KY", "NE", "OK", "TN"],
  MS: ["AL", "AR", "LA", "TN"],
  NE: ["CO", "IA", "KS", "MO", "SD", "WY"],
  OH: ["IN", "KY", "MI", "PA", "WV"],
  OK: ["AR", "CO", "KS", "MO", "NM", "TX"],
  TN: ["AL", "AR", "GA", "KY", "MO", "MS", "NC", "VA"],
  TX: ["AR", "LA", "NM", "OK"],
  WI: ["IA", "IL", "MI", "MN"],
};

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
        from load_jurisdiction_miles j where j.load_id = l.id) as states
    from loads l
    where exists (select 1 from load_jurisdiction_miles j where j.load_id = l.id)
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

  it("have the demo trucks buy fuel only in states of the lanes they drove", async () => {
    const { rows } = await ctx.deps.db.execute<{
      state: string;
      location: string;
      lanes: string[] | null;
    }>(sql`
      select f.state, f.location,
        (select array_agg(distinct j.jurisdiction) from loads l
          join load_jurisdiction_miles j on j.load_id = l.id where l.vehicle_id = f.vehicle_id) as lanes
      from fuel_entries f`);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.lanes ?? [], `${row.location}, ${row.state}`).toContain(row.state);
  });
});
