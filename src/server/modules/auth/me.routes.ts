import { OpenAPIHono } from "@hono/zod-openapi";
import { apiErrorSchema, okSchema, pageSchema } from "@shared/api/api.schema";
import { changePasswordSchema, demoAccountsSchema, meSchema, sessionSchema } from "@shared/auth/auth.schema";
import { securityEventSchema, securityHistoryQuerySchema } from "@shared/auth/security-history.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, idParams, jsonBody, jsonContent } from "../../http/route";
import { withClientIp } from "./auth";
import { createMeService } from "./me.service";

const getMe = defineRoute({
  method: "get",
  path: "/api/me",
  tags: ["Session"],
  summary: "The signed-in app user: user, role, driver or customer record, permissions, impersonation",
  access: "authenticated",
  allowPendingPasswordChange: true,
  responses: { 200: jsonContent(meSchema) },
});

const getSession = defineRoute({
  method: "get",
  path: "/api/session",
  tags: ["Session"],
  summary:
    "Who is signed in, if anyone: { me } with the same app user as /api/me, or { me: null } (200, never 401 — pages open to everyone ask this)",
  access: "public",
  responses: { 200: jsonContent(sessionSchema) },
});

const changePassword = defineRoute({
  method: "post",
  path: "/api/me/password",
  tags: ["Session"],
  summary: "Change your password (required after an admin sets a temporary one)",
  access: "authenticated",
  rateLimited: "RATE_LIMITED: too many password attempts; see Retry-After",
  allowPendingPasswordChange: true,
  request: { body: jsonBody(changePasswordSchema) },
  responses: { 200: jsonContent(okSchema) },
});

const demoAccounts = defineRoute({
  method: "get",
  path: "/api/demo-accounts",
  tags: ["Session"],
  summary:
    "Demo accounts shown on the login page: those still opening with the demo password (empty without " +
    "demo data, and on NODE_ENV=production unless DEMO_DATA=true)",
  access: "public",
  responses: { 200: jsonContent(demoAccountsSchema) },
});

const securityHistory = defineRoute({
  method: "get",
  path: "/api/users/{id}/security-history",
  tags: ["Session"],
  summary:
    "An account's security events, newest first: password and two-factor changes, impersonations by an " +
    "admin (with whether two-factor sign-in was skipped), role changes. One's own, or any for users:manage; " +
    "404 for anyone else's",
  access: "authenticated",
  request: { params: idParams, query: securityHistoryQuerySchema },
  responses: {
    200: jsonContent(pageSchema(securityEventSchema)),
    404: jsonContent(apiErrorSchema, "Not the caller's account (and the caller does not manage users)"),
  },
});

export function meRoutes(deps: Deps) {
  const service = createMeService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(getMe, async (c) => c.json(await service.get(actorOf(c)), 200))
    .openapi(getSession, async (c) => {
      const actor = c.get("actor");
      return c.json({ me: actor ? await service.get(actor) : null }, 200);
    })
    .openapi(changePassword, async (c) => {
      const headers = await service.changePassword(
        actorOf(c),
        c.req.valid("json"),
        withClientIp(c.req.raw.headers, c.get("ip")),
      );
      for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(demoAccounts, async (c) => c.json(await service.demoAccounts(), 200))
    .openapi(securityHistory, async (c) =>
      c.json(await service.securityHistory(actorOf(c), c.req.valid("param").id, c.req.valid("query")), 200),
    );
}
