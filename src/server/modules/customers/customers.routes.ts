import { z } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
import {
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_REQUIRED_MESSAGE,
  customerDetailSchema,
  customerExportQuerySchema,
  customerImportCommitSchema,
  customerImportPreviewSchema,
  customerImportResultSchema,
  customerInputSchema,
  customerListQuerySchema,
  customerPageSchema,
  IMPORT_NO_FILE_MESSAGE,
} from "@shared/customers/customers.schema";
import type { ZodError } from "zod";
import type { Deps } from "../../deps";
import { badRequest, fieldErrors, validationError } from "../../http/errors";
import { jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createCustomersService } from "./customers.service";

const WRITE = "customers:write";

const importFileSchema = z.object({
  file: z.instanceof(File, { message: IMPORT_NO_FILE_MESSAGE }).openapi({ type: "string", format: "binary" }),
});

/** "Customer Name and Company Name are required." when either is missing (spec section 5). */
function customerHook<R extends { success: boolean }>(result: R): undefined {
  if (result.success || !("error" in result)) return;
  const error = result.error as ZodError;
  const fields = fieldErrors(error);
  if (fields.name === CUSTOMER_REQUIRED_MESSAGE || fields.companyName === CUSTOMER_REQUIRED_MESSAGE) {
    throw badRequest(CUSTOMER_REQUIRED_MESSAGE, { fields });
  }
  throw validationError(error);
}

/** "Please select a file to import." when the upload carries no file. */
function importFileHook<R extends { success: boolean }>(result: R): undefined {
  if (result.success || !("error" in result)) return;
  const error = result.error as ZodError;
  const fields = fieldErrors(error);
  if (fields.file) throw badRequest(IMPORT_NO_FILE_MESSAGE, { fields: { file: IMPORT_NO_FILE_MESSAGE } });
  throw validationError(error);
}

export function customersRoutes(deps: Deps) {
  const customers = createCustomersService(deps);
  const t = routeTable({ tags: ["Customers"], access: "customers:read" });
  // Fixed paths before /api/customers/{id}.
  t.export(
    "/api/customers/export",
    {
      summary: "The filtered list as CSV or Excel (cells escaped against formula injection)",
      query: customerExportQuerySchema,
    },
    ({ query }) => customers.export(query),
  );
  t.upload(
    "/api/customers/import/preview",
    {
      summary:
        "Import step 1: read a CSV or Excel file and check each row (name, companyName and email required; " +
        "duplicates by email flagged). Writes nothing. 400 PARSE_FAILED / NO_VALID_DATA; past the limits, checked " +
        "before the file is parsed: 400 TOO_MANY_ROWS (5,000) / TOO_MANY_COLUMNS (100) / SHEET_TOO_LARGE / SHEET_TOO_SLOW",
      access: WRITE,
      form: importFileSchema,
      response: customerImportPreviewSchema,
      status: 200,
      described: "OK",
      maxBytes: CUSTOMER_IMPORT_MAX_BYTES,
      responses: { 503: jsonContent(apiErrorSchema, "SERVER_BUSY: other files are being read; try again") },
      hook: importFileHook,
    },
    ({ form }) => customers.previewImport(form.file),
  );
  t.json(
    "post",
    "/api/customers/import",
    {
      summary:
        "Import step 2: the confirmed rows, in one transaction — all or nothing (400 IMPORT_FAILED with the " +
        "rows at fault). Duplicates by email are skipped and reported",
      access: WRITE,
      // The confirmed rows of a file of up to CUSTOMER_IMPORT_MAX_BYTES, as JSON (quotes and keys added).
      maxBodyBytes: 3 * CUSTOMER_IMPORT_MAX_BYTES,
      body: customerImportCommitSchema,
      response: customerImportResultSchema,
    },
    ({ actor, body }) => customers.commitImport(actor, body),
  );
  t.list(
    "/api/customers",
    {
      summary: "Customers: search (company, contact, email, phone), filters, sort, pages; with open balance",
      query: customerListQuerySchema,
      response: customerPageSchema,
    },
    ({ query }) => customers.list(query),
  );
  t.create(
    "/api/customers",
    {
      summary: "Create a customer with contacts (409 CUSTOMER_EMAIL_TAKEN for an email already on file)",
      access: WRITE,
      body: customerInputSchema,
      response: customerDetailSchema,
      hook: customerHook,
    },
    ({ actor, body }) => customers.create(actor, body),
  );
  t.get(
    "/api/customers/{id}",
    {
      summary: "A customer with contacts, portal account, open balance and load statistics",
      response: customerDetailSchema,
    },
    ({ id }) => customers.getJson(id),
  );
  t.update(
    "/api/customers/{id}",
    {
      summary: "Edit a customer (its contacts are replaced by the ones sent)",
      access: WRITE,
      conflict: "CUSTOMER_EMAIL_TAKEN: another customer has this email",
      body: customerInputSchema,
      response: customerDetailSchema,
      hook: customerHook,
    },
    ({ actor, id, body }) => customers.update(actor, id, body),
  );
  t.remove(
    "/api/customers/{id}",
    {
      summary: "Delete a customer without loads, requests or a portal account (409 otherwise)",
      access: WRITE,
    },
    ({ actor, id }) => customers.remove(actor, id),
  );
  return t.app;
}
