import { z } from "@hono/zod-openapi";
import { itemsSchema } from "@shared/api/api.schema";
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
import { optionalFileField } from "../../http/files";
import { routeTable } from "../../http/route-table";
import { createFuelService } from "./fuel.service";

/**
 * The multipart form as sent. Every field is optional here on purpose: the service names all empty
 * required fields in one "Missing Information" answer instead of a generic validation error.
 */
const createForm = z.object({
  ...Object.fromEntries(
    FUEL_ENTRY_FIELDS.filter((f) => f !== "receipt").map((f) => [f, z.string().optional()]),
  ),
  receipt: optionalFileField("The receipt: a photo or PDF (checked by content)"),
  latitude: z.string().optional().openapi({
    description: "Where the phone was (while it shares its location): with longitude, or neither",
  }),
  longitude: z.string().optional(),
  confirmDuplicate: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: '"true" once the driver confirmed logging a likely duplicate again' }),
});

export function fuelRoutes(deps: Deps) {
  const fuel = createFuelService(deps);
  const t = routeTable({ tags: ["Fuel log"], access: "fuel:read" });
  // Fixed paths before /api/fuel-entries/{id}.
  t.export(
    "/api/fuel-entries/export",
    {
      summary:
        "The filtered entries as CSV or Excel (at most 50,000: 400 EXPORT_TOO_LARGE). Drivers: own entries",
      query: fuelExportQuerySchema,
    },
    ({ actor, query }) => fuel.export(actor, query),
  );
  t.list(
    "/api/fuel-entries/vehicles",
    {
      summary:
        "Vehicles a fuel entry can name (up to 50), with a driver's assigned vehicle first and flagged",
      query: fuelOptionsQuerySchema,
      response: fuelVehicleOptionsSchema,
    },
    ({ actor, query }) => fuel.vehicleOptions(actor, query.q),
  );
  t.list(
    "/api/fuel-entries/drivers",
    {
      summary: "Drivers for the staff view's filter (up to 50 by name)",
      access: "fuel:readAll",
      query: fuelOptionsQuerySchema,
      response: itemsSchema(fuelDriverOptionSchema),
    },
    async ({ query }) => ({ items: await fuel.driverOptions(query.q) }),
  );
  t.list(
    "/api/fuel-entries",
    {
      summary:
        "Fuel entries: search (location, state, unit, driver), filters (driver, vehicle, fuel type, state, " +
        "period), sort, pages, with the filtered set's totals. Drivers get only their own",
      query: fuelListQuerySchema,
      response: fuelPageSchema,
    },
    ({ actor, query }) => fuel.list(actor, query),
  );
  t.upload(
    "/api/fuel-entries",
    {
      summary:
        "A driver logs a purchase with its receipt (multipart). All fields are required: empty ones answer " +
        "400 MISSING_INFORMATION naming them; a receipt that is not a PDF or image is 415. The same truck, " +
        "gallons, total, state and day logged in the last 30 minutes answers 409 POSSIBLE_DUPLICATE (details: " +
        'the earlier entry) unless confirmDuplicate is "true". Raises the vehicle\'s mileage when the odometer is higher',
      access: "fuel:log",
      form: createForm,
      response: fuelEntrySchema,
      described: "Logged",
      maxBytes: RECEIPT_MAX_BYTES,
      replayable: true,
    },
    ({ actor, form, occurredAt, receivedAt }) => fuel.create(actor, form, { occurredAt, receivedAt }),
  );
  t.get(
    "/api/fuel-entries/{id}",
    { summary: "One entry (another driver's answers 404)", response: fuelEntrySchema },
    ({ actor, id }) => fuel.get(actor, id),
  );
  t.download(
    "/api/fuel-entries/{id}/receipt",
    {
      summary: "An entry's receipt, as an attachment (another driver's answers 404)",
      types: ["application/pdf", "image/*"],
      described: "The receipt",
    },
    ({ actor, id }) => fuel.receipt(actor, id),
  );
  t.remove(
    "/api/fuel-entries/{id}",
    {
      summary:
        "Remove an entry and its receipt. Admin, manager, accountant: any; a driver: their own within 24 hours " +
        "(409 DELETE_WINDOW_PASSED after)",
      access: "fuel:delete",
    },
    ({ actor, id }) => fuel.remove(actor, id),
  );
  return t.app;
}
