import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TelematicsKind } from "@shared/geo/geo.constants";

/** A vehicle as the provider knows it; `move` changes where it is between two polls. */
export interface LoopbackTruck {
  id: string;
  /** Samsara's `name`, Motive's `number`. */
  name: string;
  lat: number;
  lon: number;
  at: string;
  speedMph?: number;
  heading?: number;
  /** No fix yet (a unit just installed): the provider lists it without a location. */
  noFix?: boolean;
}

/**
 * Samsara's and Motive's vehicle-location APIs on loopback (issue 40): a real HTTP server speaking
 * each protocol — Samsara `GET /fleet/vehicles/locations` with `Authorization: Bearer`, cursor pages
 * (`after`); Motive `GET /v1/vehicle_locations` with `X-Api-Key`, numbered pages (`page_no`,
 * `per_page`) — checking the key (401 otherwise), keeping each request, with trucks that move between
 * polls. `failNext` makes the next request answer 500.
 */
export async function startTelematics(
  kind: TelematicsKind,
  options: { key: string; trucks: LoopbackTruck[]; pageSize?: number },
) {
  const trucks = options.trucks.map((t) => ({ ...t }));
  const pageSize = options.pageSize ?? 2;
  const requests: { path: string; auth: string | undefined }[] = [];
  let failNext = false;

  const samsaraRow = (t: LoopbackTruck) => ({
    id: t.id,
    name: t.name,
    location: t.noFix
      ? null
      : {
          time: t.at,
          latitude: t.lat,
          longitude: t.lon,
          heading: t.heading ?? 0,
          speed: t.speedMph ?? 0,
          reverseGeo: { formattedLocation: "Somewhere, IL" },
        },
  });
  const motiveRow = (t: LoopbackTruck) => ({
    vehicle: {
      id: Number(t.id),
      number: t.name,
      year: "2021",
      make: "Freightliner",
      model: "Cascadia",
      current_location: t.noFix
        ? null
        : {
            id: `loc-${t.id}`,
            lat: t.lat,
            lon: t.lon,
            bearing: t.heading ?? 0,
            located_at: t.at,
            description: "Somewhere, IL",
            speed: t.speedMph ?? 0,
          },
    },
  });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://loopback");
    const auth =
      kind === "samsara" ? req.headers.authorization : (req.headers["x-api-key"] as string | undefined);
    requests.push({ path: `${url.pathname}${url.search}`, auth });
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (failNext) {
      failNext = false;
      return send(500, { message: "Internal error" });
    }
    if (kind === "samsara") {
      if (url.pathname !== "/fleet/vehicles/locations") return send(404, { message: "Not found" });
      if (auth !== `Bearer ${options.key}`) return send(401, { message: "Unauthorized" });
      // The cursor is the index of the next row, opaque to the client.
      const after = url.searchParams.get("after");
      const start = after ? Number(Buffer.from(after, "base64url").toString()) : 0;
      const rows = trucks.slice(start, start + pageSize);
      const next = start + rows.length;
      return send(200, {
        data: rows.map(samsaraRow),
        pagination: {
          endCursor: next < trucks.length ? Buffer.from(String(next)).toString("base64url") : "",
          hasNextPage: next < trucks.length,
        },
      });
    }
    if (url.pathname !== "/v1/vehicle_locations") return send(404, { error_message: "Not found" });
    if (auth !== options.key) return send(401, { error_message: "Please sign in to continue" });
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 25), pageSize);
    const page = Number(url.searchParams.get("page_no") ?? 1);
    const rows = trucks.slice((page - 1) * perPage, page * perPage);
    return send(200, {
      vehicles: rows.map(motiveRow),
      pagination: { per_page: perPage, page_no: page, total: trucks.length },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The truck drives on: its next fix is here, now (or at `at`). */
    move(id: string, lat: number, lon: number, at = new Date().toISOString()) {
      const truck = trucks.find((t) => t.id === id);
      if (!truck) throw new Error(`no truck ${id}`);
      Object.assign(truck, { lat, lon, at, noFix: false });
    },
    failNext() {
      failNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
