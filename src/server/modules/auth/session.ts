import { createHmac, timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Permission } from "@shared/access";
import { effectivePermissions } from "@shared/permissions/catalog";
import type { Context, MiddlewareHandler } from "hono";
import type { Deps } from "../../deps";
import type { Actor, AppEnv } from "../../http/context";
import type { DbEvents } from "../../platform/events/db-events";
import { IMPERSONATION_SECONDS, SESSION_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./auth";

/** The client's address: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is on. */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  // app.request() and app.fetch() without the Node server have no socket (getConnInfo would throw).
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return null;
  return getConnInfo(c).remote.address ?? null;
}

const SESSION_COOKIES = ["lms.session_token", "__Secure-lms.session_token"];
const DONT_REMEMBER_COOKIES = ["lms.dont_remember", "__Secure-lms.dont_remember"];

function cookieValue(header: string, names: string[]): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!names.includes(name)) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The session token from better-auth's signed cookie (`token.signature`, HMAC-SHA256 with the auth
 * secret, base64 — the format better-call writes), or null when absent or not signed by us.
 */
export function verifiedSessionToken(cookieHeader: string | null | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  const value = cookieValue(cookieHeader, SESSION_COOKIES);
  return value ? verifySignedToken(value, secret) : null;
}

function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

interface ActorRow {
  session_id: string;
  expires_at: Date;
  created_at: Date;
  user_id: string;
  email: string;
  name: string;
  role: Actor["role"];
  must_change_password: boolean;
  must_enrol_two_factor: boolean;
  impersonated_by: string | null;
  impersonator_email: string | null;
  driver_id: string | null;
  customer_id: string | null;
  /** The permissions editor's changes for the role (role_permissions). */
  permission_overrides: { permission: string; granted: boolean }[];
  /** Computed once when the row is read: the role's defaults with those changes applied. */
  permissions?: Permission[];
}

/**
 * The session, its user, the app user, the impersonating admin and the driver or customer record
 * in one round trip (a prepared
 * statement). Disabled users have no sessions (disabling revokes them), and a ban still bites here.
 *
 * An impersonation session resolves only while its impersonator is still an active admin, and never
 * past IMPERSONATION_SECONDS from its creation, whatever its stored expiry says: the cap holds even if
 * something slid the session (decision 004).
 */
const ACTOR_QUERY = {
  name: "lms_resolve_actor",
  text: `select s.id as session_id, s.expires_at, s.created_at, u.id as user_id, u.email, u.name,
       au.role, au.must_change_password, s.impersonated_by, imp.email as impersonator_email,
       (s.impersonated_by is null and not coalesce(u.two_factor_enabled, false)
        and au.role = any(coalesce((select two_factor_roles from security_settings where id = 1), '{}'))
       ) as must_enrol_two_factor,
       d.id as driver_id, c.id as customer_id,
       coalesce((select json_agg(json_build_object('permission', rp.permission, 'granted', rp.granted))
                   from role_permissions rp where rp.role = au.role), '[]') as permission_overrides
  from sessions s
  join users u on u.id = s.user_id
  join app_users au on au.user_id = u.id
  left join users imp on imp.id = s.impersonated_by
  left join app_users imp_au on imp_au.user_id = s.impersonated_by
  left join drivers d on d.user_id = u.id
  left join customers c on c.user_id = u.id
 where s.token = $1 and s.expires_at > now()
   and (u.banned is not true or (u.ban_expires is not null and u.ban_expires <= now()))
   and (s.impersonated_by is null or (
        imp_au.role = 'admin'
        and (imp.banned is not true or (imp.ban_expires is not null and imp.ban_expires <= now()))
        and s.created_at > now() - make_interval(secs => ${IMPERSONATION_SECONDS})))`,
};

/** When the session stops resolving: its expiry, or for an impersonation the 60-minute cap from its start. */
function effectiveExpiry(row: ActorRow): Date {
  if (!row.impersonated_by) return row.expires_at;
  const cap = row.created_at.getTime() + IMPERSONATION_SECONDS * 1000;
  return new Date(Math.min(cap, row.expires_at.getTime()));
}

/** Triggers on sessions, users, app_users, drivers and customers announce the user id here. */
export const AUTH_CHANGED_CHANNEL = "lms_auth_changed";
const CACHE_MAX_ENTRIES = 10_000;
/** A safety net only: a change reaches the cache through its notification at once. */
const CACHE_MAX_AGE_MS = 5 * 60_000;

/**
 * Resolved sessions, kept in-process while the database-events connection is live (decision 016),
 * keyed by the signed cookie value (only a value whose signature was verified is stored, so a hit
 * needs no HMAC). Every change to a session, its user, app user or driver/customer link is announced
 * by a trigger (migration 0008) and drops that user's entries in every instance; a reconnect drops
 * everything. A row read while a change arrived is not stored (the epoch moved).
 */
export function createActorCache(events: DbEvents) {
  const bySigned = new Map<string, { row: ActorRow; at: number }>();
  const byUser = new Map<string, Set<string>>();
  let epoch = 0;

  const usersOf = (row: ActorRow) =>
    row.impersonated_by ? [row.user_id, row.impersonated_by] : [row.user_id];
  function forget(signed: string) {
    const entry = bySigned.get(signed);
    if (!entry) return;
    bySigned.delete(signed);
    for (const user of usersOf(entry.row)) {
      const keys = byUser.get(user);
      keys?.delete(signed);
      if (keys?.size === 0) byUser.delete(user);
    }
  }
  events.listen(AUTH_CHANGED_CHANNEL, (userId) => {
    epoch++;
    for (const signed of byUser.get(userId) ?? []) forget(signed);
  });
  events.onReset(() => {
    epoch++;
    bySigned.clear();
    byUser.clear();
  });

  return {
    /** The epoch to hand back to `put` for a row read from now on. */
    begin: () => epoch,
    get(signed: string): ActorRow | undefined {
      if (!events.live) return undefined;
      const entry = bySigned.get(signed);
      if (!entry) return undefined;
      const now = Date.now();
      if (now - entry.at > CACHE_MAX_AGE_MS || effectiveExpiry(entry.row).getTime() <= now) {
        forget(signed);
        return undefined;
      }
      return entry.row;
    },
    put(signed: string, row: ActorRow, since: number) {
      if (!events.live || since !== epoch) return;
      forget(signed);
      if (bySigned.size >= CACHE_MAX_ENTRIES) forget(bySigned.keys().next().value as string);
      bySigned.set(signed, { row, at: Date.now() });
      for (const user of usersOf(row)) {
        const keys = byUser.get(user) ?? new Set<string>();
        keys.add(signed);
        byUser.set(user, keys);
      }
    },
  };
}
export type ActorCache = ReturnType<typeof createActorCache>;

/**
 * Resolves the signed-in actor. The common case is one query; once a day per session (better-auth's
 * `updateAge`) the request goes through better-auth's own getSession, which slides the expiry and
 * re-sets the cookie — those Set-Cookie headers are returned for the response.
 */
export async function resolveActor(
  deps: Deps,
  headers: Headers,
  ip: string | null,
  cache?: ActorCache,
): Promise<{ actor: Actor | null; setCookies: string[] }> {
  const signed = cookieValue(headers.get("cookie") ?? "", SESSION_COOKIES);
  if (!signed) return { actor: null, setCookies: [] };
  // The cache is keyed by the signed cookie value: only a value whose signature was verified is stored.
  let row = cache?.get(signed);
  if (!row) {
    const token = verifySignedToken(signed, deps.config.authSecret);
    if (!token) return { actor: null, setCookies: [] };
    const since = cache?.begin() ?? 0;
    const { rows } = await deps.pool.query<ActorRow>({ ...ACTOR_QUERY, values: [token] });
    row = rows[0];
    if (!row) return { actor: null, setCookies: [] };
    row.permissions = effectivePermissions(row.role, row.permission_overrides);
    cache?.put(signed, row, since);
  }

  // An impersonation session is never slid, whatever cookies arrive: only a normal session is
  // refreshed (better-auth also skips "don't remember me" sessions, which it recognises by a cookie).
  const refreshDue =
    !row.impersonated_by &&
    row.expires_at.getTime() - SESSION_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= Date.now();
  let setCookies: string[] = [];
  let expiresAt = effectiveExpiry(row);
  if (refreshDue && !cookieValue(headers.get("cookie") ?? "", DONT_REMEMBER_COOKIES)) {
    const refreshed = await deps.auth.api.getSession({ headers, returnHeaders: true });
    if (!refreshed.response) return { actor: null, setCookies: refreshed.headers.getSetCookie() };
    setCookies = refreshed.headers.getSetCookie();
    expiresAt = new Date(refreshed.response.session.expiresAt);
  }

  return { actor: toActor(row, ip, expiresAt), setCookies };
}

function toActor(row: ActorRow, ip: string | null, expiresAt: Date): Actor {
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions ?? effectivePermissions(row.role, row.permission_overrides),
    mustChangePassword: row.must_change_password,
    mustEnrolTwoFactor: row.must_enrol_two_factor,
    sessionId: row.session_id,
    sessionExpiresAt: expiresAt,
    impersonator: row.impersonated_by
      ? { id: row.impersonated_by, email: row.impersonator_email ?? "" }
      : null,
    ip,
    driverId: row.driver_id,
    customerId: row.customer_id,
  };
}

/**
 * Who the request's session is now, read from the database — no cache, no sliding refresh — or null
 * when it no longer resolves (signed out, revoked, expired, the user disabled, an impersonation past
 * its cap). A long-lived answer (the events stream) asks this whenever its user changes.
 */
export async function currentActor(deps: Deps, headers: Headers, ip: string | null): Promise<Actor | null> {
  const signed = cookieValue(headers.get("cookie") ?? "", SESSION_COOKIES);
  const token = signed ? verifySignedToken(signed, deps.config.authSecret) : null;
  if (!token) return null;
  const { rows } = await deps.pool.query<ActorRow>({ ...ACTOR_QUERY, values: [token] });
  return rows[0] ? toActor(rows[0], ip, effectiveExpiry(rows[0])) : null;
}

/**
 * Whether the browser's idea of the session (`/api/me`: who, role, permissions, pending steps,
 * impersonation, driver or customer record) differs between two resolutions of it. The sliding
 * expiry is not part of it.
 */
export function sessionViewChanged(a: Actor, b: Actor): boolean {
  const view = (x: Actor) =>
    JSON.stringify([
      x.userId,
      x.email,
      x.name,
      x.role,
      [...x.permissions].sort(),
      x.mustChangePassword,
      x.mustEnrolTwoFactor,
      x.impersonator?.id ?? null,
      x.driverId,
      x.customerId,
    ]);
  return view(a) !== view(b);
}

/** Puts the signed-in actor (or null) on every API request. */
export function sessionMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  const cache = createActorCache(deps.events);
  return async (c, next) => {
    const ip = clientIp(c, deps.config.trustProxy);
    c.set("ip", ip);
    const { actor, setCookies } = await resolveActor(deps, c.req.raw.headers, ip, cache);
    c.set("actor", actor);
    await next();
    for (const cookie of setCookies) c.res.headers.append("Set-Cookie", cookie);
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request that may have changed a session, user or role answers only once this instance's actor
 * cache has heard of it, so the caller's next request — here or on any instance that has heard it
 * too — sees the change. Costs one round trip on the events connection, for writes only.
 */
export function authChangeBarrier(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!SAFE_METHODS.has(c.req.method)) await deps.events.sync();
  };
}
