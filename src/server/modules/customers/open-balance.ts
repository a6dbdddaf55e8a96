import type { OpenBalanceSource } from "@shared/customers/customers.schema";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * What a customer owes: the unpaid part (total − amount paid) of their invoices that have been
 * issued — drafts were never sent and void invoices are cancelled, so neither counts.
 */
export const OPEN_BALANCE_SOURCE: OpenBalanceSource = "invoices";

/**
 * The open balance of the customer whose id is `customerId`, as a correlated sub-select (numeric).
 * Pass the outer column fully qualified (sql`customers.id`).
 */
export function openBalanceExpr(customerId: SQLWrapper): SQL<string> {
  return sql<string>`coalesce((
    select sum(ob.total - ob.amount_paid) from invoices ob
    where ob.customer_id = ${customerId} and ob.status not in ('draft', 'void')
  ), 0)`;
}
