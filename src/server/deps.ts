import type pg from "pg";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { Logger } from "./logger";
import type { Auth } from "./modules/auth/auth";
import type { DbEvents } from "./platform/events/db-events";
import type { Mailer } from "./platform/mail/mailer";
import type { Storage } from "./platform/storage/storage";

/** Everything a module needs, built once in main.ts (or per test file) and passed down. */
export interface Deps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /** LISTEN/NOTIFY on a dedicated connection (the actor cache's invalidations). */
  events: DbEvents;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  log: Logger;
}
