import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import type { Deps } from "./deps";
import { scheduledJobs } from "./jobs";
import { createLogger } from "./logger";
import { ensureLedgerBackfilled } from "./modules/accounting/ledger-backfill";
import { createAuth } from "./modules/auth/auth";
import { watchCompanySettings } from "./modules/settings/company-settings";
import { createDbEvents } from "./platform/events/db-events";
import { startJobs } from "./platform/jobs/jobs";
import { drain, requestsSettled } from "./platform/lifecycle/drain";
import { createMailer } from "./platform/mail/mailer";
import { vapidKeys } from "./platform/push/vapid";
import { blobStoreFor, createStorage } from "./platform/storage/storage";
import { seedDemoData, shouldSeedDemo } from "./seed/demo";

/** How long a stopping instance waits for requests in flight before closing them. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log, { drainsOnSignals: true });
  // A signal while starting up (migrations, the demo seed) stops the database and ends the process.
  const stopWhileStarting = () => void database.close().finally(() => process.exit(1));
  process.once("SIGINT", stopWhileStarting);
  process.once("SIGTERM", stopWhileStarting);
  const { db, pool } = database;
  const deps: Deps = {
    config,
    db,
    pool,
    events: createDbEvents({ connectionString: database.url }, log),
    log,
    auth: createAuth(config, db),
    mailer: createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    storage: createStorage(blobStoreFor(config)),
  };
  // The saved company profile (Settings → Company) replaces the COMPANY_* defaults, here and on change.
  await watchCompanySettings(deps);
  if (await shouldSeedDemo(deps, database)) {
    log.info("Seeding demo data (DEMO_DATA=false skips this)");
    const seeded = await seedDemoData(db, {
      storage: deps.storage,
      timeZone: config.company.timeZone,
      publicUrl: config.publicUrl,
    });
    if (seeded.contractLink) {
      log.info(`Demo contract waiting for signature (new hire Carlos Vega): ${seeded.contractLink}`);
    }
    if (seeded.trackingLink) {
      log.info(`Demo tracking link dispatch sent Great Lakes Foods: ${seeded.trackingLink}`);
    }
  }
  await ensureLedgerBackfilled(db, config.company.timeZone, log);
  // Web Push's VAPID key pair: made on the first start and kept in the database (decision 063).
  if (!(await vapidKeys(db, config)))
    log.warn("Push notifications are off: the stored VAPID key cannot be opened with this server secret");

  const stopJobs = await startJobs(database.url, scheduledJobs(deps), log);
  const app = createApp(deps, { serveWeb: true });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    log.info(`Load Management System on http://localhost:${config.port} (API docs at /api/docs)`);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: draining (new connections refused, requests in flight finish)`);
    // Stop listening, end the events streams (browsers reconnect elsewhere), let requests finish.
    await new Promise<void>((resolve) => {
      const http = server as unknown as import("node:http").Server;
      const timer = setTimeout(() => {
        log.warn(`requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing them`);
        http.closeAllConnections();
        resolve();
      }, SHUTDOWN_GRACE_MS);
      http.close(() =>
        requestsSettled().then(() => {
          clearTimeout(timer);
          resolve();
        }),
      );
      drain();
      http.closeIdleConnections();
    });
    await stopJobs().catch(() => {});
    await deps.events.close();
    await database.close();
    process.exit(0);
  };
  process.off("SIGINT", stopWhileStarting);
  process.off("SIGTERM", stopWhileStarting);
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("Start-up failed:", err instanceof Error ? (err.stack ?? err.message) : err);
  }
  process.exit(1);
});
