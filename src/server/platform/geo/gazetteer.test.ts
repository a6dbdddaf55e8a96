import { describe, expect, it } from "vitest";
import { gazetteerLookup, lookupCity, lookupPostal, nearestCity, postalKey, stateCode } from "./gazetteer";

describe("gazetteer", () => {
  it("places a US ZIP at its centre, with the city and state", () => {
    const hit = lookupPostal("60632");
    expect(hit).toMatchObject({ precision: "zip", state: "IL", country: "US", postalCode: "60632" });
    expect(hit?.label).toBe("Chicago, IL 60632");
    expect(hit?.lat).toBeCloseTo(41.81, 1);
    expect(hit?.lon).toBeCloseTo(-87.7, 1);
  });

  it("places a Canadian postal code by its first three characters", () => {
    const hit = gazetteerLookup({ city: "", state: "ON", postalCode: "M5V 3L9" });
    expect(hit).toMatchObject({ precision: "zip", state: "ON", country: "CA", postalCode: "M5V" });
    expect(hit?.label).toBe("Toronto, ON M5V");
    expect(hit?.lat).toBeCloseTo(43.65, 1);
  });

  it("places a city by its name and state when there is no postal code", () => {
    const hit = gazetteerLookup({ city: "Joliet", state: "IL", postalCode: "" });
    expect(hit).toMatchObject({ precision: "city", state: "IL", label: "Joliet, IL" });
    expect(hit?.lat).toBeCloseTo(41.53, 1);
    // The state's name works as well as its code; accents and "St." are forgiven.
    expect(lookupCity("joliet", "Illinois")?.label).toBe("Joliet, IL");
    expect(lookupCity("St Louis", "MO")?.label).toBe("St. Louis, MO");
    expect(lookupCity("Montreal", "QC")?.state).toBe("QC");
  });

  it("prefers the ZIP and ignores a ZIP in another state than typed", () => {
    expect(gazetteerLookup({ city: "Joliet", state: "IL", postalCode: "60632" })?.precision).toBe("zip");
    // 60632 is in Illinois: typed with Texas it is not used; the city is.
    expect(lookupPostal("60632", "TX")).toBeNull();
    expect(gazetteerLookup({ city: "Dallas", state: "TX", postalCode: "60632" })?.label).toBe("Dallas, TX");
  });

  it("answers nothing for nonsense", () => {
    expect(gazetteerLookup({ city: "Xyzzyville", state: "IL", postalCode: "" })).toBeNull();
    expect(gazetteerLookup({ city: "Chicago", state: "ZZ", postalCode: "ABCDE" })).toBeNull();
    expect(lookupPostal("00000")).toBeNull();
    expect(postalKey("12")).toBeNull();
    expect(stateCode("Narnia")).toBeNull();
  });

  it("names the nearest city to a point (the shipper's coarse position)", () => {
    expect(nearestCity(41.527, -88.08)?.label).toBe("Joliet, IL");
    expect(nearestCity(43.65, -79.38)?.label).toBe("Toronto, ON");
    // Mid-Atlantic: nothing within reach.
    expect(nearestCity(35, -40)).toBeNull();
  });
});
