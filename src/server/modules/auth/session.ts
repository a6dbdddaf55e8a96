import { getConnInfo } from "@hono/node-server/conninfo";
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { appUsers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor, AppEnv } from "../../http/context";

/** The client's address: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is on. */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // app.request() in tests has no socket
  }
}

export async function resolveActor(deps: Deps, headers: Headers, ip: string | null): Promise<Actor | null> {
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return null;
  const [appUser] = await deps.db.select().from(appUsers).where(eq(appUsers.userId, session.user.id));
  if (!appUser) return null;
  const impersonatedBy = (session.session as { impersonatedBy?: string | null }).impersonatedBy ?? null;
  let impersonator: Actor["impersonator"] = null;
  if (impersonatedBy) {
    const [admin] = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, impersonatedBy));
    impersonator = { id: impersonatedBy, email: admin?.email ?? "" };
  }
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role: appUser.role,
    mustChangePassword: appUser.mustChangePassword,
    sessionId: session.session.id,
    sessionExpiresAt: new Date(session.session.expiresAt),
    impersonator,
    ip,
  };
}

/** Puts the signed-in actor (or null) on every API request. */
export function sessionMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = clientIp(c, deps.config.trustProxy);
    c.set("ip", ip);
    c.set("actor", await resolveActor(deps, c.req.raw.headers, ip));
    await next();
  };
}
