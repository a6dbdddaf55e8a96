import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * What the benchmarks that start the real server (`http.ts`, `tracking.ts`) share: waiting for it to
 * answer, and the address of the embedded PostgreSQL it started in its DATA_DIR.
 */
export async function waitHealthy(base: string, seconds: number) {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("The server did not become healthy");
}

/** The embedded database's URL, from the password file and the postmaster's port in `dataDir`. */
export function embeddedUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3];
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/lms`;
}
