import { OpenAPIHono, z } from "@hono/zod-openapi";
import { okSchema } from "@shared/api/api.schema";
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
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createDriverDocumentsService } from "./driver-documents.service";
import { createDriversService } from "./drivers.service";
import { exportDrivers } from "./drivers-export";

const tags = ["Drivers"];
const READ = "drivers:read";
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

const list = defineRoute({
  method: "get",
  path: "/api/drivers",
  tags,
  summary:
    "Drivers: search (name, email, phone, licence number), status, active/inactive, expiring documents, sort, pages",
  access: READ,
  request: { query: driverListQuerySchema },
  responses: { 200: jsonContent(driverPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/drivers/export",
  tags,
  summary: "The filtered list as CSV or Excel; the tax id whole only for admin and accountant",
  access: READ,
  request: { query: driverExportQuerySchema },
  responses: {
    200: binary(
      ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      "The file",
    ),
  },
});
const create = defineRoute({
  method: "post",
  path: "/api/drivers",
  tags,
  summary:
    "Create a driver; with `createAccount` also their sign-in account (role driver, temporary password) in " +
    "the same transaction (needs drivers:accounts; 409 EMAIL_TAKEN)",
  access: WRITE,
  request: { body: jsonBody(createDriverSchema) },
  responses: { 201: jsonContent(driverDetailSchema, "Created") },
});
const get = defineRoute({
  method: "get",
  path: "/api/drivers/{id}",
  tags,
  summary:
    "A driver's profile: details, documents, account, current assets, rating. `taxId` is masked " +
    "by its kind (an SSN ***-**-1234, an EIN **-***1234) except for admin and accountant",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(driverDetailSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/drivers/{id}",
  tags,
  summary: "Edit a driver (leave `taxId` out to keep the one on file)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(updateDriverSchema) },
  responses: { 200: jsonContent(driverDetailSchema) },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/drivers/{id}",
  tags,
  summary:
    "Delete a driver with no loads, with their documents and account; 409 DRIVER_HAS_LOADS otherwise (deactivate)",
  access: "drivers:deactivate",
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});
const setStatus = defineRoute({
  method: "post",
  path: "/api/drivers/{id}/status",
  tags,
  summary:
    "Set the manual status (available, on_trip, off_duty, unknown); busy (active loads) and off duty " +
    "(approved time off) are computed and win",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(setDriverStatusSchema) },
  responses: { 200: jsonContent(driverDetailSchema) },
});
const createAccount = defineRoute({
  method: "post",
  path: "/api/drivers/{id}/account",
  tags,
  summary: "Give a driver without one a sign-in account (temporary password; 409 HAS_ACCOUNT, EMAIL_TAKEN)",
  access: "drivers:accounts",
  request: { params: uuidParams, body: jsonBody(createDriverAccountSchema) },
  responses: { 201: jsonContent(driverDetailSchema, "Created") },
});
const deactivate = defineRoute({
  method: "post",
  path: "/api/drivers/{id}/deactivate",
  tags,
  summary:
    "Deactivate: off the pickers and the board, open assignment ended, account disabled " +
    "(409 DRIVER_HAS_ACTIVE_LOADS while loads are assigned or in progress)",
  access: "drivers:deactivate",
  request: { params: uuidParams },
  responses: { 200: jsonContent(driverDetailSchema) },
});
const reactivate = defineRoute({
  method: "post",
  path: "/api/drivers/{id}/reactivate",
  tags,
  summary: "Reactivate a driver (their account signs in again)",
  access: "drivers:deactivate",
  request: { params: uuidParams },
  responses: { 200: jsonContent(driverDetailSchema) },
});
const driverTimeOff = defineRoute({
  method: "get",
  path: "/api/drivers/{id}/time-off",
  tags,
  summary: "The driver's time-off requests, latest first",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(z.array(timeOffSchema)) },
});
const driverAssignments = defineRoute({
  method: "get",
  path: "/api/drivers/{id}/assignments",
  tags,
  summary: "Vehicles and trailers the driver has had (asset assignments), the open one first",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(z.array(assignmentSchema)) },
});
const uploadDocument = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/drivers/{id}/documents",
    tags,
    summary:
      "Attach a document (PDF or image, checked by content; 413/415). A licence front or back replaces the current one",
    access: WRITE,
    request: {
      params: uuidParams,
      body: { required: true, content: { "multipart/form-data": { schema: uploadSchema } } },
    },
    responses: { 201: jsonContent(driverDocumentSchema, "Stored") },
  }),
  uploadBodyLimit(DRIVER_DOCUMENT_MAX_BYTES),
);
const downloadDocument = defineRoute({
  method: "get",
  path: "/api/drivers/{id}/documents/{documentId}",
  tags,
  summary: "A driver's document (`?disposition=inline` to show it in the page)",
  access: READ,
  request: { params: documentParams, query: downloadQuery },
  responses: { 200: binary(["application/pdf", "image/*"], "The file") },
});
const deleteDocument = defineRoute({
  method: "delete",
  path: "/api/drivers/{id}/documents/{documentId}",
  tags,
  summary: "Remove a driver's document",
  access: WRITE,
  request: { params: documentParams },
  responses: { 200: jsonContent(okSchema) },
});

const ok = { ok: true as const };

export function driversRoutes(deps: Deps) {
  const drivers = createDriversService(deps);
  const documents = createDriverDocumentsService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/drivers/{id}.
      .openapi(exportList, async (c) => {
        const file = await exportDrivers(deps, actorOf(c), c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(list, async (c) => c.json(await drivers.list(c.req.valid("query")), 200))
      .openapi(create, async (c) => c.json(await drivers.create(actorOf(c), c.req.valid("json")), 201))
      .openapi(get, async (c) => c.json(await drivers.get(actorOf(c), c.req.valid("param").id), 200))
      .openapi(update, async (c) =>
        c.json(await drivers.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(remove, async (c) => {
        await drivers.remove(actorOf(c), c.req.valid("param").id);
        return c.json(ok, 200);
      })
      .openapi(setStatus, async (c) =>
        c.json(await drivers.setStatus(actorOf(c), c.req.valid("param").id, c.req.valid("json").status), 200),
      )
      .openapi(createAccount, async (c) =>
        c.json(await drivers.createAccount(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
      )
      .openapi(deactivate, async (c) =>
        c.json(await drivers.deactivate(actorOf(c), c.req.valid("param").id), 200),
      )
      .openapi(reactivate, async (c) =>
        c.json(await drivers.reactivate(actorOf(c), c.req.valid("param").id), 200),
      )
      .openapi(driverTimeOff, async (c) => c.json(await drivers.timeOff(c.req.valid("param").id), 200))
      .openapi(driverAssignments, async (c) =>
        c.json(await drivers.assignments(c.req.valid("param").id), 200),
      )
      .openapi(uploadDocument, async (c) => {
        const { file, kind } = c.req.valid("form");
        return c.json(await documents.upload(actorOf(c), c.req.valid("param").id, file, kind), 201);
      })
      .openapi(downloadDocument, async (c) => {
        const { id, documentId } = c.req.valid("param");
        const file = await documents.download(id, documentId);
        const inline = c.req.valid("query").disposition === "inline";
        return fileResponse(c, file, inline ? "inline" : "attachment");
      })
      .openapi(deleteDocument, async (c) => {
        const { id, documentId } = c.req.valid("param");
        await documents.remove(actorOf(c), id, documentId);
        return c.json(ok, 200);
      })
  );
}
