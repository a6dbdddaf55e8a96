import type { AccidentExportQuery } from "@shared/accidents/accidents.schema";
import type { Deps } from "../../deps";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import {
  type AccidentRow,
  accidentCondition,
  accidentOrder,
  countAccidents,
  selectAccidents,
} from "./accidents.repo";

const when = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

const COLUMNS: Column<AccidentRow>[] = [
  { header: "Reference", value: (r) => r.reference, width: 16 },
  { header: "Date (UTC)", value: (r) => when(r.occurredAt), width: 17 },
  { header: "Location", value: (r) => r.location, width: 36 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Vehicle", value: (r) => r.vehicleLabel, width: 10 },
  { header: "Trailer/container", value: (r) => r.trailerLabel, width: 12 },
  { header: "Police report", value: (r) => r.policeReportNumber, width: 16 },
  { header: "Injuries", value: (r) => (r.injuries ? "yes" : "no"), width: 9 },
  {
    header: "Claim amount",
    value: (r) => (r.claimAmount === null ? null : Number(r.claimAmount)),
    width: 14,
  },
  { header: "Claim status", value: (r) => r.claimStatus, width: 12 },
  { header: "Insurer", value: (r) => r.insurer, width: 22 },
  { header: "Claim number", value: (r) => r.claimNumber, width: 16 },
  { header: "Closed (UTC)", value: (r) => (r.closedAt ? when(r.closedAt) : null), width: 17 },
  { header: "Photos", value: (r) => r.imageCount, width: 8 },
  { header: "Description", value: (r) => r.description, width: 50 },
];

/** The filtered list as CSV or Excel (cells escaped against formula injection by the sheets service). */
export async function exportAccidents(deps: Deps, query: AccidentExportQuery) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const cond = accidentCondition(filter);
  const [{ total }] = await countAccidents(db, cond);
  ensureExportFits(total, "accidents");
  const rows = await selectAccidents(db)
    .where(cond)
    .orderBy(...accidentOrder(sort, dir))
    .limit(EXPORT_MAX_ROWS);
  return sheetFile(rows, COLUMNS, format, { file: "accidents", sheet: "Accidents" });
}
