import { HttpError } from "../../http/errors";
import { runInWorker, WorkerFailure } from "../workers/run-in-worker";
import { SheetParseError, tooLargeUnpacked, tooManyColumns, tooManyRows, tooSlowToRead } from "./errors";
import { csvGrid, type GridLimits } from "./grid";
import { readEntryStart, type ZipEntry, zipEntries } from "./zip";

export { SheetParseError } from "./errors";
export { parseCsv } from "./grid";

export interface Table {
  /** Header cells as written (trimmed), in order. */
  headers: string[];
  /** One record per non-empty data row, keyed by header; every value a trimmed string. */
  rows: Record<string, string>[];
}

/** Hard limits so one upload cannot take the server down; an import may ask for tighter ones. */
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_COLUMNS = 100;
/** What a workbook may unpack to, all its files together (a 5 MB upload of ordinary rows is far below). */
export const MAX_UNPACKED_MB = 40;
/** A CSV this small is read at once (a few milliseconds); a larger one, and every workbook, on a worker. */
const INLINE_CSV_BYTES = 256 * 1024;
const WORKER_LIMITS = { timeoutMs: 60_000, maxMemoryMb: 768 };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // a zip: .xlsx

function isXlsx(buffer: Uint8Array) {
  return XLSX_MAGIC.every((b, i) => buffer[i] === b);
}

/**
 * Reads the first sheet of an .xlsx workbook, or a CSV (RFC 4180: quoted fields, doubled quotes,
 * CRLF or LF, a UTF-8 BOM; `;` or tab as the separator when the header uses it). The format is
 * decided by content, not by the file name: a zip is a workbook, anything else must be UTF-8 text.
 *
 * The limits (data rows, columns, a workbook's unpacked size) are checked before the work they bound
 * — a workbook's declared sizes and its sheet's `<dimension>` first, then each row and cell as it is
 * read — and answer 400 TOO_MANY_ROWS / TOO_MANY_COLUMNS / SHEET_TOO_LARGE / SHEET_TOO_SLOW. Parsing
 * a workbook or a large CSV runs on a worker thread, so the server answers other requests meanwhile
 * (issue 38). A file that is not a sheet throws SheetParseError.
 */
export async function readTable(buffer: Uint8Array, options: Partial<GridLimits> = {}): Promise<Table> {
  if (buffer.length === 0) throw new SheetParseError("The file is empty.");
  const limits: GridLimits = {
    maxRows: options.maxRows ?? MAX_IMPORT_ROWS,
    maxColumns: options.maxColumns ?? MAX_IMPORT_COLUMNS,
  };
  let grid: string[][];
  if (isXlsx(buffer)) {
    checkWorkbook(buffer, limits);
    grid = await inWorker("xlsxGrid", buffer, limits);
  } else if (buffer.length <= INLINE_CSV_BYTES) {
    grid = csvGrid({ bytes: buffer, limits });
  } else {
    grid = await inWorker("csvGrid", buffer, limits);
  }
  return toTable(grid);
}

async function inWorker(name: "xlsxGrid" | "csvGrid", bytes: Uint8Array, limits: GridLimits) {
  try {
    return await runInWorker<{ bytes: Uint8Array; limits: GridLimits }, string[][]>(
      { module: new URL("./grid.ts", import.meta.url), name },
      { bytes, limits },
      WORKER_LIMITS,
    );
  } catch (err) {
    if (err instanceof HttpError || !(err instanceof WorkerFailure)) throw err;
    if (err.name === "SheetParseError") throw new SheetParseError(err.message);
    if (err.name === "WorkerTimeout") throw tooSlowToRead();
    if (err.name === "WorkerOutOfMemory") throw tooLargeUnpacked(MAX_UNPACKED_MB);
    throw err;
  }
}

/** A1-style reference → row and column numbers ("ZZ5000" → 5000, 702). */
function cellRef(ref: string): { row: number; column: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!m) return null;
  let column = 0;
  for (const ch of m[1]) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]), column };
}

const XML_PART_MAX = 2 * 1024 * 1024;

/** The path of the workbook's first sheet (`xl/workbook.xml` → its relations), or null if unclear. */
function firstSheet(bytes: Uint8Array, entries: ZipEntry[]): ZipEntry | null {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const small = (name: string) => {
    const e = byName.get(name);
    return e && e.size <= XML_PART_MAX ? readEntryStart(bytes, e) : "";
  };
  const sheet = /<(?:\w+:)?sheet\b[^>]*?\s\w+:id="([^"]+)"/.exec(small("xl/workbook.xml"));
  if (!sheet) return null;
  for (const rel of small("xl/_rels/workbook.xml.rels").matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    if (!rel[0].includes(`Id="${sheet[1]}"`)) continue;
    const target = /\bTarget="([^"]+)"/.exec(rel[0])?.[1];
    if (!target) return null;
    return byName.get(target.startsWith("/") ? target.slice(1) : `xl/${target}`) ?? null;
  }
  return null;
}

/**
 * Before anything is unpacked (the worker's job): what the archive declares it holds, and the first
 * sheet's `<dimension ref="A1:ZZ5000">` — a 2 KB file that declares 5,000 rows of 702 columns is
 * refused here, in a millisecond. The worker checks again what it really reads (a dimension may be
 * missing or wrong, and sizes may lie).
 */
function checkWorkbook(bytes: Uint8Array, { maxRows, maxColumns }: GridLimits) {
  const entries = zipEntries(bytes);
  const unpacked = entries.reduce((sum, e) => sum + e.size, 0);
  if (unpacked > MAX_UNPACKED_MB * 1024 * 1024) throw tooLargeUnpacked(MAX_UNPACKED_MB);
  const sheet = firstSheet(bytes, entries);
  const head = sheet ? readEntryStart(bytes, sheet) : "";
  const dimension = /<(?:\w+:)?dimension\s+ref="([^":]+)(?::([^"]+))?"/.exec(head);
  if (!dimension) return;
  const from = cellRef(dimension[1]);
  const to = cellRef(dimension[2] ?? dimension[1]);
  if (!from || !to) return;
  if (to.column > maxColumns) throw tooManyColumns(maxColumns);
  if (to.row - from.row + 1 > maxRows + 1) throw tooManyRows(maxRows);
}

function toTable(grid: string[][]): Table {
  const nonEmpty = grid.filter((r) => r.some((c) => c.trim() !== ""));
  const [headerRow, ...data] = nonEmpty;
  if (!headerRow) throw new SheetParseError("The file has no header row.");
  const headers = headerRow.map((h) => h.trim());
  if (headers.every((h) => h === "")) throw new SheetParseError("The file has no header row.");
  const rows = data.map((cells) => {
    const record: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h) record[h] = (cells[i] ?? "").trim();
    });
    return record;
  });
  return { headers, rows };
}
