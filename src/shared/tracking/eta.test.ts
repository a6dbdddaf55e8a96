import { describe, expect, it } from "vitest";
import {
  ETA_DEFAULT_SPEED_MPH,
  estimateArrival,
  FRESH_HOS_CLOCK,
  hosElapsedMinutes,
  milesAlongRoute,
  recentAverageSpeedMph,
} from "./eta";

const H = 60;

describe("the hours-of-service buffer", () => {
  it("600 mi at 50 mph from fresh: 12 h driving + a 30-min break at 8 h + a 10-h rest at 11 h = 22.5 h", () => {
    const { elapsedMinutes, bufferMinutes } = hosElapsedMinutes((600 / 50) * H, FRESH_HOS_CLOCK);
    expect(elapsedMinutes).toBe(22.5 * H);
    expect(bufferMinutes).toBe(10.5 * H);
  });

  it("a short drive takes no pause", () => {
    expect(hosElapsedMinutes(3 * H)).toEqual({ elapsedMinutes: 3 * H, bufferMinutes: 0 });
  });

  it("a driver 7.5 h into their driving takes the break after 30 more minutes", () => {
    const clock = { drivingMinutes: 7.5 * H, windowMinutes: 8 * H, sinceBreakMinutes: 7.5 * H };
    // 30 min, break 30, then 60 min: 2 h.
    expect(hosElapsedMinutes(1.5 * H, clock)).toEqual({ elapsedMinutes: 2 * H, bufferMinutes: 30 });
  });

  it("the 14-hour window forces the rest before 11 h of driving", () => {
    const clock = { drivingMinutes: 6 * H, windowMinutes: 13 * H, sinceBreakMinutes: 1 * H };
    // 1 h to the window's end, 10 h rest, then 1 h: 12 h.
    expect(hosElapsedMinutes(2 * H, clock)).toEqual({ elapsedMinutes: 12 * H, bufferMinutes: 10 * H });
  });
});

describe("the recent average speed", () => {
  const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 12, min));
  it("is 50 mph without fixes and clamps to 40–60 mph", () => {
    expect(recentAverageSpeedMph([])).toBe(ETA_DEFAULT_SPEED_MPH);
    // 1° of latitude ≈ 69.1 mi in 10 minutes (≈ 415 mph): clamped to 60.
    const fast = [
      { lat: 40, lon: -88, at: at(0) },
      { lat: 40.5, lon: -88, at: at(5) },
      { lat: 41, lon: -88, at: at(10) },
    ];
    expect(recentAverageSpeedMph(fast)).toBe(60);
    // 0.1° (6.9 mi) in 10 minutes ≈ 41.5 mph: read as it is.
    const moving = [
      { lat: 40, lon: -88, at: at(0) },
      { lat: 40.1, lon: -88, at: at(10) },
    ];
    expect(recentAverageSpeedMph(moving)).toBeCloseTo(41.45, 1);
  });

  it("ignores parked pairs and gaps over 10 minutes", () => {
    const fixes = [
      { lat: 40, lon: -88, at: at(0) },
      { lat: 40, lon: -88, at: at(5) },
      { lat: 41, lon: -88, at: at(25) },
    ];
    expect(recentAverageSpeedMph(fixes)).toBe(ETA_DEFAULT_SPEED_MPH);
  });
});

describe("the remaining miles along a route", () => {
  const route: [number, number][] = [0, 0.1, 0.2, 0.3, 0.4, 0.5].map((d) => [40 + d, -88]);
  it("sums the line from the fix's nearest vertex to the stop's", () => {
    const miles = milesAlongRoute(route, { lat: 40.1, lon: -88 }, { lat: 40.5, lon: -88 });
    expect(miles).toBeCloseTo(0.4 * 69.09, 0);
  });
  it("is null off the route", () => {
    expect(milesAlongRoute(route, { lat: 40.2, lon: -87 }, { lat: 40.5, lon: -88 })).toBeNull();
  });
});

describe("estimateArrival", () => {
  it("adds the driving time and the buffer to the fix's time", () => {
    const fixAt = new Date("2026-01-01T00:00:00Z");
    const eta = estimateArrival({ fixAt, now: fixAt, remainingMiles: 600, speedMph: 50 });
    expect(eta.etaAt.toISOString()).toBe("2026-01-01T22:30:00.000Z");
    expect(eta.bufferMinutes).toBe(630);
  });
  it("is never before now", () => {
    const fixAt = new Date("2026-01-01T00:00:00Z");
    const now = new Date("2026-01-01T05:00:00Z");
    expect(estimateArrival({ fixAt, now, remainingMiles: 50, speedMph: 50 }).etaAt).toEqual(now);
  });
});
