import type { GeoPrecision } from "@shared/geo/geo.constants";
import { stateCode } from "../gazetteer";
import type { Geocoder, GeocoderOptions } from "../geocoder";
import { fetchJson, GeocodeError } from "./http";

interface NominatimPlace {
  lat: string;
  lon: string;
  addresstype?: string;
  type?: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

const CITY_TYPES = new Set(["city", "town", "village", "hamlet", "municipality", "suburb", "county"]);

/** house_number or a building → rooftop; a road → street; a postcode → zip; a settlement → city. */
function precisionOf(p: NominatimPlace): GeoPrecision {
  const type = p.addresstype ?? p.type ?? "";
  if (p.address?.house_number || type === "building" || type === "house") return "rooftop";
  if (type === "road" || p.address?.road) return "street";
  if (type === "postcode") return "zip";
  if (CITY_TYPES.has(type)) return "city";
  return "city";
}

/**
 * Nominatim (OpenStreetMap; self-hosted or the public host at 1 request a second): the structured
 * `/search` with `format=jsonv2&addressdetails=1`. lat/lon come as strings; the state as
 * "ISO3166-2-lvl4": "US-IL".
 */
export function nominatimGeocoder(o: GeocoderOptions): Geocoder {
  return {
    kind: "nominatim",
    async geocode(q, signal) {
      const url = new URL(`${o.url}/search`);
      const params: Record<string, string> = {
        street: q.address,
        city: q.city,
        state: q.state,
        postalcode: q.postalCode,
        countrycodes: "us,ca",
        format: "jsonv2",
        addressdetails: "1",
        limit: "1",
      };
      for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
      const headers: Record<string, string> = {
        "user-agent": o.userAgent ?? "LoadManagementSystem/0.1",
      };
      if (o.key) headers.authorization = `Bearer ${o.key}`;
      const body = await fetchJson(url, { ...o, headers }, signal);
      if (!Array.isArray(body)) throw new GeocodeError("unavailable", "unexpected answer");
      const p = body[0] as NominatimPlace | undefined;
      if (!p) return null;
      const iso = p.address?.["ISO3166-2-lvl4"] ?? "";
      const country = (p.address?.country_code ?? "").toUpperCase();
      if (country && country !== "US" && country !== "CA") return null;
      return {
        lat: Number(p.lat),
        lon: Number(p.lon),
        precision: precisionOf(p),
        source: "nominatim",
        label: p.display_name ?? "",
        state: /^(US|CA)-/.test(iso) ? iso.slice(3) : stateCode(p.address?.state),
        postalCode: p.address?.postcode ?? null,
      };
    },
  };
}
