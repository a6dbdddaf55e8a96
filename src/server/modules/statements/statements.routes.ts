import { z } from "@hono/zod-openapi";
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
import { PDF_TYPE, SHEET_TYPES } from "../../http/files";
import { routeTable } from "../../http/route-table";
import { CONTENT_TYPES, type Column, toCsv, toXlsx } from "../../platform/sheets/sheets";
import { createInvoicesService } from "../invoices/invoices.service";
import { statementFile } from "./statement-files";
import { buildStatement, listReceivables } from "./statements.service";

const RECEIVABLES_EXPORT_MAX = 50_000;

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
  const t = routeTable({ tags: ["Statements"], access: "statements:read" });
  t.list(
    "/api/statements/receivables",
    {
      summary:
        "What each customer owes, aged as of a day (current, 1–30, 31–60, 61–90, over 90 days past due)",
      query: receivablesQuerySchema,
      response: receivablesPageSchema,
    },
    ({ query }) => listReceivables(deps.db, query),
  );
  t.export(
    "/api/statements/receivables/export",
    { summary: "The receivables list as CSV or Excel", query: receivablesExportQuerySchema },
    async ({ query }) => {
      const { format, ...filter } = query;
      const page = await listReceivables(deps.db, { ...filter, page: 1, pageSize: RECEIVABLES_EXPORT_MAX });
      const fileName = `receivables-${page.asOf}.${format}`;
      const body =
        format === "csv"
          ? toCsv(page.items, RECEIVABLE_COLUMNS)
          : await toXlsx(page.items, RECEIVABLE_COLUMNS, "Receivables");
      return { body, contentType: CONTENT_TYPES[format], fileName };
    },
  );
  t.list(
    "/api/statements/customers",
    {
      summary: "Customers for the statement picker (name search), with their open balance",
      query: billingCustomerQuerySchema,
      response: z.array(billingCustomerSchema),
    },
    ({ query }) => invoices.customers(query.q),
  );
  t.export(
    "/api/statements/export",
    {
      summary: "The statement as PDF, CSV or Excel",
      query: statementExportQuerySchema,
      types: [PDF_TYPE, ...SHEET_TYPES],
    },
    async ({ query }) => {
      const { customerId, from, to, format } = query;
      const s = await buildStatement(deps.db, customerId, from, to);
      return statementFile(s, format, deps.config.company);
    },
  );
  t.list(
    "/api/statements",
    {
      summary:
        "A customer's statement for a period: opening balance, invoices, payments, closing balance, aging",
      notFound: "No such customer (NOT_FOUND)",
      query: statementQuerySchema,
      response: statementSchema,
    },
    ({ query }) => buildStatement(deps.db, query.customerId, query.from, query.to),
  );
  return t.app;
}
