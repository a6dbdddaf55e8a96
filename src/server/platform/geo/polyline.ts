import polyline from "@mapbox/polyline";
import type { LatLon } from "@shared/geo/distance";

/**
 * Google's encoded polyline, the line format of OSRM and Valhalla (precision 6) and GraphHopper
 * (precision 5); `load_routes` keeps lines at precision 6.
 */
export function decodePolyline(encoded: string, precision = 6): LatLon[] {
  return polyline.decode(encoded, precision).map(([lat, lon]) => ({ lat, lon }));
}

export function encodePolyline(points: readonly LatLon[], precision = 6): string {
  return polyline.encode(
    points.map((p) => [p.lat, p.lon]),
    precision,
  );
}
