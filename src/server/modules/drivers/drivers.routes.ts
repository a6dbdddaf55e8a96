import { z } from "@hono/zod-openapi";
import { assignmentSchema } from "@shared/assignments/assignments.schema";
import { timeOffSchema } from "@shared/calendar/time-off.schema";
import {
  createDriverAccountSchema,
  createDriverSchema,
  DRIVER_DOCUMENT_KINDS,
  DRIVER_DOCUMENT_MAX_BYTES,
  driverDetailSchema,
  driverDocumentSchema,
  driverExportQuerySchema,
  driverListQuerySchema,
  driverPageSchema,
  setDriverStatusSchema,
  updateDriverSchema,
} from "@shared/drivers/management.schema";
import type { Deps } from "../../deps";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createDriverDocumentsService } from "./driver-documents.service";
import { createDriversService } from "./drivers.service";
import { exportDrivers } from "./drivers-export";

const WRITE = "drivers:write";

const documentParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  documentId: z.uuid({ message: "Invalid id." }),
});
const uploadSchema = z.object({
  file: z.instanceof(File, { message: "Choose a file." }).openapi({ type: "string", format: "binary" }),
  kind: z.enum(DRIVER_DOCUMENT_KINDS, { message: "Choose the kind of document." }),
});
const downloadQuery = z.object({
  /** `inline` shows an image or PDF in the page (the licence pictures); the default downloads it. */
  disposition: z.enum(["attachment", "inline"]).default("attachment"),
});

export function driversRoutes(deps: Deps) {
  const drivers = createDriversService(deps);
  const documents = createDriverDocumentsService(deps);
  const t = routeTable({ tags: ["Drivers"], access: "drivers:read" });
  // Fixed paths before /api/drivers/{id}.
  t.export(
    "/api/drivers/export",
    {
      summary: "The filtered list as CSV or Excel; the tax id whole only for admin and accountant",
      query: driverExportQuerySchema,
    },
    ({ actor, query }) => exportDrivers(deps, actor, query),
  );
  t.list(
    "/api/drivers",
    {
      summary:
        "Drivers: search (name, email, phone, licence number), status, active/inactive, expiring documents, sort, pages",
      query: driverListQuerySchema,
      response: driverPageSchema,
    },
    ({ query }) => drivers.list(query),
  );
  t.create(
    "/api/drivers",
    {
      summary:
        "Create a driver; with `createAccount` also their sign-in account (role driver, temporary password) in " +
        "the same transaction (needs drivers:accounts; 409 EMAIL_TAKEN)",
      access: WRITE,
      body: createDriverSchema,
      response: driverDetailSchema,
    },
    ({ actor, body }) => drivers.create(actor, body),
  );
  t.get(
    "/api/drivers/{id}",
    {
      summary:
        "A driver's profile: details, documents, account, current assets, rating. `taxId` is masked " +
        "by its kind (an SSN ***-**-1234, an EIN **-***1234) except for admin and accountant",
      response: driverDetailSchema,
    },
    ({ actor, id }) => drivers.getJson(actor, id),
  );
  t.update(
    "/api/drivers/{id}",
    {
      summary: "Edit a driver (leave `taxId` out to keep the one on file)",
      access: WRITE,
      body: updateDriverSchema,
      response: driverDetailSchema,
    },
    ({ actor, id, body }) => drivers.update(actor, id, body),
  );
  t.remove(
    "/api/drivers/{id}",
    {
      summary:
        "Delete a driver with no loads, with their documents and account; 409 DRIVER_HAS_LOADS otherwise (deactivate)",
      access: "drivers:deactivate",
    },
    ({ actor, id }) => drivers.remove(actor, id),
  );
  t.json(
    "post",
    "/api/drivers/{id}/status",
    {
      summary:
        "Set the manual status (available, on_trip, off_duty, unknown); busy (active loads) and off duty " +
        "(approved time off) are computed and win",
      access: WRITE,
      params: uuidParams,
      body: setDriverStatusSchema,
      response: driverDetailSchema,
    },
    ({ actor, id, body }) => drivers.setStatus(actor, id, body.status),
  );
  t.create(
    "/api/drivers/{id}/account",
    {
      summary:
        "Give a driver without one a sign-in account (temporary password; 409 HAS_ACCOUNT, EMAIL_TAKEN)",
      access: "drivers:accounts",
      params: uuidParams,
      body: createDriverAccountSchema,
      response: driverDetailSchema,
    },
    ({ actor, id, body }) => drivers.createAccount(actor, id, body),
  );
  t.json(
    "post",
    "/api/drivers/{id}/deactivate",
    {
      summary:
        "Deactivate: off the pickers and the board, open assignment ended, account disabled " +
        "(409 DRIVER_HAS_ACTIVE_LOADS while loads are assigned or in progress)",
      access: "drivers:deactivate",
      params: uuidParams,
      response: driverDetailSchema,
    },
    ({ actor, id }) => drivers.deactivate(actor, id),
  );
  t.json(
    "post",
    "/api/drivers/{id}/reactivate",
    {
      summary: "Reactivate a driver (their account signs in again)",
      access: "drivers:deactivate",
      params: uuidParams,
      response: driverDetailSchema,
    },
    ({ actor, id }) => drivers.reactivate(actor, id),
  );
  t.get(
    "/api/drivers/{id}/time-off",
    { summary: "The driver's time-off requests, latest first", response: z.array(timeOffSchema) },
    ({ id }) => drivers.timeOff(id),
  );
  t.get(
    "/api/drivers/{id}/assignments",
    {
      summary: "Vehicles and trailers the driver has had (asset assignments), the open one first",
      response: z.array(assignmentSchema),
    },
    ({ id }) => drivers.assignments(id),
  );
  t.upload(
    "/api/drivers/{id}/documents",
    {
      summary:
        "Attach a document (PDF or image, checked by content; 413/415). A licence front or back replaces the current one",
      access: WRITE,
      params: uuidParams,
      form: uploadSchema,
      response: driverDocumentSchema,
      described: "Stored",
      maxBytes: DRIVER_DOCUMENT_MAX_BYTES,
    },
    ({ actor, id, form }) => documents.upload(actor, id, form.file, form.kind),
  );
  t.download(
    "/api/drivers/{id}/documents/{documentId}",
    {
      summary: "A driver's document (`?disposition=inline` to show it in the page)",
      params: documentParams,
      query: downloadQuery,
      types: ["application/pdf", "image/*"],
      disposition: ({ query }) => query.disposition,
    },
    ({ params }) => documents.download(params.id, params.documentId),
  );
  t.remove(
    "/api/drivers/{id}/documents/{documentId}",
    { summary: "Remove a driver's document", access: WRITE, params: documentParams },
    ({ actor, params }) => documents.remove(actor, params.id, params.documentId),
  );
  return t.app;
}
