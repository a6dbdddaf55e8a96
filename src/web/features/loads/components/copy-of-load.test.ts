import type { LoadDetail } from "@shared/loads/loads.schema";
import { describe, expect, it } from "vitest";
import { copyOfLoad } from "./copy-of-load";

const stop = (sequence: number, type: "pickup" | "delivery", city: string) => ({
  id: `s${sequence}`,
  sequence,
  locationId: `loc-${city}`,
  type,
  locationName: `${city} dock`,
  address: "1 Dock St",
  city,
  state: "WI",
  postalCode: "",
  appointmentKind: "appointment" as const,
  scheduledAt: "2026-12-01T14:00:00.000Z",
  scheduledEnd: null,
  contactName: "",
  contactPhone: "",
  referenceNumber: `REF-${sequence}`,
  poNumber: "",
  arrivedAt: "2026-12-01T14:00:00.000Z",
  doneAt: null,
  departedAt: null,
  detentionMinutes: null,
  detentionAmount: null,
  detentionStatus: null,
});
const load = {
  loadNumber: "LD-1",
  description: "Paper rolls",
  weightLbs: 40000,
  equipmentType: "dry_van",
  commodity: "Paper",
  tempMinF: null,
  tempMaxF: null,
  pieceCount: null,
  palletCount: 20,
  poNumber: "PO-1",
  bolNumber: "BOL-1",
  stops: [stop(1, "pickup", "Green Bay"), stop(2, "pickup", "Appleton"), stop(3, "delivery", "Chicago")],
  baseRate: "1200.00",
  fuelSurcharge: "100.00",
  lumperFee: "50.00",
  detention: "75.00",
  otherCharges: null,
  customerRate: "1500.00",
  loadedMiles: 210,
  customerId: "c1",
  driverId: "d1",
  vehicleId: "v1",
  trailerId: "t1",
  fuelUsedGallons: 30,
  payType: "fixed",
  payRate: "400.00",
  payFromDriverDefault: false,
  postedToBoard: false,
  notes: "Call ahead",
} as unknown as LoadDetail;

describe("duplicate and return loads (decision 034)", () => {
  it("a duplicate repeats the lane, freight, customer and rate, not the trip", () => {
    const copy = copyOfLoad(load, "duplicate");
    expect(copy.stops.map((s) => [s.type, s.city])).toEqual([
      ["pickup", "Green Bay"],
      ["pickup", "Appleton"],
      ["delivery", "Chicago"],
    ]);
    expect(copy.stops.every((s) => s.id === undefined && s.scheduledAt === "")).toBe(true);
    expect(copy).toMatchObject({
      loadNumber: "",
      customerId: "c1",
      baseRate: "1200.00",
      customerRate: "1500.00",
      poNumber: "PO-1",
      bolNumber: "",
      commodity: "Paper",
      palletCount: "20",
      driverId: null,
      detention: "",
      lumperFee: "",
      payType: "",
    });
    expect(copy.stops[0].referenceNumber).toBe("REF-1");
  });

  it("a return load reverses the stops and their roles, and is priced anew", () => {
    const back = copyOfLoad(load, "return");
    expect(back.stops.map((s) => [s.type, s.city])).toEqual([
      ["pickup", "Chicago"],
      ["delivery", "Appleton"],
      ["delivery", "Green Bay"],
    ]);
    expect(back.stops[0]).toMatchObject({ locationId: "loc-Chicago", referenceNumber: "" });
    expect(back).toMatchObject({ baseRate: "", customerRate: "", poNumber: "", customerId: "c1" });
    // The source is untouched.
    expect(load.stops[0].city).toBe("Green Bay");
  });
});
