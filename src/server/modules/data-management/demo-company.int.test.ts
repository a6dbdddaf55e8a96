import type { DemoRemoval } from "@shared/data-management/data-management.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { createAccount, hashPassword } from "../auth/accounts";

let ctx: TestContext;
let demoAdmin: string;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  demoAdmin = await signIn(ctx, "admin@demo.test");
  // The company's own admin, added after the demo.
  const passwordHash = await hashPassword("Our-own-2026!");
  await ctx.deps.db.transaction((tx) =>
    createAccount(tx, { email: "owner@prairieline.test", role: "admin", name: "Pat Owner", passwordHash }),
  );
  owner = await signIn(ctx, "owner@prairieline.test", "Our-own-2026!");
});
afterAll(() => ctx.close());

const count = async (table: string) =>
  (await ctx.deps.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n;

describe("removing the demo company", () => {
  it("is refused to an admin who is one of the demo's own accounts", async () => {
    const res = await call(ctx, "/api/data/demo", { cookie: demoAdmin });
    expect(res.status).toBe(200);
    expect((res.json as DemoRemoval).reason).toBe("ownAccount");
    expect((await call(ctx, "/api/data/demo/remove", { method: "POST", cookie: demoAdmin })).status).toBe(
      409,
    );
    expect(await count("loads")).toBeGreaterThan(10);
  });

  it("names what goes, is held by a record of ours that needs a demo row, and then removes only the demo's", async () => {
    const real = await call(ctx, "/api/customers", {
      cookie: owner,
      body: {
        name: "Rita Alvarez",
        companyName: "Acme Cold Chain LLC",
        email: "rita@acmecold.test",
        phone: "+1 312 555 0199",
        address: "800 W Fulton Market, Chicago, IL 60607",
        billingAddress: "",
        paymentTermsDays: 30,
        creditLimit: "50000",
        notes: "",
        contacts: [],
      },
    });
    expect(real.status).toBe(201);
    // An invoice of ours to a demo customer (invoices keep their customer: it holds the removal).
    await ctx.deps.db.execute(sql`insert into invoices select * from jsonb_populate_record(null::invoices,
      (select to_jsonb(i) || jsonb_build_object('id', gen_random_uuid(), 'invoice_number', 'INV-OURS-1')
         from invoices i order by created_at limit 1))`);

    const heldRes = await call(ctx, "/api/data/demo", { cookie: owner });
    expect(heldRes.status, JSON.stringify(heldRes.json).slice(0, 300)).toBe(200);
    const held = heldRes.json as DemoRemoval;
    expect(held.available).toBe(false);
    expect(held.reason).toBe("blocked");
    expect(held.blocked).toContainEqual({ table: "customers", by: "invoices" });
    expect((await call(ctx, "/api/data/demo/remove", { method: "POST", cookie: owner })).status).toBe(409);
    expect(await count("loads")).toBeGreaterThan(10);

    await ctx.deps.db.execute(sql`delete from invoices where invoice_number = 'INV-OURS-1'`);
    const { rows: recorded } = await ctx.deps.db.execute<{ table_name: string; n: number }>(
      sql`select table_name, count(*)::int as n from demo_rows group by 1`,
    );
    const preview = (await call(ctx, "/api/data/demo", { cookie: owner })).json as DemoRemoval;
    expect(preview.available).toBe(true);
    // Every recorded demo row is named, table by table (none was deleted since the seed).
    expect(Object.fromEntries(preview.tables.map((t) => [t.table, t.rows]))).toEqual(
      Object.fromEntries(recorded.map((r) => [r.table_name, r.n])),
    );
    // The owner's session hangs on nothing of the demo's; the demo admin's sessions go with it.
    expect(preview.also.map((a) => a.table)).toContain("sessions");
    // A dry run: nothing went.
    expect(await count("loads")).toBeGreaterThan(10);

    const removed = await call(ctx, "/api/data/demo/remove", { method: "POST", cookie: owner });
    expect(removed.status).toBe(200);
    expect((removed.json as DemoRemoval).removed).toBe(true);
    expect(await count("loads")).toBe(0);
    expect(await count("invoices")).toBe(0);
    expect(await count("drivers")).toBe(0);
    const { rows: users } = await ctx.deps.db.execute<{ email: string }>(
      sql`select email from users order by email`,
    );
    expect(users.map((u) => u.email)).toEqual(["owner@prairieline.test"]);
    const { rows: customers } = await ctx.deps.db.execute<{ company_name: string }>(
      sql`select company_name from customers`,
    );
    expect(customers.map((c) => c.company_name)).toEqual(["Acme Cold Chain LLC"]);
    expect(await count("demo_rows")).toBe(0);
    // The record locks are back on.
    const { rows: off } = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_trigger where not tgisinternal and tgenabled = 'D'`,
    );
    expect(off[0].n).toBe(0);
    const { rows: audit } = await ctx.deps.db.execute<{ actor_email: string }>(
      sql`select actor_email from audit_log where action = 'data.demo_removed'`,
    );
    expect(audit).toEqual([{ actor_email: "owner@prairieline.test" }]);
    // The owner still works; the demo's sign-in is gone.
    expect((await call(ctx, "/api/me", { cookie: owner })).status).toBe(200);
    expect((await call(ctx, "/api/me", { cookie: demoAdmin })).status).toBe(401);
    expect(((await call(ctx, "/api/data/demo", { cookie: owner })).json as DemoRemoval).reason).toBe(
      "notSeeded",
    );
  });
});
