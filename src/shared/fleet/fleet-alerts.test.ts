import { describe, expect, it } from "vitest";
import { inspectionDueState, vehicleExpiryAlerts } from "./fleet-alerts";
import { scheduleDue, vehicleMaintenanceStatus } from "./maintenance-status";
import { VIN_PATTERN, vinCheckDigitMatches, vinSchema } from "./vehicles.schema";

const today = "2026-03-10";

describe("plate and insurance expiry warnings", () => {
  const alerts = (plateExpiresOn: string | null, insuranceExpiresOn: string | null = null) =>
    vehicleExpiryAlerts({ plateExpiresOn, insuranceExpiresOn }, today);

  it("says expires today on the day itself", () => {
    expect(alerts(today)).toEqual([{ kind: "plate", date: today, state: { kind: "today", days: 0 } }]);
  });

  it("counts the days up to the end of the 30-day window, and is quiet after it", () => {
    expect(alerts("2026-03-11")[0].state).toEqual({ kind: "soon", days: 1 });
    expect(alerts("2026-04-09")[0].state).toEqual({ kind: "soon", days: 30 });
    expect(alerts("2026-04-10")).toEqual([]);
  });

  it("flags an expired date with how long ago, for plate and insurance alike", () => {
    const out = alerts("2026-03-09", "2026-02-08");
    expect(out.map((a) => [a.kind, a.state])).toEqual([
      ["plate", { kind: "expired", days: 1 }],
      ["insurance", { kind: "expired", days: 30 }],
    ]);
  });

  it("has nothing to say without a date", () => {
    expect(alerts(null, null)).toEqual([]);
  });

  it("flags a trailer's next inspection when it is due within 30 days or past", () => {
    expect(inspectionDueState("2026-03-09", today)).toEqual({ kind: "expired", days: 1 });
    expect(inspectionDueState(today, today)).toEqual({ kind: "today", days: 0 });
    expect(inspectionDueState("2026-04-09", today)).toEqual({ kind: "soon", days: 30 });
    expect(inspectionDueState("2026-04-10", today)).toBeNull();
    expect(inspectionDueState(null, today)).toBeNull();
  });
});

describe("computed maintenance status", () => {
  const byDays = (lastServiceDate: string) =>
    scheduleDue(
      { intervalDays: 90, intervalMiles: null, lastServiceDate, lastServiceOdometer: null },
      today,
      0,
    );
  const byMiles = (odometer: number) =>
    scheduleDue(
      { intervalDays: null, intervalMiles: 15_000, lastServiceDate: null, lastServiceOdometer: 100_000 },
      today,
      odometer,
    );

  it("by date: good until 14 days before, due through the due day, overdue the day after", () => {
    // due date = last + 90 days
    expect(byDays("2025-12-25")).toMatchObject({ dueDate: "2026-03-25", daysLeft: 15, status: "good" });
    expect(byDays("2025-12-24")).toMatchObject({ daysLeft: 14, status: "due" });
    expect(byDays("2025-12-10")).toMatchObject({ dueDate: today, daysLeft: 0, status: "due" });
    expect(byDays("2025-12-09")).toMatchObject({ daysLeft: -1, status: "overdue" });
  });

  it("by miles: good until 1,000 miles before, due up to the due reading, overdue past it", () => {
    expect(byMiles(113_999)).toMatchObject({ dueOdometer: 115_000, milesLeft: 1001, status: "good" });
    expect(byMiles(114_000)).toMatchObject({ milesLeft: 1000, status: "due" });
    expect(byMiles(115_000)).toMatchObject({ milesLeft: 0, status: "due" });
    expect(byMiles(115_001)).toMatchObject({ milesLeft: -1, status: "overdue" });
  });

  it("takes the worse of miles and days, and of all schedules", () => {
    const both = {
      intervalDays: 365,
      intervalMiles: 15_000,
      lastServiceDate: "2026-01-01",
      lastServiceOdometer: 100_000,
    };
    expect(scheduleDue(both, today, 116_000).status).toBe("overdue");
    expect(
      vehicleMaintenanceStatus(
        [
          both,
          { intervalDays: 30, intervalMiles: null, lastServiceDate: "2026-02-20", lastServiceOdometer: null },
        ],
        today,
        101_000,
      ),
    ).toBe("due");
    expect(vehicleMaintenanceStatus([both], today, 101_000)).toBe("good");
  });

  it("is at least due with an open item or a schedule never serviced", () => {
    expect(vehicleMaintenanceStatus([], today, 0)).toBe("good");
    expect(vehicleMaintenanceStatus([], today, 0, 1)).toBe("due");
    expect(
      vehicleMaintenanceStatus(
        [{ intervalDays: 30, intervalMiles: null, lastServiceDate: null, lastServiceOdometer: null }],
        today,
        0,
      ),
    ).toBe("due");
  });
});

describe("VIN rules", () => {
  it("accepts 17 characters without I, O or Q, upper-casing them", () => {
    expect(vinSchema.parse(" 1m1an4gy9mm021606 ")).toBe("1M1AN4GY9MM021606");
    expect(vinSchema.parse("")).toBeNull();
    expect(VIN_PATTERN.test("1M1AN4GY9MM02160O")).toBe(false);
  });

  it("refuses a wrong length or a forbidden letter with a field message", () => {
    const short = vinSchema.safeParse("1M1AN4GY9MM02160");
    expect(short.success).toBe(false);
    expect(short.error?.issues[0].message).toBe("A VIN has exactly 17 characters.");
    const letters = vinSchema.safeParse("1M1AN4GY9MM02I606");
    expect(letters.error?.issues[0].message).toBe(
      "A VIN uses only digits and letters other than I, O and Q.",
    );
  });

  it("checks the North American check digit as a hint", () => {
    expect(vinCheckDigitMatches("1M8GDM9AXKP042788")).toBe(true);
    expect(vinCheckDigitMatches("1M8GDM9A1KP042788")).toBe(false);
  });
});
