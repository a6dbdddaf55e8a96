import { finiteOrNull, getJson, MAX_PAGES, usable } from "./provider-http";
import type { Telematics, TelematicsOptions, VehicleLocation } from "./telematics";

const PER_PAGE = 100;

/**
 * Motive (formerly KeepTruckin): `GET /v1/vehicle_locations?per_page=&page_no=` (the current location
 * of every vehicle), `X-Api-Key: <key>`, numbered pages (1-based; `pagination.total` vehicles in all).
 * Answer: `{ vehicles: [{ vehicle: { id, number, current_location: { lat, lon, located_at, bearing (°),
 * speed, description } | null } }], pagination: { per_page, page_no, total } }`. Speed is taken as
 * miles per hour (Motive's US fleets' unit; decision 054).
 */
export function motive(options: TelematicsOptions): Telematics {
  return {
    kind: "motive",
    async vehicleLocations(signal) {
      const found: VehicleLocation[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const body = (await getJson(
          options,
          "motive",
          `/v1/vehicle_locations?per_page=${PER_PAGE}&page_no=${page}`,
          { "x-api-key": options.key },
          signal,
        )) as { vehicles?: unknown; pagination?: { per_page?: unknown; total?: unknown } };
        const rows = Array.isArray(body.vehicles) ? body.vehicles : [];
        for (const row of rows) {
          const v = (row as { vehicle?: Record<string, unknown> }).vehicle;
          const loc = v?.current_location as Record<string, unknown> | null | undefined;
          if (!v || !loc || v.id === undefined) continue;
          const fix = usable({
            externalId: String(v.id),
            name: typeof v.number === "string" ? v.number : String(v.number ?? ""),
            lat: finiteOrNull(loc.lat),
            lon: finiteOrNull(loc.lon),
            at: String(loc.located_at ?? ""),
            speedMph: finiteOrNull(loc.speed),
            heading: finiteOrNull(loc.bearing),
          });
          if (fix) found.push(fix);
        }
        const perPage = finiteOrNull(body.pagination?.per_page) ?? PER_PAGE;
        const total = finiteOrNull(body.pagination?.total);
        const seen = (page - 1) * perPage + rows.length;
        if (rows.length === 0 || total === null || seen >= total) break;
      }
      return found;
    },
  };
}
