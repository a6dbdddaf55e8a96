import { z } from "zod";
import { pageQuerySchema, pageSchema } from "../api/api.schema";
import { EXPORT_FORMATS } from "../fuel/fuel.schema";

/** Parking payment methods (spec section 9): credit or debit card, cash, mobile app, invoice. */
export const PARKING_PAYMENT_METHODS = ["card", "cash", "mobile_app", "invoice"] as const;
export type ParkingPaymentMethod = (typeof PARKING_PAYMENT_METHODS)[number];

const money = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: "Enter an amount like 45 or 45.50." });

const optionalId = z
  .union([z.uuid(), z.literal("")])
  .nullable()
  .optional()
  .transform((v) => v || null);

// ---- Expenses

/** The fields of an expense; a receipt (optional) travels beside them as multipart. */
export const parkingExpenseInputSchema = z.object({
  location: z
    .string({ message: "Location or company is required." })
    .trim()
    .min(1, { message: "Location or company is required." })
    .max(160),
  paymentMethod: z.enum(PARKING_PAYMENT_METHODS, { message: "Choose how it was paid." }),
  amount: money("Amount is required.").refine((v) => Number(v) > 0, {
    message: "The amount must be more than zero.",
  }),
  date: z.iso.date({ message: "Date is required." }),
  vehicleId: optionalId,
  driverId: optionalId,
  notes: z.string().trim().max(500).default(""),
});
export type ParkingExpenseInput = z.input<typeof parkingExpenseInputSchema>;
export type ParkingExpenseValues = z.output<typeof parkingExpenseInputSchema>;

export const parkingExpenseSchema = z.object({
  id: z.string(),
  location: z.string(),
  paymentMethod: z.enum(PARKING_PAYMENT_METHODS),
  amount: z.string(),
  date: z.string(),
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  notes: z.string(),
  receipt: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type ParkingExpense = z.infer<typeof parkingExpenseSchema>;

export const EXPENSE_SORTS = ["date", "amount", "location"] as const;
export type ExpenseSort = (typeof EXPENSE_SORTS)[number];
export const expenseFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  paymentMethod: z.enum(PARKING_PAYMENT_METHODS).optional(),
  vehicleId: z.uuid().optional(),
  driverId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(EXPENSE_SORTS).default("date"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});
export type ExpenseFilter = z.infer<typeof expenseFilterSchema>;
export const expenseListQuerySchema = pageQuerySchema.extend(expenseFilterSchema.shape);
export const expensePageSchema = pageSchema(parkingExpenseSchema).extend({ totalAmount: z.string() });
export type ExpensePage = z.infer<typeof expensePageSchema>;
export const expenseExportQuerySchema = expenseFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS).default("csv"),
});

// ---- Reservations

export const RESERVATION_END_AFTER_START = "The end must be after the start.";
export const RESERVATION_OVERLAP_CODE = "RESERVATION_OVERLAP";

export const parkingReservationInputSchema = z
  .object({
    location: z
      .string({ message: "Location is required." })
      .trim()
      .min(1, { message: "Location is required." })
      .max(160),
    startsAt: z.iso.datetime({ offset: true, message: "Enter the start date and time." }),
    endsAt: z.iso.datetime({ offset: true, message: "Enter the end date and time." }),
    cost: money("Cost is required."),
    notes: z.string().trim().max(500).default(""),
    vehicleId: z.uuid({ message: "Choose a vehicle." }),
    driverId: optionalId,
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    path: ["endsAt"],
    message: RESERVATION_END_AFTER_START,
  });
export type ParkingReservationInput = z.input<typeof parkingReservationInputSchema>;
export type ParkingReservationValues = z.output<typeof parkingReservationInputSchema>;

export const parkingReservationSchema = z.object({
  id: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  cost: z.string(),
  notes: z.string(),
  vehicleId: z.string().nullable(),
  vehicleLabel: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  createdAt: z.string(),
});
export type ParkingReservation = z.infer<typeof parkingReservationSchema>;

/** The reservation a new or moved one would overlap (409 RESERVATION_OVERLAP `details.conflict`). */
export const reservationConflictSchema = z.object({
  id: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  vehicleLabel: z.string().nullable(),
});
export type ReservationConflict = z.infer<typeof reservationConflictSchema>;

/** Upcoming: not ended yet (including the ones running now). Past: ended. */
export const RESERVATION_STATES = ["upcoming", "past", "all"] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];
export const RESERVATION_SORTS = ["startsAt", "endsAt", "cost", "location"] as const;
export type ReservationSort = (typeof RESERVATION_SORTS)[number];
export const reservationFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  state: z.enum(RESERVATION_STATES).default("upcoming"),
  vehicleId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Default: upcoming soonest first, past most recent first. */
  sort: z.enum(RESERVATION_SORTS).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
});
export type ReservationFilter = z.infer<typeof reservationFilterSchema>;
export const reservationListQuerySchema = pageQuerySchema.extend(reservationFilterSchema.shape);
export const reservationPageSchema = pageSchema(parkingReservationSchema).extend({
  totalCost: z.string(),
});
export type ReservationPage = z.infer<typeof reservationPageSchema>;
export const reservationExportQuerySchema = reservationFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS).default("csv"),
});
