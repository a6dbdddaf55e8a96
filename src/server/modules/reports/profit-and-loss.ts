import { monthsOf, type ReportRow, type ReportSection } from "@shared/reports/reports.schema";
import { type SQL, sql } from "drizzle-orm";
import { dayAfter, dayStart } from "../../platform/company-day";
import { categoriesOf, ledgerSum, ledgerTotals } from "./financial";
import { booked, loadTotals } from "./overview";
import {
  cents,
  chart,
  column,
  earliest,
  figure,
  latest,
  ledgerSubjectRollups,
  link,
  loadRollups,
  money,
  percent,
  type ReportContext,
  row,
  rows,
  section,
  TABLE_ROWS,
  table,
} from "./report-kit";

type Subject = { id: string; name: string; loads: number; revenue: string; cost: string };

/**
 * Profit and loss: revenue is the loads' total rate (by first pickup, not cancelled); costs are the
 * ledger's posted expenses (by their day) — per truck the expenses naming the truck, per driver the
 * driver pay naming the driver.
 *
 * Every per-subject table adds up to the headline (issue 38): after its first rows come "others"
 * (the subjects past the first rows, when there are more) and "unassigned" (loads and costs naming
 * no truck, driver or customer) — the headline less what the subjects hold, so the rollups and the
 * rows answer the same.
 */
export async function profitAndLossReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { period, timeZone } = ctx;
  const start = dayStart(period.from, timeZone);
  const end = dayAfter(period.to, timeZone);
  const inPeriod = { from: period.from, to: period.to };
  const liveLoads = sql`l.status <> 'cancelled' and l.pickup_at >= ${start} and l.pickup_at < ${end}`;
  const inRange: Array<[string, string]> = [[period.from, period.to]];
  /** Revenue (and load count) per subject: the rows, or the rollups (months and edge days). */
  const revenueOf = (dim: "driver" | "vehicle" | "customer", column: SQL) =>
    ctx.rollups
      ? sql`select t.subject_id as id, sum(t.loads)::int as loads, sum(t.revenue) as revenue
            from (${loadRollups(inRange, sql`dim = ${dim} and status <> 'cancelled'`)}) t
            group by 1 having sum(t.loads) <> 0`
      : sql`select ${column} as id, count(*)::int as loads, sum(l.total_rate) as revenue
            from loads l where ${liveLoads} and ${column} is not null group by 1`;
  /** Posted expenses per subject (driver pay only, for drivers): the rows, or the rollups. */
  const costOf = (dim: "driver" | "vehicle") =>
    ctx.rollups
      ? sql`select t.subject_id as id, sum(t.amount) as cost
            from (${ledgerSubjectRollups(
              period.from,
              period.to,
              sql`dim = ${dim} and not voided and direction = 'expense'
                ${dim === "driver" ? sql`and category = 'driver_pay'` : sql``}`,
            )}) t
            group by 1`
      : sql`select t.${sql.raw(dim === "driver" ? "driver_id" : "vehicle_id")} as id, sum(t.amount) as cost
            from transactions t
            where t.voided_at is null and t.direction = 'expense' and t.${sql.raw(dim === "driver" ? "driver_id" : "vehicle_id")} is not null
              ${dim === "driver" ? sql`and t.category = 'driver_pay'` : sql``}
              and t.occurred_on between ${period.from}::date and ${period.to}::date
            group by 1`;
  const [loads, ledger, revenueByMonth, expenseByMonth, trucks, drivers, customers] = await Promise.all([
    loadTotals(ctx),
    ledgerTotals(ctx),
    rows<{ month: string; revenue: string }>(
      ctx.db,
      ctx.rollups
        ? sql`select to_char(t.day, 'YYYY-MM') as month, sum(t.revenue)::text as revenue
              from (${loadRollups(inRange, sql`dim = 'all' and status <> 'cancelled'`)}) t
              group by 1 having sum(t.loads) <> 0`
        : sql`select to_char(l.pickup_at at time zone ${timeZone}, 'YYYY-MM') as month, sum(l.total_rate)::text as revenue
              from loads l where ${liveLoads} group by 1`,
    ),
    rows<{ month: string; direction: string; amount: string }>(
      ctx.db,
      sql`select to_char(occurred_on, 'YYYY-MM') as month, direction::text as direction, sum(amount)::text as amount
          from ledger_daily_totals
          where not voided and occurred_on between ${period.from}::date and ${period.to}::date
          group by 1, 2`,
    ),
    rows<Subject>(
      ctx.db,
      sql`with rev as (${revenueOf("vehicle", sql`l.vehicle_id`)}), cost as (${costOf("vehicle")})
          select v.id, v.unit_number as name, coalesce(rev.loads, 0) as loads,
            coalesce(rev.revenue, 0)::numeric(14,2)::text as revenue, coalesce(cost.cost, 0)::numeric(14,2)::text as cost
          from vehicles v left join rev on rev.id = v.id left join cost on cost.id = v.id
          where rev.id is not null or cost.id is not null
          order by coalesce(rev.revenue, 0) - coalesce(cost.cost, 0) desc, v.unit_number`,
    ),
    rows<Subject>(
      ctx.db,
      sql`with rev as (${revenueOf("driver", sql`l.driver_id`)}), cost as (${costOf("driver")})
          select d.id, d.full_name as name, coalesce(rev.loads, 0) as loads,
            coalesce(rev.revenue, 0)::numeric(14,2)::text as revenue, coalesce(cost.cost, 0)::numeric(14,2)::text as cost
          from drivers d left join rev on rev.id = d.id left join cost on cost.id = d.id
          where rev.id is not null or cost.id is not null
          order by coalesce(rev.revenue, 0) - coalesce(cost.cost, 0) desc, d.full_name`,
    ),
    rows<Subject>(
      ctx.db,
      sql`with rev as (${revenueOf("customer", sql`l.customer_id`)})
          select c.id, c.company_name as name, rev.loads, rev.revenue::numeric(14,2)::text as revenue, '0.00' as cost
          from rev join customers c on c.id = rev.id
          order by rev.revenue desc, c.company_name`,
    ),
  ]);

  const revenue = booked(loads, true).revenue;
  const revenuePrev = booked(loads, false).revenue;
  const expenses = ledgerSum(ledger, true, "expense");
  const expensesPrev = ledgerSum(ledger, false, "expense");
  const net = money(cents(revenue) - cents(expenses));
  const netPrev = money(cents(revenuePrev) - cents(expensesPrev));
  const ledgerLink = (params: Record<string, string>) =>
    link("/accounting/transactions", { ...inPeriod, ...params });

  const figures = [
    figure("revenue", "money", revenue, revenuePrev, {
      link: link("/operations/loads", inPeriod),
      higherIsBetter: true,
    }),
    figure("expenses", "money", expenses, expensesPrev, {
      link: ledgerLink({ direction: "expense" }),
      higherIsBetter: false,
    }),
    figure("netProfit", "money", net, netPrev, { higherIsBetter: true }),
    figure("margin", "percent", percent(net, revenue), percent(netPrev, revenuePrev), {
      higherIsBetter: true,
    }),
  ];

  const statement = table(
    "statement",
    "line",
    [column("amount", "money"), column("previous", "money")],
    [
      row("measure", "revenue", [revenue, revenuePrev], link("/operations/loads", inPeriod)),
      ...categoriesOf(ledger, "expense").map((c) =>
        row(
          "ledgerCategory",
          c,
          [
            money(-cents(ledgerSum(ledger, true, "expense", c))),
            money(-cents(ledgerSum(ledger, false, "expense", c))),
          ],
          ledgerLink({ direction: "expense", category: c }),
        ),
      ),
      row("measure", "netProfit", [net, netPrev]),
    ],
  );
  const monthly = table(
    "byMonth",
    "month",
    [column("revenue", "money"), column("expenses", "money"), column("net", "money")],
    monthsOf(period.from, period.to).map((m) => {
      const r = cents(revenueByMonth.find((x) => x.month === m)?.revenue);
      const e = cents(expenseByMonth.find((x) => x.month === m && x.direction === "expense")?.amount);
      const last = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0))
        .toISOString()
        .slice(0, 10);
      const from = latest(`${m}-01`, period.from);
      const to = earliest(last, period.to);
      return row("month", m, [money(r), money(e), money(r - e)], link("/operations/loads", { from, to }));
    }),
    { total: true },
  );
  const current = booked(loads, true);
  /**
   * A subject table's rows: the first subjects, then the rest as one "others" row and what names
   * no subject as "unassigned" (each only when it holds something), so the rows add up to `whole`.
   */
  const subjectRows = (
    list: Subject[],
    whole: { loads: number; revenue: string; cost: string },
    line: (label: ReportRow["label"], s: Omit<Subject, "id" | "name">, to: string | null) => ReportRow,
    to: (s: Subject) => string,
  ): ReportRow[] => {
    const sum = (part: Subject[]) => ({
      loads: part.reduce((n, s) => n + s.loads, 0),
      revenue: money(part.reduce((c, s) => c + cents(s.revenue), 0n)),
      cost: money(part.reduce((c, s) => c + cents(s.cost), 0n)),
    });
    const all = sum(list);
    const rest = sum(list.slice(TABLE_ROWS));
    const unassigned = {
      loads: whole.loads - all.loads,
      revenue: money(cents(whole.revenue) - cents(all.revenue)),
      cost: money(cents(whole.cost) - cents(all.cost)),
    };
    const holds = (x: typeof all) => x.loads !== 0 || cents(x.revenue) !== 0n || cents(x.cost) !== 0n;
    return [
      ...list.slice(0, TABLE_ROWS).map((s) => line({ kind: "text", value: s.name }, s, to(s))),
      ...(list.length > TABLE_ROWS ? [line({ kind: "measure", value: "others" }, rest, null)] : []),
      ...(holds(unassigned) ? [line({ kind: "measure", value: "unassigned" }, unassigned, null)] : []),
    ];
  };
  const subjectTable = (
    key: string,
    header: string,
    list: Subject[],
    costKey: string,
    whole: { loads: number; revenue: string; cost: string },
    to: (s: Subject) => string,
  ) =>
    table(
      key,
      header,
      [
        column("loads", "count"),
        column("revenue", "money"),
        column(costKey, "money"),
        column("net", "money"),
      ],
      subjectRows(
        list,
        whole,
        (label, s, rowLink) =>
          row(
            label.kind,
            label.value,
            [s.loads, s.revenue, s.cost, money(cents(s.revenue) - cents(s.cost))],
            rowLink,
          ),
        to,
      ),
      { total: true, truncated: list.length > TABLE_ROWS },
    );
  const wholeRevenue = { loads: current.loads, revenue: current.revenue };

  return [
    section("summary", { figures }),
    section("statement", { tables: [statement] }),
    section("months", {
      charts: [chart("byMonth", "bar", "byMonth", ["revenue", "expenses"])],
      tables: [monthly],
    }),
    section("perTruck", {
      tables: [
        subjectTable(
          "byTruck",
          "truck",
          trucks,
          "costs",
          { ...wholeRevenue, cost: expenses },
          (s) => `/fleet/vehicles/${s.id}`,
        ),
      ],
    }),
    section("perDriver", {
      tables: [
        subjectTable(
          "byDriver",
          "driver",
          drivers,
          "driverPay",
          { ...wholeRevenue, cost: ledgerSum(ledger, true, "expense", "driver_pay") },
          (s) => link("/operations/loads", { ...inPeriod, driverId: s.id }),
        ),
      ],
    }),
    section("perCustomer", {
      charts: [chart("byCustomer", "pie", "byCustomer", ["revenue"])],
      tables: [
        table(
          "byCustomer",
          "customer",
          [column("loads", "count"), column("revenue", "money"), column("share", "percent")],
          subjectRows(
            customers,
            { ...wholeRevenue, cost: "0.00" },
            (label, c, rowLink) =>
              row(label.kind, label.value, [c.loads, c.revenue, percent(c.revenue, revenue)], rowLink),
            (c) => link("/operations/loads", { ...inPeriod, customerId: c.id }),
          ),
          { total: true, truncated: customers.length > TABLE_ROWS },
        ),
      ],
    }),
  ];
}
