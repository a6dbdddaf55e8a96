import { zodResolver } from "@hookform/resolvers/zod";
import { isoToWallTime, isTimeZone, wallTimeToIso } from "@shared/geo/zoned-time";
import {
  type CreateLoadInput,
  createLoadSchema,
  type EquipmentType,
  type LoadDetail,
  moneySchema,
  type PayType,
  type StopType,
} from "@shared/loads/loads.schema";
import type { AppointmentKind } from "@shared/loads/stops.schema";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";

/**
 * What the form edits: every input as the string the user typed (a number field may be empty,
 * a date-time is the browser's local "YYYY-MM-DDTHH:mm"). `toLoadInput` turns it into the shared
 * schema's input, which both the resolver and the request use, so the form and the API agree.
 */
export interface StopValues {
  /** An existing stop (an edit keeps its check-ins); none on a new, duplicated or return load. */
  id?: string;
  locationId: string | null;
  type: StopType;
  locationName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  appointmentKind: AppointmentKind;
  scheduledAt: string;
  scheduledEnd: string;
  contactName: string;
  contactPhone: string;
  referenceNumber: string;
  poNumber: string;
  /**
   * The stop's IANA time zone (issue 40): its times are typed and shown in it. From the saved stop,
   * then from the place lookup as the address is typed; "" while unknown (the device's zone).
   */
  timeZone: string;
}

export interface LoadFormValues {
  loadNumber: string;
  description: string;
  weightLbs: string;
  equipmentType: EquipmentType | "";
  commodity: string;
  tempMinF: string;
  tempMaxF: string;
  pieceCount: string;
  palletCount: string;
  poNumber: string;
  bolNumber: string;
  stops: StopValues[];
  baseRate: string;
  fuelSurcharge: string;
  lumperFee: string;
  detention: string;
  otherCharges: string;
  customerRate: string;
  /** Empty: the route's miles. A different number is an override and needs the reason below. */
  loadedMiles: string;
  milesOverrideReason: string;
  customerId: string | null;
  driverId: string | null;
  vehicleId: string | null;
  trailerId: string | null;
  fuelUsedGallons: string;
  payType: PayType | "";
  payRate: string;
  postedToBoard: boolean;
  notes: string;
}

export const emptyStop = (type: StopType): StopValues => ({
  locationId: null,
  type,
  locationName: "",
  address: "",
  city: "",
  state: "",
  postalCode: "",
  appointmentKind: "appointment",
  scheduledAt: "",
  scheduledEnd: "",
  contactName: "",
  contactPhone: "",
  referenceNumber: "",
  poNumber: "",
  timeZone: "",
});

export const EMPTY_LOAD: LoadFormValues = {
  loadNumber: "",
  description: "",
  weightLbs: "",
  equipmentType: "",
  commodity: "",
  tempMinF: "",
  tempMaxF: "",
  pieceCount: "",
  palletCount: "",
  poNumber: "",
  bolNumber: "",
  stops: [emptyStop("pickup"), emptyStop("delivery")],
  baseRate: "",
  fuelSurcharge: "",
  lumperFee: "",
  detention: "",
  otherCharges: "",
  customerRate: "",
  loadedMiles: "",
  milesOverrideReason: "",
  customerId: null,
  driverId: null,
  vehicleId: null,
  trailerId: null,
  fuelUsedGallons: "",
  payType: "",
  payRate: "",
  postedToBoard: false,
  notes: "",
};

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as the value of a `datetime-local` input: in the stop's zone, else the user's. */
export function toLocalInput(iso: string, timeZone = ""): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  if (timeZone && isTimeZone(timeZone)) return isoToWallTime(d, timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (in the stop's zone, else local time) as a UTC instant; empty stays empty. */
export function fromLocalInput(local: string, timeZone = ""): string {
  if (!local) return "";
  if (timeZone && isTimeZone(timeZone)) return wallTimeToIso(local, timeZone);
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

const blankToUndefined = (v: string) => (v.trim() === "" ? undefined : v.trim());

export function toLoadInput(v: LoadFormValues): CreateLoadInput {
  return {
    loadNumber: v.loadNumber.trim(),
    description: v.description,
    weightLbs: blankToUndefined(v.weightLbs),
    equipmentType: v.equipmentType || null,
    commodity: v.commodity,
    tempMinF: blankToUndefined(v.tempMinF),
    tempMaxF: blankToUndefined(v.tempMaxF),
    pieceCount: blankToUndefined(v.pieceCount),
    palletCount: blankToUndefined(v.palletCount),
    poNumber: v.poNumber,
    bolNumber: v.bolNumber,
    stops: v.stops.map(({ timeZone, ...s }) => ({
      ...s,
      scheduledAt: fromLocalInput(s.scheduledAt, timeZone),
      scheduledEnd: s.appointmentKind === "appointment" ? null : fromLocalInput(s.scheduledEnd, timeZone),
    })),
    baseRate: v.baseRate.trim(),
    fuelSurcharge: v.fuelSurcharge.trim(),
    lumperFee: v.lumperFee.trim(),
    detention: v.detention.trim(),
    otherCharges: v.otherCharges.trim(),
    customerRate: v.customerRate.trim(),
    loadedMiles: blankToUndefined(v.loadedMiles),
    milesOverrideReason: v.milesOverrideReason.trim() || undefined,
    customerId: v.customerId || null,
    driverId: v.driverId || null,
    vehicleId: v.vehicleId || null,
    trailerId: v.trailerId || null,
    fuelUsedGallons: blankToUndefined(v.fuelUsedGallons),
    payType: v.payType || null,
    payRate: v.payRate.trim(),
    postedToBoard: v.postedToBoard,
    notes: v.notes,
  };
}

const numberText = (n: number | null) => (n === null ? "" : String(n));

export function fromLoadDetail(load: LoadDetail): LoadFormValues {
  return {
    loadNumber: load.loadNumber,
    description: load.description,
    weightLbs: numberText(load.weightLbs),
    equipmentType: load.equipmentType ?? "",
    commodity: load.commodity,
    tempMinF: numberText(load.tempMinF),
    tempMaxF: numberText(load.tempMaxF),
    pieceCount: numberText(load.pieceCount),
    palletCount: numberText(load.palletCount),
    poNumber: load.poNumber,
    bolNumber: load.bolNumber,
    stops: [...load.stops]
      .sort((a, b) => a.sequence - b.sequence)
      .map((s) => ({
        id: s.id,
        locationId: s.locationId,
        type: s.type,
        locationName: s.locationName,
        address: s.address,
        city: s.city,
        state: s.state,
        postalCode: s.postalCode ?? "",
        appointmentKind: s.appointmentKind,
        scheduledAt: toLocalInput(s.scheduledAt, s.timeZone ?? ""),
        scheduledEnd: s.scheduledEnd ? toLocalInput(s.scheduledEnd, s.timeZone ?? "") : "",
        contactName: s.contactName,
        contactPhone: s.contactPhone,
        referenceNumber: s.referenceNumber,
        poNumber: s.poNumber,
        timeZone: s.timeZone ?? "",
      })),
    baseRate: load.baseRate,
    fuelSurcharge: load.fuelSurcharge ?? "",
    lumperFee: load.lumperFee ?? "",
    detention: load.detention ?? "",
    otherCharges: load.otherCharges ?? "",
    customerRate: load.customerRate ?? "",
    // Computed miles are not pinned by an edit: only typed ones come back to the form.
    loadedMiles:
      load.milesSource === "override" || load.milesSource === "manual" ? numberText(load.loadedMiles) : "",
    milesOverrideReason: load.milesOverrideReason ?? "",
    customerId: load.customerId,
    driverId: load.driverId,
    vehicleId: load.vehicleId,
    trailerId: load.trailerId,
    fuelUsedGallons: numberText(load.fuelUsedGallons),
    // Pay that came from the driver's defaults stays empty, so it keeps following them.
    payType: load.payFromDriverDefault ? "" : (load.payType ?? ""),
    payRate: load.payFromDriverDefault ? "" : (load.payRate ?? ""),
    postedToBoard: load.postedToBoard,
    notes: load.notes,
  };
}

const schemaResolver = zodResolver(createLoadSchema);

/** The shared schema, run on what the request will carry. */
export const loadFormResolver: Resolver<LoadFormValues> = (values, context, options) =>
  schemaResolver(
    toLoadInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<LoadFormValues>>;

export const isMoney = (v: string | null | undefined): v is string => !!v && moneySchema.safeParse(v).success;

/** Fields the schema requires: an empty one is "missing" rather than "invalid". */
export const REQUIRED_FIELDS = ["baseRate"] as const;
export const REQUIRED_STOP_FIELDS = ["locationName", "address", "city", "state", "scheduledAt"] as const;

/** Every error of the form as [path, error], stops included ("stops.1.city"). */
export function flattenErrors(errors: FieldErrors<LoadFormValues>): [string, FieldError][] {
  const out: [string, FieldError][] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const e = node as Partial<FieldError> & Record<string, unknown>;
    if (typeof e.message === "string" && typeof e.type === "string") out.push([path, e as FieldError]);
    for (const [key, child] of Object.entries(e)) {
      if (key === "ref" || key === "message" || key === "type" || key === "types") continue;
      walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, "");
  return out;
}
