import type { Role } from "@shared/access";
import type { createUserWithOptionsSchema, UserListItem, userFilterSchema } from "@shared/users/users.schema";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { accounts, appUsers, sessions, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { forbidden, notFound } from "../../http/errors";
import { iso, likePattern, offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { attachRoleRecord, createAccount, hashPassword } from "../auth/accounts";

const SORT_COLUMNS = {
  name: users.name,
  email: users.email,
  role: appUsers.role,
  createdAt: users.createdAt,
  lastSignInAt: appUsers.lastSignInAt,
} as const;

export const CANNOT_DELETE_SELF = "You cannot delete your own account.";
export const CANNOT_SET_OWN_TEMPORARY_PASSWORD =
  "You cannot set a temporary password on your own account. Change your password instead.";

export function createUsersService(deps: Deps) {
  const { db } = deps;

  async function load(tx: Tx, id: string) {
    const [row] = await tx
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        banned: users.banned,
        role: appUsers.role,
      })
      .from(users)
      .innerJoin(appUsers, eq(appUsers.userId, users.id))
      .where(eq(users.id, id))
      .for("update", { of: [users] });
    if (!row) throw notFound("The user");
    return row;
  }

  /** Ends the user's own sessions and every impersonation they started (an impersonation lives only
   * as long as its admin does). */
  const revokeSessions = (tx: Tx, userId: string) =>
    tx.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.impersonatedBy, userId)));
  const revokeImpersonationsBy = (tx: Tx, adminId: string) =>
    tx.delete(sessions).where(eq(sessions.impersonatedBy, adminId));

  return {
    async list(filter: z.infer<typeof userFilterSchema>, page: PageQuery) {
      const where: SQL[] = [];
      if (filter.q) {
        const p = likePattern(filter.q);
        where.push(or(ilike(users.name, p), ilike(users.email, p))!);
      }
      if (filter.role) where.push(eq(appUsers.role, filter.role));
      if (filter.status) where.push(eq(users.banned, filter.status === "disabled"));
      const cond = where.length ? and(...where) : undefined;
      const [{ total }] = await db
        .select({ total: count() })
        .from(users)
        .innerJoin(appUsers, eq(appUsers.userId, users.id))
        .where(cond);
      const dir = filter.dir === "asc" ? asc : desc;
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: appUsers.role,
          banned: users.banned,
          mustChangePassword: appUsers.mustChangePassword,
          twoFactorEnabled: users.twoFactorEnabled,
          createdAt: users.createdAt,
          lastSignInAt: appUsers.lastSignInAt,
        })
        .from(users)
        .innerJoin(appUsers, eq(appUsers.userId, users.id))
        .where(cond)
        .orderBy(sql`${dir(SORT_COLUMNS[filter.sort])} nulls last`, asc(users.id))
        .limit(page.pageSize)
        .offset(offsetOf(page));
      const items: UserListItem[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        role: r.role,
        status: r.banned ? "disabled" : "active",
        mustChangePassword: r.mustChangePassword,
        twoFactorEnabled: !!r.twoFactorEnabled,
        createdAt: r.createdAt.toISOString(),
        lastSignInAt: iso(r.lastSignInAt),
      }));
      return toPage(items, total, page);
    },

    async create(actor: Actor, input: z.infer<typeof createUserWithOptionsSchema>): Promise<string> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const id = await createAccount(tx, {
          name: input.name,
          email: input.email,
          role: input.role,
          passwordHash,
          mustChangePassword: input.requirePasswordChange,
          companyName: input.companyName,
        });
        await recordAudit(tx, actor, {
          action: "user.created",
          targetType: "user",
          targetId: id,
          targetLabel: input.email,
          details: { role: input.role },
        });
        return id;
      });
    },

    // Only admins reach these, and never on their own account, so an admin always remains.
    async changeRole(actor: Actor, id: string, role: Role): Promise<void> {
      if (id === actor.userId) throw forbidden("You cannot change your own role.", "OWN_ACCOUNT");
      await db.transaction(async (tx) => {
        const user = await load(tx, id);
        if (user.role === role) return;
        await tx.update(appUsers).set({ role }).where(eq(appUsers.userId, id));
        await tx.update(users).set({ role }).where(eq(users.id, id));
        if (user.role === "admin") await revokeImpersonationsBy(tx, id);
        await attachRoleRecord(tx, id, { name: user.name, email: user.email, role });
        await recordAudit(tx, actor, {
          action: "user.role_changed",
          targetType: "user",
          targetId: id,
          targetLabel: user.email,
          details: { from: user.role, to: role },
        });
      });
    },

    /** Sets a temporary password: the user's sessions end and they must choose a new one at sign-in. */
    async setTemporaryPassword(actor: Actor, id: string, password: string): Promise<void> {
      // An admin would lock themselves out of the rest of the app: they change their own password instead.
      if (id === actor.userId) throw forbidden(CANNOT_SET_OWN_TEMPORARY_PASSWORD, "OWN_ACCOUNT");
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const user = await load(tx, id);
        const updated = await tx
          .update(accounts)
          .set({ password: hash })
          .where(and(eq(accounts.userId, id), eq(accounts.providerId, "credential")))
          .returning({ id: accounts.id });
        if (!updated.length) {
          await tx.insert(accounts).values({
            id: crypto.randomUUID(),
            accountId: id,
            providerId: "credential",
            userId: id,
            password: hash,
          });
        }
        await tx.update(appUsers).set({ mustChangePassword: true }).where(eq(appUsers.userId, id));
        await revokeSessions(tx, id);
        await recordAudit(tx, actor, {
          action: "user.temporary_password_set",
          targetType: "user",
          targetId: id,
          targetLabel: user.email,
        });
      });
    },

    /** Disabling ends the user's sessions at once and blocks sign-in. */
    async setDisabled(actor: Actor, id: string, disabled: boolean): Promise<void> {
      if (id === actor.userId) throw forbidden("You cannot disable your own account.", "OWN_ACCOUNT");
      await db.transaction(async (tx) => {
        const user = await load(tx, id);
        await tx
          .update(users)
          .set({
            banned: disabled,
            banReason: disabled ? "Disabled by an administrator" : null,
            banExpires: null,
          })
          .where(eq(users.id, id));
        if (disabled) await revokeSessions(tx, id);
        await recordAudit(tx, actor, {
          action: disabled ? "user.disabled" : "user.enabled",
          targetType: "user",
          targetId: id,
          targetLabel: user.email,
        });
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (id === actor.userId) throw forbidden(CANNOT_DELETE_SELF, "CANNOT_DELETE_SELF");
      await db.transaction(async (tx) => {
        const user = await load(tx, id);
        await recordAudit(tx, actor, {
          action: "user.deleted",
          targetType: "user",
          targetId: id,
          targetLabel: user.email,
          details: { role: user.role, name: user.name },
        });
        // Sessions, credentials and the app user cascade; driver/customer records stay, unlinked.
        await revokeImpersonationsBy(tx, id);
        await tx.delete(users).where(eq(users.id, id));
      });
    },

    async emailOf(id: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
      return row?.email ?? null;
    },
  };
}
