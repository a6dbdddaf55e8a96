import { expiryMessage, expiryState } from "@shared/drivers/expiry";
import { SERVICE_TYPE_LABELS, type ServiceType } from "@shared/fleet/maintenance.constants";
import type { maintenanceExportQuerySchema } from "@shared/fleet/maintenance.schema";
import {
  TRAILER_INSPECTION_WARNING_DAYS,
  type trailerExportQuerySchema,
} from "@shared/fleet/trailers.schema";
import {
  FLEET_EXPORT_MAX_ROWS,
  type VehicleListItem,
  type vehicleExportQuerySchema,
} from "@shared/fleet/vehicles.schema";
import { CHECKLIST_ITEM_NAMES } from "@shared/inspections/inspections.schema";
import type { z } from "zod";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { ensureExportFits } from "../../http/export";
import { scopeWithAssets } from "../../http/scope";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { dbToday, humanize } from "./fleet-common";
import { listMaintenanceRows, type MaintenanceRow, maintenanceListCondition } from "./maintenance.service";
import { listTrailerRows, trailerListCondition } from "./trailers.service";
import { selectVehicles, toListItem, vehicleListCondition, vehicleOrder } from "./vehicles.repo";

type Format = "csv" | "xlsx";

async function file<T>(name: string, sheet: string, format: Format, rows: T[], cols: Column<T>[]) {
  ensureExportFits(rows.length, "rows", FLEET_EXPORT_MAX_ROWS);
  return sheetFile(rows, cols, format, { file: name, sheet });
}

/** The filtered vehicle list (drivers: their own), with expiry warnings as the screen shows them. */
export async function exportVehicles(
  deps: Deps,
  actor: Actor,
  query: z.infer<typeof vehicleExportQuerySchema>,
) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const scope = await scopeWithAssets(db, actor);
  const today = await dbToday(db);
  const rows = (
    await selectVehicles(db)
      .where(vehicleListCondition(filter, scope))
      .orderBy(...vehicleOrder(sort, dir))
      .limit(FLEET_EXPORT_MAX_ROWS + 1)
  ).map(toListItem);
  const warn = (d: string | null) => expiryMessage(expiryState(d, today)) ?? "";
  const cols: Column<VehicleListItem>[] = [
    { header: "Unit", value: (r) => r.unitNumber, width: 10 },
    { header: "Plate", value: (r) => r.plateNumber, width: 12 },
    { header: "Plate state", value: (r) => r.plateState, width: 10 },
    { header: "Plate expires", value: (r) => r.plateExpiresOn, width: 13 },
    { header: "Plate warning", value: (r) => warn(r.plateExpiresOn), width: 20 },
    { header: "Make", value: (r) => r.make, width: 14 },
    { header: "Model", value: (r) => r.model, width: 14 },
    { header: "Year", value: (r) => r.year, width: 8 },
    { header: "VIN", value: (r) => r.vin, width: 20 },
    { header: "Fuel type", value: (r) => humanize(r.fuelType), width: 10 },
    { header: "Insurance expires", value: (r) => r.insuranceExpiresOn, width: 15 },
    { header: "Insurance warning", value: (r) => warn(r.insuranceExpiresOn), width: 20 },
    { header: "Last tire change", value: (r) => r.lastTireChangeOn, width: 15 },
    { header: "Odometer (mi)", value: (r) => r.mileage, width: 13 },
    { header: "Transponder", value: (r) => r.transponder, width: 14 },
    { header: "Status", value: (r) => humanize(r.status), width: 14 },
    { header: "Maintenance", value: (r) => humanize(r.maintenanceStatus), width: 12 },
    { header: "Open items", value: (r) => r.openItems, width: 10 },
    { header: "Assigned driver", value: (r) => r.assignedDriverName, width: 22 },
  ];
  return file("vehicles", "Vehicles", format, rows, cols);
}

export async function exportTrailers(
  deps: Deps,
  actor: Actor,
  query: z.infer<typeof trailerExportQuerySchema>,
) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const scope = await scopeWithAssets(db, actor);
  const today = await dbToday(db);
  const rows = await listTrailerRows(db, trailerListCondition(filter, scope), { sort, dir }).limit(
    FLEET_EXPORT_MAX_ROWS + 1,
  );
  type Row = (typeof rows)[number];
  const due = (d: string | null) => {
    const state = expiryState(d, today, TRAILER_INSPECTION_WARNING_DAYS);
    if (!state || state.kind === "valid") return "";
    if (state.kind === "expired") return `Overdue by ${state.days} day${state.days === 1 ? "" : "s"}`;
    if (state.kind === "today") return "Due today";
    return `Due in ${state.days} day${state.days === 1 ? "" : "s"}`;
  };
  const cols: Column<Row>[] = [
    { header: "Identifier", value: (r) => r.identifier, width: 12 },
    { header: "Type", value: (r) => humanize(r.type), width: 12 },
    { header: "Size", value: (r) => r.size, width: 10 },
    { header: "VIN", value: (r) => r.vin, width: 20 },
    { header: "Plate", value: (r) => r.plateNumber, width: 12 },
    { header: "Plate state", value: (r) => r.plateState, width: 10 },
    { header: "Year", value: (r) => r.year, width: 8 },
    { header: "Last inspection", value: (r) => r.lastInspectionOn, width: 15 },
    { header: "Next inspection", value: (r) => r.nextInspectionOn, width: 15 },
    { header: "Inspection warning", value: (r) => due(r.nextInspectionOn), width: 20 },
    { header: "Status", value: (r) => humanize(r.status), width: 14 },
    { header: "Open items", value: (r) => r.openItems, width: 10 },
    { header: "Assigned driver", value: (r) => r.assignedDriverName, width: 22 },
  ];
  return file("trailers", "Trailers", format, rows, cols);
}

export async function exportMaintenance(
  deps: Deps,
  actor: Actor,
  query: z.infer<typeof maintenanceExportQuerySchema>,
) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const scope = await scopeWithAssets(db, actor);
  const rows = await listMaintenanceRows(db, maintenanceListCondition(filter, scope), sort, dir).limit(
    FLEET_EXPORT_MAX_ROWS + 1,
  );
  const cols: Column<MaintenanceRow>[] = [
    { header: "Date", value: (r) => r.record.serviceDate, width: 12 },
    { header: "Asset type", value: (r) => (r.record.vehicleId ? "Vehicle" : "Trailer"), width: 10 },
    { header: "Asset", value: (r) => r.unitNumber ?? r.identifier, width: 12 },
    {
      header: "Service",
      value: (r) =>
        SERVICE_TYPE_LABELS[r.record.serviceType as ServiceType] ?? humanize(r.record.serviceType),
      width: 18,
    },
    { header: "Status", value: (r) => humanize(r.record.status), width: 11 },
    { header: "Source", value: (r) => humanize(r.record.source), width: 11 },
    { header: "Odometer (mi)", value: (r) => r.record.odometer, width: 13 },
    { header: "Cost", value: (r) => r.record.cost, width: 11 },
    { header: "Vendor", value: (r) => r.record.vendor, width: 24 },
    { header: "Notes", value: (r) => r.record.notes, width: 40 },
    {
      header: "Inspection defects",
      value: (r) =>
        r.record.sourceData?.defects.map((d) => `${CHECKLIST_ITEM_NAMES[d.item]}: ${d.note}`).join("; ") ??
        "",
      width: 40,
    },
    { header: "Receipt", value: (r) => r.receiptName, width: 20 },
    { header: "Logged by", value: (r) => r.createdByName, width: 20 },
    { header: "Completed by", value: (r) => r.completedByName, width: 20 },
  ];
  return file("maintenance", "Maintenance", format, rows, cols);
}
