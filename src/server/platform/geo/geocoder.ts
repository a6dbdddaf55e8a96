import type { GeocoderKind, GeoPrecision, GeoSource } from "@shared/geo/geo.constants";
import { gazetteerLookup, stateCode } from "./gazetteer";
import { googleGeocoder } from "./geocoders/google";
import { GeocodeError, type GeocodeErrorKind } from "./geocoders/http";
import { mapboxGeocoder } from "./geocoders/mapbox";
import { maptilerGeocoder } from "./geocoders/maptiler";
import { nominatimGeocoder } from "./geocoders/nominatim";
import { peliasGeocoder } from "./geocoders/pelias";
import { timeZoneAt } from "./time-zone";

export { GEOCODE_TIMEOUT_MS, GeocodeError, type GeocodeErrorKind } from "./geocoders/http";

/**
 * Geocoding behind one interface (issue 40, decision 050): the configured provider first, then the
 * offline gazetteer's ZIP/postal code, then its city, else nothing. A provider's hit in another state
 * or country than the one typed is discarded (a street name that exists in 30 states must not move a
 * stop across the country). Errors carry a kind and never the key or the address.
 */
export interface GeocodeQuery {
  address: string;
  city: string;
  /** Postal code of the state or province, or its name. */
  state: string;
  postalCode: string;
}

export interface GeocodeHit {
  lat: number;
  lon: number;
  precision: GeoPrecision;
  source: GeoSource;
  label: string;
  /** Postal code of the state or province the hit is in, when the answer says. */
  state: string | null;
  postalCode: string | null;
}

export interface Place extends GeocodeHit {
  timeZone: string | null;
}

export interface Geocoder {
  kind: GeocoderKind;
  /** The provider's best hit, null when it found nothing; throws GeocodeError. */
  geocode(q: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeHit | null>;
}

export interface GeocoderOptions {
  /** The server's address; empty: the provider's public service. */
  url: string;
  key: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Nominatim's usage policy asks for an identifying User-Agent with a contact. */
  userAgent?: string;
}

/** The public services used when no address is given. */
export const DEFAULT_GEOCODER_URLS: Record<GeocoderKind, string> = {
  nominatim: "https://nominatim.openstreetmap.org",
  pelias: "https://api.geocode.earth",
  google: "https://maps.googleapis.com",
  mapbox: "https://api.mapbox.com",
  maptiler: "https://api.maptiler.com",
};

/** The public Nominatim allows one request a second (its usage policy); self-hosted servers set their own. */
export function minIntervalMs(kind: GeocoderKind, url: string): number {
  if (kind !== "nominatim") return 0;
  return !url || /(^|\/\/)nominatim\.openstreetmap\.org/.test(url) ? 1000 : 0;
}

export function geocoderFor(kind: GeocoderKind, options: GeocoderOptions): Geocoder {
  const o = { ...options, url: (options.url || DEFAULT_GEOCODER_URLS[kind]).replace(/\/+$/, "") };
  switch (kind) {
    case "nominatim":
      return nominatimGeocoder(o);
    case "pelias":
      return peliasGeocoder(o);
    case "google":
      return googleGeocoder(o);
    case "mapbox":
      return mapboxGeocoder(o);
    case "maptiler":
      return maptilerGeocoder(o);
  }
}

const finite = (n: number) => Number.isFinite(n) && Math.abs(n) <= 180;

/** Whether a provider's hit is where the address was typed (the same state or province, US/Canada). */
export function sameRegion(q: GeocodeQuery, hit: GeocodeHit): boolean {
  if (!finite(hit.lat) || !finite(hit.lon) || Math.abs(hit.lat) > 90) return false;
  const typed = stateCode(q.state);
  if (!typed || !hit.state) return true;
  return typed === hit.state;
}

export interface LocateResult {
  place: Place | null;
  /** Why the provider's answer was not used, when it was asked ("unavailable", "elsewhere", …). */
  providerOutcome: "hit" | "none" | "elsewhere" | GeocodeErrorKind | null;
}

/**
 * The chain: the provider (when given), then the gazetteer's ZIP/postal code, then its city. Each
 * place gets its time zone from its point.
 */
export async function locate(q: GeocodeQuery, provider?: Geocoder | null): Promise<LocateResult> {
  let providerOutcome: LocateResult["providerOutcome"] = null;
  if (provider) {
    try {
      const hit = await provider.geocode(q);
      if (!hit) providerOutcome = "none";
      else if (!sameRegion(q, hit)) providerOutcome = "elsewhere";
      else return { place: { ...hit, timeZone: timeZoneAt(hit.lat, hit.lon) }, providerOutcome: "hit" };
    } catch (err) {
      providerOutcome = err instanceof GeocodeError ? err.kind : "unavailable";
    }
  }
  const g = gazetteerLookup(q);
  if (!g) return { place: null, providerOutcome };
  return {
    place: {
      lat: g.lat,
      lon: g.lon,
      precision: g.precision,
      source: "gazetteer",
      label: g.label,
      state: g.state,
      postalCode: g.postalCode,
      timeZone: timeZoneAt(g.lat, g.lon),
    },
    providerOutcome,
  };
}
