import { EXPORT_MAX_ROWS } from "@shared/api/api.schema";
import { HttpError } from "./errors";

export { EXPORT_MAX_ROWS };

/** The one answer to an export past its cap: 400 EXPORT_TOO_LARGE, naming the cap and what to do. */
export function exportTooLarge(what: string, maxRows: number = EXPORT_MAX_ROWS): HttpError {
  return new HttpError(
    400,
    "EXPORT_TOO_LARGE",
    `An export holds at most ${maxRows.toLocaleString("en-US")} ${what}. Narrow the filters (for example a date range) and try again.`,
  );
}

/** Refuses the export before any row is read when the filtered count passes the cap. */
export function ensureExportFits(total: number, what: string, maxRows: number = EXPORT_MAX_ROWS): void {
  if (total > maxRows) throw exportTooLarge(what, maxRows);
}
