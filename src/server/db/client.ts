import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import { autoPrepare } from "./prepared";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Independent reads: at once on the pool, one after another inside a transaction, whose single
 * connection runs one statement at a time anyway (pg warns about overlapping queries; pg 9 refuses).
 */
export async function readAll<const T extends readonly (() => PromiseLike<unknown>)[]>(
  tx: Tx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Out = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(tx instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Out;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as Out;
}

/**
 * A Drizzle query built once per database, then only executed with its placeholders
 * (`sql.placeholder`). Drizzle builds a query's SQL text on every call — for a 14-column select with
 * three joins that was a third of the server's time per request (docs/performance.md, decision 036).
 * Inside a transaction (another session) it is built for that call, as usual. `name` is also the
 * statement's name on each connection: one name, one query.
 */
export function builtOnce<P>(name: string, build: (tx: Tx) => { prepare(name: string): P }): (tx: Tx) => P {
  const built = new WeakMap<object, P>();
  return (tx) => {
    if (tx instanceof PgTransaction) return build(tx).prepare(name);
    let query = built.get(tx);
    if (!query) {
      query = build(tx).prepare(name);
      built.set(tx, query);
    }
    return query;
  };
}

// numeric (money) stays a string end to end; never a float.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);

/** A pool of `max` connections; repeated statements are prepared unless `prepare` is false (prepared.ts). */
export function createDb(url: string, max = 10, prepare = true): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  if (prepare) autoPrepare(pool);
  pool.on("error", () => {
    // An idle client lost its connection (e.g. the server restarted); the pool replaces it.
  });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool };
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** PostgreSQL 15+ is required on an external server. */
export async function assertServerVersion(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ server_version_num: string }>("show server_version_num");
  const version = Number(rows[0]?.server_version_num ?? 0);
  if (version < 150000) {
    throw new Error(
      `PostgreSQL 15 or newer is required; the server at DATABASE_URL runs ${version / 10000}.`,
    );
  }
}

/**
 * The company's calendar day (YYYY-MM-DD): the database's `current_date`, so every date rule
 * (expired papers, overdue invoices, time off) agrees with the SQL that filters by it.
 */
export async function companyToday(tx: Tx): Promise<string> {
  const { rows } = await tx.execute<{ today: string }>(sql`select current_date::text as today`);
  return rows[0].today;
}
