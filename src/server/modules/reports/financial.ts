import { AGING_BUCKETS } from "@shared/invoices/invoices.schema";
import type { ReportSection } from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import { dayAfter, dayStart } from "../../platform/company-day";
import { booked, loadTotals } from "./overview";
import {
  cents,
  chart,
  column,
  earliest,
  figure,
  link,
  loadRollups,
  money,
  type ReportContext,
  ratio,
  row,
  rows,
  section,
  TABLE_ROWS,
  table,
} from "./report-kit";

type LedgerTotal = { cur: boolean; direction: "income" | "expense"; category: string; amount: string };

/** The ledger's posted (not void) sums per direction and category, both periods, from the daily totals. */
export async function ledgerTotals(ctx: ReportContext): Promise<LedgerTotal[]> {
  const { period } = ctx;
  return rows<LedgerTotal>(
    ctx.db,
    sql`select occurred_on >= ${period.from}::date as cur, direction::text as direction, category::text as category,
          sum(amount)::text as amount
        from ledger_daily_totals
        where not voided and occurred_on between ${period.previousFrom}::date and ${period.to}::date
        group by 1, 2, 3`,
  );
}

export function ledgerSum(
  totals: LedgerTotal[],
  cur: boolean,
  direction: "income" | "expense",
  category?: string,
) {
  return money(
    totals
      .filter((t) => t.cur === cur && t.direction === direction && (!category || t.category === category))
      .reduce((s, t) => s + cents(t.amount), 0n),
  );
}

/** Categories present in either period, largest current amount first. */
export function categoriesOf(totals: LedgerTotal[], direction: "income" | "expense") {
  const set = [...new Set(totals.filter((t) => t.direction === direction).map((t) => t.category))];
  // Largest first; a tie (often two categories with nothing this period) by the previous period, then
  // by name — rollups and rows list the categories in different orders, the report never does.
  const by = (current: boolean) => (a: string, b: string) =>
    Number(cents(ledgerSum(totals, current, direction, b)) - cents(ledgerSum(totals, current, direction, a)));
  return set.sort((a, b) => by(true)(a, b) || by(false)(a, b) || a.localeCompare(b));
}

export async function financialReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { period, timeZone } = ctx;
  const asOf = earliest(period.to, ctx.today);
  const inPeriod = { from: period.from, to: period.to };
  const [loads, ledger, invoiced, collected, aging, byRevenue, byDaysToPay] = await Promise.all([
    loadTotals(ctx),
    ledgerTotals(ctx),
    rows<{ cur: boolean; n: number; amount: string }>(
      ctx.db,
      sql`select issue_date >= ${period.from}::date as cur, count(*)::int as n, sum(total)::text as amount
          from invoices where status in ('sent', 'paid')
            and issue_date between ${period.previousFrom}::date and ${period.to}::date
          group by 1`,
    ),
    rows<{ cur: boolean; n: number; amount: string }>(
      ctx.db,
      sql`select p.paid_on >= ${period.from}::date as cur, count(*)::int as n, sum(p.amount)::text as amount
          from invoice_payments p join invoices i on i.id = p.invoice_id
          where i.status in ('sent', 'paid') and p.paid_on between ${period.previousFrom}::date and ${period.to}::date
          group by 1`,
    ),
    // What customers owe as of the period's last day (or today), aged by days past due.
    rows<{ bucket: string; n: number; amount: string }>(
      ctx.db,
      sql`with open as (
            select i.due_date,
              i.total - coalesce((select sum(p.amount) from invoice_payments p
                where p.invoice_id = i.id and p.paid_on <= ${asOf}::date), 0) as bal
            from invoices i
            where i.status in ('sent', 'paid') and i.issue_date <= ${asOf}::date
          )
          select case when ${asOf}::date - due_date <= 0 then 'current'
                      when ${asOf}::date - due_date <= 30 then 'days1to30'
                      when ${asOf}::date - due_date <= 60 then 'days31to60'
                      when ${asOf}::date - due_date <= 90 then 'days61to90'
                      else 'over90' end as bucket,
            count(*)::int as n, sum(bal)::text as amount
          from open where bal > 0 group by 1`,
    ),
    rows<{ id: string; name: string; loads: number; revenue: string }>(
      ctx.db,
      ctx.rollups
        ? sql`select c.id, c.company_name as name, sum(t.loads)::int as loads, sum(t.revenue)::text as revenue
              from (${loadRollups([[period.from, period.to]], sql`dim = 'customer' and status <> 'cancelled'`)}) t
              join customers c on c.id = t.subject_id
              group by c.id having sum(t.loads) <> 0
              order by sum(t.revenue) desc, c.company_name limit ${TABLE_ROWS}`
        : sql`select c.id, c.company_name as name, count(*)::int as loads, sum(l.total_rate)::text as revenue
              from loads l join customers c on c.id = l.customer_id
              where l.status <> 'cancelled'
                and l.pickup_at >= ${dayStart(period.from, timeZone)} and l.pickup_at < ${dayAfter(period.to, timeZone)}
              group by c.id order by sum(l.total_rate) desc, c.company_name limit ${TABLE_ROWS}`,
    ),
    // Invoices paid in full in the period: days from issue to the last payment.
    rows<{ id: string; name: string; invoices: number; days: string; amount: string }>(
      ctx.db,
      sql`with paid as (
            select i.customer_id, i.total, (select max(p.paid_on) from invoice_payments p where p.invoice_id = i.id) - i.issue_date as days
            from invoices i
            where i.status = 'paid'
              and i.paid_at >= ${dayStart(period.from, timeZone)} and i.paid_at < ${dayAfter(period.to, timeZone)}
          )
          select c.id, c.company_name as name, count(*)::int as invoices,
            round(avg(greatest(days, 0)), 1)::text as days, sum(total)::text as amount
          from paid join customers c on c.id = paid.customer_id
          group by c.id order by avg(greatest(days, 0)) desc, c.company_name limit ${TABLE_ROWS}`,
    ),
  ]);

  const cur = booked(loads, true);
  const prev = booked(loads, false);
  const pick = (list: { cur: boolean; n: number; amount: string }[], c: boolean) =>
    list.find((x) => x.cur === c)?.amount ?? "0.00";
  const income = ledgerSum(ledger, true, "income");
  const incomePrev = ledgerSum(ledger, false, "income");
  const expenses = ledgerSum(ledger, true, "expense");
  const expensesPrev = ledgerSum(ledger, false, "expense");
  const net = money(cents(income) - cents(expenses));
  const netPrev = money(cents(incomePrev) - cents(expensesPrev));
  const receivable = money(aging.reduce((s, a) => s + cents(a.amount), 0n));
  const pastDue = money(
    aging.filter((a) => a.bucket !== "current").reduce((s, a) => s + cents(a.amount), 0n),
  );

  const ledgerLink = (params: Record<string, string>) =>
    link("/accounting/transactions", { ...inPeriod, ...params });
  const figures = [
    figure("revenue", "money", cur.revenue, prev.revenue, {
      link: link("/operations/loads", inPeriod),
      higherIsBetter: true,
    }),
    figure("invoiced", "money", pick(invoiced, true), pick(invoiced, false), {
      link: link("/customers/invoice", inPeriod),
      higherIsBetter: true,
    }),
    figure("collected", "money", pick(collected, true), pick(collected, false), {
      link: ledgerLink({ source: "invoice_payment" }),
      higherIsBetter: true,
    }),
    figure("income", "money", income, incomePrev, {
      link: ledgerLink({ direction: "income" }),
      higherIsBetter: true,
    }),
    figure("expenses", "money", expenses, expensesPrev, {
      link: ledgerLink({ direction: "expense" }),
      higherIsBetter: false,
    }),
    figure("net", "money", net, netPrev, { link: ledgerLink({}), higherIsBetter: true }),
    figure("revenuePerMile", "rate", cur.perMile, prev.perMile, { higherIsBetter: true }),
    figure("costPerMile", "rate", ratio(expenses, cur.miles), ratio(expensesPrev, prev.miles), {
      higherIsBetter: false,
    }),
    figure("receivables", "money", receivable, null, { link: "/customers/statements", higherIsBetter: null }),
    figure("pastDue", "money", pastDue, null, {
      link: link("/customers/invoice", { status: "overdue" }),
      higherIsBetter: false,
    }),
  ];

  const expenseTable = table(
    "expensesByCategory",
    "category",
    [column("amount", "money"), column("previous", "money"), column("share", "percent")],
    categoriesOf(ledger, "expense").map((c) => {
      const amount = ledgerSum(ledger, true, "expense", c);
      return row(
        "ledgerCategory",
        c,
        [amount, ledgerSum(ledger, false, "expense", c), ratio(Number(amount) * 100, Number(expenses), 1)],
        ledgerLink({ direction: "expense", category: c }),
      );
    }),
    { total: true },
  );
  const incomeTable = table(
    "incomeByCategory",
    "category",
    [column("amount", "money"), column("previous", "money")],
    categoriesOf(ledger, "income").map((c) =>
      row(
        "ledgerCategory",
        c,
        [ledgerSum(ledger, true, "income", c), ledgerSum(ledger, false, "income", c)],
        ledgerLink({ direction: "income", category: c }),
      ),
    ),
    { total: true },
  );
  const agingTable = table(
    "receivablesAging",
    "bucket",
    [column("invoices", "count"), column("amount", "money")],
    AGING_BUCKETS.map((b) => {
      const a = aging.find((x) => x.bucket === b);
      return row("aging", b, [a?.n ?? 0, a?.amount ?? "0.00"], link("/customers/statements", {}));
    }),
    { total: true },
  );
  const topRevenue = table(
    "topCustomersByRevenue",
    "customer",
    [column("loads", "count"), column("revenue", "money")],
    byRevenue.map((c) =>
      row("text", c.name, [c.loads, c.revenue], link("/operations/loads", { ...inPeriod, customerId: c.id })),
    ),
    { truncated: byRevenue.length === TABLE_ROWS },
  );
  const topDaysToPay = table(
    "topCustomersByDaysToPay",
    "customer",
    [column("invoices", "count"), column("daysToPay", "days"), column("amount", "money")],
    byDaysToPay.map((c) =>
      row(
        "text",
        c.name,
        [c.invoices, c.days, c.amount],
        link("/customers/invoice", { customerId: c.id, status: "paid" }),
      ),
    ),
    { truncated: byDaysToPay.length === TABLE_ROWS },
  );

  return [
    section("summary", { figures }),
    section("expenses", {
      charts: [chart("expensesByCategory", "bar", "expensesByCategory", ["amount", "previous"])],
      tables: [expenseTable, incomeTable],
    }),
    section("receivables", {
      charts: [chart("receivablesAging", "bar", "receivablesAging", ["amount"])],
      tables: [agingTable],
    }),
    section("customers", {
      charts: [chart("topCustomersByRevenue", "bar", "topCustomersByRevenue", ["revenue"])],
      tables: [topRevenue, topDaysToPay],
    }),
  ];
}
