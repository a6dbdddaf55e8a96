import { find } from "geo-tz";

/**
 * A point's IANA time zone (issue 40, decision 050) from `geo-tz`'s default dataset (the
 * timezone-boundary-builder polygons, OSM data under ODbL; README "Data sources"): zones that differ
 * since 1970 stay apart, so Indianapolis is America/Indiana/Indianapolis, not New York (the smaller
 * "now" dataset merges them). Exact at borders such as Indiana's counties; server-only. The dataset loads lazily, feature by feature, on first use and
 * stays cached. Null for the open sea (an "Etc/GMT" zone) or a bad point.
 */
export function timeZoneAt(lat: number, lon: number): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  const [zone] = find(lat, lon);
  return zone && !zone.startsWith("Etc/") ? zone : null;
}
