import {
  ON_TIME_GRACE_MINUTES,
  type ScorecardExportQuery,
  type ScorecardFilter,
  type ScorecardPage,
  type ScorecardQuery,
  type ScorecardRow,
  type ScorecardSort,
} from "@shared/drivers/ratings.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  accidents,
  citations,
  driverRatings,
  drivers,
  inspections,
  loadStatusEvents,
  loadStops,
  loads,
} from "../../db/schema";
import type { Deps } from "../../deps";
import { likePattern, offsetOf } from "../../http/pagination";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { addDays, utcToday } from "./drivers.repo";

/** Without dates a scorecard covers this month so far (UTC calendar dates). */
export function scorecardPeriod(filter: { from?: string; to?: string }, today = utcToday()) {
  const to = filter.to ?? (filter.from && filter.from > today ? filter.from : today);
  const from = filter.from ?? `${to.slice(0, 8)}01`;
  return { from, to };
}

const ORDER: Record<ScorecardSort, string> = {
  driverName: "full_name",
  loadsCompleted: "loads_completed",
  onTimeRate: "on_time_rate",
  rating: "rating_average",
  inspectionsFailed: "inspections_failed",
  citations: "citations",
  accidents: "accidents",
};

type Raw = {
  driver_id: string;
  full_name: string;
  active: boolean;
  loads_completed: number;
  on_time: number;
  on_time_rate: number | null;
  rating_average: string | null;
  rating_count: number;
  punctuality: string | null;
  communication: string | null;
  safety: string | null;
  equipment_care: string | null;
  inspections_failed: number;
  citations: number;
  accidents: number;
  total: number;
};

const toRow = (r: Raw): ScorecardRow => ({
  driverId: r.driver_id,
  driverName: r.full_name,
  active: r.active,
  loadsCompleted: r.loads_completed,
  onTimeCount: r.on_time,
  onTimeRate: r.on_time_rate === null ? null : Number(r.on_time_rate),
  ratingAverage: r.rating_average,
  ratingCount: r.rating_count,
  punctuality: r.punctuality,
  communication: r.communication,
  safety: r.safety,
  equipmentCare: r.equipment_care,
  inspectionsFailed: r.inspections_failed,
  citations: r.citations,
  accidents: r.accidents,
});

/**
 * One row per driver over a period (both dates included):
 * - loads completed in it (by completion time), and how many on time: completed (the status event
 *   that made it completed) at most ON_TIME_GRACE_MINUTES after the last delivery stop's appointment;
 * - the ratings of those loads, overall and per category;
 * - failed inspections, citations issued and accidents in the period.
 */
async function scorecardRows(
  db: Tx,
  filter: Omit<ScorecardFilter, "sort" | "dir"> & { from: string; to: string },
  sort: ScorecardSort,
  dir: "asc" | "desc",
  page?: { limit: number; offset: number },
): Promise<Raw[]> {
  const start = new Date(`${filter.from}T00:00:00Z`);
  const end = new Date(`${addDays(filter.to, 1)}T00:00:00Z`);
  const driverWhere: SQL[] = [];
  if (!filter.includeInactive) driverWhere.push(sql`d.active`);
  if (filter.driverId) driverWhere.push(sql`d.id = ${filter.driverId}`);
  if (filter.q) driverWhere.push(sql`d.full_name ilike ${likePattern(filter.q)}`);
  const where = driverWhere.length ? sql`where ${sql.join(driverWhere, sql` and `)}` : sql``;
  const direction = dir === "asc" ? sql`asc` : sql`desc`;
  const result = await db.execute<Raw>(sql`
    with period_loads as (
      select l.id, l.driver_id,
        coalesce(
          (select max(e.created_at) from ${loadStatusEvents} e where e.load_id = l.id and e.to_status = 'completed'),
          l.delivered_at
        ) as completed_at,
        (select st.scheduled_at from ${loadStops} st
          where st.load_id = l.id and st.type = 'delivery' order by st.sequence desc limit 1) as due_at
      from ${loads} l
      where l.status = 'completed' and l.driver_id is not null
        and l.delivered_at >= ${start} and l.delivered_at < ${end}
    ),
    load_stats as (
      select driver_id, count(*)::int as completed,
        (count(*) filter (
          where completed_at <= due_at + make_interval(mins => ${ON_TIME_GRACE_MINUTES}::int)
        ))::int as on_time
      from period_loads group by driver_id
    ),
    rating_stats as (
      select r.driver_id, count(*)::int as n,
        round(avg(r.overall), 2) as overall,
        round(avg(r.punctuality), 2) as punctuality,
        round(avg(r.communication), 2) as communication,
        round(avg(r.safety), 2) as safety,
        round(avg(r.equipment_care), 2) as equipment_care
      from ${driverRatings} r join period_loads pl on pl.id = r.load_id
      group by r.driver_id
    ),
    inspection_stats as (
      select driver_id, count(*)::int as n from ${inspections}
      where overall_status = 'fail' and driver_id is not null
        and inspected_at >= ${start} and inspected_at < ${end}
      group by driver_id
    ),
    citation_stats as (
      select driver_id, count(*)::int as n from ${citations}
      where issued_on between ${filter.from}::date and ${filter.to}::date
      group by driver_id
    ),
    accident_stats as (
      select driver_id, count(*)::int as n from ${accidents}
      where driver_id is not null and occurred_at >= ${start} and occurred_at < ${end}
      group by driver_id
    ),
    card as (
      select d.id as driver_id, d.full_name, d.active,
        coalesce(ls.completed, 0) as loads_completed,
        coalesce(ls.on_time, 0) as on_time,
        case when ls.completed > 0 then round(ls.on_time::numeric / ls.completed, 4)::float8 end as on_time_rate,
        rs.overall::text as rating_average,
        coalesce(rs.n, 0) as rating_count,
        rs.punctuality::text as punctuality,
        rs.communication::text as communication,
        rs.safety::text as safety,
        rs.equipment_care::text as equipment_care,
        coalesce(i.n, 0) as inspections_failed,
        coalesce(c.n, 0) as citations,
        coalesce(a.n, 0) as accidents
      from ${drivers} d
      left join load_stats ls on ls.driver_id = d.id
      left join rating_stats rs on rs.driver_id = d.id
      left join inspection_stats i on i.driver_id = d.id
      left join citation_stats c on c.driver_id = d.id
      left join accident_stats a on a.driver_id = d.id
      ${where}
    )
    select card.*, (count(*) over ())::int as total from card
    order by ${sql.raw(ORDER[sort])} ${direction} nulls last, full_name asc, driver_id asc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  return result.rows;
}

export function createScorecardsService(deps: Deps) {
  const { db } = deps;
  return {
    async list(query: ScorecardQuery): Promise<ScorecardPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const period = scorecardPeriod(filter);
      const offset = offsetOf({ page, pageSize });
      const rows = await scorecardRows(db, { ...filter, ...period }, sort, dir, { limit: pageSize, offset });
      // A page past the end has no rows to carry the total: count without the page.
      const total =
        rows[0]?.total ??
        (offset > 0 ? (await scorecardRows(db, { ...filter, ...period }, sort, dir)).length : 0);
      return { items: rows.map(toRow), total, page, pageSize, ...period };
    },

    async export(query: ScorecardExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const period = scorecardPeriod(filter);
      const rows = (await scorecardRows(db, { ...filter, ...period }, sort, dir)).map(toRow);
      const num = (v: string | null) => (v === null ? null : Number(v));
      const columns: Column<ScorecardRow>[] = [
        { header: "Driver", value: (r) => r.driverName, width: 24 },
        { header: "Period from", value: () => period.from, width: 12 },
        { header: "Period to", value: () => period.to, width: 12 },
        { header: "Loads completed", value: (r) => r.loadsCompleted, width: 10 },
        { header: "On time", value: (r) => r.onTimeCount, width: 10 },
        {
          header: "On-time rate (%)",
          value: (r) => (r.onTimeRate === null ? null : Math.round(r.onTimeRate * 1000) / 10),
          width: 12,
        },
        { header: "Rating", value: (r) => num(r.ratingAverage), width: 8 },
        { header: "Ratings", value: (r) => r.ratingCount, width: 8 },
        { header: "Punctuality", value: (r) => num(r.punctuality), width: 10 },
        { header: "Communication", value: (r) => num(r.communication), width: 10 },
        { header: "Safety", value: (r) => num(r.safety), width: 10 },
        { header: "Care of equipment", value: (r) => num(r.equipmentCare), width: 10 },
        { header: "Inspections failed", value: (r) => r.inspectionsFailed, width: 10 },
        { header: "Citations", value: (r) => r.citations, width: 10 },
        { header: "Accidents", value: (r) => r.accidents, width: 10 },
      ];
      const stamp = `${period.from}-to-${period.to}`;
      return sheetFile(rows, columns, format, { file: "driver-scorecards", sheet: "Scorecards", stamp });
    },
  };
}
