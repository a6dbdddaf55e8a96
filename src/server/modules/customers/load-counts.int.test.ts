import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerIdOf, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

// The customers list's load count is read from `customer_load_counts`, kept by statement triggers on
// `loads` (migration 0055, issue 42). It must stay exactly `count(*)` of each customer's loads through
// every kind of write: these tests write loads every way the app and a statement can, and compare.

let ctx: TestContext;
let dispatcher: string;
let greatLakes: string;
let prairie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  greatLakes = await customerIdOf(ctx, "customer@demo.test");
  const { rows } = await ctx.deps.db.execute<{ id: string }>(
    sql`select id from customers where company_name = 'Prairie Steel Supply LLC'`,
  );
  prairie = rows[0].id;
});
afterAll(() => ctx.close());

/** Each customer's load count by counting its loads (the plain query the list used to run). */
async function counted(): Promise<Record<string, number>> {
  const { rows } = await ctx.deps.db.execute<{ id: string; n: number }>(
    sql`select c.id, (select count(*)::int from loads l where l.customer_id = c.id) as n from customers c`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
}

/** Each customer's load count as the customers list shows it, every page. */
async function listed(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (let page = 1; ; page++) {
    const res = await call(ctx, `/api/customers?pageSize=100&page=${page}`, { cookie: dispatcher });
    expect(res.status).toBe(200);
    for (const c of res.json.items as Array<{ id: string; loadCount: number }>) out[c.id] = c.loadCount;
    if (page * 100 >= res.json.total) return out;
  }
}

/** The kept rows: no zero counts, none for a customer without loads. */
async function keptRows(): Promise<Record<string, number>> {
  const { rows } = await ctx.deps.db.execute<{ customer_id: string; loads: number }>(
    sql`select customer_id, loads from customer_load_counts`,
  );
  return Object.fromEntries(rows.map((r) => [r.customer_id, Number(r.loads)]));
}

async function expectExact() {
  const plain = await counted();
  expect(await listed()).toEqual(plain);
  expect(await keptRows()).toEqual(Object.fromEntries(Object.entries(plain).filter(([, n]) => n > 0)));
}

describe("customers' load counts", () => {
  it("equal each customer's loads on the demo data", async () => {
    const plain = await counted();
    expect(plain[greatLakes]).toBeGreaterThan(0);
    expect(plain[prairie]).toBeGreaterThan(0);
    await expectExact();
  });

  it("follow a load created, moved to another customer, to none, back, and deleted", async () => {
    const before = await counted();
    const created = await call(ctx, "/api/loads", {
      body: loadInput({ customerId: greatLakes }),
      cookie: dispatcher,
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await listed())[greatLakes]).toBe(before[greatLakes] + 1);
    await expectExact();

    const moved = await call(ctx, `/api/loads/${id}`, {
      method: "PUT",
      body: loadInput({ customerId: prairie }),
      cookie: dispatcher,
    });
    expect(moved.status).toBe(200);
    const afterMove = await listed();
    expect(afterMove[greatLakes]).toBe(before[greatLakes]);
    expect(afterMove[prairie]).toBe(before[prairie] + 1);
    await expectExact();

    // An edit that keeps the customer changes no count.
    const edited = await call(ctx, `/api/loads/${id}`, {
      method: "PUT",
      body: loadInput({ customerId: prairie, description: "Steel coils" }),
      cookie: dispatcher,
    });
    expect(edited.status).toBe(200);
    expect((await listed())[prairie]).toBe(before[prairie] + 1);

    await ctx.deps.db.execute(sql`update loads set customer_id = null where id = ${id}`);
    expect(await listed()).toEqual(before);
    await ctx.deps.db.execute(sql`update loads set customer_id = ${greatLakes} where id = ${id}`);
    await expectExact();
    await ctx.deps.db.execute(sql`delete from loads where id = ${id}`);
    expect(await listed()).toEqual(before);
    await expectExact();
  });

  it("follow statements writing many loads of several customers at once", async () => {
    const before = await counted();
    // Every load of Great Lakes moves to Prairie in one statement: Great Lakes' row goes (zero).
    await ctx.deps.db.execute(
      sql`update loads set customer_id = ${prairie} where customer_id = ${greatLakes}`,
    );
    const moved = await listed();
    expect(moved[greatLakes]).toBe(0);
    expect(moved[prairie]).toBe(before[prairie] + before[greatLakes]);
    expect((await keptRows())[greatLakes]).toBeUndefined();
    await expectExact();

    // Copies of every load (new numbers) in one statement, then their deletion in another.
    await ctx.deps.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table copies on commit drop as
        select * from loads where customer_id is not null`);
      await tx.execute(sql`update copies set id = gen_random_uuid(), load_number = 'CNT-' || load_number`);
      await tx.execute(sql`insert into loads select * from copies`);
    });
    const doubled = await listed();
    expect(doubled[prairie]).toBe(2 * (before[prairie] + before[greatLakes]));
    await expectExact();
    await ctx.deps.db.execute(sql`delete from loads where load_number like 'CNT-%'`);
    expect(await listed()).toEqual(moved);
    await expectExact();
  });

  it("are recomputed from the rows after a bulk load with triggers off", async () => {
    await ctx.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from loads where customer_id = ${prairie} and status = 'cancelled'`);
      await tx.execute(sql`update customer_load_counts set loads = loads + 7`);
      await tx.execute(sql`select "rebuild_customer_load_counts"()`);
    });
    await expectExact();
  });
});
