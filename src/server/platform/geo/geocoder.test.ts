import { GEOCODER_KINDS, type GeocoderKind } from "@shared/geo/geo.constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GeocoderServer, startGeocoder } from "../../testing/geocoder-server";
import { GeocodeError, geocoderFor, locate, minIntervalMs } from "./geocoder";

const KEY = "test-key-5f2c";
const MIDWAY = {
  address: "4200 W 41st St",
  city: "Chicago",
  state: "IL",
  postalCode: "60632",
};
const AT_MIDWAY = { lat: 41.8127, lon: -87.7305, state: "IL", label: "4200 W 41st St, Chicago, IL 60632" };

// Each provider's own protocol on a loopback server: what we send, and how we read what it answers.
describe.each(GEOCODER_KINDS)("the %s adapter", (kind: GeocoderKind) => {
  let server: GeocoderServer;
  // A loopback answer is quick, but a busy 2-core CI machine may take a second or two: the short
  // timeout is only for the slow-provider case.
  const geocoder = (timeoutMs = 5_000) =>
    geocoderFor(kind, {
      url: server.url,
      key: KEY,
      timeoutMs,
      userAgent: "LoadManagementSystem/0.1 (dispatch@example.com)",
    });
  beforeAll(async () => {
    server = await startGeocoder(kind, { key: KEY });
  });
  afterAll(() => server.close());

  it("sends the address and the key as the provider expects, and reads a rooftop hit", async () => {
    server.answer({ ...AT_MIDWAY, precision: "rooftop", postalCode: "60632" });
    const { place, providerOutcome } = await locate(MIDWAY, geocoder());
    expect(providerOutcome).toBe("hit");
    expect(place).toMatchObject({
      source: kind,
      precision: "rooftop",
      state: "IL",
      timeZone: "America/Chicago",
    });
    expect(place?.lat).toBeCloseTo(41.8127, 4);
    expect(place?.lon).toBeCloseTo(-87.7305, 4);
    const sent = server.requests.at(-1);
    // Structured providers get the fields, the others one line (MapTiler's in the path); the ZIP always goes.
    const words = JSON.stringify(sent?.params) + decodeURIComponent(sent?.path ?? "");
    expect(words).toContain("60632");
    expect(words).toContain("Chicago");
    if (kind === "nominatim") {
      expect(sent?.headers["user-agent"]).toBe("LoadManagementSystem/0.1 (dispatch@example.com)");
      expect(sent?.params).toMatchObject({ street: "4200 W 41st St", postalcode: "60632", format: "jsonv2" });
    }
  });

  it("maps the provider's precision words", async () => {
    for (const precision of ["street", "zip", "city"] as const) {
      server.answer({ ...AT_MIDWAY, precision });
      expect((await geocoder().geocode(MIDWAY))?.precision).toBe(precision);
    }
  });

  it("discards a hit in another state than typed and falls back to the gazetteer's ZIP", async () => {
    server.answer({
      lat: 29.76,
      lon: -95.36,
      precision: "rooftop",
      state: "TX",
      label: "4200 W 41st St, Houston",
    });
    const { place, providerOutcome } = await locate(MIDWAY, geocoder());
    expect(providerOutcome).toBe("elsewhere");
    expect(place).toMatchObject({ source: "gazetteer", precision: "zip", label: "Chicago, IL 60632" });
  });

  it("discards a hit outside the US and Canada", async () => {
    server.answer({
      lat: 25.67,
      lon: -100.31,
      precision: "rooftop",
      state: "NL",
      country: "MX",
      label: "Monterrey",
    });
    expect(await geocoder().geocode(MIDWAY)).toBeNull();
  });

  it("falls back to the gazetteer when the provider fails, is slow, finds nothing or refuses the key", async () => {
    server.fail(500);
    await expect(geocoder().geocode(MIDWAY)).rejects.toMatchObject({ kind: "unavailable" });
    let result = await locate(MIDWAY, geocoder());
    expect(result).toMatchObject({
      providerOutcome: "unavailable",
      place: { source: "gazetteer", precision: "zip" },
    });

    server.answer({ ...AT_MIDWAY, precision: "rooftop" });
    server.slow(1500);
    result = await locate(MIDWAY, geocoder(300));
    server.slow(0);
    expect(result).toMatchObject({ providerOutcome: "unavailable", place: { source: "gazetteer" } });

    server.answer(null);
    result = await locate({ ...MIDWAY, postalCode: "" }, geocoder());
    expect(result).toMatchObject({
      providerOutcome: "none",
      place: { source: "gazetteer", precision: "city" },
    });

    const wrongKey = geocoderFor(kind, {
      url: server.url,
      key: "wrong",
      userAgent: "LoadManagementSystem/0.1",
    });
    const err = await wrongKey.geocode(MIDWAY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GeocodeError);
    expect((err as GeocodeError).kind).toBe("refused");
    // The error names what happened, never the key or the address.
    expect(String((err as Error).message)).not.toMatch(/wrong|41st|Chicago/);
  });
});

describe("the chain without a provider", () => {
  it("answers the ZIP, then the city, then nothing", async () => {
    expect((await locate(MIDWAY)).place).toMatchObject({ precision: "zip", source: "gazetteer" });
    expect((await locate({ ...MIDWAY, postalCode: "" })).place).toMatchObject({
      precision: "city",
      label: "Chicago, IL",
    });
    expect(
      (await locate({ address: "x", city: "Nowhereville", state: "IL", postalCode: "" })).place,
    ).toBeNull();
  });

  it("keeps to the public Nominatim's one request a second", () => {
    expect(minIntervalMs("nominatim", "")).toBe(1000);
    expect(minIntervalMs("nominatim", "https://nominatim.openstreetmap.org")).toBe(1000);
    expect(minIntervalMs("nominatim", "http://nominatim.internal:8080")).toBe(0);
    expect(minIntervalMs("google", "")).toBe(0);
  });
});
