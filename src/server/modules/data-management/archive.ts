import { createHash } from "node:crypto";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type pg from "pg";
import tar from "tar-stream";
import type { Storage } from "../../platform/storage/storage";

/**
 * The export archive (docs/data-export-format.md): a gzipped tar of
 *
 *   format.json                         { format: "lms-export", version, createdAt, migration }
 *   tables/<table>/<000001>.json        a JSON array of up to BATCH rows (row_to_json: exact numerics)
 *   files/<storage key>                 every stored file's bytes
 *   manifest.json                       rows per table, files, bytes and any file whose bytes were gone
 *
 * Everything is read in one repeatable-read snapshot, so the tables agree with each other.
 */
export const ARCHIVE_FORMAT = "lms-export";
export const ARCHIVE_VERSION = 1;
const BATCH = 2000;

/** Tables left out: the exports' own bookkeeping (paths on one machine) and short-lived counters. */
const SKIPPED_TABLES = new Set(["data_exports", "rate_limits"]);

export interface ArchiveManifest {
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
  missingFiles: string[];
}

export interface ArchiveProgress {
  /** Units done and to do: one per table batch and one per file. */
  done: number;
  total: number;
}

type Queryable = Pick<pg.PoolClient, "query">;

/**
 * The schema's tables: a partitioned table (vehicle_positions) once, by its parent, never its
 * monthly partitions (whose rows the parent already reads and a truncate of the parent empties).
 */
const PUBLIC_TABLES = `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`;

async function tablesOf(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`${PUBLIC_TABLES} order by name`);
  return rows.map((r) => r.name).filter((t) => !SKIPPED_TABLES.has(t));
}

/** The newest applied migration: an archive restores only into the same schema. */
async function migrationOf(client: Queryable): Promise<string> {
  const { rows } = await client.query<{ hash: string }>(
    `select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  return rows[0]?.hash ?? "";
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function addEntry(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: body.length, mode: 0o600 }, body, (err) => (err ? reject(err) : resolve()));
  });
}

/** Writes every table and every stored file to `out` as one archive. */
export async function writeArchive(
  pool: pg.Pool,
  storage: Storage,
  out: Writable,
  onProgress: (p: ArchiveProgress) => void | Promise<void> = () => {},
): Promise<ArchiveManifest> {
  const client = await pool.connect();
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  written.catch(() => {});
  written.catch(() => {});
  const manifest: ArchiveManifest = { tables: {}, files: 0, fileBytes: 0, missingFiles: [] };
  try {
    await client.query("begin isolation level repeatable read read only");
    const tables = await tablesOf(client);
    const counts = new Map<string, number>();
    for (const t of tables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${ident(t)}`);
      counts.set(t, rows[0].n);
    }
    const { rows: fileRows } = await client.query<{ key: string }>(
      `select storage_key as key from files order by storage_key`,
    );
    const total =
      [...counts.values()].reduce((sum, n) => sum + Math.max(1, Math.ceil(n / BATCH)), 0) + fileRows.length;
    let done = 0;
    await onProgress({ done, total });

    const format = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      migration: await migrationOf(client),
    };
    await addEntry(pack, "format.json", Buffer.from(JSON.stringify(format, null, 2)));

    for (const t of tables) {
      let after = "(0,0)";
      let part = 0;
      let rowsOut = 0;
      for (;;) {
        // Pages by physical row id (a TID range scan): no sort, no offset, the snapshot keeps it stable.
        const { rows } = await client.query<{ c: string; j: string }>(
          `select ctid::text as c, row_to_json(t)::text as j from ${ident(t)} t
            where ctid > $1::tid order by ctid limit ${BATCH}`,
          [after],
        );
        if (rows.length === 0 && part > 0) break;
        part++;
        await addEntry(
          pack,
          `tables/${t}/${String(part).padStart(6, "0")}.json`,
          Buffer.from(`[${rows.map((r) => r.j).join(",\n")}]`),
        );
        rowsOut += rows.length;
        await onProgress({ done: ++done, total });
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1].c;
      }
      manifest.tables[t] = rowsOut;
    }

    for (const { key } of fileRows) {
      let bytes: Uint8Array | null = null;
      try {
        bytes = await storage.read(key);
      } catch {
        manifest.missingFiles.push(key);
      }
      if (bytes) {
        await addEntry(pack, `files/${key}`, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        manifest.files++;
        manifest.fileBytes += bytes.byteLength;
      }
      await onProgress({ done: ++done, total });
    }
    await client.query("commit");
    await addEntry(pack, "manifest.json", Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    return manifest;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    pack.destroy(err as Error);
    await written.catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export class RestoreError extends Error {}

/** No entry of an archive we write comes near this (a table's batch of rows, an uploaded file ≤ 100 MB). */
export const RESTORE_ENTRY_MAX_BYTES = 256 * 1024 * 1024;

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Restores an archive into an empty installation (migrated, no accounts): every table's rows as they
 * were, in one transaction with triggers and foreign-key checks off while loading (the rows were
 * consistent when exported), then every file. Refuses a non-empty database, another schema version or
 * an archive whose row counts do not match its manifest.
 */
export async function restoreArchive(
  pool: pg.Pool,
  storage: Storage,
  input: Readable,
  onProgress: (message: string) => void = () => {},
): Promise<ArchiveManifest> {
  const client = await pool.connect();
  const loaded: Record<string, number> = {};
  let manifest: ArchiveManifest | null = null;
  let started = false;
  let files = 0;
  try {
    const { rows: users } = await client.query<{ n: number }>(`select count(*)::int as n from users`);
    if (users[0].n > 0)
      throw new RestoreError("The database is not empty: restore only into a new installation.");
    const tables = new Set(await tablesOf(client));
    const migration = await migrationOf(client);
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    // Rows the migrations themselves add (one-row settings) make way for the archive's (every table at
    // once, the ones an archive leaves out too: a truncate must name every table that references another).
    const { rows: all } = await client.query<{ name: string }>(PUBLIC_TABLES);
    await client.query(`truncate ${all.map((r) => ident(r.name)).join(", ")}`);

    async function load(name: string, body: Buffer) {
      if (!started) {
        const format =
          name === "format.json" ? (JSON.parse(body.toString("utf8")) as Record<string, unknown>) : {};
        if (format.format !== ARCHIVE_FORMAT || format.version !== ARCHIVE_VERSION)
          throw new RestoreError("This is not an export archive of this app.");
        if (format.migration !== migration)
          throw new RestoreError(
            "The archive comes from another version of the app: restore it with the version that exported it.",
          );
        started = true;
        return;
      }
      const table = /^tables\/([a-z0-9_]+)\/\d+\.json$/.exec(name)?.[1];
      if (table) {
        if (!tables.has(table)) throw new RestoreError(`The archive holds an unknown table: ${table}.`);
        const { rowCount } = await client.query(
          `insert into ${ident(table)} select * from json_populate_recordset(null::${ident(table)}, $1::json)`,
          [body.toString("utf8")],
        );
        loaded[table] = (loaded[table] ?? 0) + (rowCount ?? 0);
        onProgress(`${table}: ${loaded[table]} rows`);
      } else if (name.startsWith("files/")) {
        await storage.restore(name.slice("files/".length), new Uint8Array(body));
        files++;
      } else if (name === "manifest.json") {
        manifest = JSON.parse(body.toString("utf8")) as ArchiveManifest;
      }
    }

    // One entry at a time: the next is read only once this one is in the database.
    const extract = tar.extract();
    extract.on("entry", (header, stream, next) => {
      // What the entry declares is checked before it is read into memory (a gzip stream can unpack to
      // far more than the archive's size); tar-stream then yields exactly the declared bytes.
      if ((header.size ?? 0) > RESTORE_ENTRY_MAX_BYTES) {
        stream.on("error", () => {}); // ends with the extractor's error, reported once below
        extract.destroy(
          new RestoreError(
            `The archive holds a file larger than ${RESTORE_ENTRY_MAX_BYTES / 1024 / 1024} MB: ${header.name}.`,
          ),
        );
        return;
      }
      readAll(stream)
        .then((body) => load(header.name, body))
        .then(
          () => next(),
          (err: Error) => extract.destroy(err),
        );
    });
    try {
      await pipeline(input, createGunzip(), extract);
    } catch (err) {
      if (err instanceof RestoreError) throw err;
      throw new RestoreError("This is not an export archive of this app, or it is damaged.");
    }
    const complete = manifest as ArchiveManifest | null;
    if (!complete) throw new RestoreError("The archive is incomplete (no manifest).");
    for (const [table, n] of Object.entries(complete.tables)) {
      if ((loaded[table] ?? 0) !== n)
        throw new RestoreError(`The archive is damaged: ${table} has ${loaded[table] ?? 0} rows of ${n}.`);
    }
    if (files !== complete.files) throw new RestoreError("The archive is damaged: files are missing.");
    await client.query("commit");
    onProgress(`${Object.keys(loaded).length} tables and ${files} files restored`);
    return complete;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** A table's rows as one digest, in a stable order: the round-trip test compares installations with it. */
export async function tableDigest(client: Queryable, table: string): Promise<string> {
  const { rows } = await client.query<{ j: string }>(
    `select row_to_json(t)::text as j from ${ident(table)} t`,
  );
  return createHash("sha256")
    .update(
      rows
        .map((r) => r.j)
        .sort()
        .join("\n"),
    )
    .digest("hex");
}

export { tablesOf as archivedTables };
