import { driverPaperProblems } from "@shared/drivers/compliance";
import {
  type DriverAction,
  LOAD_TRANSITIONS,
  type LoadDetail,
  type LoadStatus,
} from "@shared/loads/loads.schema";
import type { LoadCompletion } from "@shared/loads/stops.schema";
import type { Tx } from "../../db/client";
import { notFound } from "../../http/errors";
import { owns, type Scope } from "../../http/scope";
import { isoOrNull, isoTimestamp, type LoadRow, loadDetailRow, numberOrNull } from "./loads.repo";
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
  // The list item's fields written out (`listItemOf`'s, in its order) rather than spread: a literal
  // that spreads an object and then adds fifty more keys took V8 ~0.25 ms a call (~10× the
  // literal's own cost; docs/performance.md, engineer n, 29 Nov 2026).
  return {
    id: r.id,
    loadNumber: r.load_number,
    status: r.status,
    customerId: r.customer_id,
    customerName: r.customer_name,
    driverId: r.driver_id,
    driverName: r.driver_name,
    pickupCity: r.pickup_city,
    pickupState: r.pickup_state,
    pickupAt: isoTimestamp(r.pickup_at),
    deliveryCity: r.delivery_city,
    deliveryState: r.delivery_state,
    deliveryAt: isoTimestamp(r.delivery_at),
    totalRate: r.total_rate,
    loadedMiles: numberOrNull(r.loaded_miles),
    emptyMiles: numberOrNull(r.empty_miles),
    milesSource: r.miles_source,
    postedToBoard: r.posted_to_board,
    description: r.description,
    weightLbs: numberOrNull(r.weight_lbs),
    // The row's timestamps are PostgreSQL's text (loadDetailRow); the API's are toISOString's,
    // written by `isoTimestamp` without a Date (~3 µs each for a Date, ~30 of them a load).
    stops: r.stops.map((s) => ({
      ...s,
      scheduledAt: isoTimestamp(s.scheduledAt),
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
    timeline: r.timeline.map((e) => ({ ...e, createdAt: isoTimestamp(e.createdAt) })),
    files: r.files.map((f) => ({
      ...f,
      createdAt: isoTimestamp(f.createdAt),
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
