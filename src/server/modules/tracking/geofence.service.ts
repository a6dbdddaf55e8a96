import { routePath } from "@shared/access";
import {
  evaluateGeofence,
  FRESH_GEOFENCE,
  GEOFENCE_DEPARTURE_MARGIN_MILES,
  type GeofenceFix,
  type GeofenceState,
  greatCircleMiles,
} from "@shared/tracking/geofence";
import type { PositionSource } from "@shared/tracking/tracking.constants";
import type { GeofencePrompt } from "@shared/tracking/tracking.schema";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type loadStops, stopGeofenceEvents } from "../../db/schema";
import { wallTime } from "../../platform/company-day";
import { notifyRoles } from "../../platform/notifications/notify";

/** Who hears of a proposal only dispatch can answer (the running-late notice's recipients). */
const DISPATCH_ROLES = ["admin", "manager", "dispatcher"] as const;

type StopRow = Pick<
  typeof loadStops.$inferSelect,
  "id" | "sequence" | "locationName" | "latitude" | "longitude" | "arrivedAt" | "departedAt"
>;
type EventRow = Pick<typeof stopGeofenceEvents.$inferSelect, "id" | "stopId" | "kind" | "status" | "at">;

/**
 * The stop a truck is heading to or standing at, and what is known of it: the first stop not yet
 * left (by a check-out, or by a departure proposed or confirmed from positions).
 */
export function watchedStop(stops: StopRow[], events: EventRow[]) {
  const of = (stopId: string, kind: "arrived" | "departed") =>
    events.filter((e) => e.stopId === stopId && e.kind === kind);
  for (const stop of stops) {
    if (stop.departedAt) continue;
    const departures = of(stop.id, "departed").filter((e) => e.status !== "dismissed");
    if (departures.length) continue;
    const arrivals = of(stop.id, "arrived");
    const state: GeofenceState = {
      ...FRESH_GEOFENCE,
      arrived: !!stop.arrivedAt || arrivals.some((e) => e.status !== "dismissed"),
      arrivalRefused: arrivals.some((e) => e.status === "dismissed"),
    };
    return { stop, state };
  }
  return null;
}

/** A load's stops and geofence events as two JSON columns (read on every batch, with its store). */
export const stopsAndEventsColumns = (loadId: SQL) => sql`
      coalesce((select json_agg(json_build_object('id', s.id, 'sequence', s.sequence,
          'locationName', s.location_name, 'latitude', s.latitude, 'longitude', s.longitude,
          'arrivedAt', s.arrived_at, 'departedAt', s.departed_at) order by s.sequence)
        from load_stops s where s.load_id = ${loadId}), '[]') as stops,
      coalesce((select json_agg(json_build_object('id', e.id, 'stopId', e.stop_id, 'kind', e.kind,
          'status', e.status, 'at', e.at) order by e.at, e.created_at)
        from stop_geofence_events e where e.load_id = ${loadId}), '[]') as events`;

/** The columns `stopsAndEventsColumns` reads, as they come from the driver. */
export type StopsAndEventsJson = {
  stops: Array<
    Omit<StopRow, "arrivedAt" | "departedAt"> & { arrivedAt: string | null; departedAt: string | null }
  >;
  events: Array<Omit<EventRow, "at"> & { at: string }>;
};
export type StopsAndEvents = { stops: StopRow[]; events: EventRow[] };

export function parseStopsAndEvents(r: StopsAndEventsJson | undefined): StopsAndEvents {
  const at = (v: string | null) => (v === null ? null : new Date(v));
  return {
    stops: (r?.stops ?? []).map((s) => ({ ...s, arrivedAt: at(s.arrivedAt), departedAt: at(s.departedAt) })),
    events: (r?.events ?? []).map((e) => ({ ...e, at: new Date(e.at) })),
  };
}

export async function stopsAndEvents(tx: Tx, loadId: string): Promise<StopsAndEvents> {
  const { rows } = await tx.execute<StopsAndEventsJson>(
    sql`select ${stopsAndEventsColumns(sql`${loadId}::uuid`)}`,
  );
  return parseStopsAndEvents(rows[0]);
}

/**
 * Runs a batch's new fixes (time order) through the watched stop's geofence and records what it
 * proposes. `previous` is the unit's last fix before the batch: a departure's two fixes may straddle
 * two batches. Returns the newest proposal as the phone's prompt, or null.
 */
export async function detectCrossings(
  tx: Tx,
  input: {
    loadId: string;
    source: PositionSource;
    fixes: GeofenceFix[];
    previous: GeofenceFix | null;
    radiusMiles: number;
    /** The company's time zone, for the notification's words. */
    timeZone: string;
    /** The load's stops and events when the caller read them already (with the batch's store). */
    known?: StopsAndEvents;
  },
): Promise<GeofencePrompt | null> {
  const { stops, events } = input.known ?? (await stopsAndEvents(tx, input.loadId));
  const watched = watchedStop(stops, events);
  if (!watched) return null;
  const { stop } = watched;
  if (stop.latitude === null || stop.longitude === null) return null;
  const at = { lat: stop.latitude, lon: stop.longitude };
  let state = watched.state;
  // The fix before the batch counts toward a departure already under way.
  const prev = input.previous;
  if (
    state.arrived &&
    prev &&
    greatCircleMiles(prev, at) > input.radiusMiles + GEOFENCE_DEPARTURE_MARGIN_MILES
  ) {
    const lastArrival = events.filter((e) => e.stopId === stop.id && e.kind === "arrived").at(-1)?.at;
    const arrivedAt = stop.arrivedAt ?? lastArrival ?? null;
    if (!arrivedAt || prev.at > arrivedAt) state = { ...state, beyond: 1, beyondSince: prev.at };
  }
  const { crossings } = evaluateGeofence(state, input.fixes, at, input.radiusMiles);
  let prompt: GeofencePrompt | null = null;
  for (const crossing of crossings) {
    // Dispatch hears of a proposal nobody else will answer: a departure (the driver has driven on and
    // rarely checks out), or an arrival from a truck's unit (no phone to prompt). The notice is
    // written with its proposal or not at all; the phone's arrival prompts the driver instead.
    const tellDispatch = crossing.kind === "departed" || input.source !== "phone";
    const insert = async (t: Tx) => {
      // No transaction around the batch: two batches of one unit at once must not propose twice.
      const { rows } = await t.execute<{ id: string; load_number: string }>(sql`
        insert into stop_geofence_events (load_id, stop_id, kind, at, source)
        select ${input.loadId}::uuid, ${stop.id}::uuid, ${crossing.kind}, ${crossing.at.toISOString()}::timestamptz,
          ${input.source}
        where not exists (select 1 from stop_geofence_events e
          where e.stop_id = ${stop.id}::uuid and e.kind = ${crossing.kind} and e.status <> 'dismissed')
        returning id, (select load_number from loads where id = ${input.loadId}::uuid) as load_number`);
      const row = rows[0];
      if (row && tellDispatch) {
        const data = {
          loadId: input.loadId,
          loadNumber: row.load_number,
          stopId: stop.id,
          eventId: row.id,
          locationName: stop.locationName,
          at: wallTime(crossing.at, input.timeZone),
        };
        await notifyRoles(
          t,
          DISPATCH_ROLES,
          crossing.kind === "departed"
            ? {
                kind: "load.departure_proposed",
                link: routePath("loadDetail", { loadId: input.loadId }),
                data,
              }
            : {
                kind: "load.arrival_proposed",
                link: routePath("loadDetail", { loadId: input.loadId }),
                data,
              },
        );
      }
      return row;
    };
    const row = tellDispatch ? await tx.transaction(insert) : await insert(tx);
    if (!row) continue;
    prompt = {
      eventId: row.id,
      loadId: input.loadId,
      stopId: stop.id,
      kind: crossing.kind,
      at: crossing.at.toISOString(),
      locationName: stop.locationName,
    };
  }
  return prompt;
}

/**
 * The proposal still waiting for the driver: an arrival at a stop not checked in, or a departure
 * from a stop not checked out (a check-in by tap answers it as well as the prompt would).
 */
export async function openPrompt(tx: Tx, loadId: string): Promise<GeofencePrompt | null> {
  const { stops, events } = await stopsAndEvents(tx, loadId);
  const stopById = new Map(stops.map((s) => [s.id, s]));
  const open = events.filter((e) => {
    const stop = stopById.get(e.stopId);
    if (!stop || e.status !== "proposed") return false;
    return e.kind === "arrived" ? !stop.arrivedAt : !stop.departedAt;
  });
  const last = open.at(-1);
  if (!last) return null;
  return {
    eventId: last.id,
    loadId,
    stopId: last.stopId,
    kind: last.kind,
    at: last.at.toISOString(),
    locationName: stopById.get(last.stopId)?.locationName ?? "",
  };
}

/** Geofence events of a load, for its tracking panel. */
export async function eventsOfLoad(tx: Tx, loadId: string) {
  return tx
    .select({
      id: stopGeofenceEvents.id,
      stopId: stopGeofenceEvents.stopId,
      kind: stopGeofenceEvents.kind,
      at: stopGeofenceEvents.at,
      status: stopGeofenceEvents.status,
    })
    .from(stopGeofenceEvents)
    .where(eq(stopGeofenceEvents.loadId, loadId))
    .orderBy(asc(stopGeofenceEvents.at));
}

/** Marks events decided (confirmed or dismissed) by a person. */
export async function decideEvents(
  tx: Tx,
  ids: string[],
  status: "confirmed" | "dismissed",
  userId: string,
): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(stopGeofenceEvents)
    .set({ status, decidedBy: userId, decidedAt: new Date() })
    .where(and(inArray(stopGeofenceEvents.id, ids), eq(stopGeofenceEvents.status, "proposed")));
}
