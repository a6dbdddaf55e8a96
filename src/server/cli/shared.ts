import { ConfigError, loadConfig } from "../config";
import { type Database, openDatabase } from "../db/database";
import { createLogger } from "../logger";

/** Runs a command-line task against the configured database (embedded or DATABASE_URL). */
export async function withDatabase(task: (database: Database) => Promise<void>): Promise<void> {
  try {
    const config = loadConfig();
    const log = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
    const database = await openDatabase(config, log);
    try {
      await task(database);
    } finally {
      await database.close();
    }
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

/** `--email a@b.c --role admin` → { email: "a@b.c", role: "admin" } */
export function parseArgs(argv = process.argv.slice(2)): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) continue;
    const [key, inline] = arg.slice(2).split("=", 2);
    out[key] = inline ?? (argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[++i] : "true");
  }
  return out;
}
