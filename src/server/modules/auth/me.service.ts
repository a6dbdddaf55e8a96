import { can } from "@shared/access";
import type { Page } from "@shared/api/api.schema";
import type { ChangePasswordInput, DemoAccounts, Me } from "@shared/auth/auth.schema";
import {
  SECURITY_HISTORY_ACTIONS,
  type SecurityEvent,
  type SecurityHistoryAction,
} from "@shared/auth/security-history.schema";
import { verifyPassword } from "better-auth/crypto";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { accounts, appUsers, auditLog, customers, drivers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { ownCustomerId, ownDriverId } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { enforceRateLimit } from "../../platform/rate-limit/rate-limit";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../seed/demo-accounts";

export function createMeService(deps: Deps) {
  /**
   * Whether a demo account's stored hash is the demo password's, per account and hash: a public
   * endpoint never hashes on every request, only once per password (a changed password is a new hash).
   */
  const demoPasswordChecks = new Map<string, { hash: string; matches: Promise<boolean> }>();
  function stillDemoPassword(userId: string, hash: string): Promise<boolean> {
    const known = demoPasswordChecks.get(userId);
    if (known?.hash === hash) return known.matches;
    const matches = verifyPassword({ hash, password: DEMO_PASSWORD }).catch(() => false);
    demoPasswordChecks.set(userId, { hash, matches });
    return matches;
  }

  return {
    /** The app user: user, role, role record, permissions and impersonation state. */
    async get(actor: Actor): Promise<Me> {
      const driverId = ownDriverId(actor);
      const customerId = ownCustomerId(actor);
      const [driver] = driverId ? await deps.db.select().from(drivers).where(eq(drivers.id, driverId)) : [];
      const [customer] = customerId
        ? await deps.db.select().from(customers).where(eq(customers.id, customerId))
        : [];
      return {
        user: { id: actor.userId, name: actor.name, email: actor.email },
        role: actor.role,
        driver: driver
          ? {
              id: driver.id,
              userId: actor.userId,
              fullName: driver.fullName,
              phone: driver.phone,
              email: driver.email,
              status: driver.status,
            }
          : null,
        customer: customer
          ? {
              id: customer.id,
              userId: customer.userId,
              name: customer.name,
              companyName: customer.companyName,
              email: customer.email,
              phone: customer.phone,
            }
          : null,
        permissions: [...actor.permissions],
        // How money is shown everywhere (Settings → Company).
        currency: deps.config.company.currency ?? "USD",
        mustChangePassword: actor.mustChangePassword,
        mustEnrolTwoFactor: actor.mustEnrolTwoFactor,
        impersonation: actor.impersonator
          ? {
              impersonatorId: actor.impersonator.id,
              impersonatorEmail: actor.impersonator.email,
              expiresAt: actor.sessionExpiresAt.toISOString(),
            }
          : null,
      };
    },

    /** Changes the password, signs out the user's other sessions and clears a temporary-password flag. */
    async changePassword(actor: Actor, input: ChangePasswordInput, headers: Headers): Promise<Headers> {
      // The current password is checked here, so it is guessable like sign-in and limited like it.
      await enforceRateLimit(
        deps.db,
        [`password-change:user:${actor.userId}`, `password-change:ip:${actor.ip ?? "unknown"}`],
        deps.config.signInRateLimit,
        60,
        "password attempts",
      );
      let result: { headers: Headers };
      try {
        result = await deps.auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: true,
          },
          headers,
          returnHeaders: true,
        });
      } catch {
        throw badRequest("The current password is incorrect.", {
          fields: { currentPassword: "The current password is incorrect." },
        });
      }
      await deps.db.transaction(async (tx) => {
        await tx.update(appUsers).set({ mustChangePassword: false }).where(eq(appUsers.userId, actor.userId));
        await recordAudit(tx, actor, {
          action: "auth.password_changed",
          targetType: "user",
          targetId: actor.userId,
          targetLabel: actor.email,
        });
      });
      return result.headers;
    },

    /**
     * The security events about one account, newest first (Profile → Security history): its owner's
     * own, or any account's for who manages users; anyone else's is 404, as if it did not exist.
     */
    async securityHistory(actor: Actor, userId: string, page: PageQuery): Promise<Page<SecurityEvent>> {
      if (userId !== actor.userId && !can(actor, "users:manage")) throw notFound("The user");
      const about = and(
        eq(auditLog.targetType, "user"),
        eq(auditLog.targetId, userId),
        inArray(auditLog.action, [...SECURITY_HISTORY_ACTIONS]),
      );
      const [[{ total }], rows] = await Promise.all([
        deps.db.select({ total: count() }).from(auditLog).where(about),
        deps.db
          .select()
          .from(auditLog)
          .where(about)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
      ]);
      const items = rows.map((r) => ({
        id: r.id,
        action: r.action as SecurityHistoryAction,
        at: r.createdAt.toISOString(),
        byEmail: r.actorEmail,
        bySelf: r.actorId === userId,
        impersonatorEmail: r.impersonatorEmail,
      }));
      return toPage(items, total, page);
    },

    /**
     * The demo accounts that still open with the demo password (none on a real company's data, none
     * whose password was changed, none when disabled), and never on a production installation that
     * did not ask for demo data with DEMO_DATA=true.
     */
    async demoAccounts(): Promise<DemoAccounts> {
      if (deps.config.production && deps.config.demoData !== true) return { password: "", accounts: [] };
      const emails = DEMO_ACCOUNTS.map((a) => a.email);
      const present = await deps.db
        .select({ id: users.id, email: users.email, hash: accounts.password })
        .from(users)
        .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
        .where(and(inArray(users.email, emails), eq(users.banned, false)));
      const open = await Promise.all(
        present.map(async (r) => (r.hash && (await stillDemoPassword(r.id, r.hash)) ? r.email : null)),
      );
      const have = new Set(open.filter((e) => e !== null));
      return {
        password: have.size ? DEMO_PASSWORD : "",
        accounts: DEMO_ACCOUNTS.filter((a) => have.has(a.email)).map(({ email, role, name }) => ({
          email,
          role,
          name,
        })),
      };
    },
  };
}
