import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  TrailerOption,
  trailerInputSchema,
  VehicleOption,
  vehicleInputSchema,
} from "../../../shared/fleet/fleet.schema";
import { assetAssignments, drivers, trailers, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import { conflict } from "../../http/errors";
import { likePattern } from "../../http/pagination";

/** How many options a picker gets; typing narrows the list. */
export const OPTIONS_LIMIT = 50;

export const DUPLICATE_UNIT_NUMBER = "A vehicle with this unit number already exists.";
export const DUPLICATE_TRAILER_ID = "A trailer with this identifier already exists.";

/**
 * The name of the unique constraint or index a write broke, or null for any other error. Drizzle
 * wraps the driver's error, so the chain of causes is walked.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505") return e.constraint ?? "";
    e = e.cause as typeof e;
  }
  return null;
}

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

    /** Unit numbers are unique regardless of case ("t-104" and "T-104" are the same truck). */
    async createVehicle(input: z.infer<typeof vehicleInputSchema>): Promise<VehicleOption> {
      const duplicate = () =>
        conflict(DUPLICATE_UNIT_NUMBER, "DUPLICATE_UNIT_NUMBER", {
          fields: { unitNumber: DUPLICATE_UNIT_NUMBER },
        });
      const [taken] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(sql`lower(${vehicles.unitNumber}) = lower(${input.unitNumber})`);
      if (taken) throw duplicate();
      try {
        const [row] = await db
          .insert(vehicles)
          .values({
            unitNumber: input.unitNumber,
            plateNumber: input.plateNumber,
            plateState: input.plateState,
            make: input.make,
            model: input.model,
            year: input.year ?? null,
          })
          .returning();
        return {
          id: row.id,
          unitNumber: row.unitNumber,
          plateNumber: row.plateNumber,
          make: row.make,
          model: row.model,
          status: row.status,
          assignedDriverId: null,
          assignedDriverName: null,
        };
      } catch (err) {
        if (uniqueViolation(err) !== null) throw duplicate();
        throw err;
      }
    },

    async createTrailer(input: z.infer<typeof trailerInputSchema>): Promise<TrailerOption> {
      const duplicate = () =>
        conflict(DUPLICATE_TRAILER_ID, "DUPLICATE_TRAILER_ID", {
          fields: { identifier: DUPLICATE_TRAILER_ID },
        });
      const [taken] = await db
        .select({ id: trailers.id })
        .from(trailers)
        .where(sql`lower(${trailers.identifier}) = lower(${input.identifier})`);
      if (taken) throw duplicate();
      try {
        const [row] = await db
          .insert(trailers)
          .values({ identifier: input.identifier, type: input.type, size: input.size })
          .returning();
        return {
          id: row.id,
          identifier: row.identifier,
          type: row.type as TrailerOption["type"],
          size: row.size,
          assignedDriverId: null,
          assignedDriverName: null,
        };
      } catch (err) {
        if (uniqueViolation(err) !== null) throw duplicate();
        throw err;
      }
    },
  };
}
