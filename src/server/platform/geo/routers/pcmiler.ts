import { JURISDICTIONS } from "@shared/fuel/jurisdictions";
import { callEngine, type Router, RouterError, type RouterOptions } from "./engine";

/**
 * Trimble PC*MILER Web Services, the trucking industry's miles standard (`GET /route/routeReports`
 * with `reports=Mileage,State`, practical truck route): the mileage report gives each leg's miles, the
 * state report gives miles per state/province, so no polygon split is needed. The key goes in the
 * `Authorization` header (kept out of URLs). Numbers come as strings ("164.8").
 */
interface MileageReport {
  __type: string;
  ReportLines: { LMiles: string; TMiles: string }[];
}
interface StateReport {
  __type: string;
  StateReportLines: { StCntry: string; Total: string }[];
}

const CODES = new Set<string>(JURISDICTIONS.map((j) => j.code));

export function pcmilerRouter(options: RouterOptions): Router {
  return {
    engine: "pcmiler",
    async route(points, signal) {
      const query = new URLSearchParams({
        stops: points.map((p) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`).join(";"),
        reports: "Mileage,State",
        vehType: "Truck",
        routeType: "Practical",
        dataVersion: "Current",
      });
      const { status, body } = await callEngine(
        options,
        `${options.baseUrl}/route/routeReports?${query}`,
        { method: "GET", headers: options.key ? { authorization: options.key } : {} },
        signal,
      );
      if (status >= 400 || !Array.isArray(body)) {
        const message = (body as { Message?: string } | null)?.Message ?? "";
        throw new RouterError(
          /route|stop|geocod/i.test(message) ? "not_found" : "refused",
          "PC*MILER refused the route.",
        );
      }
      const reports = body as (MileageReport | StateReport)[];
      const mileage = reports.find((r): r is MileageReport => r.__type.startsWith("MileageReport"));
      const states = reports.find((r): r is StateReport => r.__type.startsWith("StateReport"));
      if (!mileage) throw new RouterError("unavailable", "PC*MILER sent no mileage report.");
      // One line per stop; the origin's leg is 0. Later lines past the stops (totals) are ignored.
      const lines = mileage.ReportLines.slice(0, points.length);
      const legMiles = lines.slice(1).map((l) => Number(l.LMiles));
      const stateMiles: Record<string, number> = {};
      for (const line of states?.StateReportLines ?? []) {
        const code = line.StCntry.split("_").pop() ?? "";
        if (CODES.has(code)) stateMiles[code] = (stateMiles[code] ?? 0) + Number(line.Total);
      }
      return {
        miles: legMiles.reduce((s, m) => s + m, 0),
        legMiles,
        geometry: null,
        stateMiles: states ? stateMiles : undefined,
        engine: "pcmiler",
      };
    },
  };
}
