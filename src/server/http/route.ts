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
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  OCCURRED_AT_HEADER,
  OCCURRED_FUTURE_SKEW_MINUTES,
  OCCURRED_MAX_AGE_DAYS,
} from "@shared/sync/sync.schema";
import type { MiddlewareHandler } from "hono";
import { bodySizeLimit, JSON_BODY_MAX_BYTES, rejectNulCharacters, UPLOAD_BODY_MAX_BYTES } from "./body";
import type { Actor, AppEnv } from "./context";
import { forbidden, HttpError, unauthenticated } from "./errors";
import { replayRequests } from "./replay";

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
  /**
   * The `operationId`, when the one derived from method and path (`operationIdOf`) would not read
   * well; it must stay unique and never change once clients use it.
   */
  name?: string;
  /**
   * What a 409 means here, when the service refuses the change because of the record's state (a
   * sent invoice, a taken name…). A DELETE always may (a record still in use: IN_USE), and an
   * operation whose summary names a 409 gets it too, with the codes the summary names.
   */
  conflict?: string;
  /**
   * What a 404 means here, for an operation whose path has no parameter but whose input names a
   * record that may not exist (a create naming a driver, a customer's statement). A path with a
   * parameter declares its 404 already.
   */
  notFound?: string;
  /** What a 429 means here, for an operation behind a rate limit (public lookups, sign-in steps…). */
  rateLimited?: string;
  /**
   * The driver's phone may send it again from its outbox (issue 41, decision 060): it takes an
   * `Idempotency-Key` (one run per user and key; a replay gets the first answer again, marked
   * `Idempotent-Replayed: true`) and an `X-Occurred-At` the handler reads as `occurredAt`.
   */
  replayable?: boolean;
};

/** The two request headers of a replayable operation, as OpenAPI shows them (the middleware checks them). */
const replayHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .optional()
    .openapi({
      description:
        "A UUID the client generates per action; sending the same action again with it runs it once " +
        "(per user): a replay gets the first answer again. Without it, every request runs",
      format: "uuid",
    }),
  [OCCURRED_AT_HEADER]: z
    .string()
    .optional()
    .openapi({
      description:
        `When it happened on the device (ISO 8601 with an offset); received now without it. At most ` +
        `${OCCURRED_FUTURE_SKEW_MINUTES} minutes ahead (400 OCCURRED_IN_FUTURE) and ${OCCURRED_MAX_AGE_DAYS} ` +
        "days old (400 OCCURRED_TOO_OLD)",
      example: "2026-11-28T10:31:00-05:00",
    }),
});

const REPLAY_CONFLICT =
  "IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used for another request; IDEMPOTENCY_IN_PROGRESS: its first request is still running";

/** A replayable operation's success answers name the header a replay carries. */
function withReplayedHeader(responses: RouteConfig["responses"]): RouteConfig["responses"] {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      /^2/.test(status)
        ? {
            ...response,
            headers: {
              [IDEMPOTENT_REPLAYED_HEADER]: {
                description:
                  "`true` on the stored answer of an earlier request with the same Idempotency-Key (nothing was written again)",
                schema: { type: "string", enum: ["true"] },
              },
            },
          }
        : response,
    ]),
  );
}

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

/** The security scheme every signed-in operation names: better-auth's session cookie. */
export const SESSION_COOKIE_SCHEME = "sessionCookie";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: apiErrorSchema } },
});

/** "interests" → "interest": the resource one id names, for an operationId that reads as words. */
function singular(word: string): string {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(sses|uses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

const camelWords = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));

/**
 * The operationId derived from method and path: the method, then the path's words without `/api`,
 * camel-cased, a word followed by a parameter in the singular (`GET /api/loads/{id}/interests` →
 * `getLoadInterests`, `GET /api/loads/{id}` → `getLoad` beside `GET /api/loads` → `getLoads`). A
 * trailing parameter other than `{id}` is named (`…ByLineId`), and a trailing `{id}` after a word
 * without a plural gets `ById` (`getLedger` / `getLedgerById`). Stable: it changes only with the path.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path
    .replace(/^\/api\/?/, "")
    .split("/")
    .filter(Boolean);
  const isParam = (segment: string | undefined) => segment?.startsWith("{") ?? false;
  const words: string[] = [];
  segments.forEach((segment, i) => {
    if (isParam(segment)) return;
    const parts = camelWords(segment);
    if (isParam(segments[i + 1]) && parts.length) parts.push(singular(parts.pop()!));
    words.push(...parts);
  });
  const last = segments.at(-1);
  if (last === "{id}") {
    const word = segments.at(-2) ?? "";
    if (singular(word) === word) words.push("ById");
  } else if (last && isParam(last)) {
    words.push(`By${camelWords(last.slice(1, -1)).join("")}`);
  }
  return [method.toLowerCase(), ...words].join("");
}

const CONFLICT_CODES = /\b409\b[^.;]*?\b([A-Z][A-Z_]{3,})\b/g;

/** The 409 an operation declares, or null: its own words, a DELETE's IN_USE, or its summary's codes. */
function conflictOf(method: string, declared: string | undefined, text: string): string | null {
  if (declared) return declared;
  const codes = [...text.matchAll(CONFLICT_CODES)].map((m) => m[1]);
  if (/\b409\b/.test(text)) {
    return codes.length
      ? `The record's state refuses the change: ${[...new Set(codes)].join(", ")} (see the summary)`
      : "The record's state refuses the change (see the summary)";
  }
  if (method.toLowerCase() === "delete") return "IN_USE: the record is still referenced by others";
  return null;
}

/**
 * The error answers an operation can give, derived from what it declares: 400 when it takes input
 * (every operation: the NUL check covers path and query too), 401 unless public, 403 unless public
 * or open to every signed-in user (or its account may be pending: a temporary password), 404 for a
 * path with a parameter (none such, or someone else's row), 409 and 429 as above, 413 when it reads
 * a body, 415 when it declares one (another media type; an upload's file of a type it does not
 * take). The operation's own wording of any of them wins.
 */
function errorResponses(def: {
  method: string;
  path: string;
  access: OperationAccess;
  readsBody: boolean;
  /** The body's declared media types, when it declares a body (JSON, multipart). */
  bodyTypes: string[];
  conflict: string | null;
  notFound?: string;
  rateLimited?: string;
}) {
  const { access } = def;
  return {
    400: errorResponse("Invalid input; `details.fields` holds a message per field"),
    ...(access === "public" ? {} : { 401: errorResponse("Not signed in (UNAUTHENTICATED)") }),
    ...(access === "public"
      ? {}
      : {
          403: errorResponse(
            access === "authenticated"
              ? "The account must first change its password or set up two-factor sign-in"
              : "Role not allowed (FORBIDDEN), or the account must first change its password",
          ),
        }),
    ...(def.notFound || def.path.includes("{")
      ? { 404: errorResponse(def.notFound ?? "No such record, or one the caller may not see (NOT_FOUND)") }
      : {}),
    ...(def.conflict ? { 409: errorResponse(def.conflict) } : {}),
    ...(def.readsBody ? { 413: errorResponse("The request body is larger than `x-max-body-bytes`") } : {}),
    ...(def.bodyTypes.length
      ? {
          415: errorResponse(
            def.bodyTypes.includes("multipart/form-data")
              ? "The body is not multipart/form-data (UNSUPPORTED_MEDIA_TYPE), or a file's type read from its content is not one this operation takes (FILE_TYPE_NOT_ALLOWED)"
              : `The body is not ${def.bodyTypes.join(" or ")} (UNSUPPORTED_MEDIA_TYPE)`,
          ),
        }
      : {}),
    ...(def.rateLimited ? { 429: errorResponse(def.rateLimited) } : {}),
  };
}

/**
 * `createRoute` plus the access declaration: adds the guard and shows the allowed roles as
 * `x-roles` (and `x-access`) in /api/openapi.json. An operation without it fails the access test.
 * It also gives the operation its `operationId`, its error answers and its security requirement
 * (the session cookie unless public; decision 047).
 */
export function defineRoute<
  R extends Omit<RouteConfig, "middleware"> &
    RouteAccess & {
      /** Middleware after the guard, size cap and NUL check, before a replayable operation's key check. */
      middleware?: MiddlewareHandler<AppEnv>[];
    },
>(def: R) {
  const {
    access,
    allowPendingPasswordChange,
    forbiddenMessage,
    maxBodyBytes,
    name,
    conflict,
    notFound,
    rateLimited,
    replayable,
    middleware,
    ...declared
  } = def;
  const config = replayable
    ? {
        ...declared,
        request: { ...declared.request, headers: replayHeaders },
        "x-replayable": true,
      }
    : declared;
  const xRoles = access === "public" ? ["public"] : [...defaultRoles(access)];
  const permissions = permissionsOf(access);
  const takesFiles = Boolean(config.request?.body?.content?.["multipart/form-data"]);
  const bodyMax = maxBodyBytes ?? (takesFiles ? UPLOAD_BODY_MAX_BYTES : JSON_BODY_MAX_BYTES);
  const text = `${config.summary ?? ""} ${config.description ?? ""}`;
  return createRoute({
    ...config,
    operationId: name ?? operationIdOf(config.method, config.path),
    "x-roles": xRoles,
    "x-access": access === "public" || access === "authenticated" ? access : "roles",
    // The permissions it needs (any of): /permissions can change which roles hold them.
    ...(permissions ? { "x-permissions": permissions } : {}),
    "x-max-body-bytes": bodyMax,
    security: access === "public" ? [] : [{ [SESSION_COOKIE_SCHEME]: [] }],
    // The guard first (a caller who may not call it never gets to send a body), then the size cap,
    // then the one text rule every operation shares (no NUL characters).
    middleware: [
      guard(access, allowPendingPasswordChange, forbiddenMessage),
      bodySizeLimit(bodyMax),
      rejectNulCharacters(),
      ...(middleware ?? []),
      // Last: the key is claimed only for a request every other check let through.
      ...(replayable ? [replayRequests()] : []),
    ],
    responses: {
      ...errorResponses({
        method: config.method,
        path: config.path,
        access,
        readsBody: Boolean(config.request?.body) || !["get", "head"].includes(config.method),
        bodyTypes: Object.keys(config.request?.body?.content ?? {}),
        conflict: replayable
          ? [conflictOf(config.method, conflict, text), REPLAY_CONFLICT].filter(Boolean).join("; ")
          : conflictOf(config.method, conflict, text),
        notFound,
        rateLimited,
      }),
      ...(replayable ? withReplayedHeader(config.responses) : config.responses),
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
