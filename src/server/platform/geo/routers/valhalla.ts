import type { LatLon } from "@shared/geo/distance";
import { decodePolyline } from "../polyline";
import { postJson, type Router, RouterError, type RouterOptions } from "./engine";

/**
 * Valhalla's route action (`POST /route`, `costing: "truck"`, `units: "miles"`): one leg per pair of
 * locations, each with its own polyline6 shape. Errors: HTTP 400 `{ error_code, error }` (442 = no
 * path). Hosted Valhalla services take `?api_key=`.
 */
interface ValhallaAnswer {
  trip?: {
    legs: { shape: string; summary: { length: number } }[];
    summary: { length: number };
    status: number;
  };
  error_code?: number;
  error?: string;
}

const NO_PATH = new Set([442, 443, 171]);

export function valhallaRouter(options: RouterOptions): Router {
  return {
    engine: "valhalla",
    async route(points, signal) {
      const { body } = await postJson(
        options,
        "/route",
        "api_key",
        {
          locations: points.map((p) => ({ lat: p.lat, lon: p.lon, type: "break" })),
          costing: "truck",
          units: "miles",
          directions_type: "none",
        },
        signal,
      );
      const answer = body as ValhallaAnswer;
      const trip = answer.trip?.status === 0 ? answer.trip : null;
      if (!trip) {
        const kind = answer.error_code && NO_PATH.has(answer.error_code) ? "not_found" : "refused";
        throw new RouterError(kind, `Valhalla answered ${answer.error_code ?? "nothing"}.`);
      }
      const geometry: LatLon[] = [];
      for (const leg of trip.legs) {
        const line = decodePolyline(leg.shape, 6);
        geometry.push(...(geometry.length ? line.slice(1) : line));
      }
      return {
        miles: trip.summary.length,
        legMiles: trip.legs.map((l) => l.summary.length),
        geometry,
        engine: "valhalla",
      };
    },
  };
}
