import { greatCircleMiles } from "@shared/tracking/geofence";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { loadJurisdictionMiles } from "../../db/schema";
import { trailOf } from "./positions.repo";

/**
 * A line's miles per state or province: `platform/geo/state-split.ts#splitByJurisdiction` (helper B,
 * decision 051). Passed in rather than imported: it is not on this branch yet — the nightly job wires
 * it at merge (`stateMilesFromBreadcrumbs(tx, splitByJurisdiction, now)`).
 */
export type JurisdictionSplitter = (line: [number, number][]) => Record<string, number>;

/** A gap longer than this in time or distance is not driven as recorded: filled by the great circle. */
const GAP_MS = 15 * 60_000;
const GAP_MILES = 20;
/** The trail must cover this share of the load's miles (gaps filled do not count). */
export const GPS_COVERAGE_MIN = 0.8;
const DAY = 86_400_000;

/**
 * The breadcrumb as a line, and how many of its miles were driven as recorded (the segments whose
 * fixes are closer than 15 minutes and 20 mi); a longer gap is drawn as the straight line between
 * its ends (the splitter samples along it).
 */
export function breadcrumbLine(trail: { lat: number; lon: number; at: Date }[]) {
  const line: [number, number][] = [];
  let covered = 0;
  let total = 0;
  trail.forEach((p, i) => {
    line.push([p.lat, p.lon]);
    if (i === 0) return;
    const prev = trail[i - 1];
    const miles = greatCircleMiles(prev, p);
    total += miles;
    if (p.at.getTime() - prev.at.getTime() <= GAP_MS && miles <= GAP_MILES) covered += miles;
  });
  return { line, coveredMiles: covered, totalMiles: total };
}

/**
 * The nightly GPS state miles: for each load delivered the day before `now` (UTC) without state miles
 * a person recorded, whose breadcrumb covers at least 80 % of its loaded miles, the breadcrumb split by
 * state replaces the routed or estimated set of its loaded leg, as source "gps" (precedence: recorded >
 * gps > routed > estimated). Returns the loads written.
 */
export async function stateMilesFromBreadcrumbs(tx: Tx, split: JurisdictionSplitter, now = new Date()) {
  const today = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const { rows } = await tx.execute<{
    id: string;
    loaded_miles: number | null;
    started_at: Date | string | null;
    delivered_at: Date | string;
  }>(sql`
    select l.id, l.loaded_miles::float8 as loaded_miles, l.started_at, l.delivered_at from loads l
    where l.status = 'completed'
      and l.delivered_at >= ${new Date(today.getTime() - DAY).toISOString()}::timestamptz
      and l.delivered_at < ${today.toISOString()}::timestamptz
      and not exists (select 1 from load_jurisdiction_miles j
        where j.load_id = l.id and j.leg = 'loaded' and j.source = 'recorded')`);
  const written: string[] = [];
  for (const load of rows) {
    const trail = (await trailOf(tx, load.id)).filter(
      (p) => (!load.started_at || p.at >= new Date(load.started_at)) && p.at <= new Date(load.delivered_at),
    );
    if (trail.length < 2) continue;
    const { line, coveredMiles, totalMiles } = breadcrumbLine(trail);
    const expected = load.loaded_miles ?? totalMiles;
    if (!expected || coveredMiles < GPS_COVERAGE_MIN * expected) continue;
    const miles = Object.entries(split(line)).filter(([, m]) => m > 0);
    if (!miles.length) continue;
    await tx.execute(sql`
      delete from load_jurisdiction_miles where load_id = ${load.id}::uuid and leg = 'loaded'`);
    await tx.insert(loadJurisdictionMiles).values(
      miles.map(([jurisdiction, m]) => ({
        loadId: load.id,
        jurisdiction,
        leg: "loaded" as const,
        source: "gps" as const,
        miles: m.toFixed(1),
      })),
    );
    written.push(load.id);
  }
  return written;
}
