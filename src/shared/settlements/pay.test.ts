import { describe, expect, it } from "vitest";
import {
  divideHalfUp,
  isPeriodOf,
  lineEffect,
  loadPay,
  nextPeriod,
  payPeriodOf,
  previousPeriod,
  settlementFigures,
  sumMoney,
} from "./pay";

const load = { baseRate: "2000.00", fuelSurcharge: "300.00", total: "2225.50", loadedMiles: 925 };

describe("pay periods", () => {
  it("weekly periods end on the chosen weekday (2026-11-26 is a Thursday)", () => {
    expect(payPeriodOf("2026-11-26", { frequency: "weekly", endWeekday: 0 })).toEqual({
      start: "2026-11-23",
      end: "2026-11-29",
    });
    // Ending on Saturday; the end day itself is in its own period.
    expect(payPeriodOf("2026-11-28", { frequency: "weekly", endWeekday: 6 })).toEqual({
      start: "2026-11-22",
      end: "2026-11-28",
    });
    expect(payPeriodOf("2026-11-29", { frequency: "weekly", endWeekday: 6 })).toEqual({
      start: "2026-11-29",
      end: "2026-12-05",
    });
  });

  it("every two weeks counts from a fixed epoch, so neighbours alternate and never overlap", () => {
    const rule = { frequency: "biweekly", endWeekday: 0 } as const;
    // 2024-01-07 is the first Sunday on or after the epoch: it ends a period.
    expect(payPeriodOf("2024-01-07", rule)).toEqual({ start: "2023-12-25", end: "2024-01-07" });
    const a = payPeriodOf("2026-11-26", rule);
    const b = nextPeriod(a, rule);
    expect(b.start).toBe(new Date(Date.parse(`${a.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
    expect(previousPeriod(b, rule)).toEqual(a);
    // 2026-11-29 is 151 weeks after 2024-01-07: odd, so that Sunday is mid-period; the period ends 2026-12-06.
    expect(a).toEqual({ start: "2026-11-23", end: "2026-12-06" });
  });

  it("twice a month is 1–15 and 16–last day; monthly is the calendar month (leap years included)", () => {
    const semi = { frequency: "semimonthly", endWeekday: 0 } as const;
    expect(payPeriodOf("2028-02-15", semi)).toEqual({ start: "2028-02-01", end: "2028-02-15" });
    expect(payPeriodOf("2028-02-16", semi)).toEqual({ start: "2028-02-16", end: "2028-02-29" });
    expect(payPeriodOf("2026-02-20", { frequency: "monthly", endWeekday: 3 })).toEqual({
      start: "2026-02-01",
      end: "2026-02-28",
    });
  });

  it("only a whole period of the rule is a period", () => {
    const weekly = { frequency: "weekly", endWeekday: 0 } as const;
    expect(isPeriodOf({ start: "2026-11-23", end: "2026-11-29" }, weekly)).toBe(true);
    expect(isPeriodOf({ start: "2026-11-24", end: "2026-11-30" }, weekly)).toBe(false);
  });
});

describe("a load's pay, exact to the cent, rounded once half-up", () => {
  it("percentage of the total, of the line haul without fuel surcharge, or with it", () => {
    // 25 % of 2225.50 = 556.375 → 556.38 (half-up).
    expect(loadPay({ ...load, payType: "percentage", payRate: "25", percentageBase: "total" })).toEqual({
      amount: "556.38",
      baseAmount: "2225.50",
      miles: null,
    });
    // Line haul = base 2000.00 − FSC 300.00 = 1700.00; 25 % = 425.00.
    expect(
      loadPay({ ...load, payType: "percentage", payRate: "25.00", percentageBase: "line_haul" }).amount,
    ).toBe("425.00");
    // Line haul + FSC = the base rate, 2000.00; 25 % = 500.00.
    expect(
      loadPay({ ...load, payType: "percentage", payRate: "25.00", percentageBase: "line_haul_fuel" }).amount,
    ).toBe("500.00");
    // 33.33 % of 1000.05 = 333.316665 → 333.32.
    expect(
      loadPay({ ...load, total: "1000.05", payType: "percentage", payRate: "33.33", percentageBase: "total" })
        .amount,
    ).toBe("333.32");
  });

  it("fixed pays the amount; per mile multiplies the loaded miles without float error", () => {
    expect(loadPay({ ...load, payType: "fixed", payRate: "850", percentageBase: "total" }).amount).toBe(
      "850.00",
    );
    // 0.62 × 1234.5 = 765.39 exactly.
    expect(
      loadPay({
        ...load,
        loadedMiles: 1234.5,
        payType: "per_mile",
        payRate: "0.62",
        percentageBase: "total",
      }),
    ).toEqual({ amount: "765.39", baseAmount: null, miles: "1234.5" });
    // 0.55 × 1234.3 = 678.865 → 678.87 (a float gives 678.8649999…).
    expect(
      loadPay({ ...load, loadedMiles: 1234.3, payType: "per_mile", payRate: "0.55", percentageBase: "total" })
        .amount,
    ).toBe("678.87");
    // No miles: nothing to pay per mile.
    expect(
      loadPay({ ...load, loadedMiles: null, payType: "per_mile", payRate: "0.55", percentageBase: "total" })
        .amount,
    ).toBe("0.00");
  });

  it("rounds half-up (away from zero) and sums rounded lines", () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(sumMoney(["556.38", "425.00", "0.01", "-100.50"])).toBe("880.89");
  });
});

describe("a settlement's figures", () => {
  const earning = (amount: string) => ({ section: "earning" as const, kind: "load", amount });
  const deduction = (amount: string, kind = "fuel_advance") => ({
    section: "deduction" as const,
    kind,
    amount,
  });

  it("a deduction larger than the settlement is carried forward as a deduction, never as gross", () => {
    // Hand-computed: 261.80 earned, a 100,000.00 fuel advance → 261.80 deducted now, 99,738.20 carried.
    expect(settlementFigures([earning("261.80"), deduction("100000.00")])).toEqual({
      earnings: "261.80",
      additions: "0.00",
      gross: "261.80",
      deductionsDue: "100000.00",
      carriedForward: "99738.20",
      deductions: "261.80",
      net: "0.00",
    });
  });

  it("ignores a carry line already there (it is recomputed) and carries nothing when gross covers it", () => {
    const lines = [
      earning("740.70"),
      { section: "addition" as const, kind: "detention", amount: "75.00" },
      deduction("120.40"),
      deduction("-300.00", "carry_forward"),
    ];
    // 740.70 + 75.00 − 120.40 = 695.30
    expect(settlementFigures(lines)).toMatchObject({
      gross: "815.70",
      deductions: "120.40",
      carriedForward: "0.00",
      net: "695.30",
    });
  });

  it("the line's effect on the net: deductions negative, the carry-forward positive", () => {
    expect(lineEffect(earning("261.80"))).toBe("261.80");
    expect(lineEffect(deduction("100000.00"))).toBe("-100000.00");
    expect(lineEffect(deduction("-99738.20", "carry_forward"))).toBe("99738.20");
  });
});
