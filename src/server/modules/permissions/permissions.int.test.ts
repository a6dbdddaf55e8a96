import type { PermissionMatrix } from "@shared/permissions/permissions.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppInstance,
  call,
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from "../../testing/harness";

let ctx: TestContext;
let other: AppInstance;
let admin: string;
let manager: string;
let dispatcher: string;
let jake: string;

beforeAll(async () => {
  ctx = await createTestContext();
  other = await ctx.anotherInstance();
  [admin, manager, dispatcher, jake] = await Promise.all([
    signIn(ctx, "admin@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "driver@demo.test"),
  ]);
});
afterAll(() => ctx.close());

const put = (changes: { role: string; permission: string; granted: boolean }[], cookie = admin) =>
  call(ctx, "/api/permissions", { method: "PUT", body: { changes }, cookie });
/** The same request answered by the second instance (its own actor cache). */
/** A read on the other instance once the change's notice has reached it (LISTEN/NOTIFY is asynchronous). */
const onOther = async (path: string, cookie: string) => {
  await other.deps.events.sync();
  const res = await other.app.request(path, { headers: { origin: TEST_ORIGIN, cookie } });
  return { status: res.status, json: await res.json() };
};

describe("the permissions editor", () => {
  it("starts at the access table's defaults and is the admin's alone", async () => {
    const res = await call(ctx, "/api/permissions", { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json as PermissionMatrix).toEqual({ overrides: [], updatedAt: null, updatedByName: null });
    expect((await call(ctx, "/api/permissions", { cookie: manager })).status).toBe(403);
    expect(
      (await put([{ role: "dispatcher", permission: "tolls:manage", granted: false }], manager)).status,
    ).toBe(403);
  });

  it("revokes and grants on the next request on every instance, and audits the change", async () => {
    // Warm both instances' caches with the dispatcher's session first.
    expect((await call(ctx, "/api/tolls", { cookie: dispatcher })).status).toBe(200);
    expect((await onOther("/api/tolls", dispatcher)).status).toBe(200);
    expect((await onOther("/api/reports/financial", dispatcher)).status).toBe(403);

    const res = await put([
      { role: "dispatcher", permission: "tolls:manage", granted: false },
      { role: "dispatcher", permission: "reports:money", granted: true },
      // Already the default: nothing stored.
      { role: "dispatcher", permission: "loads:write", granted: true },
    ]);
    expect(res.status).toBe(200);
    expect((res.json as PermissionMatrix).overrides).toEqual(
      expect.arrayContaining([
        { role: "dispatcher", permission: "tolls:manage", granted: false },
        { role: "dispatcher", permission: "reports:money", granted: true },
      ]),
    );
    expect((res.json as PermissionMatrix).overrides).toHaveLength(2);
    const { rows: names } = await ctx.deps.db.execute<{ name: string }>(
      sql`select name from users where email = 'admin@demo.test'`,
    );
    expect((res.json as PermissionMatrix).updatedByName).toBe(names[0].name);

    expect((await call(ctx, "/api/tolls", { cookie: dispatcher })).status).toBe(403);
    expect((await onOther("/api/tolls", dispatcher)).status).toBe(403);
    expect((await onOther("/api/reports/financial", dispatcher)).status).not.toBe(403);
    const me = await onOther("/api/me", dispatcher);
    expect(me.json.permissions).toContain("reports:money");
    expect(me.json.permissions).not.toContain("tolls:manage");
    expect(me.json.permissions).toContain("loads:write");
    // Other roles are untouched.
    expect((await call(ctx, "/api/tolls", { cookie: manager })).status).toBe(200);

    const { rows } = await ctx.deps.db.execute<{ action: string; details: { changed: string } }>(
      sql`select action, details from audit_log where action = 'permissions.changed'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].details.changed).toBe("dispatcher −tolls:manage, dispatcher +reports:money");
  });

  it("refuses locked powers, admin's own, staff powers for drivers, and unknown names — all or none", async () => {
    for (const change of [
      { role: "manager", permission: "users:manage", granted: true },
      { role: "manager", permission: "permissions:manage", granted: true },
      { role: "admin", permission: "loads:write", granted: false },
      { role: "driver", permission: "loads:write", granted: true },
      { role: "accountant", permission: "fleet:delete", granted: true },
    ]) {
      const res = await put([{ role: "safety", permission: "fleet:delete", granted: true }, change]);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error.code).toBe("PERMISSION_LOCKED");
      expect(res.json.error.message).toBe("This permission cannot be changed for this role.");
    }
    const unknown = await put([{ role: "manager", permission: "loads:teleport", granted: true }]);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe("There is no such permission.");
    // None of the refused batches' valid first change was stored.
    const matrix = (await call(ctx, "/api/permissions", { cookie: admin })).json as PermissionMatrix;
    expect(matrix.overrides.some((o) => o.role === "safety")).toBe(false);
    // A driver's own powers may be taken away.
    expect((await put([{ role: "driver", permission: "fuel:log", granted: false }])).status).toBe(200);
    expect((await call(ctx, "/api/fuel-entries", { cookie: jake })).status).toBe(200);
    const me = await call(ctx, "/api/me", { cookie: jake });
    expect(me.json.permissions).not.toContain("fuel:log");
  });

  it("resets to the defaults and audits it", async () => {
    const res = await call(ctx, "/api/permissions/reset", { method: "POST", cookie: admin });
    expect(res.status).toBe(200);
    expect((res.json as PermissionMatrix).overrides).toEqual([]);
    expect((await onOther("/api/tolls", dispatcher)).status).toBe(200);
    expect((await call(ctx, "/api/reports/financial", { cookie: dispatcher })).status).toBe(403);
    const { rows } = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'permissions.reset'`,
    );
    expect(rows[0].n).toBe(1);
  });
});
