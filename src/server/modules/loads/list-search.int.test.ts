import { LOAD_SORTS, type LoadPage } from "@shared/loads/loads.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Scope, STAFF_SCOPE } from "../../http/scope";
import { customerIdOf, driverIdOf, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import {
  customerIdsMatching,
  estimateCount,
  listCondition,
  listLoadItems,
  listOrder,
  listSearch,
  listWorkItems,
  numberOrderIsCodePoint,
  numberStartRanges,
  rateIdsFirstPays,
} from "./loads.repo";

/**
 * The loads list's search for a load number's start, read part by part (issue 42): the same pages as
 * the one condition it replaces, for every sort, direction, page and scope.
 */
let ctx: TestContext;
let dispatcher: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
});
afterAll(() => ctx.close());

const list = async (query: string, cookie = dispatcher) => {
  const res = await call(ctx, `/api/loads?${query}`, { cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as LoadPage;
};

/** The page as the plain condition gives it, and as the parts give it. */
async function bothWays(
  q: string,
  scope: Scope,
  sort: (typeof LOAD_SORTS)[number],
  dir: "asc" | "desc",
  pageSize: number,
  offset: number,
  status?: "completed",
  byNumber = false,
) {
  const filter = { q, status };
  const customerIds = await customerIdsMatching(ctx.deps.db, q);
  const cond = listCondition(filter, scope, customerIds);
  const split = listSearch(filter, scope, customerIds, "UTC", byNumber);
  if (!split) throw new Error(`${q} is not split`);
  const plain =
    sort === "work"
      ? await listWorkItems(ctx.deps.db, cond, pageSize, offset)
      : await listLoadItems(ctx.deps.db, cond, sort, dir, pageSize, offset);
  const parts =
    sort === "work"
      ? await listWorkItems(ctx.deps.db, cond, pageSize, offset, split)
      : await listLoadItems(ctx.deps.db, split.base, sort, dir, pageSize, offset, split.parts);
  return { plain: plain.map((l) => l.loadNumber), parts: parts.map((l) => l.loadNumber) };
}

describe("the loads list searching a load number's start", () => {
  it("lists the loads whose number starts with it, holds it later or whose city holds it", async () => {
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const t = `Q8${Date.now().toString(36)}`.toUpperCase();
    const base = loadInput();
    const made: Array<{ number: string; pickup?: string; delivery?: string }> = [
      { number: `${t}-A` },
      { number: `X${t}-B` },
      { number: `LD-${t}C`, pickup: `Zz${t.toLowerCase()}ville` },
      { number: `ZD-${Date.now()}`, delivery: `Port${t}` },
      { number: `${t}-E` },
    ];
    for (const [i, m] of made.entries()) {
      const day = String(28 - i).padStart(2, "0");
      const res = await call(ctx, "/api/loads", {
        body: {
          ...base,
          loadNumber: m.number,
          customerId,
          stops: [
            {
              ...base.stops[0],
              city: m.pickup ?? base.stops[0].city,
              scheduledAt: `2092-01-${day}T14:00:00Z`,
            },
            {
              ...base.stops[1],
              city: m.delivery ?? base.stops[1].city,
              scheduledAt: `2092-01-${day}T20:00:00Z`,
            },
          ],
        },
        cookie: dispatcher,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const numbers = made.map((m) => m.number.toUpperCase());
    // Newest pickup first: by hand, in the order they were made; and two a page, part by part.
    const all = await list(`q=${t.toLowerCase()}&sort=pickupAt`);
    expect(all.items.map((l) => l.loadNumber)).toEqual(numbers);
    expect(all).toMatchObject({ total: 5, totalIsEstimate: false });
    const split = listSearch({ q: t.toLowerCase() }, STAFF_SCOPE, []);
    if (!split) throw new Error("a load number's start is split");
    const pages = [];
    for (const offset of [0, 2, 4])
      pages.push(
        ...(await listLoadItems(ctx.deps.db, split.base, "pickupAt", "desc", 2, offset, split.parts)),
      );
    expect(pages.map((l) => l.loadNumber)).toEqual(numbers);
    // Oldest first, and by number.
    expect((await list(`q=${t}&sort=pickupAt&dir=asc`)).items.map((l) => l.loadNumber)).toEqual(
      [...numbers].reverse(),
    );
    expect((await list(`q=${t}&sort=loadNumber&dir=asc`)).items.map((l) => l.loadNumber)).toEqual(
      [...numbers].sort(),
    );
    // With a hyphen after it: not the number that runs on, nor the cities.
    expect((await list(`q=${t}-&sort=pickupAt`)).items.map((l) => l.loadNumber)).toEqual([
      numbers[0],
      numbers[1],
      numbers[4],
    ]);
  });

  it("gives the demo data's pages exactly as the plain condition, in every order and scope", async () => {
    const [{ year, old }] = (
      await ctx.deps.db.execute<{ year: string; old: string }>(sql`
        select (select substr(load_number, 1, 7) from loads where load_number ~ '^LD-[0-9]{4}-'
                 order by pickup_at desc nulls last limit 1) as year,
               (select load_number from loads where load_number ~ '^LD-[0-9]{4}-' order by pickup_at limit 1) as old`)
    ).rows;
    const jake: Scope = { kind: "driver", driverId: await driverIdOf(ctx, "driver@demo.test") };
    const terms = [year, "LD-20", "ld-2", old.slice(0, 10), "D-20", "2025", "-00", "9Z9"];
    let compared = 0;
    for (const q of terms)
      for (const sort of LOAD_SORTS)
        for (const dir of ["desc", "asc"] as const)
          for (const [pageSize, offset] of [
            [25, 0],
            [7, 14],
          ]) {
            const { plain, parts } = await bothWays(q, STAFF_SCOPE, sort, dir, pageSize, offset);
            expect(parts, `${q} ${sort} ${dir} ${pageSize}@${offset}`).toEqual(plain);
            compared += plain.length;
          }
    for (const q of [year, "LD-20"])
      for (const scope of [jake, STAFF_SCOPE]) {
        const a = await bothWays(q, scope, "work", "desc", 10, 5);
        expect(a.parts).toEqual(a.plain);
        const b = await bothWays(q, scope, "pickupAt", "desc", 10, 3, "completed");
        expect(b.parts).toEqual(b.plain);
      }
    // Not vacuous: the terms found loads, a whole page of the year's.
    expect(compared).toBeGreaterThan(500);
    expect((await bothWays(year, STAFF_SCOPE, "pickupAt", "desc", 25, 0)).plain).toHaveLength(25);
    // A whole load number is looked up exactly (not split), a city by the whole expression.
    expect(listSearch({ q: old }, STAFF_SCOPE, [])).toBeNull();
    expect(listSearch({ q: "Chicago" }, STAFF_SCOPE, [])).toBeNull();
  });

  it("in the number's order reads its start as ranges of the number, every spelling, exactly", async () => {
    // The ranges are exact only for a code-point collation; the test databases have one (C.UTF-8),
    // so the list takes this path here.
    expect(await numberOrderIsCodePoint(ctx.deps.db)).toBe(true);
    // Numbers the API would not write (it upper-cases them) but a row may hold: each spelling of
    // the start, lower and mixed case, and one whose start differs only past the term.
    const stamp = String(Date.now() % 100_000_000); // digits: the term keeps two letters
    const spelled = [`QZ-${stamp}-1`, `qz-${stamp}-2`, `Qz-${stamp}-3`, `qZ-${stamp}-4`, `QZ-${stamp}9-5`];
    const { rows: some } = await ctx.deps.db.execute<{ id: string }>(
      sql`select id from loads order by pickup_at desc limit ${spelled.length}`,
    );
    for (const [i, { id }] of some.entries())
      await ctx.deps.db.execute(sql`update loads set load_number = ${spelled[i]} where id = ${id}`);

    const [{ year }] = (
      await ctx.deps.db.execute<{ year: string }>(sql`
        select substr(load_number, 1, 7) as year from loads where load_number ~ '^LD-[0-9]{4}-'
         order by pickup_at limit 1`)
    ).rows;
    const terms = [
      `qz-${stamp}`,
      `QZ-${stamp}-`,
      `Qz-${stamp[0]}`,
      year,
      year.toLowerCase(),
      "LD-20",
      "Ld-2",
      "D-20",
      "2025",
      "-00",
    ];
    let compared = 0;
    for (const q of terms)
      for (const dir of ["asc", "desc"] as const)
        for (const [pageSize, offset] of [
          [25, 0],
          [3, 2],
          [7, 14],
        ]) {
          const { plain, parts } = await bothWays(
            q,
            STAFF_SCOPE,
            "loadNumber",
            dir,
            pageSize,
            offset,
            undefined,
            true,
          );
          expect(parts, `${q} ${dir} ${pageSize}@${offset}`).toEqual(plain);
          compared += plain.length;
        }
    expect(compared).toBeGreaterThan(200);
    // By hand: every spelling of the start, in byte order (upper case before lower case).
    const page = await list(`q=qz-${stamp}&sort=loadNumber&dir=asc&pageSize=10`);
    expect(page.items.map((l) => l.loadNumber)).toEqual([
      `QZ-${stamp}-1`,
      `QZ-${stamp}9-5`,
      `Qz-${stamp}-3`,
      `qZ-${stamp}-4`,
      `qz-${stamp}-2`,
    ]);
    const back = await list(`q=qz-${stamp}&sort=loadNumber&dir=desc&pageSize=10`);
    expect(back.items.map((l) => l.loadNumber)).toEqual(page.items.map((l) => l.loadNumber).reverse());
    // A term of more letters than spellings are read for keeps the plain condition.
    expect(numberStartRanges("ABCDE-1")).toBeNull();
    expect(listSearch({ q: "ABCDE-1" }, STAFF_SCOPE, [], "UTC", true)).toBeNull();
  });
});

describe("the loads list choosing its page's ids first", () => {
  it("gives the plain read's pages in every order, direction, page, period and status", async () => {
    const [{ city, year }] = (
      await ctx.deps.db.execute<{ city: string; year: number }>(sql`
        select (select pickup_city from loads group by 1 order by count(*) desc limit 1) as city,
               (select extract(year from max(pickup_at))::int from loads) as year`)
    ).rows;
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const customer: Scope = { kind: "customer", customerId };
    const terms = [city.toLowerCase(), "a", "om", "LD-20", "zqxj"];
    let compared = 0;
    for (const q of terms)
      for (const [scope, extra] of [
        [STAFF_SCOPE, {}],
        [STAFF_SCOPE, { from: `${year}-01-01`, to: `${year}-12-31` }],
        [STAFF_SCOPE, { status: "completed" as const }],
        [customer, {}],
      ] as const) {
        const customerIds = await customerIdsMatching(ctx.deps.db, q);
        const cond = listCondition({ q, ...extra }, scope, customerIds);
        for (const sort of LOAD_SORTS.filter((s) => s !== "work"))
          for (const dir of ["desc", "asc"] as const)
            for (const [pageSize, offset] of [
              [25, 0],
              [7, 14],
              [10, 30],
            ]) {
              const read = (idsFirst: boolean) =>
                listLoadItems(ctx.deps.db, cond, sort, dir, pageSize, offset, undefined, false, idsFirst);
              const plain = await read(false);
              // Whole items, not only their numbers: the page's rows are read again by id.
              expect(
                await read(true),
                `${q} ${JSON.stringify(extra)} ${sort} ${dir} ${pageSize}@${offset}`,
              ).toEqual(plain);
              compared += plain.length;
            }
      }
    expect(compared).toBeGreaterThan(2000);
  });

  it("is what the list by rate reads for a common city, page after page", async () => {
    const [{ city }] = (
      await ctx.deps.db.execute<{ city: string }>(sql`
        select pickup_city as city from loads group by 1 order by count(*) desc limit 1`)
    ).rows;
    const q = city.toLowerCase();
    const customerIds = await customerIdsMatching(ctx.deps.db, q);
    const cond = listCondition({ q }, STAFF_SCOPE, customerIds);
    // The demo's commonest city is in 0.1–10% of its loads: the list takes the ids-first path.
    expect(await rateIdsFirstPays(ctx.deps.db, await estimateCount(ctx.deps.db, cond))).toBe(true);
    const seen: string[] = [];
    for (const dir of ["desc", "asc"] as const)
      for (const page of [1, 2, 3]) {
        const api = await list(`q=${q}&sort=totalRate&dir=${dir}&page=${page}&pageSize=10`);
        const plain = await listLoadItems(ctx.deps.db, cond, "totalRate", dir, 10, (page - 1) * 10);
        expect(api.items).toEqual(plain);
        if (dir === "desc") seen.push(...api.items.map((l) => l.id));
      }
    // Not vacuous: a full page and more, no load twice, highest rate first.
    const { rows } = await ctx.deps.db.execute<{ id: string }>(sql`
      select id from loads where ${cond} order by ${listOrder("totalRate", "desc")} limit 30`);
    expect(rows.length).toBeGreaterThan(10);
    expect(seen).toEqual(rows.map((r) => r.id));
    // The gate's ends: a term in none of the loads, and one in nearly all, read the plain way.
    expect(await rateIdsFirstPays(ctx.deps.db, 0)).toBe(false);
    expect(await rateIdsFirstPays(ctx.deps.db, await estimateCount(ctx.deps.db, undefined))).toBe(false);
  });
});
