import { zodResolver } from "@hookform/resolvers/zod";
import {
  CHECKLISTS,
  type ChecklistItem,
  type CheckResult,
  type CreateInspectionInput,
  createInspectionSchema,
  type InspectionAssetType,
  type InspectionStatus,
  type InspectionType,
} from "@shared/inspections/inspections.schema";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";

/** What the form edits: inputs as typed; `toInspectionInput` turns them into the shared schema's input. */
export interface ChecklistValue {
  item: ChecklistItem;
  result: CheckResult | "";
  note: string;
}

export interface InspectionFormValues {
  assetType: InspectionAssetType;
  vehicleId: string | null;
  trailerId: string | null;
  type: InspectionType | "";
  /** The browser's local "YYYY-MM-DDTHH:mm". */
  inspectedAt: string;
  inspectorName: string;
  driverId: string | null;
  odometer: string;
  location: string;
  checklist: ChecklistValue[];
  overallStatus: InspectionStatus | "";
  comments: string;
}

export const emptyChecklist = (assetType: InspectionAssetType): ChecklistValue[] =>
  CHECKLISTS[assetType].map((item) => ({ item, result: "", note: "" }));

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a `datetime-local` value in the user's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function emptyInspection(over: Partial<InspectionFormValues> = {}): InspectionFormValues {
  const assetType = over.assetType ?? "vehicle";
  return {
    assetType,
    vehicleId: null,
    trailerId: null,
    type: "pre_trip",
    inspectedAt: toLocalInput(new Date()),
    inspectorName: "",
    driverId: null,
    odometer: "",
    location: "",
    checklist: emptyChecklist(assetType),
    overallStatus: "",
    comments: "",
    ...over,
  };
}

const localTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

export function toInspectionInput(v: InspectionFormValues, staff: boolean): CreateInspectionInput {
  const at = v.inspectedAt ? new Date(v.inspectedAt) : null;
  const odometer = v.odometer.trim().replace(/[,\s]/g, "");
  return {
    assetType: v.assetType,
    vehicleId: v.assetType === "vehicle" ? v.vehicleId : null,
    trailerId: v.assetType === "trailer" ? v.trailerId : null,
    type: (v.type || undefined) as InspectionType,
    inspectedAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : "",
    inspectorName: staff ? v.inspectorName.trim() || undefined : undefined,
    driverId: staff ? v.driverId : null,
    odometer: v.assetType === "vehicle" && odometer !== "" ? Number(odometer) : null,
    location: v.location,
    timeZone: localTimeZone(),
    checklist: v.checklist.map((e) => ({
      item: e.item,
      result: (e.result || undefined) as CheckResult,
      note: e.note,
    })),
    overallStatus: (v.overallStatus || undefined) as InspectionStatus,
    comments: v.comments,
  };
}

const schemaResolver = zodResolver(createInspectionSchema);

/** The shared schema, run on what the request will carry. */
export function inspectionFormResolver(staff: boolean): Resolver<InspectionFormValues> {
  return (values, context, options) =>
    schemaResolver(
      toInspectionInput(values, staff),
      context,
      options as unknown as Parameters<typeof schemaResolver>[2],
    ) as unknown as ReturnType<Resolver<InspectionFormValues>>;
}

/** Every error of the form as [path, error], checklist rows included ("checklist.3.note"). */
export function flattenErrors(errors: FieldErrors<InspectionFormValues>): [string, FieldError][] {
  const out: [string, FieldError][] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const e = node as Partial<FieldError> & Record<string, unknown>;
    if (typeof e.message === "string" && typeof e.type === "string") out.push([path, e as FieldError]);
    for (const [key, child] of Object.entries(e)) {
      if (key === "ref" || key === "message" || key === "type" || key === "types" || key === "root") continue;
      walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, "");
  return out;
}
