import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { DEMO_PASSWORD } from "../src/server/seed/demo-accounts";

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

/** A port nobody listens on now, for a server a bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The real server as `npm start` runs it (`src/server/main.ts` under tsx: embedded PostgreSQL,
 * migrations, the demo data on a first start) in `dataDir` on `port`, quiet, with sign-in unthrottled.
 */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
      SIGN_IN_RATE_LIMIT: "1000",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** Signs a demo user in over HTTP; the session cookie(s) as one `Cookie` header value. */
export async function signIn(port: number, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`Signing in as ${email} failed (${res.status})`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
