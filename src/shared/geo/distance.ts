import { CIRCUITY_FACTOR } from "./geo.constants";

/**
 * Distances on the earth for the offline miles estimate (issue 40, decision 051): great-circle miles
 * (haversine on a sphere of the mean earth radius) times a documented circuity factor, because roads
 * are longer than the great circle. Pure: used by the server, the seeds, the benches and the form.
 */

export { CIRCUITY_FACTOR };

export interface LatLon {
  lat: number;
  lon: number;
}

/** Mean earth radius (IUGG) in statute miles. */
export const EARTH_RADIUS_MILES = 3958.7613;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export function haversineMiles(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle miles through the points in order (no factor). */
export function pathMiles(points: readonly LatLon[]): number {
  let miles = 0;
  for (let i = 1; i < points.length; i++) miles += haversineMiles(points[i - 1], points[i]);
  return miles;
}

/** One decimal, as `loads.loaded_miles` keeps it. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/** The offline estimate: great-circle miles through the stops × the circuity factor, per leg and in all. */
export function estimatedMiles(
  points: readonly LatLon[],
  factor: number = CIRCUITY_FACTOR,
): { miles: number; legMiles: number[] } {
  const legMiles: number[] = [];
  for (let i = 1; i < points.length; i++) legMiles.push(haversineMiles(points[i - 1], points[i]) * factor);
  return { miles: legMiles.reduce((s, m) => s + m, 0), legMiles };
}

/**
 * Points along the great circle from `a` to `b`, about every `stepMiles` (both ends included): the
 * line the state split walks when there is no routed geometry.
 */
export function greatCirclePoints(a: LatLon, b: LatLon, stepMiles = 5): LatLon[] {
  const d = haversineMiles(a, b) / EARTH_RADIUS_MILES; // angular distance
  const n = Math.max(1, Math.ceil((d * EARTH_RADIUS_MILES) / stepMiles));
  if (d === 0) return [a, b];
  const [φ1, λ1, φ2, λ2] = [rad(a.lat), rad(a.lon), rad(b.lat), rad(b.lon)];
  const points: LatLon[] = [];
  for (let i = 0; i <= n; i++) {
    const f = i / n;
    const A = Math.sin((1 - f) * d) / Math.sin(d);
    const B = Math.sin(f * d) / Math.sin(d);
    const x = A * Math.cos(φ1) * Math.cos(λ1) + B * Math.cos(φ2) * Math.cos(λ2);
    const y = A * Math.cos(φ1) * Math.sin(λ1) + B * Math.cos(φ2) * Math.sin(λ2);
    const z = A * Math.sin(φ1) + B * Math.sin(φ2);
    points.push({ lat: deg(Math.atan2(z, Math.hypot(x, y))), lon: deg(Math.atan2(y, x)) });
  }
  return points;
}

/** The great-circle line through several stops (each leg densified, shared ends not repeated). */
export function greatCircleLine(stops: readonly LatLon[], stepMiles = 5): LatLon[] {
  const line: LatLon[] = stops.length ? [stops[0]] : [];
  for (let i = 1; i < stops.length; i++)
    line.push(...greatCirclePoints(stops[i - 1], stops[i], stepMiles).slice(1));
  return line;
}
