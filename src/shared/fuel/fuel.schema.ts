import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { syncTimesSchema } from "../sync/sync.schema";
import { JURISDICTION_CODES } from "./jurisdictions";

/** Fuel log fuel types (spec section 9): diesel, unleaded, DEF (diesel exhaust fluid). */
export const FUEL_ENTRY_TYPES = ["diesel", "unleaded", "def"] as const;
export type FuelEntryType = (typeof FUEL_ENTRY_TYPES)[number];

/** Receipts: a photo or a PDF, checked by content on the server. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
] as const;
/** What the file picker offers (the server still checks the bytes). */
export const RECEIPT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,.heic,application/pdf,image/*";

/**
 * Every field of a fuel entry is required (spec section 5: "Fuel entry needs all fields, including
 * a vehicle and a receipt"). The order is the form's order, and the order missing fields are named in.
 */
export const FUEL_ENTRY_FIELDS = [
  "vehicleId",
  "fueledAt",
  "location",
  "state",
  "odometer",
  "fuelType",
  "gallons",
  "pricePerGallon",
  "totalAmount",
  "receipt",
] as const;
export type FuelEntryField = (typeof FUEL_ENTRY_FIELDS)[number];

/** English names of the fields, for the server's message (the UI shows its own translations). */
export const FUEL_FIELD_LABELS: Record<FuelEntryField, string> = {
  vehicleId: "Vehicle",
  fueledAt: "Date and time",
  location: "Location",
  state: "State/province",
  odometer: "Odometer",
  fuelType: "Fuel type",
  gallons: "Gallons",
  pricePerGallon: "Price per gallon",
  totalAmount: "Total amount",
  receipt: "Receipt",
};

/** The title of spec section 8 for empty required fields. */
export const MISSING_INFORMATION = "Missing Information";

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && v.trim() === "") ||
  (typeof File !== "undefined" && v instanceof File && v.size === 0 && v.name === "");

/** The required fields left empty, in form order. Server and form share it. */
export function missingFuelFields(values: Partial<Record<FuelEntryField, unknown>>): FuelEntryField[] {
  return FUEL_ENTRY_FIELDS.filter((f) => isBlank(values[f]));
}

/** "Vehicle, Odometer and Receipt" */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function missingInformationMessage(fields: FuelEntryField[]): string {
  return `${MISSING_INFORMATION}: please fill in ${listNames(fields.map((f) => FUEL_FIELD_LABELS[f]))}.`;
}

export const requiredMessage = (field: FuelEntryField) => `${FUEL_FIELD_LABELS[field]} is required.`;

/** A few minutes of clock difference between a phone and the server are tolerated. */
const FUTURE_SKEW_MS = 15 * 60_000;

const decimal = (pattern: RegExp, message: string, positive: string) =>
  z.coerce
    .string()
    .trim()
    .regex(pattern, { message })
    // "More than zero" only for a number: "abc" is told its format, not that it is zero.
    .refine((v) => !pattern.test(v) || Number(v) > 0, { message: positive });

/** Thousandths, exact: "3.899" → 3899. */
export function toThousandths(value: string): number {
  const [whole, frac = ""] = value.split(".");
  return Number(whole) * 1000 + Number(`${frac}000`.slice(0, 3));
}

/** gallons × price per gallon in cents, rounded half up, computed without floats. */
export function expectedTotalCents(gallons: string, pricePerGallon: string): number {
  // thousandths × thousandths = millionths of a dollar; / 10,000 = cents.
  return Math.round((toThousandths(gallons) * toThousandths(pricePerGallon)) / 10_000);
}

/** A receipt total may differ from gallons × price by rounding or a pump's own math: up to $1 or 2 %. */
export function totalMatches(gallons: string, pricePerGallon: string, totalAmount: string): boolean {
  const expected = expectedTotalCents(gallons, pricePerGallon);
  const total = Math.round(toThousandths(totalAmount) / 10);
  return Math.abs(total - expected) <= Math.max(100, Math.round(expected * 0.02));
}

export const centsToAmount = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** The fields of a fuel entry without the receipt (a file, sent beside them as multipart). */
export const fuelEntryFieldsSchema = z
  .object({
    vehicleId: z.uuid({ message: "Choose a vehicle." }),
    fueledAt: z.iso
      .datetime({ offset: true, message: "Enter the date and time of the purchase." })
      .refine((v) => Date.parse(v) <= Date.now() + FUTURE_SKEW_MS, {
        message: "The date and time cannot be in the future.",
      }),
    location: z
      .string()
      .trim()
      .min(1, { message: requiredMessage("location") })
      .max(160),
    state: z.enum(JURISDICTION_CODES, { message: "Choose a state or province." }),
    odometer: z.coerce
      .string()
      .trim()
      .regex(/^\d{1,7}$/, { message: "Enter the odometer in whole miles." })
      .transform(Number),
    fuelType: z.enum(FUEL_ENTRY_TYPES, { message: "Choose the fuel type." }),
    gallons: decimal(/^\d{1,4}(\.\d{1,3})?$/, "Enter gallons like 112.5.", "Gallons must be more than zero."),
    pricePerGallon: decimal(
      /^\d{1,3}(\.\d{1,3})?$/,
      "Enter a price like 3.899.",
      "The price must be more than zero.",
    ),
    totalAmount: decimal(
      /^\d{1,7}(\.\d{1,2})?$/,
      "Enter an amount like 412.50.",
      "The total must be more than zero.",
    ),
  })
  .superRefine((v, ctx) => {
    // Only three well-formed amounts can be compared: a malformed one ("abc") has its own message
    // above, and read as a number it would be NaN ("about $NaN.NaN").
    const amounts = [v.gallons, v.pricePerGallon, v.totalAmount];
    if (!amounts.every((a) => typeof a === "string" && /^\d+(\.\d+)?$/.test(a))) return;
    if (!totalMatches(v.gallons, v.pricePerGallon, v.totalAmount)) {
      ctx.addIssue({
        code: "custom",
        path: ["totalAmount"],
        message: `The total does not match gallons × price per gallon (about $${centsToAmount(
          expectedTotalCents(v.gallons, v.pricePerGallon),
        )}).`,
      });
    }
  });
export type FuelEntryFieldsInput = z.input<typeof fuelEntryFieldsSchema>;

export const FUEL_POSITION_MESSAGE = "The phone's position is not valid.";
const coordinate = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,10})?$/, { message: FUEL_POSITION_MESSAGE })
    .transform(Number)
    .refine((v) => Math.abs(v) <= max, { message: FUEL_POSITION_MESSAGE });

/**
 * Where the phone was when the driver logged the purchase — sent only while it shares its location
 * (issue 40): both coordinates or neither. Stored as the entry's place, source "device", street-level.
 */
export const fuelDevicePositionSchema = z
  .object({ latitude: coordinate(90).optional(), longitude: coordinate(180).optional() })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), {
    message: FUEL_POSITION_MESSAGE,
    path: ["latitude"],
  });
export type FuelEntryFields = z.output<typeof fuelEntryFieldsSchema>;

export const fuelReceiptSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const fuelEntrySchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  vehicleId: z.string().nullable(),
  /** The unit number. */
  vehicleLabel: z.string().nullable(),
  fueledAt: z.string(),
  location: z.string(),
  state: z.string(),
  odometer: z.number().int(),
  fuelType: z.enum(FUEL_ENTRY_TYPES),
  gallons: z.string(),
  pricePerGallon: z.string(),
  totalAmount: z.string(),
  /** Null only for entries recorded before receipts were kept (e.g. imported history). */
  receipt: fuelReceiptSchema.nullable(),
  createdAt: z.string(),
  /** Logged from the phone: when the driver logged it there, when it arrived, sent late (issue 41). */
  ...syncTimesSchema,
  /** Whether the caller may remove it (staff who manage fuel; the driver within 24 hours). */
  canDelete: z.boolean(),
});
export type FuelEntry = z.infer<typeof fuelEntrySchema>;

/**
 * A second entry for the same truck, gallons, total, state and day within this many minutes of the
 * first is most likely the same receipt sent twice (a double tap, a retry on a weak signal): the
 * server answers 409 POSSIBLE_DUPLICATE unless the driver confirms it (`confirmDuplicate`).
 */
export const FUEL_DUPLICATE_WINDOW_MINUTES = 30;
export const duplicateFuelMessage = (minutes: number) =>
  `The same fill-up (truck, gallons, total, state and day) was logged ${minutes} minute${minutes === 1 ? "" : "s"} ago. Log it again?`;
export const fuelDuplicateDetailsSchema = z.object({
  /** When the matching entry was logged, and where the driver said it was. */
  loggedAt: z.string(),
  location: z.string(),
  gallons: z.string(),
  totalAmount: z.string(),
});
export type FuelDuplicateDetails = z.infer<typeof fuelDuplicateDetailsSchema>;

/** A driver may take back their own entry (a typo, a wrong receipt) for this long. */
export const DRIVER_DELETE_WINDOW_HOURS = 24;

/**
 * An odometer reading must be plausible against the vehicle's last one (issue 10, point 5): never
 * below it, and at most this far above it — the larger of a floor and a daily allowance times the days
 * since that reading (a team truck runs well under 1,500 miles a day).
 */
export const ODOMETER_MIN_ALLOWANCE_MILES = 1500;
export const ODOMETER_DAILY_ALLOWANCE_MILES = 3000;
export const odometerBelowMessage = (last: number) =>
  `The odometer is below this truck's last reading of ${last} mi. Check the number, or ask the office to correct the last reading.`;
export const odometerTooHighMessage = (last: number, allowed: number) =>
  `The odometer is more than ${allowed} mi above this truck's last reading of ${last} mi. Check the number, or ask the office to correct the last reading.`;
/** A driver logs fuel only for their assigned truck or the truck of a load they are running. */
export const NOT_YOUR_VEHICLE_MESSAGE = "Choose the truck assigned to you or to one of your loads.";

/** Staff correct a vehicle's last odometer reading, with the reason (audited). */
export const odometerCorrectionSchema = z.object({
  odometer: z.coerce
    .number({ message: "Enter the odometer in whole miles." })
    .int({ message: "Enter the odometer in whole miles." })
    .min(0, { message: "Enter the odometer in whole miles." })
    .max(9_999_999, { message: "Enter the odometer in whole miles." }),
  reason: z
    .string()
    .trim()
    .min(3, { message: "Say why the reading is corrected (at least 3 characters)." })
    .max(500, { message: "Keep the reason under 500 characters." }),
});
export type OdometerCorrection = z.infer<typeof odometerCorrectionSchema>;

export const FUEL_SORTS = ["fueledAt", "totalAmount", "gallons", "odometer", "location"] as const;
export type FuelSort = (typeof FUEL_SORTS)[number];

export const fuelFilterSchema = z.object({
  /** Location, state, unit number or driver name. */
  q: z.string().trim().max(100).optional(),
  driverId: z.uuid().optional(),
  vehicleId: z.uuid().optional(),
  fuelType: z.enum(FUEL_ENTRY_TYPES).optional(),
  state: z.enum(JURISDICTION_CODES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(FUEL_SORTS).default("fueledAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type FuelFilter = z.infer<typeof fuelFilterSchema>;

export const fuelListQuerySchema = pageQuerySchema.extend(fuelFilterSchema.shape);
export type FuelListQuery = z.infer<typeof fuelListQuerySchema>;

export const fuelPageSchema = pageSchema(fuelEntrySchema).extend({
  /** Sums over the whole filtered set, not just this page. */
  totals: z.object({ gallons: z.string(), amount: z.string() }),
});
export type FuelPage = z.infer<typeof fuelPageSchema>;

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const fuelExportQuerySchema = fuelFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS).default("csv"),
});
export type FuelExportQuery = z.infer<typeof fuelExportQuerySchema>;

// ---- Pickers of the fuel screens (drivers, safety and accountants have no dispatch lookups)

export const fuelOptionsQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const fuelVehicleOptionSchema = z.object({
  id: z.string(),
  unitNumber: z.string(),
  /** Make, model and plate. */
  description: z.string(),
  /** The odometer on record, in miles. */
  mileage: z.number().int(),
  /** The caller's assigned vehicle (drivers). */
  assigned: z.boolean(),
});
export type FuelVehicleOption = z.infer<typeof fuelVehicleOptionSchema>;
export const fuelVehicleOptionsSchema = z.object({
  items: z.array(fuelVehicleOptionSchema),
  /** A driver's assigned vehicle: the form's default. */
  assignedVehicleId: z.string().nullable(),
});
export type FuelVehicleOptions = z.infer<typeof fuelVehicleOptionsSchema>;
export const fuelDriverOptionSchema = z.object({ id: z.string(), fullName: z.string() });
export type FuelDriverOption = z.infer<typeof fuelDriverOptionSchema>;
