import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { geoPlaceFieldsSchema } from "../geo/geo.schema";

/**
 * The address book of shippers and receivers (decision 034): a stop is picked from it while typing
 * and can be saved into it. `customerId` names the customer it usually ships for, whose loads list it
 * first.
 */
export const locationInputSchema = z.object({
  name: z.string().trim().min(1, { message: "Location name is required." }).max(160),
  address: z.string().trim().min(1, { message: "Street address is required." }).max(200),
  city: z.string().trim().min(1, { message: "City is required." }).max(100),
  state: z.string().trim().min(2, { message: "State is required." }).max(40),
  postalCode: z.string().trim().max(20).default(""),
  contactName: z.string().trim().max(120).default(""),
  contactPhone: z.string().trim().max(40).default(""),
  hours: z.string().trim().max(200).default(""),
  notes: z.string().trim().max(2000).default(""),
  customerId: z.uuid().nullable().optional(),
});
export type LocationInput = z.input<typeof locationInputSchema>;

export const locationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    contactName: z.string(),
    contactPhone: z.string(),
    hours: z.string(),
    notes: z.string(),
    customerId: z.string().nullable(),
    customerName: z.string().nullable(),
    /** Stops picked from it. */
    uses: z.number().int(),
    /** Whether it is one of the customer's usual places (its own, or used on that customer's loads). */
    usual: z.boolean(),
  })
  // Where it is (issue 40): stops picked from it copy its point and zone.
  .extend(geoPlaceFieldsSchema.shape);
export type Location = z.infer<typeof locationSchema>;

export const locationListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  /** The load's customer: their usual locations come first. */
  customerId: z.uuid().optional(),
});
export type LocationListQuery = z.infer<typeof locationListQuerySchema>;
export const locationPageSchema = pageSchema(locationSchema);
export type LocationPage = z.infer<typeof locationPageSchema>;

export const DUPLICATE_LOCATION_MESSAGE = "A location with this name and address is already saved.";
