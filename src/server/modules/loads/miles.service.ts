import { estimatedMiles, greatCircleLine, type LatLon, roundMiles } from "@shared/geo/distance";
import { computeDriverPay } from "@shared/loads/loads.schema";
import type { MilesSource, StateMilesSource } from "@shared/loads/miles.constants";
import {
  type LoadMiles,
  MILES_MESSAGES,
  type MilesPreview,
  type milesOverrideSchema,
  type milesPreviewInputSchema,
  ratePerMile,
  sameMiles,
} from "@shared/loads/miles.schema";
import { and, asc, desc, eq, gt, inArray, lt, ne, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { loadJurisdictionMiles, loadRoutes, loadStops, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { owns, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { type GeoSettings, readGeoSettings } from "../../platform/geo/geo-settings";
import { encodePolyline } from "../../platform/geo/polyline";
import { RouterError, routerFor } from "../../platform/geo/router";
import { apportion, splitByJurisdiction } from "../../platform/geo/state-split";
import { insertEvent } from "./loads.repo";
import { pointOfStop, pointsOfStops } from "./stop-points";

/*
 * A load's loaded and empty miles (issue 40, decision 051). On every save the offline estimate is
 * computed in the save's own transaction (great circle × circuity, a few ms) and, when a routing
 * engine is configured, the load is marked `pending` for the `load-miles` job to route. Miles a
 * person typed (`override`, with a reason; `manual`, typed before miles were computed) are never
 * replaced automatically; completed and cancelled loads keep theirs. Per-mile driver pay follows.
 * Miles by state are kept per leg with their source: recorded > gps > routed > estimated, and a
 * computed set never replaces a recorded or GPS one.
 */

const FROZEN = ["completed", "cancelled"] as const;
const TYPED: readonly MilesSource[] = ["override", "manual"];

/** What the load form sent: a number (an override when it differs from the route) and its reason. */
export interface TypedMiles {
  loadedMiles: number | null;
  reason?: string;
}

type Leg = "loaded" | "empty";
interface LegResult {
  miles: number;
  line: LatLon[] | null;
  stateMiles: Record<string, number> | null;
  engine: string;
}

async function stopsOf(tx: Tx, loadId: string) {
  return tx
    .select({
      latitude: loadStops.latitude,
      longitude: loadStops.longitude,
      postalCode: loadStops.postalCode,
      city: loadStops.city,
      state: loadStops.state,
    })
    .from(loadStops)
    .where(eq(loadStops.loadId, loadId))
    .orderBy(asc(loadStops.sequence));
}

/** The driver's load delivered last before `pickupAt` (not this one, not cancelled). */
async function previousLoadOf(tx: Tx, driverId: string, loadId: string, pickupAt: Date) {
  const [prev] = await tx
    .select({ id: loads.id })
    .from(loads)
    .where(
      and(
        eq(loads.driverId, driverId),
        ne(loads.status, "cancelled"),
        ne(loads.id, loadId),
        lt(loads.deliveryAt, pickupAt),
      ),
    )
    .orderBy(desc(loads.deliveryAt))
    .limit(1);
  return prev?.id ?? null;
}

/** The driver's next load after this one's delivery, whose empty miles start here. */
async function nextLoadOf(tx: Tx, driverId: string, loadId: string, deliveryAt: Date) {
  const [next] = await tx
    .select({ id: loads.id })
    .from(loads)
    .where(
      and(
        eq(loads.driverId, driverId),
        notInArray(loads.status, [...FROZEN]),
        ne(loads.id, loadId),
        gt(loads.pickupAt, deliveryAt),
      ),
    )
    .orderBy(asc(loads.pickupAt))
    .limit(1);
  return next?.id ?? null;
}

/** The last delivery of a load as a point (null when it cannot be placed). */
async function lastDeliveryPoint(tx: Tx, loadId: string): Promise<LatLon | null> {
  const stops = await stopsOf(tx, loadId);
  const last = stops[stops.length - 1];
  return last ? pointOfStop(last) : null;
}

/** Computed state miles replace only computed ones of the same leg (never recorded or GPS rows). */
async function writeStateMiles(
  tx: Tx,
  loadId: string,
  leg: Leg,
  source: Exclude<StateMilesSource, "recorded" | "gps">,
  miles: Record<string, number> | null,
) {
  const [kept] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loadJurisdictionMiles)
    .where(
      and(
        eq(loadJurisdictionMiles.loadId, loadId),
        eq(loadJurisdictionMiles.leg, leg),
        inArray(loadJurisdictionMiles.source, ["recorded", "gps"]),
      ),
    );
  if (kept.n > 0) return;
  await tx
    .delete(loadJurisdictionMiles)
    .where(and(eq(loadJurisdictionMiles.loadId, loadId), eq(loadJurisdictionMiles.leg, leg)));
  const rows = Object.entries(miles ?? {}).filter(([, m]) => m > 0);
  if (rows.length)
    await tx
      .insert(loadJurisdictionMiles)
      .values(rows.map(([jurisdiction, m]) => ({ loadId, leg, source, jurisdiction, miles: m.toFixed(1) })));
}

async function writeRoute(tx: Tx, loadId: string, leg: Leg, result: LegResult | null) {
  await tx.delete(loadRoutes).where(and(eq(loadRoutes.loadId, loadId), eq(loadRoutes.leg, leg)));
  if (result?.line?.length)
    await tx.insert(loadRoutes).values({
      loadId,
      leg,
      polyline6: encodePolyline(result.line),
      engine: result.engine,
      miles: roundMiles(result.miles),
    });
}

/** State miles of a leg: the engine's own (PC*MILER) or its line split by the polygons, scaled to `miles`. */
function statesOf(result: LegResult, miles: number): Record<string, number> | null {
  if (result.stateMiles && Object.keys(result.stateMiles).length) return apportion(result.stateMiles, miles);
  if (!result.line) return null;
  return apportion(splitByJurisdiction(result.line), miles);
}

function offlineLeg(points: LatLon[], factor: number): LegResult {
  return {
    miles: estimatedMiles(points, factor).miles,
    line: greatCircleLine(points),
    stateMiles: null,
    engine: "offline",
  };
}

type LoadState = Pick<
  typeof loads.$inferSelect,
  | "id"
  | "loadNumber"
  | "status"
  | "driverId"
  | "pickupAt"
  | "deliveryAt"
  | "loadedMiles"
  | "emptyMiles"
  | "milesSource"
  | "milesOverrideReason"
  | "payType"
  | "payRate"
  | "totalRate"
  | "milesStatus"
  | "milesComputedAt"
>;

async function loadState(tx: Tx, loadId: string, lock = false): Promise<LoadState | undefined> {
  const q = tx
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      status: loads.status,
      driverId: loads.driverId,
      pickupAt: loads.pickupAt,
      deliveryAt: loads.deliveryAt,
      loadedMiles: loads.loadedMiles,
      emptyMiles: loads.emptyMiles,
      milesSource: loads.milesSource,
      milesOverrideReason: loads.milesOverrideReason,
      payType: loads.payType,
      payRate: loads.payRate,
      totalRate: loads.totalRate,
      milesStatus: loads.milesStatus,
      milesComputedAt: loads.milesComputedAt,
    })
    .from(loads)
    .where(eq(loads.id, loadId));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** Per-mile pay follows the miles; the other pay types do not depend on them. */
const payFor = (load: LoadState, loadedMiles: number | null) =>
  load.payType === "per_mile" && load.payRate
    ? { driverPay: computeDriverPay(load.payType, load.payRate, load.totalRate, loadedMiles) }
    : {};

/**
 * Recomputes a load's miles with the offline estimate, in the caller's transaction: after its stops
 * or its driver changed. `typed` is what the load form sent (create, edit); the job and the assign
 * path pass nothing. Also recomputes the empty miles of the driver's next load. Throws 400 when a
 * typed number differs from the route without a reason.
 */
export async function recomputeMiles(
  tx: Tx,
  loadId: string,
  settings: GeoSettings,
  typed?: TypedMiles,
): Promise<void> {
  const load = await loadState(tx, loadId);
  if (!load || (FROZEN as readonly string[]).includes(load.status)) return;
  const stops = await stopsOf(tx, loadId);
  const { points } = await pointsOfStops(stops);
  const loaded = points ? offlineLeg(points, settings.circuityFactor) : null;
  const computed = loaded ? roundMiles(loaded.miles) : null;

  // The loaded figure: typed by a person (kept), or computed.
  let loadedMiles = computed;
  let source: MilesSource = computed === null ? "none" : "estimated";
  let reason: string | null = null;
  const wasTyped = TYPED.includes(load.milesSource);
  if (typed && typed.loadedMiles !== null) {
    const n = roundMiles(typed.loadedMiles);
    if (wasTyped && load.loadedMiles !== null && sameMiles(n, load.loadedMiles)) {
      // The form sent the override back unchanged: it survives the edit.
      loadedMiles = load.loadedMiles;
      source = load.milesSource;
      reason = typed.reason?.trim() || load.milesOverrideReason;
    } else if (computed !== null && sameMiles(n, computed)) {
      // The number shown as the estimate, typed again: nothing to override.
    } else if (computed === null) {
      // Nothing to compare with (a stop could not be placed): the typed number stands.
      loadedMiles = n;
      source = typed.reason?.trim() ? "override" : "manual";
      reason = typed.reason?.trim() || null;
    } else {
      if (!typed.reason?.trim()) {
        const message = MILES_MESSAGES.reasonWithMiles(computed);
        throw badRequest(message, { fields: { milesOverrideReason: message } });
      }
      loadedMiles = n;
      source = "override";
      reason = typed.reason.trim();
    }
  } else if (!typed && wasTyped) {
    loadedMiles = load.loadedMiles;
    source = load.milesSource;
    reason = load.milesOverrideReason;
  }

  // The empty leg: the driver's previous delivery → this load's first pickup.
  let empty: LegResult | null = null;
  let emptyFrom: string | null = null;
  if (load.driverId && points) {
    emptyFrom = await previousLoadOf(tx, load.driverId, loadId, load.pickupAt);
    const from = emptyFrom ? await lastDeliveryPoint(tx, emptyFrom) : null;
    if (from) empty = offlineLeg([from, points[0]], settings.circuityFactor);
  }
  // An override freezes both figures until it is cleared.
  const emptyMiles =
    source === "override" && load.milesSource === "override"
      ? load.emptyMiles
      : empty
        ? roundMiles(empty.miles)
        : null;

  await tx
    .update(loads)
    .set({
      loadedMiles,
      emptyMiles,
      emptyFromLoadId: empty ? emptyFrom : null,
      milesSource: source,
      milesOverrideReason: source === "override" ? reason : null,
      milesEngine: computed === null ? null : "offline",
      milesStatus: !points ? "unplaceable" : settings.router ? "pending" : "current",
      milesComputedAt: new Date(),
      ...payFor(load, loadedMiles),
    })
    .where(eq(loads.id, loadId));
  await writeRoute(tx, loadId, "loaded", loaded);
  await writeRoute(tx, loadId, "empty", empty);
  await writeStateMiles(
    tx,
    loadId,
    "loaded",
    "estimated",
    loaded && loadedMiles ? statesOf(loaded, loadedMiles) : null,
  );
  await writeStateMiles(
    tx,
    loadId,
    "empty",
    "estimated",
    empty && emptyMiles ? statesOf(empty, emptyMiles) : null,
  );
}

/** After a save or an assignment: this load's miles, then the empty miles of the driver's next load. */
export async function recomputeMilesAround(
  tx: Tx,
  loadId: string,
  settings: GeoSettings,
  typed?: TypedMiles,
  previousDriverId?: string | null,
): Promise<void> {
  await recomputeMiles(tx, loadId, settings, typed);
  const load = await loadState(tx, loadId);
  if (!load) return;
  const drivers = new Set([load.driverId, previousDriverId].filter((d): d is string => !!d));
  for (const driverId of drivers) {
    const next = await nextLoadOf(tx, driverId, loadId, load.deliveryAt);
    if (next) await recomputeMiles(tx, next, settings);
  }
}

/**
 * The `load-miles` job: loads whose miles wait for the configured routing engine (up to `limit` a
 * run). Each is routed outside any transaction, then written if nothing changed meanwhile. An
 * engine that is down leaves them pending for the next run; "no road" keeps the estimate.
 */
export async function routePendingLoads(
  deps: Pick<Deps, "db" | "config" | "log">,
  options: { limit?: number; fetch?: typeof fetch } = {},
): Promise<{ routed: number; failed: number }> {
  const settings = await readGeoSettings(deps.db, deps.config.authSecret);
  const pending = await deps.db
    .select({ id: loads.id, computedAt: loads.milesComputedAt })
    .from(loads)
    .where(and(eq(loads.milesStatus, "pending"), notInArray(loads.status, [...FROZEN])))
    .limit(options.limit ?? 50);
  if (!settings.router) {
    // The engine was removed since: the estimate is what there is.
    if (pending.length)
      await deps.db
        .update(loads)
        .set({ milesStatus: "current" })
        .where(
          inArray(
            loads.id,
            pending.map((p) => p.id),
          ),
        );
    return { routed: 0, failed: 0 };
  }
  const router = routerFor(settings, options.fetch);
  let routed = 0;
  let failed = 0;
  for (const { id, computedAt } of pending) {
    const load = await loadState(deps.db, id);
    if (!load) continue;
    const { points } = await pointsOfStops(await stopsOf(deps.db, id));
    if (!points) continue;
    const [emptyFrom] = await deps.db
      .select({ id: loads.emptyFromLoadId })
      .from(loads)
      .where(eq(loads.id, id));
    const from = emptyFrom?.id ? await lastDeliveryPoint(deps.db, emptyFrom.id) : null;
    let loaded: LegResult;
    let empty: LegResult | null = null;
    try {
      const r = await router.route(points);
      loaded = { miles: r.miles, line: r.geometry, stateMiles: r.stateMiles ?? null, engine: r.engine };
      if (from) {
        const e = await router.route([from, points[0]]);
        empty = { miles: e.miles, line: e.geometry, stateMiles: e.stateMiles ?? null, engine: e.engine };
      }
    } catch (err) {
      failed += 1;
      if (err instanceof RouterError && err.kind === "not_found") {
        // No road between the stops (an island, a bad point): the estimate stays.
        await deps.db.update(loads).set({ milesStatus: "current" }).where(eq(loads.id, id));
        continue;
      }
      // Down or refusing: asked again next minute, no use hammering it now.
      deps.log.warn("load-miles: routing failed", {
        loadId: id,
        kind: err instanceof RouterError ? err.kind : "error",
      });
      break;
    }
    await deps.db.transaction(async (tx) => {
      const now = await loadState(tx, id, true);
      // Edited while we were routing: the save marked it pending again and the next run takes it.
      if (now?.milesStatus !== "pending" || now.milesComputedAt?.getTime() !== computedAt?.getTime()) return;
      const typed = TYPED.includes(now.milesSource);
      const loadedMiles = typed ? now.loadedMiles : roundMiles(loaded.miles);
      const emptyMiles =
        now.milesSource === "override" ? now.emptyMiles : empty ? roundMiles(empty.miles) : now.emptyMiles;
      await tx
        .update(loads)
        .set({
          loadedMiles,
          emptyMiles,
          milesSource: typed ? now.milesSource : "routed",
          milesEngine: router.engine,
          milesStatus: "current",
          milesComputedAt: new Date(),
          ...payFor(now, loadedMiles),
        })
        .where(eq(loads.id, id));
      await writeRoute(tx, id, "loaded", loaded);
      if (empty) await writeRoute(tx, id, "empty", empty);
      if (loadedMiles) await writeStateMiles(tx, id, "loaded", "routed", statesOf(loaded, loadedMiles));
      if (empty && emptyMiles) await writeStateMiles(tx, id, "empty", "routed", statesOf(empty, emptyMiles));
    });
    routed += 1;
  }
  return { routed, failed };
}

/** How old a driver's last fix may be to stand for where they are (the board's empty miles). */
const LIVE_FIX_MAX_AGE_MS = 24 * 3_600_000;

/** A driver's deadhead to a pickup, and where it starts: their live position or a delivery. */
export interface Deadhead {
  miles: number | null;
  /** null when either end cannot be placed, or the driver has neither a fix nor a delivery before it. */
  from: "position" | "delivery" | null;
}

/**
 * A driver's deadhead to each of some loads' first pickups (the load board: "64 mi empty"), estimated.
 * It starts where the driver is — their own newest fix (their phone, or their truck's unit while they
 * drive it) when it is less than 24 hours old — unless a delivery of theirs still lies between that
 * fix and the pickup; otherwise from their last delivery before the pickup. Only the driver's own fix
 * is read (`last_positions.driver_id`).
 */
export async function deadheadsFor(
  deps: Pick<Deps, "db" | "config">,
  driverId: string,
  loadIds: readonly string[],
  now = new Date(),
): Promise<Map<string, Deadhead>> {
  const out = new Map<string, Deadhead>();
  if (!loadIds.length) return out;
  const { circuityFactor } = await readGeoSettings(deps.db, deps.config.authSecret);
  // Each board load's first pickup, the driver's last delivery stop before it (index
  // loads_driver_delivery) and the driver's newest fix (index on last_positions.driver_id), in one
  // statement.
  type End = {
    latitude: number | null;
    longitude: number | null;
    postalCode: string;
    city: string;
    state: string;
  };
  const { rows } = await deps.db.execute<{
    id: string;
    pickup: End;
    delivery: (End & { deliveryAt: string }) | null;
    fix: { lat: number; lon: number; at: string } | null;
  }>(sql`
    with fix as (
      select latitude, longitude, recorded_at from last_positions
      where driver_id = ${driverId}::uuid
        and recorded_at > ${new Date(now.getTime() - LIVE_FIX_MAX_AGE_MS).toISOString()}::timestamptz
      order by recorded_at desc limit 1
    )
    select b.id,
           (select json_build_object('latitude', s.latitude, 'longitude', s.longitude,
                   'postalCode', s.postal_code, 'city', s.city, 'state', s.state)
              from load_stops s where s.load_id = b.id order by s.sequence limit 1) as pickup,
           (select json_build_object('latitude', s.latitude, 'longitude', s.longitude,
                   'postalCode', s.postal_code, 'city', s.city, 'state', s.state,
                   'deliveryAt', p.delivery_at)
              from loads p join load_stops s on s.load_id = p.id
             where p.driver_id = ${driverId} and p.status <> 'cancelled' and p.delivery_at < b.pickup_at
             order by p.delivery_at desc, s.sequence desc limit 1) as delivery,
           (select json_build_object('lat', latitude, 'lon', longitude, 'at', recorded_at) from fix) as fix
      from loads b where b.id in (${sql.join(
        loadIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  for (const r of rows) {
    // A delivery still ahead of the fix (the load the driver is on) is where they will start from.
    const live =
      r.fix && (!r.delivery || new Date(r.delivery.deliveryAt) <= new Date(r.fix.at))
        ? { lat: r.fix.lat, lon: r.fix.lon }
        : null;
    const [from, to] = await Promise.all([
      live ?? (r.delivery ? pointOfStop(r.delivery) : null),
      pointOfStop(r.pickup),
    ]);
    out.set(
      r.id,
      from && to
        ? {
            miles: roundMiles(estimatedMiles([from, to], circuityFactor).miles),
            from: live ? "position" : "delivery",
          }
        : { miles: null, from: null },
    );
  }
  return out;
}

/** Whether a load's pay line is on an approved or paid settlement (its miles then stay as paid). */
async function settledPay(tx: Tx, loadId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ settled: boolean }>(sql`
    select exists (select 1 from settlement_lines sl join settlements s on s.id = sl.settlement_id
      where sl.load_id = ${loadId}::uuid and sl.live and s.status in ('approved', 'paid')) as settled`);
  return rows[0]?.settled ?? false;
}

/** The miles panel, the override and the form's preview (routes: GET/PUT /api/loads/{id}/miles…). */
export function createMilesService(deps: Deps) {
  const { db } = deps;
  const settings = () => readGeoSettings(db, deps.config.authSecret);

  async function view(actor: Actor, id: string): Promise<LoadMiles> {
    const [load] = await db
      .select({
        id: loads.id,
        driverId: loads.driverId,
        customerId: loads.customerId,
        loadedMiles: loads.loadedMiles,
        emptyMiles: loads.emptyMiles,
        source: loads.milesSource,
        status: loads.milesStatus,
        engine: loads.milesEngine,
        overrideReason: loads.milesOverrideReason,
        computedAt: loads.milesComputedAt,
        totalRate: loads.totalRate,
      })
      .from(loads)
      .where(eq(loads.id, id));
    if (!load || !owns(scopeOf(actor), load)) throw notFound("The load");
    const [states, stops, settled] = await Promise.all([
      db
        .select({
          jurisdiction: loadJurisdictionMiles.jurisdiction,
          leg: loadJurisdictionMiles.leg,
          source: loadJurisdictionMiles.source,
          miles: loadJurisdictionMiles.miles,
        })
        .from(loadJurisdictionMiles)
        .where(eq(loadJurisdictionMiles.loadId, id))
        .orderBy(asc(loadJurisdictionMiles.leg), desc(loadJurisdictionMiles.miles)),
      load.status === "unplaceable" ? stopsOf(db, id) : Promise.resolve([]),
      settledPay(db, id),
    ]);
    const { unplaced } = await pointsOfStops(stops);
    return {
      loadedMiles: load.loadedMiles,
      emptyMiles: load.emptyMiles,
      source: load.source,
      status: load.status,
      engine: load.engine,
      overrideReason: load.overrideReason,
      computedAt: load.computedAt?.toISOString() ?? null,
      ratePerMile: scopeOf(actor).kind === "staff" ? ratePerMile(load.totalRate, load.loadedMiles) : null,
      unplacedStops: unplaced,
      stateMiles: states.map((s) => ({ ...s, miles: Number(s.miles) })),
      settled,
    };
  }

  return {
    view,

    /** Staff type the miles (one or both figures) with a reason; kept until the override is cleared. */
    async override(
      actor: Actor,
      id: string,
      input: z.output<typeof milesOverrideSchema>,
    ): Promise<LoadMiles> {
      await db.transaction(async (tx) => {
        const load = await loadState(tx, id, true);
        if (!load) throw notFound("The load");
        // A delivered load's miles are corrected by a person only (GPS measured them, the odometer
        // says otherwise) — until its pay is approved (decision 057).
        if (load.status === "cancelled") throw conflict(MILES_MESSAGES.cancelled, "LOAD_LOCKED");
        if (load.status === "completed" && (await settledPay(tx, id)))
          throw conflict(MILES_MESSAGES.settled, "LOAD_SETTLED");
        const loadedMiles = input.loadedMiles ?? load.loadedMiles;
        const emptyMiles = input.emptyMiles ?? load.emptyMiles;
        await tx
          .update(loads)
          .set({
            loadedMiles,
            emptyMiles,
            milesSource: "override",
            milesOverrideReason: input.reason,
            milesStatus: "current",
            milesComputedAt: new Date(),
            ...payFor(load, loadedMiles),
          })
          .where(eq(loads.id, id));
        // The states keep their split, scaled to the typed figures.
        for (const [leg, miles] of [
          ["loaded", loadedMiles],
          ["empty", emptyMiles],
        ] as const) {
          const rows = await tx
            .select({
              jurisdiction: loadJurisdictionMiles.jurisdiction,
              miles: loadJurisdictionMiles.miles,
              source: loadJurisdictionMiles.source,
            })
            .from(loadJurisdictionMiles)
            .where(and(eq(loadJurisdictionMiles.loadId, id), eq(loadJurisdictionMiles.leg, leg)));
          const computedRows = rows.filter((r) => r.source === "estimated" || r.source === "routed");
          if (!miles || computedRows.length !== rows.length || !rows.length) continue;
          const scaled = apportion(
            Object.fromEntries(rows.map((r) => [r.jurisdiction, Number(r.miles)])),
            miles,
          );
          await writeStateMiles(tx, id, leg, rows[0].source as "estimated" | "routed", scaled);
        }
        await insertEvent(tx, {
          loadId: id,
          kind: "miles_overridden",
          data: {
            loadedMiles,
            previousLoadedMiles: load.loadedMiles,
            ...(input.emptyMiles !== undefined ? { emptyMiles } : {}),
          },
          from: load.status,
          to: load.status,
          actor: { userId: actor.userId, name: actor.name },
          note: input.reason,
        });
        await recordAudit(tx, actor, {
          action: "load.miles_overridden",
          targetType: "load",
          targetId: id,
          targetLabel: load.loadNumber,
          details: { from: load.loadedMiles, to: loadedMiles, reason: input.reason },
        });
      });
      return view(actor, id);
    },

    /** Back to the computed miles (the estimate now, the engine's within a minute when one is set). */
    async clearOverride(actor: Actor, id: string): Promise<void> {
      const geo = await settings();
      await db.transaction(async (tx) => {
        const load = await loadState(tx, id, true);
        if (!load) throw notFound("The load");
        if ((FROZEN as readonly string[]).includes(load.status))
          throw conflict(MILES_MESSAGES.locked, "LOAD_LOCKED");
        if (!TYPED.includes(load.milesSource)) throw conflict(MILES_MESSAGES.noOverride, "NOT_OVERRIDDEN");
        await tx
          .update(loads)
          .set({ milesSource: "none", milesOverrideReason: null })
          .where(eq(loads.id, id));
        await recomputeMiles(tx, id, geo);
        await recordAudit(tx, actor, {
          action: "load.miles_overridden",
          targetType: "load",
          targetId: id,
          targetLabel: load.loadNumber,
          details: { from: load.loadedMiles, to: null, reason: null },
        });
      });
    },

    /** The form's estimate before saving: the stops typed so far, and the driver's deadhead. */
    async preview(input: z.output<typeof milesPreviewInputSchema>): Promise<MilesPreview> {
      const geo = await settings();
      const { points, unplaced } = await pointsOfStops(
        input.stops.map((s) => ({ ...s, latitude: s.latitude ?? null, longitude: s.longitude ?? null })),
      );
      if (!points) return { loadedMiles: null, emptyMiles: null, source: "none", unplacedStops: unplaced };
      let emptyMiles: number | null = null;
      if (input.driverId) {
        const [prev] = await db
          .select({ id: loads.id })
          .from(loads)
          .where(
            and(
              eq(loads.driverId, input.driverId),
              ne(loads.status, "cancelled"),
              input.loadId ? ne(loads.id, input.loadId) : sql`true`,
              input.pickupAt ? lt(loads.deliveryAt, new Date(input.pickupAt)) : sql`true`,
            ),
          )
          .orderBy(desc(loads.deliveryAt))
          .limit(1);
        const from = prev ? await lastDeliveryPoint(db, prev.id) : null;
        if (from) emptyMiles = roundMiles(estimatedMiles([from, points[0]], geo.circuityFactor).miles);
      }
      return {
        loadedMiles: roundMiles(estimatedMiles(points, geo.circuityFactor).miles),
        emptyMiles,
        source: "estimated",
        unplacedStops: [],
      };
    },
  };
}
