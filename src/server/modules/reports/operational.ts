import { ON_TIME_GRACE_MINUTES } from "@shared/drivers/ratings.schema";
import { LOAD_STATUSES } from "@shared/loads/loads.schema";
import type { ReportSection } from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import { dayAfter, dayStart } from "../../platform/company-day";
import { loadTotals } from "./overview";
import {
  bothPeriods,
  chart,
  column,
  figure,
  link,
  loadRollups,
  percent,
  type ReportContext,
  row,
  rows,
  section,
  TABLE_ROWS,
  table,
} from "./report-kit";

type Timeliness = {
  cur: boolean;
  started: number;
  pickup_on_time: number;
  delivered: number;
  delivery_on_time: number;
  transit_hours: string | null;
};

type PerSubject = {
  id: string;
  name: string;
  loads: number;
  completed: number;
  delivery_on_time: number;
  miles: number;
  revenue: string;
};

export async function operationalReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { period, timeZone } = ctx;
  const start = dayStart(period.from, timeZone);
  const end = dayAfter(period.to, timeZone);
  const grace = sql`make_interval(mins => ${ON_TIME_GRACE_MINUTES}::int)`;
  const inPeriod = { from: period.from, to: period.to };
  const perSubject = (
    key: "driver_id" | "vehicle_id",
    nameSql: ReturnType<typeof sql>,
    joinSql: ReturnType<typeof sql>,
  ) =>
    rows<PerSubject>(
      ctx.db,
      ctx.rollups
        ? sql`select s.id, ${nameSql} as name, sum(t.loads)::int as loads,
                coalesce(sum(t.loads) filter (where t.status = 'completed'), 0)::int as completed,
                sum(t.delivery_on_time)::int as delivery_on_time,
                sum(t.miles)::float8 as miles, sum(t.revenue)::text as revenue
              from (${loadRollups(
                [[period.from, period.to]],
                sql`dim = ${key === "driver_id" ? "driver" : "vehicle"} and status <> 'cancelled'`,
              )}) t ${joinSql}
              group by s.id having sum(t.loads) <> 0
              order by sum(t.loads) desc, 2 limit ${TABLE_ROWS}`
        : sql`select s.id, ${nameSql} as name, count(*)::int as loads,
                count(*) filter (where l.status = 'completed')::int as completed,
                count(*) filter (where l.delivered_at <= l.delivery_at + ${grace})::int as delivery_on_time,
                coalesce(sum(l.loaded_miles), 0)::float8 as miles, sum(l.total_rate)::text as revenue
              from loads l ${joinSql}
              where l.status <> 'cancelled' and l.pickup_at >= ${start} and l.pickup_at < ${end}
                and l.${sql.raw(key)} is not null
              group by s.id order by count(*) desc, 2 limit ${TABLE_ROWS}`,
    );
  const [totals, timeliness, byDriver, byTruck, board, deadhead] = await Promise.all([
    loadTotals(ctx),
    // On time by the scorecards' rule: started (picked up) / delivered at most the grace after the
    // appointment; transit is pickup to delivery of the delivered loads.
    rows<Timeliness>(
      ctx.db,
      ctx.rollups
        ? sql`select day >= ${period.from}::date as cur, sum(started)::int as started,
                sum(pickup_on_time)::int as pickup_on_time, sum(delivered)::int as delivered,
                sum(delivery_on_time)::int as delivery_on_time,
                round(sum(transit_seconds) / nullif(sum(transit_loads), 0) / 3600, 1)::text as transit_hours
              from (${loadRollups(bothPeriods(period), sql`dim = 'all' and status <> 'cancelled'`)}) t
              group by 1`
        : sql`select pickup_at >= ${start} as cur,
            count(started_at)::int as started,
            count(*) filter (where started_at <= pickup_at + ${grace})::int as pickup_on_time,
            count(delivered_at)::int as delivered,
            count(*) filter (where delivered_at <= delivery_at + ${grace})::int as delivery_on_time,
            round((extract(epoch from avg(delivered_at - started_at) filter (where delivered_at > started_at)) / 3600)::numeric, 1)::text as transit_hours
          from loads
          where status <> 'cancelled'
            and pickup_at >= ${dayStart(period.previousFrom, timeZone)} and pickup_at < ${end}
          group by 1`,
    ),
    perSubject(
      "driver_id",
      sql`s.full_name`,
      ctx.rollups ? sql`join drivers s on s.id = t.subject_id` : sql`join drivers s on s.id = l.driver_id`,
    ),
    perSubject(
      "vehicle_id",
      sql`s.unit_number`,
      ctx.rollups ? sql`join vehicles s on s.id = t.subject_id` : sql`join vehicles s on s.id = l.vehicle_id`,
    ),
    rows<{ cur: boolean; interests: number; drivers: number; loads: number; filled: number }>(
      ctx.db,
      sql`select i.created_at >= ${start} as cur, count(*)::int as interests,
            count(distinct i.driver_id)::int as drivers, count(distinct i.load_id)::int as loads,
            count(distinct i.load_id) filter (where l.driver_id = i.driver_id)::int as filled
          from load_interests i join loads l on l.id = i.load_id
          where i.created_at >= ${dayStart(period.previousFrom, timeZone)} and i.created_at < ${end}
          group by 1`,
    ),
    // Empty (deadhead) miles and their share of all miles driven (issue 40), by first pickup, not
    // cancelled, both periods: the daily rollups (the monthly ones have no empty miles; the fleet's
    // days are a few rows each), or the rows. A sum of no recorded empty miles is none, as in SQL.
    rows<{ cur: boolean; empty: string | null; loaded: string | null }>(
      ctx.db,
      ctx.rollups
        ? sql`select day >= ${period.from}::date as cur,
                (case when sum(empty_loads) > 0 then sum(empty_miles) end)::text as empty, sum(miles)::text as loaded
              from load_day_totals
              where dim = 'all' and status <> 'cancelled' and day between ${period.previousFrom}::date and ${period.to}::date
              group by 1`
        : sql`select pickup_at >= ${start} as cur, sum(empty_miles)::text as empty, sum(loaded_miles)::text as loaded
          from loads
          where status <> 'cancelled'
            and pickup_at >= ${dayStart(period.previousFrom, timeZone)} and pickup_at < ${end}
          group by 1`,
    ),
  ]);
  const deadOf = (cur: boolean) => deadhead.find((d) => d.cur === cur) ?? { empty: null, loaded: null };
  const dh = deadOf(true);
  const dhp = deadOf(false);
  const driven = (d: { empty: string | null; loaded: string | null }) =>
    Number(d.empty ?? 0) + Number(d.loaded ?? 0);

  const count = (cur: boolean, status?: string) =>
    totals.filter((t) => t.cur === cur && (!status || t.status === status)).reduce((s, t) => s + t.n, 0);
  const time = (cur: boolean) =>
    timeliness.find((t) => t.cur === cur) ?? {
      started: 0,
      pickup_on_time: 0,
      delivered: 0,
      delivery_on_time: 0,
      transit_hours: null,
    };
  const boardOf = (cur: boolean) =>
    board.find((b) => b.cur === cur) ?? { interests: 0, drivers: 0, loads: 0, filled: 0 };
  const t = time(true);
  const tp = time(false);
  const b = boardOf(true);
  const bp = boardOf(false);
  const loadsLink = link("/operations/loads", inPeriod);

  const figures = [
    figure("loads", "count", count(true), count(false), { link: loadsLink, higherIsBetter: true }),
    figure("completed", "count", count(true, "completed"), count(false, "completed"), {
      link: link("/operations/loads", { ...inPeriod, status: "completed" }),
      higherIsBetter: true,
    }),
    figure("cancelled", "count", count(true, "cancelled"), count(false, "cancelled"), {
      link: link("/operations/loads", { ...inPeriod, status: "cancelled" }),
      higherIsBetter: false,
    }),
    figure(
      "onTimePickup",
      "percent",
      percent(t.pickup_on_time, t.started),
      percent(tp.pickup_on_time, tp.started),
      {
        link: loadsLink,
        higherIsBetter: true,
      },
    ),
    figure(
      "onTimeDelivery",
      "percent",
      percent(t.delivery_on_time, t.delivered),
      percent(tp.delivery_on_time, tp.delivered),
      { link: link("/drivers/ratings", inPeriod), higherIsBetter: true },
    ),
    figure("transitHours", "hours", t.transit_hours, tp.transit_hours, { higherIsBetter: false }),
    figure("boardInterests", "count", b.interests, bp.interests, {
      link: "/operations/load-board",
      higherIsBetter: true,
    }),
    figure("boardFilled", "count", b.filled, bp.filled, {
      link: "/operations/load-board",
      higherIsBetter: true,
    }),
    figure("emptyMiles", "miles", dh.empty ?? "0", dhp.empty ?? "0", { higherIsBetter: false }),
    figure("deadheadPercent", "percent", percent(dh.empty, driven(dh)), percent(dhp.empty, driven(dhp)), {
      higherIsBetter: false,
    }),
  ];

  const byStatus = table(
    "loadsByStatus",
    "status",
    [column("loads", "count"), column("previousLoads", "count")],
    LOAD_STATUSES.map((s) =>
      row(
        "loadStatus",
        s,
        [count(true, s), count(false, s)],
        link("/operations/loads", { ...inPeriod, status: s }),
      ),
    ),
    { total: true },
  );
  const timelinessTable = table(
    "timeliness",
    "measure",
    [column("onTime", "count"), column("of", "count"), column("rate", "percent")],
    [
      row("measure", "pickup", [t.pickup_on_time, t.started, percent(t.pickup_on_time, t.started)]),
      row("measure", "delivery", [t.delivery_on_time, t.delivered, percent(t.delivery_on_time, t.delivered)]),
    ],
  );
  const subjectColumns = [
    column("loads", "count"),
    column("completed", "count"),
    column("onTimeDelivery", "percent"),
    column("miles", "miles"),
    column("revenue", "money"),
  ];
  const driverTable = table(
    "loadsPerDriver",
    "driver",
    subjectColumns,
    byDriver.map((d) =>
      row(
        "text",
        d.name,
        [d.loads, d.completed, percent(d.delivery_on_time, d.completed), d.miles, d.revenue],
        link("/operations/loads", { ...inPeriod, driverId: d.id }),
      ),
    ),
    { truncated: byDriver.length === TABLE_ROWS },
  );
  const truckTable = table(
    "loadsPerTruck",
    "truck",
    subjectColumns,
    byTruck.map((d) =>
      row(
        "text",
        d.name,
        [d.loads, d.completed, percent(d.delivery_on_time, d.completed), d.miles, d.revenue],
        `/fleet/vehicles/${d.id}`,
      ),
    ),
    { truncated: byTruck.length === TABLE_ROWS },
  );
  const boardTable = table(
    "loadBoard",
    "measure",
    [column("value", "count"), column("previous", "count")],
    [
      row("measure", "interests", [b.interests, bp.interests]),
      row("measure", "drivers", [b.drivers, bp.drivers]),
      row("measure", "loads", [b.loads, bp.loads]),
      row("measure", "filled", [b.filled, bp.filled]),
    ],
  );

  return [
    section("summary", { figures }),
    section("loads", {
      charts: [chart("loadsByStatus", "bar", "loadsByStatus", ["loads", "previousLoads"])],
      tables: [byStatus, timelinessTable],
    }),
    section("drivers", {
      charts: [chart("loadsPerDriver", "bar", "loadsPerDriver", ["loads"])],
      tables: [driverTable],
    }),
    section("trucks", { tables: [truckTable] }),
    section("loadBoard", { tables: [boardTable] }),
  ];
}
