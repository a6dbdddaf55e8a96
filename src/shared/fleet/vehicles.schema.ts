import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { FUEL_TYPES, VEHICLE_STATUSES, vehicleInputSchema } from "./fleet.schema";
import { inspectionOriginSchema } from "./inspection-origin";
import { MAINTENANCE_STATUSES, SERVICE_TYPES } from "./maintenance.constants";

// ---- Field rules shared by vehicles, trailers and the maintenance log

/** VINs since 1981: 17 characters, digits and capital letters except I, O and Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const VIN_LENGTH_MESSAGE = "A VIN has exactly 17 characters.";
export const VIN_CHARS_MESSAGE = "A VIN uses only digits and letters other than I, O and Q.";

/** A VIN, upper-cased; an empty value means none. */
export const vinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || v.length === 17, { message: VIN_LENGTH_MESSAGE })
  .refine((v) => v === "" || VIN_PATTERN.test(v), { message: VIN_CHARS_MESSAGE })
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const TRANSLITERATION: Record<string, number> = Object.fromEntries(
  [..."ABCDEFGHJKLMNPRSTUVWXYZ"].map((ch, i) => [
    ch,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i],
  ]),
);
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Whether the 9th character matches the North American check digit. Only a hint in the form:
 * imported and older units do not always follow it, so it never blocks a save.
 */
export function vinCheckDigitMatches(vin: string): boolean {
  if (!VIN_PATTERN.test(vin)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i];
    const value = /\d/.test(ch) ? Number(ch) : TRANSLITERATION[ch];
    sum += value * WEIGHTS[i];
  }
  const check = sum % 11;
  return vin[8] === (check === 10 ? "X" : String(check));
}

/** A calendar date (YYYY-MM-DD) or nothing; the form sends "" for an empty date. */
export const optionalDate = z
  .union([z.iso.date({ message: "Enter a valid date." }), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** A whole number of miles or days from a form field (which may be empty). */
export const optionalCount = (max: number, message = "Enter a whole number, zero or more.") =>
  z
    .union([z.literal(""), z.coerce.number({ message }).int({ message }).min(0, { message }).max(max)])
    .nullable()
    .optional()
    .transform((v) => (v === "" || v === undefined || v === null ? null : v));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const YEAR_MESSAGE = "Enter a model year between 1980 and 2100.";
/** A model year from a form field (which may be empty). */
export const modelYear = z
  .union([
    z.literal(""),
    z.coerce
      .number({ message: YEAR_MESSAGE })
      .int({ message: YEAR_MESSAGE })
      .min(1980, { message: YEAR_MESSAGE })
      .max(2100, { message: YEAR_MESSAGE }),
  ])
  .nullable()
  .optional()
  .transform((v) => (v === "" || v === undefined || v === null ? null : v));

// ---- Schedules

export const scheduleInputSchema = z
  .object({
    serviceType: z.enum(SERVICE_TYPES, { message: "Choose a service type." }),
    intervalMiles: optionalCount(1_000_000),
    intervalDays: optionalCount(3650),
    /** Where counting starts; empty: today and the current odometer. */
    lastServiceDate: optionalDate,
    lastServiceOdometer: optionalCount(5_000_000),
  })
  .refine((s) => (s.intervalMiles ?? 0) > 0 || (s.intervalDays ?? 0) > 0, {
    message: "Give an interval in miles, in days, or both.",
    path: ["intervalMiles"],
  });
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

export const schedulesInputSchema = z.object({
  schedules: z
    .array(scheduleInputSchema)
    .max(20)
    .refine((list) => new Set(list.map((s) => s.serviceType)).size === list.length, {
      message: "Each service type can have one schedule.",
    }),
});
export type SchedulesInput = z.input<typeof schedulesInputSchema>;

export const scheduleSchema = z.object({
  id: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  intervalMiles: z.number().int().nullable(),
  intervalDays: z.number().int().nullable(),
  /** The later of the schedule's start and the last completed service of this type. */
  lastServiceDate: z.string().nullable(),
  lastServiceOdometer: z.number().int().nullable(),
  /** The schedule's own starting point, as typed. */
  startDate: z.string().nullable(),
  startOdometer: z.number().int().nullable(),
  status: z.enum(MAINTENANCE_STATUSES),
  dueDate: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  dueOdometer: z.number().int().nullable(),
  milesLeft: z.number().int().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

// ---- Vehicles

const vehicleFields = {
  ...vehicleInputSchema.shape,
  plateExpiresOn: optionalDate,
  vin: vinSchema,
  fuelType: z.enum(FUEL_TYPES, { message: "Choose a fuel type." }).default("diesel"),
  insuranceExpiresOn: optionalDate,
  lastTireChangeOn: optionalDate,
  year: modelYear,
  /** Odometer in miles; empty keeps the current reading (0 for a new vehicle). */
  mileage: optionalCount(5_000_000, "Enter the odometer in whole miles."),
  transponder: optionalText(40),
  /** The truck's id at the ELD/GPS provider (Samsara, Motive): its positions come from that unit. */
  telematicsId: optionalText(64),
  status: z.enum(VEHICLE_STATUSES).default("active"),
  notes: z.string().trim().max(2000).default(""),
};

/** Create: the vehicle and, optionally, its maintenance schedules. */
export const createVehicleSchema = z.object({
  ...vehicleFields,
  schedules: schedulesInputSchema.shape.schedules.optional(),
});
export type CreateVehicleInput = z.input<typeof createVehicleSchema>;
export const updateVehicleSchema = z.object(vehicleFields);
export type UpdateVehicleInput = z.input<typeof updateVehicleSchema>;

export const VEHICLE_SORTS = [
  "unitNumber",
  "plateNumber",
  "make",
  "year",
  "mileage",
  "plateExpiresOn",
  "insuranceExpiresOn",
  "maintenanceStatus",
  "status",
  "driver",
] as const;

/** `attention`: plate or insurance expired or expiring within the warning window. */
export const VEHICLE_ALERTS = ["attention"] as const;

export const vehicleFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(VEHICLE_STATUSES).optional(),
  maintenanceStatus: z.enum(MAINTENANCE_STATUSES).optional(),
  fuelType: z.enum(FUEL_TYPES).optional(),
  alert: z.enum(VEHICLE_ALERTS).optional(),
  assigned: z.enum(["yes", "no"]).optional(),
  sort: z.enum(VEHICLE_SORTS).default("unitNumber"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});
export type VehicleFilter = z.infer<typeof vehicleFilterSchema>;
export const vehicleListQuerySchema = pageQuerySchema.extend(vehicleFilterSchema.shape);
export const FLEET_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const FLEET_EXPORT_MAX_ROWS = 20_000;
export const vehicleExportQuerySchema = vehicleFilterSchema.extend({
  format: z.enum(FLEET_EXPORT_FORMATS).default("csv"),
});

export const vehicleListItemSchema = z.object({
  id: z.string(),
  unitNumber: z.string(),
  plateNumber: z.string(),
  plateState: z.string(),
  plateExpiresOn: z.string().nullable(),
  make: z.string(),
  model: z.string(),
  year: z.number().int().nullable(),
  vin: z.string().nullable(),
  fuelType: z.enum(FUEL_TYPES),
  insuranceExpiresOn: z.string().nullable(),
  lastTireChangeOn: z.string().nullable(),
  mileage: z.number().int(),
  transponder: z.string().nullable(),
  telematicsId: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  maintenanceStatus: z.enum(MAINTENANCE_STATUSES),
  openItems: z.number().int(),
  assignedDriverId: z.string().nullable(),
  assignedDriverName: z.string().nullable(),
});
export type VehicleListItem = z.infer<typeof vehicleListItemSchema>;

/** `today` is the server's date, so expiry and due warnings agree with filters. */
export const vehiclePageSchema = pageSchema(vehicleListItemSchema).extend({ today: z.string() });
export type VehiclePage = z.infer<typeof vehiclePageSchema>;

export const fleetDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  expiresOn: z.string().nullable(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type FleetDocument = z.infer<typeof fleetDocumentSchema>;

export const FLEET_DOCUMENT_MAX_BYTES = 15 * 1024 * 1024;
export const FLEET_DOCUMENT_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
] as const;

export const documentMetaSchema = z.object({
  name: z.string().trim().min(1, { message: "Give the document a name." }).max(120),
  expiresOn: optionalDate,
});

/** The few latest items of an asset's maintenance log, on its detail page. */
export const maintenanceSummarySchema = z.object({
  id: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(["open", "completed"]),
  serviceDate: z.string(),
  odometer: z.number().int().nullable(),
  cost: z.string().nullable(),
  vendor: z.string(),
  notes: z.string(),
  /** Set when an inspection opened the item. */
  origin: inspectionOriginSchema.nullable(),
});
export type MaintenanceSummary = z.infer<typeof maintenanceSummarySchema>;

export const vehicleDetailSchema = vehicleListItemSchema.extend({
  notes: z.string(),
  assignedSince: z.string().nullable(),
  schedules: z.array(scheduleSchema),
  documents: z.array(fleetDocumentSchema),
  recentMaintenance: z.array(maintenanceSummarySchema),
  today: z.string(),
  /** What the caller may do here (drivers: log maintenance only). */
  canEdit: z.boolean(),
  canLogMaintenance: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;
