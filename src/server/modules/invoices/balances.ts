import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/*
 * What a customer owes, for other modules' lists (e.g. the customers list's open balance), as
 * correlated sub-selects so a page of customers costs one statement.
 */

/**
 * The outer customer id, always table-qualified: in a single-table select Drizzle prints a column
 * that sits directly in a selected expression bare (`"id"`), which inside a sub-select would name
 * the inner table's column. Wrapped in its own fragment it keeps its table.
 */
const qualified = (customerId: SQLWrapper): SQL => sql`${customerId}`;
const CUSTOMER_ID = sql.raw(`"customers"."id"`);

/** Unpaid on the customer's sent invoices (open and overdue), as numeric. */
export function invoicedBalanceExpr(customerId: SQLWrapper = CUSTOMER_ID): SQL<string> {
  return sql<string>`coalesce((
    select sum(ib.total - ib.amount_paid) from invoices ib
    where ib.customer_id = ${qualified(customerId)} and ib.status = 'sent'
  ), 0)`;
}

/**
 * Delivered but not billed yet: the customer's completed loads on no live invoice, valued as the
 * invoice would bill them (`invoiceLinesForLoad`: the customer rate when it covers the
 * accessorials, else the load's total).
 */
export function unbilledExpr(customerId: SQLWrapper = CUSTOMER_ID): SQL<string> {
  return sql<string>`coalesce((
    select sum(case
      when ub.customer_rate is not null
        and ub.customer_rate >= coalesce(ub.lumper_fee, 0) + coalesce(ub.detention, 0) + coalesce(ub.other_charges, 0)
      then ub.customer_rate else ub.total_rate end) from loads ub
    where ub.customer_id = ${qualified(customerId)} and ub.status = 'completed'
      and not exists (select 1 from invoice_loads il where il.load_id = ub.id and not il.released)
  ), 0)`;
}

/** Everything the customer owes: unpaid invoices plus delivered loads not yet invoiced. */
export function customerBalanceExpr(customerId: SQLWrapper = CUSTOMER_ID): SQL<string> {
  return sql<string>`(${invoicedBalanceExpr(customerId)} + ${unbilledExpr(customerId)})`;
}
