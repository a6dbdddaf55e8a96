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
