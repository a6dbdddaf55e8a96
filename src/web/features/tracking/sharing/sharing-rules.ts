import type { PositionPoint } from "@shared/tracking/tracking.schema";

/**
 * The phone's rules for which fixes it keeps and when it asks for GPS accuracy (decision 054). Pure,
 * so they are tested without a browser.
 */

/** A fix is kept when it is this far from the last one kept… */
export const KEEP_DISTANCE_M = 50;
/** …or when the last one kept is this old (a truck waiting at a dock still reports now and then). */
export const KEEP_AGE_MS = 5 * 60_000;
/** High accuracy (GPS, more battery) only this close to the next stop, where the geofence needs it. */
export const HIGH_ACCURACY_WITHIN_M = 5 * 1609.344;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether to keep `fix`, given the last fix kept (none yet: keep it). */
export function keepFix(fix: PositionPoint, lastKept: PositionPoint | null): boolean {
  if (!lastKept) return true;
  if (Date.parse(fix.t) - Date.parse(lastKept.t) >= KEEP_AGE_MS) return true;
  return metresBetween(fix, lastKept) >= KEEP_DISTANCE_M;
}

/** Whether the phone should ask for high accuracy: close to the next stop, or not knowing where it is. */
export function wantsHighAccuracy(
  last: { lat: number; lon: number } | null,
  nextStop: { lat: number; lon: number } | null,
): boolean {
  if (!nextStop) return false;
  if (!last) return true;
  return metresBetween(last, nextStop) <= HIGH_ACCURACY_WITHIN_M;
}

/** A browser fix as the server takes it: the device's own time, metres, m/s, degrees. */
export function pointOf(position: GeolocationPosition): PositionPoint {
  const { latitude, longitude, accuracy, speed, heading } = position.coords;
  return {
    t: new Date(position.timestamp).toISOString(),
    lat: latitude,
    lon: longitude,
    acc: Math.min(100_000, Math.max(0, accuracy)),
    spd: speed === null || Number.isNaN(speed) ? null : Math.min(100, Math.max(0, speed)),
    hdg: heading === null || Number.isNaN(heading) ? null : Math.min(360, Math.max(0, heading)),
  };
}
