import type { LoadPaperwork, LoadStatus, PaperworkStatus } from "@shared/loads/loads.schema";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { paperFiles, statusOf } from "../../db/paperwork-status";
import { notFound } from "../../http/errors";

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
