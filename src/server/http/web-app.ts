import { existsSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { varyOnEncoding } from "./compress";

/** Hashed file names never change content: a browser keeps them for a year without asking. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** A document names the current hashed files: the browser asks again every time (a 304 is cheap). */
const REVALIDATE = "no-cache";

type Static = typeof serveStatic;
type StaticOptions = Parameters<Static>[0];

/**
 * One static file route that sends the build's precompressed `.br`/`.gz` twin the browser accepts
 * (`scripts/precompress.ts`, decision 058) with `Content-Encoding` and `Vary: Accept-Encoding`, and the
 * plain file otherwise. A range request (a resumed download) always gets the plain file, so its byte
 * offsets mean what the client thinks. `Vary` is set on the plain answer too, so a shared cache never
 * hands a compressed copy to a client that did not ask for one.
 */
function staticFiles(
  options: StaticOptions,
  cacheControl: (file: string) => string | undefined,
): MiddlewareHandler {
  const onFound = (file: string, c: Context) => {
    const value = cacheControl(file.replace(/\.(?:br|gz)$/, ""));
    if (value) c.header("Cache-Control", value);
    if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(c.res.headers.get("Content-Type") ?? ""))
      varyOnEncoding(c.res.headers);
  };
  const compressed = serveStatic({ ...options, precompressed: true, onFound });
  const plain = serveStatic({ ...options, onFound });
  return (c, next) => (c.req.header("Range") ? plain(c, next) : compressed(c, next));
}

/**
 * The built web app (`dist/web`): hashed assets cached for good, every document (`/`, the sign-in
 * page, any client-side route answered with the app shell) revalidated on each visit — all of them
 * compressed as built. `documents` maps a path to a document of its own: the sign-in page (decision
 * 022), the driver's home with its code preloaded (`scripts/route-documents.ts`, decision 058); one
 * missing from the build leaves its path to the app shell.
 */
export function serveWebApp<E extends Env>(app: Hono<E>, dist: string, documents: Record<string, string>) {
  const root = path.relative(process.cwd(), dist);
  app.use(
    "/assets/*",
    staticFiles({ root }, () => IMMUTABLE),
  );
  // Other files of the build's root (favicon, the app shell at `/`): documents revalidate.
  app.use(
    "*",
    staticFiles({ root }, (file) => (file.endsWith(".html") ? REVALIDATE : undefined)),
  );
  for (const [routePath, file] of Object.entries(documents))
    if (existsSync(path.join(dist, file)))
      app.get(
        routePath,
        staticFiles({ root, path: file }, () => REVALIDATE),
      );
  // Client-side routes: every other GET gets the app shell.
  app.get(
    "*",
    staticFiles({ root, path: "index.html" }, () => REVALIDATE),
  );
}
