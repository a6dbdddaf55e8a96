import { describe, expect, it } from "vitest";
import { evaluateGeofence, FRESH_GEOFENCE, type GeofenceFix, greatCircleMiles } from "./geofence";

const stop = { lat: 41.8127, lon: -87.7305 };
/** A fix `miles` north of the stop (1° latitude ≈ 69.09 mi). */
const fix = (miles: number, minute: number, accuracyM: number | null = 10): GeofenceFix => ({
  lat: stop.lat + miles / 69.09,
  lon: stop.lon,
  accuracyM,
  at: new Date(Date.UTC(2026, 0, 1, 12, minute)),
});

describe("the geofence", () => {
  it("measures great-circle miles (Chicago → Indianapolis ≈ 164.8 mi)", () => {
    expect(greatCircleMiles({ lat: 41.8781, lon: -87.6298 }, { lat: 39.7684, lon: -86.1581 })).toBeCloseTo(
      164.8,
      0,
    );
  });

  it("proposes an arrival at the first good fix within the radius", () => {
    const { state, crossings } = evaluateGeofence(
      FRESH_GEOFENCE,
      [fix(3, 0), fix(0.3, 1, 2000), fix(0.4, 2), fix(0.1, 3)],
      stop,
      0.5,
    );
    expect(crossings).toEqual([{ kind: "arrived", at: fix(0.4, 2).at }]);
    expect(state.arrived).toBe(true);
  });

  it("proposes a departure only after two fixes beyond radius + 0.2 mi, at the first of them", () => {
    const arrived = { ...FRESH_GEOFENCE, arrived: true };
    // 0.6 mi is beyond the radius but inside the margin: nothing.
    expect(evaluateGeofence(arrived, [fix(0.6, 0), fix(0.65, 1)], stop, 0.5).crossings).toEqual([]);
    // One fix out, back in: the count starts again.
    expect(evaluateGeofence(arrived, [fix(1, 0), fix(0.2, 1), fix(1, 2)], stop, 0.5).crossings).toEqual([]);
    const out = evaluateGeofence(arrived, [fix(0.2, 0), fix(1, 5), fix(2, 6)], stop, 0.5);
    expect(out.crossings).toEqual([{ kind: "departed", at: fix(1, 5).at }]);
    expect(out.state.departed).toBe(true);
  });

  it("carries the count across batches", () => {
    const first = evaluateGeofence({ ...FRESH_GEOFENCE, arrived: true }, [fix(1, 5)], stop, 0.5);
    expect(first.crossings).toEqual([]);
    const second = evaluateGeofence(first.state, [fix(2, 6)], stop, 0.5);
    expect(second.crossings).toEqual([{ kind: "departed", at: fix(1, 5).at }]);
  });

  it("does not propose a dismissed arrival again", () => {
    const refused = { ...FRESH_GEOFENCE, arrivalRefused: true };
    expect(evaluateGeofence(refused, [fix(0.1, 0)], stop, 0.5).crossings).toEqual([]);
  });
});
