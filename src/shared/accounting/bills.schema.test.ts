import { describe, expect, it } from "vitest";
import { billInputSchema, daysBetween, nthDueDate } from "./bills.schema";

describe("a subscription's calendar", () => {
  it("keeps the first due date's day, or the month's last day when the month is shorter", () => {
    expect([0, 1, 2, 3].map((n) => nthDueDate("2026-01-31", "monthly", n))).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    expect(nthDueDate("2028-02-29", "yearly", 1)).toBe("2029-02-28");
    expect(nthDueDate("2028-02-29", "yearly", 4)).toBe("2032-02-29");
    expect(nthDueDate("2026-11-30", "quarterly", 1)).toBe("2027-02-28");
    expect(nthDueDate("2026-12-28", "weekly", 1)).toBe("2027-01-04");
    // Counting back (the demo's history): eleven months before 2026-12-05.
    expect(nthDueDate("2026-12-05", "monthly", -11)).toBe("2026-01-05");
  });

  it("counts days across a month and a year", () => {
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(daysBetween("2026-03-01", "2026-02-27")).toBe(-2);
  });

  it("asks a subscription how often it repeats, and forgets the frequency of a one-time bill", () => {
    const base = { name: "Insurance", serviceType: "insurance", amount: "100", dueDate: "2026-12-01" };
    const sub = billInputSchema.safeParse({ ...base, billType: "subscription" });
    expect(sub.error?.issues.map((i) => i.message)).toEqual(["Choose how often a subscription repeats."]);
    const once = billInputSchema.parse({ ...base, billType: "one_time", frequency: "monthly" });
    expect(once.frequency).toBeNull();
    expect(once.amount).toBe("100.00");
  });
});
