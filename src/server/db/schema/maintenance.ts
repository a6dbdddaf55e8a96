import { MAINTENANCE_ITEM_STATUSES, MAINTENANCE_SOURCES } from "@shared/fleet/maintenance.constants";
import type { InspectionOrigin } from "@shared/fleet/maintenance.schema";
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { trailers, vehicles } from "./fleet";
import { files } from "./platform";

export const maintenanceItemStatusEnum = pgEnum("maintenance_item_status", MAINTENANCE_ITEM_STATUSES);
export const maintenanceSourceEnum = pgEnum("maintenance_source", MAINTENANCE_SOURCES);

/**
 * The maintenance log. An open item is a defect to fix (typed by staff or a driver, or opened by a
 * failed inspection); completing it records the service date, odometer, cost and vendor. A
 * completed item of a scheduled service type moves that schedule's last service forward.
 * Exactly one of vehicle and trailer.
 */
export const maintenanceRecords = pgTable(
  "maintenance_records",
  {
    id: uuid().primaryKey().defaultRandom(),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "cascade" }),
    trailerId: uuid().references(() => trailers.id, { onDelete: "cascade" }),
    serviceType: text().notNull(),
    status: maintenanceItemStatusEnum().notNull().default("open"),
    source: maintenanceSourceEnum().notNull().default("manual"),
    /** The failed inspection that opened this item; no foreign key (inspections own their table). */
    inspectionId: uuid(),
    /** What the inspection found, as data (source `inspection`); the UI words it (decision 017). */
    sourceData: jsonb().$type<InspectionOrigin>(),
    /** The day of the service (completed) or the day the defect was reported (open). */
    serviceDate: date({ mode: "string" }).notNull().default(sql`current_date`),
    odometer: integer(),
    cost: numeric({ precision: 12, scale: 2 }),
    vendor: text().notNull().default(""),
    notes: text().notNull().default(""),
    receiptFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    completedAt: timestamp({ withTimezone: true }),
    completedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("maintenance_records_one_asset", sql`num_nonnulls(vehicle_id, trailer_id) = 1`),
    index().on(t.serviceDate.desc(), t.id),
    index().on(t.vehicleId, t.serviceType, t.serviceDate.desc()),
    index().on(t.trailerId, t.serviceDate.desc()),
    index().on(t.status, t.serviceDate.desc()),
    index().on(t.serviceType, t.serviceDate.desc()),
    index().on(t.cost.desc(), t.id),
    index().on(t.inspectionId),
  ],
);

/**
 * A vehicle's service schedule: every N miles and/or every N days for one service type, counted from
 * the last service (date and odometer). Maintenance status good / due / overdue is computed from these.
 */
export const maintenanceSchedules = pgTable(
  "maintenance_schedules",
  {
    id: uuid().primaryKey().defaultRandom(),
    vehicleId: uuid()
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    serviceType: text().notNull(),
    intervalMiles: integer(),
    intervalDays: integer(),
    lastServiceDate: date({ mode: "string" }),
    lastServiceOdometer: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex().on(t.vehicleId, t.serviceType),
    check("maintenance_schedules_interval", sql`num_nonnulls(interval_miles, interval_days) >= 1`),
  ],
);
