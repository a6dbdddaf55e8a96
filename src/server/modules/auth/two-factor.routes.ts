import { OpenAPIHono } from "@hono/zod-openapi";
import {
  codeInputSchema,
  passwordInputSchema,
  securitySettingsInputSchema,
  securitySettingsSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from "@shared/auth/two-factor.schema";
import { z } from "zod";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { withClientIp } from "./auth";
import { createTwoFactorService } from "./two-factor.service";

const tags = ["Session"];
const userParams = z.object({ id: z.string().min(1).max(64) });

const status = defineRoute({
  method: "get",
  path: "/api/me/two-factor",
  tags,
  summary: "Whether the caller signs in with two factors, and whether their role must",
  access: "authenticated",
  allowPendingPasswordChange: true,
  responses: { 200: jsonContent(twoFactorStatusSchema) },
});
const enable = defineRoute({
  method: "post",
  path: "/api/me/two-factor/enable",
  tags,
  summary:
    "Start two-factor set-up with the password: the authenticator's QR code and key, and ten one-time recovery codes (shown once)",
  access: "authenticated",
  rateLimited: "RATE_LIMITED: too many password or code attempts; see Retry-After",
  conflict: "TWO_FACTOR_ON: two-factor sign-in is already on",
  allowPendingPasswordChange: true,
  request: { body: jsonBody(passwordInputSchema) },
  responses: { 200: jsonContent(twoFactorEnrolmentSchema) },
});
const confirm = defineRoute({
  method: "post",
  path: "/api/me/two-factor/confirm",
  tags,
  summary: "Confirm set-up with a first code from the authenticator: two-factor sign-in is on; audited",
  access: "authenticated",
  rateLimited: "RATE_LIMITED: too many password or code attempts; see Retry-After",
  conflict: "TWO_FACTOR_ON: two-factor sign-in is already on",
  allowPendingPasswordChange: true,
  request: { body: jsonBody(codeInputSchema) },
  responses: { 200: jsonContent(twoFactorStatusSchema) },
});
const disable = defineRoute({
  method: "post",
  path: "/api/me/two-factor/disable",
  tags,
  summary: "Turn two-factor sign-in off with the password; audited",
  access: "authenticated",
  rateLimited: "RATE_LIMITED: too many password or code attempts; see Retry-After",
  conflict: "TWO_FACTOR_OFF: two-factor sign-in is not on",
  request: { body: jsonBody(passwordInputSchema) },
  responses: { 200: jsonContent(twoFactorStatusSchema) },
});
const reset = defineRoute({
  method: "post",
  path: "/api/admin/users/{id}/two-factor/reset",
  tags: ["Users"],
  summary:
    "Clear a user's second factor (a lost phone): they set it up again at their next sign-in if required; audited",
  access: "users:manage",
  request: { params: userParams },
  responses: { 204: { description: "Reset" } },
});
const getSecurity = defineRoute({
  method: "get",
  path: "/api/settings/security",
  tags: ["Settings"],
  summary: "The staff roles that must sign in with two factors",
  access: "users:manage",
  responses: { 200: jsonContent(securitySettingsSchema) },
});
const putSecurity = defineRoute({
  method: "put",
  path: "/api/settings/security",
  tags: ["Settings"],
  summary:
    "Choose the staff roles that must sign in with two factors: their users are walked through set-up at their next request; audited",
  access: "users:manage",
  request: { body: jsonBody(securitySettingsInputSchema) },
  responses: { 200: jsonContent(securitySettingsSchema) },
});

export function twoFactorRoutes(deps: Deps) {
  const service = createTwoFactorService(deps);
  const headersOf = (c: { req: { raw: Request }; get: (k: "ip") => string | null }) =>
    withClientIp(c.req.raw.headers, c.get("ip"));
  return new OpenAPIHono<AppEnv>()
    .openapi(status, async (c) => c.json(await service.status(actorOf(c)), 200))
    .openapi(enable, async (c) =>
      c.json(await service.enable(actorOf(c), c.req.valid("json").password, headersOf(c)), 200),
    )
    .openapi(confirm, async (c) => {
      const { cookies, ...status } = await service.confirm(
        actorOf(c),
        c.req.valid("json").code,
        headersOf(c),
      );
      for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
      return c.json(status, 200);
    })
    .openapi(disable, async (c) => {
      const { cookies, ...status } = await service.disable(
        actorOf(c),
        c.req.valid("json").password,
        headersOf(c),
      );
      for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
      return c.json(status, 200);
    })
    .openapi(reset, async (c) => {
      await service.reset(actorOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(getSecurity, async (c) => c.json(await service.security(), 200))
    .openapi(putSecurity, async (c) =>
      c.json(await service.saveSecurity(actorOf(c), c.req.valid("json")), 200),
    );
}
