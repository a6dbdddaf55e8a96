import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Env, Hono } from "hono";

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
