import { eq } from "drizzle-orm";
import { appUsers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, forbidden, HttpError, notFound } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";

/** Cookies better-auth set, for the route to pass on to the browser. */
type WithCookies<T> = T & { headers: Headers };

/**
 * Impersonation (spec section 4): admin only, by user id. better-auth keeps the admin's session
 * in a signed cookie and restores it on stop; the impersonation session ends after 60 minutes.
 */
export function createImpersonationService(deps: Deps) {
  const { db, auth } = deps;
  return {
    async start(actor: Actor, userId: string, headers: Headers): Promise<WithCookies<{ email: string }>> {
      if (actor.impersonator)
        throw conflict("Return to your admin account before impersonating someone else.");
      if (userId === actor.userId) throw conflict("You cannot impersonate yourself.");
      const [target] = await db
        .select({
          email: users.email,
          banned: users.banned,
          role: appUsers.role,
          twoFactor: users.twoFactorEnabled,
        })
        .from(users)
        .innerJoin(appUsers, eq(appUsers.userId, users.id))
        .where(eq(users.id, userId));
      if (!target) throw notFound("The user");
      if (target.role === "admin")
        throw forbidden("An admin cannot impersonate another admin.", "CANNOT_IMPERSONATE_ADMIN");
      if (target.banned) throw conflict("This account is disabled.");
      const result = await auth.api.impersonateUser({ body: { userId }, headers, returnHeaders: true });
      // Allowed without the user's code (admins need it), but said so: the entry shows in the user's
      // own security history as an impersonation that skipped their two-factor sign-in.
      await recordAudit(db, actor, {
        action: target.twoFactor ? "impersonation.started_two_factor" : "impersonation.started",
        targetType: "user",
        targetId: userId,
        targetLabel: target.email,
        details: { role: target.role },
      });
      return { email: target.email, headers: result.headers };
    },

    async stop(actor: Actor, headers: Headers): Promise<WithCookies<{ email: string }>> {
      if (!actor.impersonator) throw conflict("You are not impersonating anyone.", "NOT_IMPERSONATING");
      let result: { headers: Headers };
      try {
        result = await auth.api.stopImpersonating({ headers, returnHeaders: true });
      } catch {
        // The admin's saved session is gone (expired or signed out): the caller is signed out instead.
        throw new HttpError(401, "ADMIN_SESSION_LOST", "Your admin session has ended. Please sign in again.");
      }
      const admin = actor.impersonator;
      await recordAudit(
        db,
        { userId: admin.id, email: admin.email, impersonator: null, ip: actor.ip },
        {
          action: "impersonation.stopped",
          targetType: "user",
          targetId: actor.userId,
          targetLabel: actor.email,
        },
      );
      return { email: admin.email, headers: result.headers };
    },
  };
}
