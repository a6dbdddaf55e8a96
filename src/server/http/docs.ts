import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import type { Env, Hono } from "hono";
import { drawingOrder, nameSharedSchemas } from "./openapi-schemas";
import { SESSION_COOKIE_SCHEME } from "./route";

const require = createRequire(import.meta.url);
const ASSETS = new Set(["swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"]);

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Load Management System API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#docs", deepLinking: true });`;

/** /api/docs: Swagger UI served from the installed package (no CDN, CSP-friendly). */
export function mountDocs<E extends Env>(app: Hono<E>) {
  const dir = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  app.get("/api/docs", (c) => c.html(page));
  app.get("/api/docs/assets/init.js", (c) => c.body(init, 200, { "content-type": "text/javascript" }));
  app.get("/api/docs/assets/:file", async (c) => {
    const file = c.req.param("file");
    if (!ASSETS.has(file)) return c.notFound();
    const body = await readFile(path.join(dir, file));
    const type = file.endsWith(".css") ? "text/css" : "text/javascript";
    return c.body(body, 200, { "content-type": type, "cache-control": "public, max-age=86400" });
  });
}

/**
 * /api/openapi.json: every operation `defineRoute` declared (with its operationId, error answers and
 * security), the shared schemas as named components, the session cookie's security scheme and the
 * paths mounted outside OpenAPI that `documentOthers` registers (the sign-in endpoints better-auth
 * answers; decision 047). Call it once every route is mounted: the component names
 * are chosen from the routes' schemas.
 */
export function mountOpenApiDocument<E extends Env>(
  app: OpenAPIHono<E>,
  documentOthers: (registry: OpenAPIRegistry, sessionScheme: string) => void,
) {
  const registry = app.openAPIRegistry;
  const routes = registry.definitions.flatMap((d) => (d.type === "route" ? [d.route as RouteConfig] : []));
  const named = nameSharedSchemas(routes);
  // The named schemas are drawn before any operation, inner ones first (see `drawingOrder`).
  (registry as unknown as { _definitions: unknown[] })._definitions.unshift(
    ...drawingOrder(named, routes).map((schema) => ({ type: "schema", schema })),
  );
  registry.registerComponent("securitySchemes", SESSION_COOKIE_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: "lms.session_token",
    description:
      "The httpOnly session cookie sign-in sets (`__Secure-lms.session_token` when the app is served " +
      "over https). Page scripts never see the token.",
  });
  documentOthers(registry, SESSION_COOKIE_SCHEME);
  const tags = new Set(
    registry.definitions.flatMap((d) => (d.type === "route" ? ((d.route as RouteConfig).tags ?? []) : [])),
  );
  const config = {
    openapi: "3.1.0",
    info: {
      title: "Load Management System API",
      version: "1.0.0",
      description:
        "Every operation lists the roles allowed to call it in `x-roles` (`public` for no sign-in) and " +
        "needs the session cookie unless public. Errors are `{ error: { code, message, details } }` " +
        "(the `Error` schema), each operation listing the ones it can give. Sign-in, the two-factor " +
        "step and sign-out live under `/api/auth/*` (better-auth); the session is `GET /api/me`. " +
        "Request bodies are capped (`x-max-body-bytes`, 1 MB for JSON unless an operation says more) " +
        "and answer 413 beyond it; text may not contain NUL characters (400).",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      contact: { name: "Load Management System" },
    },
    servers: [{ url: "/", description: "The app's own address" }],
    tags: [...tags].sort().map((name) => ({ name })),
  };
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.get("/api/openapi.json", (c) => {
    document ??= withRequiredPathParameters(app.getOpenAPI31Document(config));
    return c.json(document);
  });
}

/**
 * A path parameter is always required (OpenAPI says so); zod-to-openapi leaves `required` off one
 * read through `z.coerce` (a mail attachment's index), whose input could be anything.
 */
function withRequiredPathParameters<D extends { paths?: object }>(doc: D): D {
  for (const item of Object.values(doc.paths ?? {}) as Record<string, { parameters?: unknown[] }>[]) {
    for (const operation of Object.values(item)) {
      for (const p of (operation?.parameters ?? []) as { in?: string; required?: boolean }[]) {
        if (p.in === "path") p.required = true;
      }
    }
  }
  return doc;
}
