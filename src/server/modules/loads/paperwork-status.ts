import type { LoadPaperwork, LoadStatus, PaperworkStatus } from "@shared/loads/loads.schema";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { notFound } from "../../http/errors";

/**
 * The paperwork status of every load row in a query over `loads l`: "missing" with no BOL or POD on
 * file, the review's decision when it was made after the last upload, else "received".
 */
export const paperFiles = sql`(select count(*)::int as n, max(f.created_at) as last_at
  from load_files f where f.load_id = l.id and f.kind in ('bol', 'pod'))`;
/**
 * The same per load, for every load at once: joined by hash when a query reads many loads (the
 * status counts, a status filter), where probing each load's files would read the index a million
 * times. Loads without a BOL or POD have no row (`pf.n` is null: missing).
 */
export const allPaperFiles = sql`(select f.load_id, count(*)::int as n, max(f.created_at) as last_at
  from load_files f where f.kind in ('bol', 'pod') group by f.load_id)`;
export const statusOf = sql`case when coalesce(pf.n, 0) = 0 then 'missing'
  when r.status is not null and r.reviewed_at >= pf.last_at then r.status::text
  else 'received' end`;

export type PaperworkRow = {
  id: string;
  load_number: string;
  load_status: LoadStatus;
  customer_id: string | null;
  customer_name: string | null;
  driver_id: string | null;
  driver_name: string | null;
  driver_user_id: string | null;
  pickup_city: string;
  pickup_state: string;
  delivery_city: string;
  delivery_state: string;
  delivered_at: string | null;
  paperwork_status: PaperworkStatus;
  reason: string | null;
  reviewed_at: string | null;
  reviewed_by_name: string | null;
  requested_at: string | null;
};

export const isoOf = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

export function paperworkOf(
  r: Pick<PaperworkRow, "paperwork_status" | "reason" | "reviewed_at" | "reviewed_by_name" | "requested_at">,
): LoadPaperwork {
  const decided = r.paperwork_status === "verified" || r.paperwork_status === "rejected";
  const open = r.paperwork_status === "missing" || r.paperwork_status === "rejected";
  return {
    status: r.paperwork_status,
    reason: r.paperwork_status === "rejected" ? r.reason : null,
    reviewedAt: decided ? isoOf(r.reviewed_at) : null,
    reviewedByName: decided ? r.reviewed_by_name : null,
    requestedAt: open ? isoOf(r.requested_at) : null,
  };
}

/** The review state of one load (its detail page shows it to staff and to its driver). */
export async function loadPaperwork(db: Db | Tx, loadId: string): Promise<LoadPaperwork> {
  const { rows } = await db.execute<PaperworkRow>(sql`
    select ${statusOf} as paperwork_status, r.reason, r.reviewed_at, u.name as reviewed_by_name, r.requested_at
    from loads l
    cross join lateral ${paperFiles} pf
    left join load_paperwork_reviews r on r.load_id = l.id
    left join users u on u.id = r.reviewed_by
    where l.id = ${loadId}`);
  if (!rows[0]) throw notFound("The load");
  return paperworkOf(rows[0]);
}
