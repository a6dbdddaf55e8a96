import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { appUsers, auditLog, sessions, users } from "../../db/schema";
import { call, createTestContext, mergeCookies, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("sign-in", () => {
  it("needs an email and a password", async () => {
    const res = await call(ctx, "/api/auth/sign-in/email", { body: { email: "", password: "" } });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toMatchObject({
      email: "Email is required.",
      password: "Password is required.",
    });
  });

  it("refuses a wrong password with 401", async () => {
    const res = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "admin@demo.test", password: "nope-nope" },
    });
    expect(res.status).toBe(401);
  });

  it("answers better-auth's refusals in the API's one error shape, with the same code and message", async () => {
    const res = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "dispatcher@demo.test", password: "nope-nope" },
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
    });
    // The code step without the password step's cookie: better-auth's refusal, same shape.
    const code = await call(ctx, "/api/auth/two-factor/verify-totp", { body: { code: "123456" } });
    expect(code.status).toBe(401);
    expect(code.json.error.code).toBe("INVALID_TWO_FACTOR_COOKIE");
    expect(code.json.message).toBeUndefined();
  });

  it("sets an httpOnly session cookie and keeps the token out of the body", async () => {
    const res = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "admin@demo.test", password: "Demo1234!" },
    });
    expect(res.status).toBe(200);
    expect(res.json.token).toBeUndefined();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("lms.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("records the sign-in time and an audit entry", async () => {
    await signIn(ctx, "safety@demo.test");
    const [row] = await ctx.deps.db
      .select({ at: appUsers.lastSignInAt })
      .from(appUsers)
      .innerJoin(users, eq(users.id, appUsers.userId))
      .where(eq(users.email, "safety@demo.test"));
    expect(row.at).toBeInstanceOf(Date);
    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.sign_in"), eq(auditLog.actorEmail, "safety@demo.test")));
    expect(entry.ip).toBe("203.0.113.10");
  });

  it("ignores a client's attempt to set the address better-auth records", async () => {
    const res = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "dispatcher@demo.test", password: "Demo1234!" },
      headers: { "x-forwarded-for": "198.51.100.1", "x-lms-client-ip": "10.9.9.9" },
    });
    expect(res.status).toBe(200);
    const [session] = await ctx.deps.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, "dispatcher@demo.test"));
    expect(session.ip).toBe("198.51.100.1");
  });

  it("does not expose better-auth's sign-up or admin endpoints", async () => {
    const signUp = await call(ctx, "/api/auth/sign-up/email", {
      body: { email: "x@y.test", password: "Password1!", name: "X" },
    });
    expect(signUp.status).toBe(404);
    const cookie = await signIn(ctx, "admin@demo.test");
    const listUsers = await call(ctx, "/api/auth/admin/list-users", { cookie });
    expect(listUsers.status).toBe(404);
  });

  it("signs out", async () => {
    const cookie = await signIn(ctx, "manager@demo.test");
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(200);
    const out = await call(ctx, "/api/auth/sign-out", { method: "POST", body: {}, cookie });
    expect(out.status).toBe(200);
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(401);
  });
});

describe("session resolution", () => {
  const tokenOf = (cookie: string) =>
    decodeURIComponent(cookie.split("lms.session_token=")[1]!.split(";")[0]!).split(".")[0]!;

  it("refuses a cookie whose signature is not ours, even with a real token", async () => {
    const cookie = await signIn(ctx, "dispatcher@demo.test");
    const forged = `lms.session_token=${encodeURIComponent(`${tokenOf(cookie)}.${"A".repeat(43)}=`)}`;
    expect((await call(ctx, "/api/me", { cookie: forged })).status).toBe(401);
    expect((await call(ctx, "/api/me", { cookie: `lms.session_token=${tokenOf(cookie)}` })).status).toBe(401);
  });

  // Each of these first uses the session (so the actor cache holds it), then changes the row as
  // another instance would, and waits for the trigger's notification (`events.sync()`).
  it("refuses an expired session", async () => {
    const cookie = await signIn(ctx, "dispatcher@demo.test");
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(200);
    await ctx.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(cookie)));
    await ctx.deps.events.sync();
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(401);
  });

  it("refuses a banned user's session at once", async () => {
    const cookie = await signIn(ctx, "safety@demo.test");
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(200);
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.email, "safety@demo.test"));
    await ctx.deps.db.update(users).set({ banned: true }).where(eq(users.id, user!.id));
    await ctx.deps.events.sync();
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(401);
    await ctx.deps.db.update(users).set({ banned: false }).where(eq(users.id, user!.id));
    await ctx.deps.events.sync();
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(200);
  });

  it("slides the expiry once a day and re-sets the cookie", async () => {
    const cookie = await signIn(ctx, "accountant@demo.test");
    const token = tokenOf(cookie);
    const day = 24 * 60 * 60 * 1000;
    // Fresh: no refresh, no cookie.
    const fresh = await call(ctx, "/api/me", { cookie });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    // A session last extended more than a day ago is extended to a full week, with a new cookie.
    const stale = new Date(Date.now() + 5 * day);
    await ctx.deps.db.update(sessions).set({ expiresAt: stale }).where(eq(sessions.token, token));
    await ctx.deps.events.sync();
    const res = await call(ctx, "/api/me", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("lms.session_token="))).toBe(true);
    const [row] = await ctx.deps.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * day);
  });
});

describe("sign-in rate limit", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ signInRateLimit: 3 });
  });
  afterAll(() => limited.close());

  it("answers 429 after the limit for one client address, with Retry-After", async () => {
    const attempt = (ip: string) =>
      call(limited, "/api/auth/sign-in/email", {
        body: { email: "dispatcher@demo.test", password: "wrong-password" },
        headers: { "x-forwarded-for": ip },
      });
    for (let i = 0; i < 3; i++) expect((await attempt("198.51.100.7")).status).toBe(401);
    const blocked = await attempt("198.51.100.7");
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.code).toBe("RATE_LIMITED");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("never locks a named user out: the right password from a new address signs in", async () => {
    // Issue 38, point 4: wrong passwords for one email from several addresses, past the limit (3).
    const attempt = (ip: string, password: string) =>
      call(limited, "/api/auth/sign-in/email", {
        body: { email: "accountant@demo.test", password },
        headers: { "x-forwarded-for": ip },
      });
    const attackers = ["192.0.2.1", "192.0.2.2", "192.0.2.3"];
    const statuses: number[] = [];
    for (const ip of attackers)
      for (let i = 0; i < 3; i++) statuses.push((await attempt(ip, "wrong-password")).status);
    expect(statuses).toEqual(Array(9).fill(401));
    // The user, from an address of their own: signed in, not 429.
    const right = await attempt("192.0.2.50", "Demo1234!");
    expect(right.status).toBe(200);
    // Each attacking address has spent its own attempts on this email: 429, even with the password.
    const again = await attempt("192.0.2.1", "Demo1234!");
    expect(again.status).toBe(429);
    expect(again.json.error.code).toBe("RATE_LIMITED");
    expect((await attempt("192.0.2.2", "wrong-password")).status).toBe(429);
  });

  it("limits one address across many emails (three times the per-email budget)", async () => {
    const ip = "198.51.100.80";
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (
          await call(limited, "/api/auth/sign-in/email", {
            body: { email: `nobody${i}@demo.test`, password: "wrong-password" },
            headers: { "x-forwarded-for": ip },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(9).fill(401), 429]);
  });
});

describe("GET /api/session", () => {
  // Public pages ask who is signed in; nobody is an answer, not an error (no 401 in the console).
  it("answers 200 with null for nobody, and the same app user as /api/me when signed in", async () => {
    const nobody = await call(ctx, "/api/session");
    expect(nobody.status).toBe(200);
    expect(nobody.json).toEqual({ me: null });
    const cookie = await signIn(ctx, "driver@demo.test");
    const session = await call(ctx, "/api/session", { cookie });
    expect(session.status).toBe(200);
    expect(session.json.me).toEqual((await call(ctx, "/api/me", { cookie })).json);
  });
});

describe("GET /api/me", () => {
  it("answers 401 when signed out", async () => {
    const res = await call(ctx, "/api/me");
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("UNAUTHENTICATED");
  });

  it("returns a driver's app user with the driver record", async () => {
    const me = (await call(ctx, "/api/me", { cookie: await signIn(ctx, "driver@demo.test") })).json;
    expect(me.role).toBe("driver");
    // The demo seed has Jake on the road (an in-progress load), which makes him busy.
    expect(me.driver).toMatchObject({ fullName: "Jake Wilson", status: "busy" });
    expect(me.customer).toBeNull();
    expect(me.impersonation).toBeNull();
    expect(me.permissions).not.toContain("users:manage");
  });

  it("returns a customer's app user with the customer record", async () => {
    const me = (await call(ctx, "/api/me", { cookie: await signIn(ctx, "customer2@demo.test") })).json;
    expect(me.role).toBe("customer");
    expect(me.customer).toMatchObject({ companyName: "Prairie Steel Supply LLC" });
    expect(me.driver).toBeNull();
  });

  it("gives an admin the admin permissions", async () => {
    const me = (await call(ctx, "/api/me", { cookie: await signIn(ctx, "admin@demo.test") })).json;
    expect(me.permissions).toEqual(
      expect.arrayContaining(["users:manage", "impersonation:start", "audit:read"]),
    );
  });
});

describe("demo accounts", () => {
  it("lists one account per role with the shared password when demo data is present", async () => {
    const res = await call(ctx, "/api/demo-accounts");
    expect(res.json.password).toBe("Demo1234!");
    expect(res.json.accounts.map((a: { email: string }) => a.email)).toEqual([
      "admin@demo.test",
      "manager@demo.test",
      "dispatcher@demo.test",
      "safety@demo.test",
      "accountant@demo.test",
      "driver@demo.test",
      "driver2@demo.test",
      "customer@demo.test",
      "customer2@demo.test",
    ]);
  });

  it("hides an account once its password is no longer the demo password", async () => {
    const own = await createTestContext();
    try {
      const listed = async () =>
        (await call(own, "/api/demo-accounts")).json.accounts.map((a: { email: string }) => a.email);
      expect(await listed()).toContain("admin@demo.test");
      const cookie = await signIn(own, "admin@demo.test");
      const changed = await call(own, "/api/me/password", {
        body: {
          currentPassword: "Demo1234!",
          newPassword: "Our-Own-Secret-9",
          confirmPassword: "Our-Own-Secret-9",
        },
        cookie,
      });
      expect(changed.status).toBe(200);
      const after = await call(own, "/api/demo-accounts");
      expect(after.json.accounts.map((a: { email: string }) => a.email)).not.toContain("admin@demo.test");
      // The others still open with the demo password, so they (and the password) are still shown.
      expect(after.json.accounts).toHaveLength(8);
      expect(after.json.password).toBe("Demo1234!");
      expect(JSON.stringify(after.json)).not.toContain("Our-Own-Secret-9");
    } finally {
      await own.close();
    }
  });

  it("lists none on NODE_ENV=production unless DEMO_DATA=true", async () => {
    for (const [demoData, shown] of [
      [undefined, 0],
      [false, 0],
      [true, 9],
    ] as const) {
      const prod = await createTestContext({ production: true, demoData });
      try {
        const res = await call(prod, "/api/demo-accounts");
        expect(res.status).toBe(200);
        expect(res.json.accounts, `DEMO_DATA=${demoData}`).toHaveLength(shown);
        expect(res.json.password).toBe(shown ? "Demo1234!" : "");
      } finally {
        await prod.close();
      }
    }
  });
});

describe("cross-site protection and headers", () => {
  it("refuses a cookie-carrying write from another origin", async () => {
    const cookie = await signIn(ctx, "admin@demo.test");
    const res = await call(ctx, "/api/admin/users", {
      body: { name: "Eve", email: "eve@evil.test", role: "admin", password: "Password123" },
      cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("CSRF");
  });

  it("sends CSP, nosniff, frame-ancestors and referrer policy", async () => {
    const res = await ctx.app.request("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await call(ctx, "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("NOT_FOUND");
  });
});

describe("health", () => {
  it("is ok while the database answers", async () => {
    const res = await call(ctx, "/api/health");
    expect(res).toMatchObject({ status: 200, json: { status: "ok" } });
  });

  it("answers 503 when the database does not", async () => {
    const down = await createTestContext();
    await down.deps.pool.end();
    const res = await call(down, "/api/health");
    expect(res).toMatchObject({ status: 503, json: { status: "unavailable" } });
    await down.close().catch(() => {});
  });
});

describe("what page scripts can reach", () => {
  it("does not expose better-auth's get-session (it would hand over the token, IP and user agent)", async () => {
    const cookie = await signIn(ctx, "dispatcher@demo.test");
    const res = await call(ctx, "/api/auth/get-session", { cookie });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toMatch(/token|ipAddress|userAgent/);
  });
});

describe("password change", () => {
  it("is rate-limited like sign-in, per user", async () => {
    const limited = await createTestContext({ signInRateLimit: 3 });
    try {
      const cookie = await signIn(limited, "manager@demo.test");
      const attempt = () =>
        call(limited, "/api/me/password", {
          body: { currentPassword: "guess-guess", newPassword: "MyOwnPass1", confirmPassword: "MyOwnPass1" },
          cookie,
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe("RATE_LIMITED");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // Even the right password waits for the window: guessing gains nothing.
      const right = await call(limited, "/api/me/password", {
        body: { currentPassword: "Demo1234!", newPassword: "MyOwnPass1", confirmPassword: "MyOwnPass1" },
        cookie,
      });
      expect(right.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("origins", () => {
  it("without PUBLIC_URL, signs in from any loopback name of the port", async () => {
    const config = loadConfig({ DATA_DIR: "/tmp/lms-test-unused", PORT: "3000" });
    const local = await createTestContext({
      publicUrl: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
    });
    try {
      for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"]) {
        const res = await call(local, "/api/auth/sign-in/email", {
          body: { email: "dispatcher@demo.test", password: "Demo1234!" },
          headers: { origin },
        });
        expect(res.status, origin).toBe(200);
        const out = await call(local, "/api/auth/sign-out", {
          method: "POST",
          body: {},
          cookie: mergeCookies(undefined, res),
          headers: { origin },
        });
        expect(out.status, origin).toBe(200);
      }
    } finally {
      await local.close();
    }
  });

  it("from another address says where to open the app, never 'Invalid origin'", async () => {
    const res = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "dispatcher@demo.test", password: "Demo1234!" },
      headers: { origin: "http://127.0.0.1:3000" },
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({
      code: "WRONG_ADDRESS",
      message:
        "This page was opened at an address the app does not accept. Open http://localhost:3000 and try again.",
      details: { url: "http://localhost:3000" },
    });
    expect(JSON.stringify(res.json)).not.toContain("Invalid origin");
  });
});
