import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUsers, users } from "../../db/schema";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

/** The actor cache (decision 016): sessions resolved in-process, dropped by the database's triggers. */
let ctx: TestContext;
let admin: string;

const idOf = async (email: string) =>
  (await ctx.deps.db.select().from(users).where(eq(users.email, email)))[0]!.id;

/** How many times the session query ran while `fn` did. */
async function actorQueries(fn: () => Promise<unknown>): Promise<number> {
  const pool = ctx.deps.pool as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query;
  let n = 0;
  pool.query = function (this: unknown, ...args: unknown[]) {
    if ((args[0] as { name?: string } | undefined)?.name === "lms_resolve_actor") n++;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    pool.query = original;
  }
  return n;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signIn(ctx, "admin@demo.test");
});
afterAll(() => ctx.close());

describe("the actor cache", () => {
  it("resolves a session once, then serves it from memory", async () => {
    const cookie = await signIn(ctx, "dispatcher@demo.test");
    expect(await actorQueries(() => call(ctx, "/api/me", { cookie }))).toBe(1);
    expect(
      await actorQueries(async () => {
        for (let i = 0; i < 5; i++) expect((await call(ctx, "/api/loads", { cookie })).status).toBe(200);
      }),
    ).toBe(0);
  });

  it("sees a role changed through the API on the very next request", async () => {
    const cookie = await signIn(ctx, "accountant@demo.test");
    expect((await call(ctx, "/api/me", { cookie })).json.role).toBe("accountant");
    const id = await idOf("accountant@demo.test");
    const changed = await call(ctx, `/api/admin/users/${id}/role`, {
      method: "PUT",
      body: { role: "manager" },
      cookie: admin,
    });
    expect(changed.status).toBe(200);
    // No wait: the change's request answered only once this instance had heard of it.
    expect((await call(ctx, "/api/me", { cookie })).json.role).toBe("manager");
    await call(ctx, `/api/admin/users/${id}/role`, {
      method: "PUT",
      body: { role: "accountant" },
      cookie: admin,
    });
    expect((await call(ctx, "/api/me", { cookie })).json.role).toBe("accountant");
  });

  it("drops a signed-out session at once", async () => {
    const cookie = await signIn(ctx, "safety@demo.test");
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(200);
    expect((await call(ctx, "/api/auth/sign-out", { method: "POST", body: {}, cookie })).status).toBe(200);
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(401);
  });

  it("hears a change another instance made, through the trigger's notification", async () => {
    const cookie = await signIn(ctx, "manager@demo.test");
    expect((await call(ctx, "/api/me", { cookie })).json.mustChangePassword).toBe(false);
    const id = await idOf("manager@demo.test");
    await ctx.deps.db.update(appUsers).set({ mustChangePassword: true }).where(eq(appUsers.userId, id));
    await ctx.deps.events.sync();
    expect((await call(ctx, "/api/loads", { cookie })).json.error.code).toBe("PASSWORD_CHANGE_REQUIRED");
    await ctx.deps.db.update(appUsers).set({ mustChangePassword: false }).where(eq(appUsers.userId, id));
    await ctx.deps.events.sync();
    expect((await call(ctx, "/api/loads", { cookie })).status).toBe(200);
  });

  it("reads the database on every request while the events connection is down", async () => {
    const cookie = await signIn(ctx, "dispatcher@demo.test");
    await call(ctx, "/api/me", { cookie });
    await ctx.deps.events.close();
    expect(ctx.deps.events.live).toBe(false);
    expect(
      await actorQueries(async () => {
        await call(ctx, "/api/me", { cookie });
        await call(ctx, "/api/me", { cookie });
      }),
    ).toBe(2);
    // Nothing announces this change any more; the next request sees it anyway.
    await ctx.deps.db
      .update(users)
      .set({ banned: true })
      .where(eq(users.id, await idOf("dispatcher@demo.test")));
    expect((await call(ctx, "/api/me", { cookie })).status).toBe(401);
  });
});
