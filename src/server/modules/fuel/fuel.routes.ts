import { OpenAPIHono, z } from "@hono/zod-openapi";
import { itemsSchema, okSchema } from "@shared/api/api.schema";
import {
  FUEL_ENTRY_FIELDS,
  fuelDriverOptionSchema,
  fuelEntrySchema,
  fuelExportQuerySchema,
  fuelListQuerySchema,
  fuelOptionsQuerySchema,
  fuelPageSchema,
  fuelVehicleOptionsSchema,
  RECEIPT_MAX_BYTES,
} from "@shared/fuel/fuel.schema";
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
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
import { createFuelService } from "./fuel.service";

const tags = ["Fuel log"];

/**
 * The multipart form as sent. Every field is optional here on purpose: the service names all empty
 * required fields in one "Missing Information" answer instead of a generic validation error.
 */
const createForm = z.object({
  ...Object.fromEntries(
    FUEL_ENTRY_FIELDS.filter((f) => f !== "receipt").map((f) => [f, z.string().optional()]),
  ),
  receipt: optionalFileField("The receipt: a photo or PDF (checked by content)"),
  confirmDuplicate: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: '"true" once the driver confirmed logging a likely duplicate again' }),
});

const list = defineRoute({
  method: "get",
  path: "/api/fuel-entries",
  tags,
  summary:
    "Fuel entries: search (location, state, unit, driver), filters (driver, vehicle, fuel type, state, " +
    "period), sort, pages, with the filtered set's totals. Drivers get only their own",
  access: "fuel:read",
  request: { query: fuelListQuerySchema },
  responses: { 200: jsonContent(fuelPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/fuel-entries/export",
  tags,
  summary:
    "The filtered entries as CSV or Excel (at most 50,000: 400 EXPORT_TOO_LARGE). Drivers: own entries",
  access: "fuel:read",
  request: { query: fuelExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const vehicleOptions = defineRoute({
  method: "get",
  path: "/api/fuel-entries/vehicles",
  tags,
  summary: "Vehicles a fuel entry can name (up to 50), with a driver's assigned vehicle first and flagged",
  access: "fuel:read",
  request: { query: fuelOptionsQuerySchema },
  responses: { 200: jsonContent(fuelVehicleOptionsSchema) },
});
const driverOptions = defineRoute({
  method: "get",
  path: "/api/fuel-entries/drivers",
  tags,
  summary: "Drivers for the staff view's filter (up to 50 by name)",
  access: "fuel:readAll",
  request: { query: fuelOptionsQuerySchema },
  responses: { 200: jsonContent(itemsSchema(fuelDriverOptionSchema)) },
});
const create = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/fuel-entries",
    tags,
    summary:
      "A driver logs a purchase with its receipt (multipart). All fields are required: empty ones answer " +
      "400 MISSING_INFORMATION naming them; a receipt that is not a PDF or image is 415. The same truck, " +
      "gallons, total, state and day logged in the last 30 minutes answers 409 POSSIBLE_DUPLICATE (details: " +
      'the earlier entry) unless confirmDuplicate is "true". Raises the vehicle\'s mileage when the odometer is higher',
    access: "fuel:log",
    request: { body: { required: true, content: { "multipart/form-data": { schema: createForm } } } },
    responses: { 201: jsonContent(fuelEntrySchema, "Logged") },
  }),
  uploadBodyLimit(RECEIPT_MAX_BYTES),
);
const get = defineRoute({
  method: "get",
  path: "/api/fuel-entries/{id}",
  tags,
  summary: "One entry (another driver's answers 404)",
  access: "fuel:read",
  request: { params: uuidParams },
  responses: { 200: jsonContent(fuelEntrySchema) },
});
const receipt = defineRoute({
  method: "get",
  path: "/api/fuel-entries/{id}/receipt",
  tags,
  summary: "An entry's receipt, as an attachment (another driver's answers 404)",
  access: "fuel:read",
  request: { params: uuidParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The receipt") },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/fuel-entries/{id}",
  tags,
  summary:
    "Remove an entry and its receipt. Admin, manager, accountant: any; a driver: their own within 24 hours " +
    "(409 DELETE_WINDOW_PASSED after)",
  access: "fuel:delete",
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});

export function fuelRoutes(deps: Deps) {
  const fuel = createFuelService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/fuel-entries/{id}.
      .openapi(exportList, async (c) => {
        const file = await fuel.export(actorOf(c), c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(vehicleOptions, async (c) =>
        c.json(await fuel.vehicleOptions(actorOf(c), c.req.valid("query").q), 200),
      )
      .openapi(driverOptions, async (c) =>
        c.json({ items: await fuel.driverOptions(c.req.valid("query").q) }, 200),
      )
      .openapi(list, async (c) => c.json(await fuel.list(actorOf(c), c.req.valid("query")), 200))
      .openapi(create, async (c) =>
        c.json(await fuel.create(actorOf(c), c.req.valid("form") as Record<string, unknown>), 201),
      )
      .openapi(get, async (c) => c.json(await fuel.get(actorOf(c), c.req.valid("param").id), 200))
      .openapi(receipt, async (c) => {
        const file = await fuel.receipt(actorOf(c), c.req.valid("param").id);
        return fileResponse(c, file);
      })
      .openapi(remove, async (c) => {
        await fuel.remove(actorOf(c), c.req.valid("param").id);
        return c.json({ ok: true as const }, 200);
      })
  );
}
