import type { ApiError } from "@shared/api/api.schema";
import type { paths } from "./api-types.gen";

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

/** What `request` sends; the typed methods below build it from a declared path and method. */
export type RequestOptions = {
  method?: string;
  body?: unknown;
  /** Multipart upload; the browser sets the content type with its boundary. */
  form?: FormData;
  query?: Query;
  signal?: AbortSignal;
};

/** Every call to our API goes through here: JSON in, JSON out, errors as ApiRequestError. */
async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
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
  return data;
}

// ---- Types derived from the server's route declarations (src/web/lib/api-types.gen.ts) ----
// Keyed by path and method only — never by operationId or component name — so the document can
// name its operations and schemas without breaking a screen (decision 048).

type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The documented paths that answer `M`. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type JsonOf<R> = R extends { content: { "application/json": infer J } } ? J : undefined;

/** The body of the operation's success answer (200, else 201, else nothing for 204). */
export type ApiResponse<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    responses: infer R;
  }
    ? R extends { 200: infer A }
      ? JsonOf<A>
      : R extends { 201: infer A }
        ? JsonOf<A>
        : undefined
    : never;

type PathParamsOf<O> = O extends { parameters: { path: infer X } }
  ? [X] extends [never]
    ? never
    : X
  : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? ([Q] extends [never] ? never : Q) : never;
type RequestBodyOf<O> = O extends { requestBody?: infer B } ? NonNullable<B> : never;
type JsonBodyOf<O> = RequestBodyOf<O> extends { content: { "application/json": infer J } } ? J : never;
type HasForm<O> = [RequestBodyOf<O>] extends [never]
  ? false
  : RequestBodyOf<O> extends { content: { "multipart/form-data": unknown } }
    ? true
    : false;
type BodyRequired<O> = O extends { requestBody: unknown } ? true : false;

/**
 * A request body as the browser may send it: the declared shape, except that a number may come as
 * the form's text — the server's schemas coerce it (`z.coerce`) and reject what is not a number,
 * which the document cannot express.
 */
type Wire<T> = T extends number
  ? unknown
  : T extends readonly (infer E)[]
    ? Wire<E>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/**
 * The query the operation declares; `null` and `""` are dropped on the way out, like an absent key,
 * and a `"true" | "false"` flag may be given as a boolean (it is sent as its string).
 */
type QueryInput<Q> = {
  [K in keyof Q]?: Q[K] | null | "" | (Exclude<Q[K], undefined> extends "true" | "false" ? boolean : never);
};

/** The query an operation declares (every key optional, as sent). */
export type ApiQuery<P extends keyof paths, M extends Method> = QueryInput<QueryOf<Operation<P, M>>>;

/** What a call passes: the declared path parameters, query, body (JSON or multipart) and a signal. */
export type ApiOptions<P extends keyof paths, M extends Method> = ApiOptionsOf<Operation<P, M>>;
type ApiOptionsOf<O> = { signal?: AbortSignal } & ([PathParamsOf<O>] extends [never]
  ? { path?: never }
  : { path: PathParamsOf<O> }) &
  ([QueryOf<O>] extends [never] ? { query?: never } : { query?: QueryInput<QueryOf<O>> }) &
  (HasForm<O> extends true
    ? { form: FormData; body?: never }
    : [JsonBodyOf<O>] extends [never]
      ? { body?: never; form?: never }
      : BodyRequired<O> extends true
        ? { body: Wire<JsonBodyOf<O>>; form?: never }
        : { body?: Wire<JsonBodyOf<O>>; form?: never });

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type OptionsArg<P extends keyof paths, M extends Method> = [RequiredKeys<ApiOptions<P, M>>] extends [never]
  ? [options?: ApiOptions<P, M>]
  : [options: ApiOptions<P, M>];

/** `/api/loads/{id}` with `{ id }` → `/api/loads/<id>`, each value encoded. */
export function fillPath(template: string, params?: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function caller<M extends Method>(method: M) {
  return <P extends ApiPath<M>>(path: P, ...[options]: OptionsArg<P, M>): Promise<ApiResponse<P, M>> => {
    const o = (options ?? {}) as RequestOptions & { path?: Record<string, string | number> };
    return request(fillPath(path, o.path), {
      method: method.toUpperCase(),
      body: o.body,
      form: o.form,
      query: o.query,
      signal: o.signal,
    }) as Promise<ApiResponse<P, M>>;
  };
}

/**
 * The web app's client: a path as the server declares it (`/api/loads/{id}`), its parameters, query
 * and body, and the answer's type — all read from the route declarations, never written at a call site.
 *
 *     api.get("/api/loads/{id}", { path: { id }, signal })
 *     api.post("/api/loads", { body })
 */
export const api = {
  get: caller("get"),
  post: caller("post"),
  put: caller("put"),
  patch: caller("patch"),
  delete: caller("delete"),
};

export function safeJson(text: string): unknown {
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
