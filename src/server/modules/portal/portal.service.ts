import {
  ACTIVE_LOAD_STATUSES,
  LOAD_SEARCH_COUNT_EXACT_LIMIT,
  LOAD_STATUSES,
} from "@shared/loads/loads.schema";
import type {
  PortalLoadDetail,
  PortalLoadExportQuery,
  PortalLoadFilter,
  PortalLoadListQuery,
  PortalLoadPage,
  PortalSummary,
} from "@shared/portal/portal.schema";
import { PORTAL_RECENT_DAYS } from "@shared/portal/portal.schema";
import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { customers, loadRequests, loadStatusEvents, loadStops, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { EXPORT_MAX_ROWS } from "../../http/export";
import { offsetOf } from "../../http/pagination";
import { ownCustomerId } from "../../http/scope";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { countUpTo, estimateCount } from "../loads/loads.repo";
import { liveViewOf } from "../tracking/live-view";
import {
  customerLoadCount,
  isPortalKind,
  type PortalLoadRow,
  portalCondition,
  portalFilesOf,
  portalLoadColumns,
  portalOrder,
  toPortalItem,
} from "./portal.repo";

const DAY = 86_400_000;
const dateTime = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : null);

const EXPORT_COLUMNS: Column<PortalLoadRow>[] = [
  { header: "Load number", value: (r) => r.loadNumber, width: 16 },
  { header: "Status", value: (r) => r.status, width: 12 },
  { header: "Description", value: (r) => r.description, width: 36 },
  { header: "Weight (lbs)", value: (r) => r.weightLbs, width: 12 },
  { header: "Pickup", value: (r) => `${r.pickupCity}, ${r.pickupState}`, width: 22 },
  { header: "Pickup (UTC)", value: (r) => dateTime(r.pickupAt) },
  { header: "Delivery", value: (r) => `${r.deliveryCity}, ${r.deliveryState}`, width: 22 },
  { header: "Scheduled delivery (UTC)", value: (r) => dateTime(r.deliveryAt) },
  { header: "Delivered (UTC)", value: (r) => dateTime(r.deliveredAt) },
];

/**
 * The customer portal: a customer reaches only loads whose customer is their own company; any other
 * id answers 404, exactly like one that does not exist. Answers are built field by field from
 * `portalLoadColumns`, which holds no rate, pay, note or driver column.
 */
export function createPortalService(deps: Deps) {
  const { db, storage } = deps;

  /**
   * A searched list's total, as the loads list counts one (decision 005): trigram matches are costly
   * to count, so past LOAD_SEARCH_COUNT_EXACT_LIMIT the planner's estimate stands, flagged as such.
   */
  async function countSearch(cond: SQL, estimated: SQL) {
    const cap = LOAD_SEARCH_COUNT_EXACT_LIMIT;
    const estimate = await estimateCount(db, estimated);
    if (estimate > cap * 2) return { total: estimate, totalIsEstimate: true };
    const counted = await countUpTo(db, cond, cap);
    if (counted <= cap) return { total: counted, totalIsEstimate: false };
    return { total: Math.max(counted, estimate), totalIsEstimate: true };
  }

  /**
   * The ids of a page sorted by status: read status by status in the enum's order, each its own walk
   * by pickup, newest first, instead of sorting every one of the customer's loads. What is left of
   * the offset carries into the next status, counted from the rollups (for a search, up to the offset).
   */
  async function statusPageIds(
    customerId: string,
    filter: Omit<PortalLoadFilter, "sort" | "dir">,
    cond: SQL,
    dir: "asc" | "desc",
    limit: number,
    offset: number,
  ): Promise<string[]> {
    const statuses = dir === "asc" ? [...LOAD_STATUSES] : [...LOAD_STATUSES].reverse();
    // Within a status: newest pickup first, as the index is built (never null), then the id.
    const within = [sql`${loads.pickupAt} desc nulls last`, dir === "desc" ? asc(loads.id) : desc(loads.id)];
    const ids: string[] = [];
    let skip = offset;
    for (const status of statuses) {
      if (filter.status && filter.status !== status) continue;
      const where = and(cond, eq(loads.status, status)) as SQL;
      const found = (
        await db
          .select({ id: loads.id })
          .from(loads)
          .where(where)
          .orderBy(...within)
          .limit(limit - ids.length)
          .offset(skip)
      ).map((r) => r.id);
      ids.push(...found);
      if (ids.length >= limit) break;
      if (found.length > 0 || skip === 0) skip = 0;
      else
        skip -= filter.q ? await countUpTo(db, where, skip) : await customerLoadCount(db, customerId, status);
    }
    return ids;
  }

  async function ownLoad(actor: Actor, loadId: string) {
    const customerId = ownCustomerId(actor);
    if (!customerId) throw notFound("The load");
    const [row] = await db
      .select(portalLoadColumns)
      .from(loads)
      .where(and(eq(loads.id, loadId), eq(loads.customerId, customerId)));
    if (!row) throw notFound("The load");
    return row;
  }

  return {
    async summary(actor: Actor): Promise<PortalSummary> {
      const customerId = ownCustomerId(actor);
      const [customer] = customerId
        ? await db
            .select({ id: customers.id, companyName: customers.companyName })
            .from(customers)
            .where(eq(customers.id, customerId))
        : [];
      if (!customer) {
        return {
          companyName: null,
          activeLoads: 0,
          inTransit: 0,
          deliveredLast30Days: 0,
          pendingRequests: 0,
          nextDelivery: null,
        };
      }
      const since = new Date(Date.now() - PORTAL_RECENT_DAYS * DAY);
      // Each figure is counted from the (customer, status, delivered) index alone: a few hundred
      // entries for a customer with 90,000 loads, where counting over all their loads read every row.
      const counted = (...where: SQL[]) =>
        sql`(select count(*) from ${loads} where ${and(eq(loads.customerId, customer.id), ...where)})::int`;
      const [
        {
          rows: [stats],
        },
        [pending],
        [next],
      ] = await Promise.all([
        db.execute<{ active: number; inTransit: number; delivered: number }>(sql`
          select ${counted(inArray(loads.status, [...ACTIVE_LOAD_STATUSES]))} as "active",
                 ${counted(eq(loads.status, "in_progress"))} as "inTransit",
                 ${counted(eq(loads.status, "completed"), gte(loads.deliveredAt, since))} as "delivered"`),
        db
          .select({ n: count() })
          .from(loadRequests)
          .where(and(eq(loadRequests.customerId, customer.id), eq(loadRequests.status, "pending"))),
        db
          .select({ id: loads.id, loadNumber: loads.loadNumber, deliveryAt: loads.deliveryAt })
          .from(loads)
          .where(
            and(
              eq(loads.customerId, customer.id),
              inArray(loads.status, [...ACTIVE_LOAD_STATUSES]),
              gte(loads.deliveryAt, new Date(Date.now() - DAY)),
            ),
          )
          .orderBy(asc(loads.deliveryAt))
          .limit(1),
      ]);
      return {
        companyName: customer.companyName,
        activeLoads: stats?.active ?? 0,
        inTransit: stats?.inTransit ?? 0,
        deliveredLast30Days: stats?.delivered ?? 0,
        pendingRequests: Number(pending?.n ?? 0),
        nextDelivery: next
          ? { loadId: next.id, loadNumber: next.loadNumber, deliveryAt: next.deliveryAt.toISOString() }
          : null,
      };
    },

    async listLoads(actor: Actor, query: PortalLoadListQuery): Promise<PortalLoadPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const customerId = ownCustomerId(actor);
      if (!customerId) return { items: [], total: 0, page, pageSize, totalIsEstimate: false };
      const cond = portalCondition(customerId, filter);
      const offset = offsetOf({ page, pageSize });
      // The page's ids are chosen before any row is read whole: a search walks the customer's
      // (customer, pickup, status, search columns) index alone until it has them.
      const ids =
        sort === "status"
          ? await statusPageIds(customerId, filter, cond, dir, pageSize, offset)
          : db
              .select({ id: loads.id })
              .from(loads)
              .where(cond)
              .orderBy(...portalOrder(sort, dir))
              .limit(pageSize)
              .offset(offset);
      const rows =
        Array.isArray(ids) && ids.length === 0
          ? []
          : await db
              .select(portalLoadColumns)
              .from(loads)
              .where(inArray(loads.id, ids))
              .orderBy(...portalOrder(sort, dir));
      const items = rows.map(toPortalItem);
      // A short page ends the list: its total needs no count.
      if (items.length < pageSize && (items.length > 0 || page === 1)) {
        return { items, total: offset + items.length, page, pageSize, totalIsEstimate: false };
      }
      // An estimate is never below the loads already seen; a page past the end saw none.
      const seen = items.length ? offset + items.length : 0;
      const { total, totalIsEstimate } = filter.q
        ? await countSearch(cond, portalCondition(customerId, filter, { forEstimate: true }))
        : { total: await customerLoadCount(db, customerId, filter.status), totalIsEstimate: false };
      return { items, total: Math.max(total, seen), page, pageSize, totalIsEstimate };
    },

    async exportLoads(actor: Actor, query: PortalLoadExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const customerId = ownCustomerId(actor);
      const rows = customerId
        ? await db
            .select(portalLoadColumns)
            .from(loads)
            .where(portalCondition(customerId, filter))
            .orderBy(...portalOrder(sort, dir))
            .limit(EXPORT_MAX_ROWS)
        : [];
      return sheetFile(rows, EXPORT_COLUMNS, format, { file: "my-loads", sheet: "My loads" });
    },

    async getLoad(actor: Actor, loadId: string): Promise<PortalLoadDetail> {
      const row = await ownLoad(actor, loadId);
      const [stops, events, documents, request, [timing], live] = await Promise.all([
        db.select().from(loadStops).where(eq(loadStops.loadId, loadId)).orderBy(asc(loadStops.sequence)),
        db
          .select({
            from: loadStatusEvents.fromStatus,
            to: loadStatusEvents.toStatus,
            at: loadStatusEvents.createdAt,
          })
          .from(loadStatusEvents)
          .where(eq(loadStatusEvents.loadId, loadId))
          .orderBy(asc(loadStatusEvents.createdAt)),
        portalFilesOf(db, loadId),
        db
          .select({ requestNumber: loadRequests.requestNumber })
          .from(loadRequests)
          .where(eq(loadRequests.loadId, loadId))
          .limit(1),
        db
          .select({ startedAt: loads.startedAt, assigned: sql<boolean>`${loads.driverId} is not null` })
          .from(loads)
          .where(eq(loads.id, loadId)),
        liveViewOf(db, loadId),
      ]);
      return {
        ...toPortalItem(row),
        stops: stops.map((s) => ({
          sequence: s.sequence,
          type: s.type,
          locationName: s.locationName,
          address: s.address,
          city: s.city,
          state: s.state,
          postalCode: s.postalCode,
          scheduledAt: s.scheduledAt.toISOString(),
          timeZone: s.timeZone,
        })),
        // A status change is news; an "accepted" note that keeps the status is internal.
        timeline: events
          .filter((e) => e.from !== e.to)
          .map((e) => ({ status: e.to, at: e.at.toISOString() })),
        startedAt: timing?.startedAt ? timing.startedAt.toISOString() : null,
        driverAssigned: !!timing?.assigned,
        documents: documents.flatMap((d) =>
          isPortalKind(d.kind)
            ? [
                {
                  id: d.id,
                  kind: d.kind,
                  fileName: d.fileName,
                  size: d.size,
                  createdAt: d.createdAt.toISOString(),
                },
              ]
            : [],
        ),
        requestNumber: request[0]?.requestNumber ?? null,
        live,
      };
    },

    /** A BOL or POD of one of the customer's own loads; anything else is 404. */
    async downloadFile(actor: Actor, loadId: string, fileId: string) {
      await ownLoad(actor, loadId);
      const file = (await portalFilesOf(db, loadId)).find((f) => f.id === fileId);
      if (!file) throw notFound("The file");
      let bytes: Uint8Array;
      try {
        bytes = await storage.read(file.storageKey);
      } catch {
        throw notFound("The file's content");
      }
      return { bytes, fileName: file.fileName, contentType: file.contentType };
    },
  };
}
