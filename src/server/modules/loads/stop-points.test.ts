import { describe, expect, it } from "vitest";
import { pointOfStop, pointsOfStops } from "./stop-points";

const stop = (postalCode: string, city = "", state = "") => ({
  latitude: null,
  longitude: null,
  postalCode,
  city,
  state,
});

describe("a stop's point for miles", () => {
  it("uses the stop's own coordinates first", async () => {
    expect(
      await pointOfStop({ ...stop("60601", "Chicago", "IL"), latitude: 41.8, longitude: -87.7 }),
    ).toEqual({
      lat: 41.8,
      lon: -87.7,
    });
  });

  it("places a US ZIP (ZIP+4 too) and a Canadian postal code by its FSA", async () => {
    expect(await pointOfStop(stop("60601-1234", "Chicago", "IL"))).toEqual({ lat: 41.8858, lon: -87.6181 });
    expect(await pointOfStop(stop("M5V 3L9", "Toronto", "ON"))).toEqual({ lat: 43.6525, lon: -79.3686 });
  });

  it("trusts the city over a ZIP of another state, and says which stops cannot be placed", async () => {
    const amarillo = await pointOfStop(stop("60601", "Amarillo", "TX"));
    expect(amarillo?.lat).toBeCloseTo(35.2, 1);
    const { points, unplaced } = await pointsOfStops([stop("60601"), stop("", "Xyzzyville", "IL")]);
    expect(points).toBeNull();
    expect(unplaced).toEqual([2]);
  });
});
