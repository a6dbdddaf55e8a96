import type { LoadDetail } from "@shared/loads/loads.schema";
import { fromLoadDetail, type LoadFormValues } from "./load-form-values";

/**
 * A saved load as the start of a new one (decision 034): "duplicate" repeats the lane; "return"
 * reverses the stops (the last delivery becomes the pickup). Dates, driver, number, check-ins and
 * the charges that depend on the trip (detention, lumper) are left to fill in.
 */
export function copyOfLoad(load: LoadDetail, mode: "duplicate" | "return"): LoadFormValues {
  const v = fromLoadDetail(load);
  const stops = v.stops.map(({ id: _id, ...s }) => ({ ...s, scheduledAt: "", scheduledEnd: "" }));
  const flipped = stops.reverse().map((s) => ({
    ...s,
    type: s.type === "pickup" ? ("delivery" as const) : ("pickup" as const),
    referenceNumber: "",
  }));
  return {
    ...v,
    loadNumber: "",
    stops: mode === "return" ? flipped : stops,
    detention: "",
    lumperFee: "",
    driverId: null,
    vehicleId: null,
    trailerId: null,
    fuelUsedGallons: "",
    payType: "",
    payRate: "",
    postedToBoard: false,
    poNumber: mode === "return" ? "" : v.poNumber,
    bolNumber: "",
    // A return load is priced on its own.
    ...(mode === "return" ? { baseRate: "", fuelSurcharge: "", customerRate: "", otherCharges: "" } : {}),
  };
}
