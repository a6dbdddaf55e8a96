import { sql } from "drizzle-orm";
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { geoColumns, timestamps } from "./columns";
import { customers } from "./customers";

/**
 * The address book of shippers and receivers (decision 034): picked while typing a stop, saved from
 * a stop. `customerId` is the customer it usually ships for (listed first on that customer's loads).
 */
export const locations = pgTable(
  "locations",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    postalCode: text().notNull().default(""),
    contactName: text().notNull().default(""),
    contactPhone: text().notNull().default(""),
    /** Dock hours as the shipper gives them ("Mon–Fri 06:00–14:00"). */
    hours: text().notNull().default(""),
    notes: text().notNull().default(""),
    customerId: uuid().references(() => customers.id, { onDelete: "set null" }),
    ...geoColumns,
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.customerId),
    index("locations_geo_pending").on(t.id).where(sql`geo_status = 'pending'`),
    index("locations_name_lower").on(sql`lower(name)`),
    index("locations_search_trgm").using(
      "gin",
      sql`(name || ' ' || address || ' ' || city || ' ' || state || ' ' || postal_code) gin_trgm_ops`,
    ),
  ],
);

/** A user's saved filters on a list screen ("my unassigned", "delivering today"). */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The list it belongs to ("loads"). */
    screen: text().notNull(),
    name: text().notNull(),
    /** The list's query string (filters and sort). */
    query: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.userId, t.screen, t.name)],
);
