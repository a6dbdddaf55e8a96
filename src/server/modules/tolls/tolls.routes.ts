import { OpenAPIHono, z } from "@hono/zod-openapi";
import { apiErrorSchema, okSchema } from "@shared/api/api.schema";
import {
  TOLL_IMPORT_MAX_BYTES,
  timeZoneSchema,
  tollExportQuerySchema,
  tollImportPreviewSchema,
  tollImportResultSchema,
  tollInputSchema,
  tollListQuerySchema,
  tollPageSchema,
  tollSchema,
} from "@shared/tolls/tolls.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { badRequest } from "../../http/errors";
import {
  binary,
  chosenFile,
  fileResponse,
  optionalFileField,
  SHEET_TYPES,
  uploadBodyLimit,
  withMiddleware,
} from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createTollsService } from "./tolls.service";

const tags = ["Tolls"];
const MANAGE = "tolls:manage";

const importForm = z.object({
  file: optionalFileField(
    "The transponder statement: CSV or Excel with date, location, amount and transponder",
  ),
  timeZone: timeZoneSchema.optional().openapi({
    description: "IANA zone of times without an offset (default UTC)",
    example: "America/Chicago",
  }),
});

const list = defineRoute({
  method: "get",
  path: "/api/tolls",
  tags,
  summary:
    "Tolls: search (location, transponder, unit, driver, load), filters (vehicle, driver, matched, source, " +
    "period), sort, pages, with the filtered sum",
  access: MANAGE,
  request: { query: tollListQuerySchema },
  responses: { 200: jsonContent(tollPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/tolls/export",
  tags,
  summary: "The filtered tolls as CSV or Excel (at most 50,000: 400 EXPORT_TOO_LARGE)",
  access: MANAGE,
  request: { query: tollExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const preview = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/tolls/import/preview",
    tags,
    summary:
      "Read a statement and say what an import would do per row: matched (vehicle by transponder, driver and " +
      "load by time), unmatched, duplicate or invalid. Writes nothing. 400 PARSE_FAILED; past the limits, " +
      "checked before the file is parsed: 400 TOO_MANY_ROWS (10,000) / TOO_MANY_COLUMNS (100) / SHEET_TOO_LARGE / " +
      "SHEET_TOO_SLOW",
    access: MANAGE,
    request: { body: { required: true, content: { "multipart/form-data": { schema: importForm } } } },
    responses: {
      200: jsonContent(tollImportPreviewSchema),
      503: jsonContent(apiErrorSchema, "SERVER_BUSY: other files are being read; try again"),
    },
  }),
  uploadBodyLimit(TOLL_IMPORT_MAX_BYTES),
);
const commit = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/tolls/import",
    tags,
    summary:
      "Import a statement, all or nothing: any invalid row refuses the file (400 IMPORT_INVALID). Duplicates " +
      "(same transponder, time and amount) are counted, never written twice",
    access: MANAGE,
    request: { body: { required: true, content: { "multipart/form-data": { schema: importForm } } } },
    responses: { 201: jsonContent(tollImportResultSchema, "Imported") },
  }),
  uploadBodyLimit(TOLL_IMPORT_MAX_BYTES),
);
const create = defineRoute({
  method: "post",
  path: "/api/tolls",
  tags,
  summary:
    "Record a toll. An empty vehicle is found by transponder; an empty driver and load from who drove it " +
    "then. 409 DUPLICATE_TOLL for a charge already recorded",
  access: MANAGE,
  request: { body: jsonBody(tollInputSchema) },
  responses: { 201: jsonContent(tollSchema, "Recorded") },
});
const get = defineRoute({
  method: "get",
  path: "/api/tolls/{id}",
  tags,
  summary: "One toll",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(tollSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/tolls/{id}",
  tags,
  summary: "Edit a toll (e.g. place an unmatched one on a vehicle); 409 DUPLICATE_TOLL",
  access: MANAGE,
  request: { params: uuidParams, body: jsonBody(tollInputSchema) },
  responses: { 200: jsonContent(tollSchema) },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/tolls/{id}",
  tags,
  summary: "Delete a toll",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});

function statementOf(form: { file?: unknown; timeZone?: string }) {
  const file = chosenFile(form.file);
  if (!file) {
    throw badRequest("Please select a file to import.", {
      fields: { file: "Please select a file to import." },
    });
  }
  return { file, timeZone: form.timeZone || "UTC" };
}

export function tollsRoutes(deps: Deps) {
  const tollsService = createTollsService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/tolls/{id}.
      .openapi(exportList, async (c) => {
        const file = await tollsService.export(c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(preview, async (c) => {
        const { file, timeZone } = statementOf(c.req.valid("form"));
        return c.json(await tollsService.preview(file, timeZone), 200);
      })
      .openapi(commit, async (c) => {
        const { file, timeZone } = statementOf(c.req.valid("form"));
        return c.json(await tollsService.commit(actorOf(c), file, timeZone), 201);
      })
      .openapi(list, async (c) => c.json(await tollsService.list(c.req.valid("query")), 200))
      .openapi(create, async (c) => c.json(await tollsService.create(actorOf(c), c.req.valid("json")), 201))
      .openapi(get, async (c) => c.json(await tollsService.get(c.req.valid("param").id), 200))
      .openapi(update, async (c) =>
        c.json(await tollsService.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(remove, async (c) => {
        await tollsService.remove(actorOf(c), c.req.valid("param").id);
        return c.json({ ok: true as const }, 200);
      })
  );
}
