import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import {
  type Access,
  allows,
  can,
  PERMISSIONS,
  type Permission,
  ROLES,
  type Role,
  rolesFor,
} from "@shared/access";
import { apiErrorSchema } from "@shared/api/api.schema";
import type { MiddlewareHandler } from "hono";
import { bodySizeLimit, JSON_BODY_MAX_BYTES, rejectNulCharacters, UPLOAD_BODY_MAX_BYTES } from "./body";
import type { Actor, AppEnv } from "./context";
import { forbidden, HttpError, unauthenticated } from "./errors";

/**
 * Who may call an operation: "public", "authenticated", a permission (or any of several) from the
 * access table — checked against the actor's effective permissions, so the permissions editor's
 * changes apply on the next request — or, rarely, a fixed list of roles.
 */
export type OperationAccess = Access | Permission | readonly Permission[];

export type RouteAccess = {
  access: OperationAccess;
  /**
   * Operations a user whose account is not ready may still call: with a temporary password, or whose
   * role must use two-factor sign-in before it is set up (me, change password, two-factor set-up).
   */
  allowPendingPasswordChange?: boolean;
  /** The 403 message for a signed-in role off the list, when the spec words it (e.g. the load board). */
  forbiddenMessage?: string;
  /**
   * The largest request body this operation reads: `JSON_BODY_MAX_BYTES` by default, or
   * `UPLOAD_BODY_MAX_BYTES` when it takes multipart; set it only where an operation needs more.
   */
  maxBodyBytes?: number;
};

function permissionsOf(access: OperationAccess): Permission[] | null {
  if (typeof access === "string") return access.includes(":") ? [access as Permission] : null;
  return access.length > 0 && access.every((a) => a.includes(":")) ? (access as Permission[]) : null;
}

/** The roles an operation admits by default (the access table before the editor's changes): `x-roles`. */
function defaultRoles(access: OperationAccess): readonly Role[] {
  const permissions = permissionsOf(access);
  if (!permissions) return rolesFor(access as Access);
  return ROLES.filter((r) => permissions.some((p) => (PERMISSIONS[p] as readonly Role[]).includes(r)));
}

/**
 * Why `actor` may not call an operation declared with `access`, or null when they may. The guard
 * throws it; a long-lived answer (the events stream) asks again whenever its user changes.
 */
export function refusal(
  access: OperationAccess,
  actor: Actor | null,
  allowPendingPasswordChange = false,
  forbiddenMessage?: string,
): HttpError | null {
  if (access === "public") return null;
  if (!actor) return unauthenticated();
  const permissions = permissionsOf(access);
  const admitted = permissions
    ? permissions.some((p) => can(actor, p))
    : allows(access as Access, actor.role);
  if (!admitted) return forbidden(forbiddenMessage);
  if (actor.mustChangePassword && !allowPendingPasswordChange) {
    return new HttpError(403, "PASSWORD_CHANGE_REQUIRED", "Choose a new password to continue.");
  }
  if (actor.mustEnrolTwoFactor && !allowPendingPasswordChange) {
    return new HttpError(403, "TWO_FACTOR_REQUIRED", "Set up two-factor sign-in to continue.");
  }
  return null;
}

/** The guard every operation gets from its declaration: deny by default. */
export function guard(
  access: OperationAccess,
  allowPendingPasswordChange = false,
  forbiddenMessage?: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refused = refusal(access, c.get("actor"), allowPendingPasswordChange, forbiddenMessage);
    if (refused) throw refused;
    return next();
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: apiErrorSchema } },
});

/**
 * `createRoute` plus the access declaration: adds the guard and shows the allowed roles as
 * `x-roles` (and `x-access`) in /api/openapi.json. An operation without it fails the access test.
 */
export function defineRoute<R extends Omit<RouteConfig, "middleware"> & RouteAccess>(def: R) {
  const { access, allowPendingPasswordChange, forbiddenMessage, maxBodyBytes, ...config } = def;
  const xRoles = access === "public" ? ["public"] : [...defaultRoles(access)];
  const permissions = permissionsOf(access);
  const takesFiles = Boolean(config.request?.body?.content?.["multipart/form-data"]);
  const bodyMax = maxBodyBytes ?? (takesFiles ? UPLOAD_BODY_MAX_BYTES : JSON_BODY_MAX_BYTES);
  return createRoute({
    ...config,
    "x-roles": xRoles,
    "x-access": access === "public" || access === "authenticated" ? access : "roles",
    // The permissions it needs (any of): /permissions can change which roles hold them.
    ...(permissions ? { "x-permissions": permissions } : {}),
    "x-max-body-bytes": bodyMax,
    // The guard first (a caller who may not call it never gets to send a body), then the size cap,
    // then the one text rule every operation shares (no NUL characters).
    middleware: [
      guard(access, allowPendingPasswordChange, forbiddenMessage),
      bodySizeLimit(bodyMax),
      rejectNulCharacters(),
    ] as const,
    responses: {
      ...config.responses,
      400: errorResponse("Invalid input; `details.fields` holds a message per field"),
      413: errorResponse("The request body is larger than `x-max-body-bytes`"),
      ...(access === "public"
        ? {}
        : { 401: errorResponse("Not signed in"), 403: errorResponse("Role not allowed") }),
    },
  } as unknown as Omit<R, keyof RouteAccess> & { middleware: MiddlewareHandler<AppEnv> });
}

export const jsonContent = <T extends z.ZodType>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

export const idParams = z.object({ id: z.string().min(1).max(64) });
/** For tables keyed by uuid: a malformed id is a 400, never a database error. */
export const uuidParams = z.object({ id: z.uuid({ message: "Invalid id." }) });
