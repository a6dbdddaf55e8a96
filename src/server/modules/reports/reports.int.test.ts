import { ROUTES } from "@shared/access";
import {
  addDays,
  REPORT_IDS,
  type Report,
  type ReportFigure,
  type ReportTable,
  resolvePeriod,
} from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import { matchPath } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customers,
  drivers,
  fuelEntries,
  invoicePayments,
  invoices,
  loadJurisdictionMiles,
  loads,
  transactions,
  vehicles,
} from "../../db/schema";
import { companyDay } from "../../platform/company-day";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { pdfText } from "../../testing/pdf-text";
import { rollupSpans, wholeMonths } from "./report-kit";
import { REPORT_BUILDERS } from "./reports.service";

/**
 * The reports against hand-computed figures on a small data set of their own, placed in 2020 where
 * the demo data never reaches. The company's time zone is America/Chicago (CST, UTC−6, until March 8, 2020, then CDT, UTC−5):
 * a load picked up at 23:30 on March 31 in Chicago is 04:30 UTC on April 1 and belongs to March.
 */
let ctx: TestContext;
let manager: string;
let dispatcher: string;
let truckId: string;
let driverId: string;
let customerId: string;
const load = {} as Record<"a" | "b" | "c" | "d" | "e" | "f", string>;

const MARCH = "period=custom&from=2020-03-01&to=2020-03-31";
const Q1 = "period=custom&from=2020-01-01&to=2020-03-31";
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(ctx, "manager@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  const db = ctx.deps.db;
  [{ id: truckId }] = await db
    .insert(vehicles)
    .values({ unitNumber: "RPT-1" })
    .returning({ id: vehicles.id });
  [{ id: driverId }] = await db
    .insert(drivers)
    .values({ fullName: "Report Driver" })
    .returning({ id: drivers.id });
  [{ id: customerId }] = await db
    .insert(customers)
    .values({ name: "Pat Payer", companyName: "Report Foods", email: "ap@reportfoods.test" })
    .returning({ id: customers.id });
  const base = { customerId, driverId, pickupCity: "Chicago", deliveryCity: "Columbus", baseRate: "0" };
  const rows = [
    // A: March 2 (10:00 CST) to March 4, delivered 90 minutes late, picked up on time.
    {
      key: "a",
      status: "completed" as const,
      totalRate: "1000.00",
      loadedMiles: 500,
      vehicleId: truckId,
      pickupState: "IL",
      deliveryState: "OH",
      pickupAt: at("2020-03-02T16:00:00Z"),
      deliveryAt: at("2020-03-04T21:00:00Z"),
      startedAt: at("2020-03-02T16:30:00Z"),
      deliveredAt: at("2020-03-04T22:30:00Z"),
    },
    // B: on the road, picked up March 4 at 20:00 CST (two hours late), the truck's day 4 again.
    {
      key: "b",
      status: "in_progress" as const,
      totalRate: "250.50",
      loadedMiles: null,
      vehicleId: truckId,
      pickupState: "IL",
      deliveryState: "IL",
      pickupAt: at("2020-03-05T02:00:00Z"),
      deliveryAt: at("2020-03-05T14:00:00Z"),
      startedAt: at("2020-03-05T04:00:00Z"),
      deliveredAt: null,
    },
    // C: cancelled — in no revenue, mile or utilisation figure.
    {
      key: "c",
      status: "cancelled" as const,
      totalRate: "999.00",
      loadedMiles: 100,
      vehicleId: truckId,
      pickupState: "IL",
      deliveryState: "IL",
      pickupAt: at("2020-03-10T16:00:00Z"),
      deliveryAt: at("2020-03-11T16:00:00Z"),
      startedAt: null,
      deliveredAt: null,
    },
    // D: 23:30 CDT on March 31 (04:30 UTC April 1) — March's, in the company's days; on time both ends.
    {
      key: "d",
      status: "completed" as const,
      totalRate: "100.00",
      loadedMiles: 50,
      vehicleId: truckId,
      pickupState: "IL",
      deliveryState: "IL",
      pickupAt: at("2020-04-01T04:30:00Z"),
      deliveryAt: at("2020-04-01T10:30:00Z"),
      startedAt: at("2020-04-01T04:45:00Z"),
      deliveredAt: at("2020-04-01T11:00:00Z"),
    },
    // E: February 15, the previous period's.
    {
      key: "e",
      status: "completed" as const,
      totalRate: "400.00",
      loadedMiles: 200,
      vehicleId: truckId,
      pickupState: "WI",
      deliveryState: "WI",
      pickupAt: at("2020-02-15T18:00:00Z"),
      deliveryAt: at("2020-02-15T23:00:00Z"),
      startedAt: at("2020-02-15T18:00:00Z"),
      deliveredAt: at("2020-02-15T23:00:00Z"),
    },
    // F: 05:30 UTC on March 1 is 23:30 CST on February 29: the previous period's. No truck, no state miles.
    {
      key: "f",
      status: "completed" as const,
      totalRate: "60.00",
      loadedMiles: 10,
      vehicleId: null,
      pickupState: "IL",
      deliveryState: "IL",
      pickupAt: at("2020-03-01T05:30:00Z"),
      deliveryAt: at("2020-03-01T06:30:00Z"),
      startedAt: at("2020-03-01T05:30:00Z"),
      deliveredAt: at("2020-03-01T06:30:00Z"),
    },
  ];
  for (const { key, ...r } of rows) {
    const [row] = await db
      .insert(loads)
      .values({ ...base, ...r, loadNumber: `RPT-${key.toUpperCase()}` })
      .returning({ id: loads.id });
    load[key as keyof typeof load] = row.id;
  }

  // Billing: INV-R1 issued in March (600.00 still open, due in April); INV-R2 issued in February,
  // paid in full on March 10 (29 days after issue).
  const [r1] = await db
    .insert(invoices)
    .values({
      invoiceNumber: "INV-R1",
      customerId,
      status: "sent",
      issueDate: "2020-03-05",
      dueDate: "2020-04-04",
      paymentTermsDays: 30,
      billToCompany: "Report Foods",
      billToName: "Pat Payer",
      total: "1000.00",
      amountPaid: "400.00",
    })
    .returning({ id: invoices.id });
  const [r2] = await db
    .insert(invoices)
    .values({
      invoiceNumber: "INV-R2",
      customerId,
      status: "paid",
      issueDate: "2020-02-10",
      dueDate: "2020-03-11",
      paymentTermsDays: 30,
      billToCompany: "Report Foods",
      billToName: "Pat Payer",
      total: "460.00",
      amountPaid: "460.00",
      paidAt: at("2020-03-10T18:00:00Z"),
    })
    .returning({ id: invoices.id });
  await db.insert(invoicePayments).values([
    { invoiceId: r1.id, amount: "400.00", paidOn: "2020-03-20", method: "ach" },
    { invoiceId: r2.id, amount: "460.00", paidOn: "2020-03-10", method: "check" },
  ]);

  // The ledger: March income 400.00; March expenses 120.25 fuel (the truck) + 300.00 driver pay
  // (the driver) = 420.25; a voided 999.00 that counts nowhere; February's 50.00 fuel.
  await db.insert(transactions).values([
    { occurredOn: "2020-03-20", direction: "income", category: "freight_revenue", amount: "400.00" },
    {
      occurredOn: "2020-03-03",
      direction: "expense",
      category: "fuel",
      amount: "120.25",
      vehicleId: truckId,
    },
    { occurredOn: "2020-03-06", direction: "expense", category: "driver_pay", amount: "300.00", driverId },
    {
      occurredOn: "2020-03-07",
      direction: "expense",
      category: "maintenance",
      amount: "999.00",
      voidedAt: new Date(),
      voidKind: "by_user",
      voidReason: "entered twice",
    },
    { occurredOn: "2020-02-20", direction: "expense", category: "fuel", amount: "50.00", vehicleId: truckId },
  ]);

  // IFTA, 2020-Q1: A drove IL 300 + IN 200, D IL 50, E WI 200 (750 miles); fuel IL 80, IN 40.5, WI 20
  // gallons (140.5) and 5 gallons of DEF that is not taxable fuel.
  await db.insert(loadJurisdictionMiles).values([
    { loadId: load.a, jurisdiction: "IL", miles: "300.0" },
    { loadId: load.a, jurisdiction: "IN", miles: "200.0" },
    { loadId: load.d, jurisdiction: "IL", miles: "50.0" },
    { loadId: load.e, jurisdiction: "WI", miles: "200.0" },
  ]);
  const fuel = {
    driverId,
    vehicleId: truckId,
    location: "Truck stop",
    odometer: 1000,
    pricePerGallon: "2.500",
  };
  await db.insert(fuelEntries).values([
    {
      ...fuel,
      fueledAt: at("2020-03-02T20:00:00Z"),
      state: "IL",
      fuelType: "diesel",
      gallons: "80.000",
      totalAmount: "200.00",
    },
    {
      ...fuel,
      fueledAt: at("2020-03-03T20:00:00Z"),
      state: "IN",
      fuelType: "diesel",
      gallons: "40.500",
      totalAmount: "101.25",
    },
    {
      ...fuel,
      fueledAt: at("2020-02-15T20:00:00Z"),
      state: "WI",
      fuelType: "diesel",
      gallons: "20.000",
      totalAmount: "50.00",
    },
    {
      ...fuel,
      fueledAt: at("2020-03-02T20:05:00Z"),
      state: "IL",
      fuelType: "def",
      gallons: "5.000",
      totalAmount: "15.00",
    },
  ]);
});
afterAll(() => ctx.close());

async function report(id: string, query: string, cookie = manager): Promise<Report> {
  const res = await call(ctx, `/api/reports/${id}?${query}`, { cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as Report;
}
const figures = (r: Report) =>
  Object.fromEntries(r.sections.flatMap((s) => s.figures).map((f) => [f.key, f])) as Record<
    string,
    ReportFigure
  >;
const tableOf = (r: Report, key: string) => {
  const t = r.sections.flatMap((s) => s.tables).find((x) => x.key === key);
  if (!t) throw new Error(`no table ${key}`);
  return t;
};
/** A table as { label: { column: value } }. */
const cells = (t: ReportTable) =>
  Object.fromEntries(
    t.rows.map((r) => [r.label.value, Object.fromEntries(t.columns.map((c, i) => [c.key, r.values[i]]))]),
  );
const vp = (f: ReportFigure) => [f.value, f.previous];

describe("periods in the company's days", () => {
  it("compares a custom range with the same number of days just before it", async () => {
    const r = await report("overview", MARCH);
    expect(r.period).toMatchObject({
      from: "2020-03-01",
      to: "2020-03-31",
      previousFrom: "2020-01-30",
      previousTo: "2020-02-29",
      days: 31,
    });
    expect(r.timeZone).toBe("America/Chicago");
  });

  it("refuses a custom range without its days or backwards, with the spec-style message", async () => {
    const none = await call(ctx, "/api/reports/overview?period=custom", { cookie: manager });
    expect(none.status).toBe(400);
    const back = await call(ctx, "/api/reports/overview?period=custom&from=2020-03-31&to=2020-03-01", {
      cookie: manager,
    });
    expect(back.status).toBe(400);
    expect(JSON.stringify(back.json)).toContain("must not be after its last day");
  });
});

describe("fleet overview", () => {
  it("adds up March's loads by first pickup in Chicago time, cancelled left out", async () => {
    const f = figures(await report("overview", MARCH));
    // A 1000.00 + B 250.50 + D 100.00; previous: E 400.00 + F 60.00 (F is February 29 in Chicago).
    expect(vp(f.revenue)).toEqual(["1350.50", "460.00"]);
    expect(vp(f.loads)).toEqual(["3", "2"]);
    expect(vp(f.miles)).toEqual(["550", "210"]);
    // Revenue of the loads with miles ÷ their miles: 1100.00 / 550 = 2.00; 460.00 / 210 = 2.19.
    expect(vp(f.revenuePerMile)).toEqual(["2.00", "2.19"]);
    expect(f.revenue.link).toBe("/operations/loads?from=2020-03-01&to=2020-03-31");
  });

  it("counts loads by status, the cancelled one with its rate", async () => {
    const t = cells(tableOf(await report("overview", MARCH), "loadsByStatus"));
    expect(t.completed).toEqual({ loads: "2", revenue: "1100.00", previousLoads: "2" });
    expect(t.in_progress).toEqual({ loads: "1", revenue: "250.50", previousLoads: "0" });
    expect(t.cancelled).toEqual({ loads: "1", revenue: "999.00", previousLoads: "0" });
    expect(t.pending.loads).toBe("0");
  });

  it("counts a truck's days with a load once each, the 31st included, and its utilisation", async () => {
    const r = await report("overview", MARCH);
    const truck = cells(tableOf(r, "truckUtilisation"))["RPT-1"];
    // Days 2, 3, 4 (A), 4, 5 (B — day 4 counted once), 31 (D): 5 of 31 days = 16.1 %.
    expect(truck).toEqual({
      busyDays: "5",
      utilisation: "16.1",
      loads: "3",
      revenue: "1350.50",
      miles: "550",
    });
    const { rows } = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from vehicles where status <> 'inactive'`,
    );
    // The fleet: 5 truck-days over every truck in service × 31 days; February: E's one day × 31 days.
    const working = rows[0].n;
    const pct = (n: number, d: number) => (Math.round((n * 1000) / d) / 10).toFixed(1);
    expect(vp(figures(r).utilisation)).toEqual([pct(5, working * 31), pct(1, working * 31)]);
    // Every other truck in service had no load in March 2020.
    expect(figures(r).idleTrucks.value).toBe(String(working - 1));
  });

  it("answers an empty period with zeros, not an error", async () => {
    const f = figures(await report("overview", "period=custom&from=2019-06-01&to=2019-06-30"));
    expect(vp(f.revenue)).toEqual(["0.00", "0.00"]);
    expect(f.revenuePerMile.value).toBeNull();
  });
});

describe("financial", () => {
  it("puts invoicing, collections, the ledger and aging side by side", async () => {
    const r = await report("financial", MARCH);
    const f = figures(r);
    expect(vp(f.invoiced)).toEqual(["1000.00", "460.00"]);
    // Payments received in March: 400.00 on INV-R1 and 460.00 on INV-R2.
    expect(vp(f.collected)).toEqual(["860.00", "0.00"]);
    expect(vp(f.income)).toEqual(["400.00", "0.00"]);
    // 120.25 + 300.00; the voided 999.00 counts nowhere.
    expect(vp(f.expenses)).toEqual(["420.25", "50.00"]);
    expect(vp(f.net)).toEqual(["-20.25", "-50.00"]);
    // 420.25 / 550 miles = 0.764…, 50.00 / 210 = 0.238…
    expect(vp(f.costPerMile)).toEqual(["0.76", "0.24"]);
    // As of March 31: INV-R1's 600.00 is not yet due.
    expect(f.receivables.value).toBe("600.00");
    expect(f.pastDue.value).toBe("0.00");
    expect(cells(tableOf(r, "receivablesAging")).current).toEqual({ invoices: "1", amount: "600.00" });
    const expenses = cells(tableOf(r, "expensesByCategory"));
    expect(expenses.fuel).toEqual({ amount: "120.25", previous: "50.00", share: "28.6" });
    expect(expenses.driver_pay).toEqual({ amount: "300.00", previous: "0.00", share: "71.4" });
    expect(expenses.maintenance).toBeUndefined();
    expect(tableOf(r, "expensesByCategory").total).toEqual(["420.25", "50.00", null]);
    expect(cells(tableOf(r, "topCustomersByRevenue"))["Report Foods"]).toEqual({
      loads: "3",
      revenue: "1350.50",
    });
    expect(cells(tableOf(r, "topCustomersByDaysToPay"))["Report Foods"]).toEqual({
      invoices: "1",
      daysToPay: "29.0",
      amount: "460.00",
    });
  });

  it("reads the ledger's daily totals, which match its rows", async () => {
    const { rows } = await ctx.deps.db.execute<{ rollup: string; rows: string }>(sql`
      select
        (select coalesce(sum(amount), 0)::text from ledger_daily_totals where not voided and occurred_on between '2020-01-01' and '2020-03-31') as rollup,
        (select coalesce(sum(amount), 0)::text from transactions where voided_at is null and occurred_on between '2020-01-01' and '2020-03-31') as rows`);
    expect(rows[0].rollup).toBe(rows[0].rows);
    expect(rows[0].rows).toBe("870.25");
  });
});

describe("profit and loss", () => {
  it("takes revenue from the loads and costs from the ledger, per month, truck and driver", async () => {
    const r = await report("profit-and-loss", MARCH);
    const f = figures(r);
    expect(vp(f.revenue)).toEqual(["1350.50", "460.00"]);
    expect(vp(f.expenses)).toEqual(["420.25", "50.00"]);
    expect(vp(f.netProfit)).toEqual(["930.25", "410.00"]);
    // 930.25 / 1350.50 = 68.88 %; 410 / 460 = 89.13 %.
    expect(vp(f.margin)).toEqual(["68.9", "89.1"]);
    expect(cells(tableOf(r, "byMonth"))["2020-03"]).toEqual({
      revenue: "1350.50",
      expenses: "420.25",
      net: "930.25",
    });
    expect(cells(tableOf(r, "byTruck"))["RPT-1"]).toEqual({
      loads: "3",
      revenue: "1350.50",
      costs: "120.25",
      net: "1230.25",
    });
    expect(cells(tableOf(r, "byDriver"))["Report Driver"]).toEqual({
      loads: "3",
      revenue: "1350.50",
      driverPay: "300.00",
      net: "1050.50",
    });
    const statement = cells(tableOf(r, "statement"));
    expect(statement.revenue.amount).toBe("1350.50");
    expect(statement.fuel.amount).toBe("-120.25");
    expect(statement.netProfit.amount).toBe("930.25");
  });
});

describe("operational", () => {
  it("measures on-time pickup and delivery with the scorecards' grace and the transit time", async () => {
    const r = await report("operational", MARCH);
    const f = figures(r);
    // Picked up on time: A (30 min) and D (15 min), not B (2 h) → 2 of 3.
    expect(f.onTimePickup.value).toBe("66.7");
    // Delivered on time: D (30 min), not A (90 min) → 1 of 2.
    expect(f.onTimeDelivery.value).toBe("50.0");
    // A 54 h and D 6.25 h → 30.1 h.
    expect(f.transitHours.value).toBe("30.1");
    expect(vp(f.cancelled)).toEqual(["1", "0"]);
    expect(cells(tableOf(r, "loadsPerDriver"))["Report Driver"]).toEqual({
      loads: "3",
      completed: "2",
      onTimeDelivery: "50.0",
      miles: "550",
      revenue: "1350.50",
    });
  });
});

describe("IFTA", () => {
  const rates = (quarter: string, list: Array<{ jurisdiction: string; rate: string }>) =>
    call(ctx, `/api/reports/ifta/rates?quarter=${quarter}`, {
      method: "PUT",
      cookie: manager,
      body: { rates: list },
    });

  it("labels each figure for what it is and computes tax due, tax paid and net at the quarter's rates", async () => {
    const saved = await rates("2020-Q1", [
      { jurisdiction: "IL", rate: "0.467" },
      { jurisdiction: "IN", rate: "0.53" },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.json.rates).toEqual([
      { jurisdiction: "IL", rate: "0.4670" },
      { jurisdiction: "IN", rate: "0.5300" },
    ]);
    const r = await report("ifta", Q1);
    const f = figures(r);
    expect(f.iftaMiles.value).toBe("750.0");
    // Tax-paid gallons are the fuel bought (IL 80 + IN 40.5 + WI 20; DEF left out)…
    expect(f.taxPaidGallons.value).toBe("140.500");
    // 750 / 140.5 = 5.338 → 5.34 MPG.
    expect(f.fleetMpg.value).toBe("5.34");
    // …and taxable gallons are each state's miles ÷ MPG: 350/5.34 = 65.54, 200/5.34 = 37.45 twice.
    expect(f.taxableGallons.value).toBe("140.440");
    expect(f.iftaGallons).toBeUndefined();
    const t = cells(tableOf(r, "iftaByJurisdiction"));
    // IL: due 65.54 × 0.467 = 30.607 → 30.61; paid 80 × 0.467 = 37.36; net −6.75.
    expect(t.IL).toEqual({
      miles: "350.0",
      taxableGallons: "65.54",
      taxPaidGallons: "80.000",
      netTaxableGallons: "-14.460",
      taxRate: "0.4670",
      taxDue: "30.61",
      taxPaid: "37.36",
      netTax: "-6.75",
    });
    // IN: due 37.45 × 0.53 = 19.8485 → 19.85; paid 40.5 × 0.53 = 21.465 → 21.47 (half away from zero).
    expect(t.IN).toMatchObject({ taxDue: "19.85", taxPaid: "21.47", netTax: "-1.62" });
    // WI has no rate this quarter: no tax on its line…
    expect(t.WI).toEqual({
      miles: "200.0",
      taxableGallons: "37.45",
      taxPaidGallons: "20.000",
      netTaxableGallons: "17.450",
      taxRate: null,
      taxDue: null,
      taxPaid: null,
      netTax: null,
    });
    // …and no total is called final: the tax figures and totals say why instead of a partial sum.
    const incomplete = { key: "iftaIncomplete", values: [{ name: "count", value: "1", format: "count" }] };
    expect(r.final).toBe(false);
    for (const key of ["taxDue", "taxPaid", "netTax"]) {
      expect(f[key]).toMatchObject({ value: null, incomplete });
    }
    const byState = tableOf(r, "iftaByJurisdiction");
    expect(byState.total?.slice(5)).toEqual([null, null, null]);
    expect(byState.columns.slice(5).map((c) => c.incomplete)).toEqual([incomplete, incomplete, incomplete]);
    expect(r.sections[0].warnings).toEqual([
      {
        key: "iftaMissingRates",
        values: [
          { name: "count", value: "1", format: "count" },
          { name: "quarter", value: "2020-Q1", format: "text" },
          { name: "jurisdictions", value: "WI", format: "text" },
        ],
      },
    ]);
    expect(f.missingRates.value).toBe("1");
    // B (on the road) and F (delivered) have no state miles.
    expect(f.unallocatedLoads.value).toBe("2");

    // With WI's rate the return is final: due 37.45 × 0.329 = 12.32, paid 20 × 0.329 = 6.58.
    await rates("2020-Q1", [
      { jurisdiction: "IL", rate: "0.467" },
      { jurisdiction: "IN", rate: "0.53" },
      { jurisdiction: "WI", rate: "0.329" },
    ]);
    const done = await report("ifta", Q1);
    const g = figures(done);
    expect(done.final).toBe(true);
    expect(done.sections[0].warnings).toEqual([]);
    // Due 30.61 + 19.85 + 12.32 = 62.78; paid 37.36 + 21.47 + 6.58 = 65.41; net −2.63 (a credit).
    expect([g.taxDue.value, g.taxPaid.value, g.netTax.value]).toEqual(["62.78", "65.41", "-2.63"]);
    expect(g.netTax.incomplete).toBeNull();
    expect(tableOf(done, "iftaByJurisdiction").total?.slice(5)).toEqual(["62.78", "65.41", "-2.63"]);
    await rates("2020-Q1", [
      { jurisdiction: "IL", rate: "0.467" },
      { jurisdiction: "IN", rate: "0.53" },
    ]);
  });

  it("warns on an implausible fleet MPG and names every jurisdiction without a rate, on screen and in every file", async () => {
    // 2019-Q3, data of its own: one load through five states (181 miles), 100 gallons bought in two.
    const db = ctx.deps.db;
    const [g] = await db
      .insert(loads)
      .values({
        loadNumber: "RPT-G",
        customerId,
        driverId,
        vehicleId: truckId,
        status: "completed",
        baseRate: "0",
        totalRate: "500.00",
        loadedMiles: 181,
        pickupCity: "Tulsa",
        pickupState: "OK",
        deliveryCity: "Jackson",
        deliveryState: "MS",
        pickupAt: at("2019-08-05T15:00:00Z"),
        deliveryAt: at("2019-08-06T15:00:00Z"),
        startedAt: at("2019-08-05T15:00:00Z"),
        deliveredAt: at("2019-08-06T15:00:00Z"),
      })
      .returning({ id: loads.id });
    await db
      .insert(loadJurisdictionMiles)
      .values(["OK", "AR", "TX", "LA", "MS"].map((j) => ({ loadId: g.id, jurisdiction: j, miles: "36.2" })));
    const fill = {
      driverId,
      vehicleId: truckId,
      location: "Truck stop",
      odometer: 5000,
      fuelType: "diesel" as const,
    };
    await db.insert(fuelEntries).values([
      {
        ...fill,
        fueledAt: at("2019-08-05T18:00:00Z"),
        state: "TX",
        gallons: "60.000",
        pricePerGallon: "2.500",
        totalAmount: "150.00",
      },
      {
        ...fill,
        fueledAt: at("2019-08-06T12:00:00Z"),
        state: "LA",
        gallons: "40.000",
        pricePerGallon: "2.500",
        totalAmount: "100.00",
      },
    ]);
    const Q3 = "period=custom&from=2019-07-01&to=2019-09-30";
    const r = await report("ifta", Q3);
    const f = figures(r);
    // 181 miles ÷ 100 gallons = 1.81 MPG: not a truck's; each state's 36.2 miles ÷ 1.81 = 20.00 gallons.
    expect(f.fleetMpg.value).toBe("1.81");
    expect(f.taxableGallons.value).toBe("100.000");
    expect(f.taxPaidGallons.value).toBe("100.000");
    expect(f.missingRates.value).toBe("5");
    expect(r.final).toBe(false);
    expect(r.sections[0].warnings).toEqual([
      {
        key: "iftaMissingRates",
        values: [
          { name: "count", value: "5", format: "count" },
          { name: "quarter", value: "2019-Q3", format: "text" },
          { name: "jurisdictions", value: "AR, LA, MS, OK, TX", format: "text" },
        ],
      },
      {
        key: "iftaImplausibleMpg",
        values: [
          { name: "mpg", value: "1.81", format: "mpg" },
          { name: "min", value: "3", format: "number" },
          { name: "max", value: "12", format: "number" },
        ],
      },
    ]);

    const file = async (format: string, lang = "en") => {
      const res = await ctx.app.request(`/api/reports/ifta/export?${Q3}&format=${format}&lang=${lang}`, {
        headers: { origin: TEST_ORIGIN, cookie: manager },
      });
      expect(res.status).toBe(200);
      return new Uint8Array(await res.arrayBuffer());
    };
    const csv = new TextDecoder().decode(await file("csv"));
    expect(csv).toContain("Net tax (due minus paid),Incomplete — 5 jurisdictions lack a rate");
    expect(csv).toContain("5 jurisdictions have no tax rate for 2019-Q3: AR, LA, MS, OK, TX.");
    expect(csv).toContain("A fleet MPG of 1.81 is not plausible for trucks (expected between 3 and 12)");
    expect(csv).toContain("Taxable gallons (miles ÷ fleet MPG),100");
    expect(csv).toContain("Tax-paid gallons (fuel bought),100");
    const fr = new TextDecoder().decode(await file("csv", "fr"));
    expect(fr).toContain("Incomplet — 5 juridictions n'ont pas de taux");
    expect(fr).toContain("Un MPG de flotte de 1,81 n'est pas plausible");
    const pdf = pdfText(await file("pdf"));
    // (The text extraction drops the dash the PDF draws.)
    expect(pdf).toMatch(/Net tax \(due minus paid\) Incomplete\W+5 jurisdictions lack a rate/);
    expect(pdf).toMatch(/Total 181 100 100 0 Incomplete\W+5 jurisdictions lack a rate/);
    expect(pdf).toContain("AR, LA, MS, OK, TX");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await file("xlsx")).buffer as ArrayBuffer);
    const summary = book.getWorksheet("Summary");
    const net = summary?.getRows(4, 20)?.find((row) => row.getCell(1).value === "Net tax (due minus paid)");
    expect(net?.getCell(2).value).toBe("Incomplete — 5 jurisdictions lack a rate");
    // (A sheet's name stops at 31 characters.)
    const byState = book.getWorksheet("Miles, fuel and tax by jurisdic");
    const total = byState?.getRows(4, 20)?.find((row) => row.getCell(1).value === "Total");
    expect(total?.getCell(9).value).toBe("Incomplete — 5 jurisdictions lack a rate");
    expect(book.getWorksheet("Warnings")?.getRow(4).getCell(1).value).toContain("AR, LA, MS, OK, TX");
  });

  it("calls the tax incomplete when miles were driven and no fuel was bought (no MPG to divide by)", async () => {
    const [h] = await ctx.deps.db
      .insert(loads)
      .values({
        loadNumber: "RPT-H",
        customerId,
        driverId,
        status: "completed",
        baseRate: "0",
        totalRate: "300.00",
        pickupCity: "Chicago",
        pickupState: "IL",
        deliveryCity: "Rockford",
        deliveryState: "IL",
        pickupAt: at("2019-02-05T15:00:00Z"),
        deliveryAt: at("2019-02-05T20:00:00Z"),
      })
      .returning({ id: loads.id });
    await ctx.deps.db
      .insert(loadJurisdictionMiles)
      .values({ loadId: h.id, jurisdiction: "IL", miles: "90.0" });
    await rates("2019-Q1", [{ jurisdiction: "IL", rate: "0.467" }]);
    const r = await report("ifta", "period=custom&from=2019-01-01&to=2019-03-31");
    const f = figures(r);
    expect(f.fleetMpg.value).toBeNull();
    expect(f.missingRates.value).toBe("0");
    expect(r.final).toBe(false);
    expect(f.netTax).toMatchObject({ value: null, incomplete: { key: "iftaNoMpg", values: [] } });
    expect(r.sections[0].warnings).toEqual([{ key: "iftaNoFuel", values: [] }]);
  });

  it("states no MPG, and warns of none, for fuel bought before any miles were recorded", async () => {
    // 2018-Q2: a fill-up for a load still on the road; no state miles yet.
    await ctx.deps.db.insert(fuelEntries).values({
      driverId,
      vehicleId: truckId,
      location: "Truck stop",
      odometer: 7000,
      fuelType: "diesel",
      fueledAt: at("2018-05-10T12:00:00Z"),
      state: "IL",
      gallons: "80.000",
      pricePerGallon: "3.000",
      totalAmount: "240.00",
    });
    await rates("2018-Q2", [{ jurisdiction: "IL", rate: "0.467" }]);
    const r = await report("ifta", "period=custom&from=2018-04-01&to=2018-06-30");
    const f = figures(r);
    expect(f.iftaMiles.value).toBe("0.0");
    expect(f.fleetMpg.value).toBeNull();
    expect(r.sections[0].warnings).toEqual([]);
    // Nothing taxable yet; the 80 gallons' tax paid at the pump (80 × 0.467 = 37.36) is a credit.
    expect(f.taxableGallons.value).toBe("0.000");
    expect(f.taxPaid.value).toBe("37.36");
    expect(f.netTax.value).toBe("-37.36");
    expect(r.final).toBe(true);
  });

  it("lets only admins and managers change the rates, and checks them", async () => {
    const put = (cookie: string, rates: unknown) =>
      call(ctx, "/api/reports/ifta/rates?quarter=2020-Q2", { method: "PUT", cookie, body: { rates } });
    expect((await put(dispatcher, [])).status).toBe(403);
    expect((await put(manager, [{ jurisdiction: "IL", rate: "abc" }])).status).toBe(400);
    expect((await put(manager, [{ jurisdiction: "ZZ", rate: "0.1" }])).status).toBe(400);
    const dup = await put(manager, [
      { jurisdiction: "IL", rate: "0.1" },
      { jurisdiction: "IL", rate: "0.2" },
    ]);
    expect(dup.status).toBe(400);
    expect((await call(ctx, "/api/reports/ifta/rates?quarter=2020-Q5", { cookie: manager })).status).toBe(
      400,
    );
  });
});

describe("a load's state miles", () => {
  it("are recorded by the load's driver, replaced on save, and hidden from other drivers", async () => {
    const jake = await signIn(ctx, "driver@demo.test");
    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    await ctx.deps.db.execute(sql`update loads set driver_id = ${jakeId} where id = ${load.b}`);
    const path = `/api/loads/${load.b}/state-miles`;
    const saved = await call(ctx, path, {
      method: "PUT",
      cookie: jake,
      body: {
        items: [
          { jurisdiction: "il", miles: "120.5" },
          { jurisdiction: "IN", miles: "80" },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.items).toEqual([
      { jurisdiction: "IL", miles: "120.5" },
      { jurisdiction: "IN", miles: "80.0" },
    ]);
    expect(saved.json.canEdit).toBe(true);
    const again = await call(ctx, path, {
      method: "PUT",
      cookie: jake,
      body: { items: [{ jurisdiction: "IL", miles: "200" }] },
    });
    expect(again.json.items).toEqual([{ jurisdiction: "IL", miles: "200.0" }]);
    // Another driver's load is not there for Jake.
    expect((await call(ctx, `/api/loads/${load.a}/state-miles`, { cookie: jake })).status).toBe(404);
    expect(
      (
        await call(ctx, `/api/loads/${load.a}/state-miles`, {
          method: "PUT",
          cookie: jake,
          body: { items: [] },
        })
      ).status,
    ).toBe(404);
    const bad = await call(ctx, path, {
      method: "PUT",
      cookie: jake,
      body: { items: [{ jurisdiction: "IL", miles: "9000" }] },
    });
    expect(bad.status).toBe(400);
    const cancelled = await call(ctx, `/api/loads/${load.c}/state-miles`, {
      method: "PUT",
      cookie: dispatcher,
      body: { items: [] },
    });
    expect(cancelled.status).toBe(409);
    await ctx.deps.db.execute(sql`delete from load_jurisdiction_miles where load_id = ${load.b}`);
    await ctx.deps.db.execute(sql`update loads set driver_id = ${driverId} where id = ${load.b}`);
  });
});

describe("compliance and maintenance", () => {
  it("answer for the period with the documents of today", async () => {
    const c = figures(await report("compliance", MARCH));
    const dated = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drivers where active and license_expiry < (now() at time zone 'America/Chicago')::date`,
    );
    expect(Number(c.expiredDocuments.value)).toBeGreaterThanOrEqual(dated.rows[0].n);
    const m = figures(await report("maintenance", MARCH));
    expect(vp(m.maintenanceCost)).toEqual(["0.00", "0.00"]);
  });
});

describe("who sees what (decision 027)", () => {
  it("keeps the money reports from a dispatcher", async () => {
    const list = await call(ctx, "/api/reports", { cookie: dispatcher });
    expect(list.json.items).toEqual(["overview", "operational", "maintenance", "compliance", "ifta"]);
    for (const id of ["financial", "profit-and-loss"]) {
      expect((await call(ctx, `/api/reports/${id}?${MARCH}`, { cookie: dispatcher })).status).toBe(403);
      expect(
        (await call(ctx, `/api/reports/${id}/export?${MARCH}&format=csv`, { cookie: dispatcher })).status,
      ).toBe(403);
    }
    expect(
      (await call(ctx, "/api/reports", { cookie: await signIn(ctx, "accountant@demo.test") })).status,
    ).toBe(403);
  });

  it("links every figure and row to a screen of the product", async () => {
    for (const id of REPORT_IDS) {
      const r = await report(id, "period=this-year");
      const links = r.sections.flatMap((s) => [
        ...s.figures.map((f) => f.link),
        ...s.tables.flatMap((t) => t.rows.map((row) => row.link)),
      ]);
      for (const l of links.filter((x): x is string => !!x)) {
        const pathname = l.split("?")[0];
        const known = Object.values(ROUTES).some((route) => matchPath(route.path, pathname));
        expect(known, `${id}: ${l}`).toBe(true);
      }
    }
  });
});

describe("downloads", () => {
  async function download(path: string) {
    const res = await ctx.app.request(path, { headers: { origin: TEST_ORIGIN, cookie: manager } });
    return {
      status: res.status,
      type: res.headers.get("content-type") ?? "",
      disposition: res.headers.get("content-disposition") ?? "",
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  }

  it("gives the report as a PDF with its header, charts and figures", async () => {
    const pdf = await download(`/api/reports/profit-and-loss/export?${MARCH}&format=pdf&lang=en`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.disposition).toContain("report-profit-and-loss-2020-03-01-2020-03-31.pdf");
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getTitle()).toBe("Profit and loss");
    const text = pdfText(pdf.bytes);
    expect(text).toContain("Lakeshore Freight Lines LLC");
    expect(text).toContain("$1,350.50");
    expect(text).toContain("$930.25");
    expect(text).toContain("Report Foods");
  });

  it("writes the PDF in Spanish when asked", async () => {
    const pdf = await download(`/api/reports/overview/export?${MARCH}&format=pdf&lang=es`);
    const text = pdfText(pdf.bytes);
    expect(text).toContain("Ingresos");
    expect(text).toContain("Completada".slice(0, 6));
  });

  it("gives the tables as Excel, one sheet each, numbers as numbers", async () => {
    const xlsx = await download(`/api/reports/financial/export?${MARCH}&format=xlsx&lang=en`);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes.buffer as ArrayBuffer);
    const names = book.worksheets.map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "Summary",
        "Expenses by category",
        "Receivables aging",
        "Top customers by revenue",
      ]),
    );
    const expenses = book.getWorksheet("Expenses by category");
    const fuel = expenses?.getRows(4, 10)?.find((r) => r.getCell(1).value === "Fuel");
    expect(fuel?.getCell(2).value).toBe(120.25);
  });

  it("gives the tables as CSV in the reader's number format", async () => {
    const en = await download(`/api/reports/profit-and-loss/export?${MARCH}&format=csv&lang=en`);
    const enText = new TextDecoder().decode(en.bytes);
    expect(enText).toContain("Revenue,1350.5,460");
    const fr = await download(`/api/reports/profit-and-loss/export?${MARCH}&format=csv&lang=fr`);
    const frText = new TextDecoder().decode(fr.bytes);
    expect(frText).toContain("Revenus;1350,5;460");
  });
});

describe("rollups (decisions 027 and 066)", () => {
  it("answer every report of whole months exactly as the rows do", async () => {
    const timeZone = ctx.deps.config.company.timeZone;
    const today = companyDay(new Date(), timeZone);
    const periods = [
      resolvePeriod({ period: "this-month" }, "2020-03-15"),
      resolvePeriod({ period: "last-quarter" }, "2020-04-10"),
      resolvePeriod({ period: "this-year" }, today),
      resolvePeriod({ period: "last-month" }, today),
    ];
    for (const period of periods) {
      expect(wholeMonths(period)).toBe(true);
      for (const id of REPORT_IDS) {
        const base = { db: ctx.deps.db, period, timeZone, today };
        const fromRollups = await REPORT_BUILDERS[id]({ ...base, rollups: true });
        const fromRows = await REPORT_BUILDERS[id]({ ...base, rollups: false });
        expect(fromRollups, `${id} ${period.from}`).toEqual(fromRows);
      }
    }
  });

  it("split a period into whole months and the days of the partial months at its ends", () => {
    expect(rollupSpans("2020-02-15", "2020-04-01")).toEqual({
      months: ["2020-03-01", "2020-03-01"],
      days: [
        ["2020-02-15", "2020-02-29"],
        ["2020-04-01", "2020-04-01"],
      ],
    });
    expect(rollupSpans("2026-01-15", "2026-11-20")).toEqual({
      months: ["2026-02-01", "2026-10-01"],
      days: [
        ["2026-01-15", "2026-01-31"],
        ["2026-11-01", "2026-11-20"],
      ],
    });
    expect(rollupSpans("2020-01-01", "2020-12-31")).toEqual({
      months: ["2020-01-01", "2020-12-01"],
      days: [],
    });
    expect(rollupSpans("2020-03-01", "2020-04-10")).toEqual({
      months: ["2020-03-01", "2020-03-01"],
      days: [["2020-04-01", "2020-04-10"]],
    });
    // No whole month inside: days only (a single day, ten days across a month end, most of a month).
    expect(rollupSpans("2020-03-18", "2020-03-18")).toEqual({
      months: null,
      days: [["2020-03-18", "2020-03-18"]],
    });
    expect(rollupSpans("2020-03-27", "2020-04-05")).toEqual({
      months: null,
      days: [["2020-03-27", "2020-04-05"]],
    });
    expect(rollupSpans("2020-03-02", "2020-03-31")).toEqual({
      months: null,
      days: [["2020-03-02", "2020-03-31"]],
    });
  });

  it("answer a period with partial months at both ends from whole months plus edge days, as the rows do", async () => {
    // February 15 – April 1, 2020: February's last days (E, F) from the daily sums, March (A, B, D; C
    // cancelled) from the monthly ones, April 1 (nothing: D is March 31 in Chicago) from the daily.
    const query = "period=custom&from=2020-02-15&to=2020-04-01";
    const overview = figures(await report("overview", query));
    expect(vp(overview.revenue)).toEqual(["1810.50", "0.00"]);
    expect(vp(overview.loads)).toEqual(["5", "0"]);
    const ops = figures(await report("operational", query));
    expect(vp(ops.cancelled)).toEqual(["1", "0"]);
    // Ledger costs per truck: February 20's fuel (50.00, a day) + March 3's (120.25, the month).
    const pl = await report("profit-and-loss", query);
    expect(cells(tableOf(pl, "byTruck"))["RPT-1"]).toEqual({
      loads: "4",
      revenue: "1750.50",
      costs: "170.25",
      net: "1580.25",
    });
    expect(cells(tableOf(pl, "byDriver"))["Report Driver"]).toMatchObject({
      loads: "5",
      driverPay: "300.00",
    });
    // March 3 – 31 leaves A (March 2) to the previous period (February 4 – March 2).
    const late = figures(await report("overview", "period=custom&from=2020-03-03&to=2020-03-31"));
    expect(vp(late.revenue)).toEqual(["350.50", "1460.00"]);
  });

  it("answer every report over any period exactly as the rows do: presets, partial months, single days", async () => {
    const timeZone = ctx.deps.config.company.timeZone;
    const today = companyDay(new Date(), timeZone);
    const custom = (from: string, to: string) => resolvePeriod({ period: "custom", from, to }, today);
    const periods = [
      // The hand-made data of 2020: partial months at both ends, across a month end, single days.
      custom("2020-02-15", "2020-04-01"),
      custom("2020-03-03", "2020-03-31"),
      custom("2020-03-27", "2020-04-05"),
      custom("2020-03-02", "2020-03-02"),
      custom("2020-03-31", "2020-03-31"),
      // The demo data around today: most of a year with partial ends, ten days, a day, the week.
      custom(addDays(today, -320), addDays(today, -8)),
      custom(addDays(today, -45), addDays(today, 10)),
      custom(addDays(today, -12), addDays(today, -3)),
      custom(addDays(today, -1), addDays(today, -1)),
      resolvePeriod({ period: "this-week" }, today),
      resolvePeriod({ period: "last-week" }, today),
    ];
    let partial = 0;
    for (const period of periods) {
      if (!wholeMonths(period)) partial++;
      for (const id of REPORT_IDS) {
        const base = { db: ctx.deps.db, period, timeZone, today };
        const fromRollups = await REPORT_BUILDERS[id]({ ...base, rollups: true });
        const fromRows = await REPORT_BUILDERS[id]({ ...base, rollups: false });
        expect(fromRollups, `${id} ${period.from} – ${period.to}`).toEqual(fromRows);
      }
    }
    expect(partial).toBe(periods.length);
  });

  it("stay equal to their rows through inserts, updates and deletes of loads and ledger rows", async () => {
    const db = ctx.deps.db;
    const snapshot = async () => ({
      loads: (
        await db.execute(sql`select month::text, dim, subject_id, status, loads, revenue::text, mile_revenue::text,
            miles::text, driver_pay::text, started, pickup_on_time, delivered, delivery_on_time,
            transit_seconds::text, transit_loads
          from load_month_totals
          where loads <> 0 or revenue <> 0 or miles <> 0 or driver_pay <> 0 or started <> 0 or delivered <> 0
            or pickup_on_time <> 0 or delivery_on_time <> 0 or transit_loads <> 0 or transit_seconds <> 0
          order by 1, 2, 3, 4`)
      ).rows,
      days: (
        await db.execute(
          sql`select vehicle_id, day::text, loads from vehicle_busy_days where loads <> 0 order by 2, 1`,
        )
      ).rows,
      ledger: (
        await db.execute(sql`select month::text, dim, subject_id, direction, category, voided, entries, amount::text
          from ledger_month_subject_totals where entries <> 0 or amount <> 0 order by 1, 2, 3, 4, 5, 6`)
      ).rows,
      loadDays: (
        await db.execute(sql`select day::text, dim, subject_id, status, loads, revenue::text, mile_revenue::text,
            miles::text, driver_pay::text, started, pickup_on_time, delivered, delivery_on_time,
            transit_seconds::text, transit_loads, empty_miles::text, empty_loads
          from load_day_totals
          where loads <> 0 or revenue <> 0 or miles <> 0 or driver_pay <> 0 or started <> 0 or delivered <> 0
            or pickup_on_time <> 0 or delivery_on_time <> 0 or transit_loads <> 0 or transit_seconds <> 0
            or empty_miles <> 0 or empty_loads <> 0
          order by 1, 2, 3, 4`)
      ).rows,
      ledgerDays: (
        await db.execute(sql`select day::text, dim, subject_id, direction, category, voided, entries, amount::text
          from ledger_day_subject_totals where entries <> 0 or amount <> 0 order by 1, 2, 3, 4, 5, 6`)
      ).rows,
      busyMonths: (
        await db.execute(
          sql`select month::text, vehicle_id, days from vehicle_busy_months where days <> 0 order by 1, 2`,
        )
      ).rows,
      ifta: (
        await db.execute(sql`select day::text, kind, key, miles::text, loads from ifta_day_totals
          where miles <> 0 or loads <> 0 order by 1, 2, 3`)
      ).rows,
    });
    // A mix of writes, several rows per statement where the app makes them.
    await db.execute(sql`update loads set vehicle_id = null where id = ${load.b}`);
    await db.execute(
      sql`update loads set pickup_at = pickup_at - interval '40 days', status = 'cancelled' where id = ${load.d}`,
    );
    await db.execute(sql`update loads set status = 'in_progress', delivered_at = null where id = ${load.a}`);
    await db.execute(
      sql`update loads set driver_pay = 55.55, vehicle_id = ${truckId} where id in (${load.e}, ${load.f})`,
    );
    await db.execute(sql`delete from loads where id = ${load.c}`);
    await db.insert(loads).values(
      [1, 2, 3].map((n) => ({
        loadNumber: `RPT-BULK-${n}`,
        baseRate: "10.00",
        totalRate: `${n}0.00`,
        loadedMiles: n * 11,
        pickupCity: "Chicago",
        pickupState: "IL",
        pickupAt: at(`2020-05-0${n}T12:00:00Z`),
        deliveryCity: "Gary",
        deliveryState: "IN",
        deliveryAt: at(`2020-05-0${n + 2}T12:00:00Z`),
        vehicleId: truckId,
        driverId,
        customerId,
        status: "completed" as const,
        startedAt: at(`2020-05-0${n}T12:10:00Z`),
        deliveredAt: at(`2020-05-0${n + 2}T14:00:00Z`),
      })),
    );
    await db.execute(sql`update transactions set voided_at = now(), void_kind = 'by_user', void_reason = 'test'
      where occurred_on = '2020-03-03' and category = 'fuel'`);
    await db.execute(
      sql`update transactions set vehicle_id = ${truckId} where occurred_on = '2020-03-06' and category = 'driver_pay'`,
    );
    await db.execute(sql`update loads set empty_miles = 12.5 where id in (${load.e}, ${load.f})`);
    // State miles: GPS miles for the load on the road, an empty leg, a better source over a worse one,
    // miles corrected and removed, and a load deleted with its state miles (a cascade).
    await db.insert(loadJurisdictionMiles).values([
      { loadId: load.b, jurisdiction: "IL", source: "gps", miles: "42.0" },
      { loadId: load.f, jurisdiction: "IL", leg: "empty", source: "estimated", miles: "7.5" },
      { loadId: load.f, jurisdiction: "IN", leg: "empty", source: "routed", miles: "3.0" },
    ]);
    await db.execute(sql`update load_jurisdiction_miles set miles = miles + 1 where load_id = ${load.a}`);
    await db.execute(
      sql`update load_jurisdiction_miles set source = 'estimated' where load_id = ${load.f} and jurisdiction = 'IN'`,
    );
    await db.execute(
      sql`delete from load_jurisdiction_miles where load_id = ${load.a} and jurisdiction = 'IN'`,
    );
    await db.execute(sql`update loads set status = 'in_progress' where id = ${load.f}`);
    await db.execute(sql`delete from loads where id = ${load.e}`);
    const kept = await snapshot();
    expect(kept.loads.length).toBeGreaterThan(0);
    expect(kept.loadDays.length).toBeGreaterThan(0);
    expect(kept.ledgerDays.length).toBeGreaterThan(0);
    expect(kept.ifta.length).toBeGreaterThan(0);
    expect(kept.busyMonths.length).toBeGreaterThan(0);
    expect(kept.days.length).toBeGreaterThan(0);
    // Recomputed from the rows, the rollups are the same.
    await db.execute(sql`select "rebuild_report_rollups"()`);
    expect(await snapshot()).toEqual(kept);
  });
});
