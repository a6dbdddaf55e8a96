import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

/**
 * The invoice form's billable loads searched (issue 42): the search expression's index finds the
 * candidates, and the answer is what the three fields' own tests give — nothing more, nothing less.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("a customer's billable loads, searched", () => {
  it("are the loads whose number or one of whose cities holds the term", async () => {
    const accountant = await signIn(ctx, "accountant@demo.test");
    const [top] = (
      await ctx.deps.db.execute<{ customer_id: string; city: string; number: string; delivery: string }>(sql`
        select customer_id, min(pickup_city) as city, min(load_number) as number, min(delivery_city) as delivery
          from loads where status = 'completed' and customer_id is not null
         group by customer_id order by count(*) desc limit 1`)
    ).rows;
    /** The same filter without the search expression: the three fields tested one by one. */
    const plain = async (q: string) => {
      const like = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
      const { rows } = await ctx.deps.db.execute<{ id: string }>(sql`
        select id from loads
         where customer_id = ${top.customer_id} and status = 'completed'
           and not exists (select 1 from invoice_loads il where il.load_id = loads.id and not il.released)
           and (load_number ilike ${like} or pickup_city ilike ${like} or delivery_city ilike ${like})
         order by delivered_at desc, pickup_at desc limit 200`);
      return rows.map((r) => r.id);
    };
    // A city, a number's start, a lower-cased city, and a term spanning two fields' join, which
    // the search expression holds and no field does: not a match.
    const [one] = (
      await ctx.deps.db.execute<{ pickup: string; delivery: string }>(sql`
        select pickup_city as pickup, delivery_city as delivery from loads
         where customer_id = ${top.customer_id} and status = 'completed' limit 1`)
    ).rows;
    const spanning = `${one.pickup.slice(-2)} ${one.delivery.slice(0, 2)}`;
    const [{ n }] = (
      await ctx.deps.db.execute<{ n: number }>(sql`
        select count(*)::int as n from loads where customer_id = ${top.customer_id} and status = 'completed'
           and (load_number || ' ' || pickup_city || ' ' || delivery_city) ilike ${`%${spanning}%`}`)
    ).rows;
    expect(n).toBeGreaterThan(0);
    const terms = [top.city, top.number.slice(0, 7), top.delivery.toLowerCase(), spanning, "zqxj"];
    let found = 0;
    for (const q of terms) {
      const res = await call(
        ctx,
        `/api/invoices/billable-loads?customerId=${top.customer_id}&q=${encodeURIComponent(q)}`,
        { cookie: accountant },
      );
      expect(res.status).toBe(200);
      const ids = (res.json as Array<{ id: string }>).map((l) => l.id);
      expect(ids, q).toEqual(await plain(q));
      found += ids.length;
    }
    expect(found).toBeGreaterThan(0);
    expect(await plain(spanning)).toEqual([]);
  });

  it("for a common term give the three fields' own tests' list, full or short", async () => {
    const accountant = await signIn(ctx, "accountant@demo.test");
    const [top] = (
      await ctx.deps.db.execute<{ customer_id: string }>(sql`
        select customer_id from loads where status = 'completed' and customer_id is not null
         group by customer_id order by count(*) desc limit 1`)
    ).rows;
    // 260 more completed loads of the customer (copies under new numbers, spread over a year of
    // deliveries), a fifth of them in a city of their own: the term is then common (≥ 1% of the
    // loads), a full list of 200 for "lake" and a short one for the city.
    await ctx.deps.db.execute(sql`
      insert into loads select (jsonb_populate_record(null::loads, to_jsonb(l) || jsonb_build_object(
               'id', gen_random_uuid(), 'load_number', 'WK-' || g || '-' || l.load_number,
               'pickup_city', case when g % 5 = 0 then 'Walkton' else 'Lakeside' end,
               'delivered_at', now() - make_interval(days => g), 'pickup_at', now() - make_interval(days => g + 2),
               'invoice_number', null))).*
        from (select * from loads where customer_id = ${top.customer_id} and status = 'completed' limit 1) l,
             generate_series(1, 260) g`);
    const [{ share }] = (
      await ctx.deps.db.execute<{ share: number }>(sql`
        select (select count(*) from loads where pickup_city = 'Walkton')::float8 / count(*) as share from loads`)
    ).rows;
    expect(share).toBeGreaterThan(0.01);
    await ctx.deps.db.execute(sql`analyze loads`);
    // The loads as the one plain statement lists them: each row's own fields, in its order (the
    // list reads the ids first and then the rows by id: a row put in another's place would show).
    const plain = async (q: string) => {
      const like = `%${q}%`;
      const { rows } = await ctx.deps.db.execute<{
        id: string;
        number: string;
        pickup: string;
        delivered: string;
      }>(sql`
        select id, load_number as number, pickup_city as pickup,
               to_char(delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as delivered
          from loads
         where customer_id = ${top.customer_id} and status = 'completed'
           and not exists (select 1 from invoice_loads il where il.load_id = loads.id and not il.released)
           and (load_number ilike ${like} or pickup_city ilike ${like} or delivery_city ilike ${like})
         order by delivered_at desc, pickup_at desc limit 200`);
      return rows;
    };
    const sizes: number[] = [];
    // "lake side" holds a space: the three fields are tested one by one (a term spanning two would
    // not match); the others test the search expression, the same loads for a term without a space.
    for (const q of ["lake", "Walkton", "wk-", "zqxj", "LAKESIDE", "lake side"]) {
      const res = await call(
        ctx,
        `/api/invoices/billable-loads?customerId=${top.customer_id}&q=${encodeURIComponent(q)}`,
        { cookie: accountant },
      );
      expect(res.status).toBe(200);
      const items = res.json as Array<{
        id: string;
        loadNumber: string;
        pickupCity: string;
        deliveredAt: string;
      }>;
      expect(
        items.map((l) => ({
          id: l.id,
          number: l.loadNumber,
          pickup: l.pickupCity,
          delivered: l.deliveredAt,
        })),
        q,
      ).toEqual(await plain(q));
      sizes.push(items.length);
    }
    // Full ("lake", "wk-", "LAKESIDE"), short ("Walkton"), none.
    expect(sizes).toEqual([200, 52, 200, 0, 200, 0]);
  });
});
