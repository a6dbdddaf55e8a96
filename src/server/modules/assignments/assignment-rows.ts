import type { Assignment } from "@shared/assignments/assignments.schema";
import type { TrailerType } from "@shared/fleet/fleet.schema";
import { desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { assetAssignments, drivers, trailers, users, vehicles } from "../../db/schema";
import { iso } from "../../http/pagination";

/** An assignment as every screen reads it: the driver, the unit and trailer with their labels, who made it. */
const columns = {
  id: assetAssignments.id,
  driverId: assetAssignments.driverId,
  driverName: drivers.fullName,
  vehicleId: assetAssignments.vehicleId,
  unitNumber: vehicles.unitNumber,
  make: vehicles.make,
  model: vehicles.model,
  plateNumber: vehicles.plateNumber,
  trailerId: assetAssignments.trailerId,
  identifier: trailers.identifier,
  trailerType: trailers.type,
  startedAt: assetAssignments.startedAt,
  endedAt: assetAssignments.endedAt,
  notes: assetAssignments.notes,
  createdByName: users.name,
};

export const selectAssignments = (tx: Tx) =>
  tx
    .select(columns)
    .from(assetAssignments)
    .innerJoin(drivers, eq(drivers.id, assetAssignments.driverId))
    .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
    .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId))
    .leftJoin(users, eq(users.id, assetAssignments.createdBy));
type Row = Awaited<ReturnType<typeof selectAssignments>>[number];

const joinWords = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" ");

export const toDto = (r: Row): Assignment => ({
  id: r.id,
  driverId: r.driverId,
  driverName: r.driverName,
  vehicleId: r.vehicleId,
  vehicleLabel: r.unitNumber,
  vehicleDescription: r.unitNumber
    ? joinWords(joinWords(r.make, r.model), r.plateNumber ? `· ${r.plateNumber}` : null) || null
    : null,
  trailerId: r.trailerId,
  trailerLabel: r.identifier,
  trailerType: (r.trailerType as TrailerType | null) ?? null,
  startedAt: r.startedAt.toISOString(),
  endedAt: iso(r.endedAt),
  notes: r.notes,
  createdByName: r.createdByName,
});

/** Every vehicle and trailer a driver has had, the open assignment first (the driver's page). */
export async function assignmentHistoryOf(tx: Tx, driverId: string): Promise<Assignment[]> {
  const rows = await selectAssignments(tx)
    .where(eq(assetAssignments.driverId, driverId))
    .orderBy(sql`${assetAssignments.endedAt} desc nulls first`, desc(assetAssignments.startedAt))
    .limit(200);
  return rows.map(toDto);
}
