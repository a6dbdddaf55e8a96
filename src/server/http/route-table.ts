import { OpenAPIHono, type RouteConfig, type RouteHandler, type z } from "@hono/zod-openapi";
import { okSchema } from "@shared/api/api.schema";
import type { Context, MiddlewareHandler } from "hono";
import { type Actor, type AppEnv, actorOf } from "./context";
import { validationError } from "./errors";
import {
  binary,
  type Disposition,
  fileResponse,
  type OutgoingFile,
  SHEET_TYPES,
  uploadBodyLimit,
} from "./files";
import { type Answer, JsonText } from "./json-text";
import { defineRoute, jsonBody, jsonContent, type RouteAccess, uuidParams } from "./route";

/**
 * A module's operations as a table (decision 049): one line group per operation — its shape (`list`,
 * `get`, `create`, `update`, `remove`, `export`, `download`, `upload`, or any `json`/`file`
 * operation), path, summary and schemas, and the service call that answers it. The table declares
 * each through `defineRoute` (guard, operationId, error answers: nothing about access changes) and
 * writes the handler: the validated input in, `c.json(result, status)` or the file out.
 *
 *     const t = routeTable({ tags: ["Tolls"], access: "tolls:manage" });
 *     t.list("/api/tolls", { summary: "Tolls…", query: tollListQuerySchema, response: tollPageSchema },
 *       ({ query }) => tolls.list(query));
 *     t.get("/api/tolls/{id}", { summary: "One toll", response: tollSchema }, ({ id }) => tolls.get(id));
 *     return t.app;
 *
 * Operations are registered in the order written: a fixed path (`/api/tolls/export`) before the
 * `{id}` it would otherwise match.
 */

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type In<S> = S extends Schema ? z.input<S> : never;

/** The context of a route declared by hand: its validated input typed from its declaration. */
type RouteContext<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

/** What a handler gets: the request's validated parts, and the signed-in user when it has one. */
export type Io<P, Q, B, F> = {
  c: Context<AppEnv>;
  /** The signed-in user (401 if there is none: only a public operation can get that far without one). */
  readonly actor: Actor;
  params: Out<P>;
  /** `params.id`, for the common one-parameter path. */
  id: Out<P> extends { id: infer I } ? I : undefined;
  query: Out<Q>;
  body: Out<B>;
  form: Out<F>;
  /**
   * When it happened: a replayable operation's `X-Occurred-At` (within bounds, decision 060), else
   * when the request arrived.
   */
  readonly occurredAt: Date;
  /** When the request arrived. */
  readonly receivedAt: Date;
};

/** What every operation declares, besides its shape: the words, the schemas of its input, and access. */
export type OperationSpec<P, Q, B, F> = Partial<RouteAccess> & {
  summary: string;
  description?: string;
  /** The table's tags unless given. */
  tags?: string[];
  params?: P;
  query?: Q;
  /** A JSON body (required unless `optionalBody`). */
  body?: B;
  /**
   * The JSON body may be left out (`required: false`): a request without one reads as `{}` through
   * the body's schema, its defaults applied (the validator only checks a body that was sent).
   */
  optionalBody?: boolean;
  /** A multipart form (required): an upload. */
  form?: F;
  /** Other answers the operation gives beside its success (e.g. a 503), as OpenAPI responses. */
  responses?: RouteConfig["responses"];
  /** Middleware after the declared guard, size cap and NUL check (e.g. an upload's own size limit). */
  middleware?: MiddlewareHandler<AppEnv>[];
  /**
   * Reads the input's validation first (Hono's hook): it may throw the spec's own words for a missing
   * field instead of the generic 400; returning nothing leaves the answer as it would have been.
   */
  hook?: (result: { success: boolean }, c: Context<AppEnv>) => unknown;
};

type JsonSpec<P, Q, B, F, R> = OperationSpec<P, Q, B, F> & {
  response: R;
  /** 200 unless given (a create: 201). */
  status?: 200 | 201 | 202;
  /** The success answer's description ("OK" unless given; a create's "Created"). */
  described?: string;
};

type FileSpec<P, Q, B, F> = OperationSpec<P, Q, B, F> & {
  /** The content types it may answer: a spreadsheet export's CSV/XLSX unless given. */
  types?: string[];
  /** The success answer's description ("The file" unless given). */
  described?: string;
  /**
   * "attachment" (a download) unless "inline" (a page the browser shows), or the request's choice
   * (e.g. `({ query }) => query.disposition`, a viewer showing what a link downloads).
   */
  disposition?: Disposition | ((io: Io<P, Q, B, F>) => Disposition);
  /** The `Cache-Control` header: `private, no-store` (never kept) unless given, e.g. for thumbnails. */
  cacheControl?: string;
};

type Method = "get" | "post" | "put" | "patch" | "delete";

export function routeTable(
  defaults: { tags: string[] } & Pick<RouteAccess, "access"> & Partial<RouteAccess>,
) {
  const app = new OpenAPIHono<AppEnv>();

  function declare<P, Q, B, F>(
    method: Method,
    path: string,
    spec: OperationSpec<P, Q, B, F>,
    success: RouteConfig["responses"],
  ) {
    const {
      summary,
      description,
      tags,
      params,
      query,
      body,
      optionalBody,
      form,
      responses,
      middleware,
      ...access
    } = spec;
    const request = {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(body
        ? { body: { ...jsonBody(body as unknown as Schema), ...(optionalBody ? { required: false } : {}) } }
        : {}),
      ...(form ? { body: { required: true, content: { "multipart/form-data": { schema: form } } } } : {}),
    };
    return defineRoute({
      ...defaults,
      ...access,
      method,
      path,
      tags: tags ?? defaults.tags,
      summary,
      ...(description ? { description } : {}),
      ...(Object.keys(request).length ? { request } : {}),
      responses: { ...success, ...responses },
      ...(middleware?.length ? { middleware } : {}),
    } as Omit<RouteConfig, "middleware"> & RouteAccess & { middleware?: MiddlewareHandler<AppEnv>[] });
  }

  function io<P, Q, B, F>(c: Context<AppEnv>, spec: OperationSpec<P, Q, B, F>): Io<P, Q, B, F> {
    // Read through `valid` only what was declared: the validator of a part exists only then.
    const valid = (target: "param" | "query" | "json" | "form") =>
      (c.req.valid as (t: string) => unknown)(target);
    const params = spec.params ? valid("param") : undefined;
    const arrived = new Date();
    return {
      c,
      get actor() {
        return actorOf(c);
      },
      params,
      id: (params as { id?: unknown } | undefined)?.id,
      query: spec.query ? valid("query") : undefined,
      body: spec.body ? bodyOf(c, spec) : undefined,
      form: spec.form ? valid("form") : undefined,
      occurredAt: c.get("sync")?.occurredAt ?? arrived,
      receivedAt: c.get("sync")?.receivedAt ?? arrived,
    } as Io<P, Q, B, F>;
  }

  /** The validated JSON body; a left-out optional one is `{}` read through the schema. */
  function bodyOf<P, Q, B, F>(c: Context<AppEnv>, spec: OperationSpec<P, Q, B, F>): unknown {
    if (!spec.optionalBody || c.req.header("content-type")) {
      return (c.req.valid as (t: string) => unknown)("json");
    }
    const read = (spec.body as unknown as Schema).safeParse({});
    if (!read.success) throw validationError(read.error);
    return read.data;
  }

  // Hono's handler type is the route's; the table's own generics check the handler instead.
  const register = (
    route: unknown,
    handler: (c: Context<AppEnv>) => Promise<Response>,
    hook?: OperationSpec<unknown, unknown, unknown, unknown>["hook"],
  ) => (app.openapi as (r: unknown, h: unknown, k?: unknown) => unknown)(route, handler, hook);

  const table = {
    /** The module's routes, for `app.route("/", …)`. */
    app,

    /** Any JSON operation: the handler's result is the answer, with `status` (200 unless given). */
    json<R extends Schema, P = undefined, Q = undefined, B = undefined, F = undefined>(
      method: Method,
      path: string,
      spec: JsonSpec<P, Q, B, F, R>,
      handle: (io: Io<P, Q, B, F>) => Promise<Answer<In<R>>>,
    ) {
      const status = spec.status ?? 200;
      const { response, status: _s, described, hook, ...rest } = spec;
      const route = declare(method, path, rest, { [status]: jsonContent(response, described) });
      register(
        route,
        async (c) => {
          const answer = await handle(io(c, spec));
          // Text PostgreSQL wrote already is sent as it is (json-text.ts).
          return answer instanceof JsonText
            ? c.body(answer.text, status, { "Content-Type": "application/json" })
            : c.json(answer, status);
        },
        hook,
      );
      return table;
    },

    /** Any operation that answers a file (a spreadsheet, a PDF, a stored upload). */
    file<P = undefined, Q = undefined, B = undefined, F = undefined>(
      method: Method,
      path: string,
      spec: FileSpec<P, Q, B, F>,
      handle: (io: Io<P, Q, B, F>) => Promise<OutgoingFile>,
    ) {
      const { types, described, disposition, cacheControl, hook, ...rest } = spec;
      const route = declare(method, path, rest, {
        200: binary(types ?? SHEET_TYPES, described ?? "The file"),
      });
      register(
        route,
        async (c) => {
          const input = io(c, spec);
          const file = await handle(input);
          const res = fileResponse(
            c,
            file,
            typeof disposition === "function" ? disposition(input) : disposition,
          );
          if (cacheControl) res.headers.set("Cache-Control", cacheControl);
          return res;
        },
        hook,
      );
      return table;
    },

    /** A page of rows (or any read without a path parameter). */
    list<R extends Schema, Q = undefined>(
      path: string,
      spec: JsonSpec<undefined, Q, undefined, undefined, R>,
      handle: (io: Io<undefined, Q, undefined, undefined>) => Promise<Answer<In<R>>>,
    ) {
      return table.json("get", path, spec, handle);
    },

    /** One row by id (`uuidParams` unless other params are given). */
    get<R extends Schema, P = typeof uuidParams, Q = undefined>(
      path: string,
      spec: JsonSpec<P, Q, undefined, undefined, R>,
      handle: (io: Io<P, Q, undefined, undefined>) => Promise<Answer<In<R>>>,
    ) {
      return table.json("get", path, { params: uuidParams as P, ...spec }, handle);
    },

    /** A new row from a JSON body: 201 "Created" unless said otherwise. */
    create<R extends Schema, B = undefined, P = undefined>(
      path: string,
      spec: JsonSpec<P, undefined, B, undefined, R>,
      handle: (io: Io<P, undefined, B, undefined>) => Promise<In<R>>,
    ) {
      return table.json("post", path, { status: 201, described: "Created", ...spec }, handle);
    },

    /** A row replaced from a JSON body (PUT; `method: "patch"` for a partial change). */
    update<R extends Schema, B = undefined, P = typeof uuidParams>(
      path: string,
      spec: JsonSpec<P, undefined, B, undefined, R> & { method?: "put" | "patch" },
      handle: (io: Io<P, undefined, B, undefined>) => Promise<In<R>>,
    ) {
      const { method, ...rest } = spec;
      return table.json(method ?? "put", path, { params: uuidParams as P, ...rest }, handle);
    },

    /** A row deleted: `{ ok: true }` once the handler is done. */
    remove<P = typeof uuidParams>(
      path: string,
      spec: OperationSpec<P, undefined, undefined, undefined>,
      handle: (io: Io<P, undefined, undefined, undefined>) => Promise<unknown>,
    ) {
      const ok = async (input: Io<P, undefined, undefined, undefined>) => {
        await handle(input);
        return { ok: true as const };
      };
      return table.json("delete", path, { params: uuidParams as P, response: okSchema, ...spec }, ok);
    },

    /** The filtered rows as a spreadsheet (CSV or Excel). */
    export<Q = undefined>(
      path: string,
      spec: FileSpec<undefined, Q, undefined, undefined>,
      handle: (io: Io<undefined, Q, undefined, undefined>) => Promise<OutgoingFile>,
    ) {
      return table.file("get", path, spec, handle);
    },

    /** A stored or rendered file by id. */
    download<P = typeof uuidParams, Q = undefined>(
      path: string,
      spec: FileSpec<P, Q, undefined, undefined>,
      handle: (io: Io<P, Q, undefined, undefined>) => Promise<OutgoingFile>,
    ) {
      return table.file("get", path, { params: uuidParams as P, ...spec }, handle);
    },

    /**
     * A multipart upload (201 "Created" unless said otherwise). `maxBytes` refuses a larger file
     * with 413 before it is buffered (`uploadBodyLimit`), with `tooLarge` as the message if given.
     */
    upload<R extends Schema, F = undefined, P = undefined>(
      path: string,
      spec: JsonSpec<P, undefined, undefined, F, R> & { maxBytes?: number; tooLarge?: string },
      handle: (io: Io<P, undefined, undefined, F>) => Promise<In<R>>,
    ) {
      const { maxBytes, tooLarge, middleware, ...rest } = spec;
      const limit = maxBytes ? [uploadBodyLimit(maxBytes, tooLarge)] : [];
      return table.json(
        "post",
        path,
        { status: 201, described: "Created", ...rest, middleware: [...limit, ...(middleware ?? [])] },
        handle,
      );
    },

    /**
     * An operation declared by hand (`defineRoute`) whose answer no shape above fits. The handler's
     * context is typed by the route's declared input (`c.req.valid("param")`…), as `app.openapi` types it.
     */
    route<R extends RouteConfig>(route: R, handler: (c: RouteContext<R>) => Promise<Response> | Response) {
      register(route, async (c) => handler(c));
      return table;
    },
  };
  return table;
}
