import { z } from "@hono/zod-openapi";
import { RECEIPT_MAX_BYTES } from "@shared/fuel/fuel.schema";
import {
  expenseExportQuerySchema,
  expenseListQuerySchema,
  expensePageSchema,
  PARKING_PAYMENT_METHODS,
  parkingExpenseSchema,
  parkingReservationInputSchema,
  parkingReservationSchema,
  reservationExportQuerySchema,
  reservationListQuerySchema,
  reservationPageSchema,
} from "@shared/parking/parking.schema";
import type { Deps } from "../../deps";
import { optionalFileField, uploadBodyLimit } from "../../http/files";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createParkingService } from "./parking.service";

/** The multipart form as sent; the service validates it with the shared schema (field messages). */
const expenseForm = z.object({
  location: z.string().optional(),
  paymentMethod: z
    .string()
    .optional()
    .openapi({ enum: [...PARKING_PAYMENT_METHODS] }),
  amount: z.string().optional(),
  date: z.string().optional().openapi({ format: "date" }),
  vehicleId: z.string().optional(),
  driverId: z.string().optional(),
  notes: z.string().optional(),
  receipt: optionalFileField("A receipt: photo or PDF (optional; replaces the current one on edit)"),
  removeReceipt: z.string().optional().openapi({ description: '"true" drops the current receipt on edit' }),
});

export function parkingRoutes(deps: Deps) {
  const parking = createParkingService(deps);
  const t = routeTable({ tags: ["Parking"], access: "parking:manage" });
  // Fixed paths before /{id}.
  t.export(
    "/api/parking/expenses/export",
    { summary: "The filtered expenses as CSV or Excel", query: expenseExportQuerySchema },
    ({ query }) => parking.exportExpenses(query),
  );
  t.list(
    "/api/parking/expenses",
    {
      summary:
        "Parking expenses: search (location, notes, unit, driver), filters (payment method, vehicle, driver, " +
        "period), sort, pages, with the filtered sum",
      query: expenseListQuerySchema,
      response: expensePageSchema,
    },
    ({ query }) => parking.listExpenses(query),
  );
  t.upload(
    "/api/parking/expenses",
    {
      summary:
        "Record a parking expense (multipart, receipt optional; 415 for a file that is not a PDF or image)",
      form: expenseForm,
      response: parkingExpenseSchema,
      described: "Recorded",
      maxBytes: RECEIPT_MAX_BYTES,
    },
    ({ actor, form }) => parking.saveExpense(actor, form),
  );
  t.get(
    "/api/parking/expenses/{id}",
    { summary: "One parking expense", response: parkingExpenseSchema },
    ({ id }) => parking.getExpense(id),
  );
  // An edit with a new receipt (multipart PUT): `json` with the upload's size limit.
  t.json(
    "put",
    "/api/parking/expenses/{id}",
    {
      summary: "Edit a parking expense (multipart); a new receipt replaces the old one",
      params: uuidParams,
      form: expenseForm,
      response: parkingExpenseSchema,
      middleware: [uploadBodyLimit(RECEIPT_MAX_BYTES)],
    },
    ({ actor, id, form }) => parking.saveExpense(actor, form, id),
  );
  t.remove(
    "/api/parking/expenses/{id}",
    { summary: "Delete a parking expense and its receipt" },
    ({ actor, id }) => parking.removeExpense(actor, id),
  );
  t.download(
    "/api/parking/expenses/{id}/receipt",
    {
      summary: "An expense's receipt, as an attachment",
      types: ["application/pdf", "image/*"],
      described: "The receipt",
    },
    ({ id }) => parking.expenseReceipt(id),
  );
  t.export(
    "/api/parking/reservations/export",
    { summary: "The filtered reservations as CSV or Excel", query: reservationExportQuerySchema },
    ({ query }) => parking.exportReservations(query),
  );
  t.list(
    "/api/parking/reservations",
    {
      summary:
        "Parking reservations: upcoming (not ended), past or all; search, vehicle, period (overlapping), sort, pages",
      query: reservationListQuerySchema,
      response: reservationPageSchema,
    },
    ({ query }) => parking.listReservations(query),
  );
  t.create(
    "/api/parking/reservations",
    {
      summary:
        "Reserve parking for a vehicle. The end must be after the start; a reservation overlapping another of the " +
        "same vehicle answers 409 RESERVATION_OVERLAP (`details.conflict`). Back-to-back is fine",
      body: parkingReservationInputSchema,
      response: parkingReservationSchema,
      described: "Reserved",
    },
    ({ actor, body }) => parking.createReservation(actor, body),
  );
  t.get(
    "/api/parking/reservations/{id}",
    { summary: "One reservation", response: parkingReservationSchema },
    ({ id }) => parking.getReservation(id),
  );
  t.update(
    "/api/parking/reservations/{id}",
    {
      summary: "Change a reservation (409 RESERVATION_OVERLAP as on create)",
      body: parkingReservationInputSchema,
      response: parkingReservationSchema,
    },
    ({ actor, id, body }) => parking.updateReservation(actor, id, body),
  );
  t.remove("/api/parking/reservations/{id}", { summary: "Cancel (delete) a reservation" }, ({ actor, id }) =>
    parking.removeReservation(actor, id),
  );
  return t.app;
}
