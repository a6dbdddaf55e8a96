import type { AccidentFilter, AccidentListItem, AccidentSort } from "@shared/accidents/accidents.schema";
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { accidentImages, accidents, drivers, trailers, vehicles } from "../../db/schema";
import { likePattern } from "../../http/pagination";
import { dayAfter, dayStart } from "../../platform/company-day";

/** The list's WHERE: filters and the search (reference, place, report and claim numbers, people, equipment). */
export function accidentCondition(filter: Partial<AccidentFilter>): SQL | undefined {
  const where: SQL[] = [];
  if (filter.driverId) where.push(eq(accidents.driverId, filter.driverId));
  if (filter.vehicleId) where.push(eq(accidents.vehicleId, filter.vehicleId));
  if (filter.claimStatus) where.push(eq(accidents.claimStatus, filter.claimStatus));
  if (filter.injuries !== undefined) where.push(eq(accidents.injuries, filter.injuries));
  if (filter.from) where.push(gte(accidents.occurredAt, dayStart(filter.from, "UTC")));
  // The last day PostgreSQL holds has no next day: up to it is no upper bound at all.
  if (filter.to) where.push(lt(accidents.occurredAt, dayAfter(filter.to, "UTC")));
  if (filter.q) {
    const p = likePattern(filter.q);
    const text = or(
      ilike(accidents.reference, p),
      ilike(accidents.location, p),
      ilike(accidents.policeReportNumber, p),
      ilike(accidents.insurer, p),
      ilike(accidents.claimNumber, p),
      ilike(drivers.fullName, p),
      ilike(vehicles.unitNumber, p),
      ilike(trailers.identifier, p),
    );
    if (text) where.push(text);
  }
  return where.length ? and(...where) : undefined;
}

/** ORDER BY for a sort; ties broken by the newest accident, then id, so pages never overlap. */
export function accidentOrder(sort: AccidentSort, dir: "asc" | "desc"): SQL[] {
  const by = (col: Parameters<typeof asc>[0]) => (dir === "asc" ? asc(col) : desc(col));
  const nullsLast = (col: Parameters<typeof asc>[0]) =>
    dir === "asc" ? sql`${col} asc nulls last` : sql`${col} desc nulls last`;
  const tail = [desc(accidents.occurredAt), asc(accidents.id)];
  switch (sort) {
    case "occurredAt":
      return [by(accidents.occurredAt), asc(accidents.id)];
    case "reference":
      return [by(accidents.reference)];
    case "claimAmount":
      return [nullsLast(accidents.claimAmount), ...tail];
    case "claimStatus":
      return [by(accidents.claimStatus), ...tail];
    case "driverName":
      return [nullsLast(drivers.fullName), ...tail];
  }
}

const imageCount = sql<number>`(select count(*)::int from ${accidentImages} where ${accidentImages.accidentId} = ${accidents.id})`;

export const accidentColumns = {
  id: accidents.id,
  reference: accidents.reference,
  occurredAt: accidents.occurredAt,
  location: accidents.location,
  driverId: accidents.driverId,
  driverName: drivers.fullName,
  vehicleId: accidents.vehicleId,
  vehicleLabel: vehicles.unitNumber,
  trailerId: accidents.trailerId,
  trailerLabel: trailers.identifier,
  policeReportNumber: accidents.policeReportNumber,
  description: accidents.description,
  injuries: accidents.injuries,
  claimAmount: accidents.claimAmount,
  claimStatus: accidents.claimStatus,
  insurer: accidents.insurer,
  claimNumber: accidents.claimNumber,
  closedAt: accidents.closedAt,
  imageCount,
  createdAt: accidents.createdAt,
  updatedAt: accidents.updatedAt,
};

/** Accidents with the names of their driver, unit and trailer (any of which may be missing). */
export const selectAccidents = (db: Tx) =>
  db
    .select(accidentColumns)
    .from(accidents)
    .leftJoin(drivers, eq(drivers.id, accidents.driverId))
    .leftJoin(vehicles, eq(vehicles.id, accidents.vehicleId))
    .leftJoin(trailers, eq(trailers.id, accidents.trailerId));

export type AccidentRow = Awaited<ReturnType<typeof selectAccidents>>[number];

/** The same joins for counting, so the search can name a driver, unit or trailer. */
export const countAccidents = (db: Tx, cond: SQL | undefined) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(accidents)
    .leftJoin(drivers, eq(drivers.id, accidents.driverId))
    .leftJoin(vehicles, eq(vehicles.id, accidents.vehicleId))
    .leftJoin(trailers, eq(trailers.id, accidents.trailerId))
    .where(cond);

export function toListItem(r: AccidentRow): AccidentListItem {
  return {
    id: r.id,
    reference: r.reference,
    occurredAt: r.occurredAt.toISOString(),
    location: r.location,
    driverId: r.driverId,
    driverName: r.driverName,
    vehicleId: r.vehicleId,
    vehicleLabel: r.vehicleLabel,
    trailerId: r.trailerId,
    trailerLabel: r.trailerLabel,
    policeReportNumber: r.policeReportNumber,
    injuries: r.injuries,
    claimAmount: r.claimAmount,
    claimStatus: r.claimStatus,
    insurer: r.insurer,
    claimNumber: r.claimNumber,
    imageCount: r.imageCount,
    createdAt: r.createdAt.toISOString(),
  };
}

export const formatAccidentReference = (year: number, n: number) =>
  `ACC-${year}-${String(n).padStart(4, "0")}`;

/** The next free reference of `year` from the sequence (skipping any imported by hand). */
export async function takeAccidentReference(tx: Tx, year: number): Promise<string> {
  for (;;) {
    const { rows } = await tx.execute<{ n: string }>(sql`select nextval('accident_number_seq')::text as n`);
    const candidate = formatAccidentReference(year, Number(rows[0].n));
    const [taken] = await tx
      .select({ id: accidents.id })
      .from(accidents)
      .where(eq(accidents.reference, candidate));
    if (!taken) return candidate;
  }
}
