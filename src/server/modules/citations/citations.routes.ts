import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CITATION_FILE_MAX_BYTES,
  changeCitationStatusSchema,
  citationDetailSchema,
  citationExportQuerySchema,
  citationInputSchema,
  citationListQuerySchema,
  citationPageSchema,
  citationSummarySchema,
  disputeCitationSchema,
} from "@shared/citations/citations.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import {
  binary,
  fileField,
  fileResponse,
  SHEET_TYPES,
  uploadBodyLimit,
  withMiddleware,
} from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { exportCitations } from "./citation-export";
import { createCitationsService } from "./citations.service";

const tags = ["Citations"];
const READ = "citations:read";
const WRITE = "citations:write";

const list = defineRoute({
  method: "get",
  path: "/api/citations",
  tags,
  summary:
    "Citations: search (number, violation, place, driver), filters (driver, status, overdue, period), sort, pages. Drivers get only their own",
  access: READ,
  request: { query: citationListQuerySchema },
  responses: { 200: jsonContent(citationPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/citations/export",
  tags,
  summary:
    "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE). Drivers: their own",
  access: READ,
  request: { query: citationExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const summary = defineRoute({
  method: "get",
  path: "/api/citations/summary",
  tags,
  summary: "Open, overdue and disputed counts and unpaid fines (a driver: their own)",
  access: READ,
  responses: { 200: jsonContent(citationSummarySchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/citations",
  tags,
  summary: "Record a citation against a driver (starts open; the driver is notified)",
  access: WRITE,
  request: { body: jsonBody(citationInputSchema) },
  responses: { 201: jsonContent(citationDetailSchema, "Created") },
});
const get = defineRoute({
  method: "get",
  path: "/api/citations/{id}",
  tags,
  summary: "A citation with its status history and file (drivers: their own only, else 404)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(citationDetailSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/citations/{id}",
  tags,
  summary: "Correct a citation's details (not its status)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(citationInputSchema) },
  responses: { 200: jsonContent(citationDetailSchema) },
});
const changeStatus = defineRoute({
  method: "post",
  path: "/api/citations/{id}/status",
  tags,
  summary:
    "Staff change the status: open → paid, disputed (a reason in `note`) or dismissed; disputed → open, paid or dismissed; paid or dismissed → open (409 INVALID_TRANSITION otherwise)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(changeCitationStatusSchema) },
  responses: { 200: jsonContent(citationDetailSchema) },
});
const dispute = defineRoute({
  method: "post",
  path: "/api/citations/{id}/dispute",
  tags,
  summary:
    "A driver disputes their own open citation with a reason (another's: 404; not open: 409 CITATION_NOT_OPEN); staff are notified",
  access: "citations:dispute",
  request: { params: uuidParams, body: jsonBody(disputeCitationSchema) },
  responses: { 200: jsonContent(citationDetailSchema) },
});
const uploadFile = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/citations/{id}/file",
    tags,
    summary: "Attach the ticket, a PDF or photo (checked by content; 413/415); replaces an earlier file",
    access: WRITE,
    request: {
      params: uuidParams,
      body: { required: true, content: { "multipart/form-data": { schema: z.object({ file: fileField }) } } },
    },
    responses: { 200: jsonContent(citationDetailSchema, "Stored") },
  }),
  uploadBodyLimit(CITATION_FILE_MAX_BYTES),
);
const downloadFile = defineRoute({
  method: "get",
  path: "/api/citations/{id}/file",
  tags,
  summary: "The citation's file, as an attachment (drivers: their own citations only, else 404)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The file") },
});
const deleteFile = defineRoute({
  method: "delete",
  path: "/api/citations/{id}/file",
  tags,
  summary: "Remove the citation's file",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(citationDetailSchema) },
});

export function citationsRoutes(deps: Deps) {
  const service = createCitationsService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/citations/{id}.
      .openapi(exportList, async (c) => {
        const file = await exportCitations(deps, actorOf(c), c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(summary, async (c) => c.json(await service.summary(actorOf(c)), 200))
      .openapi(list, async (c) => c.json(await service.list(actorOf(c), c.req.valid("query")), 200))
      .openapi(create, async (c) => c.json(await service.create(actorOf(c), c.req.valid("json")), 201))
      .openapi(get, async (c) => c.json(await service.get(actorOf(c), c.req.valid("param").id), 200))
      .openapi(update, async (c) =>
        c.json(await service.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(changeStatus, async (c) => {
        const { status, note } = c.req.valid("json");
        return c.json(await service.changeStatus(actorOf(c), c.req.valid("param").id, status, note), 200);
      })
      .openapi(dispute, async (c) =>
        c.json(await service.dispute(actorOf(c), c.req.valid("param").id, c.req.valid("json").reason), 200),
      )
      .openapi(uploadFile, async (c) =>
        c.json(await service.uploadFile(actorOf(c), c.req.valid("param").id, c.req.valid("form").file), 200),
      )
      .openapi(downloadFile, async (c) => {
        const file = await service.downloadFile(actorOf(c), c.req.valid("param").id);
        return fileResponse(c, file);
      })
      .openapi(deleteFile, async (c) =>
        c.json(await service.deleteFile(actorOf(c), c.req.valid("param").id), 200),
      )
  );
}
