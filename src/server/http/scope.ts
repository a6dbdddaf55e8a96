import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Actor } from "./context";

/**
 * Whose rows an operation may reach — "own rows only" (docs/ARCHITECTURE.md) in one place. Staff
 * reach every row; a driver the rows of their driver record; a customer those of their customer
 * record. The record is resolved with the session, so no service looks it up again by user id. An
 * account without a record (null) reaches nothing.
 */
export type Scope =
  | { readonly kind: "staff" }
  | { readonly kind: "driver"; readonly driverId: string | null }
  | { readonly kind: "customer"; readonly customerId: string | null };

export const STAFF_SCOPE: Scope = { kind: "staff" };

export function scopeOf(actor: Pick<Actor, "role" | "driverId" | "customerId">): Scope {
  if (actor.role === "driver") return { kind: "driver", driverId: actor.driverId };
  if (actor.role === "customer") return { kind: "customer", customerId: actor.customerId };
  return STAFF_SCOPE;
}

/** The columns (or expressions) that name a table's owning driver and customer, where it has them. */
export interface Owners {
  readonly driver?: AnyPgColumn | SQL;
  readonly customer?: AnyPgColumn | SQL;
}

/**
 * The SQL condition for the rows `scope` reaches: none for staff (every row); the owner column
 * equal to the caller's record for a driver or customer; `false` when the table has no owner of the
 * caller's kind or the account has no record.
 */
export function ownedBy(scope: Scope, owners: Owners): SQL | undefined {
  if (scope.kind === "staff") return undefined;
  const [column, id] =
    scope.kind === "driver" ? [owners.driver, scope.driverId] : [owners.customer, scope.customerId];
  return column && id ? sql`${column} = ${id}` : sql`false`;
}

/** True when a row owned by `owner` is the caller's (always for staff). */
export function owns(scope: Scope, owner: { driverId?: string | null; customerId?: string | null }): boolean {
  if (scope.kind === "staff") return true;
  if (scope.kind === "driver") return scope.driverId !== null && owner.driverId === scope.driverId;
  return scope.customerId !== null && owner.customerId === scope.customerId;
}

/**
 * The customer record a customer-only operation (the portal) works on: the caller's own, or null —
 * staff and drivers have none there, and an account without a record reaches nothing.
 */
export function ownCustomerId(actor: Pick<Actor, "role" | "driverId" | "customerId">): string | null {
  const scope = scopeOf(actor);
  return scope.kind === "customer" ? scope.customerId : null;
}

/** The driver record a driver-only operation works on: the caller's own, or null. */
export function ownDriverId(actor: Pick<Actor, "role" | "driverId" | "customerId">): string | null {
  const scope = scopeOf(actor);
  return scope.kind === "driver" ? scope.driverId : null;
}
