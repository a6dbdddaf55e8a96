import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { syncTimesSchema } from "../sync/sync.schema";

/**
 * Inspections (spec sections 3, 4 and 9): a driver's vehicle inspection report (DVIR) or any other
 * inspection of a vehicle or a trailer, with a pass/fail checklist, an overall status and photos.
 */

export const INSPECTION_ASSET_TYPES = ["vehicle", "trailer"] as const;
export type InspectionAssetType = (typeof INSPECTION_ASSET_TYPES)[number];

/** Inspection types (spec section 9). */
export const INSPECTION_TYPES = ["pre_trip", "post_trip", "annual", "other"] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];

/** What a driver files from the road; annual and other inspections are staff's. */
export const DRIVER_INSPECTION_TYPES = ["pre_trip", "post_trip"] as const satisfies readonly InspectionType[];

/**
 * Overall status (spec section 4), in order of severity (lists sort by it): `needs_repair` — safe to
 * operate, fix soon; `fail` — unsafe, out of service until repaired.
 */
export const INSPECTION_STATUSES = ["pass", "needs_repair", "fail"] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

/** Statuses that open a maintenance item and notify safety and management. */
export const DEFECT_STATUSES = ["fail", "needs_repair"] as const satisfies readonly InspectionStatus[];
export const hasDefects = (status: InspectionStatus) =>
  (DEFECT_STATUSES as readonly string[]).includes(status);

export const CHECK_RESULTS = ["pass", "fail"] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/**
 * The power unit's checklist: the eleven parts and accessories 49 CFR 396.11(a)(2) requires on a
 * driver vehicle inspection report (service brakes … emergency equipment), then the items carriers
 * commonly add to a walk-around.
 */
export const VEHICLE_CHECKLIST = [
  "service_brakes",
  "parking_brake",
  "steering",
  "lights_reflectors",
  "tires",
  "horn",
  "windshield_wipers",
  "mirrors",
  "coupling_devices",
  "wheels_rims",
  "emergency_equipment",
  "windshield",
  "suspension",
  "frame",
  "exhaust",
  "fluid_leaks",
  "seat_belts",
] as const;

/** A trailer's or container chassis' checklist (396.11(a)(2) as it applies to a trailer, and 396.11(b)). */
export const TRAILER_CHECKLIST = [
  "brake_connections",
  "trailer_brakes",
  "trailer_lights",
  "conspicuity_tape",
  "trailer_tires",
  "trailer_wheels",
  "upper_coupler",
  "landing_gear",
  "trailer_suspension",
  "trailer_frame",
  "doors",
  "securement",
  "mud_flaps",
] as const;

export type VehicleChecklistItem = (typeof VEHICLE_CHECKLIST)[number];
export type TrailerChecklistItem = (typeof TRAILER_CHECKLIST)[number];
export type ChecklistItem = VehicleChecklistItem | TrailerChecklistItem;
export const CHECKLIST_ITEMS = [...VEHICLE_CHECKLIST, ...TRAILER_CHECKLIST] as const;

export const CHECKLISTS: Record<InspectionAssetType, readonly ChecklistItem[]> = {
  vehicle: VEHICLE_CHECKLIST,
  trailer: TRAILER_CHECKLIST,
};

/** English item names for the records the server writes (maintenance notes, notifications, exports). */
export const CHECKLIST_ITEM_NAMES: Record<ChecklistItem, string> = {
  service_brakes: "Service brakes",
  parking_brake: "Parking brake",
  steering: "Steering mechanism",
  lights_reflectors: "Lighting devices and reflectors",
  tires: "Tires",
  horn: "Horn",
  windshield_wipers: "Windshield wipers",
  mirrors: "Rear-vision mirrors",
  coupling_devices: "Coupling devices (fifth wheel)",
  wheels_rims: "Wheels and rims",
  emergency_equipment: "Emergency equipment",
  windshield: "Windshield and windows",
  suspension: "Suspension",
  frame: "Frame and body",
  exhaust: "Exhaust system",
  fluid_leaks: "Fluid levels and leaks",
  seat_belts: "Seat belts",
  brake_connections: "Brake connections (air lines, glad hands)",
  trailer_brakes: "Brakes",
  trailer_lights: "Lights and reflectors",
  conspicuity_tape: "Reflective (conspicuity) tape",
  trailer_tires: "Tires",
  trailer_wheels: "Wheels, rims and lugs",
  upper_coupler: "Kingpin and upper coupler",
  landing_gear: "Landing gear",
  trailer_suspension: "Suspension and sliders",
  trailer_frame: "Frame, rails and cross members",
  doors: "Doors, hinges and latches",
  securement: "Locking pins and tie-downs",
  mud_flaps: "Mud flaps",
};

// ---- Limits and messages (the web maps each message to its translation)

export const INSPECTION_MAX_IMAGES = 8;
export const INSPECTION_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const INSPECTION_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic"] as const;
export const NOTE_MAX = 500;
export const COMMENTS_MAX = 2000;
export const ODOMETER_MAX = 3_000_000;
/** A clock a few minutes fast on a phone must not refuse an inspection made "now". */
const FUTURE_TOLERANCE_MS = 10 * 60_000;

export const INSPECTION_MESSAGES = {
  chooseVehicle: "Choose a vehicle.",
  chooseTrailer: "Choose a trailer.",
  chooseType: "Choose the inspection type.",
  chooseStatus: "Choose the overall status.",
  dateRequired: "Enter the date and time of the inspection.",
  dateInFuture: "The inspection date cannot be in the future.",
  markItem: "Mark this item pass or fail.",
  describeDefect: "Describe the defect.",
  checklistIncomplete: "The checklist must list every item of this asset type once.",
  failedCannotPass: "An inspection with a failed item cannot pass.",
  describeStatus: "Fail the checklist item concerned or describe the defect in the comments.",
  driverTypes: "Drivers file pre-trip and post-trip inspections.",
  notAssigned: "You can inspect only the vehicle or trailer assigned to you.",
  tooManyImages: `Attach at most ${INSPECTION_MAX_IMAGES} photos.`,
  imageType: "Attach photos only (JPEG, PNG, WebP or HEIC).",
} as const;

// ---- Filing an inspection

export const checklistEntrySchema = z.object({
  item: z.enum(CHECKLIST_ITEMS, { message: INSPECTION_MESSAGES.checklistIncomplete }),
  result: z.enum(CHECK_RESULTS, { message: INSPECTION_MESSAGES.markItem }),
  note: z.string().trim().max(NOTE_MAX).default(""),
});
export type ChecklistEntry = z.infer<typeof checklistEntrySchema>;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (UTC when none is given). */
export function dayIn(instant: Date, timeZone = "UTC"): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const optionalUuid = z.uuid({ message: "Invalid id." }).nullable().optional();

export const createInspectionSchema = z
  .object({
    assetType: z.enum(INSPECTION_ASSET_TYPES, { message: "Choose a vehicle or a trailer." }),
    vehicleId: optionalUuid,
    trailerId: optionalUuid,
    type: z.enum(INSPECTION_TYPES, { message: INSPECTION_MESSAGES.chooseType }),
    inspectedAt: z.iso.datetime({ offset: true, message: INSPECTION_MESSAGES.dateRequired }),
    /** Staff name the inspector (a mechanic, an outside shop); a driver is always the inspector. */
    inspectorName: z.string().trim().max(120).optional(),
    /** Staff may file on behalf of a driver; the inspection is then that driver's. */
    driverId: optionalUuid,
    odometer: z
      .number({ message: "Enter the odometer in whole miles." })
      .int({ message: "Enter the odometer in whole miles." })
      .min(0, { message: "Enter the odometer in whole miles." })
      .max(ODOMETER_MAX, { message: "Enter the odometer in whole miles." })
      .nullable()
      .optional(),
    location: z.string().trim().max(200).default(""),
    /** The browser's IANA time zone: which calendar day the inspection fell on for the fleet. */
    timeZone: z.string().max(64).refine(isTimeZone, { message: "Unknown time zone." }).optional(),
    checklist: z.array(checklistEntrySchema).max(CHECKLIST_ITEMS.length),
    overallStatus: z.enum(INSPECTION_STATUSES, { message: INSPECTION_MESSAGES.chooseStatus }),
    comments: z.string().trim().max(COMMENTS_MAX).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.assetType === "vehicle" && !v.vehicleId)
      ctx.addIssue({ code: "custom", path: ["vehicleId"], message: INSPECTION_MESSAGES.chooseVehicle });
    if (v.assetType === "trailer" && !v.trailerId)
      ctx.addIssue({ code: "custom", path: ["trailerId"], message: INSPECTION_MESSAGES.chooseTrailer });

    const at = Date.parse(v.inspectedAt);
    if (Number.isFinite(at) && at > Date.now() + FUTURE_TOLERANCE_MS)
      ctx.addIssue({ code: "custom", path: ["inspectedAt"], message: INSPECTION_MESSAGES.dateInFuture });

    // Every item of the asset's checklist, each once, and nothing else.
    const expected = CHECKLISTS[v.assetType] ?? [];
    const seen = v.checklist.map((e) => e.item);
    const complete =
      seen.length === expected.length &&
      new Set(seen).size === seen.length &&
      seen.every((item) => expected.includes(item));
    if (!complete)
      ctx.addIssue({ code: "custom", path: ["checklist"], message: INSPECTION_MESSAGES.checklistIncomplete });

    let failed = 0;
    v.checklist.forEach((entry, i) => {
      if (entry.result !== "fail") return;
      failed++;
      if (!entry.note)
        ctx.addIssue({
          code: "custom",
          path: ["checklist", i, "note"],
          message: INSPECTION_MESSAGES.describeDefect,
        });
    });
    if (failed > 0 && v.overallStatus === "pass")
      ctx.addIssue({
        code: "custom",
        path: ["overallStatus"],
        message: INSPECTION_MESSAGES.failedCannotPass,
      });
    if (failed === 0 && v.overallStatus !== "pass" && !v.comments)
      ctx.addIssue({ code: "custom", path: ["comments"], message: INSPECTION_MESSAGES.describeStatus });
  });
export type CreateInspectionInput = z.input<typeof createInspectionSchema>;
export type CreateInspection = z.output<typeof createInspectionSchema>;

// ---- What the API answers

export const inspectionImageSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type InspectionImage = z.infer<typeof inspectionImageSchema>;

export const inspectionListItemSchema = z.object({
  id: z.string(),
  assetType: z.enum(INSPECTION_ASSET_TYPES),
  assetId: z.string(),
  /** Unit number or trailer identifier. */
  assetLabel: z.string(),
  /** Make and model, or a trailer's size (its type is `trailerType`, for the UI to name). */
  assetDescription: z.string(),
  trailerType: z.string().nullable(),
  type: z.enum(INSPECTION_TYPES),
  overallStatus: z.enum(INSPECTION_STATUSES),
  inspectedAt: z.string(),
  inspectorName: z.string(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  failedItems: z.number().int(),
  imageCount: z.number().int(),
});
export type InspectionListItem = z.infer<typeof inspectionListItemSchema>;

/** A maintenance item this inspection opened, as the inspection shows it. */
export const inspectionMaintenanceItemSchema = z.object({
  id: z.string(),
  serviceType: z.string(),
  status: z.string(),
  notes: z.string(),
  createdAt: z.string(),
});

export const inspectionDetailSchema = inspectionListItemSchema.extend({
  odometer: z.number().int().nullable(),
  location: z.string(),
  checklist: z.array(
    z.object({ item: z.enum(CHECKLIST_ITEMS), result: z.enum(CHECK_RESULTS), note: z.string() }),
  ),
  comments: z.string(),
  images: z.array(inspectionImageSchema),
  maintenanceItems: z.array(inspectionMaintenanceItemSchema),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** Filed from the phone: when the driver filed it there, when it arrived, sent late (issue 41). */
  ...syncTimesSchema,
  /** Whether the caller may still add photos (the inspector, or staff). */
  canAddImages: z.boolean(),
});
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

// ---- The list, its export and the pickers

export const INSPECTION_SORTS = ["inspectedAt", "overallStatus", "type", "asset"] as const;
export type InspectionSort = (typeof INSPECTION_SORTS)[number];

export const inspectionFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  assetType: z.enum(INSPECTION_ASSET_TYPES).optional(),
  vehicleId: z.uuid().optional(),
  trailerId: z.uuid().optional(),
  type: z.enum(INSPECTION_TYPES).optional(),
  status: z.enum(INSPECTION_STATUSES).optional(),
  driverId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(INSPECTION_SORTS).default("inspectedAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type InspectionFilter = z.infer<typeof inspectionFilterSchema>;

export const inspectionListQuerySchema = pageQuerySchema.extend(inspectionFilterSchema.shape);
export const inspectionPageSchema = pageSchema(inspectionListItemSchema);
export type InspectionPage = z.infer<typeof inspectionPageSchema>;

export const INSPECTION_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const inspectionExportQuerySchema = inspectionFilterSchema.extend({
  format: z.enum(INSPECTION_EXPORT_FORMATS).default("csv"),
});
export type InspectionExportQuery = z.infer<typeof inspectionExportQuerySchema>;

/** A vehicle or trailer the caller may inspect: a driver's assigned ones, or (staff) any. */
export const inspectableAssetSchema = z.object({
  id: z.string(),
  assetType: z.enum(INSPECTION_ASSET_TYPES),
  label: z.string(),
  description: z.string(),
  trailerType: z.string().nullable(),
  assignedDriverId: z.string().nullable(),
  assignedDriverName: z.string().nullable(),
});
export type InspectableAsset = z.infer<typeof inspectableAssetSchema>;

export const inspectableAssetsQuerySchema = z.object({
  assetType: z.enum(INSPECTION_ASSET_TYPES).optional(),
  q: z.string().trim().max(100).optional(),
});

export const inspectorOptionSchema = z.object({ id: z.string(), fullName: z.string() });
export type InspectorOption = z.infer<typeof inspectorOptionSchema>;
