import { describe, expect, it } from "vitest";
import { fuelEntryFieldsSchema } from "./fuel.schema";

const fields = (overrides: Record<string, string> = {}) => ({
  vehicleId: "7d4c1f0e-2b1a-4c3d-9e8f-0a1b2c3d4e5f",
  fueledAt: new Date(Date.now() - 3_600_000).toISOString(),
  location: "Pilot #318, Gary",
  state: "IN",
  odometer: "412350",
  fuelType: "diesel",
  gallons: "112.5",
  pricePerGallon: "3.899",
  totalAmount: "438.64",
  ...overrides,
});
const messages = (input: Record<string, string>) => {
  const parsed = fuelEntryFieldsSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the fuel entry's amounts (issue 38, point 19)", () => {
  it("never say NaN: a malformed amount gets its own message and the total is not compared", () => {
    const typos: Record<string, string>[] = [
      { gallons: "abc" },
      { pricePerGallon: "abc" },
      { totalAmount: "abc" },
      { gallons: "1e5" },
    ];
    for (const typed of typos) {
      const found = messages(fields(typed));
      expect(JSON.stringify(found)).not.toContain("NaN");
      expect(Object.keys(found)).toEqual(Object.keys(typed));
    }
    expect(messages(fields({ gallons: "abc" }))).toEqual({ gallons: "Enter gallons like 112.5." });
  });

  it("still compare three good amounts", () => {
    expect(messages(fields())).toEqual({});
    expect(messages(fields({ totalAmount: "4386.40" }))).toEqual({
      totalAmount: "The total does not match gallons × price per gallon (about $438.64).",
    });
  });
});
