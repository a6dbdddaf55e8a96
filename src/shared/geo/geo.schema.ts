import { z } from "zod";
import {
  GEO_PRECISIONS,
  GEO_SOURCES,
  GEO_STATUSES,
  GEOCODER_KINDS,
  ROUTER_KINDS,
  TELEMATICS_KINDS,
} from "./geo.constants";

/** The screens' and the API's words (issue 40, decision 050). */
export const GEO_MESSAGES = {
  unplaced: "We could not place this address — check the ZIP or city.",
  url: "Enter the server's address, such as https://nominatim.example.com.",
  key: "Enter the API key.",
  keyAgain: "Enter the API key again to change the provider or its server address.",
  endpoint:
    "Your role may not choose a geocoder, routing engine or GPS provider, or change their server address.",
  circuity: "The circuity factor is between 1.00 and 2.00.",
  radius: "The geofence radius is between 0.1 and 5 miles.",
  retention: "Positions are kept between 7 and 1095 days.",
  interval: "Phones send their position every 15 to 120 seconds.",
  tileStyle: "Enter the style's address (https://… or pmtiles://…), or leave it empty for the built-in map.",
  query: "Enter a ZIP or postal code, or a city and state.",
} as const;
const M = GEO_MESSAGES;

/** Where a stop, saved location or customer is, as the screens show it. */
export const geoPlaceFieldsSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geoPrecision: z.enum(GEO_PRECISIONS).nullable(),
  geoSource: z.enum(GEO_SOURCES).nullable(),
  geoStatus: z.enum(GEO_STATUSES),
  timeZone: z.string().nullable(),
});
export type GeoPlaceFields = z.infer<typeof geoPlaceFieldsSchema>;

/** GET /api/geo/place: the address as typed on a form. */
export const placeLookupQuerySchema = z
  .object({
    address: z.string().trim().max(200).default(""),
    city: z.string().trim().max(100).default(""),
    state: z.string().trim().max(40).default(""),
    postalCode: z.string().trim().max(20).default(""),
    /**
     * A fuel stop's free text ("Pilot #612, Joliet") with its `state`: placed as the saved fuel entry
     * will be — a ZIP in the text, else a part that is a city of that state.
     */
    location: z.string().trim().max(160).default(""),
  })
  .refine((q) => q.postalCode || (q.city && q.state) || (q.location && q.state), {
    message: M.query,
    path: ["postalCode"],
  });
export type PlaceLookupQuery = z.input<typeof placeLookupQuerySchema>;

export const placeSchema = z.object({
  status: z.literal("placed"),
  lat: z.number(),
  lon: z.number(),
  precision: z.enum(GEO_PRECISIONS),
  /** The IANA zone the stop's times are typed and shown in; null only for a point at sea. */
  timeZone: z.string().nullable(),
  label: z.string(),
  source: z.enum(GEO_SOURCES),
});
export const placeLookupSchema = z.discriminatedUnion("status", [
  placeSchema,
  z.object({ status: z.literal("unplaced"), message: z.string() }),
]);
export type PlaceLookup = z.infer<typeof placeLookupSchema>;

const providerSchema = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({
    kind: z.enum(kinds).nullable(),
    url: z.string(),
    /** The key never leaves the server: only whether one is saved. */
    keySet: z.boolean(),
  });

/** Settings → Maps & tracking as shown (the `geo_settings` row; keys never returned). */
export const geoSettingsViewSchema = z.object({
  geocoder: providerSchema(GEOCODER_KINDS),
  router: providerSchema(ROUTER_KINDS),
  telematics: providerSchema(TELEMATICS_KINDS),
  circuityFactor: z.number(),
  tileStyleUrl: z.string(),
  geofenceRadiusMiles: z.number(),
  positionRetentionDays: z.number().int(),
  sharingIntervalSeconds: z.number().int(),
  /** Whether this user may choose providers and their addresses (geo:endpoint). */
  canChangeEndpoints: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type GeoSettingsView = z.infer<typeof geoSettingsViewSchema>;

const urlField = z.string().trim().max(300);
const keyField = z.string().trim().max(500);
const httpUrl = (v: string) => /^https?:\/\/\S+$/.test(v);

const providerInput = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({
    /** null: none (the offline default). */
    kind: z.enum(kinds).nullable(),
    /** Empty: the provider's public service (Nominatim, Pelias, Google, Mapbox, MapTiler, Samsara, Motive). */
    url: urlField.default(""),
    /** Empty keeps the saved key, for the same provider and address only. */
    key: keyField.default(""),
  });

export const geoSettingsInputSchema = z
  .object({
    geocoder: providerInput(GEOCODER_KINDS),
    router: providerInput(ROUTER_KINDS),
    telematics: providerInput(TELEMATICS_KINDS),
    circuityFactor: z.coerce.number({ message: M.circuity }).min(1, M.circuity).max(2, M.circuity),
    tileStyleUrl: z.string().trim().max(500).default(""),
    geofenceRadiusMiles: z.coerce.number({ message: M.radius }).min(0.1, M.radius).max(5, M.radius),
    positionRetentionDays: z.coerce
      .number({ message: M.retention })
      .int(M.retention)
      .min(7, M.retention)
      .max(1095, M.retention),
    sharingIntervalSeconds: z.coerce
      .number({ message: M.interval })
      .int(M.interval)
      .min(15, M.interval)
      .max(120, M.interval),
  })
  .superRefine((v, ctx) => {
    for (const part of ["geocoder", "router", "telematics"] as const) {
      const p = v[part];
      if (p.url && !httpUrl(p.url)) ctx.addIssue({ code: "custom", path: [part, "url"], message: M.url });
      // Self-hosted engines have no public service: their address is required.
      const selfHosted = part === "router" && (p.kind === "osrm" || p.kind === "valhalla");
      if (selfHosted && !p.url) ctx.addIssue({ code: "custom", path: [part, "url"], message: M.url });
    }
    if (v.tileStyleUrl && !/^(https?|pmtiles):\/\/\S+$/.test(v.tileStyleUrl))
      ctx.addIssue({ code: "custom", path: ["tileStyleUrl"], message: M.tileStyle });
  });
export type GeoSettingsInput = z.input<typeof geoSettingsInputSchema>;

/** "nominatim https://nominatim.example.com": where addresses (or routes, positions) go, for the audit log. */
export function geoEndpoint(kind: string | null, url: string): string | null {
  if (!kind) return null;
  return url ? `${kind} ${url}` : kind;
}

/** POST /api/settings/geo/test: what the configured geocoder answered for a known address. */
export const geoTestResultSchema = z.object({
  /** The provider asked (null: none configured, the gazetteer answered). */
  provider: z.enum(GEOCODER_KINDS).nullable(),
  outcome: z.enum(["hit", "none", "elsewhere", "unavailable", "refused", "not_found", "offline"]),
  address: z.string(),
  place: placeSchema.nullable(),
  milliseconds: z.number().int(),
});
export type GeoTestResult = z.infer<typeof geoTestResultSchema>;
