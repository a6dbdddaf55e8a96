import type { Tx } from "../../db/client";
import type { Actor } from "../../http/context";
import { scopeOf } from "../../http/scope";
import { assignedAssetsOfDriver } from "./assigned-assets";

/**
 * Who is asking: staff see the whole fleet; anyone else only the units assigned to them now (a
 * driver their truck and trailer; a customer, or a driver without a record, nothing). Built on the
 * actor's scope (http/scope.ts): the driver record comes with the session.
 */
export type FleetScope =
  | { kind: "staff" }
  | {
      kind: "driver";
      userId: string;
      driverId: string | null;
      vehicleId: string | null;
      trailerId: string | null;
    };

export async function fleetScopeFor(
  db: Tx,
  actor: Pick<Actor, "role" | "userId" | "driverId" | "customerId">,
): Promise<FleetScope> {
  const scope = scopeOf(actor);
  if (scope.kind === "staff") return scope;
  const driverId = scope.kind === "driver" ? scope.driverId : null;
  const assets = driverId ? await assignedAssetsOfDriver(db, driverId) : { vehicleId: null, trailerId: null };
  return { kind: "driver", userId: actor.userId, driverId, ...assets };
}

/** The database's date, so every "today" (expiry, due, filters) agrees. */
export { companyToday as dbToday } from "../../db/client";

/** Ordinary English labels for exports. */
export const humanize = (code: string) => {
  const s = code.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
};
