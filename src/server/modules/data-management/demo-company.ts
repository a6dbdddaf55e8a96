import type { DemoRemoval } from "@shared/data-management/data-management.schema";
import type pg from "pg";
import type { Storage } from "../../platform/storage/storage";

/** Tables whose rows are never the demo's: bookkeeping of this feature and of the app itself. */
const NOT_RECORDED = new Set(["demo_rows", "data_exports", "rate_limits", "app_meta"]);
/** The app_meta key the demo seed leaves (src/server/seed/demo.ts). */
export const DEMO_MARKER = "demo_seeded_at";

/** Runs one statement: a pg client's `query`, or a drizzle transaction's `execute(sql.raw(...))`. */
type Run = (text: string) => Promise<{ rows: unknown[] }>;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every public table's primary-key columns. */
async function primaryKeys(run: Run): Promise<Map<string, string[]>> {
  const { rows } = (await run(
    `select c.relname as name, array_agg(a.attname::text order by array_position(i.indkey, a.attnum)) as cols
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where i.indisprimary and n.nspname = 'public' and not c.relispartition
      group by c.relname`,
  )) as { rows: { name: string; cols: string[] }[] };
  return new Map(rows.filter((r) => !NOT_RECORDED.has(r.name)).map((r) => [r.name, r.cols]));
}

/** A row's key as jsonb, the form `demo_rows.pk` holds. */
const keyOf = (cols: string[]) =>
  `jsonb_build_object(${cols.map((c) => `'${c}', t.${ident(c)}`).join(", ")})`;
const isDemo = (table: string, cols: string[]) =>
  `${keyOf(cols)} in (select pk from demo_rows where table_name = '${table}')`;

/** Called at the end of the demo seed: every row there is now is the demo's. */
export async function recordDemoRows(run: Run): Promise<void> {
  for (const [table, cols] of await primaryKeys(run)) {
    await run(
      `insert into demo_rows (table_name, pk) select '${table}', ${keyOf(cols)} from ${ident(table)} t
       on conflict do nothing`,
    );
  }
}

/** foreign_key_violation (NO ACTION) and restrict_violation (RESTRICT). */
const HELD = new Set(["23503", "23001"]);

/**
 * Works out (and with `apply`, carries out) removing the demo company: exactly the rows the demo seed
 * recorded, children before parents, in one transaction. Rows a user added that hang on a demo row
 * by a cascading link go with it (listed under `also`); rows that would block it are named and nothing
 * is removed. A dry run always rolls back.
 */
export async function planDemoRemoval(
  pool: pg.Pool,
  storage: Storage,
  actorUserId: string,
  apply: boolean,
): Promise<DemoRemoval> {
  const client = await pool.connect();
  try {
    const { rows: marker } = await client.query(`select 1 from app_meta where key = $1`, [DEMO_MARKER]);
    const { rows: recorded } = await client.query<{ table_name: string; n: number }>(
      `select table_name, count(*)::int as n from demo_rows group by table_name`,
    );
    const none: DemoRemoval = {
      available: false,
      reason: null,
      tables: [],
      also: [],
      blocked: [],
      removed: false,
    };
    if (!marker.length) return { ...none, reason: "notSeeded" };
    if (!recorded.length) return { ...none, reason: "notRecorded" };
    const { rows: own } = await client.query(
      `select 1 from demo_rows where table_name = 'users' and pk = jsonb_build_object('id', $1::text)`,
      [actorUserId],
    );
    if (own.length) return { ...none, reason: "ownAccount" };

    const keys = await primaryKeys((text) => client.query(text));
    await client.query("begin");
    // The record locks (an approved settlement, a sent invoice cannot change) guard everyday edits, not
    // removing the whole demo: its BEFORE triggers are off inside this transaction only (the app owns
    // its tables). Foreign keys and their cascades stay on, and so does the ledger's copy of its load's
    // number (a kept copy, not a lock: a deleted demo load's number leaves the rows it is set null on).
    const { rows: locks } = await client.query<{ name: string; tbl: string }>(
      `select t.tgname as name, c.relname as tbl from pg_trigger t
         join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal and (t.tgtype & 2) <> 0
          and t.tgname <> 'transactions_load_number'`,
    );
    for (const l of locks) await client.query(`alter table ${ident(l.tbl)} disable trigger ${ident(l.name)}`);
    const count = async (sqlText: string) => (await client.query<{ n: number }>(sqlText)).rows[0].n;
    const before = new Map<string, number>();
    const demo = new Map<string, number>();
    for (const [table, cols] of keys) {
      before.set(table, await count(`select count(*)::int as n from ${ident(table)}`));
      demo.set(
        table,
        await count(`select count(*)::int as n from ${ident(table)} t where ${isDemo(table, cols)}`),
      );
    }
    const fileKeys = keys.has("files")
      ? (
          await client.query<{ key: string }>(
            `select storage_key as key from files t where ${isDemo("files", keys.get("files") ?? ["id"])}`,
          )
        ).rows.map((r) => r.key)
      : [];

    // Children first, found by trying: a table refused for a foreign key waits for the next pass.
    let waiting = [...keys.keys()].filter((t) => (demo.get(t) ?? 0) > 0);
    const blockedBy = new Map<string, string>();
    for (let progress = true; waiting.length && progress; ) {
      progress = false;
      const next: string[] = [];
      for (const table of waiting) {
        await client.query("savepoint demo_step");
        try {
          await client.query(`delete from ${ident(table)} t where ${isDemo(table, keys.get(table) ?? [])}`);
          await client.query("release savepoint demo_step");
          progress = true;
        } catch (err) {
          if (!HELD.has((err as { code?: string }).code ?? "")) throw err;
          await client.query("rollback to savepoint demo_step");
          blockedBy.set(table, (err as { table?: string }).table ?? "");
          next.push(table);
        }
      }
      waiting = next;
    }

    const tables: DemoRemoval["tables"] = [];
    const also: DemoRemoval["also"] = [];
    for (const table of keys.keys()) {
      const after = await count(`select count(*)::int as n from ${ident(table)}`);
      const gone = (before.get(table) ?? 0) - after;
      const ofDemo = demo.get(table) ?? 0;
      if (ofDemo > 0) tables.push({ table, rows: ofDemo });
      if (gone > ofDemo) also.push({ table, rows: gone - ofDemo });
    }
    const blocked = waiting.map((table) => ({ table, by: blockedBy.get(table) ?? "" }));
    const result: DemoRemoval = {
      available: blocked.length === 0,
      reason: blocked.length ? "blocked" : null,
      tables: tables.sort((a, b) => b.rows - a.rows),
      also,
      blocked,
      removed: false,
    };
    if (!apply || blocked.length) {
      await client.query("rollback");
      return result;
    }
    // Schema changes are transactional: the locks come back on before the commit.
    for (const l of locks) await client.query(`alter table ${ident(l.tbl)} enable trigger ${ident(l.name)}`);
    await client.query("delete from demo_rows");
    await client.query(`delete from app_meta where key = $1`, [DEMO_MARKER]);
    await client.query("commit");
    for (const key of fileKeys) await storage.remove(key).catch(() => {});
    return { ...result, available: false, removed: true };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
