import type { InvoiceExportQuery, InvoiceListItem } from "@shared/invoices/invoices.schema";
import { count, eq } from "drizzle-orm";
import { customers, invoices } from "../../db/schema";
import type { Deps } from "../../deps";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import {
  customerIdsMatching,
  listColumns,
  listCondition,
  listOrder,
  today,
  toListItem,
} from "./invoices.repo";

const STATUS: Record<InvoiceListItem["status"], string> = {
  draft: "Draft",
  sent: "Sent",
  overdue: "Overdue",
  paid: "Paid",
  void: "Void",
};

const COLUMNS: Column<InvoiceListItem>[] = [
  { header: "Invoice number", value: (r) => r.invoiceNumber, width: 18 },
  { header: "Customer", value: (r) => r.customerName, width: 30 },
  { header: "Status", value: (r) => STATUS[r.status], width: 10 },
  { header: "Issue date", value: (r) => r.issueDate, width: 12 },
  { header: "Due date", value: (r) => r.dueDate, width: 12 },
  { header: "Days overdue", value: (r) => r.daysOverdue, width: 12 },
  { header: "Loads", value: (r) => r.loadCount, width: 8 },
  { header: "Total", value: (r) => Number(r.total), width: 12 },
  { header: "Paid", value: (r) => Number(r.amountPaid), width: 12 },
  { header: "Balance", value: (r) => Number(r.balance), width: 12 },
  {
    header: "Sent at (UTC)",
    value: (r) => (r.sentAt ? r.sentAt.slice(0, 16).replace("T", " ") : null),
    width: 18,
  },
];

/** The filtered invoice list as CSV or Excel (cells escaped against formula injection). */
export async function exportInvoices(deps: Deps, query: InvoiceExportQuery) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const day = await today(db);
  const customerIds = filter.q ? await customerIdsMatching(db, filter.q) : [];
  const cond = listCondition(filter, day, { customerIds });
  const [{ n }] = await db.select({ n: count() }).from(invoices).where(cond);
  ensureExportFits(n, "invoices");
  const rows = await db
    .select(listColumns)
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(cond)
    .orderBy(...listOrder(sort, dir))
    .limit(EXPORT_MAX_ROWS);
  const items = rows.map((r) => toListItem(r, day));
  return sheetFile(items, COLUMNS, format, { file: "invoices", sheet: "Invoices", stamp: day });
}
