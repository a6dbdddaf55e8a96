import type { GeofenceEventKind } from "./tracking.constants";

/**
 * A stop's geofence as a pure state machine (issue 40, decision 052): the server runs it over each
 * batch of fixes (a phone's or a telematics unit's) against the stop the truck is heading to or
 * standing at, and proposes what it saw — a person confirms it.
 *
 * - Arrival: the first fix within the radius whose accuracy is at most 1 000 m.
 * - Departure: after an arrival, two fixes in a row beyond the radius + 0.2 mi (hysteresis: a fix
 *   that drifts across the edge in a parking lot proposes nothing). Its time is the first of the two.
 */

/** A fix coarser than this says nothing about being at a dock. */
export const GEOFENCE_MAX_ACCURACY_M = 1_000;
/** How far beyond the radius a fix must be to count as having left. */
export const GEOFENCE_DEPARTURE_MARGIN_MILES = 0.2;
/** Fixes beyond the margin, in a row, that make a departure. */
export const GEOFENCE_DEPARTURE_FIXES = 2;

const EARTH_RADIUS_MILES = 3_958.7613;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in statute miles. */
export function greatCircleMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface GeofenceFix {
  lat: number;
  lon: number;
  /** Accuracy in metres (null: unknown, taken as good — a telematics unit reports none). */
  accuracyM: number | null;
  at: Date;
}

export interface GeofenceState {
  /** An arrival is known (checked in, or proposed and not dismissed). */
  arrived: boolean;
  /** An arrival was proposed once and dismissed: not proposed again at this stop. */
  arrivalRefused: boolean;
  /** A departure is known (checked out, or proposed): nothing more to watch at this stop. */
  departed: boolean;
  /** Fixes in a row beyond the departure distance so far, and when the first of them was. */
  beyond: number;
  beyondSince: Date | null;
}

export const FRESH_GEOFENCE: GeofenceState = {
  arrived: false,
  arrivalRefused: false,
  departed: false,
  beyond: 0,
  beyondSince: null,
};

export interface GeofenceCrossing {
  kind: GeofenceEventKind;
  at: Date;
}

/**
 * Runs the fixes (in time order) through the machine. Returns the new state and the crossings it
 * proposes, at most one of each kind.
 */
export function evaluateGeofence(
  start: GeofenceState,
  fixes: readonly GeofenceFix[],
  stop: { lat: number; lon: number },
  radiusMiles: number,
): { state: GeofenceState; crossings: GeofenceCrossing[] } {
  const state = { ...start };
  const crossings: GeofenceCrossing[] = [];
  for (const fix of fixes) {
    if (state.departed) break;
    if (fix.accuracyM !== null && fix.accuracyM > GEOFENCE_MAX_ACCURACY_M) continue;
    const miles = greatCircleMiles(fix, stop);
    if (!state.arrived) {
      if (!state.arrivalRefused && miles <= radiusMiles) {
        state.arrived = true;
        crossings.push({ kind: "arrived", at: fix.at });
      }
      continue;
    }
    if (miles > radiusMiles + GEOFENCE_DEPARTURE_MARGIN_MILES) {
      state.beyond += 1;
      state.beyondSince ??= fix.at;
      if (state.beyond >= GEOFENCE_DEPARTURE_FIXES) {
        state.departed = true;
        crossings.push({ kind: "departed", at: state.beyondSince });
      }
    } else {
      state.beyond = 0;
      state.beyondSince = null;
    }
  }
  return { state, crossings };
}
