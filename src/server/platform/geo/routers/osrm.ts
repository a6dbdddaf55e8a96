import { decodePolyline } from "../polyline";
import { callEngine, METERS_PER_MILE, type Router, RouterError, type RouterOptions } from "./engine";

/**
 * OSRM's route service (`GET /route/v1/driving/{lon,lat;…}?overview=full&geometries=polyline6`):
 * distances in meters per leg, the whole line as polyline6. Errors come as HTTP 400 with a `code`
 * (NoRoute, NoSegment, InvalidQuery…). OSRM has no keys; a proxy in front of it may want `?key=`.
 */
interface OsrmAnswer {
  code?: string;
  message?: string;
  routes?: { distance: number; geometry: string; legs: { distance: number }[] }[];
}

export function osrmRouter(options: RouterOptions): Router {
  return {
    engine: "osrm",
    async route(points, signal) {
      const coords = points.map((p) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`).join(";");
      const query = new URLSearchParams({ overview: "full", geometries: "polyline6", steps: "false" });
      if (options.key) query.set("key", options.key);
      const { body } = await callEngine(
        options,
        `${options.baseUrl}/route/v1/driving/${coords}?${query}`,
        { method: "GET" },
        signal,
      );
      const answer = body as OsrmAnswer;
      const route = answer.routes?.[0];
      if (answer.code !== "Ok" || !route) {
        const kind = answer.code === "NoRoute" || answer.code === "NoSegment" ? "not_found" : "refused";
        throw new RouterError(kind, `OSRM answered ${answer.code ?? "nothing"}.`);
      }
      return {
        miles: route.distance / METERS_PER_MILE,
        legMiles: route.legs.map((l) => l.distance / METERS_PER_MILE),
        geometry: decodePolyline(route.geometry, 6),
        engine: "osrm",
      };
    },
  };
}
