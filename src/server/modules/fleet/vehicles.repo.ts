import { EXPIRY_WARNING_DAYS } from "@shared/drivers/expiry";
import type { MaintenanceStatus } from "@shared/fleet/maintenance.constants";
import { MAINTENANCE_DUE_SOON_DAYS, MAINTENANCE_DUE_SOON_MILES } from "@shared/fleet/maintenance-status";
import type { VehicleFilter, VehicleListItem } from "@shared/fleet/vehicles.schema";
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { assetAssignments, drivers, vehicles } from "../../db/schema";
import { likePattern } from "../../http/pagination";
import { type AssetScope, ownedBy } from "../../http/scope";

/**
 * The effective last service of each schedule: the later of the schedule's own starting point and
 * the last completed record of that service type. Used by the detail page and the rank below.
 */
export const effectiveLastDate = sql`greatest(s.last_service_date, (
  select max(r.service_date) from maintenance_records r
  where r.vehicle_id = s.vehicle_id and r.service_type = s.service_type and r.status = 'completed'))`;
export const effectiveLastOdometer = sql`greatest(s.last_service_odometer, (
  select max(r.odometer) from maintenance_records r
  where r.vehicle_id = s.vehicle_id and r.service_type = s.service_type and r.status = 'completed'))`;

/**
 * The vehicle's maintenance status as a rank (0 good, 1 due, 2 overdue), in SQL so lists filter and
 * sort by it. Mirrors `vehicleMaintenanceStatus` in src/shared/fleet/maintenance-status.ts.
 */
export const maintenanceRank = sql<number>`(
  select greatest(
    coalesce(max(case
      when d.due_date is null and d.due_odo is null then 1
      when d.due_date < current_date or d.due_odo < ${vehicles.mileage} then 2
      when d.due_date <= current_date + ${MAINTENANCE_DUE_SOON_DAYS}::int
        or d.due_odo - ${vehicles.mileage} <= ${MAINTENANCE_DUE_SOON_MILES}::int then 1
      else 0 end), 0),
    case when exists (
      select 1 from maintenance_records o where o.vehicle_id = ${vehicles.id} and o.status = 'open'
    ) then 1 else 0 end)
  from (
    select ${effectiveLastDate} + s.interval_days as due_date,
           ${effectiveLastOdometer} + s.interval_miles as due_odo
    from maintenance_schedules s where s.vehicle_id = ${vehicles.id}
  ) d
)`.mapWith(Number);

export const RANK_STATUS: MaintenanceStatus[] = ["good", "due", "overdue"];
const STATUS_RANK: Record<MaintenanceStatus, number> = { good: 0, due: 1, overdue: 2 };

export const openItemsOfVehicle = sql<number>`(
  select count(*) from maintenance_records o where o.vehicle_id = ${vehicles.id} and o.status = 'open'
)`.mapWith(Number);

/** The vehicle's assignment now (none or one). */
export const openAssignment = and(
  eq(assetAssignments.vehicleId, vehicles.id),
  isNull(assetAssignments.endedAt),
);

/** A vehicle's own fields, in the answer's order (the list's columns and the page's JSON text start so). */
export const vehicleOwnColumns = {
  id: vehicles.id,
  unitNumber: vehicles.unitNumber,
  plateNumber: vehicles.plateNumber,
  plateState: vehicles.plateState,
  plateExpiresOn: vehicles.plateExpiresOn,
  make: vehicles.make,
  model: vehicles.model,
  year: vehicles.year,
  vin: vehicles.vin,
  fuelType: vehicles.fuelType,
  insuranceExpiresOn: vehicles.insuranceExpiresOn,
  lastTireChangeOn: vehicles.lastTireChangeOn,
  mileage: vehicles.mileage,
  transponder: vehicles.transponder,
  telematicsId: vehicles.telematicsId,
  status: vehicles.status,
};

export const vehicleColumns = {
  ...vehicleOwnColumns,
  rank: maintenanceRank,
  openItems: openItemsOfVehicle,
  assignedDriverId: drivers.id,
  assignedDriverName: drivers.fullName,
  assignedSince: assetAssignments.startedAt,
  notes: vehicles.notes,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
};

/** The vehicles with their driver; `extra` adds columns (the detail's lists, asset-detail.ts). */
export const selectVehicles = <E extends Record<string, SQL.Aliased | SQL> = Record<never, never>>(
  tx: Tx,
  extra?: E,
) =>
  tx
    .select({ ...vehicleColumns, ...(extra as E) })
    .from(vehicles)
    .leftJoin(assetAssignments, openAssignment)
    .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId));
export type VehicleRow = Awaited<ReturnType<typeof selectVehicles>>[number];

const { rank: _rank, ...detailColumns } = vehicleColumns;

/**
 * One vehicle as `selectVehicles` reads it but without the maintenance rank: its detail reads the
 * schedules anyway and works the status out from them with the function the rank mirrors
 * (`vehicleMaintenanceStatus`) — the rank's subqueries were a third of the detail's statement (issue 42).
 */
export const selectVehicleDetail = <E extends Record<string, SQL.Aliased | SQL>>(tx: Tx, extra: E) =>
  tx
    .select({ ...detailColumns, ...extra })
    .from(vehicles)
    .leftJoin(assetAssignments, openAssignment)
    .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId));

export const toListItem = (r: VehicleRow): VehicleListItem => ({
  id: r.id,
  unitNumber: r.unitNumber,
  plateNumber: r.plateNumber,
  plateState: r.plateState,
  plateExpiresOn: r.plateExpiresOn,
  make: r.make,
  model: r.model,
  year: r.year,
  vin: r.vin,
  fuelType: r.fuelType,
  insuranceExpiresOn: r.insuranceExpiresOn,
  lastTireChangeOn: r.lastTireChangeOn,
  mileage: r.mileage,
  transponder: r.transponder,
  telematicsId: r.telematicsId,
  status: r.status,
  maintenanceStatus: RANK_STATUS[r.rank] ?? "good",
  openItems: r.openItems,
  assignedDriverId: r.assignedDriverId,
  assignedDriverName: r.assignedDriverName,
});

/** A driver reaches only the vehicle they hold now; without one, nothing. */
export function vehicleScopeCondition(scope: AssetScope): SQL | undefined {
  return ownedBy(scope, { vehicle: vehicles.id });
}

export function vehicleListCondition(filter: Omit<VehicleFilter, "sort" | "dir">, scope: AssetScope) {
  const conds: Array<SQL | undefined> = [vehicleScopeCondition(scope)];
  if (filter.q) {
    const p = likePattern(filter.q);
    conds.push(
      or(
        ilike(vehicles.unitNumber, p),
        ilike(vehicles.plateNumber, p),
        ilike(vehicles.make, p),
        ilike(vehicles.model, p),
        ilike(vehicles.vin, p),
        ilike(vehicles.transponder, p),
        ilike(drivers.fullName, p),
      ),
    );
  }
  if (filter.status) conds.push(eq(vehicles.status, filter.status));
  if (filter.fuelType) conds.push(eq(vehicles.fuelType, filter.fuelType));
  if (filter.maintenanceStatus)
    conds.push(sql`${maintenanceRank} = ${STATUS_RANK[filter.maintenanceStatus]}`);
  if (filter.alert === "attention") {
    const horizon = sql`current_date + ${EXPIRY_WARNING_DAYS}::int`;
    conds.push(
      or(sql`${vehicles.plateExpiresOn} <= ${horizon}`, sql`${vehicles.insuranceExpiresOn} <= ${horizon}`),
    );
  }
  if (filter.assigned === "yes") conds.push(isNotNull(assetAssignments.id));
  if (filter.assigned === "no") conds.push(isNull(assetAssignments.id));
  return and(...conds);
}

export function vehicleOrder(sort: VehicleFilter["sort"], dir: VehicleFilter["dir"]): SQL[] {
  const d = dir === "desc" ? desc : asc;
  // Empty dates and names go last whichever way the list is sorted.
  const by = (expr: SQL) => sql`${expr} ${sql.raw(dir)} nulls last`;
  const tie = [asc(sql`lower(${vehicles.unitNumber})`), asc(vehicles.id)];
  switch (sort) {
    case "plateNumber":
      return [d(sql`lower(${vehicles.plateNumber})`), ...tie];
    case "make":
      return [d(sql`lower(${vehicles.make})`), d(sql`lower(${vehicles.model})`), ...tie];
    case "year":
      return [by(sql`${vehicles.year}`), ...tie];
    case "mileage":
      return [d(vehicles.mileage), ...tie];
    case "plateExpiresOn":
      return [by(sql`${vehicles.plateExpiresOn}`), ...tie];
    case "insuranceExpiresOn":
      return [by(sql`${vehicles.insuranceExpiresOn}`), ...tie];
    case "maintenanceStatus":
      return [d(maintenanceRank), ...tie];
    case "status":
      return [d(vehicles.status), ...tie];
    case "driver":
      return [by(sql`lower(${drivers.fullName})`), ...tie];
    default:
      return [d(sql`lower(${vehicles.unitNumber})`), asc(vehicles.id)];
  }
}

export async function countVehicles(tx: Tx, cond: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(vehicles)
    .leftJoin(assetAssignments, openAssignment)
    .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId))
    .where(cond);
  return row.n;
}
