import { finiteOrNull, getJson, MAX_PAGES, usable } from "./provider-http";
import type { Telematics, TelematicsOptions, VehicleLocation } from "./telematics";

/**
 * Samsara: `GET /fleet/vehicles/locations` (the latest location of every vehicle), `Authorization:
 * Bearer <API token>`, cursor pages (`pagination.endCursor` → `?after=` while `hasNextPage`).
 * Answer: `{ data: [{ id, name, location: { time (RFC 3339), latitude, longitude, heading (°),
 * speed (mph), reverseGeo: { formattedLocation } } }], pagination: { endCursor, hasNextPage } }`.
 */
export function samsara(options: TelematicsOptions): Telematics {
  return {
    kind: "samsara",
    async vehicleLocations(signal) {
      const found: VehicleLocation[] = [];
      let after = "";
      for (let page = 0; page < MAX_PAGES; page++) {
        const path = `/fleet/vehicles/locations${after ? `?after=${encodeURIComponent(after)}` : ""}`;
        const body = (await getJson(
          options,
          "samsara",
          path,
          { authorization: `Bearer ${options.key}` },
          signal,
        )) as {
          data?: unknown;
          pagination?: { endCursor?: unknown; hasNextPage?: unknown };
        };
        for (const row of Array.isArray(body.data) ? body.data : []) {
          const v = row as { id?: unknown; name?: unknown; location?: Record<string, unknown> | null };
          if (!v.location || v.id === undefined) continue;
          const fix = usable({
            externalId: String(v.id),
            name: typeof v.name === "string" ? v.name : "",
            lat: finiteOrNull(v.location.latitude),
            lon: finiteOrNull(v.location.longitude),
            at: String(v.location.time ?? ""),
            speedMph: finiteOrNull(v.location.speed),
            heading: finiteOrNull(v.location.heading),
          });
          if (fix) found.push(fix);
        }
        const next = body.pagination?.endCursor;
        if (body.pagination?.hasNextPage !== true || typeof next !== "string" || next === "") break;
        after = next;
      }
      return found;
    },
  };
}
