import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { LOAD_STATUSES, STOP_TYPES } from "../loads/loads.schema";
import { liveViewSchema } from "../tracking/tracking.schema";

/**
 * The customer portal's view of loads. These schemas are the whole answer: rates, driver pay,
 * margins, internal notes and the driver's identity are simply not in them, so no serializer can
 * leak them by accident.
 */

/** Documents a customer may download from their own loads. */
export const PORTAL_FILE_KINDS = ["bol", "pod"] as const;
export type PortalFileKind = (typeof PORTAL_FILE_KINDS)[number];

export const PORTAL_LOAD_SORTS = ["pickupAt", "deliveryAt", "loadNumber", "status"] as const;
export type PortalLoadSort = (typeof PORTAL_LOAD_SORTS)[number];

export const portalLoadFilterSchema = z.object({
  /** Load number or pickup/delivery city. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(LOAD_STATUSES).optional(),
  sort: z.enum(PORTAL_LOAD_SORTS).default("pickupAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type PortalLoadFilter = z.infer<typeof portalLoadFilterSchema>;
export const portalLoadListQuerySchema = pageQuerySchema.extend(portalLoadFilterSchema.shape);
export type PortalLoadListQuery = z.infer<typeof portalLoadListQuerySchema>;
export const portalLoadExportQuerySchema = portalLoadFilterSchema.extend({
  format: z.enum(["csv", "xlsx"]).default("csv"),
});
export type PortalLoadExportQuery = z.infer<typeof portalLoadExportQuerySchema>;

export const portalLoadItemSchema = z
  .object({
    id: z.string(),
    loadNumber: z.string(),
    status: z.enum(LOAD_STATUSES),
    description: z.string(),
    weightLbs: z.number().nullable(),
    pickupCity: z.string(),
    pickupState: z.string(),
    pickupAt: z.string(),
    deliveryCity: z.string(),
    deliveryState: z.string(),
    /** The scheduled delivery: the ETA until the load is delivered. */
    deliveryAt: z.string(),
    deliveredAt: z.string().nullable(),
    /** Whether a proof of delivery can be downloaded. */
    hasPod: z.boolean(),
    /** The first pickup's and the last delivery's IANA zones: their times are shown there, named (issue 40). */
    pickupTimeZone: z.string().nullable(),
    deliveryTimeZone: z.string().nullable(),
  })
  .strict();
export type PortalLoadItem = z.infer<typeof portalLoadItemSchema>;

export const portalLoadPageSchema = pageSchema(portalLoadItemSchema).extend({
  /**
   * True when `total` is PostgreSQL's estimate: a search matching more than
   * LOAD_SEARCH_COUNT_EXACT_LIMIT loads is not counted to the end, as on the loads list (decision 005).
   * Shown as "about N". Without a search the total is always exact.
   */
  totalIsEstimate: z.boolean(),
});
export type PortalLoadPage = z.infer<typeof portalLoadPageSchema>;

export const portalStopSchema = z
  .object({
    sequence: z.number().int(),
    type: z.enum(STOP_TYPES),
    locationName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    scheduledAt: z.string(),
    /** The stop's IANA zone (from its coordinates, issue 40): its time is shown there, named; null unplaced. */
    timeZone: z.string().nullable(),
  })
  .strict();

export const portalFileSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PORTAL_FILE_KINDS),
    fileName: z.string(),
    size: z.number().int(),
    createdAt: z.string(),
  })
  .strict();
export type PortalFile = z.infer<typeof portalFileSchema>;

export const portalLoadDetailSchema = portalLoadItemSchema
  .extend({
    stops: z.array(portalStopSchema),
    /** Status changes with their time only (who and why stay internal). */
    timeline: z.array(z.object({ status: z.enum(LOAD_STATUSES), at: z.string() }).strict()),
    startedAt: z.string().nullable(),
    driverAssigned: z.boolean(),
    documents: z.array(portalFileSchema),
    /** The portal request this load came from, if any. */
    requestNumber: z.string().nullable(),
    /** The truck's coarse position and the ETA while the load is in progress (issue 40); never the driver. */
    live: liveViewSchema.nullable(),
  })
  .strict();
export type PortalLoadDetail = z.infer<typeof portalLoadDetailSchema>;

export const portalSummarySchema = z.object({
  companyName: z.string().nullable(),
  /** Assigned or in progress. */
  activeLoads: z.number().int(),
  inTransit: z.number().int(),
  deliveredLast30Days: z.number().int(),
  pendingRequests: z.number().int(),
  nextDelivery: z.object({ loadId: z.string(), loadNumber: z.string(), deliveryAt: z.string() }).nullable(),
});
export type PortalSummary = z.infer<typeof portalSummarySchema>;

/** Days counted as "recently delivered" on the portal's summary. */
export const PORTAL_RECENT_DAYS = 30;
