import { routePath } from "@shared/access";
import {
  driverMayCancel,
  reviewerMayCancel,
  TIME_OFF_BLOCKING_STATUSES,
  type TimeOff,
  type TimeOffDecision,
  type timeOffFilterSchema,
  type timeOffRequestSchema,
} from "@shared/calendar/time-off.schema";
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { companyToday, type Db, type Tx } from "../../db/client";
import { drivers, timeOffRequests, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { iso, offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { ownDriverId, ownedBy, scopeOf } from "../../http/scope";
import { notifyRoles, notifyUsers } from "../../platform/notifications/notify";
import { recomputeDriverStatuses } from "../drivers/driver-status";

export const OVERLAP_MESSAGE = "You already have a time-off request for some of these days.";
export const PAST_START_MESSAGE = "The start date cannot be in the past.";

const reviewer = aliasedTable(users, "reviewer");

const columns = {
  id: timeOffRequests.id,
  driverId: timeOffRequests.driverId,
  driverName: drivers.fullName,
  startDate: timeOffRequests.startDate,
  endDate: timeOffRequests.endDate,
  reason: timeOffRequests.reason,
  status: timeOffRequests.status,
  reviewedByName: reviewer.name,
  reviewedAt: timeOffRequests.reviewedAt,
  reviewNote: timeOffRequests.reviewNote,
  createdAt: timeOffRequests.createdAt,
};

const selectRequests = (tx: Tx) =>
  tx
    .select(columns)
    .from(timeOffRequests)
    .innerJoin(drivers, eq(drivers.id, timeOffRequests.driverId))
    .leftJoin(reviewer, eq(reviewer.id, timeOffRequests.reviewedBy));
type Row = Awaited<ReturnType<typeof selectRequests>>[number];

const toDto = (r: Row): TimeOff => ({
  id: r.id,
  driverId: r.driverId,
  driverName: r.driverName,
  startDate: r.startDate,
  endDate: r.endDate,
  reason: r.reason,
  status: r.status,
  reviewedByName: r.reviewedByName,
  reviewedAt: iso(r.reviewedAt),
  reviewNote: r.reviewNote,
  createdAt: r.createdAt.toISOString(),
});

/** The database's date, the same clock the driver-status automation reads. */
const today = companyToday;

/** The driver record of a signed-in driver, or null for staff. */
export async function driverOf(db: Tx, actor: Actor) {
  const driverId = ownDriverId(actor);
  if (!driverId) return null;
  const [row] = await db
    .select({ id: drivers.id, fullName: drivers.fullName })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return row ?? null;
}

/** A request is its driver's. */
const TIME_OFF_OWNERS = { driver: timeOffRequests.driverId };

export function createTimeOffService(deps: Deps) {
  const db: Db = deps.db;

  /** Loads one request for a change, locked; a driver reaches only their own (else 404). */
  async function lockForChange(tx: Tx, actor: Actor, id: string) {
    const [row] = await tx
      .select()
      .from(timeOffRequests)
      .where(and(eq(timeOffRequests.id, id), ownedBy(scopeOf(actor), TIME_OFF_OWNERS)))
      .for("update");
    if (!row) throw notFound("The time-off request");
    return row;
  }

  async function dto(tx: Tx, id: string): Promise<TimeOff> {
    const [row] = await selectRequests(tx).where(eq(timeOffRequests.id, id));
    return toDto(row);
  }

  return {
    async list(actor: Actor, filter: z.infer<typeof timeOffFilterSchema>, page: PageQuery) {
      const where: SQL[] = [];
      const owned = ownedBy(scopeOf(actor), TIME_OFF_OWNERS);
      if (owned) where.push(owned);
      else if (filter.driverId) {
        where.push(eq(timeOffRequests.driverId, filter.driverId));
      }
      if (filter.status) where.push(eq(timeOffRequests.status, filter.status));
      const cond = where.length ? and(...where) : undefined;
      const [{ total }] = await db.select({ total: count() }).from(timeOffRequests).where(cond);
      // Pending requests wait for a decision: soonest first. Everything else: most recent first.
      const order =
        filter.status === "pending"
          ? [asc(timeOffRequests.startDate), asc(timeOffRequests.createdAt)]
          : [desc(timeOffRequests.startDate), desc(timeOffRequests.createdAt)];
      const rows = await selectRequests(db)
        .where(cond)
        .orderBy(...order, asc(timeOffRequests.id))
        .limit(page.pageSize)
        .offset(offsetOf(page));
      return toPage(rows.map(toDto), total, page);
    },

    /** A driver asks for days off; management is notified. Overlapping an open request is a 409. */
    async request(actor: Actor, input: z.infer<typeof timeOffRequestSchema>): Promise<TimeOff> {
      return db.transaction(async (tx) => {
        const own = await driverOf(tx, actor);
        if (!own) throw notFound("Your driver record");
        // Serialises this driver's requests, so two at once cannot both pass the overlap check.
        await tx.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, own.id)).for("update");
        const now = await today(tx);
        // A day of slack: the driver's "today" may still be yesterday on the server's clock.
        if (input.startDate < shiftDate(now, -1)) {
          throw badRequest(PAST_START_MESSAGE, { fields: { startDate: PAST_START_MESSAGE } });
        }
        const [overlap] = await tx
          .select({ id: timeOffRequests.id })
          .from(timeOffRequests)
          .where(
            and(
              eq(timeOffRequests.driverId, own.id),
              inArray(timeOffRequests.status, [...TIME_OFF_BLOCKING_STATUSES]),
              lte(timeOffRequests.startDate, input.endDate),
              gte(timeOffRequests.endDate, input.startDate),
            ),
          )
          .limit(1);
        if (overlap) {
          throw conflict(OVERLAP_MESSAGE, "TIME_OFF_OVERLAP", { fields: { startDate: OVERLAP_MESSAGE } });
        }
        const [created] = await tx
          .insert(timeOffRequests)
          .values({
            driverId: own.id,
            startDate: input.startDate,
            endDate: input.endDate,
            reason: input.reason,
          })
          .returning({ id: timeOffRequests.id });
        await notifyRoles(tx, ["admin", "manager"], {
          kind: "time_off.requested",
          link: routePath("calendar"),
          data: {
            timeOffId: created.id,
            driverId: own.id,
            driverName: own.fullName,
            startDate: input.startDate,
            endDate: input.endDate,
          },
          note: input.reason,
        });
        return dto(tx, created.id);
      });
    },

    /** Approve or deny a pending request; the driver is notified and their status follows. */
    async review(actor: Actor, id: string, decision: TimeOffDecision, note?: string): Promise<TimeOff> {
      return db.transaction(async (tx) => {
        const row = await lockForChange(tx, actor, id);
        if (row.status !== "pending") {
          throw conflict(`This request was already ${row.status}.`, "TIME_OFF_NOT_PENDING");
        }
        await tx
          .update(timeOffRequests)
          .set({
            status: decision,
            reviewedBy: actor.userId,
            reviewedAt: new Date(),
            reviewNote: note || null,
          })
          .where(eq(timeOffRequests.id, id));
        await recomputeDriverStatuses(tx, [row.driverId]);
        const [driver] = await tx
          .select({ userId: drivers.userId })
          .from(drivers)
          .where(eq(drivers.id, row.driverId));
        if (driver?.userId) {
          await notifyUsers(tx, [driver.userId], {
            kind: "time_off.reviewed",
            link: routePath("calendar"),
            data: { timeOffId: id, decision, startDate: row.startDate, endDate: row.endDate },
            note,
          });
        }
        return dto(tx, id);
      });
    },

    /**
     * The driver cancels their own pending or not-yet-started request; a reviewer may also call
     * off one still running. Anything else is a 409 saying why.
     */
    async cancel(actor: Actor, id: string): Promise<TimeOff> {
      return db.transaction(async (tx) => {
        const row = await lockForChange(tx, actor, id);
        const now = await today(tx);
        const allowed = actor.role === "driver" ? driverMayCancel(row, now) : reviewerMayCancel(row, now);
        if (!allowed) {
          const why =
            row.status === "approved"
              ? "This time off has already started and can no longer be cancelled."
              : `This request was already ${row.status}.`;
          throw conflict(why, "TIME_OFF_NOT_CANCELLABLE");
        }
        await tx.update(timeOffRequests).set({ status: "cancelled" }).where(eq(timeOffRequests.id, id));
        await recomputeDriverStatuses(tx, [row.driverId]);
        return dto(tx, id);
      });
    },
  };
}

/** `date` (YYYY-MM-DD) moved by `days`. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
