import { PERMISSIONS, routePath } from "@shared/access";
import type { Page } from "@shared/api/api.schema";
import type { LoadBoardItem, LoadInterest } from "@shared/loads/loads.schema";
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { drivers, loadInterests, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { likePattern, offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { STAFF_SCOPE } from "../../http/scope";
import { notifyRoles } from "../../platform/notifications/notify";
import { findLoad } from "./loads.repo";

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
    weightLbs: loads.weightLbs,
    interested: driverId
      ? sql<boolean>`exists (select 1 from ${loadInterests} i where i.load_id = ${loads.id} and i.driver_id = ${driverId})`
      : sql<boolean>`false`,
  };
}

type BoardRow = Omit<LoadBoardItem, "pickupAt" | "deliveryAt"> & { pickupAt: Date; deliveryAt: Date };
const toItem = (r: BoardRow): LoadBoardItem => ({
  ...r,
  pickupAt: r.pickupAt.toISOString(),
  deliveryAt: r.deliveryAt.toISOString(),
});

export function createLoadBoardService(deps: Deps) {
  const { db } = deps;

  async function requireDriver(tx: Tx, actor: Actor) {
    const { driverId } = actor;
    if (!driverId) throw conflict("Your account is not linked to a driver record.", "NO_DRIVER_RECORD");
    const [driver] = await tx.select().from(drivers).where(eq(drivers.id, driverId));
    return driver;
  }

  return {
    async list(actor: Actor, q: string | undefined, page: PageQuery): Promise<Page<LoadBoardItem>> {
      const { driverId } = actor;
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
      return toPage(rows.map(toItem), total, page);
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
        return toItem(row);
      });
    },

    async withdrawInterest(actor: Actor, loadId: string): Promise<void> {
      const { driverId } = actor;
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
          createdAt: loadInterests.createdAt,
          licenseExpiry: drivers.licenseExpiry,
          medicalCardExpiry: drivers.medicalCardExpiry,
        })
        .from(loadInterests)
        .innerJoin(drivers, eq(drivers.id, loadInterests.driverId))
        .where(eq(loadInterests.loadId, loadId))
        .orderBy(asc(loadInterests.createdAt));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}
