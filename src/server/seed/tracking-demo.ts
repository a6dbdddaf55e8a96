import { CIRCUITY_FACTOR } from "@shared/geo/geo.constants";
import { greatCircleMiles } from "@shared/tracking/geofence";
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Tx } from "../db/client";
import { driverLocationConsents, drivers, loadStops, loads } from "../db/schema";
import { refreshEtasWithin } from "../modules/tracking/eta.service";
import { type StoredFix, storeFixes } from "../modules/tracking/positions.repo";
import { lookupCity } from "../platform/geo/gazetteer";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The demo trucks roll at 50 mph (22.35 m/s) between stops. */
const DEMO_MPH = 50;
const BATCH = 500;

const rad = (d: number) => (d * Math.PI) / 180;
const bearing = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const y = Math.sin(rad(b.lon - a.lon)) * Math.cos(rad(b.lat));
  const x =
    Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) -
    Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon - a.lon));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360);
};

/**
 * Live tracking in the demo (issue 40): the demo drivers with a sign-in agreed to share their
 * location; each load on the road has a breadcrumb every minute from its last departure towards its
 * next stop at 50 mph, up to now — from the driver's phone when the driver signs in, from the
 * truck's ELD unit otherwise — so the dispatch map, the load's panel and the shipper's link show a
 * truck that is somewhere real, with its ETA, on `npm start`.
 */
export async function seedTrackingDemo(tx: Tx, now = new Date()): Promise<void> {
  const withAccounts = await tx.select({ id: drivers.id }).from(drivers).where(isNotNull(drivers.userId));
  if (withAccounts.length) {
    await tx
      .insert(driverLocationConsents)
      .values(
        withAccounts.map((d) => ({
          driverId: d.id,
          consentedAt: new Date(now.getTime() - 7 * DAY),
          userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) demo",
        })),
      )
      .onConflictDoNothing();
  }

  const onTheRoad = await tx
    .select({
      id: loads.id,
      driverId: loads.driverId,
      vehicleId: loads.vehicleId,
      startedAt: loads.startedAt,
      userId: drivers.userId,
    })
    .from(loads)
    .innerJoin(drivers, eq(drivers.id, loads.driverId))
    .where(eq(loads.status, "in_progress"));
  if (!onTheRoad.length) return;

  // Stops the geocoder has not placed yet (it runs after start-up) get their city's centre.
  const unplaced = await tx
    .select({ id: loadStops.id, city: loadStops.city, state: loadStops.state })
    .from(loadStops)
    .where(
      and(
        inArray(
          loadStops.loadId,
          onTheRoad.map((l) => l.id),
        ),
        isNull(loadStops.latitude),
      ),
    );
  for (const stop of unplaced) {
    const centre = lookupCity(stop.city, stop.state);
    if (!centre) continue;
    await tx
      .update(loadStops)
      .set({
        latitude: centre.lat,
        longitude: centre.lon,
        geoPrecision: "city",
        geoSource: "gazetteer",
        geoStatus: "placed",
        geocodedAt: now,
      })
      .where(eq(loadStops.id, stop.id));
  }

  for (const load of onTheRoad) {
    const stops = await tx
      .select()
      .from(loadStops)
      .where(eq(loadStops.loadId, load.id))
      .orderBy(asc(loadStops.sequence));
    const next = stops.find((s) => !s.departedAt);
    const from = [...stops].reverse().find((s) => s.departedAt);
    if (!next || !from?.departedAt || from.latitude === null || next.latitude === null) continue;
    const a = { lat: from.latitude, lon: from.longitude as number };
    const b = { lat: next.latitude, lon: next.longitude as number };
    const miles = greatCircleMiles(a, b) * CIRCUITY_FACTOR;
    const heading = bearing(a, b);
    const fixes: StoredFix[] = [];
    for (let t = from.departedAt.getTime(); t <= now.getTime(); t += MINUTE) {
      const driven = ((t - from.departedAt.getTime()) / 3_600_000) * DEMO_MPH;
      const f = Math.min(1, driven / miles);
      fixes.push({
        recordedAt: new Date(t),
        lat: a.lat + (b.lat - a.lat) * f,
        lon: a.lon + (b.lon - a.lon) * f,
        accuracyM: 10,
        speedMps: f < 1 ? 22.35 : 0,
        heading: f < 1 ? heading : null,
      });
    }
    const phone = !!load.userId && !!load.driverId;
    const owner = phone
      ? {
          source: "phone" as const,
          subjectId: load.driverId as string,
          driverId: load.driverId,
          vehicleId: load.vehicleId,
          loadId: load.id,
          unitKey: `driver:${load.driverId}`,
        }
      : load.vehicleId
        ? {
            source: "samsara" as const,
            subjectId: load.vehicleId,
            driverId: load.driverId,
            vehicleId: load.vehicleId,
            loadId: load.id,
            unitKey: `vehicle:${load.vehicleId}`,
          }
        : null;
    if (!owner) continue;
    for (let i = 0; i < fixes.length; i += BATCH) await storeFixes(tx, owner, fixes.slice(i, i + BATCH));
  }
  await refreshEtasWithin(tx, CIRCUITY_FACTOR, now);
}
