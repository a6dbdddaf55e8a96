import { addDays } from "@shared/invoices/invoices.schema";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, invoicePayments, invoices } from "../../db/schema";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let dispatcher: string;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
});
afterAll(() => ctx.close());

/** A customer of its own per test, so the demo's invoices never mix in. */
async function newCustomer(name: string) {
  const [row] = await ctx.deps.db
    .insert(customers)
    .values({ name: "Pat Buyer", companyName: name, email: `ap${++seq}@example.test` })
    .returning({ id: customers.id });
  return row.id;
}

/** A billed invoice straight in the ledger (the statement reads invoices, not how they were made). */
async function invoice(
  customerId: string,
  v: { issueDate: string; dueDate: string; total: string; status?: "draft" | "sent" | "paid" | "void" },
  payments: Array<{ paidOn: string; amount: string }> = [],
) {
  const paid = payments.reduce((s, p) => s + Number(p.amount), 0).toFixed(2);
  const [row] = await ctx.deps.db
    .insert(invoices)
    .values({
      invoiceNumber: `INV-TEST-${String(++seq).padStart(5, "0")}`,
      customerId,
      status: v.status ?? "sent",
      issueDate: v.issueDate,
      dueDate: v.dueDate,
      paymentTermsDays: 30,
      billToCompany: "x",
      billToName: "x",
      total: v.total,
      amountPaid: paid,
    })
    .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
  if (payments.length) {
    await ctx.deps.db.insert(invoicePayments).values(
      payments.map((p) => ({
        invoiceId: row.id,
        amount: p.amount,
        paidOn: p.paidOn,
        method: "check" as const,
      })),
    );
  }
  return row;
}

const statement = (customerId: string, from: string, to: string, cookie = dispatcher) =>
  call(ctx, `/api/statements?customerId=${customerId}&from=${from}&to=${to}`, { cookie });

describe("aging", () => {
  it("puts each unpaid invoice in its bucket by days past due at the period end (30/31, 60/61, 90/91)", async () => {
    const c = await newCustomer("Boundary Foods");
    const end = "2026-06-30";
    const due = (daysPastDue: number) => addDays(end, -daysPastDue);
    // Distinct amounts, so each bucket's sum names exactly the invoices in it.
    const cases: Array<[number, string]> = [
      [-5, "1.00"], // not due yet
      [0, "2.00"], // due on the last day: current
      [1, "4.00"],
      [30, "8.00"],
      [31, "16.00"],
      [60, "32.00"],
      [61, "64.00"],
      [90, "128.00"],
      [91, "256.00"],
    ];
    for (const [days, total] of cases)
      await invoice(c, { issueDate: "2026-01-01", dueDate: due(days), total });

    const res = await statement(c, "2026-06-01", end);
    expect(res.status).toBe(200);
    expect(res.json.aging).toEqual({
      current: "3.00",
      days1to30: "12.00",
      days31to60: "48.00",
      days61to90: "192.00",
      over90: "256.00",
      total: "511.00",
    });
    const byTotal = new Map(
      res.json.openInvoices.map((i: { total: string; bucket: string; daysPastDue: number }) => [i.total, i]),
    );
    expect(byTotal.get("8.00")).toMatchObject({ bucket: "days1to30", daysPastDue: 30 });
    expect(byTotal.get("16.00")).toMatchObject({ bucket: "days31to60", daysPastDue: 31 });
    expect(byTotal.get("64.00")).toMatchObject({ bucket: "days61to90", daysPastDue: 61 });
    expect(byTotal.get("256.00")).toMatchObject({ bucket: "over90", daysPastDue: 91 });

    // The receivables list ages the same way as of the same day.
    const list = await call(ctx, `/api/statements/receivables?asOf=${end}&q=Boundary%20Foods`, {
      cookie: dispatcher,
    });
    expect(list.json.items).toHaveLength(1);
    expect(list.json.items[0]).toMatchObject({ openInvoices: 9, pastDue: "508.00" });
    expect(list.json.items[0].aging).toEqual(res.json.aging);
  });

  it("ages what was unpaid at the period end, even if paid later", async () => {
    const c = await newCustomer("Late Payer Co");
    await invoice(c, { issueDate: "2026-01-01", dueDate: "2026-01-31", total: "500.00", status: "paid" }, [
      { paidOn: "2026-02-10", amount: "200.00" },
      { paidOn: "2026-04-15", amount: "300.00" },
    ]);
    const march = await statement(c, "2026-03-01", "2026-03-31");
    expect(march.json.aging).toMatchObject({ days31to60: "300.00", total: "300.00" });
    expect(march.json.closingBalance).toBe("300.00");
    const april = await statement(c, "2026-04-01", "2026-04-30");
    expect(april.json.aging.total).toBe("0.00");
    expect(april.json.openInvoices).toEqual([]);
  });
});

describe("balances and activity", () => {
  it("carries the opening balance, lists the period's invoices and payments, and closes", async () => {
    const c = await newCustomer("Ledger Supply");
    const old = await invoice(c, { issueDate: "2026-02-10", dueDate: "2026-03-12", total: "1000.00" }, [
      { paidOn: "2026-02-25", amount: "400.00" }, // before the period: in the opening balance
      { paidOn: "2026-03-05", amount: "100.00" }, // in the period
    ]);
    const inPeriod = await invoice(c, { issueDate: "2026-03-10", dueDate: "2026-04-09", total: "250.50" }, [
      { paidOn: "2026-04-02", amount: "250.50" }, // after the period: not in it
    ]);
    await invoice(c, { issueDate: "2026-04-01", dueDate: "2026-05-01", total: "999.00" }); // after the period
    await invoice(c, { issueDate: "2026-03-15", dueDate: "2026-04-14", total: "77.00", status: "draft" });
    await invoice(c, { issueDate: "2026-03-16", dueDate: "2026-04-15", total: "88.00", status: "void" });

    const res = await statement(c, "2026-03-01", "2026-03-31");
    expect(res.json).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-31",
      openingBalance: "600.00",
      invoiced: "250.50",
      paid: "100.00",
      closingBalance: "750.50",
    });
    expect(
      res.json.entries.map((e: { date: string; kind: string; invoiceNumber: string; balance: string }) => [
        e.date,
        e.kind,
        e.invoiceNumber,
        e.balance,
      ]),
    ).toEqual([
      ["2026-03-05", "payment", old.invoiceNumber, "500.00"],
      ["2026-03-10", "invoice", inPeriod.invoiceNumber, "750.50"],
    ]);
    expect(res.json.aging).toMatchObject({ current: "250.50", days1to30: "500.00", total: "750.50" });
    expect(res.json.customer).toMatchObject({ companyName: "Ledger Supply", paymentTermsDays: 30 });
  });

  it("refuses a period that ends before it starts, and an unknown customer", async () => {
    const c = await newCustomer("Order Co");
    const bad = await statement(c, "2026-03-31", "2026-03-01");
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields.to).toBe("The period ends before it starts.");
    expect((await statement("00000000-0000-4000-8000-000000000000", "2026-03-01", "2026-03-31")).status).toBe(
      404,
    );
  });
});

describe("downloads", () => {
  async function download(path: string) {
    const res = await ctx.app.request(path, { headers: { origin: TEST_ORIGIN, cookie: dispatcher } });
    return {
      status: res.status,
      type: res.headers.get("content-type") ?? "",
      disposition: res.headers.get("content-disposition") ?? "",
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  }

  it("gives the statement as PDF, CSV and Excel", async () => {
    const c = await newCustomer("Download Dairy");
    const inv = await invoice(c, { issueDate: "2026-03-02", dueDate: "2026-04-01", total: "1234.56" }, [
      { paidOn: "2026-03-20", amount: "234.56" },
    ]);
    const q = `customerId=${c}&from=2026-03-01&to=2026-03-31`;

    const pdf = await download(`/api/statements/export?${q}&format=pdf`);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.disposition).toContain("statement-download-dairy-2026-03-01-to-2026-03-31.pdf");
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toContain("Statement Download Dairy");

    const csv = await download(`/api/statements/export?${q}&format=csv`);
    expect(csv.type).toContain("text/csv");
    const text = new TextDecoder().decode(csv.bytes);
    expect(text).toContain("2026-03-01,Opening balance,,,,,,0.00");
    expect(text).toContain(`2026-03-02,Invoice,${inv.invoiceNumber},2026-04-01,,1234.56,,1234.56`);
    expect(text).toContain("2026-03-31,Closing balance,,,,1234.56,234.56,1000.00");

    const xlsx = await download(`/api/statements/export?${q}&format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.bytes) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Statement", "Aging"]);
    expect(book.getWorksheet("Statement")?.getRow(1).getCell(1).value).toBe("Download Dairy");

    const receivables = await download("/api/statements/receivables/export?format=csv&q=Download%20Dairy");
    expect(new TextDecoder().decode(receivables.bytes)).toContain("Download Dairy");
  });
});

describe("who may read statements", () => {
  it("is admins, managers and dispatchers (spec route list); not accountants or customers", async () => {
    const c = await newCustomer("Access Co");
    for (const email of ["admin@demo.test", "manager@demo.test"]) {
      expect((await statement(c, "2026-03-01", "2026-03-31", await signIn(ctx, email))).status).toBe(200);
    }
    for (const email of ["accountant@demo.test", "customer@demo.test", "driver@demo.test"]) {
      expect((await statement(c, "2026-03-01", "2026-03-31", await signIn(ctx, email))).status).toBe(403);
    }
  });
});
