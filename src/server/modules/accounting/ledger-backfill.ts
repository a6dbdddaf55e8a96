import { BILL_LEDGER_CATEGORY } from "@shared/accounting/bills.schema";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { appMeta } from "../../db/schema";
import type { Logger } from "../../logger";

const BACKFILLED = "ledger_backfilled_at";

/**
 * Once per database, at start-up: the rows written before the ledger existed (a database that ran
 * an earlier version) are posted, in the company's time zone. Later rows post themselves.
 */
export async function ensureLedgerBackfilled(db: Db, timeZone: string, log: Logger): Promise<void> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, BACKFILLED));
  if (done) return;
  const added = await db.transaction(async (tx) => {
    const n = await backfillLedger(tx, timeZone);
    await tx
      .insert(appMeta)
      .values({ key: BACKFILLED, value: new Date().toISOString() })
      .onConflictDoNothing();
    return n;
  });
  if (added > 0) log.info(`Ledger: posted ${added} earlier payments and expenses`);
}

/**
 * Posts every source row the ledger does not hold yet, the same way the sources post their own
 * changes (`ledger-posting.ts`): bill and invoice payments, fuel, tolls, parking expenses, completed
 * maintenance with a cost and paid citations. Idempotent (the (source, source_id) key): the demo
 * seed and the bulk generator call it after writing their rows, and `ensureLedgerBackfilled` runs it
 * once over a database that had rows before the ledger. Returns the rows it added.
 */
export async function backfillLedger(tx: Tx, timeZone: string): Promise<number> {
  let added = 0;
  for (const statement of BACKFILL(timeZone)) {
    const result = await tx.execute(statement);
    added += result.rowCount ?? 0;
  }
  return added;
}

/** A bill's ledger category, from the one map the bill service posts with. */
const BILL_CATEGORY_SQL = sql.raw(
  `case b.service_type ${Object.entries(BILL_LEDGER_CATEGORY)
    .map(([service, category]) => `when '${service}' then '${category}'`)
    .join(" ")} end`,
);

const BACKFILL = (tz: string) => [
  sql`insert into transactions (occurred_on, direction, category, amount, counterparty, payment_method, reference, notes,
        vehicle_id, source, source_id, source_parent_id, created_by, created_at)
      select p.paid_on, 'expense',
        (${BILL_CATEGORY_SQL})::ledger_category,
        p.amount, coalesce(nullif(b.vendor, ''), b.name), p.method, coalesce(nullif(p.reference, ''), b.account_number),
        b.name, b.vehicle_id, 'bill_payment', p.id, b.id, p.recorded_by, p.created_at
      from bill_payments p join bills b on b.id = p.bill_id
      on conflict (source, source_id) where source_id is not null do nothing`,
  sql`insert into transactions (occurred_on, direction, category, amount, counterparty, payment_method, reference, notes,
        load_id, source, source_id, source_parent_id, created_by, created_at)
      select p.paid_on, 'income', 'freight_revenue', p.amount, i.bill_to_company, p.method::text::ledger_payment_method,
        coalesce(nullif(p.reference, ''), i.invoice_number), p.note,
        (select case when count(*) = 1 then (array_agg(il.load_id))[1] end from invoice_loads il where il.invoice_id = i.id),
        'invoice_payment', p.id, i.id, p.recorded_by, p.created_at
      from invoice_payments p join invoices i on i.id = p.invoice_id
      on conflict (source, source_id) where source_id is not null do nothing`,
  sql`insert into transactions (occurred_on, direction, category, amount, counterparty, payment_method, reference,
        vehicle_id, driver_id, receipt_file_id, source, source_id, created_by, created_at)
      select (f.fueled_at at time zone ${tz})::date, 'expense', 'fuel', f.total_amount, f.location, 'fuel_card', f.state,
        f.vehicle_id, f.driver_id, f.receipt_file_id, 'fuel', f.id, f.created_by, f.created_at
      from fuel_entries f
      on conflict (source, source_id) where source_id is not null do nothing`,
  sql`insert into transactions (occurred_on, direction, category, amount, counterparty, payment_method, reference, notes,
        vehicle_id, driver_id, load_id, source, source_id, created_by, created_at)
      select (t.occurred_at at time zone ${tz})::date, case when t.amount < 0 then 'income' else 'expense' end::ledger_direction,
        'tolls', abs(t.amount), t.location, case when t.transponder <> '' then 'transponder' end::ledger_payment_method,
        t.transponder, t.notes, t.vehicle_id, t.driver_id, t.load_id, 'toll', t.id, t.created_by, t.created_at
      from tolls t where t.amount <> 0
      on conflict (source, source_id) where source_id is not null do nothing`,
  sql`insert into transactions (occurred_on, direction, category, amount, counterparty, payment_method, notes,
        vehicle_id, driver_id, receipt_file_id, source, source_id, created_by, created_at)
      select e.date, 'expense', 'parking', e.amount, e.location, e.payment_method::text::ledger_payment_method, e.notes,
        e.vehicle_id, e.driver_id, e.receipt_file_id, 'parking_expense', e.id, e.created_by, e.created_at
      from parking_expenses e
      on conflict (source, source_id) where source_id is not null do nothing`,
  sql`insert into transactions (occurred_on, direction, category, amount, counterparty, notes,
        vehicle_id, receipt_file_id, source, source_id, created_by, created_at)
      select m.service_date, 'expense', case when m.service_type like 'tire%' then 'tires' else 'maintenance' end::ledger_category,
        m.cost, m.vendor, m.notes, m.vehicle_id, m.receipt_file_id, 'maintenance', m.id,
        coalesce(m.completed_by, m.created_by), coalesce(m.completed_at, m.created_at)
      from maintenance_records m where m.status = 'completed' and m.cost > 0
      on conflict (source, source_id) where source_id is not null do nothing`,
  sql`insert into transactions (occurred_on, direction, category, amount, counterparty, reference, notes,
        driver_id, source, source_id, created_by, created_at)
      select coalesce((paid.at at time zone ${tz})::date, c.issued_on), 'expense', 'fines', c.fine_amount,
        c.city || ', ' || c.state, c.citation_number, c.violation, c.driver_id, 'citation', c.id, c.created_by,
        coalesce(paid.at, c.updated_at)
      from citations c
      left join lateral (
        select max(e.created_at) as at from citation_events e where e.citation_id = c.id and e.to_status = 'paid'
      ) paid on true
      where c.status = 'paid' and c.fine_amount > 0
      on conflict (source, source_id) where source_id is not null do nothing`,
];
