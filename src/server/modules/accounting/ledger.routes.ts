import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ledgerEntryInputSchema,
  ledgerEntrySchema,
  ledgerExportQuerySchema,
  ledgerListQuerySchema,
  ledgerPageSchema,
  ledgerVoidInputSchema,
} from "@shared/accounting/ledger.schema";
import { RECEIPT_MAX_BYTES } from "@shared/fuel/fuel.schema";
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
import { createLedgerService } from "./ledger.service";

const tags = ["Accounting"];
const READ = "ledger:read";
const WRITE = "ledger:write";

const list = defineRoute({
  method: "get",
  path: "/api/ledger",
  tags,
  summary:
    "The ledger: every movement of money in and out. Search (payee, reference, notes, unit, driver, load), " +
    "filters (period, direction, category, source, vehicle, driver, posted/void), sort, pages, and the " +
    "filtered set's income, expense and net (void rows never count)",
  access: READ,
  request: { query: ledgerListQuerySchema },
  responses: { 200: jsonContent(ledgerPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/ledger/export",
  tags,
  summary:
    "The filtered ledger as CSV or Excel in a layout accounting software imports (Date MM/DD/YYYY, Account, " +
    "Payee, Memo, Amount — money out negative), at most 50,000 rows (400 EXPORT_TOO_LARGE)",
  access: READ,
  request: { query: ledgerExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const create = defineRoute({
  method: "post",
  path: "/api/ledger",
  tags,
  summary: "Enter money in or out by hand (anything no source posts: insurance, office, a deposit…)",
  access: WRITE,
  request: { body: jsonBody(ledgerEntryInputSchema) },
  responses: { 201: jsonContent(ledgerEntrySchema, "Entered") },
});
const get = defineRoute({
  method: "get",
  path: "/api/ledger/{id}",
  tags,
  summary: "One ledger entry",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(ledgerEntrySchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/ledger/{id}",
  tags,
  summary:
    "Edit a hand entry. 409 LEDGER_ENTRY_FROM_SOURCE for a row a source posted (edit the source), " +
    "409 LEDGER_ENTRY_VOID for a void one",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(ledgerEntryInputSchema) },
  responses: { 200: jsonContent(ledgerEntrySchema) },
});
const voidEntry = defineRoute({
  method: "post",
  path: "/api/ledger/{id}/void",
  tags,
  summary:
    "Void a hand entry with a reason (it stays in the ledger, marked void, and is audited). Rows a source " +
    "posted are voided by deleting or undoing the source (409 LEDGER_ENTRY_FROM_SOURCE)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(ledgerVoidInputSchema) },
  responses: { 200: jsonContent(ledgerEntrySchema) },
});
const uploadReceipt = withMiddleware(
  defineRoute({
    method: "put",
    path: "/api/ledger/{id}/receipt",
    tags,
    summary:
      "Attach or replace a hand entry's receipt: a PDF or an image, checked by content (415 otherwise)",
    access: WRITE,
    request: {
      params: uuidParams,
      body: {
        required: true,
        content: { "multipart/form-data": { schema: z.object({ file: fileField }) } },
      },
    },
    responses: { 200: jsonContent(ledgerEntrySchema) },
  }),
  uploadBodyLimit(RECEIPT_MAX_BYTES),
);
const receipt = defineRoute({
  method: "get",
  path: "/api/ledger/{id}/receipt",
  tags,
  summary: "An entry's receipt (its own, or its source's: a fuel or parking receipt)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The receipt") },
});

export function ledgerRoutes(deps: Deps) {
  const ledger = createLedgerService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/ledger/{id}.
      .openapi(exportList, async (c) => fileResponse(c, await ledger.export(c.req.valid("query"))))
      .openapi(list, async (c) => c.json(await ledger.list(c.req.valid("query")), 200))
      .openapi(create, async (c) => c.json(await ledger.create(actorOf(c), c.req.valid("json")), 201))
      .openapi(get, async (c) => c.json(await ledger.get(c.req.valid("param").id), 200))
      .openapi(update, async (c) =>
        c.json(await ledger.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(voidEntry, async (c) =>
        c.json(await ledger.void(actorOf(c), c.req.valid("param").id, c.req.valid("json").reason), 200),
      )
      .openapi(uploadReceipt, async (c) =>
        c.json(
          await ledger.attachReceipt(actorOf(c), c.req.valid("param").id, c.req.valid("form").file),
          200,
        ),
      )
      .openapi(receipt, async (c) => fileResponse(c, await ledger.receipt(c.req.valid("param").id), "inline"))
  );
}
