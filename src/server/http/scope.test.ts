import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { loads, timeOffRequests } from "../db/schema";
import { ownCustomerId, ownDriverId, ownedBy, owns, STAFF_SCOPE, scopeOf } from "./scope";

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
