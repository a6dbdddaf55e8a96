import type { GeoPrecision } from "@shared/geo/geo.constants";
import type { Geocoder, GeocoderOptions } from "../geocoder";
import { fetchJson, GeocodeError, oneLine } from "./http";

interface GoogleResult {
  geometry?: { location?: { lat: number; lng: number }; location_type?: string };
  types?: string[];
  formatted_address?: string;
  address_components?: { short_name: string; types: string[] }[];
}

/** ROOFTOP → rooftop; interpolated or a route → street; a postal code → zip; else city. */
function precisionOf(r: GoogleResult): GeoPrecision {
  const type = r.geometry?.location_type;
  const types = r.types ?? [];
  if (type === "ROOFTOP") return "rooftop";
  if (type === "RANGE_INTERPOLATED" || types.includes("route") || types.includes("street_address"))
    return "street";
  if (types.includes("postal_code")) return "zip";
  return "city";
}

/**
 * Google's Geocoding API: `/maps/api/geocode/json?address=…&components=country:US|country:CA&key=`.
 * It answers HTTP 200 even on errors: the `status` word says (REQUEST_DENIED → refused,
 * OVER_QUERY_LIMIT/UNKNOWN_ERROR → unavailable, ZERO_RESULTS → nothing).
 */
export function googleGeocoder(o: GeocoderOptions): Geocoder {
  return {
    kind: "google",
    async geocode(q, signal) {
      const url = new URL(`${o.url}/maps/api/geocode/json`);
      url.searchParams.set("address", oneLine(q));
      url.searchParams.set("components", "country:US|country:CA");
      if (o.key) url.searchParams.set("key", o.key);
      const body = (await fetchJson(url, o, signal)) as { status?: string; results?: GoogleResult[] } | null;
      switch (body?.status) {
        case "OK":
          break;
        case "ZERO_RESULTS":
          return null;
        case "REQUEST_DENIED":
          throw new GeocodeError("refused", "REQUEST_DENIED");
        case "INVALID_REQUEST":
          throw new GeocodeError("not_found", "INVALID_REQUEST");
        default:
          throw new GeocodeError("unavailable", String(body?.status ?? "unexpected answer").slice(0, 40));
      }
      const r = body.results?.[0];
      const at = r?.geometry?.location;
      if (!r || !at) return null;
      const part = (type: string) => r.address_components?.find((c) => c.types.includes(type))?.short_name;
      const country = part("country");
      if (country && country !== "US" && country !== "CA") return null;
      return {
        lat: at.lat,
        lon: at.lng,
        precision: precisionOf(r),
        source: "google",
        label: r.formatted_address ?? "",
        state: part("administrative_area_level_1") ?? null,
        postalCode: part("postal_code") ?? null,
      };
    },
  };
}
