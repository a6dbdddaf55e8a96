import type { Tx } from "../../db/client";
import type { Actor } from "../../http/context";
import { driverIdOfUser } from "../loads/loads.repo";
import { assignedAssetsOfDriver } from "./assigned-assets";

/** Who is asking: staff see the whole fleet; a driver only what they hold now. */
export type FleetScope =
  | { kind: "staff" }
  | {
      kind: "driver";
      userId: string;
      driverId: string | null;
      vehicleId: string | null;
      trailerId: string | null;
    };

export async function fleetScopeFor(db: Tx, actor: Pick<Actor, "role" | "userId">): Promise<FleetScope> {
  if (actor.role !== "driver") return { kind: "staff" };
  const driverId = await driverIdOfUser(db, actor.userId);
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
