import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeFuelStop } from "../../platform/geo/place-rows";
import { loadInput } from "../../testing/fixtures";
import { type GeocoderServer, startGeocoder } from "../../testing/geocoder-server";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { refinePendingPlaces } from "./geocode-refine";

let ctx: TestContext;
let admin: string;
let manager: string;
let dispatcher: string;
let accountant: string;
let driver: string;
let customer: string;
let provider: GeocoderServer;
const KEY = "nominatim-secret-9c1e";

const DEFAULTS = {
  router: { kind: null, url: "", key: "" },
  telematics: { kind: null, url: "", key: "" },
  circuityFactor: 1.18,
  tileStyleUrl: "",
  geofenceRadiusMiles: 0.5,
  positionRetentionDays: 180,
  sharingIntervalSeconds: 45,
};
const noGeocoder = { ...DEFAULTS, geocoder: { kind: null, url: "", key: "" } };

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, dispatcher, accountant, driver, customer] = await Promise.all([
    signIn(ctx, "admin@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "accountant@demo.test"),
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "customer@demo.test"),
  ]);
  provider = await startGeocoder("nominatim", { key: KEY });
  // The rows the location migration left pending: the gazetteer places them all (no provider yet).
  await refinePendingPlaces(ctx.deps);
});
afterAll(async () => {
  await provider.close();
  await ctx.close();
});

const place = (cookie: string, q: Record<string, string>) =>
  call(ctx, `/api/geo/place?${new URLSearchParams(q)}`, { cookie });

async function stopsOf(loadId: string) {
  const { rows } = await ctx.deps.db.execute<{
    city: string;
    latitude: number | null;
    longitude: number | null;
    geo_precision: string | null;
    geo_source: string | null;
    geo_status: string;
    time_zone: string | null;
  }>(sql`select city, latitude, longitude, geo_precision, geo_source, geo_status, time_zone
           from load_stops where load_id = ${loadId} order by sequence`);
  return rows;
}

describe("GET /api/geo/place", () => {
  it("places a typed ZIP with its time zone, for whoever types addresses", async () => {
    for (const cookie of [dispatcher, manager, admin, driver]) {
      const res = await place(cookie, {
        address: "4200 W 41st St",
        city: "Chicago",
        state: "IL",
        postalCode: "60632",
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        status: "placed",
        precision: "zip",
        source: "gazetteer",
        timeZone: "America/Chicago",
        label: "Chicago, IL 60632",
      });
    }
    const city = (await place(dispatcher, { city: "Indianapolis", state: "IN" })).json;
    expect(city).toMatchObject({
      status: "placed",
      precision: "city",
      timeZone: "America/Indiana/Indianapolis",
    });
  });

  it("places a fuel stop's text as the saved entry is placed: a ZIP in it, else a city part of the state", async () => {
    // The driver logging fuel sees it as they type; the entry saved with it gets the same point.
    const typed = { location: "Pilot #612, Joliet", state: "IL" };
    const res = await place(driver, typed);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: "placed",
      precision: "city",
      source: "gazetteer",
      label: "Joliet, IL",
      timeZone: "America/Chicago",
    });
    const saved = placeFuelStop(typed.location, typed.state);
    expect([saved.latitude, saved.longitude]).toEqual([res.json.lat, res.json.lon]);
    expect((await place(driver, { location: "TA Travel Center 46350", state: "IN" })).json).toMatchObject({
      status: "placed",
      precision: "zip",
    });
    // Joliet is not a city of Ohio: said, never guessed.
    expect((await place(driver, { location: "Pilot #612, Joliet", state: "OH" })).json).toEqual({
      status: "unplaced",
      message: "We could not place this address — check the ZIP or city.",
    });
    expect((await place(driver, { location: "Pilot #612, Joliet" })).status).toBe(400);
  });

  it("says an address cannot be placed, and refuses an empty query with the form's words", async () => {
    const res = await place(dispatcher, { city: "Xyzzyville", state: "ZZ", postalCode: "" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: "unplaced",
      message: "We could not place this address — check the ZIP or city.",
    });
    const empty = await place(dispatcher, { address: "1 Main St" });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain("Enter a ZIP or postal code, or a city and state.");
  });

  it("is closed to roles that type no addresses", async () => {
    for (const cookie of [accountant, customer]) {
      expect((await place(cookie, { postalCode: "60632" })).status).toBe(403);
    }
    expect((await call(ctx, "/api/geo/place?postalCode=60632")).status).toBe(401);
  });
});

describe("Settings → Maps & tracking", () => {
  it("is for admins and managers; the manager sets the rules but may not choose a provider", async () => {
    expect((await call(ctx, "/api/settings/geo", { cookie: dispatcher })).status).toBe(403);
    const view = await call(ctx, "/api/settings/geo", { cookie: manager });
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({
      geocoder: { kind: null, url: "", keySet: false },
      circuityFactor: 1.18,
      geofenceRadiusMiles: 0.5,
      canChangeEndpoints: false,
    });
    const rules = await call(ctx, "/api/settings/geo", {
      method: "PUT",
      cookie: manager,
      body: { ...noGeocoder, geofenceRadiusMiles: 0.75, positionRetentionDays: 90 },
    });
    expect(rules.status).toBe(200);
    expect(rules.json).toMatchObject({ geofenceRadiusMiles: 0.75, positionRetentionDays: 90 });
    const moved = await call(ctx, "/api/settings/geo", {
      method: "PUT",
      cookie: manager,
      body: { ...noGeocoder, geocoder: { kind: "nominatim", url: provider.url, key: KEY } },
    });
    expect(moved.status).toBe(403);
    expect(moved.json.error.code).toBe("GEO_ENDPOINT_FORBIDDEN");
  });

  it("refuses bad numbers with the settings' own words", async () => {
    const res = await call(ctx, "/api/settings/geo", {
      method: "PUT",
      cookie: admin,
      body: { ...noGeocoder, circuityFactor: 3, sharingIntervalSeconds: 5 },
    });
    expect(res.status).toBe(400);
    const words = JSON.stringify(res.json);
    expect(words).toContain("The circuity factor is between 1.00 and 2.00.");
    expect(words).toContain("Phones send their position every 15 to 120 seconds.");
  });

  it("the admin chooses a geocoder; its key is sealed, never answered or audited, and asked again when the address moves", async () => {
    const saved = await call(ctx, "/api/settings/geo", {
      method: "PUT",
      cookie: admin,
      body: { ...noGeocoder, geocoder: { kind: "nominatim", url: provider.url, key: KEY } },
    });
    expect(saved.status).toBe(200);
    const body = JSON.stringify(saved.json);
    expect(body).not.toContain(KEY);
    expect(JSON.parse(body)).toMatchObject({
      geocoder: { kind: "nominatim", url: provider.url, keySet: true },
      canChangeEndpoints: true,
    });
    const { rows } = await ctx.deps.db.execute<{ sealed: string }>(
      sql`select geocoder_key_sealed as sealed from geo_settings`,
    );
    expect(rows[0].sealed).toMatch(/^v1\./);
    expect(rows[0].sealed).not.toContain(KEY);

    const audit = await ctx.deps.db.execute<{ target_label: string; details: Record<string, string> }>(
      sql`select target_label, details from audit_log where action = 'geo.settings_updated' order by created_at desc limit 1`,
    );
    expect(JSON.stringify(audit.rows[0])).not.toContain(KEY);
    expect(audit.rows[0].target_label).toBe("geocoder nominatim (new key), router —, telematics —");
    expect(audit.rows[0].details).toEqual({ from: "geocoder —", to: `geocoder nominatim ${provider.url}` });

    // The same endpoint with no key typed keeps the key; another address needs it typed again.
    const kept = await call(ctx, "/api/settings/geo", {
      method: "PUT",
      cookie: admin,
      body: { ...noGeocoder, geocoder: { kind: "nominatim", url: provider.url, key: "" } },
    });
    expect(kept.json.geocoder.keySet).toBe(true);
    const elsewhere = await call(ctx, "/api/settings/geo", {
      method: "PUT",
      cookie: admin,
      body: { ...noGeocoder, geocoder: { kind: "nominatim", url: "https://geo.example.com", key: "" } },
    });
    expect(elsewhere.status).toBe(400);
    const err = elsewhere.json.error;
    expect(err.code).toBe("GEO_KEY_REQUIRED");
    expect(err.details.fields["geocoder.key"]).toBe(
      "Enter the API key again to change the provider or its server address.",
    );
  });

  it("Test asks the configured geocoder once and says what it answered", async () => {
    provider.answer({
      lat: 41.7868,
      lon: -87.7522,
      precision: "rooftop",
      state: "IL",
      label: "5700 S Cicero Ave, Chicago",
    });
    const before = provider.requests.length;
    const res = await call(ctx, "/api/settings/geo/test", { method: "POST", cookie: manager });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      provider: "nominatim",
      outcome: "hit",
      place: { source: "nominatim", precision: "rooftop", timeZone: "America/Chicago" },
    });
    expect(provider.requests.length).toBe(before + 1);
    // The key went as the server expects it, with the identifying User-Agent.
    expect(provider.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(provider.requests.at(-1)?.headers["user-agent"]).toMatch(/^LoadManagementSystem\//);

    provider.fail(500);
    const down = (await call(ctx, "/api/settings/geo/test", { method: "POST", cookie: admin })).json;
    expect(down).toMatchObject({ outcome: "unavailable", place: { source: "gazetteer", precision: "zip" } });
    provider.answer(null);
  });
});

describe("coordinates on save", () => {
  it("places each stop with the gazetteer when no provider is configured, and flags one it cannot place", async () => {
    await call(ctx, "/api/settings/geo", { method: "PUT", cookie: admin, body: noGeocoder });
    const input = loadInput();
    input.stops.push({
      ...input.stops[1],
      locationName: "Nowhere Yard",
      city: "Xyzzyville",
      postalCode: "",
      scheduledAt: "2026-03-05T18:00:00Z",
    });
    const res = await call(ctx, "/api/loads", { method: "POST", cookie: dispatcher, body: input });
    expect(res.status).toBe(201);
    const load = res.json;
    const stops = await stopsOf(load.id);
    expect(stops[0]).toMatchObject({
      geo_status: "placed",
      geo_source: "gazetteer",
      geo_precision: "zip",
      time_zone: "America/Chicago",
    });
    expect(stops[1]).toMatchObject({ geo_status: "placed", time_zone: "America/Chicago", city: "Dallas" });
    expect(stops[2]).toMatchObject({ geo_status: "unplaced", latitude: null, time_zone: null });
    // The load's answer carries each stop's place and zone for the screens.
    expect(load.stops[0]).toMatchObject({
      geoStatus: "placed",
      timeZone: "America/Chicago",
      geoPrecision: "zip",
    });
    expect(load.stops[2]).toMatchObject({ geoStatus: "unplaced", timeZone: null });
  });

  it("a stop picked from a saved location copies the location's point", async () => {
    const created = await call(ctx, "/api/locations", {
      method: "POST",
      cookie: dispatcher,
      body: {
        name: "Indy Crossroads DC",
        address: "2500 S Holt Rd",
        city: "Indianapolis",
        state: "IN",
        postalCode: "46241",
      },
    });
    expect(created.status).toBe(201);
    const location = created.json;
    expect(location).toMatchObject({
      geoStatus: "placed",
      timeZone: "America/Indiana/Indianapolis",
      geoPrecision: "zip",
    });
    // Placed exactly by hand (as a provider would): the stop must copy this point, not look it up again.
    await ctx.deps.db.execute(
      sql`update locations set latitude = 39.7946, longitude = -86.2667, geo_precision = 'street', geo_source = 'manual'
           where id = ${location.id}`,
    );
    const input = loadInput();
    input.stops[1] = {
      ...input.stops[1],
      locationId: location.id,
      locationName: "Indy Crossroads DC",
      address: "2500 S Holt Rd",
      city: "Indianapolis",
      state: "IN",
      postalCode: "46241",
    };
    const load = (await call(ctx, "/api/loads", { method: "POST", cookie: dispatcher, body: input })).json;
    const [, stop] = await stopsOf(load.id);
    expect(stop).toMatchObject({
      latitude: 39.7946,
      longitude: -86.2667,
      geo_precision: "street",
      geo_source: "manual",
    });
  });

  it("places a customer's one-line address", async () => {
    const res = await call(ctx, "/api/customers", {
      method: "POST",
      cookie: dispatcher,
      body: {
        name: "Geo Test",
        companyName: "Geo Test Foods",
        address: "4800 Race St, Denver, CO 80216",
        contacts: [],
      },
    });
    expect(res.status).toBe(201);
    const { id } = res.json;
    const { rows } = await ctx.deps.db.execute<{
      geo_status: string;
      time_zone: string;
      geo_precision: string;
    }>(sql`select geo_status, time_zone, geo_precision from customers where id = ${id}`);
    expect(rows[0]).toEqual({ geo_status: "placed", time_zone: "America/Denver", geo_precision: "zip" });
  });

  it("the job backfills rows left pending (as the migration leaves them) with the gazetteer when no provider is set", async () => {
    const { rows } = await ctx.deps.db.execute<{ id: string }>(
      sql`update locations set geo_status = 'pending', latitude = null, longitude = null, time_zone = null,
                 geo_source = null, geo_precision = null
           where name = 'Indy Crossroads DC' returning id`,
    );
    expect(rows).toHaveLength(1);
    const placed = await refinePendingPlaces(ctx.deps);
    expect(placed).toBeGreaterThanOrEqual(1);
    const { rows: after } = await ctx.deps.db.execute<Record<string, unknown>>(
      sql`select geo_status, geo_source, geo_precision, time_zone from locations where id = ${rows[0].id}`,
    );
    expect(after[0]).toEqual({
      geo_status: "placed",
      geo_source: "gazetteer",
      geo_precision: "zip",
      time_zone: "America/Indiana/Indianapolis",
    });
  });

  it("with a provider configured, saves the gazetteer's point as pending and the job upgrades it", async () => {
    const saved = await call(ctx, "/api/settings/geo", {
      method: "PUT",
      cookie: admin,
      body: { ...noGeocoder, geocoder: { kind: "nominatim", url: provider.url, key: KEY } },
    });
    expect(saved.status).toBe(200);
    const load = (await call(ctx, "/api/loads", { method: "POST", cookie: dispatcher, body: loadInput() }))
      .json;
    let stops = await stopsOf(load.id);
    expect(stops[0]).toMatchObject({
      geo_status: "pending",
      geo_source: "gazetteer",
      time_zone: "America/Chicago",
    });

    // The provider is down: the rows stay pending with the gazetteer's point, for the next run.
    provider.fail(503);
    await refinePendingPlaces(ctx.deps);
    expect((await stopsOf(load.id))[0]).toMatchObject({ geo_status: "pending", geo_source: "gazetteer" });

    provider.answer({
      lat: 41.8858,
      lon: -87.6181,
      precision: "rooftop",
      state: "IL",
      label: "100 Dock St, Chicago",
    });
    const asked = provider.requests.length;
    await refinePendingPlaces(ctx.deps);
    stops = await stopsOf(load.id);
    expect(stops[0]).toMatchObject({
      geo_status: "placed",
      geo_source: "nominatim",
      geo_precision: "rooftop",
      latitude: 41.8858,
      longitude: -87.6181,
      time_zone: "America/Chicago",
    });
    // The Dallas stop: the provider's Illinois answer is elsewhere, so the gazetteer's Dallas ZIP stays.
    expect(stops[1]).toMatchObject({
      geo_status: "placed",
      geo_source: "gazetteer",
      time_zone: "America/Chicago",
    });
    expect(provider.requests.length).toBeGreaterThan(asked);
    expect(provider.requests.at(-1)?.params).toMatchObject({ countrycodes: "us,ca", format: "jsonv2" });
  });
});
