import type { CitationFilter, CitationListItem, CitationSort } from "@shared/citations/citations.schema";
import { and, asc, desc, eq, gte, ilike, lte, not, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { citations, drivers } from "../../db/schema";
import { likePattern } from "../../http/pagination";
import { ownedBy, type Scope } from "../../http/scope";

/** Whose citations a caller reaches: staff every one, a driver only their own. */
export const scopeCondition = (scope: Scope): SQL | undefined =>
  ownedBy(scope, { driver: citations.driverId });

/** Open and past the due date, by the database's date. */
export const overdueSql = sql<boolean>`(${citations.status} = 'open' and ${citations.dueOn} < current_date)`;

/** The list's WHERE: scope, filters and the search (citation number, violation, place or driver). */
export function citationCondition(filter: Partial<CitationFilter>, scope: Scope): SQL | undefined {
  const where: Array<SQL | undefined> = [scopeCondition(scope)];
  if (filter.driverId && scope.kind === "staff") where.push(eq(citations.driverId, filter.driverId));
  if (filter.status) where.push(eq(citations.status, filter.status));
  if (filter.overdue === true) where.push(overdueSql);
  if (filter.overdue === false) where.push(not(overdueSql));
  if (filter.from) where.push(gte(citations.issuedOn, filter.from));
  if (filter.to) where.push(lte(citations.issuedOn, filter.to));
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(
      or(
        sql`(${citations.citationNumber} || ' ' || ${citations.violation} || ' ' || ${citations.city} || ' ' || ${citations.state}) ilike ${p}`,
        ilike(drivers.fullName, p),
      ),
    );
  }
  const parts = where.filter((w): w is SQL => !!w);
  return parts.length ? and(...parts) : undefined;
}

/** ORDER BY for a sort; ties broken by the newest record, then id, so pages never overlap. */
export function citationOrder(sort: CitationSort, dir: "asc" | "desc"): SQL[] {
  const by = (col: Parameters<typeof asc>[0]) => (dir === "asc" ? asc(col) : desc(col));
  const tail = [desc(citations.createdAt), asc(citations.id)];
  switch (sort) {
    case "issuedOn":
      return [by(citations.issuedOn), ...tail];
    case "dueOn":
      return [by(citations.dueOn), ...tail];
    case "fineAmount":
      return [by(citations.fineAmount), ...tail];
    case "status":
      return [by(citations.status), asc(citations.dueOn), ...tail];
    case "driverName":
      return [by(drivers.fullName), desc(citations.issuedOn), ...tail];
  }
}

export const listColumns = {
  id: citations.id,
  citationNumber: citations.citationNumber,
  driverId: citations.driverId,
  driverName: drivers.fullName,
  issuedOn: citations.issuedOn,
  dueOn: citations.dueOn,
  city: citations.city,
  state: citations.state,
  violation: citations.violation,
  fineAmount: citations.fineAmount,
  status: citations.status,
  overdue: overdueSql,
  hasFile: sql<boolean>`(${citations.fileId} is not null)`,
  disputeReason: citations.disputeReason,
  notes: citations.notes,
  createdAt: citations.createdAt,
};

/** Citations joined to their driver (always present: a citation's driver is required). */
export const selectCitations = (db: Tx) =>
  db.select(listColumns).from(citations).innerJoin(drivers, eq(drivers.id, citations.driverId));

export type CitationRow = Awaited<ReturnType<typeof selectCitations>>[number];

export function toListItem(r: CitationRow): CitationListItem {
  return {
    id: r.id,
    citationNumber: r.citationNumber,
    driverId: r.driverId,
    driverName: r.driverName,
    issuedOn: r.issuedOn,
    dueOn: r.dueOn,
    city: r.city,
    state: r.state,
    violation: r.violation,
    fineAmount: r.fineAmount,
    status: r.status,
    overdue: r.overdue,
    hasFile: r.hasFile,
    disputeReason: r.disputeReason,
    createdAt: r.createdAt.toISOString(),
  };
}

/** One citation the scope may reach, optionally locked for the rest of the transaction. */
export async function findCitation(tx: Tx, id: string, scope: Scope, lock = false) {
  const query = tx
    .select()
    .from(citations)
    .where(and(eq(citations.id, id), scopeCondition(scope)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The database's date (YYYY-MM-DD): the same clock the overdue flag reads. */
export { companyToday as dbToday } from "../../db/client";
