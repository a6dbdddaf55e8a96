import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Export archives (Admin → Data management, issue 17): one row per export, its progress while it runs
 * and where its archive is (a path under DATA_DIR/exports on the instance that wrote it). Not itself
 * exported.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** running, done or failed. */
    status: text().notNull().default("running"),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    bytes: bigint({ mode: "number" }).notNull().default(0),
    fileName: text().notNull(),
    error: text(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdByName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.createdAt)],
);

/**
 * How long the app keeps what piles up (days; null keeps it for ever) and the nightly backups: one row
 * (id 1), applied by the nightly data job.
 */
export const dataSettings = pgTable(
  "data_settings",
  {
    id: smallint().primaryKey().default(1),
    notificationDays: integer(),
    auditDays: integer(),
    communicationDays: integer(),
    backupsEnabled: boolean().notNull().default(true),
    backupsKept: integer().notNull().default(14),
    updatedByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("data_settings_one_row", sql`id = 1`)],
);

/**
 * The demo company's rows: every row's primary key, recorded when the demo seed ran, so Admin → Data
 * management can remove exactly them (and nothing a user added) later.
 */
export const demoRows = pgTable(
  "demo_rows",
  {
    tableName: text().notNull(),
    pk: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.pk] })],
);
