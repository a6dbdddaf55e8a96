import type { ApiError } from "@shared/api/api.schema";

/** A failed API call: the server's `{ error: { code, message, details } }` plus the HTTP status. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** Field messages from a 400 (`details.fields`), keyed by field name. */
  get fields(): Record<string, string> {
    const d = this.details as { fields?: Record<string, string> } | undefined;
    return d?.fields ?? {};
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Every call to our API goes through here: JSON in, JSON out, errors as ApiRequestError. */
export async function api<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    /** Multipart upload; the browser sets the content type with its boundary. */
    form?: FormData;
    query?: Query;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const json = options.body !== undefined;
  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), {
      method: options.method ?? (json || options.form ? "POST" : "GET"),
      headers: json ? { "content-type": "application/json" } : undefined,
      body: options.form ?? (json ? JSON.stringify(options.body) : undefined),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiRequestError(0, "NETWORK", "Network error");
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    const e = (data as ApiError | null)?.error;
    const message = e?.message ?? (data as { message?: string } | null)?.message ?? res.statusText;
    throw new ApiRequestError(
      res.status,
      e?.code ?? (data as { code?: string } | null)?.code ?? "HTTP_ERROR",
      message,
      e?.details,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Fetches a file from our API and hands it to the browser as a download, so a failure can be
 * reported in the page (a plain link would navigate to the error's JSON instead).
 */
export async function download(
  path: string,
  query?: Query,
  fallbackName = "download",
  /** A JSON body makes it a POST (e.g. the loads of a merged PDF). */
  body?: unknown,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(
      withQuery(path, query),
      body === undefined
        ? { credentials: "same-origin" }
        : {
            method: "POST",
            credentials: "same-origin",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          },
    );
  } catch {
    throw new ApiRequestError(0, "NETWORK", "Network error");
  }
  if (!res.ok) {
    const data = safeJson(await res.text()) as ApiError | null;
    throw new ApiRequestError(
      res.status,
      data?.error?.code ?? "HTTP_ERROR",
      data?.error?.message ?? res.statusText,
    );
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const name = match ? decodeURIComponent(match[1] ?? match[2]) : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
