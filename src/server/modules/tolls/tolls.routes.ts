import { z } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
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
import { badRequest } from "../../http/errors";
import { chosenFile, optionalFileField } from "../../http/files";
import { jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createTollsService } from "./tolls.service";

const importForm = z.object({
  file: optionalFileField(
    "The transponder statement: CSV or Excel with date, location, amount and transponder",
  ),
  timeZone: timeZoneSchema.optional().openapi({
    description: "IANA zone of times without an offset (default UTC)",
    example: "America/Chicago",
  }),
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
  const tolls = createTollsService(deps);
  const t = routeTable({ tags: ["Tolls"], access: "tolls:manage" });
  // Fixed paths before /api/tolls/{id}.
  t.export(
    "/api/tolls/export",
    {
      summary: "The filtered tolls as CSV or Excel (at most 50,000: 400 EXPORT_TOO_LARGE)",
      query: tollExportQuerySchema,
    },
    ({ query }) => tolls.export(query),
  );
  t.upload(
    "/api/tolls/import/preview",
    {
      summary:
        "Read a statement and say what an import would do per row: matched (vehicle by transponder, driver and " +
        "load by time), unmatched, duplicate or invalid. Writes nothing. 400 PARSE_FAILED; past the limits, " +
        "checked before the file is parsed: 400 TOO_MANY_ROWS (10,000) / TOO_MANY_COLUMNS (100) / SHEET_TOO_LARGE / " +
        "SHEET_TOO_SLOW",
      form: importForm,
      response: tollImportPreviewSchema,
      status: 200,
      described: "OK",
      maxBytes: TOLL_IMPORT_MAX_BYTES,
      responses: { 503: jsonContent(apiErrorSchema, "SERVER_BUSY: other files are being read; try again") },
    },
    ({ form }) => {
      const { file, timeZone } = statementOf(form);
      return tolls.preview(file, timeZone);
    },
  );
  t.upload(
    "/api/tolls/import",
    {
      summary:
        "Import a statement, all or nothing: any invalid row refuses the file (400 IMPORT_INVALID). Duplicates " +
        "(same transponder, time and amount) are counted, never written twice",
      form: importForm,
      response: tollImportResultSchema,
      described: "Imported",
      maxBytes: TOLL_IMPORT_MAX_BYTES,
    },
    ({ actor, form }) => {
      const { file, timeZone } = statementOf(form);
      return tolls.commit(actor, file, timeZone);
    },
  );
  t.list(
    "/api/tolls",
    {
      summary:
        "Tolls: search (location, transponder, unit, driver, load), filters (vehicle, driver, matched, source, " +
        "period), sort, pages, with the filtered sum",
      query: tollListQuerySchema,
      response: tollPageSchema,
    },
    ({ query }) => tolls.list(query),
  );
  t.create(
    "/api/tolls",
    {
      summary:
        "Record a toll. An empty vehicle is found by transponder; an empty driver and load from who drove it " +
        "then. 409 DUPLICATE_TOLL for a charge already recorded",
      body: tollInputSchema,
      response: tollSchema,
      described: "Recorded",
    },
    ({ actor, body }) => tolls.create(actor, body),
  );
  t.get("/api/tolls/{id}", { summary: "One toll", response: tollSchema }, ({ id }) => tolls.get(id));
  t.update(
    "/api/tolls/{id}",
    {
      summary: "Edit a toll (e.g. place an unmatched one on a vehicle); 409 DUPLICATE_TOLL",
      body: tollInputSchema,
      response: tollSchema,
    },
    ({ actor, id, body }) => tolls.update(actor, id, body),
  );
  t.remove("/api/tolls/{id}", { summary: "Delete a toll" }, ({ actor, id }) => tolls.remove(actor, id));
  return t.app;
}
