import { PERMISSIONS, routePath } from "@shared/access";
import {
  computeDriverPay,
  computeTotalRate,
  fromCents,
  type LoadDetail,
  toCents,
} from "@shared/loads/loads.schema";
import {
  CHECK_IN_BEFORE_TRIP_MESSAGE,
  type CheckInInput,
  type CorrectCheckInInput,
  GEOFENCE_EVENT_DECIDED_MESSAGE,
  GEOFENCE_EVENT_MISMATCH_MESSAGE,
} from "@shared/loads/stop-requests.schema";
import {
  CHECK_IN_EVENTS,
  CHECK_IN_FUTURE_MESSAGE,
  CHECK_IN_TIME_ORDER_MESSAGE,
  type CheckInEvent,
  computeDetention,
  DEFAULT_DETENTION_FREE_MINUTES,
  DEFAULT_DETENTION_RATE,
  nextCheckIn,
} from "@shared/loads/stops.schema";
import { NOTIFICATION_RECIPIENTS } from "@shared/notifications/preferences.schema";
import { SYNC_MESSAGES, type SyncTimes, sentLate } from "@shared/sync/sync.schema";
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { customers, loadStops, loads, settlementLines, stopGeofenceEvents } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { type Scope, STAFF_SCOPE, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { wallTime } from "../../platform/company-day";
import { notifyRoles } from "../../platform/notifications/notify";
import { recomputeDriverStatuses } from "../drivers/driver-status";
import { buildLoadDetail } from "./load-detail";
import { findLoad, hasDeliveryProof, insertEvent, type LoadRow, loadCompletionRule } from "./loads.repo";
import { markDelivered, refuseBilled } from "./loads.service";
import { refuseChangedLoad } from "./sync-conflicts";

type StopRow = typeof loadStops.$inferSelect;

const COLUMN = { arrived: "arrivedAt", done: "doneAt", departed: "departedAt" } as const satisfies Record<
  CheckInEvent,
  keyof StopRow
>;
const orderError = (message: string) => conflict(message, "CHECK_IN_ORDER");
/** Clocks differ a little: a correction may be this far ahead of the server's time. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** The message for a check-in out of order, in the driver's words. */
function outOfOrder(stop: StopRow, event: CheckInEvent): string {
  const expected = nextCheckIn(stop);
  if (!expected) return "You have already left this stop.";
  if (CHECK_IN_EVENTS.indexOf(event) < CHECK_IN_EVENTS.indexOf(expected))
    return "This check-in is already recorded.";
  if (expected === "arrived") return "Check in as arrived first.";
  return stop.type === "pickup" ? "Check in as loaded first." : "Check in as unloaded first.";
}

/**
 * A stop's check-ins (decision 034): the driver reports arrived, loaded or unloaded, departed, in
 * order and stop after stop; the load's status follows (in progress at the first departure,
 * delivered at the last departure or on the proof of delivery, as the company chose); a departure
 * — the last one too — past the customer's free time proposes detention, which staff
 * accept onto the load's charges (and so onto the invoice and, for percentage pay, the driver's pay)
 * or dismiss. Staff may correct a time, with a reason on the timeline.
 */
export function createStopCheckInsService(deps: Deps) {
  const { db } = deps;

  async function lockStops(tx: Tx, loadId: string, scope: Scope) {
    const load = await findLoad(tx, loadId, scope, true);
    if (!load) throw notFound("The load");
    const stops = await tx
      .select()
      .from(loadStops)
      .where(eq(loadStops.loadId, loadId))
      .orderBy(asc(loadStops.sequence))
      .for("update");
    return { load, stops };
  }
  const stopOf = (stops: StopRow[], stopId: string) => {
    const stop = stops.find((s) => s.id === stopId);
    if (!stop) throw notFound("The stop");
    return stop;
  };
  const who = (actor: Actor) => ({ userId: actor.userId, name: actor.name });
  const stopData = (stop: StopRow) => ({
    stopSequence: stop.sequence,
    locationName: stop.locationName,
    stopType: stop.type,
  });

  /** Proposes (or withdraws) detention from the stop's times, unless staff already accepted it. */
  async function proposeDetention(tx: Tx, load: LoadRow, stop: StopRow, actor: Actor) {
    if (stop.detentionStatus === "accepted") return;
    const [terms] = load.customerId
      ? await tx
          .select({ free: customers.detentionFreeMinutes, rate: customers.detentionRate })
          .from(customers)
          .where(eq(customers.id, load.customerId))
      : [];
    const owed = computeDetention(
      stop,
      terms?.free ?? DEFAULT_DETENTION_FREE_MINUTES,
      terms?.rate ?? DEFAULT_DETENTION_RATE,
    );
    const same = owed?.amount === stop.detentionAmount && owed?.minutes === stop.detentionMinutes;
    if (same || (!owed && !stop.detentionStatus)) return;
    await tx
      .update(loadStops)
      .set({
        detentionMinutes: owed?.minutes ?? null,
        detentionAmount: owed?.amount ?? null,
        detentionStatus: owed ? "proposed" : null,
      })
      .where(eq(loadStops.id, stop.id));
    if (!owed) return;
    await insertEvent(tx, {
      loadId: load.id,
      kind: "detention_proposed",
      data: { ...stopData(stop), minutes: owed.minutes, amount: owed.amount },
      from: load.status,
      to: load.status,
      actor: who(actor),
    });
    await notifyRoles(tx, PERMISSIONS["loads:write"], {
      kind: "load.detention_proposed",
      link: routePath("loadDetail", { loadId: load.id }),
      data: {
        loadId: load.id,
        loadNumber: load.loadNumber,
        locationName: stop.locationName,
        amount: owed.amount,
      },
    });
  }

  /**
   * When a check-in happened (issue 40): now, or the time the driver gives — the geofence crossing the
   * phone noticed ("You're at … — check in?"), confirmed here. That time is not in the future (a few
   * minutes of clock skew are taken as now), not before the trip started (before the first departure:
   * before the driver accepted the load), and keeps the stop's times in order; detention then follows
   * from it like from any check-in.
   */
  async function checkInTime(
    tx: Tx,
    load: LoadRow,
    stops: StopRow[],
    stop: StopRow,
    input: CheckInInput,
    actor: Actor,
    times: SyncTimes | undefined,
  ): Promise<Date> {
    const now = new Date();
    let at: Date | null = input.at ? new Date(input.at) : null;
    // The phone's outbox sends the tap's time as X-Occurred-At (issue 41): the body's `at` and a
    // confirmed geofence crossing name the event more exactly and win; without either, the tap's.
    const tapped = times && times.occurredAt < times.receivedAt ? times.occurredAt : null;
    if (input.geofenceEventId) {
      const [proposal] = await tx
        .select()
        .from(stopGeofenceEvents)
        .where(
          and(
            eq(stopGeofenceEvents.id, input.geofenceEventId),
            eq(stopGeofenceEvents.loadId, load.id),
            eq(stopGeofenceEvents.stopId, stop.id),
          ),
        )
        .for("update");
      if (!proposal || proposal.kind !== input.event) {
        throw badRequest(GEOFENCE_EVENT_MISMATCH_MESSAGE, {
          fields: { geofenceEventId: GEOFENCE_EVENT_MISMATCH_MESSAGE },
        });
      }
      if (proposal.status !== "proposed") throw conflict(GEOFENCE_EVENT_DECIDED_MESSAGE, "GEOFENCE_DECIDED");
      at ??= proposal.at;
      await tx
        .update(stopGeofenceEvents)
        .set({ status: "confirmed", decidedBy: actor.userId, decidedAt: now })
        .where(eq(stopGeofenceEvents.id, proposal.id));
    }
    at ??= tapped;
    if (!at) return now;
    if (at.getTime() > now.getTime() + CLOCK_SLACK_MS) {
      throw badRequest(CHECK_IN_FUTURE_MESSAGE, { fields: { at: CHECK_IN_FUTURE_MESSAGE } });
    }
    if (at > now) at = now;
    const tripStart = load.startedAt ?? load.acceptedAt;
    if (tripStart && at < tripStart) {
      throw badRequest(CHECK_IN_BEFORE_TRIP_MESSAGE, { fields: { at: CHECK_IN_BEFORE_TRIP_MESSAGE } });
    }
    const previous = stops[stops.indexOf(stop) - 1];
    const earlier = [
      ...CHECK_IN_EVENTS.slice(0, CHECK_IN_EVENTS.indexOf(input.event)).map((e) => stop[COLUMN[e]]),
      previous?.departedAt ?? null,
    ];
    if (earlier.some((t) => t && t > at)) {
      throw badRequest(CHECK_IN_TIME_ORDER_MESSAGE, { fields: { at: CHECK_IN_TIME_ORDER_MESSAGE } });
    }
    return at;
  }

  /**
   * Dispatch told of a check-in the phone sent late (issue 41): the stop, what was checked, when it
   * happened and when it arrived, in the company's time zone like the running-late notice.
   */
  async function noticeLateCheckIn(
    tx: Tx,
    load: LoadRow,
    stop: StopRow,
    checkIn: CheckInEvent,
    at: Date,
    receivedAt: Date,
  ) {
    const { timeZone } = deps.config.company;
    await notifyRoles(tx, NOTIFICATION_RECIPIENTS["load.check_in_late"], {
      kind: "load.check_in_late",
      link: routePath("loadDetail", { loadId: load.id }),
      data: {
        loadId: load.id,
        loadNumber: load.loadNumber,
        stopId: stop.id,
        locationName: stop.locationName,
        checkIn,
        occurredAt: wallTime(at, timeZone),
        receivedAt: wallTime(receivedAt, timeZone),
      },
    });
  }

  /** The first departure puts an assigned load on the road (assigned → in progress). */
  async function startOnDeparture(tx: Tx, load: LoadRow, at: Date, actor: Actor) {
    if (load.status !== "assigned" || !load.driverId) return;
    await tx.update(loads).set({ status: "in_progress", startedAt: at }).where(eq(loads.id, load.id));
    await insertEvent(tx, {
      loadId: load.id,
      kind: "trip_started",
      from: "assigned",
      to: "in_progress",
      actor: who(actor),
    });
    await recomputeDriverStatuses(tx, [load.driverId]);
    load.status = "in_progress";
  }

  return {
    /** The assigned driver's check-in: only on their load (else 404), only in order (409 CHECK_IN_ORDER). */
    async checkIn(
      actor: Actor,
      loadId: string,
      stopId: string,
      input: CheckInInput,
      times?: SyncTimes,
    ): Promise<LoadDetail> {
      const { event } = input;
      const scope = scopeOf(actor);
      await db.transaction(async (tx) => {
        // Replayed from the phone after dispatch cancelled or reassigned the load: 409 saying so.
        await refuseChangedLoad(tx, loadId, actor);
        const { load, stops } = await lockStops(tx, loadId, scope);
        const stop = stopOf(stops, stopId);
        const last = stops[stops.length - 1];
        // A load delivered before its driver left the last dock (marked delivered, or completed on
        // its POD) still takes the unload and the departure there: detention runs to the departure.
        const atLastDock = load.status === "completed" && stop.id === last.id && event !== "arrived";
        if (load.status === "cancelled") throw conflict(SYNC_MESSAGES.LOAD_CANCELLED, "LOAD_CANCELLED");
        if (load.status !== "assigned" && load.status !== "in_progress" && !atLastDock) {
          throw conflict("Check-ins are only for a load on its way.", "INVALID_ACTION");
        }
        if (load.status === "assigned" && !load.acceptedAt) {
          throw conflict("Accept the load before checking in.", "INVALID_ACTION");
        }
        if (nextCheckIn(stop) !== event) throw orderError(outOfOrder(stop, event));
        const previous = stops[stops.indexOf(stop) - 1];
        if (event === "arrived" && previous && !previous.departedAt) {
          throw orderError(`Check out of stop ${previous.sequence} (${previous.locationName}) first.`);
        }
        const now = await checkInTime(tx, load, stops, stop, input, actor, times);
        // Sent late (issue 41): the phone held it past LATE_SYNC_MINUTES; both times go on the
        // timeline, and dispatch hears of it (the stop's times may change detention and ETAs).
        const late = times ? sentLate(times.occurredAt, times.receivedAt) : false;
        const updated = { ...stop, [COLUMN[event]]: now };
        await tx
          .update(loadStops)
          .set({ [COLUMN[event]]: now })
          .where(eq(loadStops.id, stop.id));
        await insertEvent(tx, {
          loadId,
          kind: "stop_checked_in",
          data: {
            ...stopData(stop),
            checkIn: event,
            ...(input.geofenceEventId ? { geofence: true } : {}),
            ...(times
              ? { occurredAt: now.toISOString(), receivedAt: times.receivedAt.toISOString(), late }
              : {}),
          },
          from: load.status,
          to: load.status,
          actor: who(actor),
        });
        // The status follows the stops, within the transition table.
        if (event === "departed") {
          await startOnDeparture(tx, load, now, actor);
          await proposeDetention(tx, load, updated, actor);
        }
        if (stop.id === last.id && load.status === "in_progress") {
          // The company's rule (Settings → Company): delivered on leaving the last stop (BOL or POD
          // on file, else 409 and nothing recorded), or once unloaded with the POD on file (else
          // the POD's upload completes it).
          const rule = await loadCompletionRule(tx);
          const delivers =
            rule === "departure"
              ? event === "departed"
              : event === "done" && (await hasDeliveryProof(tx, loadId, ["pod"]));
          if (delivers) await markDelivered(tx, deps, load, actor, now);
        }
        if (late && times) await noticeLateCheckIn(tx, load, stop, event, now, times.receivedAt);
        await recomputeDriverStatuses(tx, [load.driverId]);
        await recordAudit(tx, actor, {
          action: "load.stop_checked_in",
          targetType: "load",
          targetId: loadId,
          targetLabel: load.loadNumber,
          details: { kind: event, name: stop.locationName },
        });
      });
      return buildLoadDetail(db, loadId, scope);
    },

    /** Staff correct a check-in time (the earlier ones must be set and the times stay in order). */
    async correct(actor: Actor, loadId: string, stopId: string, input: CorrectCheckInInput) {
      await db.transaction(async (tx) => {
        const { load, stops } = await lockStops(tx, loadId, STAFF_SCOPE);
        const stop = stopOf(stops, stopId);
        const at = new Date(input.at);
        if (at.getTime() > Date.now() + CLOCK_SLACK_MS) {
          throw badRequest(CHECK_IN_FUTURE_MESSAGE, { fields: { at: CHECK_IN_FUTURE_MESSAGE } });
        }
        const updated = { ...stop, [COLUMN[input.event]]: at };
        const times = CHECK_IN_EVENTS.map((e) => updated[COLUMN[e]]);
        const index = CHECK_IN_EVENTS.indexOf(input.event);
        const inOrder = times.every((t, i) => {
          if (i < index) return t !== null && t.getTime() <= at.getTime();
          if (i > index) return t === null || t.getTime() >= at.getTime();
          return true;
        });
        if (!inOrder)
          throw badRequest(CHECK_IN_TIME_ORDER_MESSAGE, { fields: { at: CHECK_IN_TIME_ORDER_MESSAGE } });
        const previousAt = stop[COLUMN[input.event]];
        await tx
          .update(loadStops)
          .set({ [COLUMN[input.event]]: at })
          .where(eq(loadStops.id, stop.id));
        await insertEvent(tx, {
          loadId,
          kind: "stop_time_corrected",
          data: {
            ...stopData(stop),
            checkIn: input.event,
            at: at.toISOString(),
            previousAt: previousAt?.toISOString() ?? null,
          },
          from: load.status,
          to: load.status,
          actor: who(actor),
          note: input.reason,
        });
        if (input.event === "departed") await startOnDeparture(tx, load, at, actor);
        await proposeDetention(tx, load, updated, actor);
        await recordAudit(tx, actor, {
          action: "load.stop_time_corrected",
          targetType: "load",
          targetId: loadId,
          targetLabel: load.loadNumber,
          details: {
            kind: input.event,
            name: stop.locationName,
            from: previousAt?.toISOString() ?? null,
            to: at.toISOString(),
            reason: input.reason,
          },
        });
      });
      return buildLoadDetail(db, loadId, STAFF_SCOPE);
    },

    /**
     * Accepting adds the proposed amount to the load's detention charge: the total follows, the next
     * invoice bills it, and a percentage pay follows the total (fixed and per-mile pay do not; a load
     * already on a driver's settlement keeps the pay it was settled with).
     */
    async decideDetention(
      actor: Actor,
      loadId: string,
      stopId: string,
      decision: "accept" | "dismiss",
      note?: string,
    ): Promise<LoadDetail> {
      await db.transaction(async (tx) => {
        const { load, stops } = await lockStops(tx, loadId, STAFF_SCOPE);
        const stop = stopOf(stops, stopId);
        if (stop.detentionStatus !== "proposed" || !stop.detentionAmount) {
          throw conflict("There is no proposed detention at this stop.", "NO_DETENTION");
        }
        if (decision === "accept") {
          await refuseBilled(tx, loadId);
          const detention = fromCents(toCents(stop.detentionAmount) + toCents(load.detention ?? "0"));
          const totalRate = computeTotalRate({ ...load, detention });
          const [settled] = await tx
            .select({ id: settlementLines.id })
            .from(settlementLines)
            .where(and(eq(settlementLines.loadId, loadId), eq(settlementLines.live, true)));
          const driverPay =
            load.payType === "percentage" && load.payRate && !settled
              ? computeDriverPay(load.payType, load.payRate, totalRate, load.loadedMiles)
              : load.driverPay;
          // The customer rate is the all-in price agreed (decision 014): detention comes on top of it.
          const customerRate =
            load.customerRate === null
              ? null
              : fromCents(toCents(load.customerRate) + toCents(stop.detentionAmount));
          await tx
            .update(loads)
            .set({ detention, totalRate, driverPay, customerRate })
            .where(eq(loads.id, loadId));
        }
        await tx
          .update(loadStops)
          .set({ detentionStatus: decision === "accept" ? "accepted" : "dismissed" })
          .where(eq(loadStops.id, stop.id));
        await insertEvent(tx, {
          loadId,
          kind: decision === "accept" ? "detention_accepted" : "detention_dismissed",
          data: { ...stopData(stop), minutes: stop.detentionMinutes ?? 0, amount: stop.detentionAmount },
          from: load.status,
          to: load.status,
          actor: who(actor),
          note,
        });
        await recordAudit(tx, actor, {
          action: decision === "accept" ? "load.detention_accepted" : "load.detention_dismissed",
          targetType: "load",
          targetId: loadId,
          targetLabel: load.loadNumber,
          details: { amount: stop.detentionAmount, name: stop.locationName, note: note ?? null },
        });
      });
      return buildLoadDetail(db, loadId, STAFF_SCOPE);
    },
  };
}
