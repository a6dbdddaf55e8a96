import { describe, expect, it } from "vitest";
import {
  CIRCUITY_FACTOR,
  estimatedMiles,
  greatCircleLine,
  greatCirclePoints,
  haversineMiles,
  pathMiles,
} from "./distance";

const chicago = { lat: 41.8781, lon: -87.6298 };
const indianapolis = { lat: 39.7684, lon: -86.1581 };
const columbus = { lat: 39.9612, lon: -82.9988 };

describe("distance", () => {
  it("measures the great circle in statute miles", () => {
    // By hand: Δφ = −2.1097°, Δλ = 1.4717°, cos φ1·cos φ2 = 0.7443·0.7695 = 0.5727;
    // h = sin²(−1.05485°) + 0.5727·sin²(0.73585°) = 3.3895e-4 + 0.5727·1.6494e-4 = 4.3341e-4;
    // d = 2·3958.76·asin(√h) = 2·3958.76·0.020820 = 164.8 mi.
    expect(haversineMiles(chicago, indianapolis)).toBeCloseTo(164.8, 1);
    expect(haversineMiles(indianapolis, columbus)).toBeCloseTo(168.1, 1);
    expect(haversineMiles(chicago, chicago)).toBe(0);
  });

  it("estimates road miles as great circle × the circuity factor, per leg", () => {
    expect(CIRCUITY_FACTOR).toBe(1.18);
    const { miles, legMiles } = estimatedMiles([chicago, indianapolis, columbus]);
    expect(legMiles[0]).toBeCloseTo(164.82 * 1.18, 1);
    expect(legMiles[1]).toBeCloseTo(168.07 * 1.18, 1);
    expect(miles).toBeCloseTo((164.82 + 168.07) * 1.18, 1);
    expect(estimatedMiles([chicago, indianapolis], 1.3).miles).toBeCloseTo(164.82 * 1.3, 1);
    expect(estimatedMiles([chicago]).miles).toBe(0);
  });

  it("walks the great circle in steps with both ends kept", () => {
    const points = greatCirclePoints(chicago, indianapolis, 5);
    expect(points).toHaveLength(33 + 1); // ceil(164.8 / 5) steps
    expect(points[0].lat).toBeCloseTo(chicago.lat, 6);
    expect(points.at(-1)?.lon).toBeCloseTo(indianapolis.lon, 6);
    // Densifying a great circle does not lengthen it.
    expect(pathMiles(points)).toBeCloseTo(haversineMiles(chicago, indianapolis), 3);
    const line = greatCircleLine([chicago, indianapolis, columbus]);
    expect(pathMiles(line)).toBeCloseTo(164.82 + 168.07, 1);
  });
});
