import type { TrailerOption, VehicleOption } from "@shared/fleet/fleet.schema";
import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { assetAssignments, drivers, trailers, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import { likePattern } from "../../http/pagination";

/** How many options a picker gets; typing narrows the list. */
export const OPTIONS_LIMIT = 50;

export const DUPLICATE_UNIT_NUMBER = "A vehicle with this unit number already exists.";
export const DUPLICATE_TRAILER_ID = "A trailer with this identifier already exists.";

/** Joins each vehicle/trailer to its open assignment (at most one, by a partial unique index). */
const openAssignment = isNull(assetAssignments.endedAt);

export function createFleetService(deps: Deps) {
  const { db } = deps;

  return {
    async vehicleOptions(q?: string): Promise<VehicleOption[]> {
      const p = q ? likePattern(q) : null;
      const rows = await db
        .select({
          id: vehicles.id,
          unitNumber: vehicles.unitNumber,
          plateNumber: vehicles.plateNumber,
          make: vehicles.make,
          model: vehicles.model,
          status: vehicles.status,
          assignedDriverId: drivers.id,
          assignedDriverName: drivers.fullName,
        })
        .from(vehicles)
        .leftJoin(assetAssignments, and(eq(assetAssignments.vehicleId, vehicles.id), openAssignment))
        .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId))
        .where(
          p
            ? or(
                ilike(vehicles.unitNumber, p),
                ilike(vehicles.plateNumber, p),
                ilike(vehicles.make, p),
                ilike(vehicles.model, p),
              )
            : undefined,
        )
        .orderBy(asc(sql`lower(${vehicles.unitNumber})`), asc(vehicles.id))
        .limit(OPTIONS_LIMIT);
      return rows;
    },

    async trailerOptions(q?: string): Promise<TrailerOption[]> {
      const p = q ? likePattern(q) : null;
      const rows = await db
        .select({
          id: trailers.id,
          identifier: trailers.identifier,
          type: trailers.type,
          size: trailers.size,
          assignedDriverId: drivers.id,
          assignedDriverName: drivers.fullName,
        })
        .from(trailers)
        .leftJoin(assetAssignments, and(eq(assetAssignments.trailerId, trailers.id), openAssignment))
        .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId))
        .where(p ? or(ilike(trailers.identifier, p), ilike(trailers.type, p)) : undefined)
        .orderBy(asc(sql`lower(${trailers.identifier})`), asc(trailers.id))
        .limit(OPTIONS_LIMIT);
      return rows.map((r) => ({ ...r, type: r.type as TrailerOption["type"] }));
    },
  };
}
