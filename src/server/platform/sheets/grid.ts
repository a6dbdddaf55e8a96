import ExcelJS from "exceljs";
import { SheetParseError, tooManyColumns, tooManyRows } from "./errors";
import { readEntry, zipEntries } from "./zip";

/** How much of a file an import reads: data rows (the header row aside) and columns. */
export interface GridLimits {
  maxRows: number;
  maxColumns: number;
}

export interface GridInput {
  bytes: Uint8Array;
  limits: GridLimits;
}

/**
 * Counts what a grid holds as it is read and stops at the first row or column past the limits, so the
 * time spent is linear in the cells read and never more than the limits allow.
 */
function guard({ maxRows, maxColumns }: GridLimits) {
  let rows = 0;
  return {
    column(n: number) {
      if (n > maxColumns) throw tooManyColumns(maxColumns);
    },
    row(cells: string[]) {
      if (cells.some((c) => c.trim() !== "") && ++rows > maxRows + 1) throw tooManyRows(maxRows);
    },
  };
}

function decodeUtf8(buffer: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    throw new SheetParseError("The file is not UTF-8 text, CSV or Excel.");
  }
  if (text.includes("\u0000")) throw new SheetParseError("The file is not a CSV or Excel file.");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function detectSeparator(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((s) => [s, firstLine.split(s).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ",";
}

const NO_LIMITS: GridLimits = { maxRows: Number.POSITIVE_INFINITY, maxColumns: Number.POSITIVE_INFINITY };

/** RFC 4180 CSV into a grid of cells. An unterminated quote is a parse error; limits stop it early. */
export function parseCsv(text: string, separator = ",", limits: GridLimits = NO_LIMITS): string[][] {
  const check = guard(limits);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  const endField = () => {
    row.push(field);
    check.column(row.length);
    field = "";
  };
  const endRow = () => {
    endField();
    check.row(row);
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
      i++;
    } else if (ch === separator) {
      endField();
      i++;
    } else if (ch === "\r" || ch === "\n") {
      endRow();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) throw new SheetParseError("A quoted field is never closed.");
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/** A CSV file (UTF-8, with or without a BOM; `,`, `;` or tab) as a grid, within the limits. */
export function csvGrid({ bytes, limits }: GridInput): string[][] {
  const text = decodeUtf8(bytes);
  return parseCsv(text, detectSeparator(text), limits);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text; // hyperlink
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue); // formula: its cached result
    if ("error" in value) return "";
    return "";
  }
  return String(value);
}

/**
 * The first sheet of an .xlsx workbook as a grid, within the limits. Runs on a worker thread
 * (read.ts): loading a workbook takes seconds for a few thousand rows. Every file of the archive is
 * first unpacked no further than its declared size (which read.ts has bounded), so a zip that lies
 * about its sizes is refused; then only the cells present are visited (never the sheet's full width
 * for each row), and the first row or column past the limits stops the read.
 */
export async function xlsxGrid({ bytes, limits }: GridInput): Promise<string[][]> {
  for (const entry of zipEntries(bytes)) readEntry(bytes, entry);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's types predate Node's generic Buffer; the bytes are what it reads.
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer,
    );
  } catch {
    throw new SheetParseError("The workbook could not be read.");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SheetParseError("The workbook has no sheet.");
  const check = guard(limits);
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      check.column(column);
      while (cells.length < column - 1) cells.push("");
      cells[column - 1] = cellText(cell.value);
    });
    check.row(cells);
    grid.push(cells);
  });
  return grid;
}
