import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client";
import { assetAssignments } from "../db/schema";
import type { Actor } from "./context";

/**
 * Whose rows an operation may reach — "own rows only" (docs/ARCHITECTURE.md) in one place, the only
 * place that reads an actor's role or records to decide it (`src/server/http/scope-boundary.test.ts`
 * refuses it anywhere else). Staff reach every row; a driver the rows of their driver record and, when
 * the scope is taken with `scopeWithAssets`, of the vehicle and trailer assigned to them now; a
 * customer those of their customer record. The records are resolved with the session, so no service
 * looks them up again by user id. An account without a record (null) reaches nothing.
 */
type StaffScope = { readonly kind: "staff" };
type DriverScope = {
  readonly kind: "driver";
  readonly driverId: string | null;
  /** The units the driver holds now; present only on a scope taken with `scopeWithAssets`. */
  readonly assets?: AssignedAssets;
};
type CustomerScope = { readonly kind: "customer"; readonly customerId: string | null };

export type Scope = StaffScope | DriverScope | CustomerScope;

/** A scope that also knows the driver's assigned units, so asset rows can be narrowed to them. */
export type AssetScope = StaffScope | (DriverScope & { readonly assets: AssignedAssets }) | CustomerScope;

export interface AssignedAssets {
  readonly vehicleId: string | null;
  readonly trailerId: string | null;
}

const NO_ASSETS: AssignedAssets = { vehicleId: null, trailerId: null };

export const STAFF_SCOPE: StaffScope = { kind: "staff" };

export function scopeOf(actor: Pick<Actor, "role" | "driverId" | "customerId">): Scope {
  if (actor.role === "driver") return { kind: "driver", driverId: actor.driverId };
  if (actor.role === "customer") return { kind: "customer", customerId: actor.customerId };
  return STAFF_SCOPE;
}

/**
 * The vehicle and trailer a driver holds now (their open assignment; at most one by a partial unique
 * index), or nulls. Drivers' defaults (fuel, inspections) use it too.
 */
export async function assignedAssetsOfDriver(db: Tx, driverId: string): Promise<AssignedAssets> {
  const [row] = await db
    .select({ vehicleId: assetAssignments.vehicleId, trailerId: assetAssignments.trailerId })
    .from(assetAssignments)
    .where(and(eq(assetAssignments.driverId, driverId), isNull(assetAssignments.endedAt)))
    .limit(1);
  return { vehicleId: row?.vehicleId ?? null, trailerId: row?.trailerId ?? null };
}

/**
 * The actor's scope with the units a driver holds now: for the fleet (vehicles, trailers, their
 * papers, maintenance) and the document centre, where a driver reaches their truck's and trailer's rows.
 */
export async function scopeWithAssets(
  db: Tx,
  actor: Pick<Actor, "role" | "driverId" | "customerId">,
): Promise<AssetScope> {
  const scope = scopeOf(actor);
  if (scope.kind !== "driver") return scope;
  const assets = scope.driverId ? await assignedAssetsOfDriver(db, scope.driverId) : NO_ASSETS;
  return { ...scope, assets };
}

/** The columns (or expressions) that name a table's owning driver and customer, where it has them. */
export interface Owners {
  readonly driver?: AnyPgColumn | SQL;
  readonly customer?: AnyPgColumn | SQL;
}

/** Owners on the fleet's side: the vehicle and trailer a row belongs to (reached through assignment). */
export interface AssetOwners extends Owners {
  readonly vehicle?: AnyPgColumn | SQL;
  readonly trailer?: AnyPgColumn | SQL;
}

/**
 * The SQL condition for the rows `scope` reaches: none for staff (every row); for a driver or
 * customer, any of the owner columns of their kind equal to their record (or, for a driver, to the
 * unit they hold); `false` when the table has no owner of the caller's kind or the account has no
 * record. Asset owners need a scope taken with `scopeWithAssets` (the types insist).
 */
export function ownedBy(scope: AssetScope, owners: AssetOwners): SQL | undefined;
export function ownedBy(scope: Scope, owners: Owners): SQL | undefined;
export function ownedBy(scope: Scope, owners: AssetOwners): SQL | undefined {
  if (scope.kind === "staff") return undefined;
  const pairs: Array<[AnyPgColumn | SQL | undefined, string | null]> =
    scope.kind === "customer"
      ? [[owners.customer, scope.customerId]]
      : [
          [owners.driver, scope.driverId],
          [owners.vehicle, (scope.assets ?? NO_ASSETS).vehicleId],
          [owners.trailer, (scope.assets ?? NO_ASSETS).trailerId],
        ];
  const mine = pairs.flatMap(([column, id]) => (column && id ? [sql`${column} = ${id}`] : []));
  if (!mine.length) return sql`false`;
  return mine.length === 1 ? mine[0] : sql`(${sql.join(mine, sql` or `)})`;
}

/** True when a row owned by `owner` is the caller's (always for staff). */
export function owns(scope: Scope, owner: { driverId?: string | null; customerId?: string | null }): boolean {
  if (scope.kind === "staff") return true;
  if (scope.kind === "driver") return scope.driverId !== null && owner.driverId === scope.driverId;
  return scope.customerId !== null && owner.customerId === scope.customerId;
}

/** True when the caller may reach this vehicle or trailer: staff any; a driver the one they hold. */
export function holds(scope: AssetScope, unit: { kind: "vehicle" | "trailer"; id: string }): boolean {
  if (scope.kind === "staff") return true;
  if (scope.kind === "customer") return false;
  const mine = unit.kind === "vehicle" ? scope.assets.vehicleId : scope.assets.trailerId;
  return mine !== null && mine === unit.id;
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
