import {
  CIRCUITY_FACTOR,
  DEFAULT_GEOFENCE_RADIUS_MILES,
  DEFAULT_POSITION_RETENTION_DAYS,
  DEFAULT_SHARING_INTERVAL_SECONDS,
  type GeocoderKind,
  type RouterKind,
  type TelematicsKind,
} from "@shared/geo/geo.constants";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
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

/**
 * Maps & tracking (Settings → Maps & tracking, issue 40): one row (id 1). Which geocoder, routing
 * engine and ELD/GPS provider to use (none: the offline gazetteer and estimate), their keys sealed
 * like the assistant's, the circuity factor of the offline estimate, the map's tile style, the
 * geofence radius, how long positions are kept and how often a phone sends them. Each instance keeps
 * it in memory and reloads it on `lms_geo_settings`.
 */
export const geoSettings = pgTable(
  "geo_settings",
  {
    id: smallint().primaryKey().default(1),
    geocoder: text().$type<GeocoderKind>(),
    geocoderUrl: text().notNull().default(""),
    geocoderKeySealed: text(),
    router: text().$type<RouterKind>(),
    routerUrl: text().notNull().default(""),
    routerKeySealed: text(),
    circuityFactor: numeric({ precision: 4, scale: 2 }).notNull().default(String(CIRCUITY_FACTOR)),
    telematics: text().$type<TelematicsKind>(),
    telematicsUrl: text().notNull().default(""),
    telematicsKeySealed: text(),
    tileStyleUrl: text().notNull().default(""),
    geofenceRadiusMiles: numeric({ precision: 4, scale: 2 })
      .notNull()
      .default(String(DEFAULT_GEOFENCE_RADIUS_MILES)),
    positionRetentionDays: integer().notNull().default(DEFAULT_POSITION_RETENTION_DAYS),
    sharingIntervalSeconds: integer().notNull().default(DEFAULT_SHARING_INTERVAL_SECONDS),
    updatedByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check("geo_settings_one_row", sql`id = 1`),
    check("geo_settings_circuity", sql`circuity_factor between 1 and 2`),
    check("geo_settings_radius", sql`geofence_radius_miles between 0.1 and 5`),
    check("geo_settings_retention", sql`position_retention_days between 7 and 1095`),
    check("geo_settings_interval", sql`sharing_interval_seconds between 15 and 120`),
  ],
);
