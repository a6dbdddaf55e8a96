import type { GeoPrecision } from "@shared/geo/geo.constants";
import type { Geocoder, GeocoderOptions } from "../geocoder";
import { fetchJson, GeocodeError } from "./http";

interface PeliasFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: {
    layer?: string;
    match_type?: string;
    accuracy?: string;
    label?: string;
    region_a?: string;
    country_a?: string;
    postalcode?: string;
  };
}

/** An exact address point → rooftop; an interpolated address or a street → street; a postcode → zip. */
function precisionOf(p: NonNullable<PeliasFeature["properties"]>): GeoPrecision {
  if (p.layer === "address" || p.layer === "venue")
    return p.match_type === "exact" && p.accuracy === "point" ? "rooftop" : "street";
  if (p.layer === "street") return "street";
  if (p.layer === "postalcode") return "zip";
  return "city";
}

/**
 * Pelias (geocode.earth or self-hosted): `/v1/search/structured`, a GeoJSON answer; the key (when the
 * server wants one) as `api_key`.
 */
export function peliasGeocoder(o: GeocoderOptions): Geocoder {
  return {
    kind: "pelias",
    async geocode(q, signal) {
      const url = new URL(`${o.url}/v1/search/structured`);
      const params: Record<string, string> = {
        address: q.address,
        locality: q.city,
        region: q.state,
        postalcode: q.postalCode,
        size: "1",
      };
      for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
      if (o.key) url.searchParams.set("api_key", o.key);
      const body = (await fetchJson(url, o, signal)) as { features?: PeliasFeature[] } | null;
      if (!body || !Array.isArray(body.features)) throw new GeocodeError("unavailable", "unexpected answer");
      const f = body.features[0];
      const c = f?.geometry?.coordinates;
      if (!f || !c) return null;
      const p = f.properties ?? {};
      if (p.country_a && p.country_a !== "USA" && p.country_a !== "CAN") return null;
      return {
        lat: c[1],
        lon: c[0],
        precision: precisionOf(p),
        source: "pelias",
        label: p.label ?? "",
        state: p.region_a ?? null,
        postalCode: p.postalcode ?? null,
      };
    },
  };
}
