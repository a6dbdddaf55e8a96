import type {
  LabelKind,
  ReportChart,
  ReportColumn,
  ReportFigure,
  ReportNote,
  ReportPeriod,
  ReportRow,
  ReportSection,
  ReportTable,
  ValueFormat,
} from "@shared/reports/reports.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dayAfter, dayStart } from "../../platform/company-day";

/** What every report builder receives: the database, the period and the company's clock. */
export interface ReportContext {
  db: Db;
  period: ReportPeriod;
  timeZone: string;
  /** The company's today (ISO day). */
  today: string;
  /**
   * Whether the rollups answer instead of the rows: the monthly sums for the whole months of a period
   * and the daily sums for the days of its partial months (decisions 027 and 066). The service always
   * reads them; the tests build every report both ways and compare.
   */
  rollups: boolean;
}

/** True when both the period and the previous one run from a month's first day to a month's last. */
export function wholeMonths(p: {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}): boolean {
  const first = (d: string) => d.endsWith("-01");
  const last = (d: string) => {
    const next = new Date(`${d}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return next.getUTCDate() === 1;
  };
  return first(p.from) && last(p.to) && first(p.previousFrom) && last(p.previousTo);
}

/** The months of a span of days, as the rollups key them (the first day of each). */
export const monthKey = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month after `day`'s. */
const nextMonth = (day: string) => {
  const d = new Date(`${monthKey(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const shiftDay = (day: string, by: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
};

/**
 * How the rollups cover the company days `[from, to]` (decision 066): the whole months inside it (the
 * first days of the first and the last, or null when no month is whole) from the monthly sums, and the
 * spans of days of the partial months at its ends from the daily sums.
 */
export function rollupSpans(from: string, to: string) {
  const first = from.endsWith("-01") ? from : nextMonth(from);
  // The first day after the last whole month: `to`'s month is whole when `to` is its last day.
  const after = nextMonth(to) === shiftDay(to, 1) ? nextMonth(to) : monthKey(to);
  if (first >= after) return { months: null, days: [[from, to]] as Array<[string, string]> };
  const days: Array<[string, string]> = [];
  if (from < first) days.push([from, shiftDay(first, -1)]);
  if (after <= to) days.push([after, to]);
  return { months: [first, monthKey(shiftDay(after, -1))] as [string, string], days };
}

/** A period's comparison and the period, the spans a two-period rollup read covers. */
export const bothPeriods = (p: ReportPeriod): Array<[string, string]> => [
  [p.previousFrom, p.previousTo],
  [p.from, p.to],
];

const LOAD_MEASURES = sql.raw(
  `"loads", "revenue", "mile_revenue", "miles", "driver_pay", "started", "pickup_on_time", "delivered",
   "delivery_on_time", "transit_seconds", "transit_loads"`,
);

/**
 * The loads' rollup rows for the company days of each span (`[from, to]`, e.g. a period and its
 * comparison), matching `filter` (on `dim`, `subject_id`, `status`): `load_month_totals` for the
 * whole months inside a span, `load_day_totals` for the days of its partial months. Each row has
 * `day` (a month row: the month's first day, which lies in the same span), so `day >= from` tells a
 * period from the one before it, and the measures of `load_month_totals`.
 */
export function loadRollups(spans: Array<[string, string]>, filter: SQL): SQL {
  const parts: SQL[] = [];
  for (const [from, to] of spans) {
    const { months, days } = rollupSpans(from, to);
    if (months)
      parts.push(sql`select month as day, dim, subject_id, status, ${LOAD_MEASURES} from load_month_totals
        where month between ${months[0]}::date and ${months[1]}::date and ${filter}`);
    for (const [a, b] of days)
      parts.push(sql`select day, dim, subject_id, status, ${LOAD_MEASURES} from load_day_totals
        where day between ${a}::date and ${b}::date and ${filter}`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Each truck's busy days in each span (`day`, `vehicle_id`, `days`): whole months from
 * `vehicle_busy_months`, the days of partial months from `vehicle_busy_days`.
 */
export function busyRollups(spans: Array<[string, string]>): SQL {
  const parts: SQL[] = [];
  for (const [from, to] of spans) {
    const { months, days } = rollupSpans(from, to);
    if (months)
      parts.push(sql`select month as day, vehicle_id, days from vehicle_busy_months
        where month between ${months[0]}::date and ${months[1]}::date`);
    for (const [a, b] of days)
      parts.push(sql`select day, vehicle_id, 1 as days from vehicle_busy_days
        where loads > 0 and day between ${a}::date and ${b}::date`);
  }
  if (!parts.length) return sql`select null::date as day, null::uuid as vehicle_id, 0 as days where false`;
  return sql.join(parts, sql` union all `);
}

/**
 * The ledger's per-truck and per-driver rollup rows for the company days `[from, to]`, matching
 * `filter` (on `dim`, `subject_id`, `direction`, `category`, `voided`): the monthly sums for its whole
 * months, the daily sums for the days of its partial months.
 */
export function ledgerSubjectRollups(from: string, to: string, filter: SQL): SQL {
  const { months, days } = rollupSpans(from, to);
  const parts: SQL[] = [];
  const cols = sql.raw(`dim, subject_id, direction, category, voided, entries, amount`);
  if (months)
    parts.push(sql`select month as day, ${cols} from ledger_month_subject_totals
      where month between ${months[0]}::date and ${months[1]}::date and ${filter}`);
  for (const [a, b] of days)
    parts.push(sql`select day, ${cols} from ledger_day_subject_totals
      where day between ${a}::date and ${b}::date and ${filter}`);
  return sql.join(parts, sql` union all `);
}

/** `[start, end)` of a span of company days as instants, for timestamp columns (index-friendly). */
export function instantRange(column: SQL, from: string, to: string, timeZone: string): SQL {
  return sql`${column} >= ${dayStart(from, timeZone)} and ${column} < ${dayAfter(to, timeZone)}`;
}

/** Rows of a hand-written query. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** A web path with its query string (empty values left out). */
export function link(path: string, params: Record<string, string | null | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The earlier and the later of ISO days. */
export const earliest = (...days: string[]) => [...days].sort()[0];
export const latest = (...days: string[]) => [...days].sort().at(-1) as string;

/** Exact decimal arithmetic on money strings (cents as bigint; inputs have at most 2 places). */
export function cents(value: string | null | undefined): bigint {
  if (!value) return 0n;
  const negative = value.startsWith("-");
  const [whole, frac = ""] = (negative ? value.slice(1) : value).split(".");
  const c = BigInt(whole || "0") * 100n + BigInt(`${frac}00`.slice(0, 2));
  return negative ? -c : c;
}
export function money(c: bigint): string {
  const negative = c < 0n;
  const abs = negative ? -c : c;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * A ratio written to `places` decimals, rounded half away from zero (the one rounding rule of the
 * reports, decision 027); null when the divisor is zero.
 */
export function ratio(numerator: number | string | null, denominator: number | string | null, places = 2) {
  const n = Number(numerator ?? 0);
  const d = Number(denominator ?? 0);
  if (!d) return null;
  const scale = 10 ** places;
  const q = (Math.abs(n) * scale) / Math.abs(d);
  const rounded = Math.round(q + 1e-9) / scale;
  return (Math.sign(n) * Math.sign(d) * rounded).toFixed(places);
}
/** A share as a percentage with one decimal (e.g. "87.5"). */
export const percent = (part: number | string | null, whole: number | string | null) =>
  ratio(Number(part ?? 0) * 100, whole, 1);

export const num = (v: number | string | null | undefined): string | null =>
  v === null || v === undefined ? null : String(v);

/** A sentence for the reader (`reports:notes.<key>`) with its values and how each is written. */
export function note(
  key: string,
  values: Record<string, [value: string | number, format: ValueFormat]> = {},
): ReportNote {
  return {
    key,
    values: Object.entries(values).map(([name, [value, format]]) => ({ name, value: String(value), format })),
  };
}

/** A KPI; `incomplete` withholds the value (and its comparison) and says why instead. */
export function figure(
  key: string,
  format: ValueFormat,
  value: string | number | null,
  previous: string | number | null,
  options: { link?: string | null; higherIsBetter?: boolean | null; incomplete?: ReportNote | null } = {},
): ReportFigure {
  const incomplete = options.incomplete ?? null;
  return {
    key,
    format,
    value: incomplete ? null : num(value),
    previous: incomplete ? null : num(previous),
    higherIsBetter: options.higherIsBetter ?? null,
    link: options.link ?? null,
    incomplete,
  };
}

/** A table column; `incomplete` leaves its total empty and says why (its rows still show). */
export function column(
  key: string,
  format: ValueFormat,
  labelKind?: LabelKind,
  incomplete?: ReportNote | null,
): ReportColumn {
  return {
    key,
    format,
    ...(labelKind ? { labelKind } : {}),
    ...(incomplete ? { incomplete } : {}),
  };
}

export function row(
  kind: LabelKind,
  value: string,
  values: Array<string | number | null>,
  rowLink: string | null = null,
): ReportRow {
  return { label: { kind, value }, values: values.map(num), link: rowLink };
}

export function table(
  key: string,
  labelHeader: string,
  columns: ReportColumn[],
  tableRows: ReportRow[],
  options: { total?: boolean; truncated?: boolean } = {},
): ReportTable {
  let total: Array<string | null> | null = null;
  if (options.total) {
    total = columns.map((c, i) => {
      if (c.incomplete) return null;
      if (!["money", "count", "miles", "gallons", "number"].includes(c.format)) return null;
      if (c.format === "money") return money(tableRows.reduce((s, r) => s + cents(r.values[i]), 0n));
      const sum = tableRows.reduce((s, r) => s + Number(r.values[i] ?? 0), 0);
      return c.format === "count" ? String(sum) : String(Math.round(sum * 1000) / 1000);
    });
  }
  return { key, labelHeader, columns, rows: tableRows, total, truncated: options.truncated ?? false };
}

export function chart(
  key: string,
  kind: ReportChart["kind"],
  tableKey: string,
  series: string[],
): ReportChart {
  return { key, kind, table: tableKey, series };
}

export function section(
  key: string,
  parts: {
    warnings?: ReportNote[];
    figures?: ReportFigure[];
    charts?: ReportChart[];
    tables?: ReportTable[];
  },
): ReportSection {
  return {
    key,
    warnings: parts.warnings ?? [],
    figures: parts.figures ?? [],
    charts: parts.charts ?? [],
    tables: parts.tables ?? [],
  };
}

/** A report is final when no figure and no total of it is incomplete. */
export const isFinal = (sections: ReportSection[]) =>
  !sections.some(
    (s) => s.figures.some((f) => f.incomplete) || s.tables.some((t) => t.columns.some((c) => c.incomplete)),
  );

/** Tables list at most this many rows (the rest is in the list the row links to). */
export const TABLE_ROWS = 25;
