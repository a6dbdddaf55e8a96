import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
import { loginSchema } from "@shared/auth/login.schema";
import { Hono } from "hono";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { errorBody, HttpError, validationError } from "../../http/errors";
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
    return inOurErrorShape(res);
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

/**
 * better-auth answers a refusal as `{ message, code }`; the rest of the API as
 * `{ error: { code, message, details } }`. Same status, headers (a cleared cookie), code and
 * message, in our shape — the web app's `api()` reads both, so what the user reads is unchanged.
 */
async function inOurErrorShape(res: Response): Promise<Response> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; message?: unknown; error?: unknown } | null;
  if (!body || typeof body !== "object" || "error" in body) return res;
  const code = typeof body.code === "string" && body.code ? body.code : "HTTP_ERROR";
  const message = typeof body.message === "string" && body.message ? body.message : res.statusText;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(errorBody(code, message)), { status: res.status, headers });
}

const signInBody = z.object({
  email: z.string().openapi({ format: "email", description: "Trimmed and lower-cased" }),
  password: z.string(),
  rememberMe: z.boolean().optional().openapi({ description: "Keep the session past the browser's close" }),
});
const signInAnswer = z
  .object({
    redirect: z.boolean().optional(),
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }).loose().optional(),
    twoFactorRedirect: z
      .boolean()
      .optional()
      .openapi({ description: "true: no session yet; send the authenticator code next (verify-totp)" }),
    twoFactorMethods: z.array(z.string()).optional(),
  })
  .openapi("SignInAnswer");
const codeBody = z.object({
  code: z.string().openapi({ description: "The authenticator's six digits, or a recovery code" }),
  trustDevice: z.boolean().optional(),
});
const signOutAnswer = z.object({ success: z.boolean() }).openapi("SignOutAnswer");

const authError = (description: string) => ({
  description,
  content: { "application/json": { schema: apiErrorSchema } },
});

/**
 * The four better-auth endpoints in /api/openapi.json (they are not OpenAPI routes: better-auth
 * answers them). Their refusals have the API's one error shape (`inOurErrorShape`).
 */
export function documentAuthRoutes(registry: OpenAPIRegistry, sessionScheme: string) {
  const tags = ["Authentication"];
  const common = {
    "x-roles": ["public"],
    "x-access": "public",
    "x-better-auth": true,
    tags,
    security: [],
  };
  registry.registerPath({
    ...common,
    method: "post",
    path: SIGN_IN,
    operationId: "signIn",
    summary:
      "Sign in with email and password: sets the httpOnly session cookie (the session itself is GET /api/me). " +
      "With two-factor on, answers `twoFactorRedirect` and a short-lived cookie for the code step instead",
    request: { body: { required: true, content: { "application/json": { schema: signInBody } } } },
    responses: {
      200: {
        description: "Signed in (or the code step is next); the token is only in the cookie",
        content: { "application/json": { schema: signInAnswer } },
      },
      400: authError("Email or password missing or malformed; `details.fields` per field"),
      401: authError("INVALID_EMAIL_OR_PASSWORD"),
      403: authError(
        "BANNED_USER (a disabled account), REGISTRATION_PENDING (a registration not yet approved), " +
          "WRONG_ADDRESS (opened at an address the app does not serve)",
      ),
      413: authError("The request body is larger than 1 MB"),
      429: authError("RATE_LIMITED: too many sign-in attempts from this address; see Retry-After"),
    },
  });
  for (const [path, operationId, what] of [
    ["/api/auth/two-factor/verify-totp", "verifyTwoFactorCode", "the authenticator app's code"],
    ["/api/auth/two-factor/verify-backup-code", "verifyTwoFactorRecoveryCode", "a one-time recovery code"],
  ] as const) {
    registry.registerPath({
      ...common,
      method: "post",
      path,
      operationId,
      summary: `The second sign-in step with ${what}: sets the session cookie (needs the password step's cookie)`,
      request: { body: { required: true, content: { "application/json": { schema: codeBody } } } },
      responses: {
        200: {
          description: "Signed in",
          content: { "application/json": { schema: signInAnswer } },
        },
        400: authError("The code is missing or malformed"),
        401: authError(
          "INVALID_CODE or INVALID_BACKUP_CODE, or INVALID_TWO_FACTOR_COOKIE when the code step expired (sign in again)",
        ),
        403: authError("WRONG_ADDRESS (opened at an address the app does not serve)"),
        413: authError("The request body is larger than 1 MB"),
        429: authError("RATE_LIMITED, or ACCOUNT_TEMPORARILY_LOCKED after ten wrong codes; see Retry-After"),
      },
    });
  }
  registry.registerPath({
    ...common,
    "x-roles": ["public"],
    method: "post",
    path: "/api/auth/sign-out",
    operationId: "signOut",
    summary: "Sign out: ends the session and clears its cookie (without one, nothing to end)",
    security: [{ [sessionScheme]: [] }, {}],
    request: { body: { required: false, content: { "application/json": { schema: z.object({}) } } } },
    responses: {
      200: { description: "Signed out", content: { "application/json": { schema: signOutAnswer } } },
      400: authError("A malformed body"),
      403: authError("WRONG_ADDRESS (opened at an address the app does not serve)"),
      413: authError("The request body is larger than 1 MB"),
    },
  });
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
