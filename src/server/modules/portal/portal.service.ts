import type {
  PortalLoadDetail,
  PortalLoadExportQuery,
  PortalLoadListQuery,
  PortalLoadPage,
  PortalSummary,
} from "@shared/portal/portal.schema";
import { PORTAL_RECENT_DAYS } from "@shared/portal/portal.schema";
import { and, asc, count, eq, gte, inArray, sql } from "drizzle-orm";
import { customers, loadRequests, loadStatusEvents, loadStops, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { EXPORT_MAX_ROWS } from "../../http/export";
import { offsetOf } from "../../http/pagination";
import { ownCustomerId } from "../../http/scope";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { liveViewOf } from "../tracking/live-view";
import {
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
      const [[stats], [pending], [next]] = await Promise.all([
        db
          .select({
            active: sql<number>`count(*) filter (where ${loads.status} in ('assigned', 'in_progress'))::int`,
            inTransit: sql<number>`count(*) filter (where ${loads.status} = 'in_progress')::int`,
            delivered: sql<number>`count(*) filter (where ${loads.status} = 'completed' and ${loads.deliveredAt} >= ${since})::int`,
          })
          .from(loads)
          .where(eq(loads.customerId, customer.id)),
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
              inArray(loads.status, ["assigned", "in_progress"]),
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
      if (!customerId) return { items: [], total: 0, page, pageSize };
      const cond = portalCondition(customerId, filter);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(portalLoadColumns)
          .from(loads)
          .where(cond)
          .orderBy(...portalOrder(sort, dir))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(loads).where(cond),
      ]);
      return { items: rows.map(toPortalItem), total: Number(n), page, pageSize };
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
