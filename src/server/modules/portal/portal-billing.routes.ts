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
import { PDF_TYPE, SHEET_TYPES } from "../../http/files";
import { routeTable } from "../../http/route-table";
import {
  myCustomerId,
  portalInvoice,
  portalInvoicePdf,
  portalInvoices,
} from "../invoices/portal-billing.service";
import { statementFile } from "../statements/statement-files";
import { buildStatement } from "../statements/statements.service";

export function portalBillingRoutes(deps: Deps) {
  const { db } = deps;
  const t = routeTable({ tags: ["Customer portal"], access: "portalBilling:read" });
  t.list(
    "/api/portal/invoices",
    {
      summary:
        "My company's invoices (sent, overdue, paid): search by invoice or load number, status, sort, pages",
      query: portalInvoiceQuerySchema,
      response: portalInvoicePageSchema,
    },
    ({ actor, query }) => portalInvoices(db, actor, query),
  );
  t.get(
    "/api/portal/invoices/{id}",
    {
      summary: "One of my company's invoices with its lines and payments (anyone else's: 404)",
      response: portalInvoiceDetailSchema,
    },
    ({ actor, id }) => portalInvoice(db, actor, id),
  );
  t.download(
    "/api/portal/invoices/{id}/pdf",
    {
      summary: "The invoice PDF with the loads' rate confirmations and bills of lading (anyone else's: 404)",
      types: [PDF_TYPE],
      described: "The PDF",
    },
    async ({ actor, id }) => {
      const file = await portalInvoicePdf(deps, actor, id);
      return { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName };
    },
  );
  t.list(
    "/api/portal/statement",
    {
      summary:
        "My company's statement for a period: opening balance, invoices, payments, closing balance, aging",
      query: portalStatementQuerySchema,
      response: statementSchema,
    },
    ({ actor, query }) => buildStatement(db, myCustomerId(actor), query.from, query.to),
  );
  t.export(
    "/api/portal/statement/export",
    {
      summary: "My company's statement as PDF, CSV or Excel",
      query: portalStatementExportQuerySchema,
      types: [PDF_TYPE, ...SHEET_TYPES],
    },
    async ({ actor, query }) => {
      const s = await buildStatement(db, myCustomerId(actor), query.from, query.to);
      return statementFile(s, query.format, deps.config.company);
    },
  );
  return t.app;
}
