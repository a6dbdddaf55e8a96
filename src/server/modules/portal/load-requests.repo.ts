import type {
  EquipmentType,
  LoadRequest,
  LoadRequestFilter,
  LoadRequestSort,
  StaffLoadRequest,
} from "@shared/portal/load-requests.schema";
import { aliasedTable, and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { customers, loadRequests, loads, users } from "../../db/schema";
import { iso, likePattern } from "../../http/pagination";

export type LoadRequestRow = typeof loadRequests.$inferSelect;

const requester = aliasedTable(users, "requester");
const reviewer = aliasedTable(users, "reviewer");

/** Staff list condition: search, status, customer. */
export function staffCondition(filter: Omit<LoadRequestFilter, "sort" | "dir">): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(loadRequests.status, filter.status));
  if (filter.customerId) where.push(eq(loadRequests.customerId, filter.customerId));
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(
      or(
        ilike(loadRequests.requestNumber, p),
        ilike(loadRequests.pickupCity, p),
        ilike(loadRequests.deliveryCity, p),
        ilike(customers.companyName, p),
      ) as SQL,
    );
  }
  return where.length ? and(...where) : undefined;
}

export function requestOrder(sort: LoadRequestSort, dir: "asc" | "desc"): SQL[] {
  const by = (col: Parameters<typeof asc>[0]) => (dir === "desc" ? desc(col) : asc(col));
  const tie = dir === "desc" ? desc(loadRequests.id) : asc(loadRequests.id);
  switch (sort) {
    case "createdAt":
      return [by(loadRequests.createdAt), tie];
    case "pickupAt":
      return [by(loadRequests.pickupAt), tie];
    case "requestNumber":
      return [by(loadRequests.requestNumber)];
    case "status":
      // Pending first when ascending (enum order), newest first within a status.
      return [by(loadRequests.status), desc(loadRequests.createdAt), tie];
  }
}

/** Rows with what both views need: the customer, the load made from it, who asked and who reviewed. */
export function selectRequests(db: Tx) {
  return db
    .select({
      request: loadRequests,
      customerName: customers.companyName,
      loadNumber: loads.loadNumber,
      loadStatus: loads.status,
      requestedByName: requester.name,
      reviewedByName: reviewer.name,
    })
    .from(loadRequests)
    .innerJoin(customers, eq(customers.id, loadRequests.customerId))
    .leftJoin(loads, eq(loads.id, loadRequests.loadId))
    .leftJoin(requester, eq(requester.id, loadRequests.requestedBy))
    .leftJoin(reviewer, eq(reviewer.id, loadRequests.reviewedBy));
}

export type SelectedRequest = Awaited<ReturnType<ReturnType<typeof selectRequests>["where"]>>[number];

/** A request as its customer sees it. */
export function toLoadRequest(r: SelectedRequest): LoadRequest {
  const q = r.request;
  return {
    id: q.id,
    requestNumber: q.requestNumber,
    status: q.status,
    pickup: {
      locationName: q.pickupLocationName,
      address: q.pickupAddress,
      city: q.pickupCity,
      state: q.pickupState,
      postalCode: q.pickupPostalCode,
      at: q.pickupAt.toISOString(),
      contactName: q.pickupContactName,
      contactPhone: q.pickupContactPhone,
    },
    delivery: {
      locationName: q.deliveryLocationName,
      address: q.deliveryAddress,
      city: q.deliveryCity,
      state: q.deliveryState,
      postalCode: q.deliveryPostalCode,
      at: q.deliveryAt.toISOString(),
      contactName: q.deliveryContactName,
      contactPhone: q.deliveryContactPhone,
    },
    commodity: q.commodity,
    weightLbs: q.weightLbs,
    equipmentType: q.equipmentType as EquipmentType,
    notes: q.notes,
    declineReason: q.declineReason,
    reviewedAt: iso(q.reviewedAt),
    load:
      q.loadId && r.loadNumber && r.loadStatus
        ? { id: q.loadId, loadNumber: r.loadNumber, status: r.loadStatus }
        : null,
    createdAt: q.createdAt.toISOString(),
  };
}

export function toStaffLoadRequest(r: SelectedRequest): StaffLoadRequest {
  return {
    ...toLoadRequest(r),
    customerId: r.request.customerId,
    customerName: r.customerName,
    requestedByName: r.requestedByName,
    reviewedByName: r.reviewedByName,
  };
}

/** RQ-<year>-<n>, from its own sequence. */
export async function takeRequestNumber(tx: Tx, year: number): Promise<string> {
  const { rows } = await tx.execute<{ n: string }>(sql`select nextval('load_request_number_seq')::text as n`);
  return `RQ-${year}-${rows[0].n.padStart(5, "0")}`;
}

/** The users who sign in for a customer (today one portal account per customer). */
export async function portalUsersOf(tx: Tx, customerIds: string[]): Promise<string[]> {
  if (!customerIds.length) return [];
  const rows = await tx
    .select({ userId: customers.userId })
    .from(customers)
    .where(inArray(customers.id, customerIds));
  return rows.flatMap((r) => (r.userId ? [r.userId] : []));
}
