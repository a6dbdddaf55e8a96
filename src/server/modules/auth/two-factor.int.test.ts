import type { TwoFactorEnrolment } from "@shared/auth/two-factor.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo-accounts";
import { call, createTestContext, mergeCookies, signIn, type TestContext } from "../../testing/harness";
import { totp } from "../../testing/totp";

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext({ signInRateLimit: 30 });
  admin = await signIn(ctx, "admin@demo.test");
});
afterAll(() => ctx.close());

/** The password step; with two-factor on it answers `twoFactorRedirect` and a short-lived cookie. */
const passwordStep = (email: string, ip = "198.51.100.7") =>
  call(ctx, "/api/auth/sign-in/email", {
    body: { email, password: DEMO_PASSWORD },
    headers: { "x-forwarded-for": ip },
  });
const secretOf = (e: TwoFactorEnrolment) => e.manualKey.replace(/\s/g, "");
/** A code the authenticator shows, one step ahead of the last one used (a code is accepted once). */
let step = 0;
const nextCode = (secret: string) => totp(secret, Date.now() + 30_000 * (step++ % 2 === 0 ? 0 : -1));

describe("two-factor sign-in", () => {
  it("is set up with the password, a QR code and a first code; then sign-in asks for a code", async () => {
    const cookie = await signIn(ctx, "manager@demo.test");
    expect((await call(ctx, "/api/me/two-factor", { cookie })).json).toEqual({
      enabled: false,
      required: false,
    });
    const wrong = await call(ctx, "/api/me/two-factor/enable", { cookie, body: { password: "not it" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.details.fields.password).toBe("The password is incorrect.");

    const started = await call(ctx, "/api/me/two-factor/enable", {
      cookie,
      body: { password: DEMO_PASSWORD },
    });
    expect(started.status).toBe(200);
    const enrolment = started.json as TwoFactorEnrolment;
    expect(enrolment.totpURI).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+/);
    expect(enrolment.qrSvg).toContain("<svg");
    expect(enrolment.recoveryCodes).toHaveLength(10);
    const secret = secretOf(enrolment);

    const badCode = await call(ctx, "/api/me/two-factor/confirm", { cookie, body: { code: "000000" } });
    expect(badCode.status).toBe(400);
    expect(badCode.json.error.details.fields.code).toMatch(/^That code is not right/);
    const notDigits = await call(ctx, "/api/me/two-factor/confirm", { cookie, body: { code: "12ab56" } });
    expect(notDigits.json.error.details.fields.code).toBe(
      "Enter the 6-digit code from your authenticator app.",
    );
    const confirmed = await call(ctx, "/api/me/two-factor/confirm", { cookie, body: { code: totp(secret) } });
    expect(confirmed.json).toEqual({ enabled: true, required: false });

    // Password alone no longer signs in: no session, a second step instead.
    const first = await passwordStep("manager@demo.test");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ twoFactorRedirect: true });
    const pending = mergeCookies(undefined, first);
    expect(pending).not.toMatch(/session_token/);
    expect((await call(ctx, "/api/me", { cookie: pending })).status).toBe(401);
    const wrongCode = await call(ctx, "/api/auth/two-factor/verify-totp", {
      cookie: pending,
      body: { code: "123456" },
    });
    expect(wrongCode.status).toBeGreaterThanOrEqual(400);
    const done = await call(ctx, "/api/auth/two-factor/verify-totp", {
      cookie: pending,
      body: { code: nextCode(secret) },
    });
    expect(done.status).toBe(200);
    expect(done.json.token).toBeUndefined();
    const session = mergeCookies(pending, done);
    expect((await call(ctx, "/api/me", { cookie: session })).json.user.email).toBe("manager@demo.test");

    // A recovery code works once.
    const again = mergeCookies(undefined, await passwordStep("manager@demo.test"));
    const code = enrolment.recoveryCodes[0];
    const recovered = await call(ctx, "/api/auth/two-factor/verify-backup-code", {
      cookie: again,
      body: { code },
    });
    expect(recovered.status).toBe(200);
    const twice = mergeCookies(undefined, await passwordStep("manager@demo.test"));
    const reused = await call(ctx, "/api/auth/two-factor/verify-backup-code", {
      cookie: twice,
      body: { code },
    });
    expect(reused.status).toBeGreaterThanOrEqual(400);

    // Off with the password (audited), and sign-in is one step again.
    const off = await call(ctx, "/api/me/two-factor/disable", {
      cookie: mergeCookies(again, recovered),
      body: { password: DEMO_PASSWORD },
    });
    expect(off.json).toMatchObject({ enabled: false });
    expect((await passwordStep("manager@demo.test")).json.twoFactorRedirect).toBeUndefined();
    const { rows } = await ctx.deps.db.execute<{ action: string }>(
      sql`select action from audit_log where action like 'auth.two_factor%' order by created_at`,
    );
    expect(rows.map((r) => r.action)).toEqual(["auth.two_factor_enabled", "auth.two_factor_disabled"]);
  });

  it("the code step is rate-limited like the password step", async () => {
    const ip = "198.51.100.99";
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (
          await call(ctx, "/api/auth/two-factor/verify-totp", {
            body: { code: "123456" },
            headers: { "x-forwarded-for": ip },
          })
        ).status,
      );
    expect(statuses.slice(-1)[0]).toBe(429);
  });

  it("an admin requires it for a role: its users set it up before anything else; an admin resets a lost phone", async () => {
    const dispatcher = await signIn(ctx, "dispatcher@demo.test");
    expect((await call(ctx, "/api/loads", { cookie: dispatcher })).status).toBe(200);
    expect(
      (
        await call(ctx, "/api/settings/security", {
          method: "PUT",
          cookie: dispatcher,
          body: { twoFactorRoles: [] },
        })
      ).status,
    ).toBe(403);
    const saved = await call(ctx, "/api/settings/security", {
      method: "PUT",
      cookie: admin,
      body: { twoFactorRoles: ["dispatcher"] },
    });
    expect(saved.json).toMatchObject({ twoFactorRoles: ["dispatcher"], updatedByName: "Alex Morgan" });
    await ctx.deps.events.sync();

    // The same session, on its next request: only set-up is open.
    const blocked = await call(ctx, "/api/loads", { cookie: dispatcher });
    expect(blocked.status).toBe(403);
    expect(blocked.json.error).toMatchObject({
      code: "TWO_FACTOR_REQUIRED",
      message: "Set up two-factor sign-in to continue.",
    });
    expect((await call(ctx, "/api/me", { cookie: dispatcher })).json.mustEnrolTwoFactor).toBe(true);
    const enrolment = (
      await call(ctx, "/api/me/two-factor/enable", { cookie: dispatcher, body: { password: DEMO_PASSWORD } })
    ).json as TwoFactorEnrolment;
    const confirmed = await call(ctx, "/api/me/two-factor/confirm", {
      cookie: dispatcher,
      body: { code: totp(secretOf(enrolment)) },
    });
    // better-auth replaces the session on confirmation: the browser gets the new cookie.
    const renewed = mergeCookies(dispatcher, confirmed);
    await ctx.deps.events.sync();
    expect((await call(ctx, "/api/loads", { cookie: renewed })).status).toBe(200);

    // A lost phone: the admin resets; the next sign-in is walked through set-up again.
    const { rows } = await ctx.deps.db.execute<{ id: string }>(
      sql`select id from users where email = 'dispatcher@demo.test'`,
    );
    expect(
      (
        await call(ctx, `/api/admin/users/${rows[0].id}/two-factor/reset`, {
          method: "POST",
          cookie: renewed,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(ctx, `/api/admin/users/${rows[0].id}/two-factor/reset`, { method: "POST", cookie: admin }))
        .status,
    ).toBe(204);
    const fresh = await passwordStep("dispatcher@demo.test", "198.51.100.20");
    expect(fresh.json.twoFactorRedirect).toBeUndefined();
    expect(
      (await call(ctx, "/api/me", { cookie: mergeCookies(undefined, fresh) })).json.mustEnrolTwoFactor,
    ).toBe(true);
    await call(ctx, "/api/settings/security", { method: "PUT", cookie: admin, body: { twoFactorRoles: [] } });
  });
});
