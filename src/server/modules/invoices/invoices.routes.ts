import { z } from "@hono/zod-openapi";
import {
  billableLoadSchema,
  billableLoadsQuerySchema,
  billingCustomerQuerySchema,
  billingCustomerSchema,
  createInvoiceSchema,
  invoiceDetailSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  recordPaymentSchema,
  sendInvoiceResultSchema,
  sendInvoiceSchema,
  updateInvoiceSchema,
  voidInvoiceSchema,
} from "@shared/invoices/invoices.schema";
import type { Deps } from "../../deps";
import { PDF_TYPE } from "../../http/files";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { exportInvoices } from "./invoice-export";
import { createInvoicesService } from "./invoices.service";

const WRITE = "invoices:write";
const paymentParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  paymentId: z.uuid({ message: "Invalid id." }),
});

export function invoicesRoutes(deps: Deps) {
  const invoices = createInvoicesService(deps);
  const t = routeTable({ tags: ["Invoices"], access: "invoices:read" });
  // Fixed paths before /api/invoices/{id}.
  t.export(
    "/api/invoices/export",
    {
      summary: "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE)",
      query: invoiceExportQuerySchema,
    },
    ({ query }) => exportInvoices(deps, query),
  );
  t.list(
    "/api/invoices/customers",
    {
      summary: "Customers to bill (name search), with their uninvoiced completed loads and open balance",
      query: billingCustomerQuerySchema,
      response: z.array(billingCustomerSchema),
    },
    ({ query }) => invoices.customers(query.q),
  );
  t.list(
    "/api/invoices/billable-loads",
    {
      summary: "A customer's completed loads on no live invoice, with the lines they would bill",
      query: billableLoadsQuerySchema,
      response: z.array(billableLoadSchema),
    },
    ({ query }) => invoices.billableLoads(query),
  );
  t.list(
    "/api/invoices",
    {
      summary:
        "Invoices: search (number, customer, load number), filters (customer, status incl. overdue, issue period), sort, pages",
      query: invoiceListQuerySchema,
      response: invoicePageSchema,
    },
    ({ query }) => invoices.list(query),
  );
  t.create(
    "/api/invoices",
    {
      summary:
        "Create a draft invoice from completed loads (lines from their charges; number INV-<year>-<n>; due date " +
        "from the customer's payment terms). 409 LOAD_NOT_BILLABLE / LOAD_ALREADY_INVOICED",
      access: WRITE,
      body: createInvoiceSchema,
      response: invoiceDetailSchema,
    },
    ({ actor, body }) => invoices.create(actor, body),
  );
  t.get(
    "/api/invoices/{id}",
    {
      summary: "An invoice with its lines, payments, loads and what may be done next",
      response: invoiceDetailSchema,
    },
    ({ id }) => invoices.detailJson(id),
  );
  t.update(
    "/api/invoices/{id}",
    {
      summary: "Change a draft's loads, dates and notes (409 INVOICE_NOT_DRAFT once sent)",
      access: WRITE,
      body: updateInvoiceSchema,
      response: invoiceDetailSchema,
    },
    ({ actor, id, body }) => invoices.update(actor, id, body),
  );
  t.download(
    "/api/invoices/{id}/pdf",
    {
      summary:
        "The invoice PDF: company details, lines, payments, then the loads' rate confirmations and BOLs",
      types: [PDF_TYPE],
      described: "The PDF",
    },
    async ({ id }) => {
      const file = await invoices.pdf(id);
      return { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName };
    },
  );
  t.json(
    "post",
    "/api/invoices/{id}/send",
    {
      summary:
        "Email the invoice PDF to the customer (or `to`) and mark it sent; stored in the outbox when SMTP is not set. " +
        "502 MAIL_FAILED leaves it unsent",
      access: WRITE,
      params: uuidParams,
      body: sendInvoiceSchema,
      response: sendInvoiceResultSchema,
    },
    ({ actor, id, body }) => invoices.send(actor, id, body),
  );
  t.json(
    "post",
    "/api/invoices/{id}/mark-sent",
    {
      summary: "Mark a draft as sent without emailing it (sent by post or through the customer's portal)",
      access: WRITE,
      params: uuidParams,
      response: invoiceDetailSchema,
    },
    ({ actor, id }) => invoices.markSent(actor, id),
  );
  t.create(
    "/api/invoices/{id}/payments",
    {
      summary: "Record a payment (partial allowed; paid in full → paid). 400 OVERPAYMENT above the balance",
      conflict: "INVOICE_NOT_OPEN: the invoice is a draft, paid in full or void",
      access: WRITE,
      params: uuidParams,
      body: recordPaymentSchema,
      response: invoiceDetailSchema,
      described: "Recorded",
    },
    ({ actor, id, body }) => invoices.recordPayment(actor, id, body),
  );
  t.json(
    "delete",
    "/api/invoices/{id}/payments/{paymentId}",
    {
      summary: "Remove a payment recorded by mistake (a paid invoice opens again)",
      access: WRITE,
      params: paymentParams,
      response: invoiceDetailSchema,
    },
    ({ actor, params }) => invoices.removePayment(actor, params.id, params.paymentId),
  );
  t.json(
    "post",
    "/api/invoices/{id}/void",
    {
      summary: "Void a draft (or a sent invoice without payments); its loads can be invoiced again",
      access: WRITE,
      conflict: "INVOICE_NOT_VOIDABLE: already void, or payments are recorded",
      params: uuidParams,
      body: voidInvoiceSchema,
      response: invoiceDetailSchema,
    },
    ({ actor, id, body }) => invoices.void(actor, id, body.reason),
  );
  return t.app;
}
