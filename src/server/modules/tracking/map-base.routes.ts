import { mapBaseSchema } from "@shared/tracking/map-base.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { mapBaseOf, readOutlines } from "./map-base";

/**
 * The maps' base (decision 053): the tile style chosen in Settings, and the state/province outlines
 * drawn when there is none. Kept apart from the tracking routes: it concerns every screen with a map,
 * the shipper's public link included.
 */
export function mapBaseRoutes(deps: Deps) {
  const mapBase = mapBaseOf(deps);
  const t = routeTable({ tags: ["Tracking"], access: "authenticated" });
  t.json(
    "get",
    "/api/geo/map-base",
    {
      summary:
        "What the maps draw under the trucks: Settings' tile style URL (OpenFreeMap, MapTiler, a self-hosted " +
        "style), or null for the state/province outlines shipped with the app",
      response: mapBaseSchema,
    },
    () => mapBase.read(),
  );
  t.file(
    "get",
    "/api/geo/outlines",
    {
      access: "public",
      summary:
        "The US state and Canadian province outlines as GeoJSON (public-domain Natural Earth shapes), the " +
        "offline base map. Public: no personal data, and the shipper's private link draws on it too",
      types: ["application/geo+json"],
      described: "A GeoJSON FeatureCollection",
      disposition: "inline",
      cacheControl: "public, max-age=86400",
    },
    async () => ({
      contentType: "application/geo+json",
      fileName: "outlines.geo.json",
      body: await readOutlines(),
    }),
  );
  return t.app;
}
