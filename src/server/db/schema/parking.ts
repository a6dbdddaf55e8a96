import { PARKING_PAYMENT_METHODS } from "@shared/parking/parking.schema";
import { sql } from "drizzle-orm";
import { check, date, index, numeric, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";
import { vehicles } from "./fleet";
import { files } from "./platform";

export const parkingPaymentMethodEnum = pgEnum("parking_payment_method", PARKING_PAYMENT_METHODS);

/** Money spent on parking (spec section 3, Parking expense): where or with whom, and how it was paid. */
export const parkingExpenses = pgTable(
  "parking_expenses",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The lot, truck stop or company paid. */
    location: text().notNull(),
    paymentMethod: parkingPaymentMethodEnum().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    date: date({ mode: "string" }).notNull(),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    driverId: uuid().references(() => drivers.id, { onDelete: "set null" }),
    notes: text().notNull().default(""),
    receiptFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("parking_expenses_positive", sql`amount > 0`),
    index().on(t.date.desc(), t.id),
    index().on(t.vehicleId, t.date.desc()),
    index().on(t.driverId, t.date.desc()),
    index().on(t.paymentMethod),
    index().on(t.amount),
    index().on(t.location),
  ],
);

/**
 * A reserved spot for a vehicle over a time range (spec section 3, Parking reservation). One
 * vehicle's reservations never overlap: the service checks, and an exclusion constraint
 * (`parking_reservations_no_overlap`, migration 0006_parking_overlap, btree_gist) makes it certain.
 * Ranges are half-open, so one may end exactly when the next begins.
 */
export const parkingReservations = pgTable(
  "parking_reservations",
  {
    id: uuid().primaryKey().defaultRandom(),
    location: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    cost: numeric({ precision: 12, scale: 2 }).notNull(),
    notes: text().notNull().default(""),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    driverId: uuid().references(() => drivers.id, { onDelete: "set null" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("parking_reservations_end_after_start", sql`ends_at > starts_at`),
    check("parking_reservations_cost", sql`cost >= 0`),
    index().on(t.startsAt),
    index().on(t.endsAt),
    index().on(t.vehicleId, t.startsAt),
    index().on(t.cost),
  ],
);
