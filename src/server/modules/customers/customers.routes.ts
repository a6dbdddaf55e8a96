import { OpenAPIHono, z } from "@hono/zod-openapi";
import { apiErrorSchema, okSchema } from "@shared/api/api.schema";
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
import { type AppEnv, actorOf } from "../../http/context";
import { badRequest, fieldErrors, validationError } from "../../http/errors";
import { binary, fileResponse, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createCustomersService } from "./customers.service";

const tags = ["Customers"];
const READ = "customers:read";
const WRITE = "customers:write";

const importFileSchema = z.object({
  file: z.instanceof(File, { message: IMPORT_NO_FILE_MESSAGE }).openapi({ type: "string", format: "binary" }),
});

const list = defineRoute({
  method: "get",
  path: "/api/customers",
  tags,
  summary: "Customers: search (company, contact, email, phone), filters, sort, pages; with open balance",
  access: READ,
  request: { query: customerListQuerySchema },
  responses: { 200: jsonContent(customerPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/customers/export",
  tags,
  summary: "The filtered list as CSV or Excel (cells escaped against formula injection)",
  access: READ,
  request: { query: customerExportQuerySchema },
  responses: {
    200: binary(
      ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      "The file",
    ),
  },
});
const previewImport = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/customers/import/preview",
    tags,
    summary:
      "Import step 1: read a CSV or Excel file and check each row (name, companyName and email required; " +
      "duplicates by email flagged). Writes nothing. 400 PARSE_FAILED / NO_VALID_DATA; past the limits, checked " +
      "before the file is parsed: 400 TOO_MANY_ROWS (5,000) / TOO_MANY_COLUMNS (100) / SHEET_TOO_LARGE / SHEET_TOO_SLOW",
    access: WRITE,
    request: {
      body: { required: true, content: { "multipart/form-data": { schema: importFileSchema } } },
    },
    responses: {
      200: jsonContent(customerImportPreviewSchema),
      503: jsonContent(apiErrorSchema, "SERVER_BUSY: other files are being read; try again"),
    },
  }),
  uploadBodyLimit(CUSTOMER_IMPORT_MAX_BYTES),
);
const commitImport = defineRoute({
  method: "post",
  path: "/api/customers/import",
  tags,
  summary:
    "Import step 2: the confirmed rows, in one transaction — all or nothing (400 IMPORT_FAILED with the " +
    "rows at fault). Duplicates by email are skipped and reported",
  access: WRITE,
  // The confirmed rows of a file of up to CUSTOMER_IMPORT_MAX_BYTES, as JSON (quotes and keys added).
  maxBodyBytes: 3 * CUSTOMER_IMPORT_MAX_BYTES,
  request: { body: jsonBody(customerImportCommitSchema) },
  responses: { 200: jsonContent(customerImportResultSchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/customers",
  tags,
  summary: "Create a customer with contacts (409 CUSTOMER_EMAIL_TAKEN for an email already on file)",
  access: WRITE,
  request: { body: jsonBody(customerInputSchema) },
  responses: { 201: jsonContent(customerDetailSchema, "Created") },
});
const get = defineRoute({
  method: "get",
  path: "/api/customers/{id}",
  tags,
  summary: "A customer with contacts, portal account, open balance and load statistics",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(customerDetailSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/customers/{id}",
  tags,
  summary: "Edit a customer (its contacts are replaced by the ones sent)",
  access: WRITE,
  conflict: "CUSTOMER_EMAIL_TAKEN: another customer has this email",
  request: { params: uuidParams, body: jsonBody(customerInputSchema) },
  responses: { 200: jsonContent(customerDetailSchema) },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/customers/{id}",
  tags,
  summary: "Delete a customer without loads, requests or a portal account (409 otherwise)",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
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
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/customers/{id}.
      .openapi(exportList, async (c) => {
        const file = await customers.export(c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(
        previewImport,
        async (c) => c.json(await customers.previewImport(c.req.valid("form").file), 200),
        importFileHook,
      )
      .openapi(commitImport, async (c) =>
        c.json(await customers.commitImport(actorOf(c), c.req.valid("json")), 200),
      )
      .openapi(list, async (c) => c.json(await customers.list(c.req.valid("query")), 200))
      .openapi(
        create,
        async (c) => c.json(await customers.create(actorOf(c), c.req.valid("json")), 201),
        customerHook,
      )
      .openapi(get, async (c) => c.json(await customers.get(c.req.valid("param").id), 200))
      .openapi(
        update,
        async (c) =>
          c.json(await customers.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
        customerHook,
      )
      .openapi(remove, async (c) => {
        await customers.remove(actorOf(c), c.req.valid("param").id);
        return c.json({ ok: true as const }, 200);
      })
  );
}
