import { PERMISSIONS, routePath } from "@shared/access";
import type { Page } from "@shared/api/api.schema";
import { driverDocumentExpiredMessage, expiredPaperOf } from "@shared/drivers/compliance";
import {
  BOL_REQUIRED_MESSAGE,
  canTransition,
  computeDriverPay,
  computeTotalRate,
  type createLoadSchema,
  type DriverAction,
  type DriverActionResult,
  DUPLICATE_LOAD_NUMBER_MESSAGE,
  LOAD_COUNT_EXACT_LIMIT,
  LOAD_SEARCH_COUNT_EXACT_LIMIT,
  LOAD_TRANSITIONS,
  type LoadDetail,
  type LoadEventKind,
  type LoadListItem,
  type LoadListQuery,
  type LoadPage,
  type LoadStatus,
  loadInvoicedMessage,
  type PayType,
  POD_REQUIRED_MESSAGE,
} from "@shared/loads/loads.schema";
import { EARLY_START_HOURS, earlyStartMessage } from "@shared/loads/stops.schema";
import { type SyncTimes, sentLate } from "@shared/sync/sync.schema";
import { eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { companyToday, type Tx } from "../../db/client";
import { customers, drivers, loads, trailers, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { ownCustomerId, type Scope, STAFF_SCOPE, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { companyDay } from "../../platform/company-day";
import { readGeoSettings } from "../../platform/geo/geo-settings";
import { notifyCustomer, notifyRoles, notifyUsers } from "../../platform/notifications/notify";
import { recomputeDriverStatuses } from "../drivers/driver-status";
import { loadsOnOtherInvoices } from "../invoices/invoices.repo";
import { offerToMatchingDrivers } from "./board-offers";
import { buildLoadDetail } from "./load-detail";
import {
  countUpTo,
  customerIdsMatching,
  estimateCount,
  findDriver,
  findLoad,
  hasDeliveryProof,
  insertEvent,
  isWholeLoadNumber,
  type LoadRow,
  listCondition,
  listLoadItems,
  listSearch,
  listWorkItems,
  loadCompletionRule,
  loadNumberTaken,
  numberOrderIsCodePoint,
  peekLoadNumber,
  rateIdsFirstPays,
  takeLoadNumber,
  writeStops,
} from "./loads.repo";
import { recomputeMilesAround } from "./miles.service";
import { refuseChangedLoad } from "./sync-conflicts";

export type LoadInput = z.output<typeof createLoadSchema>;
type Driver = typeof drivers.$inferSelect;

/** Who hears about declined and delivered loads: dispatch. */
const DISPATCH = PERMISSIONS["loads:write"];

const LABELS: Record<LoadStatus, string> = {
  pending: "pending",
  assigned: "assigned",
  in_progress: "in-progress",
  completed: "completed",
  cancelled: "cancelled",
};
const ORDER: Record<LoadStatus, number> = {
  pending: 0,
  assigned: 1,
  in_progress: 2,
  completed: 3,
  cancelled: 4,
};
const aLabel = (s: LoadStatus) => `${/^[aeiou]/.test(LABELS[s]) ? "An" : "A"} ${LABELS[s]}`;

/** "A completed load cannot go back to pending." */
export function transitionMessage(from: LoadStatus, to: LoadStatus): string {
  if (from === to) return `The load is already ${LABELS[to]}.`;
  if (to === "cancelled") return `${aLabel(from)} load cannot be cancelled.`;
  const back = ORDER[to] < ORDER[from] ? "back " : "";
  return `${aLabel(from)} load cannot go ${back}to ${LABELS[to]}.`;
}

const invalidTransition = (from: LoadStatus, to: LoadStatus) =>
  conflict(transitionMessage(from, to), "INVALID_TRANSITION", {
    from,
    to,
    allowed: LOAD_TRANSITIONS[from],
  });
const driverRequired = (message = "Assign a driver first.") => conflict(message, "DRIVER_REQUIRED");
const duplicateNumber = () =>
  conflict(DUPLICATE_LOAD_NUMBER_MESSAGE, "DUPLICATE_LOAD_NUMBER", {
    fields: { loadNumber: DUPLICATE_LOAD_NUMBER_MESSAGE },
  });
const invalidAction = (message: string) => conflict(message, "INVALID_ACTION");

/** A unique violation on the load number (two users saving the same number at once). */
function isDuplicateNumber(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === "loads_loadNumber_unique") return true;
    e = e.cause as typeof e;
  }
  return false;
}
async function catchDuplicateNumber<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isDuplicateNumber(err)) throw duplicateNumber();
    throw err;
  }
}

const loadLink = (loadId: string) => routePath("loadDetail", { loadId });
const who = (actor: Actor) => ({ userId: actor.userId, name: actor.name });

/** First pickup and last delivery, copied onto the load for lists, search and the calendar. */
function endpoints(stops: LoadInput["stops"]) {
  const pickup = stops.find((s) => s.type === "pickup")!;
  const delivery = stops.findLast((s) => s.type === "delivery")!;
  return {
    pickupCity: pickup.city,
    pickupState: pickup.state,
    pickupAt: new Date(pickup.scheduledAt),
    deliveryCity: delivery.city,
    deliveryState: delivery.state,
    deliveryAt: new Date(delivery.scheduledAt),
  };
}

/** Explicit pay type and rate, else the driver's defaults (spec section 5), else none. */
export function resolvePay(
  input: { payType?: PayType | null; payRate?: string | null },
  driver: Pick<Driver, "defaultPayType" | "defaultPayRate"> | undefined,
  totalRate: string,
  loadedMiles: number | null,
) {
  if (input.payType && input.payRate) {
    return {
      payType: input.payType,
      payRate: input.payRate,
      driverPay: computeDriverPay(input.payType, input.payRate, totalRate, loadedMiles),
      payFromDriverDefault: false,
    };
  }
  if (input.payType || input.payRate) {
    const missing = input.payType ? "payRate" : "payType";
    throw badRequest("Enter both the pay type and the rate, or leave both empty.", {
      fields: { [missing]: "Enter both the pay type and the rate, or leave both empty." },
    });
  }
  if (driver?.defaultPayType && driver.defaultPayRate) {
    return {
      payType: driver.defaultPayType,
      payRate: driver.defaultPayRate,
      driverPay: computeDriverPay(driver.defaultPayType, driver.defaultPayRate, totalRate, loadedMiles),
      payFromDriverDefault: true,
    };
  }
  return { payType: null, payRate: null, driverPay: null, payFromDriverDefault: false };
}

/**
 * 409 DRIVER_DOCUMENT_EXPIRED: a driver whose license or medical card has expired takes no new load
 * (create, edit, assign, the board). The details let the web say it in the reader's language.
 */
async function refuseExpiredPapers(tx: Tx, driver: Driver): Promise<void> {
  const expired = expiredPaperOf(driver, await companyToday(tx));
  if (!expired) return;
  throw conflict(
    driverDocumentExpiredMessage(driver.fullName, expired.document, expired.expiresOn),
    "DRIVER_DOCUMENT_EXPIRED",
    { driverName: driver.fullName, document: expired.document, expiresOn: expired.expiresOn },
  );
}

/** The timeline event of a driver change: assigned, reassigned (with who before) or removed. */
function driverChangeEvent(previous: Driver | undefined, next: Driver | undefined) {
  const before = previous ? { previousDriverId: previous.id, previousDriverName: previous.fullName } : {};
  if (!next) {
    return {
      kind: "driver_removed" as const,
      data: previous ? { driverId: previous.id, driverName: previous.fullName } : {},
    };
  }
  return {
    kind: previous ? ("reassigned" as const) : ("assigned" as const),
    data: { driverId: next.id, driverName: next.fullName, ...before },
  };
}

export const INACTIVE_DRIVER_MESSAGE = "This driver is deactivated. Choose an active driver.";

/**
 * The referenced driver, customer, vehicle and trailer must exist: 400 with a message per field. A
 * deactivated driver can stay on a load they already had, but is never newly given one.
 */
async function checkReferences(
  tx: Tx,
  input: LoadInput,
  currentDriverId: string | null = null,
): Promise<Driver | undefined> {
  const fields: Record<string, string> = {};
  const driver = input.driverId ? await findDriver(tx, input.driverId) : undefined;
  if (input.driverId && !driver) fields.driverId = "Choose an existing driver.";
  else if (driver && !driver.active && driver.id !== currentDriverId)
    fields.driverId = INACTIVE_DRIVER_MESSAGE;
  const exists = async (table: typeof customers | typeof vehicles | typeof trailers, id: string) =>
    (await tx.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
  if (input.customerId && !(await exists(customers, input.customerId)))
    fields.customerId = "Choose an existing customer.";
  if (input.vehicleId && !(await exists(vehicles, input.vehicleId)))
    fields.vehicleId = "Choose an existing vehicle.";
  if (input.trailerId && !(await exists(trailers, input.trailerId)))
    fields.trailerId = "Choose an existing trailer.";
  if (Object.keys(fields).length) throw badRequest("Please correct the highlighted fields.", { fields });
  return driver;
}

/**
 * The columns a create or an edit writes from the form. The miles are not among them: they are
 * computed from the stops right after (`recomputeMilesAround`), which also refreshes per-mile pay.
 */
function formColumns(input: LoadInput, driver: Driver | undefined, loadedMiles: number | null) {
  const totalRate = computeTotalRate(input);
  return {
    description: input.description,
    weightLbs: input.weightLbs,
    equipmentType: input.equipmentType,
    commodity: input.commodity,
    // A range only means something on a reefer.
    tempMinF: input.equipmentType === "reefer" ? input.tempMinF : null,
    tempMaxF: input.equipmentType === "reefer" ? input.tempMaxF : null,
    pieceCount: input.pieceCount,
    palletCount: input.palletCount,
    poNumber: input.poNumber,
    bolNumber: input.bolNumber,
    baseRate: input.baseRate,
    fuelSurcharge: input.fuelSurcharge,
    lumperFee: input.lumperFee,
    detention: input.detention,
    otherCharges: input.otherCharges,
    totalRate,
    customerRate: input.customerRate,
    customerId: input.customerId ?? null,
    driverId: driver?.id ?? null,
    vehicleId: input.vehicleId ?? null,
    trailerId: input.trailerId ?? null,
    fuelUsedGallons: input.fuelUsedGallons,
    notes: input.notes,
    ...resolvePay(input, driver, totalRate, loadedMiles),
    ...endpoints(input.stops),
  };
}

async function notifyAssigned(tx: Tx, driver: Driver, load: { id: string; loadNumber: string }) {
  if (!driver.userId) return;
  await notifyUsers(tx, [driver.userId], {
    kind: "load.assigned",
    link: loadLink(load.id),
    data: { loadId: load.id, loadNumber: load.loadNumber },
  });
}

/**
 * The total for a full page (decision 005). When the planner expects far more matches than the
 * exact-count limit (the unfiltered list, a common status, a common city) its estimate is the total;
 * otherwise the count is exact up to the limit — LOAD_COUNT_EXACT_LIMIT, or for a text search
 * LOAD_SEARCH_COUNT_EXACT_LIMIT, since trigram matches are costly to count — and past it the
 * estimate stands, flagged as such.
 */
async function countLoads(db: Tx, cond: SQL | undefined, search: boolean, estimated?: number) {
  const cap = search ? LOAD_SEARCH_COUNT_EXACT_LIMIT : LOAD_COUNT_EXACT_LIMIT;
  const estimate = estimated ?? (await estimateCount(db, cond));
  if (estimate > cap * 2) return { total: estimate, totalIsEstimate: true };
  const counted = await countUpTo(db, cond, cap);
  if (counted <= cap) return { total: counted, totalIsEstimate: false };
  return { total: Math.max(counted, estimate), totalIsEstimate: true };
}

/**
 * Whether the list by rate with a search chooses its page's ids first (`listLoadItems`' `idsFirst`):
 * when every column its condition tests is in `loads_rate_search` — the search expression's fields,
 * a matching customer, the pickup period, a status, a customer (filter or portal scope) — so the ids
 * come from that index alone. A driver's loads (their own, or a driver filter) test `driver_id`: the
 * plain read, on the driver's index. A whole load number is one row by its unique index either way.
 */
function rateSearchIdsFirst(
  sort: LoadListQuery["sort"],
  filter: { q?: string; driverId?: string },
  scope: Scope,
) {
  return (
    sort === "totalRate" &&
    !!filter.q &&
    !isWholeLoadNumber(filter.q) &&
    !filter.driverId &&
    scope.kind !== "driver"
  );
}

export function createLoadsService(deps: Deps) {
  const { db } = deps;

  async function lockLoad(tx: Tx, id: string, scope: Scope = STAFF_SCOPE): Promise<LoadRow> {
    const load = await findLoad(tx, id, scope, true);
    if (!load) throw notFound("The load");
    return load;
  }

  // The database's collation, read once: it is fixed when the database is created.
  let codePointOrder: Promise<boolean> | null = null;
  const numberOrderIsCodePointOnce = () => {
    codePointOrder ??= numberOrderIsCodePoint(db).catch((err) => {
      codePointOrder = null;
      throw err;
    });
    return codePointOrder;
  };

  const geo = () => readGeoSettings(db, deps.config.authSecret);
  const typedMiles = (input: LoadInput) => ({
    loadedMiles: input.loadedMiles,
    reason: input.milesOverrideReason,
  });

  return {
    /** A driver's profile: their loads, newest pickup first (404 for an unknown driver). */
    async ofDriver(
      driverId: string,
      query: PageQuery & { status?: LoadStatus },
    ): Promise<Page<LoadListItem>> {
      const [driver] = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, driverId));
      if (!driver) throw notFound("The driver");
      const cond = listCondition({ driverId, status: query.status }, STAFF_SCOPE, []);
      const items = await listLoadItems(db, cond, "pickupAt", "desc", query.pageSize, offsetOf(query));
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(loads).where(cond);
      return toPage(items, n, query);
    },

    /**
     * Counting a million rows for every page would cost more than the page itself: see `countLoads`.
     */
    async list(actor: Actor, query: LoadListQuery): Promise<LoadPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const scope = scopeOf(actor);
      // A whole load number is looked up exactly; no customer name can match it.
      const customerIds =
        filter.q && !isWholeLoadNumber(filter.q) ? await customerIdsMatching(db, filter.q) : [];
      const cond = listCondition(filter, scope, customerIds, deps.config.company.timeZone);
      // A load number's start ("LD-2025") matches a quarter of a million loads, none recent: in
      // pickup order (the work order's too) it is read part by part, its start newest pickup first
      // on `loads_pickup_number_prefix`. Other orders find such common matches soon on their own
      // index, as before.
      const split = listSearch(filter, scope, customerIds, deps.config.company.timeZone);
      // In the number's order the start is read on the number's own unique index from the first
      // match (`numberStartRanges`), where it walked every older number: only when the column is
      // ordered by code point, which makes those ranges exact.
      const byNumber =
        sort === "loadNumber" && split && (await numberOrderIsCodePointOnce())
          ? listSearch(filter, scope, customerIds, deps.config.company.timeZone, true)
          : null;
      const offset = offsetOf({ page, pageSize });
      // One customer's loads (the filter, or a customer's own): the work order's segments are read
      // with their limits written out (`workPageOfCustomer`, issue 42).
      const customerId = filter.customerId ?? ownCustomerId(actor);
      const customer = customerId
        ? { id: customerId, textSearch: !!filter.q && !isWholeLoadNumber(filter.q) }
        : undefined;
      // By rate with a search, the page's ids first where that pays (`rateIdsFirstPays`): the planner's
      // estimate of the matches, which a full page's total reads anyway (`countLoads`).
      const estimate = rateSearchIdsFirst(sort, filter, scope) ? await estimateCount(db, cond) : undefined;
      const idsFirst = estimate !== undefined && (await rateIdsFirstPays(db, estimate));
      const items =
        sort === "work"
          ? await listWorkItems(db, cond, pageSize, offset, split ?? undefined, customer)
          : split && sort === "pickupAt"
            ? await listLoadItems(db, split.base, sort, dir, pageSize, offset, split.parts, true)
            : byNumber
              ? await listLoadItems(db, byNumber.base, sort, dir, pageSize, offset, byNumber.parts)
              : await listLoadItems(db, cond, sort, dir, pageSize, offset, undefined, false, idsFirst);
      // A short page ends the list: its total needs no count (a search's index scan is not run twice).
      if (items.length < pageSize && (items.length > 0 || page === 1)) {
        return { items, total: offset + items.length, page, pageSize, totalIsEstimate: false };
      }
      const seen = offset + items.length;
      const { total, totalIsEstimate } = await countLoads(db, cond, !!filter.q, estimate);
      return { items, total: Math.max(total, seen), page, pageSize, totalIsEstimate };
    },

    async get(actor: Actor, id: string): Promise<LoadDetail> {
      return buildLoadDetail(db, id, scopeOf(actor));
    },

    /** A preview for the form; the number is only taken when the load is saved. */
    async nextNumber(): Promise<string> {
      return peekLoadNumber(db, new Date().getUTCFullYear());
    },

    /**
     * Creates a load. `within` joins a caller's transaction (the portal accepting a load request):
     * this one becomes its savepoint, so the caller's work and the load commit or fail together.
     */
    async create(actor: Actor, input: LoadInput, within?: Tx): Promise<LoadDetail> {
      const settings = await geo();
      const id = await catchDuplicateNumber(() =>
        (within ?? db).transaction(async (tx) => {
          const driver = await checkReferences(tx, input);
          if (driver) await refuseExpiredPapers(tx, driver);
          if (input.loadNumber && (await loadNumberTaken(tx, input.loadNumber))) throw duplicateNumber();
          const loadNumber = input.loadNumber ?? (await takeLoadNumber(tx, new Date().getUTCFullYear()));
          const status: LoadStatus = driver ? "assigned" : "pending";
          const [row] = await tx
            .insert(loads)
            .values({
              ...formColumns(input, driver, input.loadedMiles),
              loadNumber,
              status,
              postedToBoard: !driver && input.postedToBoard,
              createdBy: actor.userId,
            })
            .returning({ id: loads.id });
          await writeStops(tx, row.id, input.stops);
          await recomputeMilesAround(tx, row.id, settings, typedMiles(input));
          await insertEvent(tx, {
            loadId: row.id,
            kind: driver ? "created_assigned" : "created",
            data: driver ? { driverId: driver.id, driverName: driver.fullName } : {},
            from: null,
            to: status,
            actor: who(actor),
          });
          if (driver) {
            await notifyAssigned(tx, driver, { id: row.id, loadNumber });
            await recomputeDriverStatuses(tx, [driver.id]);
          } else if (input.postedToBoard) {
            await offerToMatchingDrivers(tx, row.id, deps.config.company.timeZone);
          }
          await recordAudit(tx, actor, {
            action: "load.created",
            targetType: "load",
            targetId: row.id,
            targetLabel: loadNumber,
            details: { status, driverId: driver?.id ?? null },
          });
          return row.id;
        }),
      );
      return buildLoadDetail(within ?? db, id, STAFF_SCOPE);
    },

    /**
     * Replaces the form's fields and the stops. A driver added to a pending load assigns it; removing
     * the driver of an assigned load returns it to pending; finished loads are read-only.
     */
    async update(actor: Actor, id: string, input: LoadInput): Promise<LoadDetail> {
      const settings = await geo();
      await catchDuplicateNumber(() =>
        db.transaction(async (tx) => {
          const load = await lockLoad(tx, id);
          const previous = load.driverId ? await findDriver(tx, load.driverId) : undefined;
          if (load.status === "completed" || load.status === "cancelled") {
            throw conflict(`${aLabel(load.status)} load cannot be edited.`, "LOAD_LOCKED");
          }
          const driver = await checkReferences(tx, input, load.driverId);
          const loadNumber = input.loadNumber ?? load.loadNumber;
          if (loadNumber !== load.loadNumber && (await loadNumberTaken(tx, loadNumber, id))) {
            throw duplicateNumber();
          }
          const driverId = driver?.id ?? null;
          const driverChanged = driverId !== load.driverId;
          if (driver && driverChanged) await refuseExpiredPapers(tx, driver);
          let status = load.status;
          if (driverChanged) {
            if (!driverId && load.status === "in_progress") {
              throw driverRequired("A load in progress needs a driver.");
            }
            if (!driverId && load.status === "assigned") status = "pending";
            if (driverId && load.status === "pending") status = "assigned";
          }
          await tx
            .update(loads)
            .set({
              ...formColumns(input, driver, load.loadedMiles),
              loadNumber,
              status,
              postedToBoard: status === "pending" && input.postedToBoard,
              acceptedAt: driverChanged ? null : load.acceptedAt,
            })
            .where(eq(loads.id, id));
          await writeStops(tx, id, input.stops);
          await recomputeMilesAround(tx, id, settings, typedMiles(input), load.driverId);
          if (driverChanged) {
            await insertEvent(tx, {
              loadId: id,
              ...driverChangeEvent(previous, driver),
              from: load.status,
              to: status,
              actor: who(actor),
            });
            if (driver) await notifyAssigned(tx, driver, { id, loadNumber });
            await recomputeDriverStatuses(tx, [load.driverId, driverId]);
          }
          // Posted to the board now (it was not): the drivers it matches hear of it.
          if (
            status === "pending" &&
            input.postedToBoard &&
            !(load.status === "pending" && load.postedToBoard)
          )
            await offerToMatchingDrivers(tx, id, deps.config.company.timeZone);
          await recordAudit(tx, actor, {
            action: "load.updated",
            targetType: "load",
            targetId: id,
            targetLabel: loadNumber,
            details: driverChanged ? { driverFrom: load.driverId, driverTo: driverId } : undefined,
          });
        }),
      );
      return buildLoadDetail(db, id, STAFF_SCOPE);
    },

    /** Staff "change status": only what the transition table allows (409 INVALID_TRANSITION). */
    async changeStatus(actor: Actor, id: string, to: LoadStatus, note?: string): Promise<LoadDetail> {
      const settings = await geo();
      await db.transaction(async (tx) => {
        const load = await lockLoad(tx, id);
        const from = load.status;
        if (!canTransition(from, to)) throw invalidTransition(from, to);
        if (from === "completed") await refuseBilled(tx, id);
        if ((to === "assigned" || to === "in_progress") && !load.driverId) {
          throw driverRequired(`Assign a driver before marking the load as ${LABELS[to]}.`);
        }
        const now = new Date();
        const patch: Partial<LoadRow> = { status: to };
        if (to === "pending") {
          // Pending means unassigned: the driver is released.
          Object.assign(patch, { driverId: null, acceptedAt: null, startedAt: null, deliveredAt: null });
        }
        if (to === "assigned") Object.assign(patch, { startedAt: null, postedToBoard: false });
        if (to === "in_progress")
          Object.assign(patch, { startedAt: load.startedAt ?? now, deliveredAt: null });
        if (to === "completed") patch.deliveredAt = now;
        if (to === "cancelled") patch.postedToBoard = false;
        await tx.update(loads).set(patch).where(eq(loads.id, id));
        // Released or called off: no deadhead of its own, and the driver's next load starts elsewhere.
        if (to === "pending" || to === "cancelled")
          await recomputeMilesAround(tx, id, settings, undefined, load.driverId);
        await insertEvent(tx, { loadId: id, kind: "status_changed", from, to, actor: who(actor), note });
        await recomputeDriverStatuses(tx, [load.driverId]);
        await recordAudit(tx, actor, {
          action: "load.status_changed",
          targetType: "load",
          targetId: id,
          targetLabel: load.loadNumber,
          details: { from, to, note: note ?? null },
        });
      });
      return buildLoadDetail(db, id, STAFF_SCOPE);
    },

    /** Assigns a driver (from the load or from its interested drivers on the board). */
    async assign(actor: Actor, id: string, driverId: string): Promise<LoadDetail> {
      const settings = await geo();
      await db.transaction(async (tx) => {
        const load = await lockLoad(tx, id);
        if (load.status !== "pending" && load.status !== "assigned") {
          throw conflict(`${aLabel(load.status)} load cannot be assigned.`, "INVALID_TRANSITION");
        }
        const driver = await findDriver(tx, driverId);
        if (!driver || (!driver.active && driver.id !== load.driverId)) {
          throw badRequest("Please correct the highlighted fields.", {
            fields: { driverId: driver ? INACTIVE_DRIVER_MESSAGE : "Choose an existing driver." },
          });
        }
        if (load.driverId === driver.id) return;
        await refuseExpiredPapers(tx, driver);
        const previous = load.driverId ? await findDriver(tx, load.driverId) : undefined;
        const pay = resolvePay(
          load.payFromDriverDefault ? {} : { payType: load.payType, payRate: load.payRate },
          driver,
          load.totalRate,
          load.loadedMiles,
        );
        await tx
          .update(loads)
          .set({ ...pay, driverId: driver.id, status: "assigned", postedToBoard: false, acceptedAt: null })
          .where(eq(loads.id, id));
        // The new driver's deadhead to this pickup, and their (and the previous driver's) next load's.
        await recomputeMilesAround(tx, id, settings, undefined, load.driverId);
        await insertEvent(tx, {
          loadId: id,
          ...driverChangeEvent(previous, driver),
          from: load.status,
          to: "assigned",
          actor: who(actor),
        });
        await notifyAssigned(tx, driver, load);
        await recomputeDriverStatuses(tx, [load.driverId, driver.id]);
        await recordAudit(tx, actor, {
          action: "load.assigned",
          targetType: "load",
          targetId: id,
          targetLabel: load.loadNumber,
          details: { driverFrom: load.driverId, driverTo: driver.id },
        });
      });
      return buildLoadDetail(db, id, STAFF_SCOPE);
    },

    /** Accept, decline, start trip, mark delivered: only the assigned driver, only on their load (else 404). */
    async driverAction(
      actor: Actor,
      id: string,
      action: DriverAction,
      options: { reason?: string; confirmEarly?: boolean } = {},
      times?: SyncTimes,
    ): Promise<DriverActionResult> {
      const { reason } = options;
      const scope = scopeOf(actor);
      await db.transaction(async (tx) => {
        // Replayed from the phone after dispatch cancelled or reassigned the load: 409 saying so.
        await refuseChangedLoad(tx, id, actor);
        const load = await lockLoad(tx, id, scope);
        // When the driver tapped it (the phone's outbox may send it later; issue 41), else now.
        const now = times?.occurredAt ?? new Date();
        const sync = times
          ? {
              occurredAt: times.occurredAt.toISOString(),
              receivedAt: times.receivedAt.toISOString(),
              late: sentLate(times.occurredAt, times.receivedAt),
            }
          : undefined;
        const event = (kind: LoadEventKind, to: LoadStatus, note?: string) =>
          insertEvent(tx, { loadId: id, kind, data: sync, from: load.status, to, actor: who(actor), note });
        switch (action) {
          case "accept":
            if (load.status !== "assigned") throw invalidAction("Only an assigned load can be accepted.");
            if (load.acceptedAt) throw invalidAction("You have already accepted this load.");
            await tx.update(loads).set({ acceptedAt: now }).where(eq(loads.id, id));
            // Its own event: the status stays assigned (the timeline says "accepted", not assigned → assigned).
            await event("accepted", "assigned");
            break;
          case "decline": {
            if (load.status !== "assigned") {
              throw invalidAction(
                "Only an assigned load can be declined. Call dispatch once the trip has started.",
              );
            }
            await tx
              .update(loads)
              .set({ status: "pending", driverId: null, acceptedAt: null })
              .where(eq(loads.id, id));
            await event("declined", "pending", reason);
            await notifyRoles(tx, DISPATCH, {
              kind: "load.declined",
              link: loadLink(id),
              data: {
                loadId: id,
                loadNumber: load.loadNumber,
                driverId: load.driverId,
                driverName: actor.name,
              },
              note: reason,
            });
            break;
          }
          case "start":
            if (load.status !== "assigned") throw invalidAction("Only an assigned load can be started.");
            if (!load.acceptedAt) throw invalidAction("Accept the load before starting the trip.");
            refuseEarlyStart(load, now, options.confirmEarly, deps.config.company.timeZone);
            await tx.update(loads).set({ status: "in_progress", startedAt: now }).where(eq(loads.id, id));
            await event("trip_started", "in_progress");
            break;
          case "deliver":
            if (load.status !== "in_progress") {
              throw invalidAction("Only a load in progress can be marked as delivered.");
            }
            await markDelivered(tx, deps, load, actor, now);
            break;
        }
        await recomputeDriverStatuses(tx, [load.driverId]);
        await recordAudit(tx, actor, {
          action: ACTION_AUDIT[action],
          targetType: "load",
          targetId: id,
          targetLabel: load.loadNumber,
          details: reason ? { reason } : undefined,
        });
      });
      if (action === "decline") return { load: null };
      return { load: await buildLoadDetail(db, id, scope) };
    },
  };
}

/**
 * Completes a load in progress (the driver's "delivered", the last departure, or the proof of
 * delivery arriving): the BOL or POD must be on file — the POD itself when the company completes
 * loads on it; dispatch hears of it and the customer gets the "delivered" message.
 */
export async function markDelivered(tx: Tx, deps: Deps, load: LoadRow, actor: Actor, now: Date) {
  if ((await loadCompletionRule(tx)) === "pod") {
    if (!(await hasDeliveryProof(tx, load.id, ["pod"]))) throw conflict(POD_REQUIRED_MESSAGE, "POD_REQUIRED");
  } else if (!(await hasDeliveryProof(tx, load.id))) throw conflict(BOL_REQUIRED_MESSAGE, "BOL_REQUIRED");
  await tx.update(loads).set({ status: "completed", deliveredAt: now }).where(eq(loads.id, load.id));
  await insertEvent(tx, {
    loadId: load.id,
    kind: "delivered",
    from: load.status,
    to: "completed",
    actor: who(actor),
  });
  await notifyRoles(tx, DISPATCH, {
    kind: "load.delivered",
    link: loadLink(load.id),
    data: { loadId: load.id, loadNumber: load.loadNumber, driverName: actor.name },
  });
  // The automated "delivered with proof" message to the customer's contact (issue 16).
  if (load.customerId)
    await notifyCustomer(tx, load.customerId, {
      kind: "load.pod_delivered",
      link: `${routePath("customerPortal")}?load=${load.id}`,
      data: {
        loadId: load.id,
        loadNumber: load.loadNumber,
        deliveredOn: companyDay(now, deps.config.company.timeZone),
        delivery: `${load.deliveryCity}, ${load.deliveryState}`,
      },
    });
}

/** 409 LOAD_INVOICED: a load a live invoice bills keeps its status and its charges. */
export async function refuseBilled(tx: Tx, loadId: string) {
  const [billed] = await loadsOnOtherInvoices(tx, [loadId]);
  if (billed) {
    throw conflict(loadInvoicedMessage(billed.invoiceNumber), "LOAD_INVOICED", {
      invoiceNumber: billed.invoiceNumber,
    });
  }
}

/**
 * 409 EARLY_START: starting a trip more than EARLY_START_HOURS before the first pickup needs the
 * driver to confirm (they may be deadheading a long way; usually it is the wrong load).
 */
export function refuseEarlyStart(
  load: Pick<LoadRow, "pickupAt">,
  now: Date,
  confirmed: boolean | undefined,
  timeZone: string,
) {
  if (confirmed || load.pickupAt.getTime() - now.getTime() <= EARLY_START_HOURS * 3_600_000) return;
  const when = new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(load.pickupAt);
  throw conflict(earlyStartMessage(when), "EARLY_START", { pickupAt: load.pickupAt.toISOString() });
}

const ACTION_AUDIT = {
  accept: "load.accepted",
  decline: "load.declined",
  start: "load.started",
  deliver: "load.delivered",
} as const satisfies Record<DriverAction, string>;
