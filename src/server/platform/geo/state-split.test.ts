import { greatCircleLine } from "@shared/geo/distance";
import { describe, expect, it } from "vitest";
import { jurisdictionAt, outlines } from "./jurisdictions";
import { apportion, splitByJurisdiction } from "./state-split";

const chicago = { lat: 41.8781, lon: -87.6298 };
const indianapolis = { lat: 39.7684, lon: -86.1581 };
const columbus = { lat: 39.9612, lon: -82.9988 };

describe("jurisdictions", () => {
  it("places points in US states and Canadian provinces by our postal codes", () => {
    expect(jurisdictionAt(chicago.lat, chicago.lon)).toBe("IL");
    expect(jurisdictionAt(indianapolis.lat, indianapolis.lon)).toBe("IN");
    expect(jurisdictionAt(columbus.lat, columbus.lon)).toBe("OH");
    expect(jurisdictionAt(38.9072, -77.0369)).toBe("DC");
    expect(jurisdictionAt(43.6532, -79.3832)).toBe("ON");
    expect(jurisdictionAt(47.5615, -52.7126)).toBe("NL"); // St. John's: Natural Earth says "NF"
    expect(jurisdictionAt(61.2181, -149.9003)).toBe("AK");
    expect(jurisdictionAt(19.4326, -99.1332)).toBeNull(); // Mexico City
    expect(jurisdictionAt(30, -40)).toBeNull(); // the Atlantic
  });

  it("ships display outlines for all 64 jurisdictions", () => {
    const codes = outlines().features.map((f) => f.id);
    expect(codes).toHaveLength(64);
    expect(codes).toEqual(expect.arrayContaining(["IL", "DC", "NL", "NU", "YT"]));
  });
});

describe("splitByJurisdiction", () => {
  it("splits Chicago → Indianapolis → Columbus into IL, IN and OH as computed by hand", () => {
    // Hand computation (great circle; over these short legs longitude varies ~linearly along it):
    //   Chicago → Indianapolis = 164.8 gc mi, longitude −87.6298 → −86.1581 (Δ 1.4717°).
    //   The IL/IN line runs down the meridian −87.525: f = (87.6298 − 87.525) / 1.4717 = 0.0712
    //   → IL = 0.0712 × 164.8 = 11.7 mi, then IN = 164.8 − 11.7 = 153.1 mi.
    //   Indianapolis → Columbus = 168.1 gc mi, longitude −86.1581 → −82.9988 (Δ 3.1593°).
    //   The IN/OH line is the meridian −84.820: f = (86.1581 − 84.820) / 3.1593 = 0.4236
    //   → IN += 0.4236 × 168.1 = 71.2 (IN = 224.3 mi), OH = 168.1 − 71.2 = 96.9 mi.
    //   × 1.18 (circuity): IL 13.8, IN 264.7, OH 114.3 estimated miles (total 392.8).
    // The polygons are Natural Earth's, simplified: the lines may sit a few hundred metres off, hence ±2 mi.
    const line = greatCircleLine([chicago, indianapolis, columbus]);
    const split = splitByJurisdiction(line);
    expect(Object.keys(split).sort()).toEqual(["IL", "IN", "OH"]);
    expect(Math.abs(split.IL - 11.7)).toBeLessThan(1);
    expect(Math.abs(split.IN - 224.3)).toBeLessThan(1.5);
    expect(Math.abs(split.OH - 96.9)).toBeLessThan(1.5);

    const estimated = apportion(split, (164.82 + 168.07) * 1.18);
    expect(Math.abs(estimated.IL - 13.8)).toBeLessThan(2);
    expect(Math.abs(estimated.IN - 264.7)).toBeLessThan(2);
    expect(Math.abs(estimated.OH - 114.3)).toBeLessThan(2);
    // Rounded to tenths that add up to the load's rounded miles exactly.
    expect(Math.round((estimated.IL + estimated.IN + estimated.OH) * 10)).toBe(3928);
  });

  it("gives water between two states to the state before it", () => {
    // Chicago → Muskegon, MI straight across Lake Michigan: the lake counts as IL until MI's shore.
    const split = splitByJurisdiction(greatCircleLine([chicago, { lat: 43.2342, lon: -86.2484 }]));
    expect(Object.keys(split).sort()).toEqual(["IL", "MI"]);
  });

  it("crosses the Canadian border (Detroit → Toronto)", () => {
    const split = splitByJurisdiction(
      greatCircleLine([
        { lat: 42.3314, lon: -83.0458 },
        { lat: 43.6532, lon: -79.3832 },
      ]),
    );
    expect(Object.keys(split).sort()).toEqual(["MI", "ON"]);
    expect(split.ON).toBeGreaterThan(split.MI);
  });

  it("apportions by largest remainder", () => {
    expect(apportion({ A: 1, B: 1, C: 1 }, 10)).toEqual({ A: 3.4, B: 3.3, C: 3.3 });
    expect(apportion({}, 10)).toEqual({});
  });
});
