import { OpenAPIHono } from "@hono/zod-openapi";
import {
  portalInvoiceDetailSchema,
  portalInvoicePageSchema,
  portalInvoiceQuerySchema,
} from "@shared/invoices/invoices.schema";
import {
  portalStatementExportQuerySchema,
  portalStatementQuerySchema,
  statementSchema,
} from "@shared/statements/statements.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, PDF_TYPE, SHEET_TYPES } from "../../http/files";
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
import {
  myCustomerId,
  portalInvoice,
  portalInvoicePdf,
  portalInvoices,
} from "../invoices/portal-billing.service";
import { statementFile } from "../statements/statement-files";
import { buildStatement } from "../statements/statements.service";

const tags = ["Customer portal"];
const ACCESS = "portalBilling:read";

const list = defineRoute({
  method: "get",
  path: "/api/portal/invoices",
  tags,
  summary:
    "My company's invoices (sent, overdue, paid): search by invoice or load number, status, sort, pages",
  access: ACCESS,
  request: { query: portalInvoiceQuerySchema },
  responses: { 200: jsonContent(portalInvoicePageSchema) },
});
const get = defineRoute({
  method: "get",
  path: "/api/portal/invoices/{id}",
  tags,
  summary: "One of my company's invoices with its lines and payments (anyone else's: 404)",
  access: ACCESS,
  request: { params: uuidParams },
  responses: { 200: jsonContent(portalInvoiceDetailSchema) },
});
const pdf = defineRoute({
  method: "get",
  path: "/api/portal/invoices/{id}/pdf",
  tags,
  summary: "The invoice PDF with the loads' rate confirmations and bills of lading (anyone else's: 404)",
  access: ACCESS,
  request: { params: uuidParams },
  responses: { 200: binary([PDF_TYPE], "The PDF") },
});
const statement = defineRoute({
  method: "get",
  path: "/api/portal/statement",
  tags,
  summary: "My company's statement for a period: opening balance, invoices, payments, closing balance, aging",
  access: ACCESS,
  request: { query: portalStatementQuerySchema },
  responses: { 200: jsonContent(statementSchema) },
});
const statementExport = defineRoute({
  method: "get",
  path: "/api/portal/statement/export",
  tags,
  summary: "My company's statement as PDF, CSV or Excel",
  access: ACCESS,
  request: { query: portalStatementExportQuerySchema },
  responses: { 200: binary([PDF_TYPE, ...SHEET_TYPES], "The file") },
});

export function portalBillingRoutes(deps: Deps) {
  const { db } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await portalInvoices(db, actorOf(c), c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await portalInvoice(db, actorOf(c), c.req.valid("param").id), 200))
    .openapi(pdf, async (c) => {
      const file = await portalInvoicePdf(deps, actorOf(c), c.req.valid("param").id);
      return fileResponse(c, { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName });
    })
    .openapi(statement, async (c) => {
      const { from, to } = c.req.valid("query");
      return c.json(await buildStatement(db, myCustomerId(actorOf(c)), from, to), 200);
    })
    .openapi(statementExport, async (c) => {
      const { from, to, format } = c.req.valid("query");
      const s = await buildStatement(db, myCustomerId(actorOf(c)), from, to);
      return fileResponse(c, await statementFile(s, format, deps.config.company));
    });
}
