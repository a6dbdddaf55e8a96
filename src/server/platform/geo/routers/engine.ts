import { haversineMiles, type LatLon } from "@shared/geo/distance";
import type { RouterKind } from "@shared/geo/geo.constants";

/**
 * What every routing adapter shares (decision 051): the result shape, the error kinds, one HTTP call
 * with a timeout that never puts a URL (keys, places) in an error message.
 */

export type RouterEngine = RouterKind | "offline";

export interface RouteResult {
  /** Total road miles through the points. */
  miles: number;
  /** Miles of each leg between consecutive points. */
  legMiles: number[];
  /** The road's line (for the state split and the map), or null when the engine gives none. */
  geometry: LatLon[] | null;
  /** Miles per state/province when the engine reports them itself (PC*MILER). */
  stateMiles?: Record<string, number>;
  engine: RouterEngine;
}

export interface Router {
  readonly engine: RouterEngine;
  route(points: readonly LatLon[], signal?: AbortSignal): Promise<RouteResult>;
}

/** unavailable: try again later · refused: the key or request was refused · not_found: no road between the points. */
export type RouterErrorKind = "unavailable" | "refused" | "not_found";
export class RouterError extends Error {
  constructor(
    readonly kind: RouterErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "RouterError";
  }
}

export interface RouterOptions {
  baseUrl: string;
  key: string | null;
  fetch?: typeof fetch;
}

export const ROUTE_TIMEOUT_MS = 10_000;

/** One HTTP call of an adapter: a timeout, and the engine's failures mapped to the three kinds. */
export async function callEngine(
  options: RouterOptions,
  url: string,
  init: RequestInit,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  const timeout = AbortSignal.timeout(ROUTE_TIMEOUT_MS);
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(url, {
      ...init,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    // The message would carry the URL (and so a key or coordinates): keep it generic.
    throw new RouterError("unavailable", "The routing engine did not answer.");
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (res.status === 401 || res.status === 403)
    throw new RouterError("refused", `The routing engine refused the key (HTTP ${res.status}).`);
  if (res.status >= 500 || body === null)
    throw new RouterError("unavailable", `The routing engine failed (HTTP ${res.status}).`);
  return { status: res.status, body };
}

/**
 * POST a JSON body to `{baseUrl}{path}`, the key (when there is one) in the query parameter the engine
 * names (Valhalla `api_key`, GraphHopper `key`): the shape both HTTP APIs share.
 */
export function postJson(
  options: RouterOptions,
  path: string,
  keyParam: string,
  body: unknown,
  signal?: AbortSignal,
) {
  const url = options.key
    ? `${options.baseUrl}${path}?${keyParam}=${encodeURIComponent(options.key)}`
    : `${options.baseUrl}${path}`;
  return callEngine(
    options,
    url,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    signal,
  );
}

export const METERS_PER_MILE = 1609.344;

/**
 * Each leg's share of `totalMiles` for an engine that only gives the whole line: the line is cut at
 * the vertex nearest each intermediate waypoint and the pieces are scaled to the total.
 */
export function legMilesAlong(
  line: readonly LatLon[],
  waypoints: readonly LatLon[],
  totalMiles: number,
): number[] {
  if (waypoints.length <= 2 || line.length < 2) return [totalMiles];
  const cumulative = [0];
  for (let i = 1; i < line.length; i++)
    cumulative.push(cumulative[i - 1] + haversineMiles(line[i - 1], line[i]));
  const cuts = [0];
  for (const w of waypoints.slice(1, -1)) {
    let best = cuts[cuts.length - 1];
    for (let i = best; i < line.length; i++)
      if (haversineMiles(line[i], w) < haversineMiles(line[best], w)) best = i;
    cuts.push(best);
  }
  cuts.push(line.length - 1);
  const length = cumulative[line.length - 1] || 1;
  return cuts.slice(1).map((c, i) => ((cumulative[c] - cumulative[cuts[i]]) / length) * totalMiles);
}
