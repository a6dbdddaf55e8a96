import type {
  InspectionFilter,
  InspectionListItem,
  InspectionSort,
} from "@shared/inspections/inspections.schema";
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { drivers, inspectionImages, inspections, trailers, users, vehicles } from "../../db/schema";
import type { Actor } from "../../http/context";
import { likePattern } from "../../http/pagination";
import { ownDriverId, ownedBy, type Scope } from "../../http/scope";
import { dayAfter, dayStart } from "../../platform/company-day";

/** The caller's own driver record (a driver filing an inspection signs it with their name). */
export async function driverOfActor(tx: Tx, actor: Pick<Actor, "role" | "driverId" | "customerId">) {
  const driverId = ownDriverId(actor);
  if (!driverId) return null;
  const [row] = await tx
    .select({ id: drivers.id, fullName: drivers.fullName })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return row ?? null;
}

/** Whose inspections a caller reaches: staff every one, a driver only their own. */
export const scopeCondition = (scope: Scope): SQL | undefined =>
  ownedBy(scope, { driver: inspections.driverId });

export function listCondition(filter: Omit<InspectionFilter, "sort" | "dir">, scope: Scope): SQL | undefined {
  const where: Array<SQL | undefined> = [scopeCondition(scope)];
  if (filter.assetType) where.push(eq(inspections.assetType, filter.assetType));
  if (filter.vehicleId) where.push(eq(inspections.vehicleId, filter.vehicleId));
  if (filter.trailerId) where.push(eq(inspections.trailerId, filter.trailerId));
  if (filter.type) where.push(eq(inspections.type, filter.type));
  if (filter.status) where.push(eq(inspections.overallStatus, filter.status));
  if (filter.driverId) where.push(eq(inspections.driverId, filter.driverId));
  // Days of UTC, counted by PostgreSQL (the day after 9999-12-31 is a year JavaScript writes and PostgreSQL cannot read).
  if (filter.from) where.push(gte(inspections.inspectedAt, dayStart(filter.from, "UTC")));
  if (filter.to) where.push(lt(inspections.inspectedAt, dayAfter(filter.to, "UTC")));
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(
      or(
        ilike(vehicles.unitNumber, p),
        ilike(vehicles.plateNumber, p),
        ilike(trailers.identifier, p),
        ilike(inspections.inspectorName, p),
        ilike(drivers.fullName, p),
        ilike(inspections.location, p),
        ilike(inspections.comments, p),
      ),
    );
  }
  const parts = where.filter((w): w is SQL => !!w);
  return parts.length ? and(...parts) : undefined;
}

const assetLabel = sql<string>`coalesce(${vehicles.unitNumber}, ${trailers.identifier})`;

/** ORDER BY for a sort; the newest inspection first within equal keys, `id` so pages never overlap. */
export function listOrder(sort: InspectionSort, dir: "asc" | "desc"): SQL[] {
  const by = dir === "desc" ? desc : asc;
  const newest = [desc(inspections.inspectedAt), desc(inspections.id)];
  switch (sort) {
    case "inspectedAt":
      return [by(inspections.inspectedAt), by(inspections.id)];
    case "overallStatus":
      return [by(inspections.overallStatus), ...newest];
    case "type":
      return [by(inspections.type), ...newest];
    case "asset":
      return [by(sql`lower(${assetLabel})`), ...newest];
  }
}

/** Inspections joined to their asset, driver and author: the base of lists, exports and the detail. */
export function selectInspections(tx: Tx) {
  return tx
    .select({
      id: inspections.id,
      assetType: inspections.assetType,
      vehicleId: inspections.vehicleId,
      trailerId: inspections.trailerId,
      unitNumber: vehicles.unitNumber,
      make: vehicles.make,
      model: vehicles.model,
      plateNumber: vehicles.plateNumber,
      identifier: trailers.identifier,
      trailerType: trailers.type,
      trailerSize: trailers.size,
      type: inspections.type,
      overallStatus: inspections.overallStatus,
      inspectedAt: inspections.inspectedAt,
      inspectorName: inspections.inspectorName,
      driverId: inspections.driverId,
      driverName: drivers.fullName,
      odometer: inspections.odometer,
      location: inspections.location,
      checklist: inspections.checklist,
      failedItems: inspections.failedItems,
      comments: inspections.comments,
      createdByName: users.name,
      createdAt: inspections.createdAt,
      occurredAt: inspections.occurredAt,
      receivedAt: inspections.receivedAt,
      imageCount: sql<number>`(select count(*)::int from ${inspectionImages} where ${inspectionImages.inspectionId} = ${inspections.id})`,
    })
    .from(inspections)
    .leftJoin(vehicles, eq(vehicles.id, inspections.vehicleId))
    .leftJoin(trailers, eq(trailers.id, inspections.trailerId))
    .leftJoin(drivers, eq(drivers.id, inspections.driverId))
    .leftJoin(users, eq(users.id, inspections.createdBy));
}
export type InspectionRow = Awaited<ReturnType<ReturnType<typeof selectInspections>["execute"]>>[number];

/** The count of a filtered list: the same joins, since the search reaches the asset and driver. */
export async function countInspections(tx: Tx, cond: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(inspections)
    .leftJoin(vehicles, eq(vehicles.id, inspections.vehicleId))
    .leftJoin(trailers, eq(trailers.id, inspections.trailerId))
    .leftJoin(drivers, eq(drivers.id, inspections.driverId))
    .where(cond);
  return row.total;
}

const TRAILER_TYPE_NAMES: Record<string, string> = {
  dry_van: "Dry van",
  reefer: "Reefer",
  flatbed: "Flatbed",
  step_deck: "Step deck",
  tanker: "Tanker",
  container: "Container",
  other: "Other",
};

const words = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" ");

/** "53 ft Reefer": a trailer's size and type, for pickers and lists. */
export const trailerDescription = (size: string | null, type: string | null) =>
  words(size, TRAILER_TYPE_NAMES[type ?? ""] ?? type);

export function toListItem(r: InspectionRow): InspectionListItem {
  const vehicle = r.assetType === "vehicle";
  return {
    id: r.id,
    assetType: r.assetType,
    assetId: (vehicle ? r.vehicleId : r.trailerId) ?? "",
    assetLabel: (vehicle ? r.unitNumber : r.identifier) ?? "",
    assetDescription: vehicle ? words(r.make, r.model) : (r.trailerSize ?? ""),
    trailerType: vehicle ? null : r.trailerType,
    type: r.type,
    overallStatus: r.overallStatus,
    inspectedAt: r.inspectedAt.toISOString(),
    inspectorName: r.inspectorName,
    driverId: r.driverId,
    driverName: r.driverName,
    failedItems: r.failedItems,
    imageCount: r.imageCount,
  };
}
