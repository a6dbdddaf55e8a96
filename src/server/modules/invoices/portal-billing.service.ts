import type {
  PortalInvoice,
  PortalInvoiceDetail,
  PortalInvoicePage,
  PortalInvoiceQuery,
} from "@shared/invoices/invoices.schema";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers, invoiceLines, invoices } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { offsetOf } from "../../http/pagination";
import { ownCustomerId } from "../../http/scope";
import { buildInvoiceDetail } from "./invoice-detail";
import { renderInvoicePdf } from "./invoice-pdf";
import { listColumns, listCondition, listOrder, today, toListItem } from "./invoices.repo";

/*
 * The customer portal's billing: a customer (role customer) reads only their own company's sent and
 * paid invoices and their own statement. Anything else (another company's invoice, a draft, a void
 * one) answers 404, exactly like an id that does not exist. Nothing internal leaves: no notes on
 * payments, no void reasons, no who-did-what, nothing about drivers or margins.
 */

const VISIBLE = ["sent", "paid"] as const;

export async function myInvoiceId(db: Db, actor: Actor, id: string): Promise<string> {
  const customerId = ownCustomerId(actor);
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
  const customerId = ownCustomerId(actor);
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

/** The caller's own customer record, or 404 (staff and accounts without one have no statement here). */
export function myCustomerId(actor: Actor): string {
  const id = ownCustomerId(actor);
  if (!id) throw notFound("Your customer account");
  return id;
}

/** One of the caller's invoices as a PDF (404 for anyone else's, a draft or a void one). */
export async function portalInvoicePdf(deps: Deps, actor: Actor, id: string) {
  const mine = await myInvoiceId(deps.db, actor, id);
  return renderInvoicePdf(deps, await buildInvoiceDetail(deps.db, mine, await today(deps.db)));
}
