import { z } from "zod";
import { pageQuerySchema } from "../api/api.schema";
import { TRAILER_TYPES } from "../fleet/fleet.schema";

/** Assign a vehicle and/or a trailer to a driver; the driver's open assignment is closed first. */
export const assignAssetsSchema = z
  .object({
    driverId: z.uuid({ message: "Choose a driver." }),
    vehicleId: z.uuid().nullable().optional(),
    trailerId: z.uuid().nullable().optional(),
    notes: z.string().trim().max(500).default(""),
  })
  .refine((v) => v.vehicleId || v.trailerId, {
    message: "Choose a vehicle or a trailer.",
    path: ["vehicleId"],
  });
export type AssignAssetsInput = z.input<typeof assignAssetsSchema>;

export const assignmentSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  vehicleId: z.string().nullable(),
  /** The unit number. */
  vehicleLabel: z.string().nullable(),
  /** Make, model and plate, for a second line. */
  vehicleDescription: z.string().nullable(),
  trailerId: z.string().nullable(),
  /** The identifier. */
  trailerLabel: z.string().nullable(),
  trailerType: z.enum(TRAILER_TYPES).nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  notes: z.string(),
  createdByName: z.string().nullable(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const ASSIGNMENT_STATES = ["current", "past", "all"] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

export const assignmentFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  state: z.enum(ASSIGNMENT_STATES).default("current"),
  driverId: z.uuid().optional(),
});
export const assignmentListQuerySchema = pageQuerySchema.extend(assignmentFilterSchema.shape);
