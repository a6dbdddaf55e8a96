import { OpenAPIHono } from "@hono/zod-openapi";
import { createdIdSchema, okSchema, pageQuerySchema, pageSchema } from "@shared/api/api.schema";
import {
  changeRoleSchema,
  createUserWithOptionsSchema,
  impersonateSchema,
  impersonationStartedSchema,
  temporaryPasswordSchema,
  userFilterSchema,
  userListItemSchema,
} from "@shared/users/users.schema";
import type { Context } from "hono";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, idParams, jsonBody, jsonContent } from "../../http/route";
import { withClientIp } from "../auth/auth";
import { createImpersonationService } from "./impersonation.service";
import { createUsersService } from "./users.service";

const MANAGE = "users:manage";
const tags = ["Users"];

const list = defineRoute({
  method: "get",
  path: "/api/admin/users",
  tags,
  summary: "Users with role and status; search by name or email",
  access: "users:read",
  request: { query: pageQuerySchema.extend(userFilterSchema.shape) },
  responses: { 200: jsonContent(pageSchema(userListItemSchema)) },
});
const create = defineRoute({
  method: "post",
  path: "/api/admin/users",
  tags,
  summary: "Add a user (name, email, role and password required)",
  access: MANAGE,
  conflict: "EMAIL_TAKEN: an account with this email exists",
  request: { body: jsonBody(createUserWithOptionsSchema) },
  responses: { 201: jsonContent(createdIdSchema, "Created") },
});
const changeRole = defineRoute({
  method: "put",
  path: "/api/admin/users/{id}/role",
  tags,
  summary: "Change a user's role",
  access: MANAGE,
  request: { params: idParams, body: jsonBody(changeRoleSchema) },
  responses: { 200: jsonContent(okSchema) },
});
const temporaryPassword = defineRoute({
  method: "post",
  path: "/api/admin/users/{id}/temporary-password",
  tags,
  summary: "Set or reset a temporary password; the user must choose a new one at next sign-in",
  access: MANAGE,
  request: { params: idParams, body: jsonBody(temporaryPasswordSchema) },
  responses: { 200: jsonContent(okSchema) },
});
const disable = defineRoute({
  method: "post",
  path: "/api/admin/users/{id}/disable",
  tags,
  summary: "Disable a user; their sessions end at once",
  access: MANAGE,
  request: { params: idParams },
  responses: { 200: jsonContent(okSchema) },
});
const enable = defineRoute({
  method: "post",
  path: "/api/admin/users/{id}/enable",
  tags,
  summary: "Enable a disabled user",
  access: MANAGE,
  request: { params: idParams },
  responses: { 200: jsonContent(okSchema) },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/admin/users/{id}",
  tags,
  summary: "Delete a user (never your own account: 403 CANNOT_DELETE_SELF)",
  access: MANAGE,
  request: { params: idParams },
  responses: { 200: jsonContent(okSchema) },
});
const startImpersonation = defineRoute({
  method: "post",
  path: "/api/admin/impersonation",
  tags: ["Impersonation"],
  summary: "Browse as another (non-admin) user for up to 60 minutes; the admin session is kept",
  access: "impersonation:start",
  conflict: "Already impersonating, oneself, or a disabled account (CONFLICT)",
  request: { body: jsonBody(impersonateSchema) },
  responses: { 200: jsonContent(impersonationStartedSchema) },
});
const stopImpersonation = defineRoute({
  method: "post",
  path: "/api/impersonation/stop",
  tags: ["Impersonation"],
  summary: "Return to the admin account (only from an impersonation session)",
  access: "authenticated",
  conflict: "NOT_IMPERSONATING",
  allowPendingPasswordChange: true,
  responses: { 200: jsonContent(impersonationStartedSchema) },
});

const passCookies = (c: Context, headers: Headers) => {
  for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
};
const ok = { ok: true as const };
const authHeaders = (c: Context<AppEnv>) => withClientIp(c.req.raw.headers, c.get("ip"));

export function usersRoutes(deps: Deps) {
  const users = createUsersService(deps);
  const impersonation = createImpersonationService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => {
      const { page, pageSize, ...filter } = c.req.valid("query");
      return c.json(await users.list(filter, { page, pageSize }), 200);
    })
    .openapi(create, async (c) => c.json({ id: await users.create(actorOf(c), c.req.valid("json")) }, 201))
    .openapi(changeRole, async (c) => {
      await users.changeRole(actorOf(c), c.req.valid("param").id, c.req.valid("json").role);
      return c.json(ok, 200);
    })
    .openapi(temporaryPassword, async (c) => {
      await users.setTemporaryPassword(actorOf(c), c.req.valid("param").id, c.req.valid("json").password);
      return c.json(ok, 200);
    })
    .openapi(disable, async (c) => {
      await users.setDisabled(actorOf(c), c.req.valid("param").id, true);
      return c.json(ok, 200);
    })
    .openapi(enable, async (c) => {
      await users.setDisabled(actorOf(c), c.req.valid("param").id, false);
      return c.json(ok, 200);
    })
    .openapi(remove, async (c) => {
      await users.remove(actorOf(c), c.req.valid("param").id);
      return c.json(ok, 200);
    })
    .openapi(startImpersonation, async (c) => {
      const { email, headers } = await impersonation.start(
        actorOf(c),
        c.req.valid("json").userId,
        authHeaders(c),
      );
      passCookies(c, headers);
      return c.json({ email }, 200);
    })
    .openapi(stopImpersonation, async (c) => {
      const { email, headers } = await impersonation.stop(actorOf(c), authHeaders(c));
      passCookies(c, headers);
      return c.json({ email }, 200);
    });
}
