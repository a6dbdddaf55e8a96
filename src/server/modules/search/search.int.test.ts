import { defaultPermissions } from "@shared/access";
import type { SearchAnswer } from "@shared/search/search.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../http/context";
import { customerIdOf, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { createSearchService } from "./search.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const search = async (cookie: string, q: string) =>
  (await call(ctx, `/api/search?q=${encodeURIComponent(q)}`, { cookie })).json as SearchAnswer;

describe("the command palette's search", () => {
  it("finds what the caller may open, and nothing else", async () => {
    const [dispatcher, safety, jake, customer] = await Promise.all([
      signIn(ctx, "dispatcher@demo.test"),
      signIn(ctx, "safety@demo.test"),
      signIn(ctx, "driver@demo.test"),
      signIn(ctx, "customer@demo.test"),
    ]);
    const { rows: loads } = await ctx.deps.db.execute<{ load_number: string; mine: boolean }>(sql`
      select l.load_number, d.user_id = (select id from users where email = 'driver@demo.test') as mine
      from loads l left join drivers d on d.id = l.driver_id order by l.created_at`);
    const jakes = loads.find((l) => l.mine);
    const others = loads.find((l) => !l.mine);
    if (!jakes || !others) throw new Error("the demo seed has loads for Jake and for others");

    const office = await search(dispatcher, "Wilson");
    expect(office.items).toContainEqual(expect.objectContaining({ kind: "driver", label: "Jake Wilson" }));
    const byNumber = await search(dispatcher, others.load_number);
    expect(byNumber.items[0]).toMatchObject({ kind: "load", label: others.load_number });
    expect(byNumber.items[0].path).toMatch(/^\/operations\/loads\//);
    expect((await search(dispatcher, "Great Lakes")).items.some((i) => i.kind === "customer")).toBe(true);

    // Safety opens drivers and units, not loads or customers.
    const safe = await search(safety, others.load_number);
    expect(safe.items.filter((i) => i.kind === "load")).toEqual([]);
    expect((await search(safety, "Great Lakes")).items.filter((i) => i.kind === "customer")).toEqual([]);

    // A driver: their own loads only, no other records.
    expect((await search(jake, jakes.load_number)).items).toEqual([
      expect.objectContaining({ kind: "load", label: jakes.load_number }),
    ]);
    expect((await search(jake, others.load_number)).items).toEqual([]);
    expect((await search(jake, "Wilson")).items).toEqual([]);
    // A customer opens none of these pages.
    expect((await search(customer, "Wilson")).items).toEqual([]);
    // The company's documents: the office finds them (the document centre opens filtered), a driver does not.
    await ctx.deps.db.transaction(async (tx) => {
      const file = await ctx.deps.storage.save(
        tx,
        new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "policy.pdf"),
        { maxBytes: 1024, allowedTypes: ["application/pdf"] },
        null,
      );
      await tx.execute(sql`insert into company_documents (name, type, file_id, expires_on)
        values ('Auto liability policy — Great West Casualty', 'insurance_policy', ${file.id}, '2027-06-30')`);
    });
    const { rows: docs } = await ctx.deps.db.execute<{ name: string }>(
      sql`select name from company_documents where name ilike '%liability%' order by name limit 1`,
    );
    expect(docs.length).toBe(1);
    const found = (await search(dispatcher, "liability")).items.filter((i) => i.kind === "document");
    expect(found[0]).toMatchObject({
      label: docs[0].name,
      path: `/accounting/documents?q=${encodeURIComponent(docs[0].name)}`,
    });
    expect((await search(jake, "liability")).items.filter((i) => i.kind === "document")).toEqual([]);
    expect((await search(safety, "liability")).items.filter((i) => i.kind === "document")).toEqual([]);
    // Too short, or a wildcard taken literally.
    expect((await call(ctx, "/api/search?q=a", { cookie: dispatcher })).status).toBe(400);
    expect((await search(dispatcher, "%%")).items).toEqual([]);
  });
});

describe("the loads it finds", () => {
  it("are the newest matches whether they are among the newest loads or searched for in all of them", async () => {
    // Six loads of a town of their own, picked up after every other load: newest first, ZX-1 to ZX-6.
    const dispatcher = await signIn(ctx, "dispatcher@demo.test");
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const token = `Zyxton${Date.now().toString(36)}`;
    const base = loadInput();
    for (let n = 1; n <= 6; n++) {
      const day = String(20 - n).padStart(2, "0");
      const res = await call(ctx, "/api/loads", {
        body: {
          ...base,
          loadNumber: `ZX-${token}-${n}`,
          customerId,
          stops: [
            { ...base.stops[0], city: token, scheduledAt: `2090-01-${day}T14:00:00Z` },
            { ...base.stops[1], scheduledAt: `2090-01-${day}T20:00:00Z` },
          ],
        },
        cookie: dispatcher,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const actor: Actor = {
      userId: "search-test",
      email: "dispatcher@demo.test",
      name: "Dan Carter",
      role: "dispatcher",
      permissions: defaultPermissions("dispatcher"),
      mustChangePassword: false,
      mustEnrolTwoFactor: false,
      sessionId: "search-test",
      sessionExpiresAt: new Date(Date.now() + 60_000),
      impersonator: null,
      ip: null,
      driverId: null,
      customerId: null,
    };
    const labels = async (recentLoads: number) =>
      (await createSearchService(ctx.deps, { recentLoads }).search(actor, token)).items
        .filter((i) => i.kind === "load")
        .map((i) => i.label);
    const expected = [1, 2, 3, 4, 5].map((n) => `ZX-${token}-${n}`.toUpperCase());
    // All six among the newest ten: found there.
    expect(await labels(10)).toEqual(expected);
    // Only three among the newest three: the whole table is searched, with the same answer.
    expect(await labels(3)).toEqual(expected);
    // Through the API, as the palette asks.
    const found = (await search(dispatcher, token)).items.filter((i) => i.kind === "load");
    expect(found.map((i) => i.label)).toEqual(expected);
  });
});

describe("a load number or its start (issue 42)", () => {
  const staff: Actor = {
    userId: "search-test",
    email: "dispatcher@demo.test",
    name: "Dan Carter",
    role: "dispatcher",
    permissions: defaultPermissions("dispatcher"),
    mustChangePassword: false,
    mustEnrolTwoFactor: false,
    sessionId: "search-test",
    sessionExpiresAt: new Date(Date.now() + 60_000),
    impersonator: null,
    ip: null,
    driverId: null,
    customerId: null,
  };
  /** With no recent loads read first, every load-number term takes the split path. */
  const split = async (q: string) =>
    (await createSearchService(ctx.deps, { recentLoads: 0 }).search(staff, q)).items
      .filter((i) => i.kind === "load")
      .map((i) => i.label);
  /** The one query the search ran before: every match of the whole expression, newest five. */
  const plain = async (q: string) => {
    const like = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
    const { rows } = await ctx.deps.db.execute<{ load_number: string }>(sql`
      select load_number from loads where (load_number || ' ' || pickup_city || ' ' || delivery_city) ilike ${like}
      order by pickup_at desc nulls last limit 5`);
    return rows.map((r) => r.load_number);
  };

  it("finds it at the start of a number, later in a number and in a city, newest first", async () => {
    const dispatcher = await signIn(ctx, "dispatcher@demo.test");
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const t = `Q7${Date.now().toString(36)}`.toUpperCase();
    const base = loadInput();
    // Picked up in 2091, after every other load, newest first in this order.
    const made: Array<{ number: string; pickup?: string; delivery?: string }> = [
      { number: `${t}-A` }, // the number starts with the term
      { number: `X${t}-B` }, // the term later in the number
      { number: `LD-${t}C`, pickup: `Zz${t.toLowerCase()}ville` }, // in both: found once
      { number: `ZC-${Date.now()}`, delivery: `Port${t}` }, // in the delivery city only
      { number: `${t}-E` },
      { number: `${t}-F` }, // the sixth: one too many
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
              scheduledAt: `2091-01-${day}T14:00:00Z`,
            },
            {
              ...base.stops[1],
              city: m.delivery ?? base.stops[1].city,
              scheduledAt: `2091-01-${day}T20:00:00Z`,
            },
          ],
        },
        cookie: dispatcher,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const numbers = made.map((m) => m.number.toUpperCase());
    // Typed in lower case: the same five as the plain query, by hand the first five made.
    expect(await split(t.toLowerCase())).toEqual(numbers.slice(0, 5));
    expect(await plain(t.toLowerCase())).toEqual(numbers.slice(0, 5));
    // With a hyphen after it: not the loads whose number runs on ("LD-…C") or whose city holds it.
    expect(await split(`${t}-`)).toEqual([numbers[0], numbers[1], numbers[4], numbers[5]]);
    expect(await plain(`${t}-`)).toEqual([numbers[0], numbers[1], numbers[4], numbers[5]]);
    // Through the API (the newest loads read first find them too).
    const found = (await search(dispatcher, t)).items.filter((i) => i.kind === "load").map((i) => i.label);
    expect(found).toEqual(numbers.slice(0, 5));
  });

  it("answers the demo data's load numbers exactly as the plain query", async () => {
    const { rows } = await ctx.deps.db.execute<{ load_number: string; old: string }>(sql`
      select (select load_number from loads order by pickup_at desc nulls last limit 1) as load_number,
             (select load_number from loads order by pickup_at asc limit 1) as old`);
    const [{ load_number: newest, old }] = rows;
    const year = newest.slice(0, 7); // "LD-2026"
    const terms = [
      newest,
      old,
      year,
      old.slice(0, 7),
      "LD-20",
      "ld-2",
      "D-20",
      "2025",
      "-00",
      old.slice(3),
      "9Z9",
    ];
    for (const q of terms) {
      const expected = await plain(q);
      expect(await split(q), q).toEqual(expected);
    }
    // Not vacuous: the year's prefix finds five, a whole number itself first.
    expect(await split(year)).toHaveLength(5);
    expect((await split(old))[0]).toBe(old);
  });
});
