import { PERMISSIONS, routePath } from "@shared/access";
import type { Page } from "@shared/api/api.schema";
import {
  computeDriverPay,
  type LoadBoardItem,
  type LoadInterest,
  type PayType,
} from "@shared/loads/loads.schema";
import type { MilesSource } from "@shared/loads/miles.constants";
import { ratePerMile } from "@shared/loads/miles.schema";
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { driverRatings, drivers, loadInterests, loadStatusEvents, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { likePattern, offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { ownDriverId, STAFF_SCOPE } from "../../http/scope";
import { notifyRoles } from "../../platform/notifications/notify";
import { findLoad } from "../loads/loads.repo";
import { type Deadhead, deadheadsFor } from "../loads/miles.service";

/** On the board: posted by dispatch, pending and unassigned (the `loads_board` partial index). */
const onBoard = and(eq(loads.postedToBoard, true), eq(loads.status, "pending"), isNull(loads.driverId))!;

/** What a driver sees of a board load: places, dates, miles and weight — never rates or the customer. */
function boardColumns(driverId: string | null) {
  return {
    id: loads.id,
    loadNumber: loads.loadNumber,
    pickupCity: loads.pickupCity,
    pickupState: loads.pickupState,
    pickupAt: loads.pickupAt,
    deliveryCity: loads.deliveryCity,
    deliveryState: loads.deliveryState,
    deliveryAt: loads.deliveryAt,
    loadedMiles: loads.loadedMiles,
    milesSource: loads.milesSource,
    weightLbs: loads.weightLbs,
    equipmentType: loads.equipmentType,
    commodity: loads.commodity,
    payType: loads.payType,
    payRate: loads.payRate,
    payFromDriverDefault: loads.payFromDriverDefault,
    totalRate: loads.totalRate,
    interested: driverId
      ? sql<boolean>`exists (select 1 from ${loadInterests} i where i.load_id = ${loads.id} and i.driver_id = ${driverId})`
      : sql<boolean>`false`,
  };
}

type BoardRow = Omit<
  LoadBoardItem,
  "pickupAt" | "deliveryAt" | "pay" | "payPerMile" | "emptyMiles" | "emptyFrom" | "milesEstimated"
> & {
  milesSource: MilesSource;
  pickupAt: Date;
  deliveryAt: Date;
  payType: PayType | null;
  payRate: string | null;
  payFromDriverDefault: boolean;
  totalRate: string;
};
type DriverPay = { defaultPayType: PayType | null; defaultPayRate: string | null } | undefined;

/**
 * A board row as the driver sees it: the pay they would earn (the load's own pay type and rate, else
 * their default pay) but never the load's rate itself.
 */
function toItem(r: BoardRow, driver: DriverPay, deadhead?: Deadhead): LoadBoardItem {
  const emptyMiles = deadhead?.miles ?? null;
  const { payType, payRate, payFromDriverDefault, totalRate, milesSource, ...item } = r;
  const own = payType && payRate && !payFromDriverDefault ? { payType, payRate } : null;
  const rule =
    own ??
    (driver?.defaultPayType && driver.defaultPayRate
      ? { payType: driver.defaultPayType, payRate: driver.defaultPayRate }
      : null);
  // Per-mile pay on a load without its miles is unknown, not zero.
  const pay =
    rule && !(rule.payType === "per_mile" && r.loadedMiles === null)
      ? computeDriverPay(rule.payType, rule.payRate, totalRate, r.loadedMiles)
      : null;
  const driven = r.loadedMiles === null ? null : r.loadedMiles + (emptyMiles ?? 0);
  return {
    ...item,
    pickupAt: r.pickupAt.toISOString(),
    deliveryAt: r.deliveryAt.toISOString(),
    milesEstimated: milesSource === "estimated",
    emptyMiles,
    emptyFrom: emptyMiles === null ? null : (deadhead?.from ?? null),
    pay,
    payPerMile: pay === null || driven === null ? null : ratePerMile(pay, driven),
  };
}

export function createLoadBoardService(deps: Deps) {
  const { db } = deps;

  async function payOf(driverId: string): Promise<DriverPay> {
    const [driver] = await db
      .select({ defaultPayType: drivers.defaultPayType, defaultPayRate: drivers.defaultPayRate })
      .from(drivers)
      .where(eq(drivers.id, driverId));
    return driver;
  }

  async function requireDriver(tx: Tx, actor: Actor) {
    const driverId = ownDriverId(actor);
    if (!driverId) throw conflict("Your account is not linked to a driver record.", "NO_DRIVER_RECORD");
    const [driver] = await tx.select().from(drivers).where(eq(drivers.id, driverId));
    return driver;
  }

  return {
    async list(actor: Actor, q: string | undefined, page: PageQuery): Promise<Page<LoadBoardItem>> {
      const driverId = ownDriverId(actor);
      const driver = driverId ? await payOf(driverId) : undefined;
      const where: SQL[] = [onBoard];
      if (q) {
        const p = likePattern(q);
        where.push(
          or(
            ilike(loads.pickupCity, p),
            ilike(loads.deliveryCity, p),
            ilike(loads.pickupState, p),
            ilike(loads.deliveryState, p),
          )!,
        );
      }
      const cond = and(...where);
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(loads).where(cond),
        db
          .select(boardColumns(driverId))
          .from(loads)
          .where(cond)
          .orderBy(asc(loads.pickupAt), asc(loads.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
      ]);
      // The signed-in driver's deadhead to each pickup, from where they are or their latest delivery.
      const deadheads = driverId
        ? await deadheadsFor(
            deps,
            driverId,
            rows.map((r) => r.id),
          )
        : new Map<string, Deadhead>();
      return toPage(
        rows.map((r) => toItem(r, driver, deadheads.get(r.id))),
        total,
        page,
      );
    },

    /** Once per load (409 on a second time); the load must still be on the board (else 409). */
    async showInterest(actor: Actor, loadId: string): Promise<LoadBoardItem> {
      return db.transaction(async (tx) => {
        const driver = await requireDriver(tx, actor);
        const load = await findLoad(tx, loadId, STAFF_SCOPE, true);
        if (!load) throw notFound("The load");
        if (!(load.postedToBoard && load.status === "pending" && !load.driverId)) {
          throw conflict("This load is no longer on the load board.", "NOT_ON_BOARD");
        }
        const inserted = await tx
          .insert(loadInterests)
          .values({ loadId, driverId: driver.id })
          .onConflictDoNothing()
          .returning({ loadId: loadInterests.loadId });
        if (!inserted.length) {
          throw conflict("You have already shown interest in this load.", "ALREADY_INTERESTED");
        }
        await notifyRoles(tx, PERMISSIONS["loadBoard:manage"], {
          kind: "load.interest",
          link: routePath("loadDetail", { loadId }),
          data: { loadId, loadNumber: load.loadNumber, driverId: driver.id, driverName: driver.fullName },
        });
        const [row] = await tx.select(boardColumns(driver.id)).from(loads).where(eq(loads.id, loadId));
        const deadheads = await deadheadsFor(deps, driver.id, [loadId]);
        return toItem(row, driver, deadheads.get(loadId));
      });
    },

    async withdrawInterest(actor: Actor, loadId: string): Promise<void> {
      const driverId = ownDriverId(actor);
      const deleted = driverId
        ? await db
            .delete(loadInterests)
            .where(and(eq(loadInterests.loadId, loadId), eq(loadInterests.driverId, driverId)))
            .returning({ loadId: loadInterests.loadId })
        : [];
      if (!deleted.length) throw notFound("Your interest in this load");
    },

    /** The drivers interested in a load, first come first, for dispatch to assign one. */
    async interests(loadId: string): Promise<LoadInterest[]> {
      if (!(await findLoad(db, loadId, STAFF_SCOPE))) throw notFound("The load");
      const rows = await db
        .select({
          driverId: drivers.id,
          fullName: drivers.fullName,
          status: drivers.status,
          // Busy since their earliest load still under way was put on them (its last assignment).
          busySince: sql<string | null>`(
            select min(coalesce(
              (select max(e.created_at) from ${loadStatusEvents} e where e.load_id = l.id
                and e.kind in ('created_assigned', 'assigned', 'reassigned')),
              l.created_at))
              from ${loads} l where l.driver_id = ${drivers.id} and l.status in ('assigned', 'in_progress'))`,
          createdAt: loadInterests.createdAt,
          licenseExpiry: drivers.licenseExpiry,
          medicalCardExpiry: drivers.medicalCardExpiry,
          // Where the driver is now, as far as we know: their last delivery (loads_completed_by_driver).
          last: sql<{ city: string; state: string; at: string } | null>`(
            select json_build_object('city', l.delivery_city, 'state', l.delivery_state, 'at', l.delivered_at)
              from ${loads} l where l.driver_id = ${drivers.id} and l.status = 'completed'
             order by l.delivered_at desc nulls last limit 1)`,
          rating: sql<string | null>`(select round(avg(r.overall), 2)::text from ${driverRatings} r
             where r.driver_id = ${drivers.id})`,
        })
        .from(loadInterests)
        .innerJoin(drivers, eq(drivers.id, loadInterests.driverId))
        .where(eq(loadInterests.loadId, loadId))
        .orderBy(asc(loadInterests.createdAt));
      return rows.map(({ last, rating, busySince, ...r }) => ({
        ...r,
        busySince: r.status === "busy" && busySince ? new Date(busySince).toISOString() : null,
        createdAt: r.createdAt.toISOString(),
        lastDeliveryCity: last?.city ?? null,
        lastDeliveryState: last?.state ?? null,
        lastDeliveredAt: last?.at ? new Date(last.at).toISOString() : null,
        rating: rating === null ? null : Number(rating),
      }));
    },
  };
}
