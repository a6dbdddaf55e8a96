import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb, runMigrations } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { createLogger } from "../logger";
import { seedDemoData } from "../seed/demo";

declare module "vitest" {
  export interface ProvidedContext {
    /** A URL of the test server's maintenance database; test files create their own databases there. */
    testServerUrl: string;
    templateDatabase: string;
  }
}

/**
 * Starts one PostgreSQL for the whole run (the embedded one, or DATABASE_URL's server) and builds
 * a template database: migrated and seeded with the demo accounts. Each test file clones it.
 */
export default async function setup(project: TestProject) {
  const log = createLogger("warn");
  let serverUrl: string;
  let stopServer = async () => {};
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/postgres";
    serverUrl = url.toString();
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "lms-test-"));
    const embedded = await startEmbeddedPostgres(dir, log, { lock: false });
    const url = new URL(embedded.url);
    url.pathname = "/postgres";
    serverUrl = url.toString();
    stopServer = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const template = `lms_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  const { db, pool } = createDb(templateUrl.toString(), 2);
  await runMigrations(db);
  await seedDemoData(db);
  await pool.end();

  project.provide("testServerUrl", serverUrl);
  project.provide("templateDatabase", template);

  return async () => {
    // Test files drop their own databases; the template and server go last.
    const leftovers = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'lms_t_%' or datname = $1",
      [template],
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
    await stopServer();
  };
}
