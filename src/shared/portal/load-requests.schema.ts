import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { EQUIPMENT_TYPES, type EquipmentType, LOAD_STATUSES, moneySchema } from "../loads/loads.schema";

/**
 * A customer's request for a load, made in the customer portal and reviewed by dispatch: accepting
 * it creates a pending load prefilled from the request; declining it tells the customer why.
 */
export const LOAD_REQUEST_STATUSES = ["pending", "accepted", "declined"] as const;
export type LoadRequestStatus = (typeof LOAD_REQUEST_STATUSES)[number];

/** The equipment a shipment needs (the loads' list: trailer types and power only). */
export { EQUIPMENT_TYPES, type EquipmentType };

export const PICKUP_IN_PAST_MESSAGE = "Choose a pickup time in the future.";
export const DELIVERY_BEFORE_PICKUP_MESSAGE = "Delivery must be after pickup.";
export const REQUEST_ALREADY_REVIEWED_MESSAGE = "This request has already been reviewed.";

const required = (message: string, max: number) => z.string().trim().min(1, { message }).max(max);

export const requestStopInputSchema = z.object({
  locationName: required("Location name is required.", 160),
  address: required("Street address is required.", 200),
  city: required("City is required.", 100),
  state: z.string().trim().min(2, { message: "State is required." }).max(40),
  postalCode: z.string().trim().max(20).default(""),
  /** The earliest pickup, or the delivery appointment. */
  at: z.iso.datetime({ offset: true, message: "Date and time are required." }),
  contactName: required("Contact name is required.", 120),
  contactPhone: required("Contact phone is required.", 40),
});
export type RequestStopInput = z.input<typeof requestStopInputSchema>;

export const createLoadRequestSchema = z
  .object({
    pickup: requestStopInputSchema,
    delivery: requestStopInputSchema,
    commodity: required("Describe the freight.", 500),
    weightLbs: z
      .union([
        z.coerce.number().min(0, { message: "Must be zero or more." }).max(200_000),
        z.literal(""),
        z.null(),
      ])
      .optional()
      .transform((v) => (v === "" || v === undefined || v === null ? null : v)),
    equipmentType: z.enum(EQUIPMENT_TYPES, { message: "Choose the equipment." }),
    notes: z.string().trim().max(2000).default(""),
  })
  .refine((v) => new Date(v.delivery.at).getTime() > new Date(v.pickup.at).getTime(), {
    path: ["delivery", "at"],
    message: DELIVERY_BEFORE_PICKUP_MESSAGE,
  });
export type CreateLoadRequestInput = z.input<typeof createLoadRequestSchema>;
export type CreateLoadRequestValues = z.output<typeof createLoadRequestSchema>;

export const requestStopSchema = z.object({
  locationName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  at: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
});

/** A request as its customer sees it: no rates, no internal notes. */
export const loadRequestSchema = z.object({
  id: z.string(),
  requestNumber: z.string(),
  status: z.enum(LOAD_REQUEST_STATUSES),
  pickup: requestStopSchema,
  delivery: requestStopSchema,
  commodity: z.string(),
  weightLbs: z.number().nullable(),
  equipmentType: z.enum(EQUIPMENT_TYPES),
  notes: z.string(),
  declineReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The load created when the request was accepted. */
  load: z.object({ id: z.string(), loadNumber: z.string(), status: z.enum(LOAD_STATUSES) }).nullable(),
  createdAt: z.string(),
});
export type LoadRequest = z.infer<typeof loadRequestSchema>;

/** The same request as dispatch sees it: who asked, who reviewed. */
export const staffLoadRequestSchema = loadRequestSchema.extend({
  customerId: z.string(),
  customerName: z.string(),
  requestedByName: z.string().nullable(),
  reviewedByName: z.string().nullable(),
});
export type StaffLoadRequest = z.infer<typeof staffLoadRequestSchema>;

export const LOAD_REQUEST_SORTS = ["createdAt", "pickupAt", "requestNumber", "status"] as const;
export type LoadRequestSort = (typeof LOAD_REQUEST_SORTS)[number];

export const loadRequestFilterSchema = z.object({
  /** Request number, customer, or pickup/delivery city. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(LOAD_REQUEST_STATUSES).optional(),
  customerId: z.uuid().optional(),
  sort: z.enum(LOAD_REQUEST_SORTS).default("createdAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type LoadRequestFilter = z.infer<typeof loadRequestFilterSchema>;
export const loadRequestListQuerySchema = pageQuerySchema.extend(loadRequestFilterSchema.shape);
export type LoadRequestListQuery = z.infer<typeof loadRequestListQuerySchema>;
export const loadRequestExportQuerySchema = loadRequestFilterSchema.extend({
  format: z.enum(["csv", "xlsx"]).default("csv"),
});
export type LoadRequestExportQuery = z.infer<typeof loadRequestExportQuerySchema>;

export const staffLoadRequestPageSchema = pageSchema(staffLoadRequestSchema);
export type StaffLoadRequestPage = z.infer<typeof staffLoadRequestPageSchema>;

/** The customer's own requests. */
export const myLoadRequestQuerySchema = pageQuerySchema.extend({
  status: z.enum(LOAD_REQUEST_STATUSES).optional(),
});
export type MyLoadRequestQuery = z.infer<typeof myLoadRequestQuerySchema>;
export const loadRequestPageSchema = pageSchema(loadRequestSchema);
export type LoadRequestPage = z.infer<typeof loadRequestPageSchema>;

/** Dispatch prices the load while accepting; stops, freight and customer come from the request. */
export const acceptLoadRequestSchema = z.object({
  baseRate: moneySchema,
  customerRate: z
    .union([moneySchema, z.literal("")])
    .optional()
    .transform((v) => (v ? v : null)),
  loadedMiles: z
    .union([z.coerce.number().min(0, { message: "Must be zero or more." }).max(20_000), z.literal("")])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
  postedToBoard: z.boolean().default(false),
});
export type AcceptLoadRequestInput = z.input<typeof acceptLoadRequestSchema>;

export const declineLoadRequestSchema = z.object({
  reason: z.string().trim().min(1, { message: "Tell the customer why." }).max(500),
});
export type DeclineLoadRequestInput = z.input<typeof declineLoadRequestSchema>;

export const acceptedLoadRequestSchema = z.object({
  request: staffLoadRequestSchema,
  loadId: z.string(),
  loadNumber: z.string(),
});
export type AcceptedLoadRequest = z.infer<typeof acceptedLoadRequestSchema>;
