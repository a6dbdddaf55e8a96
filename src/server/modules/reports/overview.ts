import { LOAD_STATUSES } from "@shared/loads/loads.schema";
import { daysBetween, type ReportSection } from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import { dayAfter, dayStart } from "../../platform/company-day";
import {
  bothPeriods,
  busyRollups,
  cents,
  chart,
  column,
  earliest,
  figure,
  link,
  loadRollups,
  money,
  percent,
  type ReportContext,
  ratio,
  row,
  rows,
  section,
  table,
} from "./report-kit";

type LoadTotals = {
  cur: boolean;
  status: string;
  n: number;
  revenue: string;
  miles: number;
  mile_revenue: string;
};

/**
 * A period's loads (by their first pickup, in the company's days), current and previous periods in
 * one scan: count, revenue (the load's total rate), loaded miles and the revenue of loads with miles.
 */
export async function loadTotals(ctx: ReportContext): Promise<LoadTotals[]> {
  const { period, timeZone } = ctx;
  if (ctx.rollups)
    return rows<LoadTotals>(
      ctx.db,
      sql`select day >= ${period.from}::date as cur, status::text as status, sum(loads)::int as n,
            sum(revenue)::text as revenue, sum(miles)::float8 as miles, sum(mile_revenue)::text as mile_revenue
          from (${loadRollups(bothPeriods(period), sql`dim = 'all'`)}) t
          group by 1, 2 having sum(loads) <> 0`,
    );
  return rows<LoadTotals>(
    ctx.db,
    sql`select pickup_at >= ${dayStart(period.from, timeZone)} as cur, status::text as status, count(*)::int as n,
          coalesce(sum(total_rate), 0)::text as revenue, coalesce(sum(loaded_miles), 0)::float8 as miles,
          coalesce(sum(total_rate) filter (where loaded_miles > 0), 0)::text as mile_revenue
        from loads
        where pickup_at >= ${dayStart(period.previousFrom, timeZone)} and pickup_at < ${dayAfter(period.to, timeZone)}
        group by 1, 2`,
  );
}

/** Sums of the non-cancelled loads of one period. */
export function booked(totals: LoadTotals[], cur: boolean) {
  const live = totals.filter((t) => t.cur === cur && t.status !== "cancelled");
  const revenue = live.reduce((s, t) => s + cents(t.revenue), 0n);
  const mileRevenue = live.reduce((s, t) => s + cents(t.mile_revenue), 0n);
  const miles = Math.round(live.reduce((s, t) => s + t.miles, 0) * 10) / 10;
  return {
    loads: live.reduce((s, t) => s + t.n, 0),
    revenue: money(revenue),
    miles,
    perMile: ratio(money(mileRevenue), miles),
  };
}

type TruckDays = {
  id: string;
  unit_number: string;
  status: string;
  busy: number;
  busy_prev: number;
  loads: number;
  revenue: string;
  miles: number;
};

/**
 * Each truck's days with a load (a load occupies its pickup day through its delivery day, in the
 * company's days) in this period up to today and in the previous one, and its loads picked up in
 * this period.
 */
async function truckDays(ctx: ReportContext): Promise<TruckDays[]> {
  const { period, timeZone } = ctx;
  const until = earliest(period.to, ctx.today);
  const booked = ctx.rollups
    ? sql`select subject_id as vehicle_id, sum(loads)::int as loads, sum(revenue)::text as revenue,
            sum(miles)::float8 as miles
          from (${loadRollups([[period.from, period.to]], sql`dim = 'vehicle' and status <> 'cancelled'`)}) t
          group by 1 having sum(loads) <> 0`
    : sql`select vehicle_id, count(*)::int as loads, sum(total_rate)::text as revenue,
            coalesce(sum(loaded_miles), 0)::float8 as miles
          from loads
          where vehicle_id is not null and status <> 'cancelled'
            and pickup_at >= ${dayStart(period.from, timeZone)} and pickup_at < ${dayAfter(period.to, timeZone)}
          group by vehicle_id`;
  // Busy days up to today: the comparison's and the period's days, whole months from the monthly
  // busy days (rollups) or every day from the daily ones.
  const spans: Array<[string, string]> = [];
  const previousUntil = earliest(period.previousTo, until);
  if (period.previousFrom <= previousUntil) spans.push([period.previousFrom, previousUntil]);
  if (period.from <= until) spans.push([period.from, until]);
  const busy = ctx.rollups
    ? sql`select vehicle_id, coalesce(sum(days) filter (where day >= ${period.from}::date), 0)::int as busy,
            coalesce(sum(days) filter (where day < ${period.from}::date), 0)::int as busy_prev
          from (${busyRollups(spans)}) t
          group by vehicle_id`
    : sql`select vehicle_id, count(*) filter (where day >= ${period.from}::date)::int as busy,
            count(*) filter (where day < ${period.from}::date)::int as busy_prev
          from vehicle_busy_days
          where loads > 0 and day between ${period.previousFrom}::date and ${until}::date
          group by vehicle_id`;
  return rows<TruckDays>(
    ctx.db,
    sql`with busy as (${busy}),
        booked as (${booked})
        select v.id, v.unit_number, v.status::text as status, coalesce(b.busy, 0) as busy,
          coalesce(b.busy_prev, 0) as busy_prev, coalesce(k.loads, 0) as loads,
          coalesce(k.revenue, '0') as revenue, coalesce(k.miles, 0) as miles
        from vehicles v
        left join busy b on b.vehicle_id = v.id
        left join booked k on k.vehicle_id = v.id
        order by coalesce(b.busy, 0) desc, v.unit_number`,
  );
}

export async function overviewReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { period } = ctx;
  const [totals, trucks, vehicleStatus, driverStatus] = await Promise.all([
    loadTotals(ctx),
    truckDays(ctx),
    rows<{ status: string; n: number }>(
      ctx.db,
      sql`select status::text as status, count(*)::int as n from vehicles group by 1`,
    ),
    rows<{ status: string; n: number }>(
      ctx.db,
      sql`select status::text as status, count(*)::int as n from drivers where active group by 1`,
    ),
  ]);
  const cur = booked(totals, true);
  const prev = booked(totals, false);
  const inPeriod = { from: period.from, to: period.to };
  const prevLength = daysBetween(period.previousFrom, period.previousTo) + 1;

  // Utilisation counts the trucks in service (active or in the shop), not the retired ones, over the
  // period's days up to today (the rest of this month has not happened yet).
  const elapsed = Math.max(0, daysBetween(period.from, earliest(period.to, ctx.today)) + 1);
  const working = trucks.filter((t) => t.status !== "inactive");
  const busy = working.reduce((s, t) => s + t.busy, 0);
  const busyPrev = working.reduce((s, t) => s + t.busy_prev, 0);
  const idle = working.filter((t) => t.busy === 0);
  const idlePrev = working.filter((t) => t.busy_prev === 0);

  const loadsLink = link("/operations/loads", inPeriod);
  const figures = [
    figure("revenue", "money", cur.revenue, prev.revenue, { link: loadsLink, higherIsBetter: true }),
    figure("loads", "count", cur.loads, prev.loads, { link: loadsLink, higherIsBetter: true }),
    figure("miles", "miles", cur.miles, prev.miles, { link: loadsLink, higherIsBetter: true }),
    figure("revenuePerMile", "rate", cur.perMile, prev.perMile, { link: loadsLink, higherIsBetter: true }),
    figure(
      "utilisation",
      "percent",
      percent(busy, working.length * elapsed),
      percent(busyPrev, working.length * prevLength),
      { link: "/fleet", higherIsBetter: true },
    ),
    figure("idleTrucks", "count", idle.length, idlePrev.length, {
      link: link("/fleet", { status: "active" }),
      higherIsBetter: false,
    }),
  ];

  const statusCount = (list: { status: string; n: number }[], s: string) =>
    list.find((x) => x.status === s)?.n ?? 0;
  const loadsByStatus = table(
    "loadsByStatus",
    "status",
    [column("loads", "count"), column("revenue", "money"), column("previousLoads", "count")],
    LOAD_STATUSES.map((s) => {
      const c = totals.find((t) => t.cur && t.status === s);
      const p = totals.find((t) => !t.cur && t.status === s);
      return row(
        "loadStatus",
        s,
        [c?.n ?? 0, c?.revenue ?? "0.00", p?.n ?? 0],
        link("/operations/loads", { ...inPeriod, status: s }),
      );
    }),
    { total: true },
  );
  const trucksByStatus = table(
    "trucksByStatus",
    "status",
    [column("trucks", "count")],
    ["active", "in_maintenance", "inactive"].map((s) =>
      row("vehicleStatus", s, [statusCount(vehicleStatus, s)], link("/fleet", { status: s })),
    ),
    { total: true },
  );
  const driversByStatus = table(
    "driversByStatus",
    "status",
    [column("drivers", "count")],
    ["available", "on_trip", "busy", "off_duty", "unknown"].map((s) =>
      row("driverStatus", s, [statusCount(driverStatus, s)], link("/drivers", { status: s })),
    ),
    { total: true },
  );
  const utilisation = table(
    "truckUtilisation",
    "truck",
    [
      column("busyDays", "count"),
      column("utilisation", "percent"),
      column("loads", "count"),
      column("revenue", "money"),
      column("miles", "miles"),
    ],
    working.map((t) =>
      row(
        "text",
        t.unit_number,
        [t.busy, percent(t.busy, elapsed), t.loads, t.revenue, t.miles],
        `/fleet/vehicles/${t.id}`,
      ),
    ),
    { total: true },
  );
  const idleTrucks = table(
    "idleTrucks",
    "truck",
    [column("status", "label", "vehicleStatus")],
    idle.map((t) => row("text", t.unit_number, [t.status], `/fleet/vehicles/${t.id}`)),
  );

  return [
    section("summary", { figures }),
    section("loads", {
      charts: [chart("loadsByStatus", "bar", "loadsByStatus", ["loads"])],
      tables: [loadsByStatus],
    }),
    section("fleet", {
      charts: [
        chart("trucksByStatus", "pie", "trucksByStatus", ["trucks"]),
        chart("driversByStatus", "pie", "driversByStatus", ["drivers"]),
      ],
      tables: [trucksByStatus, driversByStatus],
    }),
    section("utilisation", {
      charts: [chart("truckUtilisation", "bar", "truckUtilisation", ["utilisation"])],
      tables: [utilisation, idleTrucks],
    }),
  ];
}
