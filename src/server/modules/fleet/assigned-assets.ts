import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { assetAssignments } from "../../db/schema";

export interface AssignedAssets {
  vehicleId: string | null;
  trailerId: string | null;
}

/**
 * The vehicle and trailer a driver holds now (their open assignment; at most one by a partial unique
 * index), or nulls. Drivers' defaults and row isolation in fleet, maintenance and inspections use it.
 */
export async function assignedAssetsOfDriver(db: Tx, driverId: string): Promise<AssignedAssets> {
  const [row] = await db
    .select({ vehicleId: assetAssignments.vehicleId, trailerId: assetAssignments.trailerId })
    .from(assetAssignments)
    .where(and(eq(assetAssignments.driverId, driverId), isNull(assetAssignments.endedAt)))
    .limit(1);
  return { vehicleId: row?.vehicleId ?? null, trailerId: row?.trailerId ?? null };
}
