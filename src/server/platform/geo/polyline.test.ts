import { describe, expect, it } from "vitest";
import { decodePolyline, encodePolyline } from "./polyline";

describe("polyline", () => {
  it("decodes Google's reference line at precision 5", () => {
    // The example of Google's "Encoded Polyline Algorithm Format" page.
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@", 5)).toEqual([
      { lat: 38.5, lon: -120.2 },
      { lat: 40.7, lon: -120.95 },
      { lat: 43.252, lon: -126.453 },
    ]);
  });

  it("round-trips at precision 6 (OSRM, Valhalla, load_routes)", () => {
    const line = [
      { lat: 41.878114, lon: -87.629798 },
      { lat: 39.768403, lon: -86.158068 },
    ];
    expect(decodePolyline(encodePolyline(line))).toEqual(line);
    expect(encodePolyline(line, 5)).not.toBe(encodePolyline(line, 6));
  });
});
