import type { CustomerOption, DriverOption } from "@shared/loads/loads.schema";
import { and, asc, eq, ilike, isNull, or } from "drizzle-orm";
import { assetAssignments, customers, drivers, trailers, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import { likePattern } from "../../http/pagination";

/** How many options a picker gets; typing narrows the list. */
const LIMIT = 50;

/** Driver and customer pickers of the dispatch forms. */
export function createLookupsService({ db }: Deps) {
  return {
    async drivers(q?: string): Promise<DriverOption[]> {
      const rows = await db
        .select({
          id: drivers.id,
          fullName: drivers.fullName,
          email: drivers.email,
          status: drivers.status,
          defaultPayType: drivers.defaultPayType,
          defaultPayRate: drivers.defaultPayRate,
          vehicleId: vehicles.id,
          vehicleLabel: vehicles.unitNumber,
          trailerId: trailers.id,
          trailerLabel: trailers.identifier,
          licenseExpiry: drivers.licenseExpiry,
          medicalCardExpiry: drivers.medicalCardExpiry,
        })
        .from(drivers)
        .leftJoin(
          assetAssignments,
          and(eq(assetAssignments.driverId, drivers.id), isNull(assetAssignments.endedAt)),
        )
        .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
        .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId))
        // Deactivated drivers leave the pickers (their history stays).
        .where(and(eq(drivers.active, true), q ? ilike(drivers.fullName, likePattern(q)) : undefined))
        .orderBy(asc(drivers.fullName), asc(drivers.id))
        .limit(LIMIT);
      return rows;
    },

    async customers(q?: string): Promise<CustomerOption[]> {
      const p = q ? likePattern(q) : null;
      return db
        .select({ id: customers.id, companyName: customers.companyName, name: customers.name })
        .from(customers)
        .where(p ? or(ilike(customers.companyName, p), ilike(customers.name, p)) : undefined)
        .orderBy(asc(customers.companyName), asc(customers.id))
        .limit(LIMIT);
    },
  };
}
