import {
  type DriverAction,
  LOAD_TRANSITIONS,
  type LoadDetail,
  type LoadStatus,
} from "../../../shared/loads/loads.schema";
import type { Tx } from "../../db/client";
import { notFound } from "../../http/errors";
import { iso } from "../../http/pagination";
import {
  eventsOf,
  filesOf,
  type LoadRow,
  type LoadScope,
  loadHeader,
  stopsOf,
  toListItem,
} from "./loads.repo";

/** Statuses that need a driver on the load. */
const NEEDS_DRIVER: readonly LoadStatus[] = ["assigned", "in_progress"];

/** What staff may change the status to: the transition table, minus what would need a missing driver. */
export function allowedStatusesFor(load: Pick<LoadRow, "status" | "driverId">): LoadStatus[] {
  return LOAD_TRANSITIONS[load.status].filter((s) => load.driverId || !NEEDS_DRIVER.includes(s));
}

/** The assigned driver's next actions: accept or decline, then start, then deliver. */
export function driverActionsFor(load: Pick<LoadRow, "status" | "acceptedAt">): DriverAction[] {
  if (load.status === "assigned") return load.acceptedAt ? ["start", "decline"] : ["accept", "decline"];
  if (load.status === "in_progress") return ["deliver"];
  return [];
}

/** A load as the caller may see it, or 404 when it is out of their scope. */
export async function buildLoadDetail(db: Tx, id: string, scope: LoadScope): Promise<LoadDetail> {
  // One round trip of four parallel reads; the scope is checked before anything is returned.
  const [header, stops, events, files] = await Promise.all([
    loadHeader(db, id),
    stopsOf(db, id),
    eventsOf(db, id),
    filesOf(db, id),
  ]);
  const isDriver = scope.kind === "driver";
  if (!header || (isDriver && (!scope.driverId || header.load.driverId !== scope.driverId))) {
    throw notFound("The load");
  }
  const l = header.load;
  return {
    ...toListItem({ ...l, customerName: header.customerName, driverName: header.driverName }),
    description: l.description,
    weightLbs: l.weightLbs,
    stops: stops.map((s) => ({
      id: s.id,
      sequence: s.sequence,
      type: s.type,
      locationName: s.locationName,
      address: s.address,
      city: s.city,
      state: s.state,
      postalCode: s.postalCode,
      scheduledAt: s.scheduledAt.toISOString(),
      contactName: s.contactName,
      contactPhone: s.contactPhone,
    })),
    baseRate: l.baseRate,
    lumperFee: l.lumperFee,
    detention: l.detention,
    otherCharges: l.otherCharges,
    customerRate: isDriver ? null : l.customerRate,
    vehicleId: l.vehicleId,
    vehicleLabel: header.vehicleLabel,
    trailerId: l.trailerId,
    trailerLabel: header.trailerLabel,
    fuelUsedGallons: l.fuelUsedGallons,
    payType: l.payType,
    payRate: l.payRate,
    driverPay: l.driverPay,
    payFromDriverDefault: l.payFromDriverDefault,
    notes: l.notes,
    acceptedAt: iso(l.acceptedAt),
    startedAt: iso(l.startedAt),
    deliveredAt: iso(l.deliveredAt),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    timeline: events.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actorName: e.actorName,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
    files: files.map((f) => ({
      id: f.id,
      kind: f.kind,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
      uploadedVia: f.uploadedVia,
      createdAt: f.createdAt.toISOString(),
    })),
    allowedStatuses: isDriver ? [] : allowedStatusesFor(l),
    driverActions: isDriver ? driverActionsFor(l) : [],
  };
}
