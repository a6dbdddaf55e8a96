import { sql } from "drizzle-orm";
import { boolean, check, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { roleEnum } from "./app-users";
import { users } from "./auth";
import { files } from "./platform";

/**
 * The company's profile (Settings → Company, issue 17): one row (id 1), printed on every PDF and
 * email and the calendar every date boundary uses. Until it is saved the COMPANY_* settings apply
 * (first-run defaults); each instance keeps it in memory and reloads it on `lms_company`.
 */
export const companySettings = pgTable(
  "company_settings",
  {
    id: smallint().primaryKey().default(1),
    name: text().notNull(),
    address: text().notNull(),
    phone: text().notNull().default(""),
    /** Where customers' invoices are answered (reply-to). */
    email: text().notNull().default(""),
    usdot: text().notNull().default(""),
    mc: text().notNull().default(""),
    timeZone: text().notNull(),
    /** ISO 4217: how money is shown (amounts stay numeric; no conversion). */
    currency: text().notNull().default("USD"),
    logoFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    updatedBy: text().references(() => users.id, { onDelete: "set null" }),
    updatedByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("company_settings_one_row", sql`id = 1`)],
);

/** Sign-in rules an admin sets (one row, id 1): the staff roles that must use two-factor sign-in. */
export const securitySettings = pgTable(
  "security_settings",
  {
    id: smallint().primaryKey().default(1),
    twoFactorRoles: roleEnum().array().notNull().default(sql`'{}'`),
    updatedByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("security_settings_one_row", sql`id = 1`)],
);

/**
 * The permissions editor's changes (/permissions, issue 17): a row where a role holds a permission it
 * does not hold by default (granted) or lacks one it does (revoked). No rows = the access table's
 * defaults; "reset to defaults" deletes them all. Read with each session's actor (migration 0033's
 * trigger drops the affected actors from every instance's cache).
 */
export const rolePermissions = pgTable(
  "role_permissions",
  {
    role: roleEnum().notNull(),
    permission: text().notNull(),
    granted: boolean().notNull(),
    updatedByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.role, t.permission] })],
);

/**
 * The AI assistant's provider (Settings → AI assistant, issue 17): one row. The API key is stored
 * encrypted (AES-256-GCM, a key derived from the server secret) and never returned to a browser.
 */
export const assistantSettings = pgTable(
  "assistant_settings",
  {
    id: smallint().primaryKey().default(1),
    provider: text(),
    model: text().notNull().default(""),
    baseUrl: text().notNull().default(""),
    keyEncrypted: text(),
    updatedByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("assistant_settings_one_row", sql`id = 1`)],
);

/**
 * Dispatch rules the company chooses (Settings → Company → Deliveries, issue 38): one row (id 1).
 * `load_completion`: a load checked in stop by stop is delivered when the driver leaves the last
 * stop ("departure", the default while no row exists) or once its proof of delivery is uploaded
 * after the unload ("pod").
 */
export const dispatchSettings = pgTable(
  "dispatch_settings",
  {
    id: smallint().primaryKey().default(1),
    loadCompletion: text().notNull().default("departure"),
    updatedByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check("dispatch_settings_one_row", sql`id = 1`),
    check("dispatch_settings_load_completion", sql`load_completion in ('departure', 'pod')`),
  ],
);
