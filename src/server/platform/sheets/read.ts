import ExcelJS from "exceljs";

/** A file that is not a readable CSV or Excel workbook. Importers answer "Failed to parse the file.". */
export class SheetParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SheetParseError";
  }
}

export interface Table {
  /** Header cells as written (trimmed), in order. */
  headers: string[];
  /** One record per non-empty data row, keyed by header; every value a trimmed string. */
  rows: Record<string, string>[];
}

/** Hard limits so one upload cannot take the server down. */
export const MAX_IMPORT_ROWS = 10_000;

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // a zip: .xlsx

function isXlsx(buffer: Uint8Array) {
  return XLSX_MAGIC.every((b, i) => buffer[i] === b);
}

/**
 * Reads the first sheet of an .xlsx workbook, or a CSV (RFC 4180: quoted fields, doubled quotes,
 * CRLF or LF, a UTF-8 BOM; `;` or tab as the separator when the header uses it). The format is
 * decided by content, not by the file name: a zip is a workbook, anything else must be UTF-8 text.
 */
export async function readTable(buffer: Uint8Array, _filename = ""): Promise<Table> {
  if (buffer.length === 0) throw new SheetParseError("The file is empty.");
  const grid = isXlsx(buffer) ? await readXlsxGrid(buffer) : readCsvGrid(buffer);
  return toTable(grid);
}

function toTable(grid: string[][]): Table {
  const nonEmpty = grid.filter((r) => r.some((c) => c.trim() !== ""));
  const [headerRow, ...data] = nonEmpty;
  if (!headerRow) throw new SheetParseError("The file has no header row.");
  const headers = headerRow.map((h) => h.trim());
  if (headers.every((h) => h === "")) throw new SheetParseError("The file has no header row.");
  if (data.length > MAX_IMPORT_ROWS) {
    throw new SheetParseError(`The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows.`);
  }
  const rows = data.map((cells) => {
    const record: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h) record[h] = (cells[i] ?? "").trim();
    });
    return record;
  });
  return { headers, rows };
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

/** RFC 4180 CSV into a grid of cells. An unterminated quote is a parse error. */
export function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
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
      row.push(field);
      field = "";
      i++;
    } else if (ch === "\r" || ch === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) throw new SheetParseError("A quoted field is never closed.");
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function readCsvGrid(buffer: Uint8Array): string[][] {
  const text = decodeUtf8(buffer);
  return parseCsv(text, detectSeparator(text));
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

async function readXlsxGrid(buffer: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's types predate Node's generic Buffer; the bytes are what it reads.
    await workbook.xlsx.load(Buffer.from(buffer) as unknown as ArrayBuffer);
  } catch {
    throw new SheetParseError("The workbook could not be read.");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SheetParseError("The workbook has no sheet.");
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value));
    grid.push(cells);
  });
  return grid;
}
