import type { DriverFilter, DriverListItem, DriverSort } from "@shared/drivers/management.schema";
import { and, asc, desc, eq, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { assetAssignments, drivers, trailers, vehicles } from "../../db/schema";
import { likePattern } from "../../http/pagination";

export type DriverRow = typeof drivers.$inferSelect;

const DAY_MS = 86_400_000;
/** YYYY-MM-DD `days` after `date`. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The text the trigram index `drivers_search_trgm` covers: written exactly as the index expression. */
const searchText = sql`(${drivers.fullName} || ' ' || coalesce(${drivers.email}, '') || ' ' || coalesce(${drivers.phone}, '') || ' ' || coalesce(${drivers.licenseNumber}, ''))`;

/** The list's WHERE: activity, status, search and the compliance (expiry) filter. */
export function driverListCondition(
  filter: Omit<DriverFilter, "sort" | "dir">,
  today: string,
  warningDays: number,
): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (filter.activity === "active") where.push(eq(drivers.active, true));
  if (filter.activity === "inactive") where.push(eq(drivers.active, false));
  if (filter.status) where.push(eq(drivers.status, filter.status));
  if (filter.q) where.push(sql`${searchText} ilike ${likePattern(filter.q)}`);
  const dated = [drivers.licenseExpiry, drivers.medicalCardExpiry, drivers.insuranceExpiry];
  if (filter.compliance === "expired") where.push(or(...dated.map((c) => lt(c, today))));
  if (filter.compliance === "attention") {
    const limit = addDays(today, warningDays);
    where.push(or(...dated.map((c) => lte(c, limit))));
  }
  const parts = where.filter((w): w is SQL => !!w);
  return parts.length ? and(...parts) : undefined;
}

/** ORDER BY for a sort: empty values last either way, then name and id so pages never overlap. */
export function driverListOrder(sort: DriverSort, dir: "asc" | "desc"): SQL[] {
  const by = (col: SQL | typeof drivers.fullName) =>
    dir === "asc" ? sql`${col} asc nulls last` : sql`${col} desc nulls last`;
  const tail = [asc(drivers.fullName), asc(drivers.id)];
  switch (sort) {
    case "fullName":
      return [dir === "asc" ? asc(drivers.fullName) : desc(drivers.fullName), asc(drivers.id)];
    case "status":
      return [by(sql`${drivers.status}`), ...tail];
    case "licenseExpiry":
      return [by(sql`${drivers.licenseExpiry}`), ...tail];
    case "medicalCardExpiry":
      return [by(sql`${drivers.medicalCardExpiry}`), ...tail];
    case "hireDate":
      return [by(sql`${drivers.hireDate}`), ...tail];
    case "rating":
      return [by(sql`${drivers.ratingAverage}`), ...tail];
    case "createdAt":
      return [by(sql`${drivers.createdAt}`), ...tail];
  }
}

/** The list's columns, with the driver's open asset assignment. */
export function selectDriverItems(db: Tx) {
  return db
    .select({
      driver: drivers,
      vehicleLabel: vehicles.unitNumber,
      trailerLabel: trailers.identifier,
    })
    .from(drivers)
    .leftJoin(
      assetAssignments,
      and(eq(assetAssignments.driverId, drivers.id), isNull(assetAssignments.endedAt)),
    )
    .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
    .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId));
}

export function toDriverListItem(r: {
  driver: DriverRow;
  vehicleLabel: string | null;
  trailerLabel: string | null;
}): DriverListItem {
  const d = r.driver;
  return {
    id: d.id,
    fullName: d.fullName,
    phone: d.phone,
    email: d.email,
    status: d.status,
    manualStatus: d.manualStatus,
    active: d.active,
    licenseNumber: d.licenseNumber,
    licenseState: d.licenseState,
    licenseExpiry: d.licenseExpiry,
    medicalCardExpiry: d.medicalCardExpiry,
    insuranceExpiry: d.insuranceExpiry,
    hireDate: d.hireDate,
    ratingAverage: d.ratingAverage,
    ratingCount: d.ratingCount,
    vehicleLabel: r.vehicleLabel,
    trailerLabel: r.trailerLabel,
    hasAccount: !!d.userId,
  };
}

export async function countDrivers(db: Tx, cond: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(drivers).where(cond);
  return row.n;
}

export async function findDriverRow(tx: Tx, id: string, lock = false): Promise<DriverRow | undefined> {
  const query = tx.select().from(drivers).where(eq(drivers.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}
