import type { LoadDetail } from "@shared/loads/loads.schema";
import { EMPTY_LOAD, fromLoadDetail, type LoadFormValues } from "./load-form-values";

/** What belongs to one trip only: a copy starts them empty. */
const TRIP_FIELDS = [
  "loadNumber",
  "detention",
  "lumperFee",
  "driverId",
  "vehicleId",
  "trailerId",
  "fuelUsedGallons",
  "payType",
  "payRate",
  "postedToBoard",
  "bolNumber",
] as const satisfies readonly (keyof LoadFormValues)[];
/** A return load is priced and ordered on its own. */
const RETURN_FIELDS = ["baseRate", "fuelSurcharge", "customerRate", "otherCharges", "poNumber"] as const;

const emptied = (fields: readonly (keyof LoadFormValues)[]) =>
  Object.fromEntries(fields.map((f) => [f, EMPTY_LOAD[f]])) as Partial<LoadFormValues>;

/**
 * A saved load as the start of a new one (decision 034): "duplicate" repeats the lane; "return"
 * reverses the stops (the last delivery becomes the pickup). Dates, number, driver, check-ins and
 * the charges that depend on the trip (detention, lumper) are left to fill in.
 */
export function copyOfLoad(load: LoadDetail, mode: "duplicate" | "return"): LoadFormValues {
  const v = fromLoadDetail(load);
  const stops = v.stops.map(({ id: _id, ...s }) => ({ ...s, scheduledAt: "", scheduledEnd: "" }));
  const flipped = [...stops].reverse().map((s) => ({
    ...s,
    type: s.type === "pickup" ? ("delivery" as const) : ("pickup" as const),
    referenceNumber: "",
  }));
  return {
    ...v,
    ...emptied(TRIP_FIELDS),
    ...(mode === "return" ? emptied(RETURN_FIELDS) : {}),
    stops: mode === "return" ? flipped : stops,
  };
}
