import { driverPaperProblems } from "@shared/drivers/compliance";
import {
  type DriverAction,
  LOAD_TRANSITIONS,
  type LoadDetail,
  type LoadStatus,
} from "@shared/loads/loads.schema";
import type { LoadCompletion } from "@shared/loads/stops.schema";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { notFound } from "../../http/errors";
import { type Answer, JsonText } from "../../http/json-text";
import { owns, type Scope } from "../../http/scope";
import {
  isoOrNull,
  isoTimestamp,
  type LoadRow,
  listItemOf,
  loadDetailRow,
  loadDetailTextQuery,
  numberOrNull,
} from "./loads.repo";
import { paperworkOf } from "./paperwork-status";

/** Statuses that need a driver on the load. */
const NEEDS_DRIVER: readonly LoadStatus[] = ["assigned", "in_progress"];

/** What staff may change the status to: the transition table, minus what would need a missing driver. */
export function allowedStatusesFor(load: Pick<LoadRow, "status" | "driverId">): LoadStatus[] {
  return LOAD_TRANSITIONS[load.status].filter((s) => load.driverId || !NEEDS_DRIVER.includes(s));
}

type CheckIns = { arrivedAt: unknown; doneAt: unknown; departedAt: unknown };

/**
 * Whether "Mark as delivered" belongs on a load in progress (issue 38, point 18). A driver who
 * checks in stop by stop delivers through the check-ins, so the button stays away from "I've
 * arrived" until the route is done: after the last unload when the company completes loads on the
 * proof of delivery (the button then asks for it), after the last departure otherwise.
 */
export function deliverOffered(stops: readonly CheckIns[], completesOn: LoadCompletion): boolean {
  if (!stops.some((s) => s.arrivedAt)) return true;
  const last = stops[stops.length - 1];
  return completesOn === "pod" ? !!last.doneAt : !!last.departedAt;
}

/** The assigned driver's next actions: accept or decline, then start, then deliver. */
export function driverActionsFor(
  load: Pick<LoadRow, "status"> & { acceptedAt: Date | string | null },
  stops: readonly CheckIns[],
  completesOn: LoadCompletion,
): DriverAction[] {
  if (load.status === "assigned") return load.acceptedAt ? ["start", "decline"] : ["accept", "decline"];
  if (load.status === "in_progress") return deliverOffered(stops, completesOn) ? ["deliver"] : [];
  return [];
}

/** A load as the caller may see it, or 404 when it is out of their scope. */
export async function buildLoadDetail(db: Tx, id: string, scope: Scope): Promise<LoadDetail> {
  const r = await loadDetailRow(db, id);
  // Outside the office (a driver; a customer never reaches this screen) the rate and billing stay hidden.
  const isDriver = scope.kind !== "staff";
  if (!r || !owns(scope, { driverId: r.driver_id, customerId: r.customer_id })) {
    throw notFound("The load");
  }
  const load = { status: r.status, driverId: r.driver_id, acceptedAt: r.accepted_at };
  return {
    ...listItemOf(r),
    description: r.description,
    weightLbs: numberOrNull(r.weight_lbs),
    // PostgreSQL's JSON writes timestamps as "2026-11-20T14:05:00+00:00"; the API's are toISOString's.
    stops: r.stops.map((s) => ({
      ...s,
      scheduledAt: new Date(s.scheduledAt).toISOString(),
      scheduledEnd: isoOrNull(s.scheduledEnd),
      arrivedAt: isoOrNull(s.arrivedAt),
      doneAt: isoOrNull(s.doneAt),
      departedAt: isoOrNull(s.departedAt),
      // What detention is billed is between the office and the customer.
      detentionAmount: isDriver ? null : s.detentionAmount,
    })),
    equipmentType: r.equipment_type,
    commodity: r.commodity,
    tempMinF: numberOrNull(r.temp_min_f),
    tempMaxF: numberOrNull(r.temp_max_f),
    pieceCount: r.piece_count,
    palletCount: r.pallet_count,
    poNumber: r.po_number,
    bolNumber: r.bol_number,
    baseRate: r.base_rate,
    fuelSurcharge: r.fuel_surcharge,
    lumperFee: r.lumper_fee,
    detention: r.detention,
    otherCharges: r.other_charges,
    customerRate: isDriver ? null : r.customer_rate,
    vehicleId: r.vehicle_id,
    vehicleLabel: r.vehicle_label,
    trailerId: r.trailer_id,
    trailerLabel: r.trailer_label,
    fuelUsedGallons: numberOrNull(r.fuel_used_gallons),
    payType: r.pay_type,
    payRate: r.pay_rate,
    driverPay: r.driver_pay,
    payFromDriverDefault: r.pay_from_driver_default,
    milesOverrideReason: r.miles_override_reason,
    notes: r.notes,
    acceptedAt: isoOrNull(r.accepted_at),
    startedAt: isoOrNull(r.started_at),
    deliveredAt: isoOrNull(r.delivered_at),
    createdAt: isoTimestamp(r.created_at),
    updatedAt: isoTimestamp(r.updated_at),
    timeline: r.timeline.map((e) => ({ ...e, createdAt: new Date(e.createdAt).toISOString() })),
    files: r.files.map((f) => ({
      ...f,
      createdAt: new Date(f.createdAt).toISOString(),
      occurredAt: isoOrNull(f.occurredAt),
      receivedAt: isoOrNull(f.receivedAt),
    })),
    paperwork: paperworkOf(r),
    // A billed load stays completed until its invoice lets it go (loads.service#changeStatus).
    allowedStatuses: isDriver || r.invoice_number ? [] : allowedStatusesFor(load),
    invoiceNumber: isDriver ? null : r.invoice_number,
    driverActions: isDriver ? driverActionsFor(load, r.stops, r.completes_on) : [],
    completesOn: r.completes_on,
    // Staff see the assigned driver's papers that lapse before the delivery (or have lapsed).
    driverWarnings:
      !isDriver && r.driver_id && NEEDS_DRIVER.includes(r.status)
        ? driverPaperProblems(
            { licenseExpiry: r.license_expiry, medicalCardExpiry: r.medical_card_expiry },
            r.today,
            r.delivery_day,
          )
        : [],
  };
}

// ---- The same answer written by PostgreSQL (issue 42, target 4)

const STATUSES = Object.keys(LOAD_TRANSITIONS) as LoadStatus[];
/** A short JSON array of statuses or actions as an SQL `json` literal (no quotes in them). */
const literal = (items: readonly string[]) => `'${JSON.stringify(items)}'::json`;

/**
 * The rules above as CASE expressions over the detail statement's columns, written from the very
 * functions for every input they distinguish (so the two cannot drift): `allowedStatusesFor` by
 * status and whether a driver is on the load; `driverActionsFor` by status, acceptance and whether
 * delivery is offered (`st.deliver_offered`, `loadDetailText`'s mirror of `deliverOffered`).
 */
const DETAIL_RULES = {
  allowedStatuses: sql.raw(
    `case l.status ${STATUSES.map(
      (status) =>
        `when '${status}' then case when l.driver_id is null ` +
        `then ${literal(allowedStatusesFor({ status, driverId: null }))} ` +
        `else ${literal(allowedStatusesFor({ status, driverId: "a driver" }))} end`,
    ).join(" ")} end`,
  ),
  driverActions: sql.raw(
    `case l.status ${STATUSES.map((status) => {
      const actions = (accepted: boolean, offered: boolean) =>
        literal(
          driverActionsFor(
            { status, acceptedAt: accepted ? "accepted" : null },
            // No check-in yet offers delivery; an arrival without a departure does not.
            offered ? [] : [{ arrivedAt: "arrived", doneAt: null, departedAt: null }],
            "departure",
          ),
        );
      const byOffer = (accepted: boolean) =>
        `case when st.deliver_offered then ${actions(accepted, true)} else ${actions(accepted, false)} end`;
      return `when '${status}' then case when l.accepted_at is not null then ${byOffer(true)} else ${byOffer(false)} end`;
    }).join(" ")} end`,
  ),
};

/** The statements of the staff's view and the driver's (a customer's own load, too, hides the money as before). */
const staffText = loadDetailTextQuery(false, DETAIL_RULES);
const driverText = loadDetailTextQuery(true, DETAIL_RULES);

/**
 * `buildLoadDetail`'s answer as JSON text PostgreSQL wrote (`loadDetailText`), for the GET: Node
 * neither parses the row nor stringifies the answer. The same 404s (scope checked on the row's
 * owners); a load with a value the SQL cannot write exactly (`db/json-sql.ts`) is built as a value.
 * Tested equal to `buildLoadDetail` byte for byte.
 */
export async function loadDetailAnswer(db: Tx, id: string, scope: Scope): Promise<Answer<LoadDetail>> {
  const [row] = await (scope.kind === "staff" ? staffText : driverText)(db).execute({ id });
  if (!row || !owns(scope, { driverId: row.driver_id, customerId: row.customer_id })) {
    throw notFound("The load");
  }
  return row.body === null ? buildLoadDetail(db, id, scope) : new JsonText<LoadDetail>(row.body);
}
