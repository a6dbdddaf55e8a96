import { sql } from "drizzle-orm";
import { check, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * The IFTA tax rate per gallon of each jurisdiction for a quarter (`2026-Q3`), entered by the user
 * from the IFTA rate matrix every quarter (rates change quarterly; never kept in code).
 */
export const iftaTaxRates = pgTable(
  "ifta_tax_rates",
  {
    quarter: text().notNull(),
    jurisdiction: text().notNull(),
    rate: numeric({ precision: 8, scale: 4 }).notNull(),
    updatedBy: text().references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.quarter, t.jurisdiction] }),
    check("ifta_tax_rates_rate", sql`${t.rate} >= 0`),
  ],
);
