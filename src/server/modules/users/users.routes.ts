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
import type { AppEnv } from "../../http/context";
import { idParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { withClientIp } from "../auth/auth";
import { createImpersonationService } from "./impersonation.service";
import { createUsersService } from "./users.service";

const passCookies = (c: Context, headers: Headers) => {
  for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
};
const authHeaders = (c: Context<AppEnv>) => withClientIp(c.req.raw.headers, c.get("ip"));

const ok = { ok: true as const };

export function usersRoutes(deps: Deps) {
  const users = createUsersService(deps);
  const impersonation = createImpersonationService(deps);
  const t = routeTable({ tags: ["Users"], access: "users:manage" });
  t.list(
    "/api/admin/users",
    {
      summary: "Users with role and status; search by name or email",
      access: "users:read",
      query: pageQuerySchema.extend(userFilterSchema.shape),
      response: pageSchema(userListItemSchema),
    },
    ({ query: { page, pageSize, ...filter } }) => users.list(filter, { page, pageSize }),
  );
  t.create(
    "/api/admin/users",
    {
      summary: "Add a user (name, email, role and password required)",
      conflict: "EMAIL_TAKEN: an account with this email exists",
      body: createUserWithOptionsSchema,
      response: createdIdSchema,
    },
    async ({ actor, body }) => ({ id: await users.create(actor, body) }),
  );
  t.update(
    "/api/admin/users/{id}/role",
    { summary: "Change a user's role", params: idParams, body: changeRoleSchema, response: okSchema },
    async ({ actor, id, body }) => {
      await users.changeRole(actor, id, body.role);
      return ok;
    },
  );
  t.json(
    "post",
    "/api/admin/users/{id}/temporary-password",
    {
      summary: "Set or reset a temporary password; the user must choose a new one at next sign-in",
      params: idParams,
      body: temporaryPasswordSchema,
      response: okSchema,
    },
    async ({ actor, id, body }) => {
      await users.setTemporaryPassword(actor, id, body.password);
      return ok;
    },
  );
  t.json(
    "post",
    "/api/admin/users/{id}/disable",
    { summary: "Disable a user; their sessions end at once", params: idParams, response: okSchema },
    async ({ actor, id }) => {
      await users.setDisabled(actor, id, true);
      return ok;
    },
  );
  t.json(
    "post",
    "/api/admin/users/{id}/enable",
    { summary: "Enable a disabled user", params: idParams, response: okSchema },
    async ({ actor, id }) => {
      await users.setDisabled(actor, id, false);
      return ok;
    },
  );
  t.remove(
    "/api/admin/users/{id}",
    { summary: "Delete a user (never your own account: 403 CANNOT_DELETE_SELF)", params: idParams },
    ({ actor, id }) => users.remove(actor, id),
  );
  t.json(
    "post",
    "/api/admin/impersonation",
    {
      summary: "Browse as another (non-admin) user for up to 60 minutes; the admin session is kept",
      tags: ["Impersonation"],
      access: "impersonation:start",
      conflict: "Already impersonating, oneself, or a disabled account (CONFLICT)",
      notFound: "No such user (NOT_FOUND)",
      body: impersonateSchema,
      response: impersonationStartedSchema,
    },
    async ({ c, actor, body }) => {
      const { email, headers } = await impersonation.start(actor, body.userId, authHeaders(c));
      passCookies(c, headers);
      return { email };
    },
  );
  t.json(
    "post",
    "/api/impersonation/stop",
    {
      summary: "Return to the admin account (only from an impersonation session)",
      tags: ["Impersonation"],
      access: "authenticated",
      conflict: "NOT_IMPERSONATING",
      allowPendingPasswordChange: true,
      response: impersonationStartedSchema,
    },
    async ({ c, actor }) => {
      const { email, headers } = await impersonation.stop(actor, authHeaders(c));
      passCookies(c, headers);
      return { email };
    },
  );
  return t.app;
}
