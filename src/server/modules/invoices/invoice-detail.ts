import {
  daysBetween,
  type InvoiceDetail,
  invoiceViewStatus,
  subtractMoney,
} from "@shared/invoices/invoices.schema";
import { and, eq, inArray, sql } from "drizzle-orm";
import { builtOnce, type Tx } from "../../db/client";
import { isoTime, jsonList, jsonObject, jsonObjectText } from "../../db/json-sql";
import { customers, invoices, loadFiles, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { JsonText } from "../../http/json-text";

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

type LineJson = InvoiceDetail["lines"][number];
type PaymentJson = Omit<InvoiceDetail["payments"][number], "createdAt"> & { createdAt: string };
type LoadJson = {
  id: string;
  loadNumber: string;
  pickupCity: string;
  pickupState: string;
  deliveryCity: string;
  deliveryState: string;
  deliveredAt: string | null;
  rateConfirmations: number;
  billsOfLading: number;
  proofsOfDelivery: number;
};

/**
 * An invoice with its lines, payments, loads (and their invoice files counted) and the company's day,
 * in one statement (decision 036): the lists are JSON columns, money stays text with `::text`.
 */
const invoiceDetailRow = builtOnce("invoice_detail", (tx) =>
  tx
    .select({
      invoice: invoices,
      customerName: customers.companyName,
      createdByName: users.name,
      today: sql<string>`current_date::text`,
      lines: sql<LineJson[]>`coalesce((
        select json_agg(json_build_object('id', il.id, 'loadId', il.load_id, 'loadNumber', il.load_number,
          'kind', il.kind, 'description', il.description, 'amount', il.amount::text) order by il.sequence)
        from invoice_lines il where il.invoice_id = ${invoices.id}), '[]')`,
      payments: sql<PaymentJson[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'amount', p.amount::text, 'paidOn', p.paid_on,
          'method', p.method, 'reference', p.reference, 'note', p.note, 'recordedByName', pu.name,
          'createdAt', p.created_at) order by p.paid_on, p.created_at)
        from invoice_payments p left join users pu on pu.id = p.recorded_by
        where p.invoice_id = ${invoices.id}), '[]')`,
      loads: sql<LoadJson[]>`coalesce((
        select json_agg(json_build_object('id', l.id, 'loadNumber', l.load_number,
          'pickupCity', l.pickup_city, 'pickupState', l.pickup_state, 'deliveryCity', l.delivery_city,
          'deliveryState', l.delivery_state, 'deliveredAt', l.delivered_at,
          'rateConfirmations', fc.rate_confirmation, 'billsOfLading', fc.bol,
          'proofsOfDelivery', fc.pod) order by l.pickup_at, l.load_number)
        from invoice_loads ilo join loads l on l.id = ilo.load_id
        cross join lateral (
          select count(*) filter (where lf.kind = 'rate_confirmation')::int as rate_confirmation,
                 count(*) filter (where lf.kind = 'bol')::int as bol,
                 count(*) filter (where lf.kind = 'pod')::int as pod
          from load_files lf where lf.load_id = l.id) fc
        where ilo.invoice_id = ${invoices.id}), '[]')`,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(users, eq(users.id, invoices.createdBy))
    .where(eq(invoices.id, sql.placeholder("id"))),
);

/**
 * One invoice with lines, payments and loads, as staff see it. 404 when it does not exist. `day` is
 * the company's day the status is read on: the statement's own `current_date` unless given.
 */
export async function buildInvoiceDetail(tx: Tx, id: string, day?: string): Promise<InvoiceDetail> {
  const [row] = await invoiceDetailRow(tx).execute({ id });
  if (!row) throw notFound("The invoice");
  const i = row.invoice;
  const loadRows = row.loads;
  day ??= row.today;

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
    lines: row.lines.map((l) => ({
      id: l.id,
      loadId: l.loadId,
      loadNumber: l.loadNumber,
      kind: l.kind,
      description: l.description,
      amount: l.amount,
    })),
    payments: row.payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      paidOn: p.paidOn,
      method: p.method,
      reference: p.reference,
      note: p.note,
      recordedByName: p.recordedByName,
      // PostgreSQL's JSON writes timestamps as "2026-11-20T14:05:00.123+00:00"; the API's are toISOString's.
      createdAt: new Date(p.createdAt).toISOString(),
    })),
    loads: loadRows.map((l) => ({
      id: l.id,
      loadNumber: l.loadNumber,
      pickupCity: l.pickupCity,
      pickupState: l.pickupState,
      deliveryCity: l.deliveryCity,
      deliveryState: l.deliveryState,
      deliveredAt: l.deliveredAt === null ? null : new Date(l.deliveredAt).toISOString(),
      rateConfirmations: l.rateConfirmations,
      billsOfLading: l.billsOfLading,
      proofsOfDelivery: l.proofsOfDelivery,
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

/** A sent invoice past its due date reads as overdue on the company's day (`invoiceViewStatus`). */
const overdue = sql`(${invoices.status} = 'sent' and ${invoices.dueDate} < current_date)`;
const draft = sql`(${invoices.status} = 'draft')`;
const sent = sql`(${invoices.status} = 'sent')`;

/**
 * The same answer as `buildInvoiceDetail` on the statement's own day, written whole by PostgreSQL
 * (issue 42, target 4): the hot read (`GET /api/invoices/{id}`) sends it as it is. The keys, their
 * order and every value are `buildInvoiceDetail`'s (invoices.int.test.ts compares the two for every
 * demo invoice); change both together.
 */
const invoiceDetailText = builtOnce("invoice_detail_text", (tx) =>
  tx
    .select({
      text: jsonObjectText({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        customerId: invoices.customerId,
        customerName: customers.companyName,
        status: sql`case when ${overdue} then 'overdue' else ${invoices.status}::text end`,
        storedStatus: invoices.status,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        paymentTermsDays: invoices.paymentTermsDays,
        total: sql`${invoices.total}::text`,
        amountPaid: sql`${invoices.amountPaid}::text`,
        balance: sql`case when ${invoices.status} = 'void' then '0.00'
          else (${invoices.total} - ${invoices.amountPaid})::numeric(14, 2)::text end`,
        loadCount: sql`(select count(*)::int from invoice_loads c where c.invoice_id = ${invoices.id})`,
        daysOverdue: sql`case when ${overdue} then current_date - ${invoices.dueDate} else 0 end`,
        sentAt: isoTime(invoices.sentAt),
        createdAt: isoTime(invoices.createdAt),
        billTo: jsonObject({
          companyName: invoices.billToCompany,
          name: invoices.billToName,
          email: invoices.billToEmail,
          phone: invoices.billToPhone,
          address: invoices.billToAddress,
        }),
        notes: invoices.notes,
        lines: jsonList(
          {
            id: sql`il.id`,
            loadId: sql`il.load_id`,
            loadNumber: sql`il.load_number`,
            kind: sql`il.kind`,
            description: sql`il.description`,
            amount: sql`il.amount::text`,
          },
          {
            from: sql`invoice_lines il`,
            where: sql`il.invoice_id = ${invoices.id}`,
            orderBy: sql`il.sequence`,
          },
        ),
        payments: jsonList(
          {
            id: sql`p.id`,
            amount: sql`p.amount::text`,
            paidOn: sql`p.paid_on`,
            method: sql`p.method`,
            reference: sql`p.reference`,
            note: sql`p.note`,
            recordedByName: sql`pu.name`,
            createdAt: isoTime(sql`p.created_at`),
          },
          {
            from: sql`invoice_payments p left join users pu on pu.id = p.recorded_by`,
            where: sql`p.invoice_id = ${invoices.id}`,
            orderBy: sql`p.paid_on, p.created_at`,
          },
        ),
        loads: jsonList(
          {
            id: sql`l.id`,
            loadNumber: sql`l.load_number`,
            pickupCity: sql`l.pickup_city`,
            pickupState: sql`l.pickup_state`,
            deliveryCity: sql`l.delivery_city`,
            deliveryState: sql`l.delivery_state`,
            deliveredAt: isoTime(sql`l.delivered_at`),
            rateConfirmations: sql`fc.rate_confirmation`,
            billsOfLading: sql`fc.bol`,
            proofsOfDelivery: sql`fc.pod`,
          },
          {
            from: sql`invoice_loads ilo join loads l on l.id = ilo.load_id
              cross join lateral (
                select count(*) filter (where lf.kind = 'rate_confirmation')::int as rate_confirmation,
                       count(*) filter (where lf.kind = 'bol')::int as bol,
                       count(*) filter (where lf.kind = 'pod')::int as pod
                from load_files lf where lf.load_id = l.id) fc`,
            where: sql`ilo.invoice_id = ${invoices.id}`,
            orderBy: sql`l.pickup_at, l.load_number`,
          },
        ),
        sentTo: invoices.sentTo,
        paidAt: isoTime(invoices.paidAt),
        voidedAt: isoTime(invoices.voidedAt),
        voidReason: invoices.voidReason,
        createdByName: users.name,
        updatedAt: isoTime(invoices.updatedAt),
        actions: jsonObject({
          edit: draft,
          send: sql`(${draft} or ${sent})`,
          markSent: draft,
          recordPayment: sent,
          void: sql`(${draft} or (${sent} and not ${invoices.amountPaid} > 0))`,
        }),
      }),
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(users, eq(users.id, invoices.createdBy))
    .where(eq(invoices.id, sql.placeholder("id"))),
);

/** `buildInvoiceDetail` on today's date as JSON text PostgreSQL wrote (404 when there is none). */
export async function invoiceDetailJson(tx: Tx, id: string): Promise<JsonText<InvoiceDetail>> {
  const [row] = await invoiceDetailText(tx).execute({ id });
  if (!row) throw notFound("The invoice");
  return new JsonText<InvoiceDetail>(row.text);
}
