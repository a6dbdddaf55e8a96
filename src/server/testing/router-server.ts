import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { greatCirclePoints, haversineMiles, type LatLon } from "@shared/geo/distance";
import type { RouterKind } from "@shared/geo/geo.constants";
import { encodePolyline } from "../platform/geo/polyline";
import { METERS_PER_MILE } from "../platform/geo/routers/engine";

/**
 * A routing engine on loopback for tests (issue 40): speaks OSRM's `route` service, Valhalla's
 * `/route`, GraphHopper's `/route` and PC*MILER's `/route/routeReports` with scripted answers. The
 * road between two points is the great circle (a real line, so the state split runs on it) and its
 * miles are the great circle × `script.factor` (1.25 unless told). Every request is recorded.
 */
export interface RouterScript {
  /** Road miles = great-circle miles × this. */
  factor: number;
  /** Answer with the engine's "no route" error, a server error, or refuse the key. */
  fail: null | "no_route" | "error" | "refuse";
  /** The key the engine expects (query `key`/`api_key`, or PC*MILER's Authorization header). */
  key: string | null;
  /** PC*MILER's state report: miles per state for any route asked. */
  stateMiles: Record<string, number>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: unknown;
}

const json = (res: import("node:http").ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

function legsOf(points: LatLon[], factor: number) {
  return points.slice(1).map((b, i) => {
    const a = points[i];
    return { miles: haversineMiles(a, b) * factor, line: greatCirclePoints(a, b, 5) };
  });
}

export async function startRouter(kind: RouterKind, initial: Partial<RouterScript> = {}) {
  const script: RouterScript = { factor: 1.25, fail: null, key: null, stateMiles: {}, ...initial };
  const requests: RecordedRequest[] = [];

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://loopback");
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      if (script.fail === "error") return json(res, 500, { message: "engine down" });
      const given =
        kind === "pcmiler"
          ? req.headers.authorization
          : (url.searchParams.get("key") ?? url.searchParams.get("api_key") ?? undefined);
      if (script.key && given !== script.key) return json(res, 401, { message: "Invalid key" });

      if (kind === "osrm") {
        const m = /^\/route\/v1\/driving\/(.+)$/.exec(url.pathname);
        if (req.method !== "GET" || !m)
          return json(res, 400, { code: "InvalidUrl", message: "URL string malformed" });
        const points = m[1].split(";").map((p) => {
          const [lon, lat] = p.split(",").map(Number);
          return { lat, lon };
        });
        if (script.fail === "no_route")
          return json(res, 400, { code: "NoRoute", message: "Impossible route between points" });
        const legs = legsOf(points, script.factor);
        const line = legs.flatMap((l, i) => (i ? l.line.slice(1) : l.line));
        const distance = legs.reduce((s, l) => s + l.miles, 0) * METERS_PER_MILE;
        return json(res, 200, {
          code: "Ok",
          routes: [
            {
              distance,
              duration: distance / 25,
              geometry: encodePolyline(line, 6),
              legs: legs.map((l) => ({
                distance: l.miles * METERS_PER_MILE,
                duration: (l.miles * METERS_PER_MILE) / 25,
                steps: [],
              })),
            },
          ],
          waypoints: points.map((p) => ({ location: [p.lon, p.lat], name: "" })),
        });
      }

      if (kind === "valhalla") {
        const ask = body as { locations?: LatLon[]; costing?: string; units?: string } | null;
        if (req.method !== "POST" || url.pathname !== "/route" || !ask?.locations)
          return json(res, 400, { error_code: 100, error: "Failed to parse json request", status_code: 400 });
        if (script.fail === "no_route")
          return json(res, 400, {
            error_code: 442,
            error: "No path could be found for input",
            status_code: 400,
          });
        const legs = legsOf(ask.locations, script.factor);
        const length = legs.reduce((s, l) => s + l.miles, 0);
        return json(res, 200, {
          trip: {
            legs: legs.map((l) => ({
              shape: encodePolyline(l.line, 6),
              summary: { length: l.miles, time: l.miles * 72 },
            })),
            summary: { length, time: length * 72 },
            units: ask.units ?? "kilometers",
            status: 0,
            status_message: "Found route between points",
          },
        });
      }

      if (kind === "graphhopper") {
        const ask = body as { points?: [number, number][]; profile?: string } | null;
        if (req.method !== "POST" || url.pathname !== "/route" || !ask?.points)
          return json(res, 400, { message: "Points must not be empty" });
        if (script.fail === "no_route")
          return json(res, 400, { message: "Connection between locations not found" });
        const legs = legsOf(
          ask.points.map(([lon, lat]) => ({ lat, lon })),
          script.factor,
        );
        const line = legs.flatMap((l, i) => (i ? l.line.slice(1) : l.line));
        const distance = legs.reduce((s, l) => s + l.miles, 0) * METERS_PER_MILE;
        return json(res, 200, {
          paths: [
            {
              distance,
              time: distance * 40,
              points: encodePolyline(line, 5),
              points_encoded: true,
              points_encoded_multiplier: 1e5,
            },
          ],
        });
      }

      // PC*MILER
      if (req.method !== "GET" || url.pathname !== "/route/routeReports")
        return json(res, 404, { Message: "No HTTP resource was found" });
      const stops = (url.searchParams.get("stops") ?? "").split(";").map((p) => {
        const [lon, lat] = p.split(",").map(Number);
        return { lat, lon };
      });
      if (script.fail === "no_route")
        return json(res, 400, { Message: "Could not calculate route between stops" });
      let total = 0;
      const lines = [{ LMiles: "0.0", TMiles: "0.0" }];
      for (const leg of legsOf(stops, script.factor)) {
        total += leg.miles;
        lines.push({ LMiles: leg.miles.toFixed(1), TMiles: total.toFixed(1) });
      }
      return json(res, 200, [
        { __type: "MileageReport:http://pcmiler.alk.com/APIs/v1.0", RouteID: null, ReportLines: lines },
        {
          __type: "StateReport:http://pcmiler.alk.com/APIs/v1.0",
          RouteID: null,
          StateReportLines: Object.entries(script.stateMiles).map(([code, miles]) => ({
            StCntry: code,
            Total: miles.toFixed(1),
            Toll: "0.0",
            Free: miles.toFixed(1),
            Ferry: "0.0",
            Loaded: miles.toFixed(1),
            Empty: "0.0",
          })),
        },
      ]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    script,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
