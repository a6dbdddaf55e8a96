/**
 * Warnings a vehicle or a trailer shows: plate and insurance expiry ("Expired", "Expires today",
 * "Expires in N days", the Document Center's wording) and a trailer's next inspection.
 */
import { EXPIRY_WARNING_DAYS, type ExpiryState, expiryState, needsAttention } from "../drivers/expiry";
import { TRAILER_INSPECTION_WARNING_DAYS } from "./trailers.schema";

export type VehicleAlertKind = "plate" | "insurance";

export interface VehicleAlert {
  kind: VehicleAlertKind;
  date: string;
  state: ExpiryState;
}

/** Plate and insurance expiry states that need attention (expired, today, within the window). */
export function vehicleExpiryAlerts(
  v: { plateExpiresOn: string | null; insuranceExpiresOn: string | null },
  today: string,
  warningDays = EXPIRY_WARNING_DAYS,
): VehicleAlert[] {
  const out: VehicleAlert[] = [];
  for (const [kind, date] of [
    ["plate", v.plateExpiresOn],
    ["insurance", v.insuranceExpiresOn],
  ] as const) {
    const state = expiryState(date, today, warningDays);
    if (date && state && needsAttention(state)) out.push({ kind, date, state });
  }
  return out;
}

/** A trailer's next inspection: overdue (expired), due today, due soon, or fine (null). */
export function inspectionDueState(nextInspectionOn: string | null, today: string): ExpiryState | null {
  const state = expiryState(nextInspectionOn, today, TRAILER_INSPECTION_WARNING_DAYS);
  return state && needsAttention(state) ? state : null;
}
