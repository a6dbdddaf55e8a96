import {
  codeInputSchema,
  passwordInputSchema,
  securitySettingsInputSchema,
  securitySettingsSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from "@shared/auth/two-factor.schema";
import type { Context } from "hono";
import { z } from "zod";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { withClientIp } from "./auth";
import { createTwoFactorService } from "./two-factor.service";

const userParams = z.object({ id: z.string().min(1).max(64) });
const TOO_MANY = "RATE_LIMITED: too many password or code attempts; see Retry-After";

export function twoFactorRoutes(deps: Deps) {
  const service = createTwoFactorService(deps);
  const headersOf = (c: Context<AppEnv>) => withClientIp(c.req.raw.headers, c.get("ip"));
  /** The answer without the session cookies, which go on the response. */
  const withCookies = <T extends { cookies: string[] }>(c: Context<AppEnv>, { cookies, ...status }: T) => {
    for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
    return status;
  };
  const t = routeTable({ tags: ["Session"], access: "authenticated" });
  t.list(
    "/api/me/two-factor",
    {
      summary: "Whether the caller signs in with two factors, and whether their role must",
      allowPendingPasswordChange: true,
      response: twoFactorStatusSchema,
    },
    ({ actor }) => service.status(actor),
  );
  t.json(
    "post",
    "/api/me/two-factor/enable",
    {
      summary:
        "Start two-factor set-up with the password: the authenticator's QR code and key, and ten one-time recovery codes (shown once)",
      rateLimited: TOO_MANY,
      conflict: "TWO_FACTOR_ON: two-factor sign-in is already on",
      allowPendingPasswordChange: true,
      body: passwordInputSchema,
      response: twoFactorEnrolmentSchema,
    },
    ({ c, actor, body }) => service.enable(actor, body.password, headersOf(c)),
  );
  t.json(
    "post",
    "/api/me/two-factor/confirm",
    {
      summary: "Confirm set-up with a first code from the authenticator: two-factor sign-in is on; audited",
      rateLimited: TOO_MANY,
      conflict: "TWO_FACTOR_ON: two-factor sign-in is already on",
      allowPendingPasswordChange: true,
      body: codeInputSchema,
      response: twoFactorStatusSchema,
    },
    async ({ c, actor, body }) => withCookies(c, await service.confirm(actor, body.code, headersOf(c))),
  );
  t.json(
    "post",
    "/api/me/two-factor/disable",
    {
      summary: "Turn two-factor sign-in off with the password; audited",
      rateLimited: TOO_MANY,
      conflict: "TWO_FACTOR_OFF: two-factor sign-in is not on",
      body: passwordInputSchema,
      response: twoFactorStatusSchema,
    },
    async ({ c, actor, body }) => withCookies(c, await service.disable(actor, body.password, headersOf(c))),
  );
  // 204: no shape answers an empty body.
  t.route(
    defineRoute({
      method: "post",
      path: "/api/admin/users/{id}/two-factor/reset",
      tags: ["Users"],
      summary:
        "Clear a user's second factor (a lost phone): they set it up again at their next sign-in if required; audited",
      access: "users:manage",
      request: { params: userParams },
      responses: { 204: { description: "Reset" } },
    }),
    async (c) => {
      await service.reset(actorOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
  t.list(
    "/api/settings/security",
    {
      summary: "The staff roles that must sign in with two factors",
      tags: ["Settings"],
      access: "users:manage",
      response: securitySettingsSchema,
    },
    () => service.security(),
  );
  t.json(
    "put",
    "/api/settings/security",
    {
      summary:
        "Choose the staff roles that must sign in with two factors: their users are walked through set-up at their next request; audited",
      tags: ["Settings"],
      access: "users:manage",
      body: securitySettingsInputSchema,
      response: securitySettingsSchema,
    },
    ({ actor, body }) => service.saveSecurity(actor, body),
  );
  return t.app;
}
