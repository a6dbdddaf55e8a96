import type { GeoPrecision } from "@shared/geo/geo.constants";
import type { Geocoder, GeocoderOptions } from "../geocoder";
import { fetchJson, GeocodeError, oneLine } from "./http";

interface MapboxFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: {
    feature_type?: string;
    full_address?: string;
    name?: string;
    coordinates?: { accuracy?: string };
    context?: {
      region?: { region_code?: string };
      postcode?: { name?: string };
      country?: { country_code?: string };
    };
  };
}

/** rooftop/parcel/point accuracy → rooftop; an interpolated address or a street → street; postcode → zip. */
function precisionOf(p: NonNullable<MapboxFeature["properties"]>): GeoPrecision {
  const accuracy = p.coordinates?.accuracy;
  if (p.feature_type === "address")
    return accuracy === "rooftop" || accuracy === "parcel" || accuracy === "point" ? "rooftop" : "street";
  if (p.feature_type === "street") return "street";
  if (p.feature_type === "postcode") return "zip";
  return "city";
}

/** Mapbox Geocoding v6: `/search/geocode/v6/forward?q=…&country=us,ca&limit=1&access_token=`. */
export function mapboxGeocoder(o: GeocoderOptions): Geocoder {
  return {
    kind: "mapbox",
    async geocode(q, signal) {
      const url = new URL(`${o.url}/search/geocode/v6/forward`);
      url.searchParams.set("q", oneLine(q));
      url.searchParams.set("country", "us,ca");
      url.searchParams.set("limit", "1");
      if (o.key) url.searchParams.set("access_token", o.key);
      const body = (await fetchJson(url, o, signal)) as { features?: MapboxFeature[] } | null;
      if (!body || !Array.isArray(body.features)) throw new GeocodeError("unavailable", "unexpected answer");
      const f = body.features[0];
      const c = f?.geometry?.coordinates;
      if (!f || !c) return null;
      const p = f.properties ?? {};
      const country = p.context?.country?.country_code?.toUpperCase();
      if (country && country !== "US" && country !== "CA") return null;
      const region = p.context?.region?.region_code;
      return {
        lat: c[1],
        lon: c[0],
        precision: precisionOf(p),
        source: "mapbox",
        label: p.full_address ?? p.name ?? "",
        state: region ? region.replace(/^(US|CA)-/i, "").toUpperCase() : null,
        postalCode: p.context?.postcode?.name ?? null,
      };
    },
  };
}
