import { OpenAPIHono, z } from "@hono/zod-openapi";
import { billingCustomerQuerySchema, billingCustomerSchema } from "@shared/invoices/invoices.schema";
import {
  type Receivable,
  receivablesExportQuerySchema,
  receivablesPageSchema,
  receivablesQuerySchema,
  statementExportQuerySchema,
  statementQuerySchema,
  statementSchema,
} from "@shared/statements/statements.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { binary, fileResponse, PDF_TYPE, SHEET_TYPES } from "../../http/files";
import { defineRoute, jsonContent } from "../../http/route";
import { CONTENT_TYPES, type Column, toCsv, toXlsx } from "../../platform/sheets/sheets";
import { createInvoicesService } from "../invoices/invoices.service";
import { statementFile } from "./statement-files";
import { buildStatement, listReceivables } from "./statements.service";

const tags = ["Statements"];
const READ = "statements:read";
const RECEIVABLES_EXPORT_MAX = 50_000;

const receivables = defineRoute({
  method: "get",
  path: "/api/statements/receivables",
  tags,
  summary: "What each customer owes, aged as of a day (current, 1–30, 31–60, 61–90, over 90 days past due)",
  access: READ,
  request: { query: receivablesQuerySchema },
  responses: { 200: jsonContent(receivablesPageSchema) },
});
const receivablesExport = defineRoute({
  method: "get",
  path: "/api/statements/receivables/export",
  tags,
  summary: "The receivables list as CSV or Excel",
  access: READ,
  request: { query: receivablesExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const customerOptions = defineRoute({
  method: "get",
  path: "/api/statements/customers",
  tags,
  summary: "Customers for the statement picker (name search), with their open balance",
  access: READ,
  request: { query: billingCustomerQuerySchema },
  responses: { 200: jsonContent(z.array(billingCustomerSchema)) },
});
const statement = defineRoute({
  method: "get",
  path: "/api/statements",
  tags,
  summary: "A customer's statement for a period: opening balance, invoices, payments, closing balance, aging",
  access: READ,
  request: { query: statementQuerySchema },
  responses: { 200: jsonContent(statementSchema) },
});
const statementExport = defineRoute({
  method: "get",
  path: "/api/statements/export",
  tags,
  summary: "The statement as PDF, CSV or Excel",
  access: READ,
  request: { query: statementExportQuerySchema },
  responses: { 200: binary([PDF_TYPE, ...SHEET_TYPES], "The file") },
});

const RECEIVABLE_COLUMNS: Column<Receivable>[] = [
  { header: "Customer", value: (r) => r.companyName, width: 30 },
  { header: "Contact", value: (r) => r.name, width: 22 },
  { header: "Email", value: (r) => r.email, width: 28 },
  { header: "Open invoices", value: (r) => r.openInvoices, width: 12 },
  { header: "Current", value: (r) => Number(r.aging.current), width: 12 },
  { header: "1-30 days", value: (r) => Number(r.aging.days1to30), width: 12 },
  { header: "31-60 days", value: (r) => Number(r.aging.days31to60), width: 12 },
  { header: "61-90 days", value: (r) => Number(r.aging.days61to90), width: 12 },
  { header: "Over 90 days", value: (r) => Number(r.aging.over90), width: 12 },
  { header: "Total due", value: (r) => Number(r.aging.total), width: 12 },
];

export function statementsRoutes(deps: Deps) {
  const invoices = createInvoicesService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(receivables, async (c) => c.json(await listReceivables(deps.db, c.req.valid("query")), 200))
    .openapi(receivablesExport, async (c) => {
      const { format, ...filter } = c.req.valid("query");
      const page = await listReceivables(deps.db, { ...filter, page: 1, pageSize: RECEIVABLES_EXPORT_MAX });
      const fileName = `receivables-${page.asOf}.${format}`;
      const body =
        format === "csv"
          ? toCsv(page.items, RECEIVABLE_COLUMNS)
          : await toXlsx(page.items, RECEIVABLE_COLUMNS, "Receivables");
      return fileResponse(c, { body, contentType: CONTENT_TYPES[format], fileName });
    })
    .openapi(customerOptions, async (c) => c.json(await invoices.customers(c.req.valid("query").q), 200))
    .openapi(statementExport, async (c) => {
      const { customerId, from, to, format } = c.req.valid("query");
      const s = await buildStatement(deps.db, customerId, from, to);
      return fileResponse(c, await statementFile(s, format, deps.config.company));
    })
    .openapi(statement, async (c) => {
      const { customerId, from, to } = c.req.valid("query");
      return c.json(await buildStatement(deps.db, customerId, from, to), 200);
    });
}
