import { netOf } from "@shared/accounting/ledger.schema";
import type { PaymentListQuery, PaymentPage, PaymentRow } from "@shared/accounting/payments.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { companyDay } from "./ledger-posting";

/**
 * One list of what is owed and what was paid (`/accounting`): open bills and open customer
 * invoices (pending, overdue past their due date in the company's time zone), approved driver
 * settlements (pending), bill, invoice and settlement payments (paid). Each row's action goes through its own source (pay the bill, open the invoice).
 */
export function createPaymentsService({ db, config }: Deps) {
  const rows = (today: string) => sql`
    select 'bill' as kind, b.id::text as id, b.id::text as parent_id, b.due_date::text as day, b.name as title,
      b.vendor as counterparty, b.account_number as reference, b.amount as amount, 'expense' as direction,
      case when b.due_date < ${today}::date then 'overdue' else 'pending' end as status, null::text as method
    from bills b where b.status = 'open'
    union all
    select 'invoice', i.id::text, i.id::text, i.due_date::text, i.invoice_number, i.bill_to_company, '',
      i.total - i.amount_paid, 'income',
      case when i.due_date < ${today}::date then 'overdue' else 'pending' end, null
    from invoices i where i.status = 'sent' and i.total > i.amount_paid
    union all
    select 'settlement', s.id::text, s.id::text, s.period_end::text, s.number, d.full_name, '', s.net, 'expense',
      'pending', null
    from settlements s join drivers d on d.id = s.driver_id where s.status = 'approved'
    union all
    select 'bill_payment', p.id::text, p.bill_id::text, p.paid_on::text, b.name, b.vendor, p.reference, p.amount,
      'expense', 'paid', p.method::text
    from bill_payments p join bills b on b.id = p.bill_id
    union all
    select 'invoice_payment', p.id::text, p.invoice_id::text, p.paid_on::text, i.invoice_number, i.bill_to_company,
      p.reference, p.amount, 'income', 'paid', p.method::text
    from invoice_payments p join invoices i on i.id = p.invoice_id
    union all
    select 'settlement_payment', s.id::text, s.id::text, s.paid_on::text, s.number, d.full_name, s.pay_reference,
      s.net, 'expense', 'paid', s.pay_method::text
    from settlements s join drivers d on d.id = s.driver_id where s.status = 'paid'`;

  return {
    async list(query: PaymentListQuery): Promise<PaymentPage> {
      const today = companyDay(new Date(), config.company.timeZone);
      const where: SQL[] = [];
      if (query.view === "pending") where.push(sql`status <> 'paid'`);
      if (query.view === "paid") where.push(sql`status = 'paid'`);
      if (query.direction) where.push(sql`direction = ${query.direction}`);
      if (query.from) where.push(sql`day >= ${query.from}`);
      if (query.to) where.push(sql`day <= ${query.to}`);
      if (query.q) {
        const p = likePattern(query.q);
        where.push(sql`(title ilike ${p} or counterparty ilike ${p} or reference ilike ${p})`);
      }
      const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const dir = query.dir ?? (query.view === "pending" ? "asc" : "desc");
      const by = sql.raw(dir === "asc" ? "asc" : "desc");
      const order = query.sort === "amount" ? sql`amount ${by}, day asc, id asc` : sql`day ${by}, id ${by}`;
      const [summary] = (
        await db.execute<{ total: number; income: string; expense: string }>(sql`
          select count(*)::int as total,
            coalesce(sum(amount) filter (where direction = 'income'), 0)::numeric(14,2)::text as income,
            coalesce(sum(amount) filter (where direction = 'expense'), 0)::numeric(14,2)::text as expense
          from (${rows(today)}) x ${cond}`)
      ).rows;
      const page = (
        await db.execute<{
          kind: PaymentRow["kind"];
          id: string;
          parent_id: string;
          day: string;
          title: string;
          counterparty: string;
          reference: string;
          amount: string;
          direction: PaymentRow["direction"];
          status: PaymentRow["status"];
          method: PaymentRow["method"];
        }>(sql`
          select * from (${rows(today)}) x ${cond}
          order by ${order}
          limit ${query.pageSize} offset ${offsetOf(query)}`)
      ).rows;
      return {
        ...toPage(
          page.map((r) => ({
            kind: r.kind,
            id: r.id,
            parentId: r.parent_id,
            day: r.day,
            title: r.title,
            counterparty: r.counterparty,
            reference: r.reference,
            amount: r.amount,
            direction: r.direction,
            status: r.status,
            method: r.method,
          })),
          summary.total,
          query,
        ),
        totals: {
          income: summary.income,
          expense: summary.expense,
          net: netOf(summary.income, summary.expense),
        },
      };
    },
  };
}
