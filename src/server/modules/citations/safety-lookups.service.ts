import type { SafetyOption } from "@shared/accidents/accidents.schema";
import { and, asc, eq, ilike, isNull, or } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { assetAssignments, drivers, trailers, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import { likePattern } from "../../http/pagination";

/** How many options a picker gets; typing narrows the list. */
const LIMIT = 50;

const none = { vehicleId: null, vehicleLabel: null, trailerId: null, trailerLabel: null };

/**
 * The pickers of the citation and accident forms: safety staff are not dispatch, so they get their
 * own read-only lists rather than the dispatch lookups.
 */
export function createSafetyLookupsService({ db }: Deps) {
  return {
    /** Drivers by name, each with the truck and trailer of their open assignment. */
    async drivers(q?: string): Promise<SafetyOption[]> {
      const rows = await db
        .select({
          id: drivers.id,
          fullName: drivers.fullName,
          phone: drivers.phone,
          vehicleId: vehicles.id,
          vehicleLabel: vehicles.unitNumber,
          trailerId: trailers.id,
          trailerLabel: trailers.identifier,
        })
        .from(drivers)
        .leftJoin(
          assetAssignments,
          and(eq(assetAssignments.driverId, drivers.id), isNull(assetAssignments.endedAt)),
        )
        .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
        .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId))
        .where(q ? ilike(drivers.fullName, likePattern(q)) : undefined)
        .orderBy(asc(drivers.fullName), asc(drivers.id))
        .limit(LIMIT);
      return rows.map((r) => ({
        id: r.id,
        label: r.fullName,
        description: [r.vehicleLabel, r.trailerLabel].filter(Boolean).join(" · ") || r.phone || null,
        vehicleId: r.vehicleId,
        vehicleLabel: r.vehicleLabel,
        trailerId: r.trailerId,
        trailerLabel: r.trailerLabel,
      }));
    },

    async vehicles(q?: string): Promise<SafetyOption[]> {
      const p = q ? likePattern(q) : null;
      const rows = await db
        .select({
          id: vehicles.id,
          unitNumber: vehicles.unitNumber,
          plateNumber: vehicles.plateNumber,
          make: vehicles.make,
          model: vehicles.model,
        })
        .from(vehicles)
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
        .orderBy(asc(vehicles.unitNumber), asc(vehicles.id))
        .limit(LIMIT);
      return rows.map((r) => ({
        id: r.id,
        label: r.unitNumber,
        description:
          [[r.make, r.model].filter(Boolean).join(" "), r.plateNumber].filter(Boolean).join(" · ") || null,
        ...none,
      }));
    },

    async trailers(q?: string): Promise<SafetyOption[]> {
      const rows = await db
        .select({
          id: trailers.id,
          identifier: trailers.identifier,
          type: trailers.type,
          size: trailers.size,
        })
        .from(trailers)
        .where(q ? ilike(trailers.identifier, likePattern(q)) : undefined)
        .orderBy(asc(trailers.identifier), asc(trailers.id))
        .limit(LIMIT);
      return rows.map((r) => ({
        id: r.id,
        label: r.identifier,
        description: [r.type.replace(/_/g, " "), r.size].filter(Boolean).join(" · ") || null,
        ...none,
      }));
    },
  };
}

/** Which of the referenced driver, vehicle and trailer do not exist: field → message. */
export async function missingReferences(
  tx: Tx,
  refs: { driverId?: string | null; vehicleId?: string | null; trailerId?: string | null },
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const exists = async (table: typeof drivers | typeof vehicles | typeof trailers, id: string) =>
    (await tx.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
  if (refs.driverId && !(await exists(drivers, refs.driverId)))
    fields.driverId = "Choose an existing driver.";
  if (refs.vehicleId && !(await exists(vehicles, refs.vehicleId)))
    fields.vehicleId = "Choose an existing vehicle.";
  if (refs.trailerId && !(await exists(trailers, refs.trailerId)))
    fields.trailerId = "Choose an existing trailer or container.";
  return fields;
}
