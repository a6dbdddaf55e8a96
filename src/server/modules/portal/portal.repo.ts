import type { LoadStatus } from "@shared/loads/loads.schema";
import type {
  PortalFileKind,
  PortalLoadFilter,
  PortalLoadItem,
  PortalLoadSort,
} from "@shared/portal/portal.schema";
import { PORTAL_FILE_KINDS } from "@shared/portal/portal.schema";
import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { files, loadFiles, loadMonthTotals, loads } from "../../db/schema";
import { iso, likePattern } from "../../http/pagination";

/**
 * The search expression of the trigram indexes `loads_search_trgm` and `loads_customer_search_trgm`,
 * written exactly the same way so the planner uses them.
 */
const searchText = sql`(loads.load_number || ' ' || loads.pickup_city || ' ' || loads.delivery_city)`;

/**
 * A customer's loads: always scoped to their own customer id. The search matches the load number,
 * the pickup city or the delivery city. It is asked of the search expression (the three joined by
 * spaces), which the customer's trigram index answers: a term without a space is in the expression
 * exactly when it is in one of the three. A term with a space could also match across two of them,
 * so then each column is asked too, and the answer stays the one of the three separate matches.
 */
export function portalCondition(
  customerId: string,
  filter: Omit<PortalLoadFilter, "sort" | "dir">,
  { forEstimate = false } = {},
): SQL {
  const where: SQL[] = [eq(loads.customerId, customerId)];
  if (filter.status) where.push(eq(loads.status, filter.status));
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(sql`${searchText} ilike ${p}`);
    // The planner would take the two for independent conditions and multiply their shares: the
    // expression alone is the better estimate of the matches.
    if (filter.q.includes(" ") && !forEstimate) {
      where.push(
        or(
          sql`${loads.loadNumber} ilike ${p}`,
          sql`${loads.pickupCity} ilike ${p}`,
          sql`${loads.deliveryCity} ilike ${p}`,
        ) as SQL,
      );
    }
  }
  return and(...where) as SQL;
}

/**
 * How many loads a customer has, in one status or all: the sum of the per-month counts by customer
 * and status that the load triggers keep in the same transaction as every load write
 * (`load_month_totals`, migration 0023) — exact, and a few dozen rows however many loads they have.
 */
export async function customerLoadCount(db: Tx, customerId: string, status?: LoadStatus): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${loadMonthTotals.loads}), 0)::int` })
    .from(loadMonthTotals)
    .where(
      and(
        eq(loadMonthTotals.dim, "customer"),
        eq(loadMonthTotals.subjectId, customerId),
        status ? eq(loadMonthTotals.status, status) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Written like the (customer_id, pickup_at desc, id) index so the default order uses it. */
export function portalOrder(sort: PortalLoadSort, dir: "asc" | "desc"): SQL[] {
  const d = dir === "desc";
  const tie = d ? asc(loads.id) : desc(loads.id);
  switch (sort) {
    case "pickupAt":
      return [d ? sql`${loads.pickupAt} desc nulls last` : sql`${loads.pickupAt} asc nulls first`, tie];
    case "deliveryAt":
      // Written like the (delivery_at desc nulls last) index; the column is never null.
      return [d ? sql`${loads.deliveryAt} desc nulls last` : sql`${loads.deliveryAt} asc nulls first`, tie];
    case "loadNumber":
      return [d ? desc(loads.loadNumber) : asc(loads.loadNumber)];
    case "status":
      return [d ? desc(loads.status) : asc(loads.status), desc(loads.pickupAt), tie];
  }
}

/** The only load columns the portal ever reads: no rates, pay, notes or driver. */
export const portalLoadColumns = {
  id: loads.id,
  loadNumber: loads.loadNumber,
  status: loads.status,
  description: loads.description,
  weightLbs: loads.weightLbs,
  pickupCity: loads.pickupCity,
  pickupState: loads.pickupState,
  pickupAt: loads.pickupAt,
  deliveryCity: loads.deliveryCity,
  deliveryState: loads.deliveryState,
  deliveryAt: loads.deliveryAt,
  deliveredAt: loads.deliveredAt,
  hasPod: sql<boolean>`exists (select 1 from load_files pf where pf.load_id = loads.id and pf.kind = 'pod')`,
  // The first pickup's and the last delivery's zones: their times are read there, named (issue 40).
  pickupTimeZone: sql<string | null>`(select s.time_zone from load_stops s
    where s.load_id = "loads"."id" and s.type = 'pickup' order by s.sequence limit 1)`,
  deliveryTimeZone: sql<string | null>`(select s.time_zone from load_stops s
    where s.load_id = "loads"."id" and s.type = 'delivery' order by s.sequence desc limit 1)`,
};

export type PortalLoadRow = {
  id: string;
  loadNumber: string;
  status: PortalLoadItem["status"];
  description: string;
  weightLbs: number | null;
  pickupCity: string;
  pickupState: string;
  pickupAt: Date;
  deliveryCity: string;
  deliveryState: string;
  deliveryAt: Date;
  deliveredAt: Date | null;
  hasPod: boolean;
  pickupTimeZone: string | null;
  deliveryTimeZone: string | null;
};

export function toPortalItem(r: PortalLoadRow): PortalLoadItem {
  return {
    id: r.id,
    loadNumber: r.loadNumber,
    status: r.status,
    description: r.description,
    weightLbs: r.weightLbs,
    pickupCity: r.pickupCity,
    pickupState: r.pickupState,
    pickupAt: r.pickupAt.toISOString(),
    deliveryCity: r.deliveryCity,
    deliveryState: r.deliveryState,
    deliveryAt: r.deliveryAt.toISOString(),
    deliveredAt: iso(r.deliveredAt),
    hasPod: !!r.hasPod,
    pickupTimeZone: r.pickupTimeZone,
    deliveryTimeZone: r.deliveryTimeZone,
  };
}

/** BOL and POD files of a load (rate confirmations and other files stay internal). */
export async function portalFilesOf(tx: Tx, loadId: string) {
  return tx
    .select({
      id: loadFiles.id,
      kind: loadFiles.kind,
      fileName: files.fileName,
      size: files.size,
      storageKey: files.storageKey,
      contentType: files.contentType,
      createdAt: loadFiles.createdAt,
    })
    .from(loadFiles)
    .innerJoin(files, eq(files.id, loadFiles.fileId))
    .where(and(eq(loadFiles.loadId, loadId), inArray(loadFiles.kind, [...PORTAL_FILE_KINDS])))
    .orderBy(asc(loadFiles.createdAt));
}

export const isPortalKind = (kind: string): kind is PortalFileKind =>
  (PORTAL_FILE_KINDS as readonly string[]).includes(kind);
