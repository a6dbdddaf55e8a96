/**
 * Driver pay arithmetic, pure and exact (decision 025): pay periods as calendar days, a load's pay
 * line computed in integer cents with the one rounding rule — per line, half-up to the cent — and a
 * settlement's totals as sums of rounded lines.
 */

export const PAY_FREQUENCIES = ["weekly", "biweekly", "semimonthly", "monthly"] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

/** What a percentage pay rate is a percentage of. */
export const PERCENTAGE_BASES = ["line_haul", "line_haul_fuel", "total"] as const;
export type PercentageBase = (typeof PERCENTAGE_BASES)[number];

/** 0 = Sunday … 6 = Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * Every-two-weeks periods are counted from a fixed epoch so that they never depend on when someone
 * first generated one: the first period-end weekday on or after this day ends a period.
 */
export const BIWEEKLY_EPOCH = "2024-01-01";

export interface PeriodRule {
  frequency: PayFrequency;
  /** For weekly and every-two-weeks periods: the weekday the period ends on. */
  endWeekday: number;
}

export interface PayPeriod {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => toDay(toMs(day) + n * DAY_MS);
const weekday = (day: string) => new Date(toMs(day)).getUTCDay();
const lastOfMonth = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();
const ymd = (y: number, m0: number, d: number) =>
  `${y}-${String(m0 + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** The pay period that holds `day` (YYYY-MM-DD). */
export function payPeriodOf(day: string, rule: PeriodRule): PayPeriod {
  const [y, m, d] = day.split("-").map(Number);
  switch (rule.frequency) {
    case "weekly": {
      const end = addDays(day, (rule.endWeekday - weekday(day) + 7) % 7);
      return { start: addDays(end, -6), end };
    }
    case "biweekly": {
      const epochEnd = addDays(BIWEEKLY_EPOCH, (rule.endWeekday - weekday(BIWEEKLY_EPOCH) + 7) % 7);
      let end = addDays(day, (rule.endWeekday - weekday(day) + 7) % 7);
      const weeks = Math.round((toMs(end) - toMs(epochEnd)) / (7 * DAY_MS));
      if (((weeks % 2) + 2) % 2 === 1) end = addDays(end, 7);
      return { start: addDays(end, -13), end };
    }
    case "semimonthly":
      return d <= 15
        ? { start: ymd(y, m - 1, 1), end: ymd(y, m - 1, 15) }
        : { start: ymd(y, m - 1, 16), end: ymd(y, m - 1, lastOfMonth(y, m - 1)) };
    case "monthly":
      return { start: ymd(y, m - 1, 1), end: ymd(y, m - 1, lastOfMonth(y, m - 1)) };
  }
}

/** The period before `period`. */
export const previousPeriod = (period: PayPeriod, rule: PeriodRule) =>
  payPeriodOf(addDays(period.start, -1), rule);
/** The period after `period`. */
export const nextPeriod = (period: PayPeriod, rule: PeriodRule) => payPeriodOf(addDays(period.end, 1), rule);

/** Whether `period` is exactly one period of the rule (what an API caller may ask to generate). */
export function isPeriodOf(period: PayPeriod, rule: PeriodRule): boolean {
  const own = payPeriodOf(period.start, rule);
  return own.start === period.start && own.end === period.end;
}

// ---- Cents: integers, never floats

/** "1234.5" → 123450n. Accepts an optional leading minus. */
export function cents(value: string): bigint {
  const trimmed = value.trim();
  const negative = trimmed.startsWith("-");
  const [whole, frac = ""] = trimmed.replace("-", "").split(".");
  const abs = BigInt(whole || "0") * 100n + BigInt(`${frac}00`.slice(0, 2));
  return negative ? -abs : abs;
}

/** 123450n → "1234.50". */
export function money(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** numerator / denominator rounded half-up (away from zero at exactly one half). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** Tenths of a mile from a miles figure with at most one decimal (loads store numeric(10,1)). */
export function tenthsOfMile(miles: number | string): bigint {
  const [whole, frac = ""] = String(miles).split(".");
  return BigInt(whole || "0") * 10n + BigInt(`${frac}0`.slice(0, 1));
}

export type PayType = "percentage" | "fixed" | "per_mile";

export interface LoadPayInput {
  payType: PayType;
  /** Percent (25.00), dollars (850.00) or dollars per mile (0.62), as stored. */
  payRate: string;
  /** The load's base rate: line haul including any fuel surcharge. */
  baseRate: string;
  /** The part of the base rate that is fuel surcharge. */
  fuelSurcharge: string | null;
  total: string;
  loadedMiles: number | string | null;
  percentageBase: PercentageBase;
}

export interface LoadPay {
  /** The pay, rounded once, half-up to the cent. */
  amount: string;
  /** What the percentage was taken of (percentage pay only). */
  baseAmount: string | null;
  /** The miles paid (per-mile pay only). */
  miles: string | null;
}

/** The base a percentage applies to, under the company's choice. */
export function percentageBaseAmount(
  input: Pick<LoadPayInput, "baseRate" | "fuelSurcharge" | "total">,
  base: PercentageBase,
): bigint {
  const baseRate = cents(input.baseRate);
  if (base === "line_haul") {
    const lineHaul = baseRate - cents(input.fuelSurcharge ?? "0");
    return lineHaul > 0n ? lineHaul : 0n;
  }
  if (base === "line_haul_fuel") return baseRate;
  return cents(input.total);
}

/**
 * A load's pay: a percentage of the chosen base, a fixed amount, or a rate per loaded mile. Every
 * product is formed exactly (cents × hundredths of a percent, cents × tenths of a mile) and divided
 * once, half-up.
 */
export function loadPay(input: LoadPayInput): LoadPay {
  const rate = cents(input.payRate);
  if (input.payType === "fixed") return { amount: money(rate), baseAmount: null, miles: null };
  if (input.payType === "percentage") {
    const base = percentageBaseAmount(input, input.percentageBase);
    // rate is the percent in hundredths (25.00 % → 2500): base × rate / 10 000.
    return { amount: money(divideHalfUp(base * rate, 10_000n)), baseAmount: money(base), miles: null };
  }
  const tenths = tenthsOfMile(input.loadedMiles ?? 0);
  return {
    amount: money(divideHalfUp(rate * tenths, 10n)),
    baseAmount: null,
    miles: `${tenths / 10n}.${tenths % 10n}`,
  };
}

/** The sum of decimal strings, exactly. */
export const sumMoney = (values: readonly string[]) => money(values.reduce((s, v) => s + cents(v), 0n));

// ---- A settlement's figures from its lines

/** What the figures need of a line: amounts as stored (the carry-forward line's is negative). */
export interface PayLine {
  section: "earning" | "addition" | "deduction";
  kind: string;
  amount: string;
}

export interface SettlementFigures {
  earnings: string;
  additions: string;
  /** Earnings + additions: what the driver earned this period. A carry-forward is never part of it. */
  gross: string;
  /** Every deduction due this period (the carry-forward line aside). */
  deductionsDue: string;
  /**
   * The deductions this settlement cannot take without paying below zero: carried to the driver's
   * next settlement, which deducts them (`carried_over`). Zero when gross covers every deduction.
   */
  carriedForward: string;
  /** What this settlement deducts: deductions due less what is carried forward. */
  deductions: string;
  /** Gross − deductions; never below zero. */
  net: string;
}

/** The line a settlement keeps for what it carries forward: a negative deduction, so sums stay sums. */
export const CARRY_FORWARD_KIND = "carry_forward";

/**
 * A settlement's figures (decision 025): sums of its rounded lines, in cents. When the deductions
 * due exceed gross, the excess is carried to the next period as a deduction — recorded on this
 * settlement as a negative deduction line (`carry_forward`, amount −excess) so that the deductions
 * section still sums to what is deducted — and the net is zero. The carry is never an addition:
 * gross, the year's gross and 1099 box 1 never include it. Any existing carry line in `lines` is
 * ignored (it is recomputed).
 */
export function settlementFigures(lines: readonly PayLine[]): SettlementFigures {
  let earnings = 0n;
  let additions = 0n;
  let due = 0n;
  for (const l of lines) {
    if (l.kind === CARRY_FORWARD_KIND) continue;
    if (l.section === "earning") earnings += cents(l.amount);
    else if (l.section === "addition") additions += cents(l.amount);
    else due += cents(l.amount);
  }
  const gross = earnings + additions;
  const carried = due > gross ? due - gross : 0n;
  const deductions = due - carried;
  return {
    earnings: money(earnings),
    additions: money(additions),
    gross: money(gross),
    deductionsDue: money(due),
    carriedForward: money(carried),
    deductions: money(deductions),
    net: money(gross - deductions),
  };
}

/**
 * What a line does to the net, signed: + for earnings and additions, − for deductions, and + for
 * the carry-forward (a deduction handed on to the next settlement). Statements print it this way.
 */
export function lineEffect(line: PayLine): string {
  const amount = cents(line.amount);
  return money(line.section === "deduction" ? -amount : amount);
}
