import type { TelematicsKind } from "@shared/geo/geo.constants";
import type { TelematicsOptions, VehicleLocation } from "./telematics";

/** What the adapters share: the GET with its auth header and error mapping, and reading numbers. */

/** unavailable: the provider cannot be reached or answers 5xx/garbage; refused: the key is not accepted. */
export class TelematicsError extends Error {
  constructor(
    readonly kind: "unavailable" | "refused",
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_TELEMATICS_URLS: Record<TelematicsKind, string> = {
  samsara: "https://api.samsara.com",
  motive: "https://api.gomotive.com",
};

/** A provider's pages are followed this far at most (a cursor that never ends must not hang the job). */
export const MAX_PAGES = 100;
const TIMEOUT_MS = 10_000;

/**
 * One GET returning JSON, with the provider's auth header; errors mapped (never the key in a
 * message). Shared by the adapters.
 */
export async function getJson(
  options: TelematicsOptions,
  kind: TelematicsKind,
  path: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<unknown> {
  const base = (options.url || DEFAULT_TELEMATICS_URLS[kind]).replace(/\/+$/, "");
  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(`${base}${path}`, {
      headers: { accept: "application/json", ...headers },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    throw new TelematicsError(
      "unavailable",
      `${kind}: ${(err as Error).name === "TimeoutError" ? "timed out" : "unreachable"}`,
    );
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new TelematicsError("refused", `${kind}: the API key was refused (HTTP ${res.status})`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new TelematicsError("unavailable", `${kind}: HTTP ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new TelematicsError("unavailable", `${kind}: the answer is not JSON`);
  }
}

export const finiteOrNull = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))
      ? Number(v)
      : null;

/** A fix is usable with real coordinates and a parseable time. */
export function usable(l: Omit<VehicleLocation, "lat" | "lon"> & { lat: number | null; lon: number | null }) {
  if (l.lat === null || l.lon === null || Math.abs(l.lat) > 90 || Math.abs(l.lon) > 180) return null;
  if (l.lat === 0 && l.lon === 0) return null;
  const t = Date.parse(l.at);
  if (Number.isNaN(t)) return null;
  return { ...l, lat: l.lat, lon: l.lon, at: new Date(t).toISOString() } satisfies VehicleLocation;
}
