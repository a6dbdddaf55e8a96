import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { TRAILER_TYPES, trailerInputSchema, VEHICLE_STATUSES } from "./fleet.schema";
import {
  FLEET_EXPORT_FORMATS,
  fleetDocumentSchema,
  maintenanceSummarySchema,
  modelYear,
  optionalDate,
  vinSchema,
} from "./vehicles.schema";

/** How far ahead a trailer's next inspection is flagged (same window as expiring documents). */
export const TRAILER_INSPECTION_WARNING_DAYS = 30;

const trailerFields = {
  ...trailerInputSchema.shape,
  type: z.enum(TRAILER_TYPES, { message: "Choose a type." }).default("dry_van"),
  vin: vinSchema,
  plateNumber: z.string().trim().max(20).default(""),
  plateState: z.string().trim().max(40).default(""),
  year: modelYear,
  lastInspectionOn: optionalDate,
  nextInspectionOn: optionalDate,
  status: z.enum(VEHICLE_STATUSES).default("active"),
  notes: z.string().trim().max(2000).default(""),
};

export const trailerFormSchema = z
  .object(trailerFields)
  .refine((t) => !t.lastInspectionOn || !t.nextInspectionOn || t.nextInspectionOn >= t.lastInspectionOn, {
    message: "The next inspection cannot be before the last one.",
    path: ["nextInspectionOn"],
  });
export type TrailerFormInput = z.input<typeof trailerFormSchema>;

export const TRAILER_SORTS = [
  "identifier",
  "type",
  "size",
  "lastInspectionOn",
  "nextInspectionOn",
  "status",
  "driver",
] as const;

export const trailerFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  type: z.enum(TRAILER_TYPES).optional(),
  status: z.enum(VEHICLE_STATUSES).optional(),
  /** `due`: the next inspection is past, today or within the warning window. */
  inspection: z.enum(["due"]).optional(),
  assigned: z.enum(["yes", "no"]).optional(),
  sort: z.enum(TRAILER_SORTS).default("identifier"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export type TrailerFilter = z.infer<typeof trailerFilterSchema>;
export const trailerListQuerySchema = pageQuerySchema.extend(trailerFilterSchema.shape);
export const trailerExportQuerySchema = trailerFilterSchema.extend({
  format: z.enum(FLEET_EXPORT_FORMATS).default("csv"),
});

export const trailerListItemSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  type: z.enum(TRAILER_TYPES),
  size: z.string(),
  vin: z.string().nullable(),
  plateNumber: z.string(),
  plateState: z.string(),
  year: z.number().int().nullable(),
  lastInspectionOn: z.string().nullable(),
  nextInspectionOn: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  openItems: z.number().int(),
  assignedDriverId: z.string().nullable(),
  assignedDriverName: z.string().nullable(),
});
export type TrailerListItem = z.infer<typeof trailerListItemSchema>;
export const trailerPageSchema = pageSchema(trailerListItemSchema).extend({ today: z.string() });
export type TrailerPage = z.infer<typeof trailerPageSchema>;

export const trailerDetailSchema = trailerListItemSchema.extend({
  notes: z.string(),
  assignedSince: z.string().nullable(),
  documents: z.array(fleetDocumentSchema),
  recentMaintenance: z.array(maintenanceSummarySchema),
  today: z.string(),
  canEdit: z.boolean(),
  canLogMaintenance: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrailerDetail = z.infer<typeof trailerDetailSchema>;
