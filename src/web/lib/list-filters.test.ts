import { describe, expect, it } from "vitest";
import { chosenLabel, type FilterBinding } from "./list-filters";

const rows = [
  { vehicleId: "v1", vehicleLabel: "Truck 101", driverId: "d1", driverName: "Ana Ruiz" },
  { vehicleId: "v2", vehicleLabel: "Truck 102", driverId: null, driverName: null },
];
const bound = (
  filter: Record<string, string | undefined>,
  items: readonly object[] = rows,
): FilterBinding => ({
  filter,
  update: () => {},
  data: { items },
});

describe("a filter group's chosen truck or driver", () => {
  it("is named from the first row on screen that shows it", () => {
    expect(chosenLabel(bound({ vehicleId: "v2" }), "vehicle")).toBe("Truck 102");
    expect(chosenLabel(bound({ driverId: "d1" }), "driver")).toBe("Ana Ruiz");
  });

  it("falls back to the screen's word when no row on the page names it, and says nothing when none is chosen", () => {
    expect(chosenLabel(bound({ driverId: "d9" }), "driver", "Selected")).toBe("Selected");
    expect(chosenLabel(bound({ driverId: "d9" }), "driver")).toBeUndefined();
    expect(chosenLabel(bound({}), "driver", "Selected")).toBeUndefined();
  });

  it("takes the fallback for rows that carry the person under another shape (a settlement's driver)", () => {
    const settlements = [{ driver: { id: "d1", fullName: "Ana Ruiz" } }];
    expect(chosenLabel(bound({ driverId: "d1" }, settlements), "driver", "Ana Ruiz")).toBe("Ana Ruiz");
  });
});
