import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, diskStore } from "../../platform/storage/storage";
import { createEmptyDatabase, createTestContext, type TestContext } from "../../testing/harness";
import { archivedTables, restoreArchive, tableDigest, writeArchive } from "./archive";

/** A real 2×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGMQsTnx4cMHAAprA+l6DrjPAAAAAElFTkSuQmCC",
  "base64",
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function exportToBuffer() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const progress: number[] = [];
  const manifest = await writeArchive(ctx.deps.pool, ctx.deps.storage, out, (p) => {
    progress.push(p.done / p.total);
  });
  return { bytes: Buffer.concat(chunks), manifest, progress };
}

describe("the export archive", () => {
  it("round-trips every table and every file into an empty installation", async () => {
    // Stored files travel with their rows.
    for (const name of ["scan-1.png", "scan-2.png"]) {
      await ctx.deps.db.transaction((tx) =>
        ctx.deps.storage.save(
          tx,
          new File([PNG], name),
          { maxBytes: 1024, allowedTypes: ["image/png"] },
          null,
        ),
      );
    }
    const { rows: fileRows } = await ctx.deps.pool.query<{ storage_key: string }>(
      `select storage_key from files order by storage_key`,
    );
    expect(fileRows.length).toBeGreaterThan(0);

    const { bytes, manifest, progress } = await exportToBuffer();
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1])).toBe(true);
    expect(manifest.tables.loads).toBeGreaterThan(10);
    expect(manifest.files + manifest.missingFiles.length).toBe(fileRows.length);

    const empty = await createEmptyDatabase();
    const target = new pg.Pool({ connectionString: empty.url, max: 2 });
    const filesDir = mkdtempSync(path.join(tmpdir(), "lms-restore-"));
    const targetStorage = createStorage(diskStore(filesDir));
    try {
      const restored = await restoreArchive(target, targetStorage, Readable.from([bytes]));
      expect(restored.tables).toEqual(manifest.tables);

      const source = await ctx.deps.pool.connect();
      const copy = await target.connect();
      try {
        const tables = await archivedTables(source);
        expect(tables.length).toBeGreaterThan(60);
        for (const table of tables) {
          expect(await tableDigest(copy, table), table).toBe(await tableDigest(source, table));
        }
      } finally {
        source.release();
        copy.release();
      }
      for (const { storage_key } of fileRows) {
        if (manifest.missingFiles.includes(storage_key)) continue;
        expect(Buffer.from(await targetStorage.read(storage_key))).toEqual(
          Buffer.from(await ctx.deps.storage.read(storage_key)),
        );
      }
      // Money stays exact through the archive (numeric text, never a float).
      const sum = `select coalesce(sum(amount), 0)::text as s from transactions`;
      expect((await target.query(sum)).rows[0].s).toBe((await ctx.deps.pool.query(sum)).rows[0].s);

      // A second restore into the now-filled installation is refused and changes nothing.
      await expect(restoreArchive(target, targetStorage, Readable.from([bytes]))).rejects.toThrow(
        "The database is not empty",
      );
    } finally {
      await target.end();
      await empty.drop();
    }
  });

  it("refuses an entry that declares more than it may hold, before reading it (issue 38)", async () => {
    // A bare tar header saying "300 MB follow", gzipped: nothing is read into memory after it.
    const header = Buffer.alloc(512);
    header.write("format.json", 0);
    header.write("0000644\0", 100);
    header.write("0000000\0", 108);
    header.write("0000000\0", 116);
    header.write(`${(300 * 1024 * 1024).toString(8).padStart(11, "0")}\0`, 124);
    header.write(
      `${Math.floor(Date.now() / 1000)
        .toString(8)
        .padStart(11, "0")}\0`,
      136,
    );
    header.write("0", 156);
    header.write("ustar\u000000", 257);
    header.write("        ", 148);
    const sum = header.reduce((a, b) => a + b, 0);
    header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
    const empty = await createEmptyDatabase();
    const target = new pg.Pool({ connectionString: empty.url, max: 2 });
    try {
      const bomb = Readable.from([gzipSync(header)]);
      await expect(
        restoreArchive(target, createStorage(diskStore(mkdtempSync(path.join(tmpdir(), "lms-r-")))), bomb),
      ).rejects.toThrow(/larger than 256 MB: format\.json/);
    } finally {
      await target.end();
      await empty.drop();
    }
  });

  it("refuses what is not an archive of this app", async () => {
    const empty = await createEmptyDatabase();
    const target = new pg.Pool({ connectionString: empty.url, max: 2 });
    try {
      const junk = Readable.from([Buffer.from("not a tarball")]);
      await expect(
        restoreArchive(target, createStorage(diskStore(mkdtempSync(path.join(tmpdir(), "lms-r-")))), junk),
      ).rejects.toThrow();
      const { rows } = await target.query<{ n: number }>(`select count(*)::int as n from users`);
      expect(rows[0].n).toBe(0);
    } finally {
      await target.end();
      await empty.drop();
    }
  });
});
