import { GEO_MESSAGES, type PlaceLookup, type PlaceLookupQuery } from "@shared/geo/geo.schema";
import { locate } from "../../platform/geo/geocoder";
import { fuelStopHit } from "../../platform/geo/place-rows";
import { timeZoneAt } from "../../platform/geo/time-zone";

/**
 * The place lookup a form calls as an address is typed (issue 40): the offline gazetteer only (no
 * network, no key, microseconds), so the form can say "Placed: ZIP 60632 · America/Chicago" or that
 * the address cannot be placed before it is saved. A configured provider refines the saved row later.
 */
export async function lookupPlace(q: Required<PlaceLookupQuery>): Promise<PlaceLookup> {
  const { place } = q.location ? { place: fuelStopAt(q.location, q.state) } : await locate(q);
  if (!place) return { status: "unplaced", message: GEO_MESSAGES.unplaced };
  return {
    status: "placed",
    lat: place.lat,
    lon: place.lon,
    precision: place.precision,
    timeZone: place.timeZone,
    label: place.label,
    source: place.source,
  };
}

/** A fuel stop's text placed the way the fuel entry is on save (platform/geo/place-rows#placeFuelStop). */
function fuelStopAt(location: string, state: string) {
  const hit = fuelStopHit(location, state);
  return hit
    ? {
        lat: hit.lat,
        lon: hit.lon,
        precision: hit.precision,
        timeZone: timeZoneAt(hit.lat, hit.lon),
        label: hit.label,
        source: "gazetteer" as const,
      }
    : null;
}
