import {
  normalizeHeader,
  normalizeTransponder,
  TOLL_IMPORT_COLUMNS,
  TOLL_REQUIRED_COLUMNS,
  type TollImportColumn,
} from "@shared/tolls/tolls.schema";
import { HttpError } from "../../http/errors";
import type { Table } from "../../platform/sheets/read";

/*
 * Reading a transponder statement: which column is which, and each row's time, amount and tag.
 * Statements write local times without an offset; they are read in the time zone the importer's
 * browser reports. Excel cells arrive from readTable as UTC ISO strings of their wall-clock value.
 */

export interface StatementRow {
  line: number;
  occurredAt: Date | null;
  location: string;
  /** Cents; null when unreadable. */
  amountCents: number | null;
  transponder: string;
  errors: string[];
}

/** The header of each column we need, found through the aliases (first alias wins). */
export function mapColumns(headers: string[]): Partial<Record<TollImportColumn, string>> {
  const byKey = new Map<string, string>();
  for (const h of headers) {
    const key = normalizeHeader(h);
    if (key && !byKey.has(key)) byKey.set(key, h);
  }
  const out: Partial<Record<TollImportColumn, string>> = {};
  const taken = new Set<string>();
  for (const column of Object.keys(TOLL_IMPORT_COLUMNS) as TollImportColumn[]) {
    for (const alias of TOLL_IMPORT_COLUMNS[column]) {
      const header = byKey.get(alias);
      if (header && !taken.has(header)) {
        out[column] = header;
        taken.add(header);
        break;
      }
    }
  }
  const missing = TOLL_REQUIRED_COLUMNS.filter((c) => !out[c]);
  if (missing.length) {
    throw new HttpError(
      400,
      "MISSING_COLUMNS",
      `The statement needs columns for date, location, amount and transponder. Missing: ${missing.join(", ")}.`,
      { missing, headers },
    );
  }
  return out;
}

/** The UTC instant of a wall-clock time in `timeZone` (DST gaps resolve forward, like clocks do). */
export function zonedToUtc(
  parts: { y: number; m: number; d: number; h: number; mi: number; s: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(parts.y, parts.m - 1, parts.d, parts.h, parts.mi, parts.s);
  const offsetAt = (instant: number) => {
    const fmt = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    const p = Object.fromEntries(fmt.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
    const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
    return asUtc - Math.floor(instant / 1000) * 1000;
  };
  let guess = wall - offsetAt(wall);
  const second = wall - offsetAt(guess);
  if (second !== guess) guess = second;
  return new Date(guess);
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:[ T]+(.+))?$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/;

function parseTime(text: string): { h: number; mi: number; s: number } | null {
  // An Excel time cell comes as 1899-12-30T14:22:00.000Z: its clock part is the time.
  const iso = /T(\d{2}):(\d{2}):(\d{2})/.exec(text);
  const m = iso ? [iso[0], iso[1], iso[2], iso[3], undefined] : TIME.exec(text.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const mi = Number(m[2]);
  const s = Number(m[3] ?? 0);
  const ampm = m[4]?.toLowerCase();
  if (ampm) {
    if (h < 1 || h > 12) return null;
    if (ampm === "pm" && h < 12) h += 12;
    if (ampm === "am" && h === 12) h = 0;
  }
  if (h > 23 || mi > 59 || s > 59) return null;
  return { h, mi, s };
}

const validDate = (y: number, m: number, d: number) => {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
};

/**
 * A statement's date (and time, from the same cell or its own column) as an instant. Accepts ISO
 * dates with or without a time or offset and US dates (M/D/YYYY, 12- or 24-hour clock).
 */
export function parseStatementTime(
  dateText: string,
  timeText: string,
  timeZone: string,
  fromWorkbook: boolean,
): Date | null {
  const text = dateText.trim();
  if (!text) return null;
  if (ISO_WITH_ZONE.test(text) && !fromWorkbook) {
    const t = Date.parse(text);
    return Number.isNaN(t) ? null : new Date(t);
  }
  let y: number;
  let m: number;
  let d: number;
  let clock: string | undefined;
  const iso = ISO_LOCAL.exec(text.replace(/Z$/, "").replace(/\.\d+$/, ""));
  const us = US_DATE.exec(text);
  if (iso) {
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (iso[4] !== undefined) clock = `${iso[4]}:${iso[5]}:${iso[6] ?? "00"}`;
  } else if (us) {
    [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (y < 100) y += 2000;
    clock = us[4];
  } else {
    return null;
  }
  if (!validDate(y, m, d)) return null;
  // A workbook's date cell holds midnight when it has no time; the time column then says when.
  const cellTime = clock && !(fromWorkbook && /^0?0:00(:00)?$/.test(clock) && timeText) ? clock : "";
  const timeSource = cellTime || timeText.trim();
  const time = timeSource ? parseTime(timeSource) : { h: 0, mi: 0, s: 0 };
  if (!time) return null;
  return zonedToUtc({ y, m, d, ...time }, timeZone);
}

/** "$1,234.50", "12.5", "(3.25)" (a credit), "-3.25" → cents; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  let t = text
    .trim()
    .replace(/[$\s,]/g, "")
    .replace(/USD$/i, "");
  let sign = 1;
  if (/^\(.*\)$/.test(t)) {
    sign = -1;
    t = t.slice(1, -1);
  }
  if (t.startsWith("-")) {
    sign = -sign;
    t = t.slice(1);
  }
  if (!/^\d+(\.\d{1,2})?$/.test(t) && !/^\d*\.\d{1,2}$/.test(t)) return null;
  const [whole, frac = ""] = t.split(".");
  const cents = Number(whole || "0") * 100 + Number(`${frac}00`.slice(0, 2));
  return cents > 99_999_999_999 ? null : sign * cents;
}

export const centsText = (cents: number) => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** A day of clock difference is allowed; a toll further in the future is a typo. */
const FUTURE_LIMIT_MS = 86_400_000;

export function readStatement(
  table: Table,
  timeZone: string,
  fromWorkbook: boolean,
  now = Date.now(),
): StatementRow[] {
  const cols = mapColumns(table.headers);
  const cell = (row: Record<string, string>, c: TollImportColumn) => (cols[c] ? (row[cols[c]] ?? "") : "");
  return table.rows.map((row, i) => {
    const errors: string[] = [];
    const dateText = cell(row, "date");
    const occurredAt = parseStatementTime(dateText, cell(row, "time"), timeZone, fromWorkbook);
    if (!dateText) errors.push("The date is missing.");
    else if (!occurredAt) errors.push(`"${dateText}" is not a date and time we can read.`);
    else if (occurredAt.getTime() > now + FUTURE_LIMIT_MS) errors.push("The date is in the future.");
    const location = cell(row, "location").slice(0, 160);
    if (!location) errors.push("The location is missing.");
    const amountText = cell(row, "amount");
    const amountCents = amountText ? parseAmount(amountText) : null;
    if (!amountText) errors.push("The amount is missing.");
    else if (amountCents === null) errors.push(`"${amountText}" is not an amount.`);
    else if (amountCents === 0) errors.push("The amount is zero.");
    const transponder = normalizeTransponder(cell(row, "transponder")).slice(0, 40);
    if (!transponder) errors.push("The transponder is missing.");
    return {
      // The header is line 1; readTable drops blank lines, so this is the data row's position.
      line: i + 2,
      occurredAt: occurredAt && !Number.isNaN(occurredAt.getTime()) ? occurredAt : null,
      location,
      amountCents,
      transponder,
      errors,
    };
  });
}
