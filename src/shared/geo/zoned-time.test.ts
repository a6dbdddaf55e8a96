import { describe, expect, it } from "vitest";
import { isoToWallTime, isTimeZone, wallTimeToIso, zoneAbbreviation, zoneOffsetMinutes } from "./zoned-time";

const CHI = "America/Chicago";

describe("wall time in a stop's zone", () => {
  it("reads a typed time in the stop's zone, summer and winter", () => {
    expect(wallTimeToIso("2026-07-01T08:00", CHI)).toBe("2026-07-01T13:00:00.000Z");
    expect(wallTimeToIso("2026-01-15T08:00", CHI)).toBe("2026-01-15T14:00:00.000Z");
    expect(wallTimeToIso("2026-07-01T08:00", "America/New_York")).toBe("2026-07-01T12:00:00.000Z");
    expect(wallTimeToIso("2026-07-01T08:00", "America/Indiana/Indianapolis")).toBe(
      "2026-07-01T12:00:00.000Z",
    );
  });

  it("handles the spring-forward day (2026-03-08 in the US)", () => {
    // 01:30 is still CST, 03:30 already CDT.
    expect(wallTimeToIso("2026-03-08T01:30", CHI)).toBe("2026-03-08T07:30:00.000Z");
    expect(wallTimeToIso("2026-03-08T03:30", CHI)).toBe("2026-03-08T08:30:00.000Z");
    // 02:30 does not exist: read as the clock would show it, 03:30 CDT.
    expect(wallTimeToIso("2026-03-08T02:30", CHI)).toBe("2026-03-08T08:30:00.000Z");
    expect(isoToWallTime("2026-03-08T08:30:00.000Z", CHI)).toBe("2026-03-08T03:30");
  });

  it("handles the fall-back day (2026-11-01): a repeated hour takes its first, daylight reading", () => {
    expect(wallTimeToIso("2026-11-01T00:30", CHI)).toBe("2026-11-01T05:30:00.000Z");
    expect(wallTimeToIso("2026-11-01T01:30", CHI)).toBe("2026-11-01T06:30:00.000Z");
    expect(wallTimeToIso("2026-11-01T02:30", CHI)).toBe("2026-11-01T08:30:00.000Z");
    // Both 01:30s read back as 01:30.
    expect(isoToWallTime("2026-11-01T06:30:00.000Z", CHI)).toBe("2026-11-01T01:30");
    expect(isoToWallTime("2026-11-01T07:30:00.000Z", CHI)).toBe("2026-11-01T01:30");
  });

  it("round-trips every hour of the year's change weeks", () => {
    for (const start of ["2026-03-06T00:00:00Z", "2026-10-30T00:00:00Z"]) {
      for (let h = 0; h < 96; h++) {
        const iso = new Date(Date.parse(start) + h * 3_600_000).toISOString();
        const wall = isoToWallTime(iso, "America/Denver");
        const back = wallTimeToIso(wall, "America/Denver");
        // A repeated hour's second reading comes back as the first: an hour apart, never more.
        expect(Math.abs(Date.parse(back) - Date.parse(iso))).toBeLessThanOrEqual(3_600_000);
        expect(isoToWallTime(back, "America/Denver")).toBe(wall);
      }
    }
  });

  it("names the zone in the reader's language", () => {
    expect(zoneAbbreviation("2026-07-01T13:00:00Z", CHI, "en-US")).toBe("CDT");
    expect(zoneAbbreviation("2026-01-15T14:00:00Z", CHI, "en-US")).toBe("CST");
    expect(zoneAbbreviation("2026-07-01T13:00:00Z", CHI, "es-US")).toBe("CDT");
    expect(zoneAbbreviation("2026-07-01T13:00:00Z", CHI, "fr-CA")).toBe("HAC");
    expect(zoneAbbreviation("2026-07-01T13:00:00Z", "Not/AZone")).toBe("");
  });

  it("knows offsets and refuses what it cannot read", () => {
    expect(zoneOffsetMinutes(new Date("2026-07-01T12:00:00Z"), CHI)).toBe(-300);
    expect(isTimeZone("America/Toronto")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(wallTimeToIso("", CHI)).toBe("");
    expect(wallTimeToIso("tomorrow", CHI)).toBe("tomorrow");
    expect(isoToWallTime(null, CHI)).toBe("");
  });
});
