import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { GeocoderKind, GeoPrecision } from "@shared/geo/geo.constants";

/** A place the scripted server answers with, written in each provider's own shape. */
export interface ScriptedPlace {
  lat: number;
  lon: number;
  precision: GeoPrecision;
  /** Postal code of the state or province. */
  state: string;
  country?: "US" | "CA" | "MX";
  label: string;
  postalCode?: string;
}

export interface GeocoderRequest {
  path: string;
  params: Record<string, string>;
  headers: IncomingMessage["headers"];
}

const STATE_NAMES: Record<string, string> = {
  IL: "Illinois",
  IN: "Indiana",
  OH: "Ohio",
  WI: "Wisconsin",
  TX: "Texas",
  ON: "Ontario",
  NL: "Nuevo León",
};

function nominatim(p: ScriptedPlace) {
  const country = p.country ?? "US";
  const addresstype = { rooftop: "building", street: "road", zip: "postcode", city: "city" }[p.precision];
  return [
    {
      place_id: 1,
      lat: String(p.lat),
      lon: String(p.lon),
      category: "place",
      type: addresstype,
      addresstype,
      display_name: p.label,
      address: {
        ...(p.precision === "rooftop" ? { house_number: "1" } : {}),
        ...(p.precision === "rooftop" || p.precision === "street" ? { road: "Main Street" } : {}),
        city: "Somewhere",
        state: STATE_NAMES[p.state] ?? p.state,
        "ISO3166-2-lvl4": `${country}-${p.state}`,
        postcode: p.postalCode,
        country_code: country.toLowerCase(),
      },
    },
  ];
}

function pelias(p: ScriptedPlace) {
  const layer = { rooftop: "address", street: "street", zip: "postalcode", city: "locality" }[p.precision];
  return {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        geometry: { type: "Point", coordinates: [p.lon, p.lat] },
        properties: {
          layer,
          match_type: p.precision === "rooftop" ? "exact" : "fallback",
          accuracy: p.precision === "rooftop" ? "point" : "centroid",
          confidence: 0.9,
          label: p.label,
          region_a: p.state,
          country_a: { US: "USA", CA: "CAN", MX: "MEX" }[p.country ?? "US"],
          postalcode: p.postalCode,
        },
      },
    ],
  };
}

function google(p: ScriptedPlace) {
  return {
    status: "OK",
    results: [
      {
        formatted_address: p.label,
        geometry: {
          location: { lat: p.lat, lng: p.lon },
          location_type: {
            rooftop: "ROOFTOP",
            street: "RANGE_INTERPOLATED",
            zip: "APPROXIMATE",
            city: "APPROXIMATE",
          }[p.precision],
        },
        types: [
          { rooftop: "street_address", street: "route", zip: "postal_code", city: "locality" }[p.precision],
        ],
        address_components: [
          {
            long_name: STATE_NAMES[p.state] ?? p.state,
            short_name: p.state,
            types: ["administrative_area_level_1"],
          },
          { long_name: p.country ?? "US", short_name: p.country ?? "US", types: ["country", "political"] },
          ...(p.postalCode
            ? [{ long_name: p.postalCode, short_name: p.postalCode, types: ["postal_code"] }]
            : []),
        ],
        partial_match: false,
      },
    ],
  };
}

function mapbox(p: ScriptedPlace) {
  return {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        geometry: { type: "Point", coordinates: [p.lon, p.lat] },
        properties: {
          feature_type: { rooftop: "address", street: "street", zip: "postcode", city: "place" }[p.precision],
          full_address: p.label,
          coordinates: {
            longitude: p.lon,
            latitude: p.lat,
            accuracy: p.precision === "rooftop" ? "rooftop" : "interpolated",
          },
          context: {
            region: { name: STATE_NAMES[p.state] ?? p.state, region_code: p.state },
            ...(p.postalCode ? { postcode: { name: p.postalCode } } : {}),
            country: { country_code: (p.country ?? "US").toLowerCase() },
          },
          match_code: { confidence: "exact" },
        },
      },
    ],
  };
}

function maptiler(p: ScriptedPlace) {
  return {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        center: [p.lon, p.lat],
        geometry: { type: "Point", coordinates: [p.lon, p.lat] },
        place_type: [
          { rooftop: "address", street: "road", zip: "postal_code", city: "municipality" }[p.precision],
        ],
        place_name: p.label,
        relevance: 1,
        properties: { country_code: (p.country ?? "US").toLowerCase() },
        context: [
          ...(p.postalCode ? [{ id: "postal_code.1", text: p.postalCode }] : []),
          { id: "region.1", text: STATE_NAMES[p.state] ?? p.state },
          { id: "country.1", text: p.country ?? "US" },
        ],
      },
    ],
  };
}

const EMPTY: Record<GeocoderKind, unknown> = {
  nominatim: [],
  pelias: { type: "FeatureCollection", features: [] },
  google: { status: "ZERO_RESULTS", results: [] },
  mapbox: { type: "FeatureCollection", features: [] },
  maptiler: { type: "FeatureCollection", features: [] },
};
const RENDER: Record<GeocoderKind, (p: ScriptedPlace) => unknown> = {
  nominatim,
  pelias,
  google,
  mapbox,
  maptiler,
};
const PATHS: Record<GeocoderKind, RegExp> = {
  nominatim: /^\/search$/,
  pelias: /^\/v1\/search\/structured$/,
  google: /^\/maps\/api\/geocode\/json$/,
  mapbox: /^\/search\/geocode\/v6\/forward$/,
  maptiler: /^\/geocoding\/[^/]+\.json$/,
};
/** Where each provider expects its key. */
const KEY_OF: Record<GeocoderKind, (params: URLSearchParams, req: IncomingMessage) => string | null> = {
  nominatim: (_p, req) => (req.headers.authorization ?? "").replace(/^Bearer /, "") || null,
  pelias: (p) => p.get("api_key"),
  google: (p) => p.get("key"),
  mapbox: (p) => p.get("access_token"),
  maptiler: (p) => p.get("key"),
};

/**
 * A geocoding provider on loopback speaking one protocol (Nominatim, Pelias, Google, Mapbox v6,
 * MapTiler): records every request, answers the scripted place (or nothing), refuses a missing or wrong
 * key as the provider does, and can be told to fail (any HTTP status) or to answer slowly. Nominatim
 * refuses a request without an identifying User-Agent, as the public host's policy does.
 */
export async function startGeocoder(kind: GeocoderKind, options: { key?: string } = {}) {
  const requests: GeocoderRequest[] = [];
  const script: { place: ScriptedPlace | null; status: number; delayMs: number } = {
    place: null,
    status: 200,
    delayMs: 0,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), headers: req.headers });
    const send = (status: number, body: unknown) => {
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      };
      if (script.delayMs) setTimeout(reply, script.delayMs);
      else reply();
    };
    if (!PATHS[kind].test(url.pathname)) return send(404, { error: "Not found" });
    if (kind === "nominatim" && !/LoadManagementSystem/.test(req.headers["user-agent"] ?? ""))
      return send(403, { error: "Access blocked: identify your application" });
    if (options.key && KEY_OF[kind](url.searchParams, req) !== options.key) {
      if (kind === "google")
        return send(200, {
          status: "REQUEST_DENIED",
          error_message: "The provided API key is invalid.",
          results: [],
        });
      return send(401, { message: "Invalid key" });
    }
    if (script.status !== 200) return send(script.status, { error: "Scripted failure" });
    send(200, script.place ? RENDER[kind](script.place) : EMPTY[kind]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The next answers: this place (null: nothing found). */
    answer(place: ScriptedPlace | null) {
      script.place = place;
      script.status = 200;
    },
    fail(status: number) {
      script.status = status;
    },
    slow(delayMs: number) {
      script.delayMs = delayMs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type GeocoderServer = Awaited<ReturnType<typeof startGeocoder>>;
