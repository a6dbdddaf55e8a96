import type { PositionPoint } from "@shared/tracking/tracking.schema";

/**
 * The phone's latest fix while it shares its location, for the screens that attach it to what the
 * driver records (the fuel log's "where"). Nothing is read from the device here: only what sharing
 * already took, and never once sharing stopped.
 */
let latest: PositionPoint | null = null;

export function setCurrentFix(point: PositionPoint | null) {
  latest = point;
}

/** The latest fix if sharing is on and it is at most `maxAgeMs` old. */
export function currentFix(maxAgeMs = 10 * 60_000, now = Date.now()): PositionPoint | null {
  if (!latest || now - Date.parse(latest.t) > maxAgeMs) return null;
  return latest;
}
