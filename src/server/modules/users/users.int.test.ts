import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, drivers, sessions, users } from "../../db/schema";
import { call, createTestContext, mergeCookies, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let admin: string;
let adminId: string;

const idOf = async (email: string) =>
  (await ctx.deps.db.select().from(users).where(eq(users.email, email)))[0]?.id;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signIn(ctx, "admin@demo.test");
  adminId = (await idOf("admin@demo.test"))!;
});
afterAll(() => ctx.close());

describe("listing users", () => {
  it("searches, filters by role and paginates on the server", async () => {
    const drivers = await call(ctx, "/api/admin/users?role=driver&sort=email&dir=asc", { cookie: admin });
    expect(drivers.json.items.map((u: { email: string }) => u.email)).toEqual([
      "driver2@demo.test",
      "driver@demo.test",
    ]);
    const search = await call(ctx, "/api/admin/users?q=rosa", { cookie: admin });
    expect(search.json.items).toHaveLength(1);
    expect(search.json.items[0]).toMatchObject({
      email: "driver2@demo.test",
      role: "driver",
      status: "active",
    });
    const page = await call(ctx, "/api/admin/users?pageSize=10&page=1&sort=name", { cookie: admin });
    expect(page.json.total).toBe(9);
    expect(page.json.items).toHaveLength(9);
    expect((await call(ctx, "/api/admin/users?pageSize=7", { cookie: admin })).status).toBe(400);
  });
});

describe("adding users", () => {
  it("requires name, email, role and password, with a message per field", async () => {
    const res = await call(ctx, "/api/admin/users", { body: {}, cookie: admin });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error.details.fields).sort()).toEqual(["email", "name", "password", "role"]);
  });

  it("creates a driver with a driver record, who must choose a new password", async () => {
    const res = await call(ctx, "/api/admin/users", {
      body: { name: "Luis Ortega", email: "luis@fleet.test", role: "driver", password: "Temporary1!" },
      cookie: admin,
    });
    expect(res.status).toBe(201);
    const [driver] = await ctx.deps.db.select().from(drivers).where(eq(drivers.userId, res.json.id));
    expect(driver.fullName).toBe("Luis Ortega");
    // A new driver starts available (issue 38), as one added on the drivers screen does.
    expect(driver).toMatchObject({ status: "available", manualStatus: "available" });
    const luis = await signIn(ctx, "luis@fleet.test", "Temporary1!");
    expect((await call(ctx, "/api/me", { cookie: luis })).json.mustChangePassword).toBe(true);
  });

  it("answers 409 for an email already in use", async () => {
    const res = await call(ctx, "/api/admin/users", {
      body: { name: "Dup", email: "DRIVER@demo.test", role: "driver", password: "Temporary1!" },
      cookie: admin,
    });
    expect(res.status).toBe(409);
    expect(res.json.error.details.fields.email).toBeDefined();
  });
});

describe("temporary passwords", () => {
  it("ends the user's sessions, blocks the API until a new password is chosen, then clears the flag", async () => {
    const old = await signIn(ctx, "accountant@demo.test");
    const id = await idOf("accountant@demo.test");
    const set = await call(ctx, `/api/admin/users/${id}/temporary-password`, {
      body: { password: "TempPass99" },
      cookie: admin,
    });
    expect(set.status).toBe(200);
    expect((await call(ctx, "/api/me", { cookie: old })).status).toBe(401);
    expect(
      (
        await call(ctx, "/api/auth/sign-in/email", {
          body: { email: "accountant@demo.test", password: "Demo1234!" },
        })
      ).status,
    ).toBe(401);

    const temp = await signIn(ctx, "accountant@demo.test", "TempPass99");
    expect((await call(ctx, "/api/me", { cookie: temp })).json.mustChangePassword).toBe(true);

    const wrong = await call(ctx, "/api/me/password", {
      body: { currentPassword: "nope", newPassword: "MyOwnPass1", confirmPassword: "MyOwnPass1" },
      cookie: temp,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.details.fields.currentPassword).toBeDefined();

    const changed = await call(ctx, "/api/me/password", {
      body: { currentPassword: "TempPass99", newPassword: "MyOwnPass1", confirmPassword: "MyOwnPass1" },
      cookie: temp,
    });
    expect(changed.status).toBe(200);
    const after = mergeCookies(temp, changed);
    expect((await call(ctx, "/api/me", { cookie: after })).json.mustChangePassword).toBe(false);
    await signIn(ctx, "accountant@demo.test", "MyOwnPass1");
  });

  it("refuses an admin's temporary password for themselves (Action Denied), leaving them signed in", async () => {
    const res = await call(ctx, `/api/admin/users/${await idOf("admin@demo.test")}/temporary-password`, {
      body: { password: "TempPass99" },
      cookie: admin,
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: "OWN_ACCOUNT" });
    const me = await call(ctx, "/api/me", { cookie: admin });
    expect(me.status).toBe(200);
    expect(me.json.mustChangePassword).toBe(false);
  });

  it("answers PASSWORD_CHANGE_REQUIRED to other operations meanwhile", async () => {
    await call(ctx, "/api/admin/users", {
      body: { name: "Second Admin", email: "admin2@demo.test", role: "admin", password: "AdminTemp1" },
      cookie: admin,
    });
    const admin2 = await signIn(ctx, "admin2@demo.test", "AdminTemp1");
    const res = await call(ctx, "/api/admin/users", { cookie: admin2 });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("PASSWORD_CHANGE_REQUIRED");
  });
});

describe("roles, disabling and deleting", () => {
  it("changes a role and attaches the record the new role needs", async () => {
    const id = await idOf("dispatcher@demo.test");
    const res = await call(ctx, `/api/admin/users/${id}/role`, {
      method: "PUT",
      body: { role: "driver" },
      cookie: admin,
    });
    expect(res.status).toBe(200);
    const me = (await call(ctx, "/api/me", { cookie: await signIn(ctx, "dispatcher@demo.test") })).json;
    expect(me.role).toBe("driver");
    expect(me.driver).not.toBeNull();
    const [entry] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "user.role_changed"));
    expect(entry.details).toEqual({ from: "dispatcher", to: "driver" });
  });

  it("refuses to change your own role", async () => {
    const res = await call(ctx, `/api/admin/users/${adminId}/role`, {
      method: "PUT",
      body: { role: "manager" },
      cookie: admin,
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("OWN_ACCOUNT");
  });

  it("disabling revokes sessions at once and blocks sign-in; enabling restores it", async () => {
    const safety = await signIn(ctx, "safety@demo.test");
    const id = (await idOf("safety@demo.test"))!;
    expect(
      (await call(ctx, `/api/admin/users/${id}/disable`, { method: "POST", cookie: admin })).status,
    ).toBe(200);
    expect((await call(ctx, "/api/me", { cookie: safety })).status).toBe(401);
    expect(await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    const refused = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "safety@demo.test", password: "Demo1234!" },
    });
    expect(refused.status).toBe(403);
    const listed = await call(ctx, "/api/admin/users?status=disabled", { cookie: admin });
    expect(listed.json.items.map((u: { email: string }) => u.email)).toEqual(["safety@demo.test"]);
    expect((await call(ctx, `/api/admin/users/${id}/enable`, { method: "POST", cookie: admin })).status).toBe(
      200,
    );
    await signIn(ctx, "safety@demo.test");
  });

  it("never deletes your own account, with the spec's message", async () => {
    const res = await call(ctx, `/api/admin/users/${adminId}`, { method: "DELETE", cookie: admin });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({
      code: "CANNOT_DELETE_SELF",
      message: "You cannot delete your own account.",
    });
    expect(await idOf("admin@demo.test")).toBe(adminId);
  });

  it("deletes another user, keeps their driver record unlinked, and audits it", async () => {
    const id = (await idOf("driver2@demo.test"))!;
    const res = await call(ctx, `/api/admin/users/${id}`, { method: "DELETE", cookie: admin });
    expect(res.status).toBe(200);
    expect(await idOf("driver2@demo.test")).toBeUndefined();
    const rosa = await ctx.deps.db.select().from(drivers).where(eq(drivers.fullName, "Rosa Martinez"));
    expect(rosa[0].userId).toBeNull();
    const [entry] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "user.deleted"));
    expect(entry.targetLabel).toBe("driver2@demo.test");
  });

  it("refuses to disable your own account, so an admin always remains", async () => {
    const res = await call(ctx, `/api/admin/users/${adminId}/disable`, { method: "POST", cookie: admin });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("OWN_ACCOUNT");
  });
});

describe("the audit log", () => {
  it("lists entries newest first, filtered by action and searchable", async () => {
    const res = await call(ctx, "/api/admin/audit?action=user.created&q=luis", { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json.items[0]).toMatchObject({
      action: "user.created",
      actorEmail: "admin@demo.test",
      targetLabel: "luis@fleet.test",
    });
    const all = await call(ctx, "/api/admin/audit?pageSize=100", { cookie: admin });
    const times = all.json.items.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call(ctx, `/api/admin/audit?from=${today}&to=${today}`, { cookie: admin });
    // Today's entries (UTC days): the demo's recent activity also has entries from the days before.
    const { rows } = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log
          where created_at >= ${`${today}T00:00:00Z`}::timestamptz and created_at < ${`${today}T00:00:00Z`}::timestamptz + interval '1 day'`,
    );
    expect(dated.json.total).toBe(rows[0].n);
    expect(dated.json.total).toBeGreaterThan(0);
  });
});
