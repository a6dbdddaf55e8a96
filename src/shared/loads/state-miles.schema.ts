import { z } from "zod";
import { STATE_MILES_SOURCES } from "./miles.constants";

/** Miles by state or province (IFTA): what the driver records on the trip (issue 15). */

export const STATE_MILES_MESSAGES = {
  jurisdiction: "Choose a state or province.",
  miles: "Enter the miles driven there (0 to 5,000, one decimal).",
  duplicate: "Each state or province appears once.",
  cancelled: "A cancelled load has no miles to record.",
} as const;

export const stateMilesRowSchema = z.object({ jurisdiction: z.string(), miles: z.string() });
export const stateMilesSchema = z.object({
  items: z.array(stateMilesRowSchema),
  /**
   * Where the rows come from (issue 40): recorded by a person, from GPS, routed or estimated; null
   * without rows. Recording replaces computed rows; computed rows never replace recorded ones.
   */
  source: z.enum(STATE_MILES_SOURCES).nullable(),
  /** The load's loaded miles, to compare the states' total with. */
  loadedMiles: z.number().nullable(),
  /** Whether the caller may change them (staff who write loads, the load's driver). */
  canEdit: z.boolean(),
  recordedAt: z.string().nullable(),
});
export type StateMiles = z.infer<typeof stateMilesSchema>;

export const stateMilesInputSchema = z.object({
  items: z
    .array(
      z.object({
        jurisdiction: z.string().trim().toUpperCase().length(2, STATE_MILES_MESSAGES.jurisdiction),
        miles: z
          .string()
          .trim()
          .regex(/^\d{1,4}(\.\d)?$/, STATE_MILES_MESSAGES.miles)
          .refine((v) => Number(v) <= 5000, STATE_MILES_MESSAGES.miles),
      }),
    )
    .max(70)
    .refine((rows) => new Set(rows.map((r) => r.jurisdiction)).size === rows.length, {
      message: STATE_MILES_MESSAGES.duplicate,
    }),
});
export type StateMilesInput = z.infer<typeof stateMilesInputSchema>;
