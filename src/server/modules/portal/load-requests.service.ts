import { PERMISSIONS, routePath } from "@shared/access";
import { type CreateLoadInput, createLoadSchema, type EquipmentType } from "@shared/loads/loads.schema";
import {
  type AcceptedLoadRequest,
  type acceptLoadRequestSchema,
  type CreateLoadRequestValues,
  type declineLoadRequestSchema,
  type LoadRequest,
  type LoadRequestExportQuery,
  type LoadRequestListQuery,
  type LoadRequestPage,
  type MyLoadRequestQuery,
  PICKUP_IN_PAST_MESSAGE,
  REQUEST_ALREADY_REVIEWED_MESSAGE,
  type StaffLoadRequest,
  type StaffLoadRequestPage,
} from "@shared/portal/load-requests.schema";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { customers, loadRequests } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, HttpError, notFound, validationError } from "../../http/errors";
import { EXPORT_MAX_ROWS } from "../../http/export";
import { offsetOf } from "../../http/pagination";
import { ownCustomerId } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { notifyRoles, notifyUsers } from "../../platform/notifications/notify";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { createLoadsService } from "../loads/loads.service";
import {
  portalUsersOf,
  requestOrder,
  type SelectedRequest,
  selectRequests,
  staffCondition,
  takeRequestNumber,
  toLoadRequest,
  toStaffLoadRequest,
} from "./load-requests.repo";

/** A pickup a few minutes in the past is a slow form, not a mistake. */
const PICKUP_GRACE_MS = 15 * 60_000;

const portalLink = (requestId: string) => `${routePath("customerPortal")}?tab=requests&request=${requestId}`;
const staffLink = (requestId: string) => `${routePath("loadRequests")}?request=${requestId}`;

const dateTime = (iso: string) => iso.slice(0, 16).replace("T", " ");
const EXPORT_COLUMNS: Column<StaffLoadRequest>[] = [
  { header: "Request number", value: (r) => r.requestNumber, width: 16 },
  { header: "Status", value: (r) => r.status, width: 10 },
  { header: "Customer", value: (r) => r.customerName, width: 28 },
  {
    header: "Pickup",
    value: (r) => `${r.pickup.locationName}, ${r.pickup.city}, ${r.pickup.state}`,
    width: 36,
  },
  { header: "Pickup (UTC)", value: (r) => dateTime(r.pickup.at) },
  {
    header: "Delivery",
    value: (r) => `${r.delivery.locationName}, ${r.delivery.city}, ${r.delivery.state}`,
    width: 36,
  },
  { header: "Delivery (UTC)", value: (r) => dateTime(r.delivery.at) },
  { header: "Commodity", value: (r) => r.commodity, width: 30 },
  { header: "Weight (lbs)", value: (r) => r.weightLbs, width: 12 },
  { header: "Equipment", value: (r) => r.equipmentType, width: 12 },
  { header: "Requested by", value: (r) => r.requestedByName, width: 20 },
  { header: "Requested (UTC)", value: (r) => dateTime(r.createdAt) },
  { header: "Load", value: (r) => r.load?.loadNumber ?? null, width: 16 },
  { header: "Decline reason", value: (r) => r.declineReason, width: 30 },
];

/** The load a request becomes: its stops, freight and customer; dispatch adds the rate. */
export function loadInputFrom(
  request: SelectedRequest["request"],
  pricing: z.output<typeof acceptLoadRequestSchema>,
): CreateLoadInput {
  const stop = (type: "pickup" | "delivery") => ({
    type,
    locationName: request[`${type}LocationName`],
    address: request[`${type}Address`],
    city: request[`${type}City`],
    state: request[`${type}State`],
    postalCode: request[`${type}PostalCode`],
    scheduledAt: request[`${type}At`].toISOString(),
    contactName: request[`${type}ContactName`],
    contactPhone: request[`${type}ContactPhone`],
  });
  const notes = [
    `From portal request ${request.requestNumber}.`,
    request.notes ? `Customer notes: ${request.notes}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  return {
    description: request.commodity,
    commodity: request.commodity.slice(0, 200),
    equipmentType: request.equipmentType as EquipmentType,
    weightLbs: request.weightLbs ?? undefined,
    stops: [stop("pickup"), stop("delivery")],
    baseRate: pricing.baseRate,
    customerRate: pricing.customerRate ?? "",
    loadedMiles: pricing.loadedMiles ?? undefined,
    // Dispatch priced the request on these miles: kept as typed, the request named as the reason.
    milesOverrideReason: pricing.loadedMiles
      ? `Priced on portal request ${request.requestNumber}`
      : undefined,
    customerId: request.customerId,
    postedToBoard: pricing.postedToBoard,
    notes: notes.slice(0, 2000),
  };
}

/** The request's pickup and delivery as table columns. */
function stopColumns(input: CreateLoadRequestValues) {
  const { pickup: p, delivery: d } = input;
  return {
    pickupLocationName: p.locationName,
    pickupAddress: p.address,
    pickupCity: p.city,
    pickupState: p.state,
    pickupPostalCode: p.postalCode,
    pickupAt: new Date(p.at),
    pickupContactName: p.contactName,
    pickupContactPhone: p.contactPhone,
    deliveryLocationName: d.locationName,
    deliveryAddress: d.address,
    deliveryCity: d.city,
    deliveryState: d.state,
    deliveryPostalCode: d.postalCode,
    deliveryAt: new Date(d.at),
    deliveryContactName: d.contactName,
    deliveryContactPhone: d.contactPhone,
  };
}

export function createLoadRequestsService(deps: Deps) {
  const { db } = deps;
  const loads = createLoadsService(deps);

  async function staffView(tx: Tx, id: string): Promise<StaffLoadRequest> {
    const [row] = await selectRequests(tx).where(eq(loadRequests.id, id));
    if (!row) throw notFound("The load request");
    return toStaffLoadRequest(row);
  }

  async function lockPending(tx: Tx, id: string) {
    const [row] = await tx.select().from(loadRequests).where(eq(loadRequests.id, id)).for("update");
    if (!row) throw notFound("The load request");
    if (row.status !== "pending") throw conflict(REQUEST_ALREADY_REVIEWED_MESSAGE, "ALREADY_REVIEWED");
    return row;
  }

  return {
    // ---- The customer's side (portal)

    async listMine(actor: Actor, query: MyLoadRequestQuery): Promise<LoadRequestPage> {
      const { page, pageSize, status } = query;
      const customerId = ownCustomerId(actor);
      if (!customerId) return { items: [], total: 0, page, pageSize };
      const cond = staffCondition({ customerId, status });
      const [rows, [{ n }]] = await Promise.all([
        selectRequests(db)
          .where(cond)
          .orderBy(...requestOrder("createdAt", "desc"))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db
          .select({ n: count() })
          .from(loadRequests)
          .innerJoin(customers, eq(customers.id, loadRequests.customerId))
          .where(cond),
      ]);
      return { items: rows.map(toLoadRequest), total: Number(n), page, pageSize };
    },

    async create(actor: Actor, input: CreateLoadRequestValues): Promise<LoadRequest> {
      const customerId = ownCustomerId(actor);
      if (!customerId) {
        throw new HttpError(
          403,
          "NO_CUSTOMER_RECORD",
          "Your account is not linked to a customer yet. Contact us.",
        );
      }
      if (new Date(input.pickup.at).getTime() < Date.now() - PICKUP_GRACE_MS) {
        throw badRequest("Please correct the highlighted fields.", {
          fields: { "pickup.at": PICKUP_IN_PAST_MESSAGE },
        });
      }
      const id = await db.transaction(async (tx) => {
        const requestNumber = await takeRequestNumber(tx, new Date().getUTCFullYear());
        const [row] = await tx
          .insert(loadRequests)
          .values({
            ...stopColumns(input),
            requestNumber,
            customerId,
            requestedBy: actor.userId,
            commodity: input.commodity,
            weightLbs: input.weightLbs,
            equipmentType: input.equipmentType,
            notes: input.notes,
          })
          .returning({ id: loadRequests.id, requestNumber: loadRequests.requestNumber });
        const [customer] = await tx
          .select({ companyName: customers.companyName })
          .from(customers)
          .where(eq(customers.id, customerId));
        await notifyRoles(tx, PERMISSIONS["loadRequests:review"], {
          kind: "load_request.created",
          link: staffLink(row.id),
          data: {
            requestId: row.id,
            customerId,
            requestNumber: row.requestNumber,
            companyName: customer?.companyName ?? "",
            pickup: `${input.pickup.city}, ${input.pickup.state}`,
            delivery: `${input.delivery.city}, ${input.delivery.state}`,
            commodity: input.commodity,
          },
        });
        await recordAudit(tx, actor, {
          action: "load_request.created",
          targetType: "load_request",
          targetId: row.id,
          targetLabel: row.requestNumber,
        });
        return row.id;
      });
      const [row] = await selectRequests(db).where(eq(loadRequests.id, id));
      return toLoadRequest(row);
    },

    // ---- Dispatch's side

    async list(query: LoadRequestListQuery): Promise<StaffLoadRequestPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = staffCondition(filter);
      const [rows, [{ n }]] = await Promise.all([
        selectRequests(db)
          .where(cond)
          .orderBy(...requestOrder(sort, dir))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db
          .select({ n: count() })
          .from(loadRequests)
          .innerJoin(customers, eq(customers.id, loadRequests.customerId))
          .where(cond),
      ]);
      return { items: rows.map(toStaffLoadRequest), total: Number(n), page, pageSize };
    },

    get: (id: string) => staffView(db, id),

    async export(query: LoadRequestExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const rows = await selectRequests(db)
        .where(staffCondition(filter))
        .orderBy(...requestOrder(sort, dir))
        .limit(EXPORT_MAX_ROWS);
      const items = rows.map(toStaffLoadRequest);
      return sheetFile(items, EXPORT_COLUMNS, format, { file: "load-requests", sheet: "Load requests" });
    },

    /**
     * Accepting creates a pending load prefilled from the request through dispatch's own load
     * service — inside this transaction (as a savepoint), so the request is never marked accepted
     * without its load, nor a load made twice for one request. The customer is notified.
     */
    async accept(
      actor: Actor,
      id: string,
      pricing: z.output<typeof acceptLoadRequestSchema>,
    ): Promise<AcceptedLoadRequest> {
      const result = await db.transaction(async (tx) => {
        const request = await lockPending(tx, id);
        const input = createLoadSchema.safeParse(loadInputFrom(request, pricing));
        if (!input.success) throw validationError(input.error);
        const load = await loads.create(actor, input.data, tx);
        await tx
          .update(loadRequests)
          .set({ status: "accepted", reviewedBy: actor.userId, reviewedAt: new Date(), loadId: load.id })
          .where(eq(loadRequests.id, id));
        await notifyUsers(tx, await portalUsersOf(tx, [request.customerId]), {
          kind: "load_request.accepted",
          link: `${routePath("customerPortal")}?load=${load.id}`,
          data: {
            requestId: id,
            requestNumber: request.requestNumber,
            loadId: load.id,
            loadNumber: load.loadNumber,
          },
        });
        await recordAudit(tx, actor, {
          action: "load_request.accepted",
          targetType: "load_request",
          targetId: id,
          targetLabel: request.requestNumber,
          details: { loadId: load.id, loadNumber: load.loadNumber },
        });
        return { loadId: load.id, loadNumber: load.loadNumber };
      });
      return { request: await staffView(db, id), ...result };
    },

    async decline(
      actor: Actor,
      id: string,
      input: z.output<typeof declineLoadRequestSchema>,
    ): Promise<StaffLoadRequest> {
      await db.transaction(async (tx) => {
        const request = await lockPending(tx, id);
        await tx
          .update(loadRequests)
          .set({
            status: "declined",
            reviewedBy: actor.userId,
            reviewedAt: new Date(),
            declineReason: input.reason,
          })
          .where(eq(loadRequests.id, id));
        await notifyUsers(tx, await portalUsersOf(tx, [request.customerId]), {
          kind: "load_request.declined",
          link: portalLink(id),
          data: { requestId: id, requestNumber: request.requestNumber },
          note: input.reason,
        });
        await recordAudit(tx, actor, {
          action: "load_request.declined",
          targetType: "load_request",
          targetId: id,
          targetLabel: request.requestNumber,
          details: { reason: input.reason },
        });
      });
      return staffView(db, id);
    },
  };
}
