import { quarterOf, type ReportSection } from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import { dayAfter, dayStart } from "../../platform/company-day";
import {
  chart,
  column,
  figure,
  link,
  money,
  type ReportContext,
  ratio,
  row,
  rows,
  section,
  table,
} from "./report-kit";

/** Thousandths as bigint, for exact gallon and mile sums. */
const milli = (v: string | null | undefined) => {
  if (!v) return 0n;
  const negative = v.startsWith("-");
  const [w, f = ""] = (negative ? v.slice(1) : v).split(".");
  const m = BigInt(w || "0") * 1000n + BigInt(`${f}000`.slice(0, 3));
  return negative ? -m : m;
};
const fromMilli = (m: bigint, places: 1 | 3 = 1) => {
  const negative = m < 0n;
  const abs = negative ? -m : m;
  const full = `${abs / 1000n}.${(abs % 1000n).toString().padStart(3, "0")}`;
  return `${negative ? "-" : ""}${places === 3 ? full : full.slice(0, -2)}`;
};

/**
 * IFTA (issue 15): miles by jurisdiction from the loads' recorded state miles (loads by first
 * pickup, not cancelled), taxable fuel (diesel and gasoline, not DEF) by the fuel log's
 * jurisdictions, the fleet's MPG (rounded to two decimals, as the return does), taxable gallons =
 * miles ÷ MPG, net taxable = taxable − tax-paid gallons, and the tax at the quarter's rates the user
 * entered (rounded to the cent, half away from zero). The quarter is the period's first day's.
 */
export async function iftaReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { period, timeZone } = ctx;
  const start = dayStart(period.from, timeZone);
  const end = dayAfter(period.to, timeZone);
  const quarter = quarterOf(period.from);
  const [miles, fuel, rates, unallocated] = await Promise.all([
    rows<{ jurisdiction: string; miles: string; loads: number }>(
      ctx.db,
      sql`select m.jurisdiction, sum(m.miles)::text as miles, count(distinct m.load_id)::int as loads
          from load_jurisdiction_miles m join loads l on l.id = m.load_id
          where l.status <> 'cancelled' and l.pickup_at >= ${start} and l.pickup_at < ${end}
          group by 1`,
    ),
    rows<{ jurisdiction: string; gallons: string; purchases: number }>(
      ctx.db,
      sql`select state as jurisdiction, sum(gallons)::text as gallons, count(*)::int as purchases
          from fuel_entries
          where fuel_type <> 'def' and fueled_at >= ${start} and fueled_at < ${end}
          group by 1`,
    ),
    rows<{ jurisdiction: string; rate: string }>(
      ctx.db,
      sql`select jurisdiction, rate::text as rate from ifta_tax_rates where quarter = ${quarter}`,
    ),
    // Delivered or moving loads with miles but no state miles recorded: the return is incomplete.
    rows<{ loads: number; miles: string }>(
      ctx.db,
      sql`select count(*)::int as loads, coalesce(sum(l.loaded_miles), 0)::text as miles
          from loads l
          where l.status in ('in_progress', 'completed') and l.pickup_at >= ${start} and l.pickup_at < ${end}
            and not exists (select 1 from load_jurisdiction_miles m where m.load_id = l.id)`,
    ),
  ]);

  const totalMiles = miles.reduce((s, m) => s + milli(m.miles), 0n);
  const totalGallons = fuel.reduce((s, f) => s + milli(f.gallons), 0n);
  const mpg = ratio(fromMilli(totalMiles, 3), fromMilli(totalGallons, 3), 2);
  const jurisdictions = [
    ...new Set([...miles.map((m) => m.jurisdiction), ...fuel.map((f) => f.jurisdiction)]),
  ].sort();
  let taxDue = 0n;
  let missingRates = 0;
  const lines = jurisdictions.map((j) => {
    const m = miles.find((x) => x.jurisdiction === j);
    const g = fuel.find((x) => x.jurisdiction === j);
    const jMiles = fromMilli(milli(m?.miles), 3);
    const taxable = mpg ? ratio(jMiles, mpg, 2) : null;
    const paid = fromMilli(milli(g?.gallons), 3);
    const net = taxable === null ? null : (Number(taxable) - Number(paid)).toFixed(3);
    const rate = rates.find((r) => r.jurisdiction === j)?.rate ?? null;
    if (rate === null) missingRates++;
    // Tax = net taxable gallons × rate, to the cent (half away from zero) in exact thousandths.
    let tax: string | null = null;
    if (net !== null && rate !== null) {
      const product = milli(net) * BigInt(Math.round(Number(rate) * 10_000)); // gallons×1000 × rate×10000
      const sign = product < 0n ? -1n : 1n;
      const abs = product < 0n ? -product : product;
      const c = (abs + 50_000n) / 100_000n; // to cents: /(1000×10000/100)
      tax = money(sign * c);
      taxDue += sign * c;
    }
    return row(
      "text",
      j,
      [fromMilli(milli(m?.miles)), paid, taxable, net, rate, tax],
      link("/fleet/fuel", { from: period.from, to: period.to, state: j }),
    );
  });

  const figures = [
    figure("iftaMiles", "miles", fromMilli(totalMiles), null, {
      link: link("/operations/loads", { from: period.from, to: period.to }),
      higherIsBetter: null,
    }),
    figure("iftaGallons", "gallons", fromMilli(totalGallons, 3), null, {
      link: link("/fleet/fuel", { from: period.from, to: period.to }),
      higherIsBetter: null,
    }),
    figure("fleetMpg", "mpg", mpg, null, { higherIsBetter: true }),
    figure(
      "taxDue",
      "money",
      missingRates === jurisdictions.length && jurisdictions.length ? null : money(taxDue),
      null,
      {
        higherIsBetter: false,
      },
    ),
    figure("unallocatedLoads", "count", unallocated[0]?.loads ?? 0, null, {
      link: link("/operations/loads", { from: period.from, to: period.to, status: "completed" }),
      higherIsBetter: false,
    }),
    figure("missingRates", "count", missingRates, null, { higherIsBetter: false }),
  ];

  return [
    section("summary", { figures }),
    section("jurisdictions", {
      charts: [chart("iftaByJurisdiction", "bar", "iftaByJurisdiction", ["miles"])],
      tables: [
        table(
          "iftaByJurisdiction",
          "jurisdiction",
          [
            column("miles", "miles"),
            column("taxPaidGallons", "gallons"),
            column("taxableGallons", "gallons"),
            column("netTaxableGallons", "gallons"),
            column("taxRate", "rate"),
            column("tax", "money"),
          ],
          lines,
          { total: true },
        ),
      ],
    }),
  ];
}
