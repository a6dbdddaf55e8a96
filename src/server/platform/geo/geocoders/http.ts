import type { GeocodeQuery, GeocoderOptions } from "../geocoder";

export const GEOCODE_TIMEOUT_MS = 4000;

/** What a provider call can fail with: down/slow, refusing the key or quota, or a request it rejects. */
export type GeocodeErrorKind = "unavailable" | "refused" | "not_found";
export class GeocodeError extends Error {
  constructor(
    readonly kind: GeocodeErrorKind,
    /** Safe detail: an HTTP status or the provider's status word, never a URL, key or address. */
    readonly detail: string,
  ) {
    super(`Geocoder ${kind}: ${detail}`);
    this.name = "GeocodeError";
  }
}

/**
 * GET a provider's JSON with a timeout. HTTP 401/403 → refused (key or plan), 400/404/422 →
 * not_found, anything else that is not 2xx, a network error, a timeout or bad JSON → unavailable.
 */
export async function fetchJson(
  url: URL,
  options: Pick<GeocoderOptions, "fetch" | "timeoutMs"> & { headers?: Record<string, string> },
  signal?: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? GEOCODE_TIMEOUT_MS);
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(url, {
      headers: { accept: "application/json", ...options.headers },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    throw new GeocodeError("unavailable", (err as Error).name === "TimeoutError" ? "timeout" : "network");
  }
  if (res.status === 401 || res.status === 403) throw new GeocodeError("refused", `HTTP ${res.status}`);
  if (res.status === 400 || res.status === 404 || res.status === 422)
    throw new GeocodeError("not_found", `HTTP ${res.status}`);
  if (!res.ok) throw new GeocodeError("unavailable", `HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new GeocodeError("unavailable", "bad JSON");
  }
}

/** "1600 Main St, Joliet, IL 60431": one line for the providers that take free text. */
export function oneLine(q: GeocodeQuery): string {
  const tail = [q.state, q.postalCode].filter(Boolean).join(" ");
  return [q.address, q.city, tail].filter((p) => p?.trim()).join(", ");
}
