import { TOLL_SOURCES } from "@shared/tolls/tolls.schema";
import { sql } from "drizzle-orm";
import { index, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";
import { vehicles } from "./fleet";
import { loads } from "./loads";

export const tollSourceEnum = pgEnum("toll_source", TOLL_SOURCES);

/**
 * A toll charge (spec section 3, Toll): booth or location, transponder, amount, when, and the
 * vehicle, driver and load it belongs to. Statement imports match rows to vehicles by transponder;
 * one charge (transponder, time, amount) is stored once, however often a statement repeats it.
 */
export const tolls = pgTable(
  "tolls",
  {
    id: uuid().primaryKey().defaultRandom(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    location: text().notNull(),
    /** Normalized: upper case, letters and digits only; empty when paid without one. */
    transponder: text().notNull().default(""),
    /** Negative for a credit or reversal on a statement. */
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    driverId: uuid().references(() => drivers.id, { onDelete: "set null" }),
    loadId: uuid().references(() => loads.id, { onDelete: "set null" }),
    notes: text().notNull().default(""),
    source: tollSourceEnum().notNull().default("manual"),
    /** The statement a row came from. */
    importFileName: text(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tolls_charge_unique")
      .on(t.transponder, t.occurredAt, t.amount)
      .where(sql`transponder <> ''`),
    index().on(t.occurredAt.desc(), t.id),
    index().on(t.vehicleId, t.occurredAt.desc()),
    index().on(t.driverId, t.occurredAt.desc()),
    index().on(t.loadId),
    index().on(t.amount),
    index().on(t.location),
    index("tolls_unassigned").on(t.occurredAt.desc()).where(sql`vehicle_id is null`),
  ],
);
