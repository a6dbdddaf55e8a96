import { describe, expect, it } from "vitest";
import { monthsOf, quarterOf, reportQuerySchema, resolvePeriod } from "./reports.schema";

describe("report periods", () => {
  it("runs weeks Monday to Sunday and compares with the week before", () => {
    // 2026-11-29 is a Sunday.
    expect(resolvePeriod({ period: "this-week" }, "2026-11-29")).toEqual({
      preset: "this-week",
      from: "2026-11-23",
      to: "2026-11-29",
      previousFrom: "2026-11-16",
      previousTo: "2026-11-22",
      days: 7,
    });
  });

  it("takes whole calendar months, quarters and years, leap days included", () => {
    expect(resolvePeriod({ period: "this-month" }, "2024-03-15")).toMatchObject({
      from: "2024-03-01",
      to: "2024-03-31",
      previousFrom: "2024-02-01",
      previousTo: "2024-02-29",
    });
    expect(resolvePeriod({ period: "last-quarter" }, "2026-02-10")).toMatchObject({
      from: "2025-10-01",
      to: "2025-12-31",
      previousFrom: "2025-07-01",
      previousTo: "2025-09-30",
      days: 92,
    });
    expect(resolvePeriod({ period: "this-year" }, "2026-11-27")).toMatchObject({
      from: "2026-01-01",
      to: "2026-12-31",
      previousFrom: "2025-01-01",
      previousTo: "2025-12-31",
      days: 365,
    });
  });

  it("compares a custom range with as many days just before it", () => {
    expect(
      resolvePeriod({ period: "custom", from: "2026-03-10", to: "2026-03-19" }, "2026-11-27"),
    ).toMatchObject({
      previousFrom: "2026-02-28",
      previousTo: "2026-03-09",
      days: 10,
    });
  });

  it("names quarters and months", () => {
    expect(quarterOf("2026-07-01")).toBe("2026-Q3");
    expect(quarterOf("2026-12-31")).toBe("2026-Q4");
    expect(monthsOf("2026-01-15", "2026-03-02")).toEqual(["2026-01", "2026-02", "2026-03"]);
  });

  it("asks a custom range for both days, in order, at most ten years", () => {
    expect(reportQuerySchema.safeParse({ period: "custom", from: "2026-01-01" }).success).toBe(false);
    expect(
      reportQuerySchema.safeParse({ period: "custom", from: "2026-02-01", to: "2026-01-01" }).success,
    ).toBe(false);
    expect(
      reportQuerySchema.safeParse({ period: "custom", from: "2000-01-01", to: "2026-01-01" }).success,
    ).toBe(false);
    expect(
      reportQuerySchema.safeParse({ period: "custom", from: "2026-01-01", to: "2026-01-01" }).success,
    ).toBe(true);
  });
});
