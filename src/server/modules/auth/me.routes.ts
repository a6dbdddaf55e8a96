import { apiErrorSchema, okSchema, pageSchema } from "@shared/api/api.schema";
import { changePasswordSchema, demoAccountsSchema, meSchema, sessionSchema } from "@shared/auth/auth.schema";
import { securityEventSchema, securityHistoryQuerySchema } from "@shared/auth/security-history.schema";
import type { Deps } from "../../deps";
import { idParams, jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { withClientIp } from "./auth";
import { createMeService } from "./me.service";

export function meRoutes(deps: Deps) {
  const service = createMeService(deps);
  const t = routeTable({ tags: ["Session"], access: "authenticated" });
  t.list(
    "/api/me",
    {
      summary: "The signed-in app user: user, role, driver or customer record, permissions, impersonation",
      allowPendingPasswordChange: true,
      response: meSchema,
    },
    ({ actor }) => service.get(actor),
  );
  t.list(
    "/api/session",
    {
      summary:
        "Who is signed in, if anyone: { me } with the same app user as /api/me, or { me: null } (200, never 401 — pages open to everyone ask this)",
      access: "public",
      response: sessionSchema,
    },
    async ({ c }) => {
      const actor = c.get("actor");
      return { me: actor ? await service.get(actor) : null };
    },
  );
  t.json(
    "post",
    "/api/me/password",
    {
      summary: "Change your password (required after an admin sets a temporary one)",
      rateLimited: "RATE_LIMITED: too many password attempts; see Retry-After",
      allowPendingPasswordChange: true,
      body: changePasswordSchema,
      response: okSchema,
    },
    async ({ c, actor, body }) => {
      const headers = await service.changePassword(actor, body, withClientIp(c.req.raw.headers, c.get("ip")));
      for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
      return { ok: true as const };
    },
  );
  t.list(
    "/api/demo-accounts",
    {
      summary:
        "Demo accounts shown on the login page: those still opening with the demo password (empty without " +
        "demo data, and on NODE_ENV=production unless DEMO_DATA=true)",
      access: "public",
      response: demoAccountsSchema,
    },
    () => service.demoAccounts(),
  );
  t.get(
    "/api/users/{id}/security-history",
    {
      summary:
        "An account's security events, newest first: password and two-factor changes, impersonations by an " +
        "admin (with whether two-factor sign-in was skipped), role changes. One's own, or any for users:manage; " +
        "404 for anyone else's",
      params: idParams,
      query: securityHistoryQuerySchema,
      response: pageSchema(securityEventSchema),
      responses: {
        404: jsonContent(apiErrorSchema, "Not the caller's account (and the caller does not manage users)"),
      },
    },
    ({ actor, id, query }) => service.securityHistory(actor, id, query),
  );
  return t.app;
}
