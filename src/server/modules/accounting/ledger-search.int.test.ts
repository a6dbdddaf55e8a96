import { LEDGER_TOTALS_EXACT_LIMIT } from "@shared/accounting/ledger.schema";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { vehicleIdOf } from "../../testing/uploads";
import { indexProbe } from "./ledger.service";

/**
 * The ledger search (issue 42): `q` matches a row's own text or its truck's, driver's or load's name,
 * now as a union of id sets each read through its own index. Every answer must be the one the list
 * gave before — the same rows in the same order, the same count and sums — so each search here is
 * compared with the query the list ran before (one OR over the joined names, every match counted).
 */

let ctx: TestContext;
let accountant: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountant = await signIn(ctx, "accountant@demo.test");
});
afterAll(() => ctx.close());

const db = () => ctx.deps.db;
const like = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type Params = Record<string, string>;

/** The list before issue 42, in SQL: the OR over the joined names, its order, every match summed. */
async function before(params: Params) {
  const p = like(params.q ?? "");
  const state = params.state ?? "posted";
  const where: SQL[] = [
    sql`((t.counterparty || ' ' || t.reference || ' ' || t.notes) ilike ${p} or v.unit_number ilike ${p}
          or d.full_name ilike ${p} or l.load_number ilike ${p})`,
  ];
  if (state === "posted") where.push(sql`t.voided_at is null`);
  if (state === "void") where.push(sql`t.voided_at is not null`);
  if (params.source) where.push(sql`t.source = ${params.source}`);
  if (params.direction) where.push(sql`t.direction = ${params.direction}`);
  if (params.from) where.push(sql`t.occurred_on >= ${params.from}`);
  if (params.to) where.push(sql`t.occurred_on <= ${params.to}`);
  const dir = sql.raw(params.dir === "asc" ? "asc" : "desc");
  const tie = sql`t.occurred_on desc, t.id desc`;
  const order = {
    occurredOn: sql`t.occurred_on ${dir}, t.id ${dir}`,
    amount: sql`t.amount ${dir}, t.id ${dir}`,
    category: sql`t.category ${dir}, ${tie}`,
    counterparty: sql`lower(t.counterparty) ${dir}, ${tie}`,
  }[params.sort ?? "occurredOn"];
  const pageSize = Number(params.pageSize ?? 25);
  const offset = (Number(params.page ?? 1) - 1) * pageSize;
  const from = sql`from transactions t left join vehicles v on v.id = t.vehicle_id
    left join drivers d on d.id = t.driver_id left join loads l on l.id = t.load_id
    where ${sql.join(where, sql` and `)}`;
  const [sums] = (
    await db().execute<{ total: number; income: string; expense: string }>(sql`
      select count(*)::int as total,
        coalesce(sum(t.amount) filter (where t.voided_at is null and t.direction = 'income'), 0)::numeric(14,2)::text as income,
        coalesce(sum(t.amount) filter (where t.voided_at is null and t.direction = 'expense'), 0)::numeric(14,2)::text as expense
      ${from}`)
  ).rows;
  const page = await db().execute<{ id: string }>(
    sql`select t.id ${from} order by ${order} limit ${pageSize} offset ${offset}`,
  );
  return { ids: page.rows.map((r) => r.id), ...sums };
}

async function search(params: Params) {
  const res = await call(ctx, `/api/ledger?${new URLSearchParams(params)}`, { cookie: accountant });
  expect(res.status, JSON.stringify(params)).toBe(200);
  return res.json as {
    items: { id: string }[];
    total: number;
    totals: { income: string; expense: string; net: string };
    totalIsEstimate: boolean;
  };
}

/** The answer now equals the answer before: rows, order, count and sums. */
async function expectSameAsBefore(params: Params) {
  const [now, then] = await Promise.all([search(params), before(params)]);
  const label = JSON.stringify(params);
  expect(now.totalIsEstimate, label).toBe(false);
  expect(
    now.items.map((r) => r.id),
    label,
  ).toEqual(then.ids);
  expect(now.total, label).toBe(then.total);
  expect([now.totals.income, now.totals.expense], label).toEqual([then.income, then.expense]);
  return then;
}

/** Rows that a term matches through one way only (so a union without that way would miss them). */
async function onlyThrough(q: string, way: "text" | "vehicle" | "driver" | "load") {
  const p = like(q);
  const ways = {
    text: sql`(t.counterparty || ' ' || t.reference || ' ' || t.notes) ilike ${p}`,
    vehicle: sql`coalesce(v.unit_number ilike ${p}, false)`,
    driver: sql`coalesce(d.full_name ilike ${p}, false)`,
    load: sql`coalesce(l.load_number ilike ${p}, false)`,
  };
  const others = Object.entries(ways)
    .filter(([k]) => k !== way)
    .map(([, w]) => sql`not ${w}`);
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from transactions t left join vehicles v on v.id = t.vehicle_id
      left join drivers d on d.id = t.driver_id left join loads l on l.id = t.load_id
    where t.voided_at is null and ${ways[way]} and ${sql.join(others, sql` and `)}`);
  return rows[0].n;
}

describe("the ledger search", () => {
  let truck: string;
  let driver: { id: string; name: string };
  let load: { id: string; number: string };

  beforeAll(async () => {
    truck = await vehicleIdOf(ctx, "101");
    // A driver and a load the demo's ledger rows name only through their ids.
    [driver] = (
      await db().execute<{ id: string; name: string }>(sql`
        select d.id, d.full_name as name from drivers d
        where exists (select 1 from transactions t where t.driver_id = d.id)
        order by d.full_name limit 1`)
    ).rows;
    [load] = (
      await db().execute<{ id: string; number: string }>(sql`
        select l.id, l.load_number as number from loads l
        where not exists (select 1 from transactions t where t.load_id = l.id)
        order by l.load_number limit 1`)
    ).rows;
    // Hand entries whose own text says nothing of their truck, driver or load, and one that is void.
    const post = (body: Record<string, unknown>) =>
      call(ctx, "/api/ledger", {
        method: "POST",
        cookie: accountant,
        body: { occurredOn: "2020-03-02", category: "office", paymentMethod: "card", ...body },
      });
    const a = await post({
      direction: "expense",
      amount: "12.34",
      counterparty: "Quimby Gaskets",
      vehicleId: truck,
    });
    const b = await post({
      direction: "income",
      amount: "100.00",
      category: "other",
      counterparty: "Quimby Gaskets",
      driverId: driver.id,
      loadId: load.id,
    });
    const c = await post({ direction: "expense", amount: "7.66", counterparty: "Quimby Gaskets" });
    for (const res of [a, b, c]) expect(res.status).toBe(201);
    const voided = await call(ctx, `/api/ledger/${c.json.id}/void`, {
      method: "POST",
      cookie: accountant,
      body: { reason: "Entered twice" },
    });
    expect(voided.status).toBe(200);
  });

  it("sums a payee's rows to the cent: two posted, the void one counted only with state=all", async () => {
    const posted = await search({ q: "quimby" });
    expect(posted).toMatchObject({
      total: 2,
      totals: { income: "100.00", expense: "12.34", net: "87.66" },
      totalIsEstimate: false,
    });
    const all = await search({ q: "Quimby", state: "all" });
    expect(all.total).toBe(3);
    expect(all.totals).toEqual({ income: "100.00", expense: "12.34", net: "87.66" });
  });

  it("finds a row through its truck, its driver and its load, each alone", async () => {
    // Each term matches rows through that way only: a union missing a way would miss them.
    expect(await onlyThrough("101", "vehicle")).toBeGreaterThan(0);
    expect(await onlyThrough(driver.name, "driver")).toBeGreaterThan(0);
    expect(await onlyThrough(load.number, "load")).toBe(1);
    expect(await onlyThrough("Quimby", "text")).toBe(2);

    const byLoad = await search({ q: load.number });
    expect(byLoad.items.map((r) => r.id)).toHaveLength(1);
    expect(byLoad).toMatchObject({ total: 1, totals: { income: "100.00", expense: "0.00" } });
    const byDriver = await before({ q: driver.name, pageSize: "100" });
    expect(byDriver.total).toBeGreaterThan(1);
  });

  it("gives exactly the rows, order, count and sums it gave before, for every kind of term", async () => {
    const [someLoad] = (
      await db().execute<{ number: string }>(sql`
        select l.load_number as number from transactions t join loads l on l.id = t.load_id
        order by t.occurred_on desc, t.id desc limit 1`)
    ).rows;
    const [payee] = (
      await db().execute<{ word: string }>(sql`
        select split_part(counterparty, ' ', 1) as word from transactions
        where source <> 'manual' and counterparty <> '' order by occurred_on desc, id limit 1`)
    ).rows;
    const terms = [
      "101", // a truck (and any text with 101 in it)
      driver.name, // a driver's full name
      driver.name.split(" ")[0].toLowerCase(), // part of it, in other case
      load.number, // a whole load number (the index is asked for its digits)
      someLoad.number,
      someLoad.number.slice(0, -1), // a load number's prefix: every load that starts so
      "LD-", // every load
      payee.word, // a payee on the source rows
      "Quimby",
      "zzqx-nothing", // nothing
      "100%", // a LIKE wildcard, searched as text
      "_",
    ];
    let matched = 0;
    for (const q of terms) {
      const then = await expectSameAsBefore({ q });
      if (then.total > 0) matched++;
    }
    expect(matched).toBeGreaterThanOrEqual(9);
  });

  it("gives the same answer with filters, other orders and later pages", async () => {
    const year = new Date().getUTCFullYear();
    const cases: Params[] = [
      { q: "101", source: "fuel" },
      { q: "101", from: `${year - 1}-01-01`, to: `${year}-12-31` },
      { q: "101", direction: "income", from: `${year}-01-01` },
      { q: driver.name, source: "manual", to: "2030-01-01" },
      { q: "LD-", sort: "amount", dir: "desc", page: "2", pageSize: "10" },
      { q: "LD-", sort: "amount", dir: "asc", page: "3", pageSize: "10" },
      { q: "101", sort: "counterparty", dir: "asc", page: "2", pageSize: "10" },
      { q: "101", sort: "category", dir: "desc", page: "4", pageSize: "10" },
      { q: "101", sort: "occurredOn", dir: "asc", page: "2", pageSize: "25" },
      { q: "Quimby", state: "void" },
      { q: "Quimby", state: "all", sort: "amount" },
    ];
    for (const params of cases) await expectSameAsBefore(params);
  });

  it("asks the trigram index for a load number's digits, which every match contains", () => {
    expect(indexProbe("LD-2023-198496")).toBe("198496");
    expect(indexProbe("ld-2026-0001")).toBe("0001");
    // Anything else is asked as typed.
    expect(indexProbe("LD-2025")).toBe("LD-2025");
    expect(indexProbe("Pilot")).toBe("Pilot");
    expect(indexProbe("LD-2023-198")).toBe("LD-2023-198");
  });
});

/** `count` copies of the first demo load, numbered `prefix` and five digits (00001, 00002…). */
async function copiesOfALoad(prefix: string, count: number) {
  await db().execute(sql`
    insert into loads
    select (jsonb_populate_record(null::loads, to_jsonb(l) || jsonb_build_object(
      'id', gen_random_uuid(), 'load_number', ${prefix} || lpad(g::text, 5, '0')))).*
    from (select * from loads order by load_number limit 1) l, generate_series(1, ${count}::int) g`);
}

describe("a term naming more loads than the search lists by id", () => {
  beforeAll(async () => {
    // 1,001 copies of a demo load numbered LD-1999-…, and a hand entry on three of them whose own
    // text names no load: only the loads' numbers match them.
    await copiesOfALoad("LD-1999-", 1001);
    await db().execute(sql`
      insert into transactions (occurred_on, direction, category, amount, counterparty, source, load_id)
      select date '2019-06-01' + g, 'income', 'freight_revenue', 10.00 * g, 'Yarrow Mills', 'manual', l.id
      from generate_series(1, 3) g
      join loads l on l.load_number = 'LD-1999-' || lpad((g * 100)::text, 5, '0')`);
  });

  it("checks each row's load instead, and still gives the answer before", async () => {
    const then = await expectSameAsBefore({ q: "LD-1999-" });
    expect(then).toMatchObject({ total: 3, income: "60.00", expense: "0.00" });
    await expectSameAsBefore({ q: "ld-1999", sort: "amount", dir: "asc" });
    await expectSameAsBefore({ q: "LD-", pageSize: "10", page: "2" });
  });
});

describe("a search matching more rows than are summed exactly", () => {
  const n = LEDGER_TOTALS_EXACT_LIMIT + 2_000;
  beforeAll(async () => {
    // n rows of one payee over 1,000 days: even rows money in at 2.00, odd rows money out at 1.00.
    await db().execute(sql`
      insert into transactions (occurred_on, direction, category, amount, counterparty, source)
      select date '2015-01-01' + (g % 1000), case when g % 2 = 0 then 'income' else 'expense' end::ledger_direction,
        case when g % 2 = 0 then 'other' else 'office' end::ledger_category,
        case when g % 2 = 0 then 2.00 else 1.00 end, 'Bulkwick Freight', 'manual'
      from generate_series(1, ${n}) g`);
    await db().execute(sql`analyze transactions`);
  });

  it("estimates the count and sums from a sample, says so, and still gives the first page exactly", async () => {
    const page = await search({ q: "Bulkwick" });
    const then = await before({ q: "Bulkwick" });
    expect(then.total).toBe(n);
    expect(page.totalIsEstimate).toBe(true);
    expect(page.items.map((r) => r.id)).toEqual(then.ids);
    expect(page.total).toBeGreaterThan(LEDGER_TOTALS_EXACT_LIMIT);
    // A sample, not a count: close to the truth (income n/2 × 2.00, expense n/2 × 1.00), not equal.
    expect(Math.abs(page.total - n) / n).toBeLessThan(0.1);
    expect(Math.abs(Number(page.totals.income) - n) / n).toBeLessThan(0.1);
    expect(Math.abs(Number(page.totals.expense) - n / 2) / (n / 2)).toBeLessThan(0.1);
  });

  it("counts and sums exactly again once filters narrow the matches to the limit", async () => {
    // Half the days: about n / 2 rows, under the limit.
    await expectSameAsBefore({ q: "Bulkwick", from: "2015-01-01", to: "2016-05-14" });
    await expectSameAsBefore({ q: "Bulkwick", direction: "expense" });
  });
});

describe("a common start of load numbers, read day by day on the row's copy of its load's number", () => {
  // 1,200 loads numbered QD-1998-…, each with two ledger rows over 600 days: one whose reference is the
  // number (the text part) and one whose own text names no load (the load part only) — a start common
  // enough (≥ 1 % of the ledger) for the search to read its parts one day at a time (decision 068).
  beforeAll(async () => {
    await copiesOfALoad("QD-1998-", 1200);
    await db().execute(sql`
      insert into transactions (occurred_on, direction, category, amount, counterparty, reference, source, load_id)
      select date '2018-01-01' + (g % 600), 'income'::ledger_direction, 'freight_revenue'::ledger_category, 10.00 + g,
             'Tamsin Haulage', l.load_number, 'manual'::ledger_source, l.id
      from generate_series(1, 1200) g join loads l on l.load_number = 'QD-1998-' || lpad(g::text, 5, '0')
      union all
      select date '2018-01-01' + (g % 600), 'expense', 'fuel', 1.00 + g, 'Fuel stops', '', 'manual', l.id
      from generate_series(1, 1200) g join loads l on l.load_number = 'QD-1998-' || lpad(g::text, 5, '0')`);
    await db().execute(sql`analyze transactions`);
  });

  /** Every row's copy equals its load's number (null without a load). */
  const copiesDiffer = async () =>
    (
      await db().execute<{ n: number }>(sql`
        select count(*)::int as n from transactions t
        where t.load_number is distinct from (select l.load_number from loads l where l.id = t.load_id)`)
    ).rows[0].n;

  const cases = (q: string): Params[] => [
    { q },
    { q: q.toLowerCase(), dir: "asc" },
    { q, page: "3", pageSize: "10" },
    { q, from: "2018-03-01", to: "2018-09-30" },
    { q, source: "manual", direction: "expense" },
  ];

  it("gives exactly the answer of the plain condition, and the copies are the loads' numbers", async () => {
    expect(await copiesDiffer()).toBe(0);
    const then = await expectSameAsBefore({ q: "QD-1998" });
    expect(then.total).toBe(2400);
    for (const params of [...cases("QD-1998"), ...cases("QD-1998-001"), ...cases("D-1998")])
      await expectSameAsBefore(params);
  });

  it("follows a load's new number, a row moved to another load, and a deleted load", async () => {
    const loadOf = async (number: string) =>
      (await db().execute<{ id: string }>(sql`select id from loads where load_number = ${number}`)).rows[0]
        .id;
    // A load renamed: its rows leave the old start and join the new one.
    await db().execute(
      sql`update loads set load_number = 'RZ-1998-00007' where load_number = 'QD-1998-00007'`,
    );
    // A row moved to a load of another start, and one moved from it to the renamed load.
    const moved = await loadOf("RZ-1998-00007");
    await db().execute(sql`
      update transactions set load_id = ${moved}
       where id = (select t.id from transactions t join loads l on l.id = t.load_id
                    where l.load_number = 'QD-1998-00100' and t.direction = 'expense')`);
    // A load deleted: the foreign key sets its rows' load to null, and their copy with it.
    const gone = await loadOf("QD-1998-00200");
    await db().execute(sql`delete from loads where id = ${gone}`);
    expect(await copiesDiffer()).toBe(0);
    await db().execute(sql`analyze transactions`);
    const then = await expectSameAsBefore({ q: "QD-1998" });
    // Left the start: the renamed load's expense row, the moved row, the deleted load's expense row
    // (the income rows keep their old number in their own reference).
    expect(then.total).toBe(2400 - 3);
    expect((await expectSameAsBefore({ q: "RZ-1998" })).total).toBe(3);
    for (const params of [...cases("QD-1998"), ...cases("RZ-1998-0000"), ...cases("QD-1998-002")])
      await expectSameAsBefore(params);
  });
});
