import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/harness";
import { builtOnce, createDb } from "./client";
import { autoPrepare } from "./prepared";
import { users } from "./schema";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await database.drop();
});

/** One connection, so pg_prepared_statements (per session) shows what this pool prepared. */
function onePool(prepare: (pool: pg.Pool) => void = autoPrepare) {
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  prepare(pool);
  pools.push(pool);
  return pool;
}

const preparedTexts = async (pool: pg.Pool) =>
  (await pool.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
    (r) => r.statement,
  );

describe("repeated statements are prepared per connection", () => {
  it("prepares a parameterised text the second time it runs, and answers the same", async () => {
    const pool = onePool();
    const text = "select $1::int + 1 as n";
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect(await preparedTexts(pool)).toEqual([]);
    expect((await pool.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
    expect(await preparedTexts(pool)).toEqual([text]);
    expect((await pool.query(text, [9])).rows).toEqual([{ n: 10 }]);
    expect(await preparedTexts(pool)).toEqual([text]);
  });

  it("never prepares a text without values (it may hold several commands)", async () => {
    const pool = onePool();
    for (let i = 0; i < 3; i++) await pool.query("select 1; select 2");
    expect(await preparedTexts(pool)).toEqual([]);
  });

  it("never prepares a text search: its plan depends on the term", async () => {
    const pool = onePool();
    const text = "select count(*)::int as n from users where email ilike $1";
    for (const term of ["%admin%", "%demo%", "%zzzz%"]) await pool.query(text, [term]);
    expect(await preparedTexts(pool)).toEqual([]);
    expect((await pool.query(text, ["%admin@demo%"])).rows).toEqual([{ n: 1 }]);
  });

  it("keeps at most its share per connection; the rest are planned each time", async () => {
    const pool = onePool((p) => autoPrepare(p, 2));
    const texts = ["select $1::int as a", "select $1::int as b", "select $1::int as c"];
    for (const round of [1, 2, 3]) for (const t of texts) await pool.query(t, [round]);
    expect((await preparedTexts(pool)).sort()).toEqual(texts.slice(0, 2));
    expect((await pool.query(texts[2], [7])).rows).toEqual([{ c: 7 }]);
  });

  it("the app's pool prepares through drizzle; DATABASE_PREPARED_STATEMENTS=false turns it off", async () => {
    for (const prepare of [true, false]) {
      const { pool } = createDb(database.url, 1, prepare);
      pools.push(pool);
      for (let i = 0; i < 2; i++) await pool.query("select count(*) from users where role = $1", ["admin"]);
      expect(await preparedTexts(pool)).toHaveLength(prepare ? 1 : 0);
    }
  });

  it("builtOnce builds a Drizzle query once per database; in a transaction, for that call", async () => {
    const { db, pool } = createDb(database.url, 1);
    pools.push(pool);
    let builds = 0;
    const byEmail = builtOnce("user_by_email", (tx) => {
      builds++;
      return tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, sql.placeholder("email")));
    });
    expect(await byEmail(db).execute({ email: "admin@demo.test" })).toEqual([{ email: "admin@demo.test" }]);
    expect(await byEmail(db).execute({ email: "dispatcher@demo.test" })).toEqual([
      { email: "dispatcher@demo.test" },
    ]);
    expect(await byEmail(db).execute({ email: "nobody@demo.test" })).toEqual([]);
    expect(builds).toBe(1);
    const inTx = await db.transaction((tx) => byEmail(tx).execute({ email: "admin@demo.test" }));
    expect(inTx).toEqual([{ email: "admin@demo.test" }]);
    expect(builds).toBe(2);
  });
});
