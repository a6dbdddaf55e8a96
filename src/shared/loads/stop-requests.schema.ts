import { z } from "zod";
import { CHECK_IN_EVENTS, DETENTION_DECISIONS } from "./stops.schema";

/*
 * The bodies of the check-in, correction and detention requests (decision 034). A module of their
 * own: the server parses with them; the web only needs their types, so none of this reaches a bundle.
 */

export const CHECK_IN_BEFORE_TRIP_MESSAGE = "A check-in time cannot be before the trip started.";
export const GEOFENCE_EVENT_MISMATCH_MESSAGE = "This location proposal is not for this stop's check-in.";
export const GEOFENCE_EVENT_DECIDED_MESSAGE = "This location proposal has already been answered.";

/**
 * The driver's check-in. `at` (issue 40) is when it happened, when the phone noticed it first — the
 * time the truck entered or left the stop's geofence; not in the future, not before the trip started.
 * `geofenceEventId` is the proposal the driver confirms ("You're at … — check in?"): its time is used
 * when `at` is not given, and it is marked confirmed.
 */
export const checkInSchema = z.object({
  event: z.enum(CHECK_IN_EVENTS),
  at: z.iso.datetime({ offset: true, message: "Enter a valid date and time." }).optional(),
  geofenceEventId: z.uuid({ message: "Unknown location proposal." }).optional(),
});
export type CheckInInput = z.infer<typeof checkInSchema>;

/** Staff correcting a check-in time: the reason goes on the timeline. */
export const correctCheckInSchema = z.object({
  event: z.enum(CHECK_IN_EVENTS),
  at: z.iso.datetime({ offset: true, message: "Date and time are required." }),
  reason: z.string().trim().min(1, { message: "Say why the time changes." }).max(500),
});
export type CorrectCheckInInput = z.input<typeof correctCheckInSchema>;

export const detentionDecisionSchema = z.object({
  decision: z.enum(DETENTION_DECISIONS),
  note: z.string().trim().max(500).optional(),
});
export type DetentionDecisionInput = z.infer<typeof detentionDecisionSchema>;

/** Body of "start trip": `confirmEarly` once the driver has seen the early-start question. */
export const startTripSchema = z.object({ confirmEarly: z.boolean().optional() });
