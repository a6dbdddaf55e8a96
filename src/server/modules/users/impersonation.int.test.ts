import type { TwoFactorEnrolment } from "@shared/auth/two-factor.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUsers, auditLog, sessions, users } from "../../db/schema";
import { call, createTestContext, mergeCookies, signIn, type TestContext } from "../../testing/harness";
import { totp } from "../../testing/totp";

let ctx: TestContext;
const idOf = async (email: string) =>
  (await ctx.deps.db.select().from(users).where(eq(users.email, email)))[0].id;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("impersonation", () => {
  it("browses as the user, then restores the admin session", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    const driverId = await idOf("driver@demo.test");
    const started = await call(ctx, "/api/admin/impersonation", {
      body: { userId: driverId },
      cookie: admin,
    });
    expect(started.status).toBe(200);
    expect(started.json).toEqual({ email: "driver@demo.test" });
    const asDriver = mergeCookies(admin, started);

    const me = (await call(ctx, "/api/me", { cookie: asDriver })).json;
    expect(me.role).toBe("driver");
    expect(me.impersonation).toMatchObject({ impersonatorEmail: "admin@demo.test" });
    const minutes = (new Date(me.impersonation.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    // The impersonated session has the driver's rights only.
    expect((await call(ctx, "/api/admin/users", { cookie: asDriver })).status).toBe(403);

    const stopped = await call(ctx, "/api/impersonation/stop", { method: "POST", cookie: asDriver });
    expect(stopped.status).toBe(200);
    const back = mergeCookies(asDriver, stopped);
    const meAgain = (await call(ctx, "/api/me", { cookie: back })).json;
    expect(meAgain).toMatchObject({ role: "admin", impersonation: null });

    const actions = (await ctx.deps.db.select().from(auditLog).where(eq(auditLog.targetId, driverId))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["impersonation.started", "impersonation.stopped"]));
    const [stop] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "impersonation.stopped"));
    expect(stop.actorEmail).toBe("admin@demo.test");
  });

  it("never impersonates an admin, yourself, or an unknown user", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    await call(ctx, "/api/admin/users", {
      body: {
        name: "Other Admin",
        email: "other-admin@demo.test",
        role: "admin",
        password: "Password123",
        requirePasswordChange: false,
      },
      cookie: admin,
    });
    const other = await call(ctx, "/api/admin/impersonation", {
      body: { userId: await idOf("other-admin@demo.test") },
      cookie: admin,
    });
    expect(other.status).toBe(403);
    expect(other.json.error.code).toBe("CANNOT_IMPERSONATE_ADMIN");
    expect(
      (
        await call(ctx, "/api/admin/impersonation", {
          body: { userId: await idOf("admin@demo.test") },
          cookie: admin,
        })
      ).status,
    ).toBe(409);
    expect(
      (await call(ctx, "/api/admin/impersonation", { body: { userId: "missing" }, cookie: admin })).status,
    ).toBe(404);
  });

  it("is for admins only, and stopping needs an impersonation", async () => {
    const manager = await signIn(ctx, "manager@demo.test");
    expect(
      (
        await call(ctx, "/api/admin/impersonation", {
          body: { userId: await idOf("driver@demo.test") },
          cookie: manager,
        })
      ).status,
    ).toBe(403);
    const stop = await call(ctx, "/api/impersonation/stop", { method: "POST", cookie: manager });
    expect(stop.status).toBe(409);
  });

  it("ends after 60 minutes: an expired impersonation session is signed out", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    const started = await call(ctx, "/api/admin/impersonation", {
      body: { userId: await idOf("customer@demo.test") },
      cookie: admin,
    });
    const asCustomer = mergeCookies(admin, started);
    expect((await call(ctx, "/api/me", { cookie: asCustomer })).status).toBe(200);
    await ctx.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, await idOf("customer@demo.test")));
    await ctx.deps.events.sync();
    expect((await call(ctx, "/api/me", { cookie: asCustomer })).status).toBe(401);
  });

  it("is never slid past 60 minutes, even by a client that drops the dont_remember cookie", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    const driverId = await idOf("driver2@demo.test");
    const started = await call(ctx, "/api/admin/impersonation", {
      body: { userId: driverId },
      cookie: admin,
    });
    // Only the session cookie goes back: better-auth would take that for a "remember me" session.
    const sessionOnly = mergeCookies(admin, started)
      .split("; ")
      .filter((c) => c.startsWith("lms.session_token="))
      .join("; ");
    const me = await call(ctx, "/api/me", { cookie: sessionOnly });
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie()).toEqual([]);
    const [row] = await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, driverId));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    const minutes = (new Date(me.json.impersonation.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeLessThanOrEqual(60);

    // Whatever slid the stored expiry, the session stops 60 minutes after it began.
    await ctx.deps.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 61 * 60_000),
        expiresAt: new Date(Date.now() + 6 * 24 * 3600_000),
      })
      .where(eq(sessions.id, row.id));
    await ctx.deps.events.sync();
    expect((await call(ctx, "/api/me", { cookie: sessionOnly })).status).toBe(401);
  });

  describe("lives only as long as its admin", () => {
    async function secondAdminImpersonating(email: string) {
      const admin = await signIn(ctx, "admin@demo.test");
      const created = await call(ctx, "/api/admin/users", {
        body: {
          name: "Acting Admin",
          email,
          role: "admin",
          password: "Password123",
          requirePasswordChange: false,
        },
        cookie: admin,
      });
      expect(created.status).toBe(201);
      const other = await signIn(ctx, email, "Password123");
      const started = await call(ctx, "/api/admin/impersonation", {
        body: { userId: await idOf("customer2@demo.test") },
        cookie: other,
      });
      expect(started.status).toBe(200);
      const asCustomer = mergeCookies(other, started);
      expect((await call(ctx, "/api/me", { cookie: asCustomer })).json.role).toBe("customer");
      return { admin, otherId: await idOf(email), asCustomer };
    }

    it("demoting the admin ends the sessions they impersonate", async () => {
      const { admin, otherId, asCustomer } = await secondAdminImpersonating("acting-1@demo.test");
      const demoted = await call(ctx, `/api/admin/users/${otherId}/role`, {
        method: "PUT",
        body: { role: "manager" },
        cookie: admin,
      });
      expect(demoted.status).toBe(200);
      expect((await call(ctx, "/api/me", { cookie: asCustomer })).status).toBe(401);
      expect(await ctx.deps.db.select().from(sessions).where(eq(sessions.impersonatedBy, otherId))).toEqual(
        [],
      );
    });

    it("disabling or deleting the admin ends them too", async () => {
      const first = await secondAdminImpersonating("acting-2@demo.test");
      const disabled = await call(ctx, `/api/admin/users/${first.otherId}/disable`, {
        method: "POST",
        cookie: first.admin,
      });
      expect(disabled.status).toBe(200);
      expect((await call(ctx, "/api/me", { cookie: first.asCustomer })).status).toBe(401);

      const second = await secondAdminImpersonating("acting-3@demo.test");
      const deleted = await call(ctx, `/api/admin/users/${second.otherId}`, {
        method: "DELETE",
        cookie: second.admin,
      });
      expect(deleted.status).toBe(200);
      expect((await call(ctx, "/api/me", { cookie: second.asCustomer })).status).toBe(401);
    });

    it("resolves only while the impersonator is an active admin, however the change was made", async () => {
      const { otherId, asCustomer } = await secondAdminImpersonating("acting-4@demo.test");
      // A change outside the app's services (another instance, a console): the session is still refused.
      await ctx.deps.db.update(appUsers).set({ role: "dispatcher" }).where(eq(appUsers.userId, otherId));
      await ctx.deps.events.sync();
      expect((await call(ctx, "/api/me", { cookie: asCustomer })).status).toBe(401);
      await ctx.deps.db.update(appUsers).set({ role: "admin" }).where(eq(appUsers.userId, otherId));
      await ctx.deps.db.update(users).set({ banned: true }).where(eq(users.id, otherId));
      await ctx.deps.events.sync();
      expect((await call(ctx, "/api/me", { cookie: asCustomer })).status).toBe(401);
    });
  });
});

describe("impersonating a user with two-factor sign-in (issue 38, point 9)", () => {
  it("is allowed without their code, audited as such, and shown in their own security history", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    const email = "two.factor.user@lakeshorefreight.test";
    const created = await call(ctx, "/api/admin/users", {
      body: {
        name: "Tess Factor",
        email,
        role: "safety",
        password: "Password123",
        requirePasswordChange: false,
      },
      cookie: admin,
    });
    expect(created.status).toBe(201);
    const userId = await idOf(email);
    const before = await signIn(ctx, email, "Password123");
    const enrolment = (
      await call(ctx, "/api/me/two-factor/enable", { cookie: before, body: { password: "Password123" } })
    ).json as TwoFactorEnrolment;
    const confirmed = await call(ctx, "/api/me/two-factor/confirm", {
      cookie: before,
      body: { code: totp(enrolment.manualKey.replace(/\s/g, "")) },
    });
    expect(confirmed.json).toMatchObject({ enabled: true });
    // Turning it on renews the session cookie.
    const own = mergeCookies(before, confirmed);

    // The admin browses as them with no code asked (admins need it)…
    const started = await call(ctx, "/api/admin/impersonation", { body: { userId }, cookie: admin });
    expect(started.status).toBe(200);
    const stopped = await call(ctx, "/api/impersonation/stop", {
      method: "POST",
      cookie: mergeCookies(admin, started),
    });
    expect(stopped.status).toBe(200);

    // …and the audit says that the user had two-factor sign-in on.
    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, userId))
      .orderBy(auditLog.createdAt)
      .then((rows) => rows.filter((r) => r.action.startsWith("impersonation.started")));
    expect(entry).toMatchObject({
      action: "impersonation.started_two_factor",
      actorEmail: "admin@demo.test",
      targetType: "user",
      targetLabel: email,
    });

    // The user reads it in their own security history, newest first, with who did it.
    const history = await call(ctx, `/api/users/${userId}/security-history`, { cookie: own });
    expect(history.status).toBe(200);
    expect(history.json.items.map((e: { action: string }) => e.action)).toEqual([
      "impersonation.stopped",
      "impersonation.started_two_factor",
      "auth.two_factor_enabled",
    ]);
    expect(history.json.items[1]).toMatchObject({ byEmail: "admin@demo.test", bySelf: false });
    expect(history.json.items[2]).toMatchObject({ byEmail: email, bySelf: true, impersonatorEmail: null });
    expect(JSON.stringify(history.json)).not.toMatch(/"ip"/);

    // Nobody else reads it (404, as for an account that does not exist), but who manages users.
    const driver = await signIn(ctx, "driver@demo.test");
    expect((await call(ctx, `/api/users/${userId}/security-history`, { cookie: driver })).status).toBe(404);
    const driverId = await idOf("driver@demo.test");
    expect((await call(ctx, `/api/users/${driverId}/security-history`, { cookie: own })).status).toBe(404);
    const byAdmin = await call(ctx, `/api/users/${userId}/security-history`, { cookie: admin });
    expect(byAdmin.json.total).toBe(3);
    expect((await call(ctx, `/api/users/${userId}/security-history`)).status).toBe(401);
  });
});
