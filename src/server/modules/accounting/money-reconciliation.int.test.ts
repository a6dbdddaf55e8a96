import type { Report, ReportTable } from "@shared/reports/reports.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, drivers, loads, vehicles } from "../../db/schema";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

/**
 * Every screen that shows money of the same period tells the same story (issue 38, point 16;
 * decision 024). June 2018 — years before the demo data — gets a customer, a truck, a driver, three
 * delivered loads, three invoices (one left a draft), two bills (one an ELD subscription on the
 * truck) and two hand entries, all through the API; each screen's API is then read and compared
 * with the others and with figures worked out by hand:
 *
 * - loads (P&L revenue): L1 truck + driver 1,000.00; L2 driver only 500.00; L3 truck only 250.00
 *   = 1,750.00;
 * - invoices: A = L1, sent, 400.00 paid on June 20 (600.00 open, due July 5); B = L2, a draft
 *   (500.00, no receivable); C = L3, sent, paid in full (250.00) on June 25. Billed = 1,250.00,
 *   collected = 650.00, owed = 600.00;
 * - bills: the truck's ELD subscription, 45.00 paid June 10 (it moves to July 10 and stays open);
 *   office rent, one-time, 800.00 paid June 1;
 * - hand entries: fuel 120.00 on the truck (June 12), other income 30.00 (June 15).
 *   Ledger income = 650.00 + 30.00 = 680.00; expenses = 45.00 + 800.00 + 120.00 = 965.00.
 */
let ctx: TestContext;
let manager: string;
let customerId: string;
let truckId: string;
let driverId: string;
const invoice = {} as Record<"a" | "b" | "c", { id: string; invoiceNumber: string }>;
const bill = {} as Record<"eld" | "rent", string>;
let overdueBefore: { amount: string; count: number };

const JUNE = { from: "2018-06-01", to: "2018-06-30" };
const REPORT = `period=custom&from=${JUNE.from}&to=${JUNE.to}`;
const NAME = "Reconcile Freight Co";

async function get(path: string) {
  const res = await call(ctx, path, { cookie: manager });
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}
async function post(path: string, body: unknown) {
  const res = await call(ctx, path, { method: "POST", body, cookie: manager });
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
  return res.json;
}
const figureOf = (r: Report, key: string) => r.sections.flatMap((s) => s.figures).find((f) => f.key === key);
const tableOf = (r: Report, key: string) =>
  r.sections.flatMap((s) => s.tables).find((t) => t.key === key) as ReportTable;
const rowsOf = (t: ReportTable) => Object.fromEntries(t.rows.map((r) => [r.label.value, r.values]));
const cents = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(ctx, "manager@demo.test");
  const db = ctx.deps.db;
  const dashboard = (await get("/api/dashboard")).money;
  overdueBefore = { amount: dashboard.overdueAmount, count: dashboard.overdueInvoices };

  [{ id: customerId }] = await db
    .insert(customers)
    .values({ name: "Pat Ledger", companyName: NAME, email: "ap@reconcile.test", paymentTermsDays: 30 })
    .returning({ id: customers.id });
  [{ id: truckId }] = await db
    .insert(vehicles)
    .values({ unitNumber: "REC-1" })
    .returning({ id: vehicles.id });
  [{ id: driverId }] = await db
    .insert(drivers)
    .values({ fullName: "Rec Driver" })
    .returning({ id: drivers.id });
  const delivered = (n: number, rate: string, truck: string | null, driver: string | null) => ({
    loadNumber: `REC-L${n}`,
    customerId,
    vehicleId: truck,
    driverId: driver,
    status: "completed" as const,
    baseRate: rate,
    totalRate: rate,
    pickupCity: "Chicago",
    pickupState: "IL",
    deliveryCity: "Joliet",
    deliveryState: "IL",
    pickupAt: new Date(`2018-06-0${n}T15:00:00Z`),
    deliveryAt: new Date(`2018-06-0${n}T20:00:00Z`),
    startedAt: new Date(`2018-06-0${n}T15:00:00Z`),
    deliveredAt: new Date(`2018-06-0${n}T20:00:00Z`),
  });
  const [l1, l2, l3] = await db
    .insert(loads)
    .values([
      delivered(1, "1000.00", truckId, driverId),
      delivered(2, "500.00", null, driverId),
      delivered(3, "250.00", truckId, null),
    ])
    .returning({ id: loads.id });

  const make = (loadId: string, issueDate: string) =>
    post("/api/invoices", { customerId, loadIds: [loadId], issueDate });
  invoice.a = await make(l1.id, "2018-06-05");
  invoice.b = await make(l2.id, "2018-06-08");
  invoice.c = await make(l3.id, "2018-06-10");
  for (const sent of [invoice.a, invoice.c]) await post(`/api/invoices/${sent.id}/mark-sent`, {});
  await post(`/api/invoices/${invoice.a.id}/payments`, {
    amount: "400.00",
    paidOn: "2018-06-20",
    method: "ach",
  });
  await post(`/api/invoices/${invoice.c.id}/payments`, {
    amount: "250.00",
    paidOn: "2018-06-25",
    method: "check",
  });

  bill.eld = (
    await post("/api/bills", {
      name: "Reconcile ELD, REC-1",
      vendor: "Motive Technologies",
      billType: "subscription",
      frequency: "monthly",
      serviceType: "eld",
      amount: "45.00",
      dueDate: "2018-06-10",
      vehicleId: truckId,
    })
  ).id;
  bill.rent = (
    await post("/api/bills", {
      name: "Reconcile yard rent",
      vendor: "Lakeshore Yards",
      billType: "one_time",
      serviceType: "rent",
      amount: "800.00",
      dueDate: "2018-06-01",
    })
  ).id;
  await post(`/api/bills/${bill.eld}/pay`, { paidOn: "2018-06-10", method: "card" });
  await post(`/api/bills/${bill.rent}/pay`, { paidOn: "2018-06-01", method: "check" });

  await post("/api/ledger", {
    occurredOn: "2018-06-12",
    direction: "expense",
    category: "fuel",
    amount: "120.00",
    counterparty: "Reconcile Fuel Stop",
    vehicleId: truckId,
  });
  await post("/api/ledger", {
    occurredOn: "2018-06-15",
    direction: "income",
    category: "other",
    amount: "30.00",
    counterparty: "Reconcile scrap metal",
  });
});
afterAll(() => ctx.close());

describe("money reconciles across screens (decision 024)", () => {
  it("(a) leaves drafts out of the invoices' billed and open figures, and counts them apart", async () => {
    const page = (await get(`/api/invoices?customerId=${customerId}`)).totals;
    // Billed: A 1,000.00 + C 250.00; open: A's 600.00. The 500.00 draft is no receivable.
    expect(page).toEqual({ total: "1250.00", balance: "600.00", drafts: { count: 1, total: "500.00" } });
    // The same open balance on every screen that shows what the customer owes.
    const pending = await get(`/api/payments?view=pending&direction=income&q=${encodeURIComponent(NAME)}`);
    expect(pending.totals.income).toBe(page.balance);
    expect((await get(`/api/customers/${customerId}`)).openBalance).toBe(page.balance);
    const receivables = await get(`/api/statements/receivables?q=${encodeURIComponent(NAME)}`);
    expect(receivables.items[0].aging.total).toBe(page.balance);
    expect(receivables.items[0].openInvoices).toBe(1);
  });

  it("(b) gives the P&L's per-truck rows an unassigned row, so they add up to the headline", async () => {
    const pl = (await get(`/api/reports/profit-and-loss?${REPORT}`)) as Report;
    expect(figureOf(pl, "revenue")?.value).toBe("1750.00");
    expect(figureOf(pl, "expenses")?.value).toBe("965.00");
    const byTruck = tableOf(pl, "byTruck");
    // REC-1: L1 + L3 = 1,250.00; costs ELD 45.00 + fuel 120.00. Unassigned: L2; rent 800.00.
    expect(rowsOf(byTruck)).toEqual({
      "REC-1": ["2", "1250.00", "165.00", "1085.00"],
      unassigned: ["1", "500.00", "800.00", "-300.00"],
    });
    expect(byTruck.rows.at(-1)?.label).toEqual({ kind: "measure", value: "unassigned" });
    expect(byTruck.total).toEqual(["3", "1750.00", "965.00", "785.00"]);
    expect(byTruck.total?.[3]).toBe(figureOf(pl, "netProfit")?.value);
    // The driver and customer tables add up to the same revenue.
    expect(rowsOf(tableOf(pl, "byDriver"))).toEqual({
      "Rec Driver": ["2", "1500.00", "0.00", "1500.00"],
      unassigned: ["1", "250.00", "0.00", "250.00"],
    });
    expect(tableOf(pl, "byCustomer").total?.[1]).toBe("1750.00");
  });

  it("(c) shows a paid subscription on the bills' Paid view", async () => {
    const paid = await get("/api/bills?view=paid&q=Reconcile");
    const byId = Object.fromEntries(paid.items.map((b: { id: string }) => [b.id, b]));
    expect(Object.keys(byId).sort()).toEqual([bill.eld, bill.rent].sort());
    // The subscription stays open at its next due date; the view shows it by its payment.
    expect(byId[bill.eld]).toMatchObject({ status: "open", dueDate: "2018-07-10", lastPaidOn: "2018-06-10" });
    expect(byId[bill.rent]).toMatchObject({ status: "paid", lastPaidOn: "2018-06-01" });
    // What the view's payments add up to is what the ledger holds from bills that month.
    const payments = paid.items.flatMap((b: { payments: Array<{ paidOn: string; amount: string }> }) =>
      b.payments.filter((p) => p.paidOn >= JUNE.from && p.paidOn <= JUNE.to),
    );
    const ledger = await get(`/api/ledger?source=bill_payment&from=${JUNE.from}&to=${JUNE.to}`);
    expect(payments.reduce((s: number, p: { amount: string }) => s + cents(p.amount), 0)).toBe(
      cents(ledger.totals.expense),
    );
    expect(ledger.totals.expense).toBe("845.00");
  });

  it("(d) posts an ELD bill to the ledger as ELD and telematics, not office", async () => {
    const eld = await get(`/api/ledger?source=bill_payment&from=${JUNE.from}&to=${JUNE.to}&q=Motive`);
    expect(eld.items).toHaveLength(1);
    expect(eld.items[0]).toMatchObject({ category: "eld_telematics", amount: "45.00", vehicleId: truckId });
    const financial = (await get(`/api/reports/financial?${REPORT}`)) as Report;
    expect(rowsOf(tableOf(financial, "expensesByCategory"))).toMatchObject({
      eld_telematics: ["45.00", "0.00", "4.7"],
      office: ["800.00", "0.00", "82.9"],
      fuel: ["120.00", "0.00", "12.4"],
    });
  });

  it("reads the same June from every screen that shows it, and they agree", async () => {
    const [invoices, statement, receivables, pendingIncome, paidIncome, ledger, financial, pl, dashboard] =
      await Promise.all([
        get(`/api/invoices?customerId=${customerId}&from=${JUNE.from}&to=${JUNE.to}`),
        get(`/api/statements?customerId=${customerId}&from=${JUNE.from}&to=${JUNE.to}`),
        get(`/api/statements/receivables?q=${encodeURIComponent(NAME)}&asOf=${JUNE.to}`),
        get(`/api/payments?view=pending&direction=income&q=${encodeURIComponent(NAME)}`),
        get(
          `/api/payments?view=paid&direction=income&q=${encodeURIComponent(NAME)}&from=${JUNE.from}&to=${JUNE.to}`,
        ),
        get(`/api/ledger?from=${JUNE.from}&to=${JUNE.to}`),
        get(`/api/reports/financial?${REPORT}`) as Promise<Report>,
        get(`/api/reports/profit-and-loss?${REPORT}`) as Promise<Report>,
        get("/api/dashboard"),
      ]);
    const fin = (key: string) => figureOf(financial, key)?.value;

    // Billed in June: invoices list = statement = financial report = 1,250.00 (the draft nowhere).
    expect(invoices.totals.total).toBe("1250.00");
    expect(statement.invoiced).toBe("1250.00");
    expect(fin("invoiced")).toBe("1250.00");
    // Collected in June: 400.00 + 250.00 on the statement, the paid payments and the report.
    expect(statement.paid).toBe("650.00");
    expect(paidIncome.totals.income).toBe("650.00");
    expect(fin("collected")).toBe("650.00");
    // Owed at the end of June: 600.00 everywhere (A is not due before July 5: current).
    expect(statement.closingBalance).toBe("600.00");
    expect(statement.aging.total).toBe("600.00");
    expect(receivables.items[0].aging).toMatchObject({ current: "600.00", total: "600.00" });
    expect(fin("receivables")).toBe("600.00");
    expect(fin("pastDue")).toBe("0.00");
    expect(invoices.totals.balance).toBe("600.00");
    expect(pendingIncome.totals.income).toBe("600.00");
    // Today A is long past due: the dashboard's overdue tile grew by exactly its 600.00.
    expect(cents(dashboard.money.overdueAmount) - cents(overdueBefore.amount)).toBe(60_000);
    expect(dashboard.money.overdueInvoices - overdueBefore.count).toBe(1);
    // The ledger and both reports: income 680.00, expenses 965.00.
    expect(ledger.totals).toEqual({ income: "680.00", expense: "965.00", net: "-285.00" });
    expect([fin("income"), fin("expenses"), fin("net")]).toEqual(["680.00", "965.00", "-285.00"]);
    expect(figureOf(pl, "expenses")?.value).toBe(ledger.totals.expense);
    expect(tableOf(financial, "expensesByCategory").total?.[0]).toBe(ledger.totals.expense);
    // P&L: the statement's lines, the months and each subject table all end on the headline.
    const revenue = figureOf(pl, "revenue")?.value;
    const net = figureOf(pl, "netProfit")?.value;
    expect([revenue, net]).toEqual(["1750.00", "785.00"]);
    expect(tableOf(pl, "byMonth").total).toEqual([revenue, "965.00", net]);
    for (const key of ["byTruck", "byDriver", "byCustomer"]) {
      const t = tableOf(pl, key);
      expect(t.total?.[1], key).toBe(revenue);
      expect(
        t.rows.reduce((s, r) => s + cents(r.values[1]), 0),
        key,
      ).toBe(cents(revenue));
    }
  });
});
