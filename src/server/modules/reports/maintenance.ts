import { scheduleDue } from "@shared/fleet/maintenance-status";
import { INSPECTION_STATUSES } from "@shared/inspections/inspections.schema";
import type { ReportSection } from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import { dayAfter, dayStart } from "../../platform/company-day";
import {
  cents,
  chart,
  column,
  figure,
  link,
  money,
  percent,
  type ReportContext,
  row,
  rows,
  section,
  TABLE_ROWS,
  table,
} from "./report-kit";

type Cost = {
  cur: boolean;
  asset_id: string;
  asset: string;
  kind: "vehicle" | "trailer";
  service_type: string;
  n: number;
  cost: string;
};

export async function maintenanceReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { period, timeZone, today } = ctx;
  const inPeriod = { from: period.from, to: period.to };
  const [costs, open, schedules, shopDays, inspections] = await Promise.all([
    // Work done in the period (by service date), with its cost.
    rows<Cost>(
      ctx.db,
      sql`select m.service_date >= ${period.from}::date as cur,
            coalesce(m.vehicle_id, m.trailer_id)::text as asset_id,
            coalesce(v.unit_number, t.identifier) as asset,
            case when m.vehicle_id is not null then 'vehicle' else 'trailer' end as kind,
            m.service_type, count(*)::int as n, coalesce(sum(m.cost), 0)::text as cost
          from maintenance_records m
          left join vehicles v on v.id = m.vehicle_id
          left join trailers t on t.id = m.trailer_id
          where m.service_date between ${period.previousFrom}::date and ${period.to}::date
          group by 1, 2, 3, 4, 5`,
    ),
    rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from maintenance_records where status = 'open'`,
    ),
    rows<{
      vehicle_id: string;
      unit_number: string;
      mileage: number;
      service_type: string;
      interval_miles: number | null;
      interval_days: number | null;
      last_service_date: string | null;
      last_service_odometer: number | null;
    }>(
      ctx.db,
      sql`select s.vehicle_id, v.unit_number, v.mileage, s.service_type, s.interval_miles, s.interval_days,
            s.last_service_date::text as last_service_date, s.last_service_odometer
          from maintenance_schedules s join vehicles v on v.id = s.vehicle_id
          where v.status <> 'inactive'`,
    ),
    // Shop days: the company days of the period a truck had a repair open (service date to completion).
    rows<{ cur: boolean; days: number }>(
      ctx.db,
      sql`with spans as (
            select m.vehicle_id, d.day::date as day
            from maintenance_records m
            cross join lateral generate_series(
              greatest(m.service_date, ${period.previousFrom}::date),
              least(coalesce((m.completed_at at time zone ${timeZone})::date, ${today}::date), ${period.to}::date),
              interval '1 day') d(day)
            where m.vehicle_id is not null and m.service_date <= ${period.to}::date
              and (m.completed_at is null or m.completed_at >= ${dayStart(period.previousFrom, timeZone)})
          )
          select day >= ${period.from}::date as cur, count(distinct (vehicle_id, day))::int as days
          from spans group by 1`,
    ),
    rows<{ cur: boolean; status: string; n: number; defects: number }>(
      ctx.db,
      sql`select inspected_at >= ${dayStart(period.from, timeZone)} as cur, overall_status::text as status,
            count(*)::int as n, coalesce(sum(failed_items), 0)::int as defects
          from inspections
          where inspected_at >= ${dayStart(period.previousFrom, timeZone)} and inspected_at < ${dayAfter(period.to, timeZone)}
          group by 1, 2`,
    ),
  ]);

  const cost = (cur: boolean) =>
    money(costs.filter((c) => c.cur === cur).reduce((s, c) => s + cents(c.cost), 0n));
  const items = (cur: boolean) => costs.filter((c) => c.cur === cur).reduce((s, c) => s + c.n, 0);
  const shop = (cur: boolean) => shopDays.find((d) => d.cur === cur)?.days ?? 0;
  const insp = (cur: boolean, status?: string) =>
    inspections.filter((i) => i.cur === cur && (!status || i.status === status)).reduce((s, i) => s + i.n, 0);
  const defects = (cur: boolean) =>
    inspections.filter((i) => i.cur === cur).reduce((s, i) => s + i.defects, 0);
  const dues = schedules
    .map((s) => ({
      ...s,
      due: scheduleDue(
        {
          intervalMiles: s.interval_miles,
          intervalDays: s.interval_days,
          lastServiceDate: s.last_service_date,
          lastServiceOdometer: s.last_service_odometer,
        },
        today,
        s.mileage,
      ),
    }))
    .filter((s) => s.due.status !== "good")
    .sort((a, b) =>
      a.due.status === b.due.status
        ? a.unit_number.localeCompare(b.unit_number)
        : a.due.status === "overdue"
          ? -1
          : 1,
    );
  const overdue = dues.filter((d) => d.due.status === "overdue").length;

  const maintenanceLink = link("/fleet/maintenance", inPeriod);
  const figures = [
    figure("maintenanceCost", "money", cost(true), cost(false), {
      link: maintenanceLink,
      higherIsBetter: false,
    }),
    figure("serviceItems", "count", items(true), items(false), {
      link: maintenanceLink,
      higherIsBetter: null,
    }),
    figure("openItems", "count", open[0]?.n ?? 0, null, {
      link: link("/fleet/maintenance", { status: "open" }),
      higherIsBetter: false,
    }),
    figure("overdueServices", "count", overdue, null, { link: "/fleet", higherIsBetter: false }),
    figure("dueServices", "count", dues.length - overdue, null, { link: "/fleet", higherIsBetter: null }),
    figure("shopDays", "days", shop(true), shop(false), { link: maintenanceLink, higherIsBetter: false }),
    figure("inspections", "count", insp(true), insp(false), {
      link: link("/fleet/inspections", inPeriod),
      higherIsBetter: null,
    }),
    figure(
      "passRate",
      "percent",
      percent(insp(true, "pass"), insp(true)),
      percent(insp(false, "pass"), insp(false)),
      {
        link: link("/fleet/inspections", { ...inPeriod, status: "pass" }),
        higherIsBetter: true,
      },
    ),
    figure("defectsFound", "count", defects(true), defects(false), {
      link: link("/fleet/inspections", inPeriod),
      higherIsBetter: false,
    }),
  ];

  const group = <K extends string>(key: (c: Cost) => K) => {
    const map = new Map<K, { sample: Cost; n: number; cost: bigint; prev: bigint }>();
    for (const c of costs) {
      const k = key(c);
      const e = map.get(k) ?? { sample: c, n: 0, cost: 0n, prev: 0n };
      if (c.cur) {
        e.n += c.n;
        e.cost += cents(c.cost);
      } else e.prev += cents(c.cost);
      map.set(k, e);
    }
    return [...map.values()].filter((e) => e.n > 0).sort((a, b) => Number(b.cost - a.cost));
  };
  const byAsset = group((c) => c.asset_id);
  const byType = group((c) => c.service_type);
  const costByAsset = table(
    "costByAsset",
    "asset",
    [column("items", "count"), column("cost", "money"), column("previous", "money")],
    byAsset.slice(0, TABLE_ROWS).map((e) =>
      row(
        "text",
        e.sample.asset,
        [e.n, money(e.cost), money(e.prev)],
        link("/fleet/maintenance", {
          ...inPeriod,
          [e.sample.kind === "vehicle" ? "vehicleId" : "trailerId"]: e.sample.asset_id,
        }),
      ),
    ),
    { total: true, truncated: byAsset.length > TABLE_ROWS },
  );
  const costByType = table(
    "costByServiceType",
    "serviceType",
    [column("items", "count"), column("cost", "money"), column("previous", "money")],
    byType.map((e) =>
      row(
        "serviceType",
        e.sample.service_type,
        [e.n, money(e.cost), money(e.prev)],
        link("/fleet/maintenance", {
          ...inPeriod,
          serviceType: e.sample.service_type,
        }),
      ),
    ),
    { total: true },
  );
  const dueTable = table(
    "servicesDue",
    "truck",
    [
      column("serviceType", "label", "serviceType"),
      column("status", "label", "maintenanceStatus"),
      column("dueDate", "date"),
      column("milesLeft", "miles"),
    ],
    dues
      .slice(0, TABLE_ROWS * 2)
      .map((d) =>
        row(
          "text",
          d.unit_number,
          [d.service_type, d.due.status, d.due.dueDate, d.due.milesLeft],
          `/fleet/vehicles/${d.vehicle_id}`,
        ),
      ),
    { truncated: dues.length > TABLE_ROWS * 2 },
  );
  const inspectionTable = table(
    "inspectionResults",
    "result",
    [column("inspections", "count"), column("share", "percent"), column("defects", "count")],
    INSPECTION_STATUSES.map((s) =>
      row(
        "inspectionStatus",
        s,
        [
          insp(true, s),
          percent(insp(true, s), insp(true)),
          inspections.find((i) => i.cur && i.status === s)?.defects ?? 0,
        ],
        link("/fleet/inspections", { ...inPeriod, status: s }),
      ),
    ),
    { total: true },
  );

  return [
    section("summary", { figures }),
    section("costs", {
      charts: [
        chart("costByServiceType", "pie", "costByServiceType", ["cost"]),
        chart("costByAsset", "bar", "costByAsset", ["cost"]),
      ],
      tables: [costByType, costByAsset],
    }),
    section("due", { tables: [dueTable] }),
    section("inspections", {
      charts: [chart("inspectionResults", "pie", "inspectionResults", ["inspections"])],
      tables: [inspectionTable],
    }),
  ];
}
