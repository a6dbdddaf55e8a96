import {
  daysBetween,
  type InvoiceFilter,
  type InvoiceListItem,
  invoiceViewStatus,
  subtractMoney,
} from "@shared/invoices/invoices.schema";
import { and, asc, desc, eq, exists, gte, ilike, inArray, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { customers, invoiceLines, invoiceLoads, invoices } from "../../db/schema";
import { likePattern } from "../../http/pagination";

export type InvoiceRow = typeof invoices.$inferSelect;

/** "Today" for due dates and aging: the database's calendar day, the one clock every query reads. */
export { companyToday as today } from "../../db/client";

/** What is still owed: nothing on a void invoice. */
export const balanceExpr = sql<string>`(case when ${invoices.status} = 'void' then 0 else ${invoices.total} - ${invoices.amountPaid} end)`;

export const loadCountExpr = sql<number>`(select count(*)::int from ${invoiceLoads} where ${invoiceLoads.invoiceId} = ${invoices.id})`;

/** Conditions of the list and its export. `customerId` scopes it to one customer (the portal). */
export function listCondition(
  filter: Pick<InvoiceFilter, "q" | "status" | "customerId" | "from" | "to">,
  day: string,
  opts: { customerIds?: string[] } = {},
): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (filter.customerId) where.push(eq(invoices.customerId, filter.customerId));
  switch (filter.status) {
    case undefined:
      break;
    case "overdue":
      where.push(and(eq(invoices.status, "sent"), lt(invoices.dueDate, day)));
      break;
    case "sent":
      where.push(and(eq(invoices.status, "sent"), gte(invoices.dueDate, day)));
      break;
    default:
      where.push(eq(invoices.status, filter.status));
  }
  if (filter.from) where.push(gte(invoices.issueDate, filter.from));
  if (filter.to) where.push(lte(invoices.issueDate, filter.to));
  if (filter.q) {
    const p = likePattern(filter.q);
    const parts: SQL[] = [
      ilike(invoices.invoiceNumber, p),
      exists(
        sql`(select 1 from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoices.id} and ${invoiceLines.loadNumber} ilike ${p})`,
      ),
    ];
    if (opts.customerIds?.length) parts.push(inArray(invoices.customerId, opts.customerIds));
    where.push(or(...parts));
  }
  const parts = where.filter((w): w is SQL => !!w);
  return parts.length ? and(...parts) : undefined;
}

/** Customers whose company or contact name matches (looked up first, so the list can OR an id list). */
export async function customerIdsMatching(tx: Tx, q: string, max = 500): Promise<string[]> {
  const p = likePattern(q);
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(or(ilike(customers.companyName, p), ilike(customers.name, p)))
    .limit(max);
  return rows.map((r) => r.id);
}

export function listOrder(sort: InvoiceFilter["sort"], dir: "asc" | "desc"): SQL[] {
  const by = dir === "desc" ? desc : asc;
  const tie = by(invoices.invoiceNumber);
  switch (sort) {
    case "invoiceNumber":
      return [tie];
    case "issueDate":
      return [by(invoices.issueDate), tie];
    case "dueDate":
      return [by(invoices.dueDate), tie];
    case "total":
      return [by(invoices.total), tie];
    case "balance":
      return [by(balanceExpr), tie];
  }
}

export const listColumns = {
  invoice: invoices,
  customerName: customers.companyName,
  loadCount: loadCountExpr,
};

export function toListItem(
  row: { invoice: InvoiceRow; customerName: string; loadCount: number },
  day: string,
): InvoiceListItem {
  const i = row.invoice;
  const status = invoiceViewStatus(i.status, i.dueDate, day);
  return {
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    customerId: i.customerId,
    customerName: row.customerName,
    status,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    total: i.total,
    amountPaid: i.amountPaid,
    balance: i.status === "void" ? "0.00" : subtractMoney(i.total, i.amountPaid),
    loadCount: row.loadCount,
    daysOverdue: status === "overdue" ? daysBetween(i.dueDate, day) : 0,
    sentAt: i.sentAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
  };
}

/** Loads of `loadIds` already on a live invoice other than `exceptInvoiceId`. */
export async function loadsOnOtherInvoices(tx: Tx, loadIds: string[], exceptInvoiceId?: string) {
  if (!loadIds.length) return [];
  return tx
    .select({ loadId: invoiceLoads.loadId, invoiceNumber: invoices.invoiceNumber })
    .from(invoiceLoads)
    .innerJoin(invoices, eq(invoices.id, invoiceLoads.invoiceId))
    .where(
      and(
        inArray(invoiceLoads.loadId, loadIds),
        eq(invoiceLoads.released, false),
        exceptInvoiceId ? ne(invoiceLoads.invoiceId, exceptInvoiceId) : undefined,
      ),
    );
}

/** Whether a database error is the "one live invoice per load" index refusing a second one. */
export function isLoadAlreadyInvoiced(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === "invoice_loads_live_load") return true;
    e = e.cause as typeof e;
  }
  return false;
}
