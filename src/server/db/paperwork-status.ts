import type { PaperworkStatus } from "@shared/loads/loads.schema";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/*
 * A load's paperwork status, derived in SQL and never stored (decision 024): "missing" with no BOL or
 * POD on file, the review's decision when it was made after the last upload, else "received". It
 * lives here, beside the tables it reads, because two modules that must not import each other read
 * it: loads (the load page, the BOL manager through them) and invoices (the billing queue holds a
 * load whose paperwork is missing or rejected).
 */

/** The BOLs and PODs of every load row in a query over `loads l`: how many, and the last upload. */
export const paperFiles = sql`(select count(*)::int as n, max(f.created_at) as last_at
  from load_files f where f.load_id = l.id and f.kind in ('bol', 'pod'))`;
/**
 * The same per load, for every load at once: joined by hash when a query reads many loads (the
 * status counts, a status filter), where probing each load's files would read the index a million
 * times. Loads without a BOL or POD have no row (`pf.n` is null: missing).
 */
export const allPaperFiles = sql`(select f.load_id, count(*)::int as n, max(f.created_at) as last_at
  from load_files f where f.kind in ('bol', 'pod') group by f.load_id)`;
/** The status from `pf` (the files) and `r` (the load's `load_paperwork_reviews` row). */
export const statusOf = sql`case when coalesce(pf.n, 0) = 0 then 'missing'
  when r.status is not null and r.reviewed_at >= pf.last_at then r.status::text
  else 'received' end`;

/**
 * The status of the load whose id is `loadId` (the outer query's column, table-qualified) as one
 * correlated sub-select, for queries not written over `loads l` (the billing queue's).
 */
export function paperworkStatusOf(loadId: SQLWrapper): SQL<PaperworkStatus> {
  return sql<PaperworkStatus>`(select ${statusOf}
    from (select count(*)::int as n, max(f.created_at) as last_at
      from load_files f where f.load_id = ${loadId} and f.kind in ('bol', 'pod')) pf
    left join load_paperwork_reviews r on r.load_id = ${loadId})`;
}

/** The reason of the load's latest rejection (read it only while the status is "rejected"). */
export function rejectionReasonOf(loadId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select r.reason from load_paperwork_reviews r where r.load_id = ${loadId})`;
}
