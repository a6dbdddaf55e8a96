import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "../config";
import { createLogger } from "../logger";
import { startEmbeddedPostgres } from "./embedded";

const dir = mkdtempSync(path.join(tmpdir(), "lms-embedded-"));
const log = createLogger("silent");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("the embedded PostgreSQL", () => {
  it("creates a cluster in DATA_DIR/postgres, refuses a second app on the same DATA_DIR, and keeps data", async () => {
    const first = await startEmbeddedPostgres(dir, log);
    try {
      expect(first.created).toBe(true);
      expect(existsSync(path.join(dir, "postgres", "PG_VERSION"))).toBe(true);
      await query(first.url, "create table kept (v text); insert into kept values ('hello')");
      await expect(startEmbeddedPostgres(dir, log)).rejects.toThrow(ConfigError);
      await expect(startEmbeddedPostgres(dir, log)).rejects.toThrow(/already running/);
    } finally {
      await first.stop();
    }
    expect(existsSync(path.join(dir, "lms.lock"))).toBe(false);
    const again = await startEmbeddedPostgres(dir, log);
    try {
      expect(again.created).toBe(false);
      expect(await query(again.url, "select v from kept")).toEqual([{ v: "hello" }]);
    } finally {
      await again.stop();
    }
  });

  it("takes over a stale lock left by a dead process", async () => {
    writeFileSync(path.join(dir, "lms.lock"), "999999");
    const db = await startEmbeddedPostgres(dir, log);
    try {
      expect(readFileSync(path.join(dir, "lms.lock"), "utf8")).toBe(String(process.pid));
    } finally {
      await db.stop();
    }
  });

  it("recovers a PostgreSQL left running by a killed app", async () => {
    // A child app starts the database, reports its URL, and is then killed outright (SIGKILL).
    const script = path.resolve(".tmp", `embedded-child-${process.pid}.mts`);
    // Inside the project so the child resolves its packages.
    mkdirSync(path.dirname(script), { recursive: true });
    writeFileSync(
      script,
      `import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve("src/server/db/embedded.ts"))};
       import { createLogger } from ${JSON.stringify(path.resolve("src/server/logger.ts"))};
       const db = await startEmbeddedPostgres(${JSON.stringify(dir)}, createLogger("silent"));
       console.log("URL " + db.url);
       setInterval(() => {}, 1000);`,
    );
    // node itself (not the tsx wrapper), so SIGKILL hits the process that holds the lock.
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        const m = /URL (\S+)/.exec(d.toString());
        if (m) resolve(m[1]);
      });
      child.on("exit", () => reject(new Error("child exited early")));
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    // Its PostgreSQL is still up…
    expect(await query(url, "select 1 as ok")).toEqual([{ ok: 1 }]);
    // …and the next start stops it and takes over.
    const next = await startEmbeddedPostgres(dir, log);
    try {
      expect(await query(next.url, "select v from kept")).toEqual([{ v: "hello" }]);
      await expect(query(url, "select 1")).rejects.toThrow();
    } finally {
      await next.stop();
      rmSync(script, { force: true });
    }
  }, 60_000);
});
