import { loginSchema } from "@shared/auth/login.schema";
import { Hono } from "hono";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { HttpError, validationError } from "../../http/errors";
import { enforceRateLimit, hitRateLimit } from "../../platform/rate-limit/rate-limit";
import { withClientIp } from "./auth";
import { pendingRequestMatches } from "./pending-registration";
import { clientIp } from "./session";

/**
 * The better-auth endpoints the browser may call; the rest (sign-up, admin API…) stay server-side.
 * `get-session` is not among them: the web app reads `/api/me`, and better-auth's answer would hand
 * page scripts the session token, IP and user agent.
 */
const EXPOSED = new Set([
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-out",
  // The second step of a sign-in with two-factor (the short-lived two-factor cookie says whose).
  "POST /api/auth/two-factor/verify-totp",
  "POST /api/auth/two-factor/verify-backup-code",
]);
const SECOND_STEP = new Set(["/api/auth/two-factor/verify-totp", "/api/auth/two-factor/verify-backup-code"]);

const SIGN_IN_WINDOW_SECONDS = 60;
const SIGN_IN = "/api/auth/sign-in/email";
/**
 * One address may try several accounts (an office behind one public address signs in its whole shift):
 * its own budget is this many times SIGN_IN_RATE_LIMIT, which bounds each (address, email) pair.
 */
export const SIGN_IN_ADDRESS_FACTOR = 3;
/**
 * Past SIGN_IN_RATE_LIMIT wrong passwords a minute for one email (from any addresses), each further
 * wrong answer for it waits this long. Never a refusal: that would let anyone lock a named user out.
 */
export const SIGN_IN_SLOW_DOWN_MS = 1000;

export const REGISTRATION_PENDING_SIGN_IN =
  "Your account is pending review. You will be notified once it's approved.";

/**
 * better-auth behind a whitelist. Sign-in is validated with the shared schema and rate-limited per
 * client address and per (address, email) before better-auth sees it; wrong passwords for one email
 * beyond the limit are answered slowly. These are not OpenAPI operations; the
 * access test lists them separately.
 */
export function authRoutes(deps: Deps) {
  const limit = (keys: string[], max: number) =>
    enforceRateLimit(deps.db, keys, max, SIGN_IN_WINDOW_SECONDS, "sign-in attempts");
  const limitAddress = (ip: string | null) =>
    limit([`sign-in:ip:${ip ?? "unknown"}`], deps.config.signInRateLimit * SIGN_IN_ADDRESS_FACTOR);
  /** Wrong passwords for one email beyond the limit are answered slowly (the right one never is). */
  async function slowDownGuessing(email: string) {
    const failures = await hitRateLimit(
      deps.db,
      `sign-in:email-failed:${email}`,
      deps.config.signInRateLimit,
      SIGN_IN_WINDOW_SECONDS,
    );
    if (!failures.allowed) await new Promise((resolve) => setTimeout(resolve, SIGN_IN_SLOW_DOWN_MS));
  }

  const app = new Hono<AppEnv>();
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    if (!EXPOSED.has(`${c.req.method} ${c.req.path}`)) {
      throw new HttpError(404, "NOT_FOUND", "Not found.");
    }
    const ip = clientIp(c, deps.config.trustProxy);
    let login: { email: string; password: string } | null = null;
    if (c.req.path === SIGN_IN) {
      const body = await c.req.raw
        .clone()
        .json()
        .catch(() => ({}));
      const parsed = loginSchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
      login = parsed.data;
      // Per (address, email) and per address, never per email alone: a refusal counted on the email
      // would answer the right password with 429 for whoever an attacker chose to lock out.
      await limitAddress(ip);
      await limit([`sign-in:ip-email:${ip ?? "unknown"}:${login.email}`], deps.config.signInRateLimit);
    }
    // The code step has the same limits as the password step (better-auth's own limiter is off).
    if (SECOND_STEP.has(c.req.path)) {
      await limitAddress(ip);
      await limit([`two-factor:ip:${ip ?? "unknown"}`], deps.config.signInRateLimit);
    }
    const res = await deps.auth.handler(
      new Request(c.req.raw, { headers: withClientIp(c.req.raw.headers, ip) }),
    );
    if (res.ok) return c.req.path === SIGN_IN || SECOND_STEP.has(c.req.path) ? withoutToken(res) : res;
    const code = await errorCode(res);
    if (code === "INVALID_ORIGIN") throw wrongAddress(deps.config.publicUrl);
    if (login && code === "INVALID_EMAIL_OR_PASSWORD") await slowDownGuessing(login.email);
    if (login && code === "INVALID_EMAIL_OR_PASSWORD" && (await pendingRequestMatches(deps, login))) {
      throw new HttpError(403, "REGISTRATION_PENDING", REGISTRATION_PENDING_SIGN_IN);
    }
    return res;
  });
  return app;
}

async function errorCode(res: Response): Promise<string | null> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === "string" ? body.code : null;
}

/** A page opened at an address the app does not serve under: say where to go instead. */
export function wrongAddress(publicUrl: string): HttpError {
  return new HttpError(
    403,
    "WRONG_ADDRESS",
    `This page was opened at an address the app does not accept. Open ${publicUrl} and try again.`,
    { url: publicUrl },
  );
}

/** The session token lives only in the httpOnly cookie; page scripts never see it. */
async function withoutToken(res: Response): Promise<Response> {
  const { token: _token, ...body } = (await res.json()) as Record<string, unknown>;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: res.status, headers });
}
