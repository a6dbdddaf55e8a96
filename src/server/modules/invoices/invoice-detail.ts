import {
  daysBetween,
  type InvoiceDetail,
  invoiceViewStatus,
  subtractMoney,
} from "@shared/invoices/invoices.schema";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { readAll, type Tx } from "../../db/client";
import {
  customers,
  invoiceLines,
  invoiceLoads,
  invoicePayments,
  invoices,
  loadFiles,
  loads,
  users,
} from "../../db/schema";
import { notFound } from "../../http/errors";

/** File kinds that travel with an invoice, in the order they are appended per load. */
export const INVOICE_FILE_KINDS = ["rate_confirmation", "bol", "pod"] as const;

/** Counts of a load's invoice files, by kind. */
export async function fileCounts(tx: Tx, loadIds: string[]) {
  const counts = new Map<string, { rate_confirmation: number; bol: number; pod: number }>();
  if (!loadIds.length) return counts;
  const rows = await tx
    .select({ loadId: loadFiles.loadId, kind: loadFiles.kind, n: sql<number>`count(*)::int` })
    .from(loadFiles)
    .where(and(inArray(loadFiles.loadId, loadIds), inArray(loadFiles.kind, [...INVOICE_FILE_KINDS])))
    .groupBy(loadFiles.loadId, loadFiles.kind);
  for (const r of rows) {
    const entry = counts.get(r.loadId) ?? { rate_confirmation: 0, bol: 0, pod: 0 };
    if (r.kind !== "other") entry[r.kind] = r.n;
    counts.set(r.loadId, entry);
  }
  return counts;
}

/** One invoice with lines, payments and loads, as staff see it. 404 when it does not exist. */
export async function buildInvoiceDetail(tx: Tx, id: string, day: string): Promise<InvoiceDetail> {
  const [row] = await tx
    .select({ invoice: invoices, customerName: customers.companyName, createdByName: users.name })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(users, eq(users.id, invoices.createdBy))
    .where(eq(invoices.id, id));
  if (!row) throw notFound("The invoice");
  const i = row.invoice;

  const [lines, payments, loadRows] = await readAll(tx, [
    () =>
      tx
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, id))
        .orderBy(asc(invoiceLines.sequence)),
    () =>
      tx
        .select({ payment: invoicePayments, recordedByName: users.name })
        .from(invoicePayments)
        .leftJoin(users, eq(users.id, invoicePayments.recordedBy))
        .where(eq(invoicePayments.invoiceId, id))
        .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt)),
    () =>
      tx
        .select({
          id: loads.id,
          loadNumber: loads.loadNumber,
          pickupCity: loads.pickupCity,
          pickupState: loads.pickupState,
          deliveryCity: loads.deliveryCity,
          deliveryState: loads.deliveryState,
          deliveredAt: loads.deliveredAt,
          pickupAt: loads.pickupAt,
        })
        .from(invoiceLoads)
        .innerJoin(loads, eq(loads.id, invoiceLoads.loadId))
        .where(eq(invoiceLoads.invoiceId, id))
        .orderBy(asc(loads.pickupAt), asc(loads.loadNumber)),
  ]);
  const counts = await fileCounts(
    tx,
    loadRows.map((l) => l.id),
  );

  const status = invoiceViewStatus(i.status, i.dueDate, day);
  const balance = i.status === "void" ? "0.00" : subtractMoney(i.total, i.amountPaid);
  const paid = Number(i.amountPaid) > 0;
  return {
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    customerId: i.customerId,
    customerName: row.customerName,
    status,
    storedStatus: i.status,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    paymentTermsDays: i.paymentTermsDays,
    total: i.total,
    amountPaid: i.amountPaid,
    balance,
    loadCount: loadRows.length,
    daysOverdue: status === "overdue" ? daysBetween(i.dueDate, day) : 0,
    sentAt: i.sentAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
    billTo: {
      companyName: i.billToCompany,
      name: i.billToName,
      email: i.billToEmail,
      phone: i.billToPhone,
      address: i.billToAddress,
    },
    notes: i.notes,
    lines: lines.map((l) => ({
      id: l.id,
      loadId: l.loadId,
      loadNumber: l.loadNumber,
      kind: l.kind,
      description: l.description,
      amount: l.amount,
    })),
    payments: payments.map(({ payment: p, recordedByName }) => ({
      id: p.id,
      amount: p.amount,
      paidOn: p.paidOn,
      method: p.method,
      reference: p.reference,
      note: p.note,
      recordedByName,
      createdAt: p.createdAt.toISOString(),
    })),
    loads: loadRows.map((l) => ({
      id: l.id,
      loadNumber: l.loadNumber,
      pickupCity: l.pickupCity,
      pickupState: l.pickupState,
      deliveryCity: l.deliveryCity,
      deliveryState: l.deliveryState,
      deliveredAt: l.deliveredAt?.toISOString() ?? null,
      rateConfirmations: counts.get(l.id)?.rate_confirmation ?? 0,
      billsOfLading: counts.get(l.id)?.bol ?? 0,
      proofsOfDelivery: counts.get(l.id)?.pod ?? 0,
    })),
    sentTo: i.sentTo,
    paidAt: i.paidAt?.toISOString() ?? null,
    voidedAt: i.voidedAt?.toISOString() ?? null,
    voidReason: i.voidReason,
    createdByName: row.createdByName,
    updatedAt: i.updatedAt.toISOString(),
    actions: {
      edit: i.status === "draft",
      send: i.status === "draft" || i.status === "sent",
      markSent: i.status === "draft",
      recordPayment: i.status === "sent",
      void: i.status === "draft" || (i.status === "sent" && !paid),
    },
  };
}
