import type { GeofenceFix } from "@shared/tracking/geofence";
import type { PositionSource } from "@shared/tracking/tracking.constants";
import {
  type ConsentInput,
  POSITION_FUTURE_SKEW_MS,
  POSITION_MAX_AGE_MS,
  type PositionBatch,
  type PositionBatchResult,
  type SharingState,
  TRACKING_MESSAGES,
} from "@shared/tracking/tracking.schema";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { driverLocationConsents } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict } from "../../http/errors";
import { ownDriverId } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { type GeoSettings, readGeoSettings } from "../../platform/geo/geo-settings";
import {
  detectCrossings,
  openPrompt,
  parseStopsAndEvents,
  stopsAndEvents,
  watchedStop,
} from "./geofence.service";
import { createGroupStore } from "./group-store";
import { driverSharingRow, type StoredFix, storeFixes } from "./positions.repo";

const SETTINGS_TTL_MS = 30_000;
/** Announced by Settings → Maps & tracking when it saves (modules/geo). */
const GEO_SETTINGS_CHANNEL = "lms_geo_settings";

/**
 * The tracking rules (geofence radius, sharing interval, retention) change rarely and are read on
 * every batch: kept per instance until Settings announces a save, and never longer than 30 s (a
 * notification lost while the listener reconnects).
 */
function settingsCache(deps: Deps) {
  let cached: { at: number; value: Promise<GeoSettings> } | null = null;
  const drop = () => {
    cached = null;
  };
  deps.events.listen(GEO_SETTINGS_CHANNEL, drop);
  deps.events.onReset(drop);
  return () => {
    if (!cached || Date.now() - cached.at > SETTINGS_TTL_MS) {
      const value = readGeoSettings(deps.db, deps.config.authSecret);
      cached = { at: Date.now(), value };
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}

const toGeofenceFix = (f: StoredFix): GeofenceFix => ({
  lat: f.lat,
  lon: f.lon,
  accuracyM: f.accuracyM,
  at: f.recordedAt,
});

/** The fixes after the unit's last one, in time order: a backlog older than it proposes nothing. */
function newerThan(fixes: StoredFix[], previous: GeofenceFix | null): GeofenceFix[] {
  return fixes
    .filter((f) => !previous || f.recordedAt > previous.at)
    .sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime())
    .map(toGeofenceFix);
}

/** A telematics unit's fix, as its adapter reads it. */
export interface UnitFix {
  recordedAt: Date;
  lat: number;
  lon: number;
  accuracyM?: number | null;
  speedMps?: number | null;
  heading?: number | null;
}

/**
 * Stores an ELD/GPS unit's fixes (the telematics poll job, helper E): idempotent like a phone's
 * batch, keyed by (source, vehicle, device time); the load is the vehicle's load on its way, whose
 * stop geofences the fixes run through (a proposal waits for dispatch: a unit has no screen). A
 * truck's position is the company's, stored whatever the driver's duty; the driver is named on it
 * only while they drive a load of that truck.
 */
export async function ingestUnitPositions(
  deps: Deps,
  input: { source: Exclude<PositionSource, "phone">; vehicleId: string; points: UnitFix[] },
): Promise<{ stored: number; duplicates: number }> {
  const now = Date.now();
  const fixes: StoredFix[] = input.points
    .filter((p) => {
      const t = p.recordedAt.getTime();
      return t <= now + POSITION_FUTURE_SKEW_MS && t >= now - POSITION_MAX_AGE_MS;
    })
    .map((p) => ({
      recordedAt: p.recordedAt,
      lat: p.lat,
      lon: p.lon,
      accuracyM: p.accuracyM ?? null,
      speedMps: p.speedMps ?? null,
      heading: p.heading ?? null,
    }));
  if (!fixes.length) return { stored: 0, duplicates: 0 };
  const settings = await readGeoSettings(deps.db, deps.config.authSecret);
  const { db } = deps;
  const { rows } = await db.execute<{ load_id: string | null; driver_id: string | null }>(sql`
    select id as load_id, driver_id from loads
    where vehicle_id = ${input.vehicleId}::uuid
      and (status = 'in_progress' or (status = 'assigned' and accepted_at is not null))
    order by (status = 'in_progress') desc, pickup_at limit 1`);
  const load = rows[0] ?? null;
  const { stored, previous } = await storeFixes(
    db,
    {
      source: input.source,
      subjectId: input.vehicleId,
      driverId: load?.driver_id ?? null,
      vehicleId: input.vehicleId,
      loadId: load?.load_id ?? null,
      unitKey: `vehicle:${input.vehicleId}`,
    },
    fixes,
  );
  if (stored && load?.load_id) {
    await detectCrossings(db, {
      loadId: load.load_id,
      source: input.source,
      fixes: newerThan(fixes, previous),
      previous,
      radiusMiles: settings.geofenceRadiusMiles,
      timeZone: deps.config.company.timeZone,
    });
  }
  return { stored, duplicates: fixes.length - stored };
}

export function createPositionsService(deps: Deps) {
  const { db } = deps;
  const settings = settingsCache(deps);
  const groupStore = createGroupStore(db);

  async function sharingState(tx: Tx, driverId: string | null): Promise<SharingState> {
    const s = await settings();
    const base = {
      intervalSeconds: s.sharingIntervalSeconds,
      geofenceRadiusMiles: s.geofenceRadiusMiles,
      retentionDays: s.positionRetentionDays,
    };
    const row = driverId ? await driverSharingRow(tx, driverId) : null;
    if (!row)
      return { consented: false, sharing: false, loadId: null, nextStop: null, prompt: null, ...base };
    const sharing = row.consented && !row.offDuty && !!row.loadId;
    let nextStop: SharingState["nextStop"] = null;
    let prompt: SharingState["prompt"] = null;
    if (sharing && row.loadId) {
      const { stops, events } = await stopsAndEvents(tx, row.loadId);
      const watched = watchedStop(stops, events);
      const stop = watched?.stop;
      if (stop && stop.latitude !== null && stop.longitude !== null) {
        nextStop = { id: stop.id, locationName: stop.locationName, lat: stop.latitude, lon: stop.longitude };
      }
      prompt = await openPrompt(tx, row.loadId);
    }
    return {
      consented: row.consented,
      sharing,
      // Named even before consent: the phone offers the consent screen for it.
      loadId: row.loadId,
      nextStop,
      prompt,
      ...base,
    };
  }

  return {
    /**
     * A driver's phone batch. Refused whole (409, nothing stored) without consent, off duty or with
     * no load on its way; each point outside [now − 72 h, now + 2 min] is refused alone. A point
     * already stored (a replay) counts as a duplicate. The fixes then run through the next stop's
     * geofence, and a new proposal comes back as the prompt.
     */
    async ingest(actor: Actor, batch: PositionBatch): Promise<PositionBatchResult> {
      const driverId = ownDriverId(actor);
      if (!driverId) throw conflict(TRACKING_MESSAGES.notSharing, "NOT_SHARING");

      const now = Date.now();
      const rejected: PositionBatchResult["rejected"] = [];
      const fixes: StoredFix[] = [];
      batch.points.forEach((p, index) => {
        const t = new Date(p.t);
        if (t.getTime() > now + POSITION_FUTURE_SKEW_MS) {
          rejected.push({ index, reason: TRACKING_MESSAGES.futurePoint });
        } else if (t.getTime() < now - POSITION_MAX_AGE_MS) {
          rejected.push({ index, reason: TRACKING_MESSAGES.stalePoint });
        } else {
          fixes.push({
            recordedAt: t,
            lat: p.lat,
            lon: p.lon,
            accuracyM: p.acc,
            speedMps: p.spd ?? null,
            heading: p.hdg ?? null,
          });
        }
      });
      const { geofenceRadiusMiles } = await settings();
      // One statement: the gate (consent, duty, the load on its way), the store behind it, and the
      // load's stops and geofence events for the crossings — committed with the batches of other
      // phones that arrive at the same moment (group-store.ts). A crossing is then proposed at most
      // once per stop and kind (guarded).
      const { row, stored, previous, extra } = await groupStore.store(driverId, fixes);
      if (!row) throw conflict(TRACKING_MESSAGES.notSharing, "NOT_SHARING");
      if (!row.consented) throw conflict(TRACKING_MESSAGES.noConsent, "NO_CONSENT");
      if (row.offDuty || !row.loadId) throw conflict(TRACKING_MESSAGES.notSharing, "NOT_SHARING");
      if (!fixes.length) return { accepted: 0, duplicates: 0, rejected, prompt: null };
      const prompt =
        stored && extra
          ? await detectCrossings(db, {
              loadId: row.loadId,
              source: "phone",
              fixes: newerThan(fixes, previous),
              previous,
              radiusMiles: geofenceRadiusMiles,
              timeZone: deps.config.company.timeZone,
              known: parseStopsAndEvents(extra),
            })
          : null;
      return { accepted: stored, duplicates: fixes.length - stored, rejected, prompt };
    },

    /** Whether the phone should share now, how often, the next stop and an unanswered proposal. */
    sharing(actor: Actor): Promise<SharingState> {
      return sharingState(db, ownDriverId(actor));
    },

    /** The driver agrees to share (or withdraws): recorded with the device, audited. */
    async consent(actor: Actor, input: ConsentInput, userAgent: string): Promise<SharingState> {
      const driverId = ownDriverId(actor);
      if (!driverId) throw conflict(TRACKING_MESSAGES.notSharing, "NOT_SHARING");
      return db.transaction(async (tx) => {
        const now = new Date();
        const values = input.consent
          ? { consentedAt: now, withdrawnAt: null, userAgent: userAgent.slice(0, 500) }
          : { withdrawnAt: now };
        await tx
          .insert(driverLocationConsents)
          .values({ driverId, ...values, userAgent: userAgent.slice(0, 500) })
          .onConflictDoUpdate({ target: driverLocationConsents.driverId, set: values });
        await recordAudit(tx, actor, {
          action: input.consent ? "tracking.consent_given" : "tracking.consent_withdrawn",
          targetType: "driver",
          targetId: driverId,
          targetLabel: actor.name,
        });
        return sharingState(tx, driverId);
      });
    },
  };
}
export type PositionsService = ReturnType<typeof createPositionsService>;
