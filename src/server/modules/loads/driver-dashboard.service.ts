import { type DriverDashboard, RECENT_ACTIVITY_DAYS } from "@shared/loads/loads.schema";
import { and, asc, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { drivers, loadStatusEvents, loads, timeOffRequests } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { scopeOf } from "../../http/scope";
import { buildLoadDetail } from "./load-detail";
import { listCondition, listLoadItems, openAssetsOf } from "./loads.repo";

const UPCOMING = 5;
const ACTIVITY = 20;

/** The driver's own page: the current load with its actions, what comes next, and recent activity. */
export function createDriverDashboardService({ db }: Deps) {
  return {
    async get(actor: Actor): Promise<DriverDashboard> {
      const scope = scopeOf(actor);
      const [driver] =
        scope.kind === "driver" && scope.driverId
          ? await db
              .select({ id: drivers.id, fullName: drivers.fullName, status: drivers.status })
              .from(drivers)
              .where(eq(drivers.id, scope.driverId))
          : [];
      if (!driver) throw notFound("Your driver record");

      // In progress first, else the assigned load picked up soonest.
      const [current] = await db
        .select({ id: loads.id })
        .from(loads)
        .where(and(eq(loads.driverId, driver.id), inArray(loads.status, ["assigned", "in_progress"])))
        .orderBy(sql`${loads.status} = 'in_progress' desc`, asc(loads.pickupAt))
        .limit(1);

      const upcomingCond = and(
        listCondition({ status: "assigned" }, scope, []),
        current ? ne(loads.id, current.id) : undefined,
      );
      const since = new Date(Date.now() - RECENT_ACTIVITY_DAYS * 86_400_000);
      const today = new Date().toISOString().slice(0, 10);

      const [currentLoad, upcoming, activity, timeOff, assets] = await Promise.all([
        current ? buildLoadDetail(db, current.id, scope) : null,
        listLoadItems(db, upcomingCond, "pickupAt", "asc", UPCOMING, 0),
        db
          .select({ event: loadStatusEvents, loadNumber: loads.loadNumber })
          .from(loadStatusEvents)
          .innerJoin(loads, eq(loads.id, loadStatusEvents.loadId))
          .where(and(eq(loads.driverId, driver.id), gte(loadStatusEvents.createdAt, since)))
          .orderBy(desc(loadStatusEvents.createdAt), desc(loadStatusEvents.id))
          .limit(ACTIVITY),
        db
          .select()
          .from(timeOffRequests)
          .where(
            and(
              eq(timeOffRequests.driverId, driver.id),
              inArray(timeOffRequests.status, ["pending", "approved"]),
              gte(timeOffRequests.endDate, today),
            ),
          )
          .orderBy(asc(timeOffRequests.startDate)),
        openAssetsOf(db, driver.id),
      ]);

      return {
        driver,
        currentLoad,
        upcoming,
        recentActivity: activity.map(({ event: e, loadNumber }) => ({
          id: e.id,
          loadId: e.loadId,
          loadNumber,
          kind: e.kind,
          data: e.data,
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          actorName: e.actorName,
          note: e.note,
          createdAt: e.createdAt.toISOString(),
        })),
        timeOff: timeOff.map((t) => ({
          id: t.id,
          startDate: t.startDate,
          endDate: t.endDate,
          reason: t.reason,
          status: t.status,
        })),
        assets,
      };
    },
  };
}
