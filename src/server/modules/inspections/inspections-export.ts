import { CHECKLIST_ITEM_NAMES, type InspectionExportQuery } from "@shared/inspections/inspections.schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { scopeOf } from "../../http/scope";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import {
  countInspections,
  type InspectionRow,
  listCondition,
  listOrder,
  selectInspections,
  trailerDescription,
} from "./inspections.repo";

const when = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");
const TYPES = { pre_trip: "Pre-trip", post_trip: "Post-trip", annual: "Annual", other: "Other" };
const STATUSES = { pass: "Pass", needs_repair: "Needs repair", fail: "Fail" };

const COLUMNS: Column<InspectionRow>[] = [
  { header: "Inspected (UTC)", value: (r) => when(r.inspectedAt), width: 18 },
  { header: "Type", value: (r) => TYPES[r.type], width: 12 },
  { header: "Asset type", value: (r) => (r.assetType === "vehicle" ? "Vehicle" : "Trailer"), width: 10 },
  { header: "Asset", value: (r) => (r.assetType === "vehicle" ? r.unitNumber : r.identifier), width: 12 },
  {
    header: "Description",
    value: (r) =>
      r.assetType === "vehicle"
        ? [r.make, r.model].filter(Boolean).join(" ")
        : trailerDescription(r.trailerSize, r.trailerType),
    width: 24,
  },
  { header: "Overall status", value: (r) => STATUSES[r.overallStatus], width: 14 },
  { header: "Inspector", value: (r) => r.inspectorName, width: 22 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Failed items", value: (r) => r.failedItems, width: 10 },
  {
    header: "Defects",
    value: (r) =>
      r.checklist
        .filter((e) => e.result === "fail")
        .map((e) => `${CHECKLIST_ITEM_NAMES[e.item]}: ${e.note}`)
        .join("; "),
    width: 50,
  },
  { header: "Odometer (mi)", value: (r) => r.odometer, width: 12 },
  { header: "Location", value: (r) => r.location, width: 24 },
  { header: "Comments", value: (r) => r.comments, width: 40 },
  { header: "Photos", value: (r) => r.imageCount, width: 8 },
];

/** The filtered list as CSV or Excel (cells escaped by the sheets service); a driver's own only. */
export async function exportInspections(deps: Deps, actor: Actor, query: InspectionExportQuery) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const scope = scopeOf(actor);
  const cond = listCondition(filter, scope);
  ensureExportFits(await countInspections(db, cond), "inspections");
  const rows = await selectInspections(db)
    .where(cond)
    .orderBy(...listOrder(sort, dir))
    .limit(EXPORT_MAX_ROWS);
  return sheetFile(rows, COLUMNS, format, { file: "inspections", sheet: "Inspections" });
}
