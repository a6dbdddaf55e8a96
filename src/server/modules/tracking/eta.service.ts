import polyline from "@mapbox/polyline";
import { routePath } from "@shared/access";
import { ON_TIME_GRACE_MINUTES } from "@shared/drivers/ratings.schema";
import {
  estimateArrival,
  type HosClock,
  milesAlongRoute,
  recentAverageSpeedMph,
  stopDueAt,
} from "@shared/tracking/eta";
import { greatCircleMiles } from "@shared/tracking/geofence";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { loadRoutes, loadStatusEvents, loadStops, loadTracking } from "../../db/schema";
import type { Deps } from "../../deps";
import { wallTime } from "../../platform/company-day";
import { readGeoSettings } from "../../platform/geo/geo-settings";
import { notifyRoles } from "../../platform/notifications/notify";
import { trailOf } from "./positions.repo";

/** Who hears that a load runs late (the notification kind's recipients). */
const DISPATCH_ROLES = ["admin", "manager", "dispatcher"] as const;
/** How far back the hours-of-service clock looks for the last 10-hour rest. */
const CLOCK_LOOKBACK_MS = 24 * 3_600_000;

interface ActiveLoad extends Record<string, unknown> {
  id: string;
  load_number: string;
  status: string;
  started_at: Date | string | null;
  latitude: number;
  longitude: number;
  recorded_at: Date | string;
  late_notified_stop_id: string | null;
}

/**
 * The driver's hours-of-service clock from the load's trail: it starts at the end of the last gap of
 * 10 hours or more between fixes (a rest) in the last 24 h, else at the trip's start; driving is the
 * time between fixes closer than 10 minutes that moved at 5 mph or more; the break clock starts
 * again after a gap of 30 minutes.
 */
export async function hosClockOf(
  tx: Tx,
  loadId: string,
  startedAt: Date | null,
  now: Date,
): Promise<HosClock> {
  const from = new Date(Math.max(startedAt?.getTime() ?? 0, now.getTime() - CLOCK_LOOKBACK_MS));
  const { rows } = await tx.execute<{
    clock_start: Date | string | null;
    driving: number;
    since_break: number;
  }>(sql`
    with f as (
      select recorded_at, recorded_at - lag(recorded_at) over w as gap,
        69.09 * sqrt(power(latitude - lag(latitude) over w, 2)
          + power((longitude - lag(longitude) over w) * cos(radians(latitude)), 2)) as miles
      from vehicle_positions
      where load_id = ${loadId}::uuid and recorded_at >= ${from.toISOString()}::timestamptz
      window w as (order by recorded_at)
    ), marks as (
      select max(recorded_at) filter (where gap >= interval '10 hours') as rest_end,
        max(recorded_at) filter (where gap >= interval '30 minutes') as break_end
      from f
    ), moving as (
      select f.recorded_at, extract(epoch from f.gap) / 60 as minutes from f
      where f.gap > interval '0' and f.gap < interval '10 minutes'
        and f.miles / (extract(epoch from f.gap) / 3600) >= 5
    )
    select (select rest_end from marks) as clock_start,
      coalesce((select sum(minutes) from moving, marks
        where moving.recorded_at > coalesce(marks.rest_end, '-infinity')), 0)::float8 as driving,
      coalesce((select sum(minutes) from moving, marks
        where moving.recorded_at > greatest(coalesce(marks.rest_end, '-infinity'),
          coalesce(marks.break_end, '-infinity'))), 0)::float8 as since_break`);
  const r = rows[0];
  const start = r?.clock_start ? new Date(r.clock_start) : (startedAt ?? now);
  return {
    drivingMinutes: r?.driving ?? 0,
    windowMinutes: Math.max(0, (now.getTime() - start.getTime()) / 60_000),
    sinceBreakMinutes: r?.since_break ?? 0,
  };
}

/**
 * The minute job (`tracking-minute`): for each load in progress with a fix, the next stop, the
 * remaining miles (along the stored route, else great circle × circuity), the ETA with the
 * hours-of-service buffer, and whether it runs late (the ETA past the appointment or the window's
 * end + the on-time grace). Dispatch hears it once per stop, and the load's timeline says so.
 */
export async function refreshEtas(
  deps: Deps,
  now = new Date(),
): Promise<{ refreshed: number; late: number }> {
  const { db } = deps;
  const settings = await readGeoSettings(db, deps.config.authSecret);
  const options = {
    circuityFactor: settings.circuityFactor,
    timeZone: deps.config.company.timeZone,
    notify: true,
  };
  let late = 0;
  const active = await loadsOnTheRoad(db);
  for (const load of active) {
    if (await db.transaction((tx) => refreshOne(tx, load, options, now))) late++;
  }
  return { refreshed: active.length, late };
}

/**
 * The same refresh inside a transaction that is already open (the demo seed), without notices: the
 * minute job tells dispatch about a load already late at its first run.
 */
export async function refreshEtasWithin(tx: Tx, circuityFactor: number, now = new Date()): Promise<void> {
  for (const load of await loadsOnTheRoad(tx)) {
    await refreshOne(tx, load, { circuityFactor, timeZone: "UTC", notify: false }, now);
  }
}

/** Loads in progress with their newest fix (the driver's phone, or their truck's unit since the start). */
async function loadsOnTheRoad(tx: Tx) {
  const { rows } = await tx.execute<ActiveLoad>(sql`
    select l.id, l.load_number, l.status::text as status, l.started_at, p.latitude, p.longitude, p.recorded_at,
      lt.late_notified_stop_id
    from loads l
    join lateral (
      select latitude, longitude, recorded_at from last_positions lp
      where lp.load_id = l.id
        or (l.vehicle_id is not null and lp.unit_key = 'vehicle:' || l.vehicle_id::text
            and lp.recorded_at >= coalesce(l.started_at, 'infinity'))
      order by recorded_at desc limit 1
    ) p on true
    left join load_tracking lt on lt.load_id = l.id
    where l.status = 'in_progress'`);
  return rows;
}

/** Refreshes one load's row; true when it became late at a stop dispatch was not told about yet. */
async function refreshOne(
  tx: Tx,
  load: ActiveLoad,
  options: { circuityFactor: number; timeZone: string; notify: boolean },
  now: Date,
): Promise<boolean> {
  const { circuityFactor } = options;
  const stops = await tx
    .select()
    .from(loadStops)
    .where(eq(loadStops.loadId, load.id))
    .orderBy(asc(loadStops.sequence));
  const next = stops.find((s) => !s.departedAt) ?? null;
  const fix = { lat: load.latitude, lon: load.longitude };
  const fixAt = new Date(load.recorded_at);
  const startedAt = load.started_at ? new Date(load.started_at) : null;
  const values: Omit<typeof loadTracking.$inferInsert, "loadId"> = {
    nextStopId: next?.id ?? null,
    remainingMiles: null,
    etaAt: null,
    etaBasis: null,
    avgSpeedMph: null,
    hosBufferMinutes: null,
    late: false,
    computedAt: now,
  };
  let becameLate = false;
  if (next && next.latitude !== null && next.longitude !== null) {
    const stop = { lat: next.latitude, lon: next.longitude };
    const [route] = await tx
      .select({ polyline6: loadRoutes.polyline6 })
      .from(loadRoutes)
      // A routing engine's line; the offline estimate's great circle is not a road (× circuity below).
      .where(
        and(eq(loadRoutes.loadId, load.id), eq(loadRoutes.leg, "loaded"), ne(loadRoutes.engine, "offline")),
      );
    const along = route ? milesAlongRoute(polyline.decode(route.polyline6, 6), fix, stop) : null;
    const remaining = along ?? greatCircleMiles(fix, stop) * circuityFactor;
    const recent = await trailOf(tx, load.id, new Date(fixAt.getTime() - 30 * 60_000));
    const speed = recentAverageSpeedMph(recent);
    const clock = await hosClockOf(tx, load.id, startedAt, fixAt);
    const eta = estimateArrival({ fixAt, now, remainingMiles: remaining, speedMph: speed, clock });
    const due = stopDueAt(next);
    const isLate = eta.etaAt.getTime() > due.getTime() + ON_TIME_GRACE_MINUTES * 60_000;
    Object.assign(values, {
      remainingMiles: Math.round(remaining * 10) / 10,
      etaAt: eta.etaAt,
      etaBasis: along !== null ? "routed" : "estimated",
      avgSpeedMph: Math.round(speed * 10) / 10,
      hosBufferMinutes: Math.round(eta.bufferMinutes),
      late: isLate,
    });
    if (options.notify && isLate && load.late_notified_stop_id !== next.id) {
      becameLate = true;
      values.lateNotifiedStopId = next.id;
      const { timeZone } = options;
      await notifyRoles(tx, DISPATCH_ROLES, {
        kind: "load.running_late",
        link: routePath("loadDetail", { loadId: load.id }),
        data: {
          loadId: load.id,
          loadNumber: load.load_number,
          stopId: next.id,
          locationName: next.locationName,
          etaAt: wallTime(eta.etaAt, timeZone),
          dueAt: wallTime(due, timeZone),
        },
      });
      await tx.insert(loadStatusEvents).values({
        loadId: load.id,
        kind: "running_late",
        data: { stopSequence: next.sequence, locationName: next.locationName, at: eta.etaAt.toISOString() },
        fromStatus: "in_progress",
        toStatus: "in_progress",
      });
    }
  }
  await tx
    .insert(loadTracking)
    .values({ loadId: load.id, ...values })
    .onConflictDoUpdate({ target: loadTracking.loadId, set: values });
  return becameLate;
}
