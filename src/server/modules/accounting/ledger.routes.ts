import { z } from "@hono/zod-openapi";
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
import { fileField, uploadBodyLimit } from "../../http/files";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createLedgerService } from "./ledger.service";

const WRITE = "ledger:write";

export function ledgerRoutes(deps: Deps) {
  const ledger = createLedgerService(deps);
  const t = routeTable({ tags: ["Accounting"], access: "ledger:read" });
  // Fixed paths before /api/ledger/{id}.
  t.export(
    "/api/ledger/export",
    {
      summary:
        "The filtered ledger as CSV or Excel in a layout accounting software imports (Date MM/DD/YYYY, Account, " +
        "Payee, Memo, Amount — money out negative), at most 50,000 rows (400 EXPORT_TOO_LARGE)",
      query: ledgerExportQuerySchema,
    },
    ({ query }) => ledger.export(query),
  );
  t.list(
    "/api/ledger",
    {
      summary:
        "The ledger: every movement of money in and out. Search (payee, reference, notes, unit, driver, load), " +
        "filters (period, direction, category, source, vehicle, driver, posted/void), sort, pages, and the " +
        "filtered set's income, expense and net (void rows never count). A search matching more than 20,000 " +
        "rows gives its count and sums estimated from a sample, with totalIsEstimate: true",
      query: ledgerListQuerySchema,
      response: ledgerPageSchema,
    },
    ({ query }) => ledger.list(query),
  );
  t.create(
    "/api/ledger",
    {
      summary: "Enter money in or out by hand (anything no source posts: insurance, office, a deposit…)",
      access: WRITE,
      body: ledgerEntryInputSchema,
      response: ledgerEntrySchema,
      described: "Entered",
    },
    ({ actor, body }) => ledger.create(actor, body),
  );
  t.get("/api/ledger/{id}", { summary: "One ledger entry", response: ledgerEntrySchema }, ({ id }) =>
    ledger.get(id),
  );
  t.update(
    "/api/ledger/{id}",
    {
      summary:
        "Edit a hand entry. 409 LEDGER_ENTRY_FROM_SOURCE for a row a source posted (edit the source), " +
        "409 LEDGER_ENTRY_VOID for a void one",
      access: WRITE,
      body: ledgerEntryInputSchema,
      response: ledgerEntrySchema,
    },
    ({ actor, id, body }) => ledger.update(actor, id, body),
  );
  t.json(
    "post",
    "/api/ledger/{id}/void",
    {
      summary:
        "Void a hand entry with a reason (it stays in the ledger, marked void, and is audited). Rows a source " +
        "posted are voided by deleting or undoing the source (409 LEDGER_ENTRY_FROM_SOURCE)",
      access: WRITE,
      params: uuidParams,
      body: ledgerVoidInputSchema,
      response: ledgerEntrySchema,
    },
    ({ actor, id, body }) => ledger.void(actor, id, body.reason),
  );
  // An upload that replaces (PUT), so `json` with the upload's size limit rather than `upload`.
  t.json(
    "put",
    "/api/ledger/{id}/receipt",
    {
      summary:
        "Attach or replace a hand entry's receipt: a PDF or an image, checked by content (415 otherwise)",
      access: WRITE,
      params: uuidParams,
      form: z.object({ file: fileField }),
      response: ledgerEntrySchema,
      middleware: [uploadBodyLimit(RECEIPT_MAX_BYTES)],
    },
    ({ actor, id, form }) => ledger.attachReceipt(actor, id, form.file),
  );
  t.download(
    "/api/ledger/{id}/receipt",
    {
      summary: "An entry's receipt (its own, or its source's: a fuel or parking receipt)",
      types: ["application/pdf", "image/*"],
      described: "The receipt",
      disposition: "inline",
    },
    ({ id }) => ledger.receipt(id),
  );
  return t.app;
}
