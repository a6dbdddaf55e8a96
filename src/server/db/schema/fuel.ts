import { FUEL_ENTRY_TYPES } from "@shared/fuel/fuel.schema";
import type { GeoPrecision, GeoSource } from "@shared/geo/geo.constants";
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { syncTimes, timestamps } from "./columns";
import { drivers } from "./drivers";
import { vehicles } from "./fleet";
import { files } from "./platform";

export const fuelEntryTypeEnum = pgEnum("fuel_entry_type", FUEL_ENTRY_TYPES);

/**
 * A fuel purchase a driver logs on the road (spec section 3, Fuel entry). The state or province is
 * kept for fuel-tax reporting. The vehicle and receipt are required by the API; the columns allow
 * null so deleting a vehicle or file never deletes fuel history (and older imported history can
 * lack a receipt).
 */
export const fuelEntries = pgTable(
  "fuel_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    fueledAt: timestamp({ withTimezone: true }).notNull(),
    location: text().notNull(),
    /** Postal code of the US state or Canadian province (shared/fuel/jurisdictions.ts). */
    state: text().notNull(),
    /** Miles. */
    odometer: integer().notNull(),
    fuelType: fuelEntryTypeEnum().notNull(),
    gallons: numeric({ precision: 10, scale: 3 }).notNull(),
    pricePerGallon: numeric({ precision: 8, scale: 3 }).notNull(),
    totalAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    /** Where the fuel was bought: the phone's fix when the driver shares location, else the gazetteer. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    geoPrecision: text().$type<GeoPrecision>(),
    geoSource: text().$type<GeoSource>(),
    receiptFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...syncTimes,
    ...timestamps,
  },
  (t) => [
    check("fuel_entries_positive", sql`gallons > 0 and price_per_gallon > 0 and total_amount > 0`),
    index().on(t.fueledAt.desc(), t.id),
    index().on(t.driverId, t.fueledAt.desc()),
    index().on(t.vehicleId, t.fueledAt.desc()),
    index().on(t.state, t.fueledAt.desc()),
    index().on(t.fuelType),
    index().on(t.totalAmount),
  ],
);
