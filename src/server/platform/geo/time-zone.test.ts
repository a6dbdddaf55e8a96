import { describe, expect, it } from "vitest";
import { timeZoneAt } from "./time-zone";

describe("timeZoneAt", () => {
  it("names each stop's IANA zone, exact at Indiana's and Ohio's lines", () => {
    expect(timeZoneAt(41.8781, -87.6298)).toBe("America/Chicago");
    expect(timeZoneAt(39.7684, -86.1581)).toBe("America/Indiana/Indianapolis");
    expect(timeZoneAt(39.9612, -82.9988)).toBe("America/New_York");
    expect(timeZoneAt(43.6532, -79.3832)).toBe("America/Toronto");
    // Gary, Indiana keeps Chicago's time.
    expect(timeZoneAt(41.5934, -87.3464)).toBe("America/Chicago");
  });

  it("answers null for a bad point", () => {
    expect(timeZoneAt(Number.NaN, 0)).toBeNull();
    expect(timeZoneAt(95, 10)).toBeNull();
  });
});
