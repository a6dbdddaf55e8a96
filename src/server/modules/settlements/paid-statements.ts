import type {
  PaidStatement,
  PaidStatementExportQuery,
  PaidStatementFilter,
  PaidStatementPage,
  PaidStatementQuery,
} from "@shared/settlements/settlements.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { type Column, sheetFile } from "../../platform/sheets/sheets";

/**
 * Paid statements (`/accounting/statements`): the spec's Statement — driver, month, statement date,
 * loads included, total paid — one per paid settlement, with the driver's year-to-date figures
 * through each (a window over the driver's paid settlements of that calendar year).
 */

const ORDER: Record<PaidStatementFilter["sort"], SQL> = {
  statementDate: sql`paid_on`,
  driver: sql`lower(full_name)`,
  totalPaid: sql`net`,
};

type Row = {
  id: string;
  number: string;
  driver_id: string;
  full_name: string;
  worker_type: PaidStatement["driver"]["workerType"];
  paid_on: string;
  period_start: string;
  period_end: string;
  load_count: number;
  load_numbers: string[] | null;
  gross: string;
  deductions: string;
  net: string;
  pay_method: PaidStatement["payMethod"];
  pay_reference: string;
  ytd_gross: string;
  ytd_paid: string;
};

function condition(f: Omit<PaidStatementFilter, "sort" | "dir">): SQL {
  const where: SQL[] = [sql`true`];
  if (f.driverId) where.push(sql`driver_id = ${f.driverId}`);
  if (f.month) where.push(sql`to_char(paid_on, 'YYYY-MM') = ${f.month}`);
  if (f.from) where.push(sql`paid_on >= ${f.from}::date`);
  if (f.to) where.push(sql`paid_on <= ${f.to}::date`);
  if (f.q) where.push(sql`(number || ' ' || full_name) ilike ${likePattern(f.q)}`);
  return sql.join(where, sql` and `);
}

/** Every paid settlement with its year-to-date window, before the filters (which must not cut the window). */
const statements = sql`(
  select s.id, s.number, s.driver_id, d.full_name, d.worker_type, s.paid_on, s.period_start::text,
    s.period_end::text, s.load_count, s.earnings + s.additions as gross, s.deductions, s.net, s.pay_method,
    s.pay_reference,
    sum(s.earnings + s.additions) over ytd as ytd_gross,
    sum(s.net) over ytd as ytd_paid
  from settlements s join drivers d on d.id = s.driver_id
  where s.status = 'paid'
  window ytd as (partition by s.driver_id, date_trunc('year', s.paid_on) order by s.paid_on, s.number
                 rows between unbounded preceding and current row)
) st`;

const toItem = (r: Row): PaidStatement => ({
  id: r.id,
  number: r.number,
  driver: { id: r.driver_id, fullName: r.full_name, workerType: r.worker_type },
  month: r.paid_on.slice(0, 7),
  statementDate: r.paid_on,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  loadsIncluded: r.load_count,
  loadNumbers: r.load_numbers ?? [],
  gross: r.gross,
  deductions: r.deductions,
  totalPaid: r.net,
  payMethod: r.pay_method,
  payReference: r.pay_reference,
  yearToDateGross: r.ytd_gross,
  yearToDatePaid: r.ytd_paid,
});

async function select(db: Db, where: SQL, order: SQL, limit: number, offset: number) {
  const { rows } = await db.execute<Row>(sql`
    select st.id, st.number, st.driver_id, st.full_name, st.worker_type, st.paid_on::text as paid_on,
      st.period_start, st.period_end, st.load_count, st.gross::numeric(12,2)::text as gross, st.deductions,
      st.net, st.pay_method, st.pay_reference, st.ytd_gross::numeric(14,2)::text as ytd_gross,
      st.ytd_paid::numeric(14,2)::text as ytd_paid,
      (select array_agg(l.load_number order by l.delivered_at) from (
         select l.load_number, l.delivered_at from settlement_lines sl join loads l on l.id = sl.load_id
         where sl.settlement_id = st.id order by l.delivered_at limit 6) l) as load_numbers
    from ${statements}
    where ${where}
    order by ${order}, st.paid_on desc, st.number desc
    limit ${limit} offset ${offset}`);
  return rows.map(toItem);
}

export async function listPaidStatements(db: Db, query: PaidStatementQuery): Promise<PaidStatementPage> {
  const { page, pageSize, sort, dir, ...filter } = query;
  const where = condition(filter);
  const order = sql`${ORDER[sort]} ${dir === "asc" ? sql`asc` : sql`desc`}`;
  const [items, { rows: totals }] = await Promise.all([
    select(db, where, order, pageSize, offsetOf({ page, pageSize })),
    db.execute<{ n: number; paid: string; gross: string }>(sql`
      select count(*)::int as n, coalesce(sum(net), 0)::numeric(14,2)::text as paid,
        coalesce(sum(gross), 0)::numeric(14,2)::text as gross
      from ${statements} where ${where}`),
  ]);
  const t = totals[0] ?? { n: 0, paid: "0.00", gross: "0.00" };
  return {
    ...toPage(items, t.n, { page, pageSize }),
    totals: { count: t.n, totalPaid: t.paid, gross: t.gross },
  };
}

const COLUMNS: Column<PaidStatement>[] = [
  { header: "Statement", value: (r) => r.number, width: 12 },
  { header: "Driver", value: (r) => r.driver.fullName, width: 26 },
  { header: "Worker type", value: (r) => (r.driver.workerType === "contractor" ? "1099" : "W-2"), width: 10 },
  { header: "Month", value: (r) => r.month, width: 9 },
  { header: "Statement date", value: (r) => r.statementDate, width: 13 },
  { header: "Period start", value: (r) => r.periodStart, width: 12 },
  { header: "Period end", value: (r) => r.periodEnd, width: 12 },
  { header: "Loads included", value: (r) => r.loadsIncluded, width: 9 },
  { header: "Gross", value: (r) => Number(r.gross), width: 12 },
  { header: "Deductions", value: (r) => Number(r.deductions), width: 12 },
  { header: "Total paid", value: (r) => Number(r.totalPaid), width: 12 },
  { header: "Method", value: (r) => r.payMethod ?? "", width: 10 },
  { header: "Reference", value: (r) => r.payReference, width: 16 },
  { header: "Year-to-date gross", value: (r) => Number(r.yearToDateGross), width: 14 },
  { header: "Year-to-date paid", value: (r) => Number(r.yearToDatePaid), width: 14 },
];

/** The filtered statements as CSV or Excel (cells escaped against formula injection). */
export async function exportPaidStatements(db: Db, query: PaidStatementExportQuery, stamp: string) {
  const { format, sort, dir, ...filter } = query;
  const where = condition(filter);
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${statements} where ${where}`,
  );
  ensureExportFits(rows[0]?.n ?? 0, "statements");
  const items = await select(
    db,
    where,
    sql`${ORDER[sort]} ${dir === "asc" ? sql`asc` : sql`desc`}`,
    EXPORT_MAX_ROWS,
    0,
  );
  return sheetFile(items, COLUMNS, format, { file: "paid-statements", sheet: "Paid statements", stamp });
}
