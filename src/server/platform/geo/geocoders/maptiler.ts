import type { GeoPrecision } from "@shared/geo/geo.constants";
import { stateCode } from "../gazetteer";
import type { Geocoder, GeocoderOptions } from "../geocoder";
import { fetchJson, GeocodeError, oneLine } from "./http";

interface MaptilerFeature {
  center?: [number, number];
  geometry?: { coordinates?: [number, number] };
  place_type?: string[];
  place_name?: string;
  text?: string;
  properties?: { country_code?: string };
  context?: { id?: string; text?: string; short_code?: string; country_code?: string }[];
}

/** An address → rooftop; a road → street; a postal code → zip; else city. */
function precisionOf(f: MaptilerFeature): GeoPrecision {
  const types = f.place_type ?? [];
  if (types.includes("address")) return "rooftop";
  if (types.includes("road") || types.includes("street")) return "street";
  if (types.includes("postal_code") || types.includes("postcode")) return "zip";
  return "city";
}

/** "US-IL" or "Illinois" → "IL". */
function regionOf(f: MaptilerFeature): string | null {
  const region = f.context?.find((c) => c.id?.startsWith("region") || c.id?.startsWith("subregion"));
  if (!region) return null;
  if (region.short_code && /^(us|ca)-[a-z]{2}$/i.test(region.short_code))
    return region.short_code.slice(3).toUpperCase();
  return stateCode(region.text);
}

/** MapTiler Geocoding (Carmen GeoJSON): `/geocoding/<query>.json?key=&country=us,ca&limit=1`. */
export function maptilerGeocoder(o: GeocoderOptions): Geocoder {
  return {
    kind: "maptiler",
    async geocode(q, signal) {
      const url = new URL(`${o.url}/geocoding/${encodeURIComponent(oneLine(q))}.json`);
      url.searchParams.set("country", "us,ca");
      url.searchParams.set("limit", "1");
      if (o.key) url.searchParams.set("key", o.key);
      const body = (await fetchJson(url, o, signal)) as { features?: MaptilerFeature[] } | null;
      if (!body || !Array.isArray(body.features)) throw new GeocodeError("unavailable", "unexpected answer");
      const f = body.features[0];
      const c = f?.center ?? f?.geometry?.coordinates;
      if (!f || !c) return null;
      const country = (f.properties?.country_code ?? "").toUpperCase();
      if (country && country !== "US" && country !== "CA") return null;
      const postal = f.context?.find((x) => x.id?.startsWith("postal_code"))?.text ?? null;
      return {
        lat: c[1],
        lon: c[0],
        precision: precisionOf(f),
        source: "maptiler",
        label: f.place_name ?? f.text ?? "",
        state: regionOf(f),
        postalCode: postal,
      };
    },
  };
}
