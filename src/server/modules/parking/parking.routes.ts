import { OpenAPIHono, z } from "@hono/zod-openapi";
import { okSchema } from "@shared/api/api.schema";
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
import { type AppEnv, actorOf } from "../../http/context";
import {
  binary,
  fileResponse,
  optionalFileField,
  SHEET_TYPES,
  uploadBodyLimit,
  withMiddleware,
} from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createParkingService } from "./parking.service";

const tags = ["Parking"];
const MANAGE = "parking:manage";

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
const expenseBody = { required: true, content: { "multipart/form-data": { schema: expenseForm } } };

const listExpenses = defineRoute({
  method: "get",
  path: "/api/parking/expenses",
  tags,
  summary:
    "Parking expenses: search (location, notes, unit, driver), filters (payment method, vehicle, driver, " +
    "period), sort, pages, with the filtered sum",
  access: MANAGE,
  request: { query: expenseListQuerySchema },
  responses: { 200: jsonContent(expensePageSchema) },
});
const exportExpenses = defineRoute({
  method: "get",
  path: "/api/parking/expenses/export",
  tags,
  summary: "The filtered expenses as CSV or Excel",
  access: MANAGE,
  request: { query: expenseExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const createExpense = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/parking/expenses",
    tags,
    summary:
      "Record a parking expense (multipart, receipt optional; 415 for a file that is not a PDF or image)",
    access: MANAGE,
    request: { body: expenseBody },
    responses: { 201: jsonContent(parkingExpenseSchema, "Recorded") },
  }),
  uploadBodyLimit(RECEIPT_MAX_BYTES),
);
const getExpense = defineRoute({
  method: "get",
  path: "/api/parking/expenses/{id}",
  tags,
  summary: "One parking expense",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(parkingExpenseSchema) },
});
const updateExpense = withMiddleware(
  defineRoute({
    method: "put",
    path: "/api/parking/expenses/{id}",
    tags,
    summary: "Edit a parking expense (multipart); a new receipt replaces the old one",
    access: MANAGE,
    request: { params: uuidParams, body: expenseBody },
    responses: { 200: jsonContent(parkingExpenseSchema) },
  }),
  uploadBodyLimit(RECEIPT_MAX_BYTES),
);
const removeExpense = defineRoute({
  method: "delete",
  path: "/api/parking/expenses/{id}",
  tags,
  summary: "Delete a parking expense and its receipt",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});
const expenseReceipt = defineRoute({
  method: "get",
  path: "/api/parking/expenses/{id}/receipt",
  tags,
  summary: "An expense's receipt, as an attachment",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The receipt") },
});

const listReservations = defineRoute({
  method: "get",
  path: "/api/parking/reservations",
  tags,
  summary:
    "Parking reservations: upcoming (not ended), past or all; search, vehicle, period (overlapping), sort, pages",
  access: MANAGE,
  request: { query: reservationListQuerySchema },
  responses: { 200: jsonContent(reservationPageSchema) },
});
const exportReservations = defineRoute({
  method: "get",
  path: "/api/parking/reservations/export",
  tags,
  summary: "The filtered reservations as CSV or Excel",
  access: MANAGE,
  request: { query: reservationExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const createReservation = defineRoute({
  method: "post",
  path: "/api/parking/reservations",
  tags,
  summary:
    "Reserve parking for a vehicle. The end must be after the start; a reservation overlapping another of the " +
    "same vehicle answers 409 RESERVATION_OVERLAP (`details.conflict`). Back-to-back is fine",
  access: MANAGE,
  request: { body: jsonBody(parkingReservationInputSchema) },
  responses: { 201: jsonContent(parkingReservationSchema, "Reserved") },
});
const getReservation = defineRoute({
  method: "get",
  path: "/api/parking/reservations/{id}",
  tags,
  summary: "One reservation",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(parkingReservationSchema) },
});
const updateReservation = defineRoute({
  method: "put",
  path: "/api/parking/reservations/{id}",
  tags,
  summary: "Change a reservation (409 RESERVATION_OVERLAP as on create)",
  access: MANAGE,
  request: { params: uuidParams, body: jsonBody(parkingReservationInputSchema) },
  responses: { 200: jsonContent(parkingReservationSchema) },
});
const removeReservation = defineRoute({
  method: "delete",
  path: "/api/parking/reservations/{id}",
  tags,
  summary: "Cancel (delete) a reservation",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});

const ok = { ok: true as const };

export function parkingRoutes(deps: Deps) {
  const parking = createParkingService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /{id}.
      .openapi(exportExpenses, async (c) => {
        const file = await parking.exportExpenses(c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(listExpenses, async (c) => c.json(await parking.listExpenses(c.req.valid("query")), 200))
      .openapi(createExpense, async (c) =>
        c.json(await parking.saveExpense(actorOf(c), c.req.valid("form") as Record<string, unknown>), 201),
      )
      .openapi(getExpense, async (c) => c.json(await parking.getExpense(c.req.valid("param").id), 200))
      .openapi(updateExpense, async (c) =>
        c.json(
          await parking.saveExpense(
            actorOf(c),
            c.req.valid("form") as Record<string, unknown>,
            c.req.valid("param").id,
          ),
          200,
        ),
      )
      .openapi(removeExpense, async (c) => {
        await parking.removeExpense(actorOf(c), c.req.valid("param").id);
        return c.json(ok, 200);
      })
      .openapi(expenseReceipt, async (c) => {
        const file = await parking.expenseReceipt(c.req.valid("param").id);
        return fileResponse(c, file);
      })
      .openapi(exportReservations, async (c) => {
        const file = await parking.exportReservations(c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(listReservations, async (c) =>
        c.json(await parking.listReservations(c.req.valid("query")), 200),
      )
      .openapi(createReservation, async (c) =>
        c.json(await parking.createReservation(actorOf(c), c.req.valid("json")), 201),
      )
      .openapi(getReservation, async (c) =>
        c.json(await parking.getReservation(c.req.valid("param").id), 200),
      )
      .openapi(updateReservation, async (c) =>
        c.json(
          await parking.updateReservation(actorOf(c), c.req.valid("param").id, c.req.valid("json")),
          200,
        ),
      )
      .openapi(removeReservation, async (c) => {
        await parking.removeReservation(actorOf(c), c.req.valid("param").id);
        return c.json(ok, 200);
      })
  );
}
