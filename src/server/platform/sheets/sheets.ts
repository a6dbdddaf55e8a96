import ExcelJS from "exceljs";

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | null;
  width?: number;
}

/**
 * Spreadsheet formula injection: a cell starting with = + - @ tab or CR is run as a formula by
 * Excel and friends. Prefixing a quote makes it text.
 */
export function escapeCell(value: string | number | null): string | number {
  if (value === null) return "";
  if (typeof value === "number") return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const csvField = (v: string | number) => {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * CSV with a BOM so Excel opens UTF-8 correctly. `formulaGuard: false` is for a file another program
 * reads as data (an IRS upload), never opened as a spreadsheet: its values go out exactly as they are.
 */
export function toCsv<T>(rows: T[], columns: Column<T>[], { formulaGuard = true } = {}): string {
  const cell = (v: string | number | null) => (formulaGuard ? escapeCell(v) : (v ?? ""));
  const lines = [columns.map((c) => csvField(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(cell(c.value(row)))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export async function toXlsx<T>(rows: T[], columns: Column<T>[], sheetName: string): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Load Management System";
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const row of rows) sheet.addRow(columns.map((c) => escapeCell(c.value(row))));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * A list exported as a dated CSV or Excel download (`loads-2026-11-25.csv`), cells escaped against
 * formula injection. Every list export ends here.
 */
export async function sheetFile<T>(
  rows: T[],
  columns: Column<T>[],
  format: ExportFormat,
  names: {
    file: string;
    sheet: string /** What the name is dated with; today (UTC) by default. */;
    stamp?: string;
  },
): Promise<{ fileName: string; contentType: string; body: string | Uint8Array }> {
  const fileName = `${names.file}-${names.stamp ?? new Date().toISOString().slice(0, 10)}.${format}`;
  const body = format === "csv" ? toCsv(rows, columns) : await toXlsx(rows, columns, names.sheet);
  return { fileName, contentType: CONTENT_TYPES[format], body };
}

/**
 * A dated CSV that is data for another system (the IRS IRIS upload), not a spreadsheet: no formula
 * guard, so a payer phone `+1 312 555 0100` stays `+1 312 555 0100` — the guard's apostrophe would be
 * part of the value the other system reads. Lists people open in Excel go through `sheetFile`.
 */
export function dataCsvFile<T>(
  rows: T[],
  columns: Column<T>[],
  names: { file: string; stamp?: string },
): { fileName: string; contentType: string; body: string } {
  const fileName = `${names.file}-${names.stamp ?? new Date().toISOString().slice(0, 10)}.csv`;
  return { fileName, contentType: CONTENT_TYPES.csv, body: toCsv(rows, columns, { formulaGuard: false }) };
}
