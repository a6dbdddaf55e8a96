import { greatCircleMiles } from "./geofence";

/**
 * The ETA to a load's next stop (issue 40, decision 052), pure: remaining miles at a recent average
 * speed, plus the rest the hours-of-service rules will force on the way. A documented simple model,
 * not an ELD clock:
 *
 * - at most 11 h of driving, and no driving after the 14th hour, since the last 10-hour rest;
 * - a 30-minute break once 8 h of driving have passed since the last break (or rest);
 * - reaching the 11- or 14-hour limit means a 10-hour rest, after which all clocks start again.
 */
export const HOS_RULES = {
  maxDrivingMinutes: 11 * 60,
  windowMinutes: 14 * 60,
  breakAfterDrivingMinutes: 8 * 60,
  breakMinutes: 30,
  restMinutes: 10 * 60,
} as const;

/** Speeds outside this band are noise (a traffic jam, a fix jump): clamped into it. */
export const ETA_MIN_SPEED_MPH = 40;
export const ETA_MAX_SPEED_MPH = 60;
/** Without recent moving fixes. */
export const ETA_DEFAULT_SPEED_MPH = 50;
/** The average speed reads this much of the trail… */
export const ETA_SPEED_WINDOW_MS = 30 * 60_000;
/** …over pairs of fixes closer than this in time… */
export const ETA_SPEED_MAX_GAP_MS = 10 * 60_000;
/** …that moved at least this fast (a parked truck does not slow the average). */
export const ETA_MOVING_MPH = 5;
/** A fix farther than this from the stored route is off it: the remaining miles are estimated. */
export const OFF_ROUTE_MILES = 5;

/** Where the driver's clocks stand, in minutes since the last 10-hour rest (and the last break). */
export interface HosClock {
  drivingMinutes: number;
  windowMinutes: number;
  sinceBreakMinutes: number;
}
export const FRESH_HOS_CLOCK: HosClock = { drivingMinutes: 0, windowMinutes: 0, sinceBreakMinutes: 0 };

/**
 * Drives `drivingMinutes` forward from `clock`, taking the breaks and rests the rules force on the
 * way. Returns the elapsed minutes and the part of them that is breaks and rests (the buffer).
 */
export function hosElapsedMinutes(
  drivingMinutes: number,
  clock: HosClock = FRESH_HOS_CLOCK,
): { elapsedMinutes: number; bufferMinutes: number } {
  const r = HOS_RULES;
  let { drivingMinutes: driving, windowMinutes: window, sinceBreakMinutes: sinceBreak } = clock;
  let remaining = Math.max(0, drivingMinutes);
  let elapsed = 0;
  let buffer = 0;
  // Each turn either drives a chunk or takes a pause: bounded (every rest resets the clocks).
  while (remaining > 1e-9) {
    const allowed = Math.min(
      r.maxDrivingMinutes - driving,
      r.windowMinutes - window,
      r.breakAfterDrivingMinutes - sinceBreak,
    );
    if (allowed <= 1e-9) {
      if (driving >= r.maxDrivingMinutes - 1e-9 || window >= r.windowMinutes - 1e-9) {
        elapsed += r.restMinutes;
        buffer += r.restMinutes;
        driving = 0;
        window = 0;
        sinceBreak = 0;
      } else {
        elapsed += r.breakMinutes;
        buffer += r.breakMinutes;
        window += r.breakMinutes;
        sinceBreak = 0;
      }
      continue;
    }
    const chunk = Math.min(remaining, allowed);
    remaining -= chunk;
    elapsed += chunk;
    driving += chunk;
    window += chunk;
    sinceBreak += chunk;
  }
  return { elapsedMinutes: elapsed, bufferMinutes: buffer };
}

export interface SpeedFix {
  lat: number;
  lon: number;
  at: Date;
}

/**
 * The mean moving speed over the last 30 minutes of fixes (pairs closer than 10 minutes, moving at
 * least 5 mph), clamped to 40–60 mph; 50 mph when there is nothing to read.
 */
export function recentAverageSpeedMph(fixes: readonly SpeedFix[]): number {
  const sorted = [...fixes].sort((a, b) => a.at.getTime() - b.at.getTime());
  const last = sorted[sorted.length - 1];
  if (!last) return ETA_DEFAULT_SPEED_MPH;
  const from = last.at.getTime() - ETA_SPEED_WINDOW_MS;
  let miles = 0;
  let hours = 0;
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (a.at.getTime() < from) continue;
    const gap = b.at.getTime() - a.at.getTime();
    if (gap <= 0 || gap > ETA_SPEED_MAX_GAP_MS) continue;
    const d = greatCircleMiles(a, b);
    const h = gap / 3_600_000;
    if (d / h < ETA_MOVING_MPH) continue;
    miles += d;
    hours += h;
  }
  if (hours === 0) return ETA_DEFAULT_SPEED_MPH;
  return Math.min(ETA_MAX_SPEED_MPH, Math.max(ETA_MIN_SPEED_MPH, miles / hours));
}

type LatLon = readonly [number, number];
const pointOf = ([lat, lon]: LatLon) => ({ lat, lon });

/**
 * Miles along `route` ([lat, lon] vertices, dense enough that the nearest vertex stands for the
 * nearest point) from the vertex nearest `from` to the vertex nearest `to`; null when `from` is off
 * the route (farther than 5 mi) or the route has fewer than two points.
 */
export function milesAlongRoute(
  route: readonly LatLon[],
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
): number | null {
  if (route.length < 2) return null;
  const nearest = (p: { lat: number; lon: number }) => {
    let best = 0;
    let bestMiles = Number.POSITIVE_INFINITY;
    route.forEach((v, i) => {
      const d = greatCircleMiles(pointOf(v), p);
      if (d < bestMiles) {
        bestMiles = d;
        best = i;
      }
    });
    return { index: best, miles: bestMiles };
  };
  const a = nearest(from);
  if (a.miles > OFF_ROUTE_MILES) return null;
  const b = nearest(to);
  let miles = a.miles;
  for (let i = a.index; i < b.index; i++) miles += greatCircleMiles(pointOf(route[i]), pointOf(route[i + 1]));
  return miles + b.miles;
}

export interface ArrivalEstimate {
  etaAt: Date;
  drivingMinutes: number;
  bufferMinutes: number;
}

/**
 * When the truck reaches the stop: `remainingMiles` at `speedMph` from the fix's time, with the
 * hours-of-service buffer from `clock`. Never earlier than `now` (an old fix still says "not yet").
 */
export function estimateArrival(input: {
  fixAt: Date;
  now: Date;
  remainingMiles: number;
  speedMph: number;
  clock?: HosClock;
}): ArrivalEstimate {
  const drivingMinutes = (Math.max(0, input.remainingMiles) / input.speedMph) * 60;
  const { elapsedMinutes, bufferMinutes } = hosElapsedMinutes(drivingMinutes, input.clock);
  const at = Math.max(input.fixAt.getTime() + elapsedMinutes * 60_000, input.now.getTime());
  return { etaAt: new Date(at), drivingMinutes, bufferMinutes };
}

/** The moment a stop is due: an appointment's time, a window's (or FCFS hours') end. */
export function stopDueAt(stop: { appointmentKind: string; scheduledAt: Date; scheduledEnd: Date | null }) {
  return stop.appointmentKind === "appointment" ? stop.scheduledAt : (stop.scheduledEnd ?? stop.scheduledAt);
}
