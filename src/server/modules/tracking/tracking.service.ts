import polyline from "@mapbox/polyline";
import type { PositionSource } from "@shared/tracking/tracking.constants";
import type { LoadTracking, MapQuery, MapResponse, MapTruck } from "@shared/tracking/tracking.schema";
import { and, eq, sql } from "drizzle-orm";
import { loadRoutes, loadStops, loads, loadTracking } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { ownedBy, scopeOf } from "../../http/scope";
import { nearestCity } from "../../platform/geo/gazetteer";
import { createStopCheckInsService } from "../loads/stop-check-ins.service";
import { decideEvents, eventsOfLoad } from "./geofence.service";
import { trailOf } from "./positions.repo";

/** A load's panel draws at most this many breadcrumb points. */
export const BREADCRUMB_MAX_POINTS = 500;
/** A fix older than this makes a truck "stale" on the map's filter. */
const STALE_MINUTES = 30;
const MPS_TO_MPH = 2.2369363;
/**
 * The most units one map read returns. Passed as a parameter, not written into the text: a statement
 * with values is prepared on each connection (db/prepared.ts), and this one costs more to plan (≈ 7 ms
 * at a million loads) than to run.
 */
const MAP_MAX_UNITS = 2000;
/**
 * The reason a confirmed geofence time carries on the timeline: the same word in every language the
 * product speaks, and the only one the server writes there (decision 017 keeps typed text apart).
 */
export const GEOFENCE_CONFIRM_NOTE = "GPS";

/** Thins a trail to at most `max` points, keeping the first and the last (the panel's line). */
export function thin<T>(points: readonly T[], max = BREADCRUMB_MAX_POINTS): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]);
}

interface MapRow extends Record<string, unknown> {
  unit_key: string;
  vehicle_id: string | null;
  unit_number: string | null;
  driver_id: string | null;
  driver_name: string | null;
  latitude: number;
  longitude: number;
  heading: number | null;
  speed_mps: number | null;
  recorded_at: Date | string;
  source: PositionSource;
  load_id: string | null;
  load_number: string | null;
  load_status: string | null;
  customer_name: string | null;
  stop_id: string | null;
  stop_name: string | null;
  stop_city: string | null;
  stop_state: string | null;
  stop_zone: string | null;
  eta_at: Date | string | null;
  late: boolean | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export function createTrackingService(deps: Deps) {
  const { db } = deps;
  const checkIns = createStopCheckInsService(deps);

  /** The load, if the caller reaches it (staff: any; a driver: their own), else 404. */
  async function reachableLoad(actor: Actor, loadId: string) {
    const scope = scopeOf(actor);
    const [load] = await db
      .select({
        id: loads.id,
        status: loads.status,
        driverId: loads.driverId,
        vehicleId: loads.vehicleId,
        startedAt: loads.startedAt,
      })
      .from(loads)
      .where(and(eq(loads.id, loadId), ownedBy(scope, { driver: loads.driverId })));
    if (!load) throw notFound("The load");
    return load;
  }

  /** The map's trucks for one query (see `map`). */
  async function readMap(query: MapQuery): Promise<MapResponse> {
    const conditions = [sql`(l.id is not null or d.status in ('available', 'on_trip', 'busy'))`];
    if (query.status === "in_progress") conditions.push(sql`l.status = 'in_progress'`);
    if (query.status === "assigned") conditions.push(sql`l.status = 'assigned'`);
    if (query.status === "idle") conditions.push(sql`l.id is null`);
    if (query.driverId) conditions.push(sql`d.id = ${query.driverId}::uuid`);
    if (query.customerId) conditions.push(sql`l.customer_id = ${query.customerId}::uuid`);
    if (query.stale === "true")
      conditions.push(sql`lp.recorded_at < now() - make_interval(mins => ${STALE_MINUTES})`);
    if (query.stale === "false")
      conditions.push(sql`lp.recorded_at >= now() - make_interval(mins => ${STALE_MINUTES})`);
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        sql`(v.unit_number ilike ${like} or d.full_name ilike ${like} or l.load_number ilike ${like})`,
      );
    }
    const { rows } = await db.execute<MapRow>(sql`
      select lp.unit_key, lp.vehicle_id, v.unit_number, d.id as driver_id, d.full_name as driver_name,
        lp.latitude, lp.longitude, lp.heading, lp.speed_mps, lp.recorded_at, lp.source,
        l.id as load_id, l.load_number, l.status::text as load_status,
        coalesce(nullif(c.company_name, ''), c.name) as customer_name,
        ns.id as stop_id, ns.location_name as stop_name, ns.city as stop_city, ns.state as stop_state,
        ns.time_zone as stop_zone,
        lt.eta_at, lt.late
      from last_positions lp
      left join vehicles v on v.id = lp.vehicle_id
      left join lateral (
        -- Two arms, not an OR: each uses its index (the primary key; loads_vehicle_pickup).
        select * from (
          select l1.id, l1.load_number, l1.status, l1.customer_id, l1.driver_id, l1.pickup_at
          from loads l1 where l1.id = lp.load_id and l1.status in ('assigned', 'in_progress')
          union all
          select l2.id, l2.load_number, l2.status, l2.customer_id, l2.driver_id, l2.pickup_at from loads l2
          where lp.unit_key like 'vehicle:%' and l2.vehicle_id = lp.vehicle_id
            and l2.status in ('assigned', 'in_progress')
        ) l
        order by (l.status = 'in_progress') desc, l.pickup_at
        limit 1
      ) l on true
      -- The truck's holder is looked up only for a unit with no driver otherwise (coalesce stops
      -- at the first value that is not null).
      left join drivers d on d.id = coalesce(l.driver_id, lp.driver_id, (
        select aa.driver_id from asset_assignments aa
        where lp.vehicle_id is not null and aa.vehicle_id = lp.vehicle_id and aa.ended_at is null
        limit 1))
      left join customers c on c.id = l.customer_id
      left join load_tracking lt on lt.load_id = l.id
      left join lateral (
        select s.id, s.location_name, s.city, s.state, s.time_zone from load_stops s
        where s.load_id = l.id and s.departed_at is null
        order by s.sequence limit 1
      ) ns on true
      where not (lp.unit_key like 'driver:%' and exists (
          select 1 from last_positions u
          where u.unit_key = 'vehicle:' || lp.vehicle_id and u.recorded_at >= lp.recorded_at - interval '10 minutes'))
        and ${sql.join(conditions, sql` and `)}
      order by lp.recorded_at desc
      limit ${MAP_MAX_UNITS}`);
    const trucks: MapTruck[] = rows.map((r) => ({
      unitKey: r.unit_key,
      vehicleId: r.vehicle_id,
      unitNumber: r.unit_number,
      driverId: r.driver_id,
      driverName: r.driver_name,
      lat: r.latitude,
      lon: r.longitude,
      heading: r.heading,
      speedMph: r.speed_mps === null ? null : Math.round(r.speed_mps * MPS_TO_MPH * 10) / 10,
      recordedAt: iso(r.recorded_at),
      source: r.source,
      place: nearestCity(r.latitude, r.longitude)?.label ?? null,
      load:
        r.load_id && r.load_number && r.load_status
          ? {
              id: r.load_id,
              loadNumber: r.load_number,
              status: r.load_status,
              customerName: r.customer_name,
              nextStop:
                r.stop_id && r.stop_name !== null
                  ? {
                      id: r.stop_id,
                      locationName: r.stop_name,
                      city: r.stop_city ?? "",
                      state: r.stop_state ?? "",
                      timeZone: r.stop_zone,
                    }
                  : null,
              etaAt: r.eta_at ? iso(r.eta_at) : null,
              late: !!r.late,
            }
          : null,
    }));
    return { trucks, at: new Date().toISOString() };
  }
  const mapsReading = new Map<string, Promise<MapResponse>>();

  return {
    /**
     * The dispatch map: every unit whose last fix belongs to a truck on an assigned or in-progress
     * load, or to a driver on duty (an off-duty driver's phone is never listed). A driver's phone is
     * left out when their truck's own unit reported as recently. Filters: status, driver, customer,
     * words (unit, driver, load number), stale (last fix older than 30 minutes).
     */
    map(query: MapQuery): Promise<MapResponse> {
      // Dispatchers asking for the same map at the same moment share one read: a request that
      // arrives while that read runs gets its answer (no older than the request by more than the
      // read takes — a few milliseconds); nothing is kept once it is answered. Everyone who reaches
      // this operation sees the same trucks, so the answer depends on the query alone.
      const key = JSON.stringify(query, Object.keys(query).sort());
      let reading = mapsReading.get(key);
      if (!reading) {
        reading = readMap(query).finally(() => mapsReading.delete(key));
        mapsReading.set(key, reading);
      }
      return reading;
    },

    /**
     * A load's tracking panel: staff with tracking:view, and the load's own driver; anyone else
     * gets 404 (the customer never reaches the operation).
     */
    async loadTracking(actor: Actor, loadId: string): Promise<LoadTracking> {
      const load = await reachableLoad(actor, loadId);
      const [trail, [route], events, stops, [eta], last] = await Promise.all([
        trailOf(db, loadId),
        db
          .select({ polyline6: loadRoutes.polyline6 })
          .from(loadRoutes)
          .where(and(eq(loadRoutes.loadId, loadId), eq(loadRoutes.leg, "loaded"))),
        eventsOfLoad(db, loadId),
        db
          .select({
            id: loadStops.id,
            locationName: loadStops.locationName,
            lat: loadStops.latitude,
            lon: loadStops.longitude,
            timeZone: loadStops.timeZone,
          })
          .from(loadStops)
          .where(eq(loadStops.loadId, loadId))
          .orderBy(loadStops.sequence),
        db.select().from(loadTracking).where(eq(loadTracking.loadId, loadId)),
        db.execute<{
          latitude: number;
          longitude: number;
          recorded_at: Date | string;
          source: PositionSource;
        }>(sql`
          select latitude, longitude, recorded_at, source from last_positions
          where load_id = ${loadId}::uuid
            or (${load.vehicleId}::uuid is not null and unit_key = 'vehicle:' || ${load.vehicleId}::text
                and recorded_at >= coalesce(${load.startedAt?.toISOString() ?? null}::timestamptz, 'infinity'))
          order by recorded_at desc limit 1`),
      ]);
      const newest = last.rows[0];
      return {
        breadcrumb: thin(trail.map((p) => [p.lat, p.lon] as [number, number])),
        route: route ? polyline.decode(route.polyline6, 6) : [],
        last: newest
          ? {
              lat: newest.latitude,
              lon: newest.longitude,
              recordedAt: iso(newest.recorded_at),
              source: newest.source,
            }
          : null,
        eta: eta
          ? {
              nextStopId: eta.nextStopId,
              remainingMiles: eta.remainingMiles,
              etaAt: eta.etaAt?.toISOString() ?? null,
              basis: eta.etaBasis,
              avgSpeedMph: eta.avgSpeedMph,
              hosBufferMinutes: eta.hosBufferMinutes,
              late: eta.late,
              computedAt: eta.computedAt.toISOString(),
            }
          : null,
        geofenceEvents: events.map((e) => ({ ...e, at: e.at.toISOString() })),
        stops,
      };
    },

    /**
     * Dispatch confirms a proposed crossing: the stop's time becomes the geofence's, through the
     * stops' own correction path (order checks, detention, the trip's start) with "GPS" as its
     * reason; or anyone who sees the proposal (dispatch, the load's driver) dismisses it.
     */
    async decide(actor: Actor, loadId: string, eventId: string, decision: "confirm" | "dismiss") {
      await reachableLoad(actor, loadId);
      const events = await eventsOfLoad(db, loadId);
      const event = events.find((e) => e.id === eventId);
      if (!event) throw notFound("The geofence event");
      if (event.status !== "proposed") {
        throw conflict("This proposal was already answered.", "GEOFENCE_DECIDED");
      }
      if (decision === "confirm") {
        await checkIns.correct(actor, loadId, event.stopId, {
          event: event.kind,
          at: event.at.toISOString(),
          reason: GEOFENCE_CONFIRM_NOTE,
        });
      }
      await decideEvents(db, [eventId], decision === "confirm" ? "confirmed" : "dismissed", actor.userId);
      const after = await eventsOfLoad(db, loadId);
      const decided = after.find((e) => e.id === eventId);
      if (!decided) throw notFound("The geofence event");
      return { ...decided, at: decided.at.toISOString() };
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
