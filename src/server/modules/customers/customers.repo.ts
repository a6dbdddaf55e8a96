import type {
  CustomerFilter,
  CustomerListItem,
  CustomerSort,
  CustomerValues,
} from "@shared/customers/customers.schema";
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { Tx } from "../../db/client";
import { customerContacts, customers } from "../../db/schema";
import { likePattern } from "../../http/pagination";
import { openBalanceExpr } from "./open-balance";

export type CustomerRow = typeof customers.$inferSelect;

/** The search expression of the `customers_search_trgm` index, written the same way so it is used. */
const searchText = sql`(${customers.companyName} || ' ' || ${customers.name} || ' ' || coalesce(${customers.email}, '') || ' ' || coalesce(${customers.phone}, ''))`;

// Correlated sub-selects name the outer table in full: drizzle may leave a column unqualified.
const outerId = sql`customers.id`;
export const balanceOf = () => openBalanceExpr(outerId);
// Kept by triggers on `loads` in the writing statement (migration 0055): exactly `count(*)` of the
// customer's loads, one row read instead of up to 90k index entries per listed customer (issue 42).
const loadCountOf = () =>
  sql<number>`coalesce((select lc.loads from customer_load_counts lc where lc.customer_id = ${outerId}), 0)`;

export function listCondition(filter: Omit<CustomerFilter, "sort" | "dir">): SQL | undefined {
  const where: SQL[] = [];
  if (filter.q) where.push(sql`${searchText} ilike ${likePattern(filter.q)}`);
  if (filter.portal === "with") where.push(isNotNull(customers.userId));
  if (filter.portal === "without") where.push(isNull(customers.userId));
  if (filter.paymentTermsDays !== undefined)
    where.push(eq(customers.paymentTermsDays, filter.paymentTermsDays));
  if (filter.balance === "open") where.push(sql`${balanceOf()} > 0`);
  return where.length ? and(...where) : undefined;
}

export function listOrder(sort: CustomerSort, dir: "asc" | "desc"): SQL[] {
  const by = (col: SQLWrapper) => (dir === "desc" ? sql`${col} desc nulls last` : sql`${col} asc nulls last`);
  const tie = dir === "desc" ? desc(customers.id) : asc(customers.id);
  switch (sort) {
    case "companyName":
      return [by(customers.companyName), tie];
    case "name":
      return [by(customers.name), tie];
    case "email":
      return [by(customers.email), tie];
    case "paymentTermsDays":
      return [by(customers.paymentTermsDays), by(customers.companyName), tie];
    case "creditLimit":
      return [by(customers.creditLimit), by(customers.companyName), tie];
    case "openBalance":
      return [by(balanceOf()), by(customers.companyName), tie];
    case "createdAt":
      return [by(customers.createdAt), tie];
  }
}

/** The list's columns, open balance and load count included. */
export const listColumns = () => ({
  id: customers.id,
  name: customers.name,
  companyName: customers.companyName,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  billingAddress: customers.billingAddress,
  paymentTermsDays: customers.paymentTermsDays,
  creditLimit: customers.creditLimit,
  detentionFreeMinutes: customers.detentionFreeMinutes,
  detentionRate: customers.detentionRate,
  notes: customers.notes,
  userId: customers.userId,
  openBalance: sql<string>`(${balanceOf()})::numeric(14, 2)::text`,
  loadCount: loadCountOf(),
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
});

export type ListRow = {
  id: string;
  name: string;
  companyName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  paymentTermsDays: number;
  creditLimit: string | null;
  openBalance: string;
  loadCount: number;
  userId: string | null;
  createdAt: Date;
};

export function toListItem(r: ListRow): CustomerListItem {
  return {
    id: r.id,
    name: r.name,
    companyName: r.companyName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    paymentTermsDays: r.paymentTermsDays,
    creditLimit: r.creditLimit,
    openBalance: r.openBalance,
    loadCount: Number(r.loadCount),
    hasPortalAccount: !!r.userId,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Another customer already using `email` (case-insensitive), if any. */
export async function customerWithEmail(tx: Tx, email: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: customers.id, companyName: customers.companyName })
    .from(customers)
    .where(
      and(
        sql`lower(${customers.email}) = lower(${email})`,
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Which of `emails` (lower-cased) customers already use. */
export async function emailsInUse(tx: Tx, emails: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await tx
      .select({ email: sql<string>`lower(${customers.email})` })
      .from(customers)
      .where(inArray(sql`lower(${customers.email})`, chunk));
    for (const r of rows) used.add(r.email);
  }
  return used;
}

/**
 * Serialises writes of one email address (create, edit) so two saves cannot both pass the
 * uniqueness check: an advisory lock held until the transaction ends.
 */
export async function lockEmail(tx: Tx, email: string | null): Promise<void> {
  if (!email) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-email:${email.toLowerCase()}`}))`);
}

export async function replaceContacts(
  tx: Tx,
  customerId: string,
  contacts: CustomerValues["contacts"],
): Promise<void> {
  await tx.delete(customerContacts).where(eq(customerContacts.customerId, customerId));
  if (!contacts.length) return;
  await tx.insert(customerContacts).values(
    contacts.map((c, i) => ({
      customerId,
      sequence: i + 1,
      name: c.name,
      role: c.role,
      email: c.email,
      phone: c.phone,
    })),
  );
}

/** The columns of the customers row a create or an edit writes. */
export function formColumns(input: CustomerValues) {
  return {
    name: input.name,
    companyName: input.companyName,
    email: input.email,
    phone: input.phone,
    address: input.address,
    billingAddress: input.billingAddress,
    paymentTermsDays: input.paymentTermsDays,
    creditLimit: input.creditLimit,
    detentionFreeMinutes: input.detentionFreeMinutes,
    detentionRate: input.detentionRate,
    notes: input.notes,
  };
}
