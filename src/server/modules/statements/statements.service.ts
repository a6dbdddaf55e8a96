import { DEFAULT_PAYMENT_TERMS_DAYS } from "@shared/customers/customers.schema";
import {
  AGING_BUCKETS,
  type AgingBucket,
  agingBucket,
  daysBetween,
  sumMoney,
} from "@shared/invoices/invoices.schema";
import { toCents } from "@shared/loads/loads.schema";
import type {
  Aging,
  OpenInvoice,
  Receivable,
  ReceivablesFilter,
  ReceivablesPage,
  ReceivablesQuery,
  Statement,
  StatementEntry,
} from "@shared/statements/statements.schema";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { readAll, type Tx } from "../../db/client";
import { customers, invoicePayments, invoices } from "../../db/schema";
import { notFound } from "../../http/errors";
import { likePattern, offsetOf } from "../../http/pagination";
import { today } from "../invoices/invoices.repo";

/** Invoices that count on a statement: sent (open or overdue) and paid. Drafts and void ones do not. */
const BILLED = ["sent", "paid"] as const;

export function emptyAging(): Aging {
  return {
    current: "0.00",
    days1to30: "0.00",
    days31to60: "0.00",
    days61to90: "0.00",
    over90: "0.00",
    total: "0.00",
  };
}

/**
 * A customer's statement for [from, to]: opening balance (billed before `from` less paid before
 * `from`), the period's invoices and payments with a running balance, the closing balance, and the
 * aging of what is unpaid as of `to` (days past due counted to `to`).
 */
export async function buildStatement(
  tx: Tx,
  customerId: string,
  from: string,
  to: string,
): Promise<Statement> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw notFound("The customer");

  const billed = await tx
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      total: invoices.total,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.customerId, customerId),
        inArray(invoices.status, [...BILLED]),
        lte(invoices.issueDate, to),
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.invoiceNumber));
  const payments = billed.length
    ? await tx
        .select({
          id: invoicePayments.id,
          invoiceId: invoicePayments.invoiceId,
          amount: invoicePayments.amount,
          paidOn: invoicePayments.paidOn,
          method: invoicePayments.method,
          reference: invoicePayments.reference,
          createdAt: invoicePayments.createdAt,
        })
        .from(invoicePayments)
        .where(
          and(
            inArray(
              invoicePayments.invoiceId,
              billed.map((i) => i.id),
            ),
            lte(invoicePayments.paidOn, to),
          ),
        )
        .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt))
    : [];

  const numberOf = new Map(billed.map((i) => [i.id, i.invoiceNumber]));
  const openingCents =
    billed.filter((i) => i.issueDate < from).reduce((s, i) => s + toCents(i.total), 0) -
    payments.filter((p) => p.paidOn < from).reduce((s, p) => s + toCents(p.amount), 0);

  type Raw = Omit<StatementEntry, "balance"> & { cents: number };
  const raw: Raw[] = [
    ...billed
      .filter((i) => i.issueDate >= from)
      .map((i) => ({
        id: i.id,
        date: i.issueDate,
        kind: "invoice" as const,
        invoiceId: i.id,
        invoiceNumber: i.invoiceNumber,
        dueDate: i.dueDate,
        method: null,
        reference: "",
        charge: i.total,
        payment: null,
        cents: toCents(i.total),
      })),
    ...payments
      .filter((p) => p.paidOn >= from)
      .map((p) => ({
        id: p.id,
        date: p.paidOn,
        kind: "payment" as const,
        invoiceId: p.invoiceId,
        invoiceNumber: numberOf.get(p.invoiceId) ?? "",
        dueDate: null,
        method: p.method,
        reference: p.reference,
        charge: null,
        payment: p.amount,
        cents: -toCents(p.amount),
      })),
  ].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.kind === b.kind ? a.invoiceNumber.localeCompare(b.invoiceNumber) : a.kind === "invoice" ? -1 : 1),
  );
  let running = openingCents;
  const entries: StatementEntry[] = raw.map(({ cents, ...e }) => {
    running += cents;
    return { ...e, balance: fromCentsSigned(running) };
  });

  const paidBy = new Map<string, number>();
  for (const p of payments) paidBy.set(p.invoiceId, (paidBy.get(p.invoiceId) ?? 0) + toCents(p.amount));
  const openInvoices: OpenInvoice[] = billed
    .map((i) => {
      const balanceCents = toCents(i.total) - (paidBy.get(i.id) ?? 0);
      const daysPastDue = Math.max(0, daysBetween(i.dueDate, to));
      return {
        invoiceId: i.id,
        invoiceNumber: i.invoiceNumber,
        issueDate: i.issueDate,
        dueDate: i.dueDate,
        total: i.total,
        balance: fromCentsSigned(balanceCents),
        daysPastDue,
        bucket: agingBucket(daysBetween(i.dueDate, to)),
        balanceCents,
      };
    })
    .filter((i) => i.balanceCents > 0)
    .map(({ balanceCents: _, ...i }) => i);

  const aging = emptyAging();
  for (const bucket of AGING_BUCKETS) {
    aging[bucket] = sumMoney(openInvoices.filter((i) => i.bucket === bucket).map((i) => i.balance));
  }
  aging.total = sumMoney(openInvoices.map((i) => i.balance));

  const invoiced = sumMoney(entries.filter((e) => e.kind === "invoice").map((e) => e.charge));
  const paid = sumMoney(entries.filter((e) => e.kind === "payment").map((e) => e.payment));
  return {
    customer: {
      id: customer.id,
      companyName: customer.companyName,
      name: customer.name,
      email: customer.email,
      address: customer.billingAddress || customer.address,
      paymentTermsDays: customer.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    },
    from,
    to,
    openingBalance: fromCentsSigned(openingCents),
    invoiced,
    paid,
    closingBalance: fromCentsSigned(running),
    entries,
    openInvoices,
    aging,
  };
}

function fromCentsSigned(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

// ---- Receivables by customer, aged as of a day

const money = (expr: ReturnType<typeof sql>) => sql`coalesce(${expr}, 0)::numeric(14,2)::text`;

/** Per customer: unpaid billed invoices as of `asOf`, in aging buckets. One statement, no N+1. */
function receivablesQuery(filter: ReceivablesFilter, asOf: string) {
  const day = sql`${asOf}::date`;
  const open = sql`
    select i.customer_id, i.due_date,
      i.total - coalesce((select sum(p.amount) from ${invoicePayments} p where p.invoice_id = i.id and p.paid_on <= ${day}), 0) as bal
    from ${invoices} i
    where i.status in ('sent', 'paid') and i.issue_date <= ${day}`;
  const due = sql`(${day} - o.due_date)`;
  const where = filter.q
    ? sql`where (c.company_name ilike ${likePattern(filter.q)} or c.name ilike ${likePattern(filter.q)})`
    : sql``;
  const having =
    filter.balance === "open"
      ? sql`having coalesce(sum(o.bal), 0) > 0`
      : filter.balance === "pastDue"
        ? sql`having coalesce(sum(o.bal) filter (where ${due} > 0), 0) > 0`
        : sql``;
  return sql`
    select c.id as customer_id, c.company_name, c.name, c.email,
      count(o.bal)::int as open_invoices,
      coalesce(sum(o.bal) filter (where ${due} <= 0), 0) as current,
      coalesce(sum(o.bal) filter (where ${due} between 1 and 30), 0) as days1to30,
      coalesce(sum(o.bal) filter (where ${due} between 31 and 60), 0) as days31to60,
      coalesce(sum(o.bal) filter (where ${due} between 61 and 90), 0) as days61to90,
      coalesce(sum(o.bal) filter (where ${due} > 90), 0) as over90,
      coalesce(sum(o.bal), 0) as total,
      coalesce(sum(o.bal) filter (where ${due} > 0), 0) as past_due
    from ${customers} c
    left join (${open}) o on o.customer_id = c.id and o.bal > 0
    ${where}
    group by c.id
    ${having}`;
}

const ORDER: Record<ReceivablesFilter["sort"], string> = {
  companyName: "company_name",
  balance: "total",
  pastDue: "past_due",
  over90: "over90",
};

interface ReceivableRow extends Record<string, unknown> {
  customer_id: string;
  company_name: string;
  name: string;
  email: string | null;
  open_invoices: number;
  current: string;
  days1to30: string;
  days31to60: string;
  days61to90: string;
  over90: string;
  total: string;
  past_due: string;
}

function toReceivable(r: ReceivableRow): Receivable {
  const m = (v: string) => Number(v).toFixed(2);
  return {
    customerId: r.customer_id,
    companyName: r.company_name,
    name: r.name,
    email: r.email,
    openInvoices: r.open_invoices,
    aging: {
      current: m(r.current),
      days1to30: m(r.days1to30),
      days31to60: m(r.days31to60),
      days61to90: m(r.days61to90),
      over90: m(r.over90),
      total: m(r.total),
    },
    pastDue: m(r.past_due),
  };
}

export async function listReceivables(
  tx: Tx,
  query: ReceivablesFilter & Partial<Pick<ReceivablesQuery, "page" | "pageSize">>,
  limit?: number,
): Promise<ReceivablesPage> {
  const asOf = query.asOf ?? (await today(tx));
  const base = receivablesQuery(query, asOf);
  const dir = query.dir === "asc" ? sql`asc` : sql`desc`;
  const order = sql.raw(ORDER[query.sort]);
  const pageSize = query.pageSize ?? limit ?? 25;
  const offset = query.page ? offsetOf({ page: query.page, pageSize }) : 0;
  const [{ rows }, { rows: sums }] = await readAll(tx, [
    () =>
      tx.execute<ReceivableRow>(
        sql`select * from (${base}) r order by ${order} ${dir}, company_name asc, customer_id limit ${pageSize} offset ${offset}`,
      ),
    () =>
      tx.execute<{
        n: number;
        current: string;
        days1to30: string;
        days31to60: string;
        days61to90: string;
        over90: string;
        total: string;
      }>(
        sql`select count(*)::int as n, ${money(sql`sum(current)`)} as current, ${money(sql`sum(days1to30)`)} as days1to30,
        ${money(sql`sum(days31to60)`)} as days31to60, ${money(sql`sum(days61to90)`)} as days61to90,
        ${money(sql`sum(over90)`)} as over90, ${money(sql`sum(total)`)} as total from (${base}) r`,
      ),
  ]);
  const s = sums[0];
  return {
    items: rows.map(toReceivable),
    total: s.n,
    page: query.page ?? 1,
    pageSize,
    asOf,
    totals: {
      current: s.current,
      days1to30: s.days1to30,
      days31to60: s.days31to60,
      days61to90: s.days61to90,
      over90: s.over90,
      total: s.total,
    },
  };
}

export const BUCKET_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  days1to30: "1-30 days",
  days31to60: "31-60 days",
  days61to90: "61-90 days",
  over90: "Over 90 days",
};
