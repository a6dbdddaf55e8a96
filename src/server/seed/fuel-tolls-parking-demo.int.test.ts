import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuelEntries, parkingExpenses, parkingReservations, tolls } from "../db/schema";
import { clearSettlements, driverIdOf } from "../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../testing/harness";
import { seedFuelTollsParkingDemo } from "./fuel-tolls-parking-demo";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("the fuel, tolls and parking demo data", () => {
  it("gives both demo drivers fuel entries, and places most tolls on trucks", async () => {
    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    const rosaId = await driverIdOf(ctx, "driver2@demo.test");
    for (const id of [jakeId, rosaId]) {
      const rows = await ctx.deps.db.select().from(fuelEntries).where(eq(fuelEntries.driverId, id));
      expect(rows.length).toBeGreaterThanOrEqual(10);
    }
    const jake = await signIn(ctx, "driver@demo.test");
    const mine = await call(ctx, "/api/fuel-entries?pageSize=100", { cookie: jake });
    expect(mine.json.items.every((e: { driverName: string }) => e.driverName === "Jake Wilson")).toBe(true);
    // His latest stop was this morning: he can still take it back.
    expect(mine.json.items[0].canDelete).toBe(true);

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
