import { z } from "zod";

export { type InspectionOrigin, inspectionOriginSchema } from "./inspection-origin";

import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { moneySchema } from "../loads/loads.schema";
import { VEHICLE_STATUSES } from "./fleet.schema";
import { inspectionOriginSchema } from "./inspection-origin";
import { MAINTENANCE_ITEM_STATUSES, MAINTENANCE_SOURCES, SERVICE_TYPES } from "./maintenance.constants";
import { FLEET_EXPORT_FORMATS, optionalCount } from "./vehicles.schema";

export const ASSET_TYPES = ["vehicle", "trailer"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const MAINTENANCE_RECEIPT_MAX_BYTES = 15 * 1024 * 1024;

const optionalMoney = z
  .union([moneySchema, z.literal("")])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

const serviceDate = z.iso.date({ message: "Enter the date of the service." });
const odometer = optionalCount(5_000_000, "Enter the odometer in whole miles.");
export const DEFECT_NOTES_MESSAGE = "Describe what needs fixing.";

/** A line of the maintenance log: a completed service, or an open item (a defect to fix). */
export const maintenanceInputSchema = z
  .object({
    assetType: z.enum(ASSET_TYPES).default("vehicle"),
    vehicleId: z.uuid({ message: "Choose a vehicle." }).nullable().optional(),
    trailerId: z.uuid({ message: "Choose a trailer." }).nullable().optional(),
    serviceType: z.enum(SERVICE_TYPES, { message: "Choose a service type." }),
    status: z.enum(MAINTENANCE_ITEM_STATUSES).default("completed"),
    serviceDate,
    odometer,
    cost: optionalMoney,
    vendor: z.string().trim().max(120).default(""),
    notes: z.string().trim().max(2000).default(""),
    /** Open items on a vehicle: set the vehicle to "in maintenance" until the item is completed. Staff only. */
    takeOutOfService: z.boolean().default(false),
    /**
     * Editing an item an inspection opened: its defects are on record, so notes may stay empty.
     * The server checks the item really came from an inspection.
     */
    fromInspection: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.assetType === "vehicle" && !v.vehicleId)
      ctx.addIssue({ code: "custom", message: "Choose a vehicle.", path: ["vehicleId"] });
    if (v.assetType === "trailer" && !v.trailerId)
      ctx.addIssue({ code: "custom", message: "Choose a trailer.", path: ["trailerId"] });
    if (v.status === "open" && !v.notes && !v.fromInspection)
      ctx.addIssue({ code: "custom", message: DEFECT_NOTES_MESSAGE, path: ["notes"] });
  });
export type MaintenanceInput = z.input<typeof maintenanceInputSchema>;

/** Completing an open item records what was done. */
export const completeMaintenanceSchema = z.object({
  serviceDate,
  odometer,
  cost: optionalMoney,
  vendor: z.string().trim().max(120).default(""),
  notes: z.string().trim().max(2000).optional(),
});
export type CompleteMaintenanceInput = z.input<typeof completeMaintenanceSchema>;

export const MAINTENANCE_SORTS = [
  "serviceDate",
  "serviceType",
  "asset",
  "cost",
  "odometer",
  "status",
] as const;

export const maintenanceFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(MAINTENANCE_ITEM_STATUSES).optional(),
  serviceType: z.enum(SERVICE_TYPES).optional(),
  assetType: z.enum(ASSET_TYPES).optional(),
  source: z.enum(MAINTENANCE_SOURCES).optional(),
  vehicleId: z.uuid().optional(),
  trailerId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(MAINTENANCE_SORTS).default("serviceDate"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type MaintenanceFilter = z.infer<typeof maintenanceFilterSchema>;
export const maintenanceListQuerySchema = pageQuerySchema.extend(maintenanceFilterSchema.shape);
export const maintenanceExportQuerySchema = maintenanceFilterSchema.extend({
  format: z.enum(FLEET_EXPORT_FORMATS).default("csv"),
});

export const maintenanceItemSchema = z.object({
  id: z.string(),
  assetType: z.enum(ASSET_TYPES),
  vehicleId: z.string().nullable(),
  trailerId: z.string().nullable(),
  /** Unit number or trailer identifier. */
  assetLabel: z.string(),
  /** Make and model, or the trailer type. */
  assetDescription: z.string(),
  assetStatus: z.enum(VEHICLE_STATUSES),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(MAINTENANCE_ITEM_STATUSES),
  source: z.enum(MAINTENANCE_SOURCES),
  inspectionId: z.string().nullable(),
  /** Set when an inspection opened the item. */
  origin: inspectionOriginSchema.nullable(),
  serviceDate: z.string(),
  odometer: z.number().int().nullable(),
  cost: z.string().nullable(),
  vendor: z.string(),
  notes: z.string(),
  receipt: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  createdByName: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedByName: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the caller may edit, complete or attach a receipt (drivers: items they logged). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type MaintenanceItem = z.infer<typeof maintenanceItemSchema>;

export const maintenancePageSchema = pageSchema(maintenanceItemSchema).extend({
  /** The cost of every matching item, not only this page. */
  totalCost: z.string(),
  openCount: z.number().int(),
});
export type MaintenancePage = z.infer<typeof maintenancePageSchema>;

/** After a change: the item, and whether the vehicle's status moved with it. */
export const maintenanceResultSchema = z.object({
  item: maintenanceItemSchema,
  vehicleStatus: z.enum(VEHICLE_STATUSES).nullable(),
});
export type MaintenanceResult = z.infer<typeof maintenanceResultSchema>;

/** After a delete: whether the vehicle's status moved with it. */
export const maintenanceDeletedSchema = z.object({
  ok: z.literal(true),
  vehicleStatus: z.enum(VEHICLE_STATUSES).nullable(),
});
export type MaintenanceDeleted = z.infer<typeof maintenanceDeletedSchema>;

/** The assets a caller may log against (drivers: their own), for the form's picker. */
export const maintenanceAssetOptionSchema = z.object({
  assetType: z.enum(ASSET_TYPES),
  id: z.string(),
  label: z.string(),
  description: z.string(),
  mileage: z.number().int().nullable(),
  status: z.enum(VEHICLE_STATUSES),
});
export type MaintenanceAssetOption = z.infer<typeof maintenanceAssetOptionSchema>;
