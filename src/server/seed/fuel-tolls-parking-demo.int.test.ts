import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuelEntries, parkingExpenses, parkingReservations, tolls } from "../db/schema";
import { clearSettlements } from "../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../testing/harness";
import { seedFuelTollsParkingDemo } from "./fuel-tolls-parking-demo";

const DAY = 86_400_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A truck's diesel fills in time order, with the truck's unit. */
async function dieselByTruck() {
  const { rows } = await ctx.deps.db.execute<{
    unit: string;
    driver_id: string;
    fueled_at: string;
    state: string;
    odometer: number;
    gallons: string;
  }>(sql`
    select v.unit_number as unit, f.driver_id, f.fueled_at, f.state, f.odometer, f.gallons::text
    from fuel_entries f join vehicles v on v.id = f.vehicle_id
    where f.fuel_type = 'diesel' order by v.unit_number, f.fueled_at`);
  const trucks = new Map<string, Array<(typeof rows)[number] & { at: Date }>>();
  for (const row of rows)
    trucks.set(row.unit, [...(trucks.get(row.unit) ?? []), { ...row, at: new Date(row.fueled_at) }]);
  return trucks;
}

describe("the fuel, tolls and parking demo data", () => {
  it("gives every demo driver with a truck fill-ups, and places most tolls on trucks", async () => {
    const holders = await ctx.deps.db.execute<{ driver_id: string; name: string }>(sql`
      select a.driver_id, d.full_name as name from asset_assignments a join drivers d on d.id = a.driver_id
      where a.ended_at is null and a.vehicle_id is not null`);
    expect(holders.rows).toHaveLength(5);
    for (const holder of holders.rows) {
      const rows = await ctx.deps.db
        .select()
        .from(fuelEntries)
        .where(and(eq(fuelEntries.driverId, holder.driver_id), eq(fuelEntries.fuelType, "diesel")));
      expect(rows.length, holder.name).toBeGreaterThan(0);
    }
    const jake = await signIn(ctx, "driver@demo.test");
    const mine = await call(ctx, "/api/fuel-entries?pageSize=100", { cookie: jake });
    expect(mine.json.items.every((e: { driverName: string }) => e.driverName === "Jake Wilson")).toBe(true);
    // His latest stop was this morning, leaving today's shipper: he can still take it back.
    expect(mine.json.items[0].canDelete).toBe(true);
    expect(Date.now() - Date.parse(mine.json.items[0].fueledAt)).toBeLessThan(DAY);

    const placed = await ctx.deps.db.select({ id: tolls.id, driverId: tolls.driverId }).from(tolls);
    const unplaced = await ctx.deps.db.select({ id: tolls.id }).from(tolls).where(isNull(tolls.vehicleId));
    expect(placed.length).toBeGreaterThan(20);
    expect(unplaced).toHaveLength(2);
    expect(placed.filter((t) => t.driverId).length).toBe(placed.length - 2);

    const methods = await ctx.deps.db
      .selectDistinct({ m: parkingExpenses.paymentMethod })
      .from(parkingExpenses);
    expect(methods.map((m) => m.m).sort()).toEqual(["card", "cash", "invoice", "mobile_app"]);
    const [{ upcoming, past }] = (
      await ctx.deps.db.execute(
        sql`select count(*) filter (where ends_at >= now())::int as upcoming, count(*) filter (where ends_at < now())::int as past from ${parkingReservations}`,
      )
    ).rows as Array<{ upcoming: number; past: number }>;
    expect(upcoming).toBeGreaterThan(0);
    expect(past).toBeGreaterThan(0);
  });

  it("buys each truck as much diesel as its loads' miles burn, at a plausible MPG", async () => {
    const { rows } = await ctx.deps.db.execute<{ unit: string; miles: string; gallons: string }>(sql`
      select v.unit_number as unit,
        (select sum(m.miles) from load_jurisdiction_miles m join loads l on l.id = m.load_id
          where l.status = 'completed' and (l.vehicle_id = v.id or (l.vehicle_id is null and exists (
            select 1 from asset_assignments a where a.vehicle_id = v.id and a.driver_id = l.driver_id
              and a.started_at <= l.pickup_at and (a.ended_at is null or a.ended_at > l.pickup_at)))))::text as miles,
        (select sum(f.gallons) from fuel_entries f where f.vehicle_id = v.id and f.fuel_type = 'diesel')::text as gallons
      from vehicles v where exists (select 1 from fuel_entries f where f.vehicle_id = v.id)`);
    // The five trucks on assignment, and 106 Emily drove until it went to the shop.
    expect(rows.map((r) => r.unit).sort()).toEqual(["101", "102", "103", "104", "105", "106"]);
    for (const truck of rows) {
      // Loaded miles per gallon: a tractor-trailer's 6–7, less the empty miles' fuel (the demo
      // records no deadhead legs yet), more for the miles since the last fill not yet refilled.
      const mpg = Number(truck.miles) / Number(truck.gallons);
      expect(mpg, `${truck.unit}: ${truck.miles} mi, ${truck.gallons} gal`).toBeGreaterThanOrEqual(5.5);
      expect(mpg, `${truck.unit}: ${truck.miles} mi, ${truck.gallons} gal`).toBeLessThanOrEqual(7.5);
    }
  });

  it("refills what was burnt since the last fill: the odometer moves by the miles, the gallons match them", async () => {
    const trucks = await dieselByTruck();
    for (const [unit, fills] of trucks) {
      fills.forEach((fill, i) => {
        // A driver's fill: a top-off of a few dozen gallons up to two tanks' worth, never a trickle.
        expect(Number(fill.gallons), `${unit} ${fill.at.toISOString()}`).toBeGreaterThanOrEqual(25);
        expect(Number(fill.gallons), `${unit} ${fill.at.toISOString()}`).toBeLessThanOrEqual(150);
        if (i === 0) return;
        const driven = fill.odometer - fills[i - 1].odometer;
        expect(driven, `${unit} ${fill.at.toISOString()}`).toBeGreaterThan(0);
        // Miles since the last fill ÷ the gallons that refilled them: the truck's own MPG (6.2–6.8).
        const mpg = driven / Number(fill.gallons);
        expect(mpg, `${unit} ${fill.at.toISOString()}`).toBeGreaterThanOrEqual(6);
        expect(mpg, `${unit} ${fill.at.toISOString()}`).toBeLessThanOrEqual(7);
      });
    }
  });

  it("places every fill on one of its driver's trips, in a state that trip crosses", async () => {
    const trucks = await dieselByTruck();
    const { rows: trips } = await ctx.deps.db.execute<{
      driver_id: string;
      pickup_at: string;
      delivery_at: string;
      states: string[];
    }>(sql`
      select l.driver_id, l.pickup_at, l.delivery_at,
        coalesce((select array_agg(m.jurisdiction) from load_jurisdiction_miles m where m.load_id = l.id),
          array[l.pickup_state]) as states
      from loads l where l.status in ('completed', 'in_progress')`);
    for (const [unit, fills] of trucks) {
      for (const fill of fills) {
        const at = fill.at.getTime();
        const on = trips.find(
          (t) =>
            t.driver_id === fill.driver_id &&
            Date.parse(t.pickup_at) <= at &&
            at <= Date.parse(t.delivery_at),
        );
        expect(on, `${unit} ${fill.at.toISOString()}`).toBeDefined();
        expect(on?.states, `${unit} ${fill.at.toISOString()}`).toContain(fill.state);
      }
    }
  });

  it("stores a PDF receipt for every fuel stop when the storage service is there", async () => {
    await clearSettlements(ctx);
    await ctx.deps.db.delete(fuelEntries);
    await ctx.deps.db.delete(tolls);
    await ctx.deps.db.delete(parkingExpenses);
    await ctx.deps.db.delete(parkingReservations);
    await ctx.deps.db.transaction((tx) => seedFuelTollsParkingDemo(tx, ctx.deps.storage));
    const rows = await ctx.deps.db.select().from(fuelEntries);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((r) => r.receiptFileId)).toBe(true);

    const rosa = await signIn(ctx, "driver2@demo.test");
    const list = await call(ctx, "/api/fuel-entries", { cookie: rosa });
    const res = await ctx.app.request(`/api/fuel-entries/${list.json.items[0].id}/receipt`, {
      headers: { cookie: rosa },
    });
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});
