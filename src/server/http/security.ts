import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../config";
import type { AppEnv } from "./context";
import { HttpError } from "./errors";

/**
 * A stored document shown in a frame of our own pages: nothing in it may run or load (it is a user's
 * upload), our origin alone may frame it, and the browser's PDF viewer may draw it.
 */
const FRAMED_DOCUMENT_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * CSP, nosniff, frame-ancestors and referrer policy on every response. `mapOrigins` are the tile
 * service set in Settings (decision 053): the maps fetch its style, tiles and glyphs, and draw its
 * sprites — from the page and from MapLibre's worker, whose own script response carries this same
 * policy, so every response names them. The worker itself is a file of our origin (script-src 'self').
 */
export const securityHeaders = (
  options: { mapOrigins?: () => readonly string[] } = {},
): MiddlewareHandler<AppEnv> => {
  const mapOrigins = () => (options.mapOrigins?.() ?? []).join(" ");
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      workerSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", mapOrigins],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", mapOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
  });
  return async (c, next) => {
    await headers(c, next);
    if (c.get("framable") && c.res.ok) {
      c.res.headers.set("Content-Security-Policy", FRAMED_DOCUMENT_CSP);
      c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
    }
    const hash = c.get("inlineScriptHash");
    const policy = c.res.headers.get("Content-Security-Policy");
    if (hash && policy)
      c.res.headers.set(
        "Content-Security-Policy",
        policy.replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`),
      );
  };
};

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cookie-authenticated writes must come from our own origin. Browsers send `Origin` on every
 * non-GET fetch; a request without cookies carries no ambient authority and passes.
 */
export function originCheck(config: Pick<Config, "trustedOrigins" | "publicUrl">): MiddlewareHandler {
  const allowed = new Set(config.trustedOrigins);
  return async (c, next) => {
    if (UNSAFE.has(c.req.method) && c.req.header("cookie")) {
      const origin = c.req.header("origin");
      const host = c.req.header("host");
      const self = host ? [`http://${host}`, `https://${host}`] : [];
      if (!origin || !(allowed.has(origin) || self.includes(origin))) {
        throw new HttpError(
          403,
          "CSRF",
          `This request did not come from the app's own pages. Open ${config.publicUrl} and try again.`,
          { url: config.publicUrl },
        );
      }
    }
    await next();
  };
}
