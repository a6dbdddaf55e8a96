import type { CitationExportQuery } from "@shared/citations/citations.schema";
import { count, eq } from "drizzle-orm";
import { citations, drivers } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { scopeOf } from "../../http/scope";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { type CitationRow, citationCondition, citationOrder, selectCitations } from "./citations.repo";

const COLUMNS: Column<CitationRow>[] = [
  { header: "Citation number", value: (r) => r.citationNumber, width: 16 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Date", value: (r) => r.issuedOn, width: 12 },
  { header: "Due date", value: (r) => r.dueOn, width: 12 },
  { header: "City", value: (r) => r.city },
  { header: "State", value: (r) => r.state, width: 8 },
  { header: "Violation", value: (r) => r.violation, width: 36 },
  { header: "Fine", value: (r) => Number(r.fineAmount), width: 12 },
  { header: "Status", value: (r) => r.status, width: 12 },
  { header: "Overdue", value: (r) => (r.overdue ? "yes" : "no"), width: 9 },
  { header: "Dispute reason", value: (r) => r.disputeReason, width: 36 },
  { header: "File attached", value: (r) => (r.hasFile ? "yes" : "no"), width: 9 },
  { header: "Notes", value: (r) => r.notes, width: 40 },
];

/**
 * The filtered list as CSV or Excel (cells escaped against formula injection by the sheets service).
 * A driver exports only their own citations.
 */
export async function exportCitations(deps: Deps, actor: Actor, query: CitationExportQuery) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const scope = scopeOf(actor);
  const cond = citationCondition(filter, scope);
  const [{ total }] = await db
    .select({ total: count() })
    .from(citations)
    .innerJoin(drivers, eq(drivers.id, citations.driverId))
    .where(cond);
  ensureExportFits(total, "citations");
  // A driver without a record reaches nothing: `cond` is false for them (ownedBy).
  const rows = await selectCitations(db)
    .where(cond)
    .orderBy(...citationOrder(sort, dir))
    .limit(EXPORT_MAX_ROWS);
  return sheetFile(rows, COLUMNS, format, { file: "citations", sheet: "Citations" });
}
