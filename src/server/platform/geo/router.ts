import { CIRCUITY_FACTOR, estimatedMiles, greatCircleLine } from "@shared/geo/distance";
import type { GeoSettings } from "./geo-settings";
import type { Router, RouterOptions } from "./routers/engine";
import { graphhopperRouter } from "./routers/graphhopper";
import { osrmRouter } from "./routers/osrm";
import { pcmilerRouter } from "./routers/pcmiler";
import { valhallaRouter } from "./routers/valhalla";

/**
 * A routing engine behind one interface (issue 40, decision 051): the offline estimate by default, or
 * a configured OSRM / Valhalla / GraphHopper server or PC*MILER. Adapters speak the engines' HTTP APIs
 * with plain `fetch`, time out at 10 s and never log keys or places.
 */

export type { RouteResult, Router, RouterEngine, RouterErrorKind } from "./routers/engine";
export { RouterError } from "./routers/engine";

/** The built-in estimate: great circle × circuity factor; its line is the great circle every 5 mi. */
export function offlineRouter(factor: number = CIRCUITY_FACTOR): Router {
  return {
    engine: "offline",
    async route(points) {
      const { miles, legMiles } = estimatedMiles(points, factor);
      return { miles, legMiles, geometry: greatCircleLine(points), engine: "offline" };
    },
  };
}

/** The router the settings name (the offline estimate when none is configured). */
export function routerFor(settings: GeoSettings, fetchImpl?: typeof fetch): Router {
  const r = settings.router;
  if (!r) return offlineRouter(settings.circuityFactor);
  const options: RouterOptions = { baseUrl: r.url.replace(/\/+$/, ""), key: r.key, fetch: fetchImpl };
  switch (r.kind) {
    case "osrm":
      return osrmRouter(options);
    case "valhalla":
      return valhallaRouter(options);
    case "graphhopper":
      return graphhopperRouter(options);
    case "pcmiler":
      return pcmilerRouter(options);
  }
}
