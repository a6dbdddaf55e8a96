import { OpenAPIHono } from "@hono/zod-openapi";
import { and, eq, inArray } from "drizzle-orm";
import { PERMISSIONS } from "../../../shared/access";
import {
  type PortalInvoice,
  type PortalInvoiceDetail,
  type PortalInvoicePage,
  type PortalInvoiceQuery,
  portalInvoiceDetailSchema,
  portalInvoicePageSchema,
  portalInvoiceQuerySchema,
} from "../../../shared/invoices/invoices.schema";
import {
  portalStatementExportQuerySchema,
  portalStatementQuerySchema,
  statementSchema,
} from "../../../shared/invoices/statements.schema";
import type { Db } from "../../db/client";
import { customers, invoiceLines, invoices } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor, AppEnv } from "../../http/context";
import { notFound } from "../../http/errors";
import { offsetOf } from "../../http/pagination";
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
import { statementFile } from "../statements/statement-files";
import { buildStatement } from "../statements/statements.service";
import { binary, fileResponse, PDF_TYPE, SHEET_TYPES } from "./file-response";
import { buildInvoiceDetail } from "./invoice-detail";
import { renderInvoicePdf } from "./invoice-pdf";
import { listColumns, listCondition, listOrder, today, toListItem } from "./invoices.repo";

/*
 * The customer portal's billing: a customer (role customer) reads only their own company's sent and
 * paid invoices and their own statement. Anything else (another company's invoice, a draft, a void
 * one) answers 404, exactly like an id that does not exist. Nothing internal leaves: no notes on
 * payments, no void reasons, no who-did-what, nothing about drivers or margins.
 */

const tags = ["Customer portal"];
const ACCESS = PERMISSIONS["portalBilling:read"];
const VISIBLE = ["sent", "paid"] as const;

async function customerIdOf(db: Db, actor: Actor): Promise<string | null> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.userId, actor.userId));
  return row?.id ?? null;
}

async function myInvoiceId(db: Db, actor: Actor, id: string): Promise<string> {
  const customerId = await customerIdOf(db, actor);
  if (!customerId) throw notFound("The invoice");
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.id, id), eq(invoices.customerId, customerId), inArray(invoices.status, [...VISIBLE])),
    );
  if (!row) throw notFound("The invoice");
  return row.id;
}

async function loadNumbersOf(db: Db, ids: string[]) {
  const map = new Map<string, string[]>();
  if (!ids.length) return map;
  const rows = await db
    .selectDistinct({ invoiceId: invoiceLines.invoiceId, loadNumber: invoiceLines.loadNumber })
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, ids));
  for (const r of rows) {
    if (!r.loadNumber) continue;
    map.set(r.invoiceId, [...(map.get(r.invoiceId) ?? []), r.loadNumber].sort());
  }
  return map;
}

export async function portalInvoices(
  db: Db,
  actor: Actor,
  query: PortalInvoiceQuery,
): Promise<PortalInvoicePage> {
  const customerId = await customerIdOf(db, actor);
  if (!customerId) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  const day = await today(db);
  const cond = and(
    listCondition({ q: query.q, status: query.status, customerId }, day),
    inArray(invoices.status, [...VISIBLE]),
  );
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .where(cond)
      .orderBy(...listOrder(query.sort, query.dir))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.$count(invoices, cond),
  ]);
  const numbers = await loadNumbersOf(
    db,
    rows.map((r) => r.invoice.id),
  );
  return {
    items: rows.map((r) => {
      const item = toListItem(r, day);
      return {
        id: item.id,
        invoiceNumber: item.invoiceNumber,
        status: item.status as PortalInvoice["status"],
        issueDate: item.issueDate,
        dueDate: item.dueDate,
        total: item.total,
        amountPaid: item.amountPaid,
        balance: item.balance,
        daysOverdue: item.daysOverdue,
        loadNumbers: numbers.get(item.id) ?? [],
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function portalInvoice(db: Db, actor: Actor, id: string): Promise<PortalInvoiceDetail> {
  const d = await buildInvoiceDetail(db, await myInvoiceId(db, actor, id), await today(db));
  return {
    id: d.id,
    invoiceNumber: d.invoiceNumber,
    status: d.status as PortalInvoice["status"],
    issueDate: d.issueDate,
    dueDate: d.dueDate,
    total: d.total,
    amountPaid: d.amountPaid,
    balance: d.balance,
    daysOverdue: d.daysOverdue,
    loadNumbers: d.loads.map((l) => l.loadNumber),
    notes: d.notes,
    lines: d.lines.map(({ loadId: _, ...l }) => l),
    payments: d.payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      paidOn: p.paidOn,
      method: p.method,
      reference: p.reference,
    })),
  };
}

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
  const myCustomer = async (actor: Actor) => {
    const id = await customerIdOf(db, actor);
    if (!id) throw notFound("Your customer account");
    return id;
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await portalInvoices(db, c.get("actor")!, c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await portalInvoice(db, c.get("actor")!, c.req.valid("param").id), 200))
    .openapi(pdf, async (c) => {
      const id = await myInvoiceId(db, c.get("actor")!, c.req.valid("param").id);
      const file = await renderInvoicePdf(deps, await buildInvoiceDetail(db, id, await today(db)));
      return fileResponse(c, { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName });
    })
    .openapi(statement, async (c) => {
      const { from, to } = c.req.valid("query");
      return c.json(await buildStatement(db, await myCustomer(c.get("actor")!), from, to), 200);
    })
    .openapi(statementExport, async (c) => {
      const { from, to, format } = c.req.valid("query");
      const s = await buildStatement(db, await myCustomer(c.get("actor")!), from, to);
      return fileResponse(c, await statementFile(s, format, deps.config.company));
    });
}
