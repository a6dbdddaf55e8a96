import { z } from "zod";

/**
 * A stop's time (decision 034): a single appointment time, an appointment window (from–to), or
 * "first come, first served" hours (the dock's opening and closing on that day).
 */
export const APPOINTMENT_KINDS = ["appointment", "window", "fcfs"] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

/**
 * The driver's check-ins at a stop, in this order: arrived, done (loaded at a pickup, unloaded at a
 * delivery), departed. Each stop's arrival waits for the previous stop's departure.
 */
export const CHECK_IN_EVENTS = ["arrived", "done", "departed"] as const;
export type CheckInEvent = (typeof CHECK_IN_EVENTS)[number];

/**
 * When a load checked in stop by stop counts as delivered (a company setting, issue 38): when the
 * driver leaves the last stop (the default; the BOL or POD must be on file), or once the proof of
 * delivery is uploaded after the freight is off the truck. Either way the last stop takes its
 * departure, so detention at the receiver is computed like at every other stop.
 */
export const LOAD_COMPLETIONS = ["departure", "pod"] as const;
export type LoadCompletion = (typeof LOAD_COMPLETIONS)[number];
export const DEFAULT_LOAD_COMPLETION: LoadCompletion = "departure";

/** A detention charge the stop's times justify: proposed, then accepted onto the load or dismissed. */
export const DETENTION_STATUSES = ["proposed", "accepted", "dismissed"] as const;
export type DetentionStatus = (typeof DETENTION_STATUSES)[number];
export const DETENTION_DECISIONS = ["accept", "dismiss"] as const;

/** A customer's free time at a stop before detention is owed, and the hourly rate (per customer). */
export const DEFAULT_DETENTION_FREE_MINUTES = 120;
export const DEFAULT_DETENTION_RATE = "75.00";

/** Starting a trip earlier than this before the first pickup asks for a confirmation. */
export const EARLY_START_HOURS = 12;

export const WINDOW_END_BEFORE_START_MESSAGE = "The window must end after it starts.";
export const WINDOW_END_REQUIRED_MESSAGE = "Enter when the window ends.";
export const CHECK_IN_TIME_ORDER_MESSAGE =
  "The times must be in order: arrived, then loaded or unloaded, then departed.";
export const CHECK_IN_FUTURE_MESSAGE = "A check-in time cannot be in the future.";
export const earlyStartMessage = (pickupAt: string) =>
  `The first pickup is not until ${pickupAt}. Start the trip anyway?`;

/** The next check-in a stop expects, or null when the driver has left it. */
export function nextCheckIn(stop: {
  arrivedAt: string | Date | null;
  doneAt: string | Date | null;
  departedAt: string | Date | null;
}): CheckInEvent | null {
  if (!stop.arrivedAt) return "arrived";
  if (!stop.doneAt) return "done";
  if (!stop.departedAt) return "departed";
  return null;
}

const minutes = (ms: number) => Math.floor(ms / 60_000);

/**
 * Detention at one stop (decision 034). The clock starts at the later of the arrival and the
 * appointment (an appointment's time, a window's start; "first come, first served" starts at the
 * arrival), runs to the departure, and the customer's free time comes off. Billed by the whole minute
 * at the hourly rate: cents = round(rate cents × minutes ÷ 60), halves up. Null when nothing is owed.
 */
export function computeDetention(
  stop: {
    appointmentKind: AppointmentKind;
    scheduledAt: string | Date;
    arrivedAt: string | Date | null;
    departedAt: string | Date | null;
  },
  freeMinutes: number,
  ratePerHour: string,
): { minutes: number; amount: string } | null {
  if (!stop.arrivedAt || !stop.departedAt) return null;
  const arrived = new Date(stop.arrivedAt).getTime();
  const appointment = new Date(stop.scheduledAt).getTime();
  const start = stop.appointmentKind === "fcfs" ? arrived : Math.max(arrived, appointment);
  const over = minutes(new Date(stop.departedAt).getTime() - start) - freeMinutes;
  if (over <= 0) return null;
  const [whole, frac = ""] = ratePerHour.split(".");
  const rateCents = Number(whole) * 100 + Number(`${frac}00`.slice(0, 2));
  const cents = Math.round((rateCents * over) / 60);
  if (cents <= 0) return null;
  return { minutes: over, amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}` };
}

/** What a stop says about its check-ins and detention (part of the load's stops). */
export const stopProgressSchema = z.object({
  arrivedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  departedAt: z.string().nullable(),
  detentionMinutes: z.number().int().nullable(),
  detentionAmount: z.string().nullable(),
  detentionStatus: z.enum(DETENTION_STATUSES).nullable(),
});
export type StopProgress = z.infer<typeof stopProgressSchema>;
