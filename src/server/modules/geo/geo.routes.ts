import {
  geoSettingsInputSchema,
  geoSettingsViewSchema,
  geoTestResultSchema,
  placeLookupQuerySchema,
  placeLookupSchema,
} from "@shared/geo/geo.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createGeoSettingsService } from "./geo-settings.service";
import { lookupPlace } from "./place.service";

/** Geocoding and Settings → Maps & tracking (issue 40, decision 050). */
export function geoRoutes(deps: Deps) {
  const settings = createGeoSettingsService(deps);
  const t = routeTable({ tags: ["Maps & tracking"], access: "geo:configure" });
  t.json(
    "get",
    "/api/geo/place",
    {
      summary:
        "Where a typed address is, as the form shows it before saving: the offline gazetteer's ZIP/postal code or city centre with its time zone, or `unplaced` (never a provider call: instant, no key)",
      // Whoever types addresses: dispatch on loads and saved locations, drivers logging fuel.
      access: ["loads:write", "customers:write", "fuel:log"],
      query: placeLookupQuerySchema,
      response: placeLookupSchema,
    },
    ({ query }) => lookupPlace(query),
  );
  t.json(
    "get",
    "/api/settings/geo",
    {
      summary:
        "Maps & tracking: the geocoder, routing engine and ELD/GPS provider (keys never returned: only whether one is saved), circuity factor, tile style, geofence radius, position retention and sharing interval",
      response: geoSettingsViewSchema,
    },
    ({ actor }) => settings.view(actor),
  );
  t.json(
    "put",
    "/api/settings/geo",
    {
      summary:
        "Save Maps & tracking. Choosing a provider or changing its address needs `geo:endpoint` (admin by default; 403 GEO_ENDPOINT_FORBIDDEN) and its key entered again when one is saved (400 GEO_KEY_REQUIRED, on `<part>.key`); an empty key keeps the saved one for the same provider and address; no provider forgets it. Audited with the old and new endpoint, never the key",
      body: geoSettingsInputSchema,
      response: geoSettingsViewSchema,
    },
    ({ actor, body }) => settings.save(actor, body),
  );
  t.json(
    "post",
    "/api/settings/geo/test",
    {
      summary:
        "Geocode a known address once with the configured geocoder (4 s at most) and say what it answered: a hit, nothing, a hit elsewhere, unavailable or refused — with the place the chain settled on",
      optionalBody: true,
      response: geoTestResultSchema,
    },
    () => settings.test(),
  );
  return t.app;
}
