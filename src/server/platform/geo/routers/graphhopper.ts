import { decodePolyline } from "../polyline";
import {
  legMilesAlong,
  METERS_PER_MILE,
  postJson,
  type Router,
  RouterError,
  type RouterOptions,
} from "./engine";

/**
 * GraphHopper's routing API (`POST /route[?key=]`, `profile: "truck"`, encoded points): one path with
 * the distance in meters and the line as polyline5 (`points_encoded_multiplier` 1e5). No per-leg
 * distances without instructions: legs are measured along the line between the points nearest
 * each waypoint.
 * Errors: HTTP 400 `{ message }` ("Connection between locations not found" = no road).
 */
interface GraphhopperAnswer {
  message?: string;
  paths?: {
    distance: number;
    points: string;
    points_encoded_multiplier?: number;
    snapped_waypoints?: string;
  }[];
}

export function graphhopperRouter(options: RouterOptions): Router {
  return {
    engine: "graphhopper",
    async route(points, signal) {
      const { body } = await postJson(
        options,
        "/route",
        "key",
        {
          points: points.map((p) => [p.lon, p.lat]),
          profile: "truck",
          points_encoded: true,
          instructions: false,
          calc_points: true,
        },
        signal,
      );
      const answer = body as GraphhopperAnswer;
      const path = answer.paths?.[0];
      if (!path) {
        const kind = /not found|cannot find point/i.test(answer.message ?? "") ? "not_found" : "refused";
        throw new RouterError(kind, "GraphHopper found no route.");
      }
      const precision = Math.round(Math.log10(path.points_encoded_multiplier ?? 1e5));
      const miles = path.distance / METERS_PER_MILE;
      const geometry = decodePolyline(path.points, precision);
      return { miles, legMiles: legMilesAlong(geometry, points, miles), geometry, engine: "graphhopper" };
    },
  };
}
