import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { VEHICLE_STATUSES } from "../../../shared/fleet/fleet.schema";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";

export const vehicleStatusEnum = pgEnum("vehicle_status", VEHICLE_STATUSES);

/** A power unit. Dispatch needs the basics; the fleet module completes the record. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: uuid().primaryKey().defaultRandom(),
    unitNumber: text().notNull().unique(),
    plateNumber: text().notNull().default(""),
    plateState: text().notNull().default(""),
    make: text().notNull().default(""),
    model: text().notNull().default(""),
    year: integer(),
    vin: text(),
    status: vehicleStatusEnum().notNull().default("active"),
    ...timestamps,
  },
  (t) => [index().on(t.status)],
);

/** A trailer or container. */
export const trailers = pgTable("trailers", {
  id: uuid().primaryKey().defaultRandom(),
  identifier: text().notNull().unique(),
  type: text().notNull().default("dry_van"),
  size: text().notNull().default(""),
  vin: text(),
  ...timestamps,
});

/** Who drives what, over time. One open assignment per driver, per vehicle and per trailer. */
export const assetAssignments = pgTable(
  "asset_assignments",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    trailerId: uuid().references(() => trailers.id, { onDelete: "set null" }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    notes: text().notNull().default(""),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("asset_assignments_open_driver").on(t.driverId).where(sql`ended_at is null`),
    uniqueIndex("asset_assignments_open_vehicle")
      .on(t.vehicleId)
      .where(sql`ended_at is null and vehicle_id is not null`),
    uniqueIndex("asset_assignments_open_trailer")
      .on(t.trailerId)
      .where(sql`ended_at is null and trailer_id is not null`),
    index().on(t.driverId, t.startedAt.desc()),
  ],
);
