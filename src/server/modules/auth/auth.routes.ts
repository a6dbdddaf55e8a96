import { Hono } from "hono";
import { loginSchema } from "../../../shared/auth/auth.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { HttpError, validationError } from "../../http/errors";
import { hitRateLimit } from "../../platform/rate-limit/rate-limit";
import { withClientIp } from "./auth";
import { clientIp } from "./session";

/** The better-auth endpoints the browser may call; the rest (sign-up, admin API…) stay server-side. */
const EXPOSED = new Set([
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-out",
  "GET /api/auth/get-session",
]);

const SIGN_IN_WINDOW_SECONDS = 60;

/**
 * better-auth behind a whitelist. Sign-in is validated with the shared schema and rate-limited per
 * client address and per email before better-auth sees it. These are not OpenAPI operations; the
 * access test lists them separately.
 */
export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    if (!EXPOSED.has(`${c.req.method} ${c.req.path}`)) {
      throw new HttpError(404, "NOT_FOUND", "Not found.");
    }
    if (c.req.path === "/api/auth/sign-in/email") {
      const body = await c.req.raw
        .clone()
        .json()
        .catch(() => ({}));
      const parsed = loginSchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
      const address = clientIp(c, deps.config.trustProxy) ?? "unknown";
      const limit = deps.config.signInRateLimit;
      for (const key of [`sign-in:ip:${address}`, `sign-in:email:${parsed.data.email}`]) {
        const hit = await hitRateLimit(deps.db, key, limit, SIGN_IN_WINDOW_SECONDS);
        if (!hit.allowed) {
          c.header("Retry-After", String(hit.retryAfter));
          throw new HttpError(
            429,
            "RATE_LIMITED",
            `Too many sign-in attempts. Try again in ${hit.retryAfter} seconds.`,
          );
        }
      }
    }
    const ip = clientIp(c, deps.config.trustProxy);
    const res = await deps.auth.handler(
      new Request(c.req.raw, { headers: withClientIp(c.req.raw.headers, ip) }),
    );
    return c.req.path === "/api/auth/sign-in/email" && res.ok ? withoutToken(res) : res;
  });
  return app;
}

/** The session token lives only in the httpOnly cookie; page scripts never see it. */
async function withoutToken(res: Response): Promise<Response> {
  const { token: _token, ...body } = (await res.json()) as Record<string, unknown>;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: res.status, headers });
}
