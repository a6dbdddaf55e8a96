import { DEFAULT_PAYMENT_TERMS_DAYS } from "@shared/customers/customers.schema";
import { DEFAULT_DETENTION_FREE_MINUTES, DEFAULT_DETENTION_RATE } from "@shared/loads/stops.schema";
import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { geoColumns, timestamps } from "./columns";

/** A customer company; `user_id` links the portal account when it has one. */
export const customers = pgTable(
  "customers",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    companyName: text().notNull(),
    /** Unique per customer (case-insensitive) when set: checked by the customers service. */
    email: text(),
    phone: text(),
    address: text(),
    billingAddress: text(),
    /** Net days. */
    paymentTermsDays: integer().notNull().default(DEFAULT_PAYMENT_TERMS_DAYS),
    creditLimit: numeric({ precision: 12, scale: 2 }),
    /** Free time at a stop before detention is owed, and detention's hourly rate (decision 034). */
    detentionFreeMinutes: integer().notNull().default(DEFAULT_DETENTION_FREE_MINUTES),
    detentionRate: numeric({ precision: 12, scale: 2 }).notNull().default(DEFAULT_DETENTION_RATE),
    /** Internal notes: staff only, never in a portal answer. */
    notes: text().notNull().default(""),
    /** Where `address` is (issue 40). */
    ...geoColumns,
    ...timestamps,
  },
  (t) => [
    index().on(t.companyName),
    index("customers_geo_pending").on(t.id).where(sql`geo_status = 'pending'`),
    index().on(t.email),
    index("customers_email_lower_idx").on(sql`lower(email)`),
    index().on(t.name),
    index().on(t.createdAt.desc()),
    index().on(t.paymentTermsDays),
    index().on(t.creditLimit),
    index("customers_search_trgm").using(
      "gin",
      sql`(company_name || ' ' || name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops`,
    ),
  ],
);

/** The people to call at a customer: dispatch desk, accounts payable, receiving… */
export const customerContacts = pgTable(
  "customer_contacts",
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    sequence: integer().notNull(),
    name: text().notNull(),
    role: text().notNull().default(""),
    email: text(),
    phone: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [index().on(t.customerId, t.sequence)],
);

/**
 * How many loads each customer has (the customers list's column, issue 42), kept by statement triggers
 * on `loads` in the same statement as every write (migration 0055, as the report rollups of 0023), so a
 * page of customers reads one row each instead of counting up to 90k loads each. No foreign key: a
 * deleted customer's loads lose their customer by an update that the triggers follow, and a row that
 * reaches zero is removed. A customer without a row has no loads.
 */
export const customerLoadCounts = pgTable("customer_load_counts", {
  customerId: uuid().primaryKey(),
  loads: integer().notNull(),
});
