import { type DriverDashboard, RECENT_ACTIVITY_DAYS } from "@shared/loads/loads.schema";
import { resolvePeriod } from "@shared/reports/reports.schema";
import { and, asc, desc, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import { drivers, loadStatusEvents, loads, timeOffRequests } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { ownDriverId, scopeOf } from "../../http/scope";
import { companyDay, dayAfter, dayStart } from "../../platform/company-day";
import { buildLoadDetail } from "./load-detail";
import { listCondition, listLoadItems, openAssetsOf } from "./loads.repo";

const UPCOMING = 5;
/** A delivered load stays on top while its driver has not left the last dock, for this long. */
const AT_LAST_DOCK_HOURS = 24;
const ACTIVITY = 20;

/** The driver's own page: the current load with its actions, what comes next, and recent activity. */
export function createDriverDashboardService({ db, config }: Deps) {
  return {
    async get(actor: Actor): Promise<DriverDashboard> {
      const scope = scopeOf(actor);
      const driverId = ownDriverId(actor);
      const [driver] = driverId
        ? await db
            .select({ id: drivers.id, fullName: drivers.fullName, status: drivers.status })
            .from(drivers)
            .where(eq(drivers.id, driverId))
        : [];
      if (!driver) throw notFound("Your driver record");

      // In progress first; then a load delivered while the driver is still at its last dock (the
      // departure there is still to tap, and detention runs to it); else the assigned load picked
      // up soonest.
      const [current] = await db
        .select({ id: loads.id })
        .from(loads)
        .where(
          and(
            eq(loads.driverId, driver.id),
            or(
              inArray(loads.status, ["assigned", "in_progress"]),
              and(
                eq(loads.status, "completed"),
                gte(loads.deliveredAt, new Date(Date.now() - AT_LAST_DOCK_HOURS * 3_600_000)),
                sql`exists (select 1 from load_stops s where s.load_id = ${loads.id}
                      and s.arrived_at is not null and s.departed_at is null
                      and s.sequence = (select max(sequence) from load_stops m where m.load_id = ${loads.id}))`,
              ),
            ),
          ),
        )
        .orderBy(
          sql`case ${loads.status} when 'in_progress' then 0 when 'completed' then 1 else 2 end`,
          asc(loads.pickupAt),
        )
        .limit(1);

      const upcomingCond = and(
        listCondition({ status: "assigned" }, scope, []),
        current ? ne(loads.id, current.id) : undefined,
      );
      const since = new Date(Date.now() - RECENT_ACTIVITY_DAYS * 86_400_000);
      const today = new Date().toISOString().slice(0, 10);

      const week = resolvePeriod({ period: "this-week" }, companyDay(new Date(), config.company.timeZone));
      const tz = config.company.timeZone;
      const [currentLoad, upcoming, activity, timeOff, assets, mine, settled] = await Promise.all([
        current ? buildLoadDetail(db, current.id, scope) : null,
        listLoadItems(db, upcomingCond, "pickupAt", "asc", UPCOMING, 0),
        db
          .select({ event: loadStatusEvents, loadNumber: loads.loadNumber })
          .from(loadStatusEvents)
          .innerJoin(loads, eq(loads.id, loadStatusEvents.loadId))
          .where(and(eq(loads.driverId, driver.id), gte(loadStatusEvents.createdAt, since)))
          .orderBy(desc(loadStatusEvents.createdAt), desc(loadStatusEvents.id))
          .limit(ACTIVITY),
        db
          .select()
          .from(timeOffRequests)
          .where(
            and(
              eq(timeOffRequests.driverId, driver.id),
              inArray(timeOffRequests.status, ["pending", "approved"]),
              gte(timeOffRequests.endDate, today),
            ),
          )
          .orderBy(asc(timeOffRequests.startDate)),
        openAssetsOf(db, driver.id),
        db.execute<{ loads: number; delivered: number; miles: number; pay: string }>(
          sql`select count(*)::int as loads, count(*) filter (where status = 'completed')::int as delivered,
                coalesce(sum(loaded_miles), 0)::float8 as miles, coalesce(sum(driver_pay), 0)::text as pay
              from loads
              where driver_id = ${driver.id} and status <> 'cancelled'
                and pickup_at >= ${dayStart(week.from, tz)} and pickup_at < ${dayAfter(week.to, tz)}`,
        ),
        db.execute<{ id: string; number: string; period_end: string; net: string; status: string }>(
          sql`select id, number, period_end::text as period_end, net::text as net, status::text as status
              from settlements where driver_id = ${driver.id} and status in ('approved', 'paid')
              order by period_end desc limit 1`,
        ),
      ]);
      const w = mine.rows[0];
      const last = settled.rows[0];

      return {
        driver,
        week: {
          from: week.from,
          to: week.to,
          loads: w.loads,
          delivered: w.delivered,
          miles: Math.round(w.miles * 10) / 10,
          pay: w.pay,
          lastSettlement: last
            ? {
                id: last.id,
                number: last.number,
                periodEnd: last.period_end,
                net: last.net,
                status: last.status,
              }
            : null,
        },
        currentLoad,
        upcoming,
        recentActivity: activity.map(({ event: e, loadNumber }) => ({
          id: e.id,
          loadId: e.loadId,
          loadNumber,
          kind: e.kind,
          data: e.data,
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          actorName: e.actorName,
          note: e.note,
          createdAt: e.createdAt.toISOString(),
        })),
        timeOff: timeOff.map((t) => ({
          id: t.id,
          startDate: t.startDate,
          endDate: t.endDate,
          reason: t.reason,
          status: t.status,
        })),
        assets,
      };
    },
  };
}
