import {
  type ChecklistEntry,
  INSPECTION_ASSET_TYPES,
  INSPECTION_STATUSES,
  INSPECTION_TYPES,
} from "@shared/inspections/inspections.schema";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { syncTimes, timestamps } from "./columns";
import { drivers } from "./drivers";
import { trailers, vehicles } from "./fleet";
import { files } from "./platform";

export const inspectionAssetTypeEnum = pgEnum("inspection_asset_type", INSPECTION_ASSET_TYPES);
export const inspectionTypeEnum = pgEnum("inspection_type", INSPECTION_TYPES);
export const inspectionStatusEnum = pgEnum("inspection_status", INSPECTION_STATUSES);

/**
 * An inspection of one vehicle or one trailer (a driver's DVIR, an annual inspection, …). The
 * checklist is fixed per asset type, so it is kept whole with the record; the record is not edited
 * once filed (photos may be added).
 */
export const inspections = pgTable(
  "inspections",
  {
    id: uuid().primaryKey().defaultRandom(),
    assetType: inspectionAssetTypeEnum().notNull(),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "cascade" }),
    trailerId: uuid().references(() => trailers.id, { onDelete: "cascade" }),
    type: inspectionTypeEnum().notNull(),
    overallStatus: inspectionStatusEnum().notNull(),
    inspectedAt: timestamp({ withTimezone: true }).notNull(),
    /** Who inspected, as written on the report (the driver's name for a driver's DVIR). */
    inspectorName: text().notNull(),
    /** The driver whose inspection this is; a driver sees only these. */
    driverId: uuid().references(() => drivers.id, { onDelete: "set null" }),
    odometer: integer(),
    location: text().notNull().default(""),
    checklist: jsonb().$type<ChecklistEntry[]>().notNull(),
    /** How many checklist items failed, kept for lists and exports. */
    failedItems: integer().notNull().default(0),
    comments: text().notNull().default(""),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...syncTimes,
    ...timestamps,
  },
  (t) => [
    check(
      "inspections_one_asset",
      sql`(asset_type = 'vehicle' and vehicle_id is not null and trailer_id is null) or (asset_type = 'trailer' and trailer_id is not null and vehicle_id is null)`,
    ),
    index().on(t.inspectedAt.desc(), t.id),
    index().on(t.driverId, t.inspectedAt.desc()),
    index().on(t.vehicleId, t.inspectedAt.desc()),
    index().on(t.trailerId, t.inspectedAt.desc()),
    index().on(t.overallStatus, t.inspectedAt.desc()),
    index().on(t.type, t.inspectedAt.desc()),
    index().on(t.assetType, t.inspectedAt.desc()),
  ],
);

/** Photos of an inspection (stored through the storage service). */
export const inspectionImages = pgTable(
  "inspection_images",
  {
    id: uuid().primaryKey().defaultRandom(),
    inspectionId: uuid()
      .notNull()
      .references(() => inspections.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.inspectionId, t.createdAt)],
);
