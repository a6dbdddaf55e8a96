import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { TIME_OFF_STATUSES } from "../calendar/time-off-statuses";
import { driverPaperWarningSchema } from "../drivers/compliance";
import { DRIVER_STATUSES } from "../drivers/drivers.schema";
import { TRAILER_TYPES } from "../fleet/fleet.schema";
import { geoPlaceFieldsSchema } from "../geo/geo.schema";
import { syncTimesSchema } from "../sync/sync.schema";
import { MILES_SOURCES } from "./miles.constants";
import {
  APPOINTMENT_KINDS,
  LOAD_COMPLETIONS,
  stopProgressSchema,
  WINDOW_END_BEFORE_START_MESSAGE,
  WINDOW_END_REQUIRED_MESSAGE,
} from "./stops.schema";

/** The equipment a load needs: the fleet's trailer types and "power only" (the customer's trailer). */
export const EQUIPMENT_TYPES = [...TRAILER_TYPES, "power_only"] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

export const LOAD_STATUSES = ["pending", "assigned", "in_progress", "completed", "cancelled"] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/** Pay types (spec section 9): percentage of load rate, fixed amount, per mile. */
export const PAY_TYPES = ["percentage", "fixed", "per_mile"] as const;
export type PayType = (typeof PAY_TYPES)[number];

export const STOP_TYPES = ["pickup", "delivery"] as const;
export type StopType = (typeof STOP_TYPES)[number];

export const LOAD_FILE_KINDS = ["rate_confirmation", "bol", "pod", "other"] as const;
export type LoadFileKind = (typeof LOAD_FILE_KINDS)[number];

/** Uploads: PDF or image, checked by content on the server. */
export const LOAD_FILE_MAX_BYTES = 15 * 1024 * 1024;
export const LOAD_FILE_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
] as const;

/**
 * The one transition table, used by the server (409 on anything else) and by the UI (which
 * offers only these). Driver actions are transitions too: accept keeps `assigned` (sets accepted),
 * decline goes assigned → pending, start trip assigned → in_progress, delivered in_progress → completed.
 */
export const LOAD_TRANSITIONS: Record<LoadStatus, readonly LoadStatus[]> = {
  pending: ["assigned", "cancelled"],
  assigned: ["pending", "in_progress", "cancelled"],
  in_progress: ["assigned", "completed", "cancelled"],
  completed: ["in_progress"],
  cancelled: ["pending"],
};

export function canTransition(from: LoadStatus, to: LoadStatus): boolean {
  return LOAD_TRANSITIONS[from].includes(to);
}

/** Loads that keep a driver busy. */
export const ACTIVE_LOAD_STATUSES = ["assigned", "in_progress"] as const satisfies readonly LoadStatus[];

export const DRIVER_ACTIONS = ["accept", "decline", "start", "deliver"] as const;
export type DriverAction = (typeof DRIVER_ACTIONS)[number];

// Money as a decimal string ("1234.50"): never a float.
export const moneySchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { message: "Enter an amount like 1250 or 1250.50." });
const optionalMoney = z
  .union([moneySchema, z.literal("")])
  .optional()
  .transform((v) => (v ? v : null));
const quantity = (max: number) =>
  z
    // The empty string first: coerced, it would read as 0 rather than "not given".
    .union([z.literal(""), z.coerce.number().min(0, { message: "Must be zero or more." }).max(max)])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v));

const temperature = z
  .union([z.coerce.number().min(-40).max(100), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => (v === "" || v === undefined || v === null ? null : v));
const count = z
  .union([z.coerce.number().int().min(0, { message: "Must be zero or more." }).max(100_000), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => (v === "" || v === undefined || v === null ? null : v));

export const LOAD_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,30}$/;

const reference = z.string().trim().max(60).default("");
const optionalText = (max: number) => z.string().trim().max(max).default("");

export const stopInputSchema = z
  .object({
    /** An existing stop keeps its check-ins through an edit. */
    id: z.uuid().optional(),
    /** The saved location it was picked from (the address book). */
    locationId: z.uuid().nullable().optional(),
    type: z.enum(STOP_TYPES),
    locationName: z.string().trim().min(1, { message: "Location name is required." }).max(160),
    address: z.string().trim().min(1, { message: "Street address is required." }).max(200),
    city: z.string().trim().min(1, { message: "City is required." }).max(100),
    state: z.string().trim().min(2, { message: "State is required." }).max(40),
    postalCode: z.string().trim().max(20).default(""),
    appointmentKind: z.enum(APPOINTMENT_KINDS).default("appointment"),
    /** The appointment, or the window's or the hours' start. */
    scheduledAt: z.iso.datetime({ offset: true, message: "Date and time are required." }),
    /** The window's or the hours' end (not for a single appointment). */
    scheduledEnd: z
      .union([z.iso.datetime({ offset: true, message: "Date and time are required." }), z.literal("")])
      .nullable()
      .optional()
      .transform((v) => v || null),
    contactName: optionalText(120),
    contactPhone: optionalText(40),
    /** Pickup number at a pickup, delivery number at a delivery. */
    referenceNumber: reference,
    poNumber: reference,
  })
  .superRefine((s, ctx) => {
    if (s.appointmentKind === "appointment") return;
    if (!s.scheduledEnd)
      ctx.addIssue({ code: "custom", message: WINDOW_END_REQUIRED_MESSAGE, path: ["scheduledEnd"] });
    else if (new Date(s.scheduledEnd).getTime() <= new Date(s.scheduledAt).getTime())
      ctx.addIssue({ code: "custom", message: WINDOW_END_BEFORE_START_MESSAGE, path: ["scheduledEnd"] });
  });
export type StopInput = z.input<typeof stopInputSchema>;

export const PICKUP_AND_DELIVERY_MESSAGE = "A load needs at least one pickup and one delivery.";
/** Freight is loaded before it is delivered: the first stop picks up, the last one delivers (issue 38). */
export const STOPS_ORDER_MESSAGE = "A load must start with a pickup and end with a delivery.";

const loadFields = {
  loadNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(LOAD_NUMBER_PATTERN, { message: "Use letters, digits and dashes (e.g. LD-2026-00042)." })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  description: z.string().trim().max(2000).default(""),
  weightLbs: quantity(200_000),
  equipmentType: z
    .union([z.enum(EQUIPMENT_TYPES), z.literal("")])
    .nullable()
    .optional()
    .transform((v) => v || null),
  commodity: optionalText(200),
  /** A reefer's temperature range in °F. */
  tempMinF: temperature,
  tempMaxF: temperature,
  pieceCount: count,
  palletCount: count,
  poNumber: reference,
  bolNumber: reference,
  stops: z
    .array(stopInputSchema)
    .min(2, { message: PICKUP_AND_DELIVERY_MESSAGE })
    .max(20)
    .superRefine((s, ctx) => {
      if (s.length < 2) return;
      if (!s.some((x) => x.type === "pickup") || !s.some((x) => x.type === "delivery"))
        ctx.addIssue({ code: "custom", message: PICKUP_AND_DELIVERY_MESSAGE });
      else if (s[0].type !== "pickup" || s[s.length - 1].type !== "delivery")
        ctx.addIssue({ code: "custom", message: STOPS_ORDER_MESSAGE });
    }),
  baseRate: moneySchema,
  /** The part of the base rate that is fuel surcharge (a driver's percentage may leave it out). */
  fuelSurcharge: optionalMoney,
  lumperFee: optionalMoney,
  detention: optionalMoney,
  otherCharges: optionalMoney,
  customerRate: optionalMoney,
  /**
   * Empty: the miles computed from the stops (issue 40). A number that differs from them is an
   * override and needs `milesOverrideReason`.
   */
  loadedMiles: quantity(20_000),
  milesOverrideReason: z.string().trim().max(500).optional(),
  customerId: z.uuid().nullable().optional(),
  driverId: z.uuid().nullable().optional(),
  vehicleId: z.uuid().nullable().optional(),
  trailerId: z.uuid().nullable().optional(),
  fuelUsedGallons: quantity(5_000),
  /** Empty: falls back to the driver's default pay type and rate. */
  payType: z.enum(PAY_TYPES).nullable().optional(),
  payRate: optionalMoney,
  postedToBoard: z.boolean().default(false),
  notes: z.string().trim().max(2000).default(""),
};

export const FUEL_SURCHARGE_OVER_BASE =
  "The fuel surcharge is part of the base rate and cannot be more than it.";

/** A reefer's range is both ends or neither (a portal request may arrive without one). */
export const REEFER_TEMPERATURE_MESSAGE = "Enter both ends of the temperature range.";
export const TEMPERATURE_ORDER_MESSAGE = "The lowest temperature cannot be above the highest.";

export const createLoadSchema = z.object(loadFields).superRefine((v, ctx) => {
  if (v.fuelSurcharge && toCents(v.fuelSurcharge) > toCents(v.baseRate))
    ctx.addIssue({ code: "custom", message: FUEL_SURCHARGE_OVER_BASE, path: ["fuelSurcharge"] });
  if (v.equipmentType === "reefer" && (v.tempMinF === null) !== (v.tempMaxF === null)) {
    const path = v.tempMinF === null ? "tempMinF" : "tempMaxF";
    ctx.addIssue({ code: "custom", message: REEFER_TEMPERATURE_MESSAGE, path: [path] });
  }
  if (v.tempMinF !== null && v.tempMaxF !== null && v.tempMinF > v.tempMaxF)
    ctx.addIssue({ code: "custom", message: TEMPERATURE_ORDER_MESSAGE, path: ["tempMaxF"] });
});
export type CreateLoadInput = z.input<typeof createLoadSchema>;
export const updateLoadSchema = createLoadSchema;
export type UpdateLoadInput = z.input<typeof updateLoadSchema>;

export const changeStatusSchema = z.object({
  status: z.enum(LOAD_STATUSES),
  note: z.string().trim().max(500).optional(),
});

export const declineLoadSchema = z.object({ reason: z.string().trim().max(500).optional() });

/** "work": today's work first — in progress, assigned, pending by pickup — then the rest, newest first. */
export const LOAD_SORTS = [
  "work",
  "loadNumber",
  "pickupAt",
  "deliveryAt",
  "status",
  "totalRate",
  "createdAt",
] as const;

export const loadFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(LOAD_STATUSES).optional(),
  customerId: z.uuid().optional(),
  driverId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(LOAD_SORTS).default("work"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type LoadFilter = z.infer<typeof loadFilterSchema>;

export const stopSchema = z
  .object({
    id: z.string(),
    sequence: z.number().int(),
    locationId: z.string().nullable(),
    type: z.enum(STOP_TYPES),
    locationName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    appointmentKind: z.enum(APPOINTMENT_KINDS),
    scheduledAt: z.string(),
    scheduledEnd: z.string().nullable(),
    contactName: z.string(),
    contactPhone: z.string(),
    referenceNumber: z.string(),
    poNumber: z.string(),
  })
  .extend(stopProgressSchema.shape)
  // Where the stop is and its time zone (issue 40): its times are shown in that zone.
  .extend(geoPlaceFieldsSchema.shape);
export type Stop = z.infer<typeof stopSchema>;

export const loadListItemSchema = z.object({
  id: z.string(),
  loadNumber: z.string(),
  status: z.enum(LOAD_STATUSES),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  pickupCity: z.string(),
  pickupState: z.string(),
  pickupAt: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  deliveryAt: z.string(),
  totalRate: z.string(),
  loadedMiles: z.number().nullable(),
  /** Deadhead to the first pickup, and where the miles come from (issue 40): "estimated" is shown as such. */
  emptyMiles: z.number().nullable(),
  milesSource: z.enum(MILES_SOURCES),
  postedToBoard: z.boolean(),
});
export type LoadListItem = z.infer<typeof loadListItemSchema>;

/**
 * What happened on a load's timeline, stored as a kind and its data and rendered in the reader's
 * language (`loads:timeline.kinds.<kind>`; decision 017). `note` is only ever what a person typed:
 * the reason given with a status change or a decline.
 */
export const LOAD_EVENT_KINDS = [
  /** Booked without a driver. */
  "created",
  /** Booked with a driver: data.driverName. */
  "created_assigned",
  /** A driver put on a load that had none: data.driverName. */
  "assigned",
  /** Another driver in place of the previous one: data.driverName, data.previousDriverName. */
  "reassigned",
  /** The driver taken off (back to pending): data.driverName when known. */
  "driver_removed",
  /** Staff changed the status by hand; `note` holds their reason. */
  "status_changed",
  /** The driver accepted the load: no status change. */
  "accepted",
  /** The driver declined (assigned → pending); `note` holds their reason. */
  "declined",
  "trip_started",
  "delivered",
  /** A driver's check-in at a stop: data.stopSequence, data.locationName, data.stopType, data.checkIn. */
  "stop_checked_in",
  /** Staff corrected a check-in time (`note` holds why): data.checkIn, data.at, data.previousAt. */
  "stop_time_corrected",
  /** Detention the times justify: data.minutes, data.amount. */
  "detention_proposed",
  "detention_accepted",
  "detention_dismissed",
  /** The ETA to a stop passed its appointment (issue 40): data.stopSequence, data.locationName, data.at (ETA). */
  "running_late",
  /** Staff typed the miles (issue 40): data.loadedMiles/emptyMiles, data.previousLoadedMiles; `note` holds why. */
  "miles_overridden",
] as const;
export type LoadEventKind = (typeof LOAD_EVENT_KINDS)[number];

/** The values an event's text needs (names as they were at the time). */
export const loadEventDataSchema = z.object({
  driverId: z.string().optional(),
  driverName: z.string().optional(),
  previousDriverId: z.string().optional(),
  previousDriverName: z.string().optional(),
  stopSequence: z.number().optional(),
  locationName: z.string().optional(),
  stopType: z.enum(STOP_TYPES).optional(),
  checkIn: z.enum(["arrived", "done", "departed"]).optional(),
  at: z.string().optional(),
  previousAt: z.string().nullable().optional(),
  minutes: z.number().optional(),
  amount: z.string().optional(),
  loadedMiles: z.number().nullable().optional(),
  previousLoadedMiles: z.number().nullable().optional(),
  emptyMiles: z.number().nullable().optional(),
  /**
   * A driver's check-in or action sent from the phone (issue 41): when it happened, when the server
   * received it, and whether it was sent late (received more than LATE_SYNC_MINUTES after).
   */
  occurredAt: z.string().optional(),
  receivedAt: z.string().optional(),
  late: z.boolean().optional(),
});
export type LoadEventData = z.infer<typeof loadEventDataSchema>;

export const loadStatusEventSchema = z.object({
  id: z.string(),
  kind: z.enum(LOAD_EVENT_KINDS),
  data: loadEventDataSchema,
  /** Null only for "created"; "accepted" records assigned → assigned (no status change). */
  fromStatus: z.enum(LOAD_STATUSES).nullable(),
  toStatus: z.enum(LOAD_STATUSES),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type LoadStatusEvent = z.infer<typeof loadStatusEventSchema>;

export const loadFileSchema = z.object({
  id: z.string(),
  kind: z.enum(LOAD_FILE_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedVia: z.string(),
  createdAt: z.string(),
  /** A driver's photo sent from the phone: when it was taken, when it arrived, sent late (issue 41). */
  ...syncTimesSchema,
});
export type LoadFile = z.infer<typeof loadFileSchema>;

/**
 * The review of a load's bill of lading and proof of delivery (the BOL manager): missing (no BOL or
 * POD on file), received (on file, not reviewed since the last upload), verified, or rejected (the
 * driver is asked to upload again; a new upload makes it "received").
 */
export const PAPERWORK_STATUSES = ["missing", "received", "verified", "rejected"] as const;
export type PaperworkStatus = (typeof PAPERWORK_STATUSES)[number];
/** The kinds of file the BOL manager reviews. */
export const PAPERWORK_FILE_KINDS = ["bol", "pod"] as const satisfies readonly LoadFileKind[];

export const loadPaperworkSchema = z.object({
  status: z.enum(PAPERWORK_STATUSES),
  /** Why it was rejected (while the rejection stands). */
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  /** Accounting asked the driver for the paperwork (while it is still missing or rejected). */
  requestedAt: z.string().nullable(),
});
export type LoadPaperwork = z.infer<typeof loadPaperworkSchema>;

export const loadDetailSchema = loadListItemSchema.extend({
  description: z.string(),
  weightLbs: z.number().nullable(),
  equipmentType: z.enum(EQUIPMENT_TYPES).nullable(),
  commodity: z.string(),
  tempMinF: z.number().nullable(),
  tempMaxF: z.number().nullable(),
  pieceCount: z.number().nullable(),
  palletCount: z.number().nullable(),
  poNumber: z.string(),
  bolNumber: z.string(),
  stops: z.array(stopSchema),
  baseRate: z.string(),
  fuelSurcharge: z.string().nullable(),
  lumperFee: z.string().nullable(),
  detention: z.string().nullable(),
  otherCharges: z.string().nullable(),
  /** Staff only: null for drivers. */
  customerRate: z.string().nullable(),
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  trailerId: z.string().nullable(),
  trailerLabel: z.string().nullable(),
  fuelUsedGallons: z.number().nullable(),
  payType: z.enum(PAY_TYPES).nullable(),
  payRate: z.string().nullable(),
  driverPay: z.string().nullable(),
  /** Whether pay came from the driver's defaults. */
  payFromDriverDefault: z.boolean(),
  /** Why staff typed the miles (source "override"), shown by the form that keeps them. */
  milesOverrideReason: z.string().nullable(),
  notes: z.string(),
  acceptedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  timeline: z.array(loadStatusEventSchema),
  files: z.array(loadFileSchema),
  /** The BOL/POD review: what accounting made of the paperwork. */
  paperwork: loadPaperworkSchema,
  /** What the caller may do next (from the transition table and their role). */
  allowedStatuses: z.array(z.enum(LOAD_STATUSES)),
  /**
   * The live invoice that bills this load (staff only; null for drivers). A billed load keeps its
   * completed status until that invoice is voided or lets it go.
   */
  invoiceNumber: z.string().nullable(),
  driverActions: z.array(z.enum(DRIVER_ACTIONS)),
  /**
   * When the load counts as delivered (the company's choice, Settings → Company): at the last stop's
   * departure, or once a proof of delivery is uploaded after the freight is off the truck.
   */
  completesOn: z.enum(LOAD_COMPLETIONS),
  /**
   * The assigned driver's license or medical card, when expired or expiring before the delivery day
   * (loads assigned or in progress; staff only).
   */
  driverWarnings: z.array(driverPaperWarningSchema),
});
export type LoadDetail = z.infer<typeof loadDetailSchema>;

/** Sums the charges: base + lumper + detention + other, in cents to stay exact. */
export function computeTotalRate(input: {
  baseRate: string;
  lumperFee?: string | null;
  detention?: string | null;
  otherCharges?: string | null;
}): string {
  const cents = [input.baseRate, input.lumperFee, input.detention, input.otherCharges]
    .filter((v): v is string => !!v)
    .reduce((sum, v) => sum + toCents(v), 0);
  return fromCents(cents);
}

/** Driver pay from pay type and rate: percentage of the total, a fixed amount, or per loaded mile. */
export function computeDriverPay(
  payType: PayType,
  payRate: string,
  totalRate: string,
  loadedMiles: number | null,
): string {
  const rate = toCents(payRate);
  if (payType === "fixed") return fromCents(rate);
  if (payType === "percentage") return fromCents(Math.round((toCents(totalRate) * rate) / 10000));
  // Cents × tenths of a mile, an integer, divided once: 522.3 mi × $0.55 is 287.265 → $287.27, as the
  // settlement's line computes it (a float product, 28726.499…, rounded a cent down).
  const tenths = Math.round((loadedMiles ?? 0) * 10);
  return fromCents(Math.round((rate * tenths) / 10));
}

export function toCents(value: string): number {
  const [whole, frac = ""] = value.split(".");
  return Number(whole) * 100 + Number(`${frac}00`.slice(0, 2));
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

// ---- Messages the UI shows as they are (spec section 8 wording where it gives one)

export const DUPLICATE_LOAD_NUMBER_MESSAGE = "A load with this number already exists";
/** 409 LOAD_INVOICED: reopening a completed load that an invoice bills. */
export const loadInvoicedMessage = (invoiceNumber: string) =>
  `This load is billed on invoice ${invoiceNumber}. Void the invoice or take the load off it first.`;
export const BOL_REQUIRED_MESSAGE = "Attach the bill of lading or proof of delivery first.";
/** 409 POD_REQUIRED: the company completes loads on the proof of delivery (Settings → Company). */
export const POD_REQUIRED_MESSAGE = "Upload the signed proof of delivery (POD) to complete the load.";
export const ONLY_DRIVERS_INTEREST_MESSAGE = "Only drivers can show interest in a load.";

// ---- The list and its export

export const loadListQuerySchema = pageQuerySchema.extend(loadFilterSchema.shape);
export type LoadListQuery = z.infer<typeof loadListQuerySchema>;

export const loadPageSchema = pageSchema(loadListItemSchema).extend({
  /**
   * True when `total` is PostgreSQL's estimate: past LOAD_COUNT_EXACT_LIMIT matching loads the list
   * does not count every row (docs/decisions/005-load-list-counts.md). Show it as "about N".
   */
  totalIsEstimate: z.boolean(),
});
export type LoadPage = z.infer<typeof loadPageSchema>;
export const LOAD_COUNT_EXACT_LIMIT = 10_000;
/** A text search counts exactly up to here (ten pages); past it, "about N" (decision 005). */
export const LOAD_SEARCH_COUNT_EXACT_LIMIT = 250;

export const LOAD_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const loadExportQuerySchema = loadFilterSchema.extend({
  format: z.enum(LOAD_EXPORT_FORMATS).default("csv"),
});
export type LoadExportQuery = z.infer<typeof loadExportQuerySchema>;

export const nextLoadNumberSchema = z.object({ loadNumber: z.string() });
export type NextLoadNumber = z.infer<typeof nextLoadNumberSchema>;

/** Assign a driver (from the load or from the interested drivers of a board load). */
export const assignLoadSchema = z.object({ driverId: z.uuid({ message: "Choose a driver." }) });
export type AssignLoadInput = z.infer<typeof assignLoadSchema>;

/** Body of POST /api/loads/{id}/actions/{action}; `reason` is kept on the timeline for decline. */
export const driverActionSchema = declineLoadSchema.extend({
  /** "Start trip" long before the first pickup needs the driver's confirmation (EARLY_START). */
  confirmEarly: z.boolean().optional(),
});

// ---- Public BOL upload links

export const BOL_LINK_DEFAULT_DAYS = 7;
export const BOL_LINK_MAX_DAYS = 30;
export const createBolUploadLinkSchema = z.object({
  expiresInDays: z.coerce.number().int().min(1).max(BOL_LINK_MAX_DAYS).default(BOL_LINK_DEFAULT_DAYS),
});
export const bolUploadLinkSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  uploads: z.number().int(),
  lastUsedAt: z.string().nullable(),
  /** Not revoked and not expired. */
  active: z.boolean(),
});
export type BolUploadLink = z.infer<typeof bolUploadLinkSchema>;
/** The only answer that carries the token (in `url`): copy it now, it cannot be shown again. */
export const createdBolUploadLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type CreatedBolUploadLink = z.infer<typeof createdBolUploadLinkSchema>;

// ---- Load board (drivers): no rates, no customer

export const loadBoardQuerySchema = pageQuerySchema.extend({
  /** Pickup or delivery city (or state). */
  q: z.string().trim().max(100).optional(),
});
export const loadBoardItemSchema = z.object({
  id: z.string(),
  loadNumber: z.string(),
  pickupCity: z.string(),
  pickupState: z.string(),
  pickupAt: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  deliveryAt: z.string(),
  loadedMiles: z.number().nullable(),
  /** The load's miles are the offline estimate (issue 40): shown as "estimated". */
  milesEstimated: z.boolean(),
  /**
   * My deadhead to this pickup (estimated): from my own position when my phone or truck reported in
   * the last 24 hours and no delivery of mine lies between, else from my latest delivery before the
   * pickup; null when unknown.
   */
  emptyMiles: z.number().nullable(),
  /** Where my deadhead starts: my live position or my latest delivery; null without empty miles. */
  emptyFrom: z.enum(["position", "delivery"]).nullable(),
  weightLbs: z.number().nullable(),
  equipmentType: z.enum(EQUIPMENT_TYPES).nullable(),
  commodity: z.string(),
  /** My pay ÷ (loaded + empty miles): what the load pays me per mile driven; null without either. */
  payPerMile: z.string().nullable(),
  /** What I would earn: the load's pay, else my default pay applied to it; null without either. */
  pay: z.string().nullable(),
  /** Whether I (the signed-in driver) have shown interest. */
  interested: z.boolean(),
});
export type LoadBoardItem = z.infer<typeof loadBoardItemSchema>;

/** A driver interested in a board load, as dispatch sees it. */
export const loadInterestSchema = z.object({
  driverId: z.string(),
  fullName: z.string(),
  status: z.enum(DRIVER_STATUSES),
  /** A busy driver's: since their load still under way was assigned to them (null otherwise). */
  busySince: z.string().nullable(),
  /** When the driver showed interest. */
  createdAt: z.string(),
  licenseExpiry: z.string().nullable(),
  medicalCardExpiry: z.string().nullable(),
  /** Where the driver is now, as far as we know: the city of their last delivery. */
  lastDeliveryCity: z.string().nullable(),
  lastDeliveryState: z.string().nullable(),
  lastDeliveredAt: z.string().nullable(),
  /** Average rating (1–5), null before the first. */
  rating: z.number().nullable(),
});
export type LoadInterest = z.infer<typeof loadInterestSchema>;

// ---- Pickers in dispatch forms

export const lookupQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const driverOptionSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  /** The contract form prefills the signer's email with it. */
  email: z.string().nullable(),
  status: z.enum(DRIVER_STATUSES),
  defaultPayType: z.enum(PAY_TYPES).nullable(),
  defaultPayRate: z.string().nullable(),
  /** From the driver's open asset assignment (the load form prefills truck and trailer with them). */
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  trailerId: z.string().nullable(),
  trailerLabel: z.string().nullable(),
  /** Papers the load form checks as soon as the driver is chosen (the server decides on save). */
  licenseExpiry: z.string().nullable(),
  medicalCardExpiry: z.string().nullable(),
});
export type DriverOption = z.infer<typeof driverOptionSchema>;
export const customerOptionSchema = z.object({ id: z.string(), companyName: z.string(), name: z.string() });
export type CustomerOption = z.infer<typeof customerOptionSchema>;

// ---- Driver dashboard

/** Spec section 9: recent activity covers the last 7 days. */
export const RECENT_ACTIVITY_DAYS = 7;
export const loadActivitySchema = loadStatusEventSchema.extend({
  loadId: z.string(),
  loadNumber: z.string(),
});
export type LoadActivity = z.infer<typeof loadActivitySchema>;

export const driverDashboardSchema = z.object({
  driver: z.object({ id: z.string(), fullName: z.string(), status: z.enum(DRIVER_STATUSES) }),
  /** The load in progress, else the next assigned one. */
  currentLoad: loadDetailSchema.nullable(),
  /** My other assigned loads, soonest pickup first (up to 5). */
  upcoming: z.array(loadListItemSchema),
  /** Status changes on my loads in the last RECENT_ACTIVITY_DAYS days, newest first. */
  recentActivity: z.array(loadActivitySchema),
  /** My pending and approved time off that has not ended. */
  timeOff: z.array(
    z.object({
      id: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      reason: z.string(),
      status: z.enum(TIME_OFF_STATUSES),
    }),
  ),
  assets: z.object({ vehicleLabel: z.string().nullable(), trailerLabel: z.string().nullable() }),
  /**
   * My week (Monday to Sunday, the company's days): my loads picked up in it (not cancelled), how many
   * are delivered, their loaded miles and the pay they carry; and my last approved or paid settlement.
   */
  week: z.object({
    from: z.string(),
    to: z.string(),
    loads: z.number().int(),
    delivered: z.number().int(),
    miles: z.number(),
    pay: z.string(),
    lastSettlement: z
      .object({
        id: z.string(),
        number: z.string(),
        periodEnd: z.string(),
        net: z.string(),
        status: z.string(),
      })
      .nullable(),
  }),
});
export type DriverDashboard = z.infer<typeof driverDashboardSchema>;

/** Answer of a driver action; `load` is null after a decline (the load is no longer theirs). */
export const driverActionResultSchema = z.object({ load: loadDetailSchema.nullable() });
export type DriverActionResult = z.infer<typeof driverActionResultSchema>;
