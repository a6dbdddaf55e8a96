import { z } from "zod";

/** Vehicle status (spec section 4). */
export const VEHICLE_STATUSES = ["active", "in_maintenance", "inactive"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** Vehicle fuel types (spec section 9). */
export const FUEL_TYPES = ["diesel", "gasoline", "electric", "hybrid"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const TRAILER_TYPES = [
  "dry_van",
  "reefer",
  "flatbed",
  "step_deck",
  "tanker",
  "container",
  "other",
] as const;
export type TrailerType = (typeof TRAILER_TYPES)[number];

export const vehicleInputSchema = z.object({
  unitNumber: z.string().trim().min(1, { message: "Unit number is required." }).max(40),
  plateNumber: z.string().trim().max(20).default(""),
  plateState: z.string().trim().max(40).default(""),
  make: z.string().trim().max(60).default(""),
  model: z.string().trim().max(60).default(""),
  year: z.coerce.number().int().min(1980).max(2100).nullable().optional(),
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;

export const trailerInputSchema = z.object({
  identifier: z.string().trim().min(1, { message: "Identifier is required." }).max(40),
  type: z.enum(TRAILER_TYPES).default("dry_van"),
  size: z.string().trim().max(40).default(""),
});
export type TrailerInput = z.input<typeof trailerInputSchema>;

export const vehicleOptionSchema = z.object({
  id: z.string(),
  unitNumber: z.string(),
  plateNumber: z.string(),
  make: z.string(),
  model: z.string(),
  status: z.enum(VEHICLE_STATUSES),
  assignedDriverId: z.string().nullable(),
  assignedDriverName: z.string().nullable(),
});
export type VehicleOption = z.infer<typeof vehicleOptionSchema>;
export const trailerOptionSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  type: z.enum(TRAILER_TYPES),
  size: z.string(),
  assignedDriverId: z.string().nullable(),
  assignedDriverName: z.string().nullable(),
});
export type TrailerOption = z.infer<typeof trailerOptionSchema>;

/** Picker lists: `?q=` narrows by unit number, plate, make or model (vehicles) or identifier (trailers). */
export const assetOptionsQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
