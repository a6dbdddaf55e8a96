import { z } from "zod";

export const TIME_OFF_STATUSES = ["pending", "approved", "denied", "cancelled"] as const;
export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];

/** "Please fill out all fields." covers empty dates or reason (spec section 5). */
export const FILL_ALL_FIELDS = "Please fill out all fields.";

export const timeOffRequestSchema = z
  .object({
    startDate: z.iso.date({ message: FILL_ALL_FIELDS }),
    endDate: z.iso.date({ message: FILL_ALL_FIELDS }),
    reason: z.string().trim().min(1, { message: FILL_ALL_FIELDS }).max(500),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ["endDate"],
    message: "The end date must be on or after the start date.",
  });
export type TimeOffRequestInput = z.input<typeof timeOffRequestSchema>;

export const reviewTimeOffSchema = z.object({
  decision: z.enum(["approved", "denied"]),
  note: z.string().trim().max(500).optional(),
});

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
export const calendarQuerySchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((v) => v.to >= v.from, {
    path: ["to"],
    message: "The end date must be on or after the start date.",
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
