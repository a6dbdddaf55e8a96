import { STATE_MILES_SOURCES } from "@shared/loads/miles.constants";
import {
  IFTA_PLAUSIBLE_MPG,
  quarterOf,
  type ReportNote,
  type ReportSection,
} from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import { dayAfter, dayStart } from "../../platform/company-day";
import {
  chart,
  column,
  figure,
  link,
  money,
  note,
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

/** Gallons × a rate per gallon, to the cent, half away from zero, in exact thousandths (cents). */
function taxOf(gallons: string, rate: string): bigint {
  const product = milli(gallons) * BigInt(Math.round(Number(rate) * 10_000)); // gallons×1000 × rate×10000
  const sign = product < 0n ? -1n : 1n;
  const abs = product < 0n ? -product : product;
  return sign * ((abs + 50_000n) / 100_000n); // to cents: ÷ (1000 × 10000 ÷ 100)
}

/**
 * IFTA (issues 15, 38 and 40), as the quarterly return reads: miles by jurisdiction from the loads'
 * state miles, loaded and empty legs, each from its best source (recorded > GPS > routed >
 * estimated; a table says how many came from each, a warning when any are estimated) (loads on
 * the road or delivered, by first pickup); tax-paid gallons = fuel bought there
 * (diesel and gasoline, not DEF, from the fuel log); the fleet's MPG = all miles ÷ all tax-paid
 * gallons (two decimals, as the return does); taxable gallons = the jurisdiction's miles ÷ fleet MPG;
 * tax due = taxable gallons × the quarter's rate, tax paid = tax-paid gallons × rate (each to the
 * cent, half away from zero), net tax = due − paid (positive: owed; negative: a credit). The quarter
 * is the period's first day's.
 *
 * Nothing is called final while a jurisdiction has no rate (or miles were driven with no fuel
 * bought, so there is no MPG): the tax figures and totals say "incomplete" instead of a partial sum,
 * and a warning names the jurisdictions; a fleet MPG outside `IFTA_PLAUSIBLE_MPG` is warned about
 * too (the fuel log or the state miles are wrong or missing).
 */
export async function iftaReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { period, timeZone } = ctx;
  const start = dayStart(period.from, timeZone);
  const end = dayAfter(period.to, timeZone);
  const quarter = quarterOf(period.from);
  // Each load's leg (loaded and empty: both are driven, both are taxable) counts once, from its best
  // source: recorded > gps > routed > estimated (issue 40, decision 051). Miles a person recorded count
  // as they did before (any load not cancelled); GPS miles once the load is on the road; computed miles
  // once it is delivered: planned miles are not driven miles.
  const best = sql`with best as (
      select m.load_id, m.leg, m.jurisdiction, m.miles, m.source,
             rank() over (partition by m.load_id, m.leg order by case m.source
               when 'recorded' then 0 when 'gps' then 1 when 'routed' then 2 else 3 end) as r
        from load_jurisdiction_miles m join loads l on l.id = m.load_id
       where l.pickup_at >= ${start} and l.pickup_at < ${end}
         and l.status <> 'cancelled'
         and (m.source = 'recorded' or l.status = 'completed' or (l.status = 'in_progress' and m.source = 'gps')))`;
  // Or the daily sums of the same (decision 066): a load lies in one day, so its loads add up.
  const days = sql`day between ${period.from}::date and ${period.to}::date`;
  const [miles, sources, fuel, rates, unallocated] = await Promise.all([
    rows<{ jurisdiction: string; miles: string; loads: number }>(
      ctx.db,
      ctx.rollups
        ? sql`select key as jurisdiction, sum(miles)::text as miles, sum(loads)::int as loads
              from ifta_day_totals where kind = 'jurisdiction' and ${days} group by 1 having sum(loads) <> 0`
        : sql`${best} select jurisdiction, sum(miles)::text as miles, count(distinct load_id)::int as loads
              from best where r = 1 group by 1`,
    ),
    rows<{ source: string; miles: string; loads: number }>(
      ctx.db,
      ctx.rollups
        ? sql`select key as source, sum(miles)::text as miles, sum(loads)::int as loads
              from ifta_day_totals where kind = 'source' and ${days} group by 1 having sum(loads) <> 0`
        : sql`${best} select source, sum(miles)::text as miles, count(distinct load_id)::int as loads
              from best where r = 1 group by 1`,
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
    // Delivered or moving loads with no state miles at all (recorded, GPS or computed): a stop that
    // could not be placed, or history typed by hand. The return is incomplete.
    rows<{ loads: number }>(
      ctx.db,
      ctx.rollups
        ? sql`select coalesce(sum(loads), 0)::int as loads from ifta_day_totals where kind = 'unallocated' and ${days}`
        : sql`select count(*)::int as loads
          from loads l
          where l.status in ('in_progress', 'completed') and l.pickup_at >= ${start} and l.pickup_at < ${end}
            and not exists (select 1 from load_jurisdiction_miles m where m.load_id = l.id and m.leg = 'loaded')`,
    ),
  ]);

  const totalMiles = miles.reduce((s, m) => s + milli(m.miles), 0n);
  const totalGallons = fuel.reduce((s, f) => s + milli(f.gallons), 0n);
  // No miles yet (the first days of a period, fuel bought for a load still on the road): no MPG to
  // state, and nothing taxable yet — not an implausible 0.00.
  const mpg = totalMiles > 0n ? ratio(fromMilli(totalMiles, 3), fromMilli(totalGallons, 3), 2) : null;
  const jurisdictions = [
    ...new Set([...miles.map((m) => m.jurisdiction), ...fuel.map((f) => f.jurisdiction)]),
  ].sort();
  const rateOf = (j: string) => rates.find((r) => r.jurisdiction === j)?.rate ?? null;
  const withoutRate = jurisdictions.filter((j) => rateOf(j) === null);
  // Miles with no fuel bought: no fleet MPG, so no taxable gallons — a tax of 0.00 would be a guess.
  const noMpg = totalMiles > 0n && mpg === null;
  const incomplete = withoutRate.length
    ? note("iftaIncomplete", { count: [withoutRate.length, "count"] })
    : noMpg
      ? note("iftaNoMpg")
      : null;

  let taxableTotal = 0n;
  let taxDue = 0n;
  let taxPaid = 0n;
  const lines = jurisdictions.map((j) => {
    const jMiles = fromMilli(milli(miles.find((x) => x.jurisdiction === j)?.miles), 3);
    const paidGallons = fromMilli(milli(fuel.find((x) => x.jurisdiction === j)?.gallons), 3);
    const taxable = totalMiles === 0n ? "0.00" : mpg ? ratio(jMiles, mpg, 2) : null;
    taxableTotal += milli(taxable);
    const net = taxable === null ? null : fromMilli(milli(taxable) - milli(paidGallons), 3);
    const rate = rateOf(j);
    const due = taxable !== null && rate !== null ? taxOf(taxable, rate) : null;
    const paid = rate !== null ? taxOf(paidGallons, rate) : null;
    if (due !== null) taxDue += due;
    if (paid !== null) taxPaid += paid;
    return row(
      "text",
      j,
      [
        fromMilli(milli(jMiles)),
        taxable,
        paidGallons,
        net,
        rate,
        due === null ? null : money(due),
        paid === null ? null : money(paid),
        due === null || paid === null ? null : money(due - paid),
      ],
      link("/fleet/fuel", { from: period.from, to: period.to, state: j }),
    );
  });

  const warnings: ReportNote[] = [];
  if (withoutRate.length)
    warnings.push(
      note("iftaMissingRates", {
        count: [withoutRate.length, "count"],
        quarter: [quarter, "text"],
        jurisdictions: [withoutRate.join(", "), "text"],
      }),
    );
  if (noMpg) warnings.push(note("iftaNoFuel"));
  // Where the miles come from: the offline estimate is a great-circle guess, said plainly.
  const sourceOf = (k: string) => sources.find((x) => x.source === k);
  const estimated = sourceOf("estimated");
  if (estimated && milli(estimated.miles) > 0n)
    warnings.push(
      note("iftaEstimatedMiles", {
        miles: [fromMilli(milli(estimated.miles)), "miles"],
        count: [estimated.loads, "count"],
      }),
    );
  const gps = sourceOf("gps");
  if (gps && milli(gps.miles) > 0n)
    warnings.push(
      note("iftaGpsMiles", { miles: [fromMilli(milli(gps.miles)), "miles"], count: [gps.loads, "count"] }),
    );
  if (mpg !== null && (Number(mpg) < IFTA_PLAUSIBLE_MPG.min || Number(mpg) > IFTA_PLAUSIBLE_MPG.max))
    warnings.push(
      note("iftaImplausibleMpg", {
        mpg: [mpg, "mpg"],
        min: [IFTA_PLAUSIBLE_MPG.min, "number"],
        max: [IFTA_PLAUSIBLE_MPG.max, "number"],
      }),
    );

  const fuelLink = link("/fleet/fuel", { from: period.from, to: period.to });
  const figures = [
    figure("iftaMiles", "miles", fromMilli(totalMiles), null, {
      link: link("/operations/loads", { from: period.from, to: period.to }),
      higherIsBetter: null,
    }),
    figure("taxableGallons", "gallons", mpg || totalMiles === 0n ? fromMilli(taxableTotal, 3) : null, null, {
      higherIsBetter: null,
    }),
    figure("taxPaidGallons", "gallons", fromMilli(totalGallons, 3), null, {
      link: fuelLink,
      higherIsBetter: null,
    }),
    figure("fleetMpg", "mpg", mpg, null, { higherIsBetter: true }),
    figure("taxDue", "money", money(taxDue), null, { higherIsBetter: false, incomplete }),
    figure("taxPaid", "money", money(taxPaid), null, { higherIsBetter: null, incomplete }),
    figure("netTax", "money", money(taxDue - taxPaid), null, { higherIsBetter: false, incomplete }),
    figure("unallocatedLoads", "count", unallocated[0]?.loads ?? 0, null, {
      link: link("/operations/loads", { from: period.from, to: period.to, status: "completed" }),
      higherIsBetter: false,
    }),
    figure("missingRates", "count", withoutRate.length, null, { higherIsBetter: false }),
  ];

  return [
    section("summary", { warnings, figures }),
    section("jurisdictions", {
      charts: [chart("iftaByJurisdiction", "bar", "iftaByJurisdiction", ["miles"])],
      tables: [
        table(
          "iftaByJurisdiction",
          "jurisdiction",
          [
            column("miles", "miles"),
            column("taxableGallons", "gallons"),
            column("taxPaidGallons", "gallons"),
            column("netTaxableGallons", "gallons"),
            column("taxRate", "rate"),
            column("taxDue", "money", undefined, incomplete),
            column("taxPaid", "money", undefined, incomplete),
            column("netTax", "money", undefined, incomplete),
          ],
          lines,
          { total: true },
        ),
      ],
    }),
    section("mileSources", {
      tables: [
        table(
          "iftaMileSources",
          "milesSource",
          [column("loads", "count"), column("miles", "miles")],
          STATE_MILES_SOURCES.filter((k) => sourceOf(k)).map((k) =>
            row("milesSource", k, [sourceOf(k)?.loads ?? 0, fromMilli(milli(sourceOf(k)?.miles))]),
          ),
          { total: true },
        ),
      ],
    }),
  ];
}
