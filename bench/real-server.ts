import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * What the benchmarks that start the real server (`http.ts`, `tracking.ts`, `slow-3g.ts`) share:
 * waiting for it to answer, and the address of the embedded PostgreSQL it started in its DATA_DIR.
 */

/**
 * Waits until `/api/health` answers 200. On a busy machine a first start (initdb, migrations, the demo
 * seed) takes minutes: given the server's process, it waits as long as that process runs (up to
 * `seconds`, BENCH_START_TIMEOUT or 30 minutes) and fails at once if it exits.
 */
export async function waitHealthy(
  base: string,
  seconds = Number(process.env.BENCH_START_TIMEOUT ?? 1800),
  child?: ChildProcess,
) {
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    if (child && child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before it was healthy`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The server did not become healthy in ${seconds} s`);
}

/** The embedded database's URL, from the password file and the postmaster's port in `dataDir`. */
export function embeddedUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3];
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/lms`;
}
