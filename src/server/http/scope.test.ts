import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { loads, maintenanceRecords, timeOffRequests, vehicles } from "../db/schema";
import {
  type AssetScope,
  holds,
  ownCustomerId,
  ownDriverId,
  ownedBy,
  owns,
  STAFF_SCOPE,
  scopeOf,
} from "./scope";

const dialect = new PgDialect({ casing: "snake_case" });
const render = (cond: ReturnType<typeof ownedBy>) => {
  if (!cond) return undefined;
  const { sql, params } = dialect.sqlToQuery(cond);
  return { sql, params };
};

const driver = { role: "driver", driverId: "d-1", customerId: null } as const;
const customer = { role: "customer", driverId: null, customerId: "c-1" } as const;
const dispatcher = { role: "dispatcher", driverId: null, customerId: null } as const;
const LOAD_OWNERS = { driver: loads.driverId, customer: loads.customerId };

describe("scope from the actor", () => {
  it("staff reach every row; a driver or customer their own record's", () => {
    expect(scopeOf(dispatcher)).toEqual(STAFF_SCOPE);
    expect(scopeOf(driver)).toEqual({ kind: "driver", driverId: "d-1" });
    expect(scopeOf(customer)).toEqual({ kind: "customer", customerId: "c-1" });
    // A driver's role decides, not a stray record: an admin is staff whatever the row says.
    expect(scopeOf({ role: "admin", driverId: "d-9", customerId: "c-9" })).toEqual(STAFF_SCOPE);
  });

  it("turns the scope into the owner column's condition", () => {
    expect(render(ownedBy(STAFF_SCOPE, LOAD_OWNERS))).toBeUndefined();
    expect(render(ownedBy(scopeOf(driver), LOAD_OWNERS))).toEqual({
      sql: '"loads"."driver_id" = $1',
      params: ["d-1"],
    });
    expect(render(ownedBy(scopeOf(customer), LOAD_OWNERS))).toEqual({
      sql: '"loads"."customer_id" = $1',
      params: ["c-1"],
    });
  });

  it("reaches nothing without a record, or on a table with no owner of the caller's kind", () => {
    const none = { sql: "false", params: [] };
    expect(render(ownedBy(scopeOf({ ...driver, driverId: null }), LOAD_OWNERS))).toEqual(none);
    expect(render(ownedBy(scopeOf(customer), { driver: timeOffRequests.driverId }))).toEqual(none);
  });

  it("answers whether one row is the caller's", () => {
    expect(owns(STAFF_SCOPE, { driverId: "anyone" })).toBe(true);
    expect(owns(scopeOf(driver), { driverId: "d-1" })).toBe(true);
    expect(owns(scopeOf(driver), { driverId: "d-2" })).toBe(false);
    expect(owns(scopeOf({ ...driver, driverId: null }), { driverId: null })).toBe(false);
    expect(owns(scopeOf(customer), { customerId: "c-1", driverId: "d-1" })).toBe(true);
    expect(owns(scopeOf(customer), { driverId: "d-1" })).toBe(false);
  });

  it("gives a driver-only or customer-only operation the caller's own record, never another kind's", () => {
    expect(ownDriverId(driver)).toBe("d-1");
    expect(ownDriverId(customer)).toBeNull();
    expect(ownDriverId({ role: "admin", driverId: "d-9", customerId: null })).toBeNull();
    expect(ownCustomerId(customer)).toBe("c-1");
    expect(ownCustomerId(driver)).toBeNull();
  });
});

describe("assigned assets (the fleet and the document centre)", () => {
  const holding: AssetScope = {
    kind: "driver",
    driverId: "d-1",
    assets: { vehicleId: "v-1", trailerId: "t-1" },
  };
  const truckOnly: AssetScope = {
    kind: "driver",
    driverId: "d-1",
    assets: { vehicleId: "v-1", trailerId: null },
  };
  const empty: AssetScope = { kind: "driver", driverId: null, assets: { vehicleId: null, trailerId: null } };
  const customerScope: AssetScope = { kind: "customer", customerId: "c-1" };
  const UNIT_OWNERS = { vehicle: maintenanceRecords.vehicleId, trailer: maintenanceRecords.trailerId };

  it("a driver reaches the rows of the vehicle and trailer they hold now, staff every row", () => {
    expect(render(ownedBy(STAFF_SCOPE, UNIT_OWNERS))).toBeUndefined();
    expect(render(ownedBy(holding, { vehicle: vehicles.id }))).toEqual({
      sql: '"vehicles"."id" = $1',
      params: ["v-1"],
    });
    expect(render(ownedBy(holding, UNIT_OWNERS))).toEqual({
      sql: '("maintenance_records"."vehicle_id" = $1 or "maintenance_records"."trailer_id" = $2)',
      params: ["v-1", "t-1"],
    });
    // Only the units held count: no trailer, no trailer rows.
    expect(render(ownedBy(truckOnly, UNIT_OWNERS))).toEqual({
      sql: '"maintenance_records"."vehicle_id" = $1',
      params: ["v-1"],
    });
  });

  it("the driver's own rows and their units' rows together (a driver's documents and their truck's)", () => {
    expect(render(ownedBy(holding, { driver: loads.driverId, vehicle: vehicles.id }))).toEqual({
      sql: '("loads"."driver_id" = $1 or "vehicles"."id" = $2)',
      params: ["d-1", "v-1"],
    });
  });

  it("nothing for a driver holding nothing, a driver without a record, or a customer", () => {
    const none = { sql: "false", params: [] };
    expect(render(ownedBy(empty, UNIT_OWNERS))).toEqual(none);
    expect(render(ownedBy(customerScope, UNIT_OWNERS))).toEqual(none);
    expect(render(ownedBy(truckOnly, { trailer: maintenanceRecords.trailerId }))).toEqual(none);
  });

  it("answers whether one vehicle or trailer is the caller's (the 404 of a detail page)", () => {
    expect(holds(STAFF_SCOPE, { kind: "vehicle", id: "anything" })).toBe(true);
    expect(holds(holding, { kind: "vehicle", id: "v-1" })).toBe(true);
    expect(holds(holding, { kind: "trailer", id: "t-1" })).toBe(true);
    expect(holds(holding, { kind: "vehicle", id: "t-1" })).toBe(false);
    expect(holds(holding, { kind: "vehicle", id: "v-2" })).toBe(false);
    expect(holds(truckOnly, { kind: "trailer", id: "t-1" })).toBe(false);
    expect(holds(empty, { kind: "vehicle", id: "v-1" })).toBe(false);
    expect(holds(customerScope, { kind: "vehicle", id: "v-1" })).toBe(false);
  });
});
