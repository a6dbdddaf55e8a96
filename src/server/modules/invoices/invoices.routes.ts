import { OpenAPIHono, z } from "@hono/zod-openapi";
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
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, PDF_TYPE, SHEET_TYPES } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { exportInvoices } from "./invoice-export";
import { createInvoicesService } from "./invoices.service";

const tags = ["Invoices"];
const READ = "invoices:read";
const WRITE = "invoices:write";
const paymentParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  paymentId: z.uuid({ message: "Invalid id." }),
});

const list = defineRoute({
  method: "get",
  path: "/api/invoices",
  tags,
  summary:
    "Invoices: search (number, customer, load number), filters (customer, status incl. overdue, issue period), sort, pages",
  access: READ,
  request: { query: invoiceListQuerySchema },
  responses: { 200: jsonContent(invoicePageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/invoices/export",
  tags,
  summary: "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE)",
  access: READ,
  request: { query: invoiceExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const customerOptions = defineRoute({
  method: "get",
  path: "/api/invoices/customers",
  tags,
  summary: "Customers to bill (name search), with their uninvoiced completed loads and open balance",
  access: READ,
  request: { query: billingCustomerQuerySchema },
  responses: { 200: jsonContent(z.array(billingCustomerSchema)) },
});
const billableLoads = defineRoute({
  method: "get",
  path: "/api/invoices/billable-loads",
  tags,
  summary: "A customer's completed loads on no live invoice, with the lines they would bill",
  access: READ,
  request: { query: billableLoadsQuerySchema },
  responses: { 200: jsonContent(z.array(billableLoadSchema)) },
});
const create = defineRoute({
  method: "post",
  path: "/api/invoices",
  tags,
  summary:
    "Create a draft invoice from completed loads (lines from their charges; number INV-<year>-<n>; due date " +
    "from the customer's payment terms). 409 LOAD_NOT_BILLABLE / LOAD_ALREADY_INVOICED",
  access: WRITE,
  request: { body: jsonBody(createInvoiceSchema) },
  responses: { 201: jsonContent(invoiceDetailSchema, "Created") },
});
const get = defineRoute({
  method: "get",
  path: "/api/invoices/{id}",
  tags,
  summary: "An invoice with its lines, payments, loads and what may be done next",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(invoiceDetailSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/invoices/{id}",
  tags,
  summary: "Change a draft's loads, dates and notes (409 INVOICE_NOT_DRAFT once sent)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(updateInvoiceSchema) },
  responses: { 200: jsonContent(invoiceDetailSchema) },
});
const pdf = defineRoute({
  method: "get",
  path: "/api/invoices/{id}/pdf",
  tags,
  summary: "The invoice PDF: company details, lines, payments, then the loads' rate confirmations and BOLs",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: binary([PDF_TYPE], "The PDF") },
});
const send = defineRoute({
  method: "post",
  path: "/api/invoices/{id}/send",
  tags,
  summary:
    "Email the invoice PDF to the customer (or `to`) and mark it sent; stored in the outbox when SMTP is not set. " +
    "502 MAIL_FAILED leaves it unsent",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(sendInvoiceSchema) },
  responses: { 200: jsonContent(sendInvoiceResultSchema) },
});
const markSent = defineRoute({
  method: "post",
  path: "/api/invoices/{id}/mark-sent",
  tags,
  summary: "Mark a draft as sent without emailing it (sent by post or through the customer's portal)",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(invoiceDetailSchema) },
});
const recordPayment = defineRoute({
  method: "post",
  path: "/api/invoices/{id}/payments",
  tags,
  summary: "Record a payment (partial allowed; paid in full → paid). 400 OVERPAYMENT above the balance",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(recordPaymentSchema) },
  responses: { 201: jsonContent(invoiceDetailSchema, "Recorded") },
});
const removePayment = defineRoute({
  method: "delete",
  path: "/api/invoices/{id}/payments/{paymentId}",
  tags,
  summary: "Remove a payment recorded by mistake (a paid invoice opens again)",
  access: WRITE,
  request: { params: paymentParams },
  responses: { 200: jsonContent(invoiceDetailSchema) },
});
const voidInvoice = defineRoute({
  method: "post",
  path: "/api/invoices/{id}/void",
  tags,
  summary: "Void a draft (or a sent invoice without payments); its loads can be invoiced again",
  access: WRITE,
  conflict: "INVOICE_NOT_VOIDABLE: already void, or payments are recorded",
  request: { params: uuidParams, body: jsonBody(voidInvoiceSchema) },
  responses: { 200: jsonContent(invoiceDetailSchema) },
});

export function invoicesRoutes(deps: Deps) {
  const invoices = createInvoicesService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/invoices/{id}.
      .openapi(exportList, async (c) => fileResponse(c, await exportInvoices(deps, c.req.valid("query"))))
      .openapi(customerOptions, async (c) => c.json(await invoices.customers(c.req.valid("query").q), 200))
      .openapi(billableLoads, async (c) => c.json(await invoices.billableLoads(c.req.valid("query")), 200))
      .openapi(list, async (c) => c.json(await invoices.list(c.req.valid("query")), 200))
      .openapi(create, async (c) => c.json(await invoices.create(actorOf(c), c.req.valid("json")), 201))
      .openapi(get, async (c) => c.json(await invoices.detail(c.req.valid("param").id), 200))
      .openapi(update, async (c) =>
        c.json(await invoices.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(pdf, async (c) => {
        const file = await invoices.pdf(c.req.valid("param").id);
        return fileResponse(c, { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName });
      })
      .openapi(send, async (c) =>
        c.json(await invoices.send(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(markSent, async (c) =>
        c.json(await invoices.markSent(actorOf(c), c.req.valid("param").id), 200),
      )
      .openapi(recordPayment, async (c) =>
        c.json(await invoices.recordPayment(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
      )
      .openapi(removePayment, async (c) => {
        const { id, paymentId } = c.req.valid("param");
        return c.json(await invoices.removePayment(actorOf(c), id, paymentId), 200);
      })
      .openapi(voidInvoice, async (c) =>
        c.json(await invoices.void(actorOf(c), c.req.valid("param").id, c.req.valid("json").reason), 200),
      )
  );
}
