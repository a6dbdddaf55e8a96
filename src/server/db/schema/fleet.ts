import { FUEL_TYPES, VEHICLE_STATUSES } from "@shared/fleet/fleet.schema";
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";
import { files } from "./platform";

export const vehicleStatusEnum = pgEnum("vehicle_status", VEHICLE_STATUSES);
export const vehicleFuelTypeEnum = pgEnum("vehicle_fuel_type", FUEL_TYPES);

/** A power unit (spec section 3, Vehicle). Maintenance status is computed from its schedules. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: uuid().primaryKey().defaultRandom(),
    unitNumber: text().notNull().unique(),
    plateNumber: text().notNull().default(""),
    plateState: text().notNull().default(""),
    plateExpiresOn: date({ mode: "string" }),
    make: text().notNull().default(""),
    model: text().notNull().default(""),
    year: integer(),
    vin: text(),
    fuelType: vehicleFuelTypeEnum().notNull().default("diesel"),
    insuranceExpiresOn: date({ mode: "string" }),
    lastTireChangeOn: date({ mode: "string" }),
    /** Odometer in miles; moves forward with maintenance (and fuel) entries. */
    mileage: integer().notNull().default(0),
    /** Toll transponder id; toll imports match rows to vehicles by it. */
    transponder: text(),
    /** The vehicle's id at the ELD/GPS provider (Samsara, Motive); else matched by unit number. */
    telematicsId: text(),
    notes: text().notNull().default(""),
    status: vehicleStatusEnum().notNull().default("active"),
    ...timestamps,
  },
  (t) => [
    index().on(t.status),
    index().on(t.plateExpiresOn),
    index().on(t.insuranceExpiresOn),
    index().on(t.mileage),
    index().on(t.make, t.model),
    uniqueIndex("vehicles_vin_unique").on(sql`upper(${t.vin})`).where(sql`vin is not null`),
    uniqueIndex("vehicles_telematics_id_unique").on(t.telematicsId).where(sql`telematics_id is not null`),
    uniqueIndex("vehicles_transponder_unique")
      .on(sql`upper(${t.transponder})`)
      .where(sql`transponder is not null`),
  ],
);

/** A trailer or container (spec section 3). */
export const trailers = pgTable(
  "trailers",
  {
    id: uuid().primaryKey().defaultRandom(),
    identifier: text().notNull().unique(),
    type: text().notNull().default("dry_van"),
    size: text().notNull().default(""),
    vin: text(),
    plateNumber: text().notNull().default(""),
    plateState: text().notNull().default(""),
    year: integer(),
    lastInspectionOn: date({ mode: "string" }),
    nextInspectionOn: date({ mode: "string" }),
    notes: text().notNull().default(""),
    status: vehicleStatusEnum().notNull().default("active"),
    ...timestamps,
  },
  (t) => [
    index().on(t.type),
    index().on(t.status),
    index().on(t.nextInspectionOn),
    uniqueIndex("trailers_vin_unique").on(sql`upper(${t.vin})`).where(sql`vin is not null`),
  ],
);

/** Documents of a vehicle or a trailer (registration, insurance card, lease, ...): one asset each. */
export const fleetDocuments = pgTable(
  "fleet_documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "cascade" }),
    trailerId: uuid().references(() => trailers.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    name: text().notNull(),
    expiresOn: date({ mode: "string" }),
    uploadedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("fleet_documents_one_asset", sql`num_nonnulls(vehicle_id, trailer_id) = 1`),
    index().on(t.vehicleId),
    index().on(t.trailerId),
  ],
);

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
