import { z } from "zod";

import { TIME_OFF_STATUSES, type TimeOffStatus } from "./time-off-statuses";

export { TIME_OFF_STATUSES, type TimeOffStatus } from "./time-off-statuses";

/** "Please fill out all fields." covers empty dates or reason (spec section 5). */
export const FILL_ALL_FIELDS = "Please fill out all fields.";

export const timeOffRequestSchema = z
  .object({
    startDate: z.iso.date({ message: FILL_ALL_FIELDS }),
    endDate: z.iso.date({ message: FILL_ALL_FIELDS }),
    reason: z.string({ message: FILL_ALL_FIELDS }).trim().min(1, { message: FILL_ALL_FIELDS }).max(500),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ["endDate"],
    message: "The end date must be on or after the start date.",
  });
export type TimeOffRequestInput = z.input<typeof timeOffRequestSchema>;

export const TIME_OFF_DECISIONS = ["approved", "denied"] as const;
export type TimeOffDecision = (typeof TIME_OFF_DECISIONS)[number];

export const reviewTimeOffSchema = z.object({
  decision: z.enum(TIME_OFF_DECISIONS, { message: "Choose approve or deny." }),
  note: z.string().trim().max(500).optional(),
});
export type ReviewTimeOffInput = z.input<typeof reviewTimeOffSchema>;

/** Statuses that block another request over the same days. */
export const TIME_OFF_BLOCKING_STATUSES = ["pending", "approved"] as const satisfies readonly TimeOffStatus[];

/**
 * A driver may cancel a pending request, or an approved one that has not started yet (spec: "a
 * pending or future request"). `today` is a YYYY-MM-DD date; the server and the UI share the rule.
 */
export function driverMayCancel(request: { status: TimeOffStatus; startDate: string }, today: string) {
  return request.status === "pending" || (request.status === "approved" && request.startDate > today);
}

/** Managers may also call off an approved time off that is still running (the driver came back early). */
export function reviewerMayCancel(request: { status: TimeOffStatus; endDate: string }, today: string) {
  return request.status === "pending" || (request.status === "approved" && request.endDate >= today);
}

export const timeOffSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  status: z.enum(TIME_OFF_STATUSES),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

export const timeOffFilterSchema = z.object({
  status: z.enum(TIME_OFF_STATUSES).optional(),
  driverId: z.uuid().optional(),
});

export const CALENDAR_EVENT_KINDS = ["pickup", "delivery", "time_off"] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];
/** Longest range one calendar request may cover: a month view's six weeks, with room to spare. */
export const CALENDAR_MAX_DAYS = 62;
/** Whole days from `from` to `to` (YYYY-MM-DD), both read as UTC dates. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const calendarQuerySchema = z
  .object({ from: z.iso.date(), to: z.iso.date(), driverId: z.uuid().optional() })
  .refine((v) => v.to >= v.from, {
    path: ["to"],
    message: "The end date must be on or after the start date.",
  })
  .refine((v) => daysBetween(v.from, v.to) <= CALENDAR_MAX_DAYS, {
    path: ["to"],
    message: `Choose a range of at most ${CALENDAR_MAX_DAYS} days.`,
  });
export const calendarEventSchema = z.object({
  id: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  title: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  allDay: z.boolean(),
  loadId: z.string().nullable(),
  loadNumber: z.string().nullable(),
  driverName: z.string().nullable(),
  city: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** `truncated` is set when the range held more events than one answer carries. */
export const calendarEventsSchema = z.object({
  items: z.array(calendarEventSchema),
  truncated: z.boolean(),
});
export type CalendarEvents = z.infer<typeof calendarEventsSchema>;
