import { z } from "zod";
import { fromCents, toCents } from "./loads.schema";
import { MILES_LEGS, MILES_SOURCES, MILES_STATUSES, STATE_MILES_SOURCES } from "./miles.constants";

/**
 * A load's miles as the screens show them (issue 40, decision 051): loaded and empty (deadhead)
 * miles, where they come from, and the override staff may set with a reason. `loads.loaded_miles`
 * stays the one figure per-mile pay, $/mi and the reports read.
 */

export const MILES_MESSAGES = {
  reason: "Say why the miles differ from the route.",
  reasonWithMiles: (miles: number) => `Say why the miles differ from the route (${miles} mi).`,
  nothing: "Enter the loaded or the empty miles.",
  locked: "A completed or cancelled load keeps its miles.",
  cancelled: "A cancelled load keeps its miles.",
  settled: "This load's pay is on an approved or paid settlement: its miles stay as paid.",
  noOverride: "These miles are not overridden.",
} as const;

const miles = z.coerce
  .number({ message: "Enter the miles (0 to 20,000, one decimal)." })
  .min(0, { message: "Must be zero or more." })
  .max(20_000, { message: "Enter the miles (0 to 20,000, one decimal)." })
  .transform((v) => Math.round(v * 10) / 10);

/** PUT /api/loads/{id}/miles: staff type the miles the route does not give, and say why. */
export const milesOverrideSchema = z
  .object({
    loadedMiles: z
      .union([z.literal(""), miles])
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    emptyMiles: z
      .union([z.literal(""), miles])
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    reason: z
      .string({ message: MILES_MESSAGES.reason })
      .trim()
      .min(1, { message: MILES_MESSAGES.reason })
      .max(500),
  })
  .refine((v) => v.loadedMiles !== undefined || v.emptyMiles !== undefined, {
    message: MILES_MESSAGES.nothing,
    path: ["loadedMiles"],
  });
export type MilesOverrideInput = z.input<typeof milesOverrideSchema>;

export const stateMilesRowViewSchema = z.object({
  jurisdiction: z.string(),
  leg: z.enum(MILES_LEGS),
  source: z.enum(STATE_MILES_SOURCES),
  miles: z.number(),
});

export const loadMilesSchema = z.object({
  loadedMiles: z.number().nullable(),
  emptyMiles: z.number().nullable(),
  source: z.enum(MILES_SOURCES),
  status: z.enum(MILES_STATUSES),
  /** The routing engine that routed them ("osrm"…), "offline" for the estimate. */
  engine: z.string().nullable(),
  overrideReason: z.string().nullable(),
  computedAt: z.string().nullable(),
  /** Total rate ÷ loaded miles; null without miles (or for someone who may not see rates). */
  ratePerMile: z.string().nullable(),
  /** Which stops (1-based) could not be placed on the map when status is unplaceable. */
  unplacedStops: z.array(z.number().int()),
  stateMiles: z.array(stateMilesRowViewSchema),
  /**
   * The load's pay is on an approved or paid settlement: its miles stay as paid (no override). A
   * delivered load's miles may otherwise still be corrected by a person (decision 057).
   */
  settled: z.boolean(),
});
export type LoadMiles = z.infer<typeof loadMilesSchema>;

/** POST /api/loads/miles-preview: the form's stops, to show the estimate before saving. */
export const milesPreviewInputSchema = z.object({
  stops: z
    .array(
      z.object({
        city: z.string().trim().max(100).default(""),
        state: z.string().trim().max(2).default(""),
        postalCode: z.string().trim().max(10).default(""),
        latitude: z.number().min(-90).max(90).nullable().optional(),
        longitude: z.number().min(-180).max(180).nullable().optional(),
      }),
    )
    .min(2)
    .max(20),
  driverId: z.uuid().nullable().optional(),
  /** The load being edited (its own delivery is not its previous one). */
  loadId: z.uuid().nullable().optional(),
  /** The first pickup's time: the previous delivery is the driver's last one before it. */
  pickupAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type MilesPreviewInput = z.input<typeof milesPreviewInputSchema>;

export const milesPreviewSchema = z.object({
  loadedMiles: z.number().nullable(),
  emptyMiles: z.number().nullable(),
  source: z.enum(["estimated", "none"]),
  unplacedStops: z.array(z.number().int()),
});
export type MilesPreview = z.infer<typeof milesPreviewSchema>;

/** Dollars per mile, rounded to the cent (half up on cents); null without miles. */
export function ratePerMile(total: string | null, loadedMiles: number | null): string | null {
  if (total === null || !loadedMiles || loadedMiles <= 0) return null;
  return fromCents(Math.round(toCents(total) / loadedMiles));
}

/**
 * The reason an override carries when staff take the miles GPS measured ("Use GPS miles"): the same
 * word in every language, like the geofence's "GPS" (decision 057); the screens word it.
 */
export const GPS_MILES_REASON = "GPS miles";

/**
 * The miles GPS measured on a load's loaded leg (the nightly job's state miles from its breadcrumb),
 * when they differ from its loaded miles by more than a tenth: what "Use GPS miles" would set. Null
 * without GPS state miles or when they already agree.
 */
export function gpsMilesOffer(view: Pick<LoadMiles, "loadedMiles" | "stateMiles">): number | null {
  const gps = view.stateMiles.filter((s) => s.leg === "loaded" && s.source === "gps");
  if (!gps.length) return null;
  // Tenths, summed as integers: the states' rows are rounded to tenths.
  const total = gps.reduce((sum, s) => sum + Math.round(s.miles * 10), 0) / 10;
  return view.loadedMiles !== null && Math.abs(total - view.loadedMiles) < 0.05 ? null : total;
}

/** Whether two miles figures are the same for the form's purposes (the estimate shown is rounded). */
export const sameMiles = (a: number, b: number) => Math.abs(a - b) <= 0.5;
