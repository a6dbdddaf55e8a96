import { type Permission, ROLES, type Role } from "@shared/access";
import { effectivePermissions, type PermissionOverride } from "@shared/permissions/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BY_ROLE } from "../testing/demo-users";
import { call, createTestContext, signIn, type TestContext } from "../testing/harness";

let ctx: TestContext;
let cookies: Record<Role, string>;
type Operation = { method: string; path: string; roles: string[]; permissions: Permission[] | null };
let operations: Operation[];

beforeAll(async () => {
  ctx = await createTestContext();
  cookies = Object.fromEntries(
    await Promise.all(ROLES.map(async (r) => [r, await signIn(ctx, DEMO_BY_ROLE[r])] as const)),
  ) as Record<Role, string>;
  const doc = (await call(ctx, "/api/openapi.json")).json;
  type Doc = Record<
    string,
    Record<string, { "x-roles"?: string[]; "x-permissions"?: Permission[]; "x-better-auth"?: boolean }>
  >;
  // better-auth's sign-in endpoints are documented but not walked: signing out would end every
  // role's session mid-walk (auth.int.test.ts covers them).
  operations = Object.entries(doc.paths as Doc).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !op["x-better-auth"])
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        roles: op["x-roles"] ?? [],
        permissions: op["x-permissions"] ?? null,
      })),
  );
});
afterAll(() => ctx.close());

// Routes mounted outside OpenAPI, each guarded in its own way. Anything else unlisted fails the test.
const NON_OPENAPI = new Set([
  // The body cap on better-auth's endpoints (middleware, not a route; decision 018).
  "ALL /api/auth/*",
  "GET /api/auth/*",
  "POST /api/auth/*",
  "GET /api/openapi.json",
  "GET /api/docs",
  "GET /api/docs/assets/init.js",
  "GET /api/docs/assets/:file",
  "ALL /api/*",
]);

describe("every API operation declares who may call it", () => {
  it("lists operations in the OpenAPI document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it("shows x-roles on each operation", () => {
    for (const op of operations) {
      expect(op.roles.length, `${op.method} ${op.path} has no x-roles`).toBeGreaterThan(0);
      for (const r of op.roles) expect(["public", ...ROLES], `${op.method} ${op.path}`).toContain(r);
    }
  });

  it("registers no /api route that bypasses the declared operations", () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ":$1")}`));
    const undeclared = ctx.app.routes
      .filter((r) => r.path.startsWith("/api"))
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !documented.has(key) && !NON_OPENAPI.has(key));
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it("serves the docs UI", async () => {
    const res = await ctx.app.request("/api/docs");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("swagger-ui-bundle.js");
    const init = await ctx.app.request("/api/docs/assets/init.js");
    expect(await init.text()).toContain("/api/openapi.json");
    expect((await ctx.app.request("/api/docs/assets/swagger-ui-bundle.js")).status).toBe(200);
  });
});

describe("the role matrix: every operation as every role and as nobody", () => {
  const fill = (path: string) => path.replace(/\{(\w+)\}/g, "00000000-0000-4000-8000-000000000000");

  /** Every operation × every role (and nobody): `allowedFor` says who should get through. */
  async function walk(allowedFor: (op: Operation, role: Role) => boolean) {
    const failures: string[] = [];
    for (const op of operations) {
      const body = op.method === "GET" || op.method === "DELETE" ? undefined : {};
      const anon = await call(ctx, fill(op.path), { method: op.method, body });
      if (op.roles.includes("public")) {
        if ([401, 403].includes(anon.status))
          failures.push(`${op.method} ${op.path} anonymous: ${anon.status}`);
      } else if (anon.status !== 401) {
        failures.push(`${op.method} ${op.path} anonymous: expected 401, got ${anon.status}`);
      }
      // The roles of one operation at once: the walk covers every operation × every role.
      const answers = await Promise.all(
        ROLES.map((role) => call(ctx, fill(op.path), { method: op.method, body, cookie: cookies[role] })),
      );
      for (const [i, role] of ROLES.entries()) {
        const res = answers[i];
        const allowed = op.roles.includes("public") || allowedFor(op, role);
        if (allowed && [401, 403].includes(res.status)) {
          failures.push(
            `${op.method} ${op.path} as ${role}: allowed but got ${res.status} ${JSON.stringify(res.json)}`,
          );
        }
        if (!allowed && res.status !== 403)
          failures.push(`${op.method} ${op.path} as ${role}: expected 403, got ${res.status}`);
        if (res.status >= 500) failures.push(`${op.method} ${op.path} as ${role}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }

  // Each walk is ~3,000 requests: on a busy 2-core machine more than the suite's 30 s per test (no
  // timing is asserted; this is only the time it may take).
  const WALK_MS = 180_000;

  it("answers 401 to nobody and 403 to roles off the list, and lets the listed roles through", {
    timeout: WALK_MS,
  }, async () => {
    await walk((op, role) => op.roles.includes(role));
  });

  it("follows an edited matrix from the permissions editor, then the defaults again after a reset", {
    timeout: WALK_MS,
  }, async () => {
    const edits: PermissionOverride[] = [
      { role: "dispatcher", permission: "tolls:manage", granted: false },
      { role: "dispatcher", permission: "customers:write", granted: false },
      { role: "dispatcher", permission: "reports:money", granted: true },
      { role: "safety", permission: "fleet:delete", granted: true },
      { role: "manager", permission: "company:manage", granted: false },
      { role: "accountant", permission: "ledger:write", granted: false },
      { role: "driver", permission: "fuel:log", granted: false },
      { role: "customer", permission: "portalBilling:read", granted: false },
    ];
    const saved = await call(ctx, "/api/permissions", {
      method: "PUT",
      body: { changes: edits },
      cookie: cookies.admin,
    });
    expect(saved.status).toBe(200);
    const held = Object.fromEntries(
      ROLES.map((r) => [
        r,
        effectivePermissions(
          r,
          edits.filter((e) => e.role === r),
        ),
      ]),
    );
    try {
      await walk((op, role) =>
        op.permissions ? op.permissions.some((p) => held[role].includes(p)) : op.roles.includes(role),
      );
    } finally {
      const reset = await call(ctx, "/api/permissions/reset", { method: "POST", cookie: cookies.admin });
      expect(reset.status).toBe(200);
    }
    expect((await call(ctx, "/api/tolls", { cookie: cookies.dispatcher })).status).toBe(200);
  });
});
