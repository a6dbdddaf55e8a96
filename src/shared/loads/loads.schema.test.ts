import { loadPay } from "@shared/settlements/pay";
import { describe, expect, it } from "vitest";
import {
  type CreateLoadInput,
  computeDriverPay,
  createLoadSchema,
  PICKUP_AND_DELIVERY_MESSAGE,
  STOPS_ORDER_MESSAGE,
  type StopInput,
  updateLoadSchema,
} from "./loads.schema";

const stop = (type: StopInput["type"], city: string): StopInput => ({
  type,
  locationName: `${city} dock`,
  address: "1 Dock St",
  city,
  state: "IL",
  scheduledAt: "2026-03-02T14:00:00Z",
});
const load = (...stops: StopInput[]): CreateLoadInput => ({ stops, baseRate: "1200" });

/** The messages the schema puts on the stops list itself (not on one stop's field). */
function listMessages(input: CreateLoadInput, schema = createLoadSchema): string[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.filter((i) => i.path.join(".") === "stops").map((i) => i.message);
}

describe("a load's stops (issue 38, point 13)", () => {
  it("start with a pickup and end with a delivery, whatever comes between", () => {
    expect(listMessages(load(stop("pickup", "Chicago"), stop("delivery", "Dallas")))).toEqual([]);
    expect(
      listMessages(
        load(
          stop("pickup", "Chicago"),
          stop("delivery", "Gary"),
          stop("pickup", "Toledo"),
          stop("delivery", "Dallas"),
        ),
      ),
    ).toEqual([]);
  });

  it("refuse a load that delivers first or picks up last, on create and on update", () => {
    const pickupLast = load(stop("pickup", "Chicago"), stop("delivery", "Gary"), stop("pickup", "Toledo"));
    const deliveryFirst = load(stop("delivery", "Gary"), stop("pickup", "Chicago"));
    for (const schema of [createLoadSchema, updateLoadSchema]) {
      expect(listMessages(pickupLast, schema)).toEqual([STOPS_ORDER_MESSAGE]);
      expect(listMessages(deliveryFirst, schema)).toEqual([STOPS_ORDER_MESSAGE]);
    }
  });

  it("still say a load needs both kinds when one is missing", () => {
    expect(listMessages(load(stop("pickup", "Chicago"), stop("pickup", "Gary")))).toEqual([
      PICKUP_AND_DELIVERY_MESSAGE,
    ]);
    expect(listMessages(load(stop("pickup", "Chicago")))).toEqual([PICKUP_AND_DELIVERY_MESSAGE]);
  });
});

describe("per-mile driver pay (the load's figure and the settlement line agree)", () => {
  it("rounds half a cent up from the exact product, as the settlement does", () => {
    // 522.3 mi × $0.55 = $287.265 → $287.27; 500 mi × $0.55 = $275.00; 0.5 cent below half stays down.
    expect(computeDriverPay("per_mile", "0.55", "0", 522.3)).toBe("287.27");
    expect(computeDriverPay("per_mile", "0.55", "0", 500)).toBe("275.00");
    expect(computeDriverPay("per_mile", "0.61", "0", 100.7)).toBe("61.43");
    for (const miles of [522.3, 1000.1, 88.5, 301.9]) {
      const line = loadPay({
        payType: "per_mile",
        payRate: "0.55",
        baseRate: "0",
        fuelSurcharge: null,
        total: "0",
        loadedMiles: miles,
        percentageBase: "total",
      });
      expect(computeDriverPay("per_mile", "0.55", "0", miles)).toBe(line.amount);
    }
  });
});
