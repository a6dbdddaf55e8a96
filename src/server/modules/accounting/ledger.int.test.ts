import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  billPayments,
  citations,
  fuelEntries,
  invoicePayments,
  invoices,
  maintenanceRecords,
  parkingExpenses,
  tolls,
  transactions,
} from "../../db/schema";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { multipart, pdf, vehicleIdOf } from "../../testing/uploads";
import { backfillLedger } from "./ledger-backfill";
import { companyDay } from "./ledger-posting";

let ctx: TestContext;
let accountant: string;
let dispatcher: string;
let safety: string;
let truck101: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountant = await signIn(ctx, "accountant@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  safety = await signIn(ctx, "safety@demo.test");
  truck101 = await vehicleIdOf(ctx, "101");
});
afterAll(() => ctx.close());

const db = () => ctx.deps.db;
const rowOf = async (source: (typeof transactions.$inferSelect)["source"], sourceId: string) => {
  const [row] = await db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.source, source), eq(transactions.sourceId, sourceId)));
  return row;
};
const entry = (overrides: Record<string, unknown> = {}) => ({
  occurredOn: "2020-01-15",
  direction: "expense",
  category: "office",
  amount: "100.00",
  counterparty: "Staples",
  paymentMethod: "card",
  reference: "",
  notes: "",
  ...overrides,
});
const post = (body: unknown, cookie = accountant) =>
  call(ctx, "/api/ledger", { method: "POST", body, cookie });

describe("the demo ledger", () => {
  it("holds every source row the demo wrote, once, and backfilling again adds nothing", async () => {
    const posted = async (source: (typeof transactions.$inferSelect)["source"]) =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(transactions)
          .where(and(eq(transactions.source, source), isNull(transactions.voidedAt)))
      )[0].n;
    const n = async (q: Promise<Array<{ n: number }>>) => (await q)[0].n;
    const countOf = sql<number>`count(*)::int`;
    expect(await posted("fuel")).toBe(await n(db().select({ n: countOf }).from(fuelEntries)));
    expect(await posted("toll")).toBe(
      await n(db().select({ n: countOf }).from(tolls).where(sql`amount <> 0`)),
    );
    expect(await posted("parking_expense")).toBe(await n(db().select({ n: countOf }).from(parkingExpenses)));
    expect(await posted("invoice_payment")).toBe(await n(db().select({ n: countOf }).from(invoicePayments)));
    expect(await posted("maintenance")).toBe(
      await n(
        db().select({ n: countOf }).from(maintenanceRecords).where(sql`status = 'completed' and cost > 0`),
      ),
    );
    expect(await posted("citation")).toBe(
      await n(db().select({ n: countOf }).from(citations).where(eq(citations.status, "paid"))),
    );
    expect(await posted("fuel")).toBeGreaterThan(10);
    expect(await posted("bill_payment")).toBe(await n(db().select({ n: countOf }).from(billPayments)));
    expect(await posted("manual")).toBeGreaterThanOrEqual(15);
    expect(await db().transaction((tx) => backfillLedger(tx, "America/Chicago"))).toBe(0);
  });

  it("shows the accountant a voided duplicate with its reason", async () => {
    const res = await call(ctx, "/api/ledger?state=void&source=manual", { cookie: accountant });
    expect(res.status).toBe(200);
    expect(res.json.items[0].voidKind).toBe("by_user");
    expect(res.json.items[0].voidReason).toMatch(/Entered twice/);
    // Void rows never count in the totals.
    expect(res.json.totals).toEqual({ income: "0.00", expense: "0.00", net: "0.00" });
  });
});

describe("hand entries", () => {
  it("sums the filtered set to the cent: income, expense and net", async () => {
    for (const body of [
      entry({ direction: "income", category: "accessorials", amount: "1250.50", occurredOn: "2020-01-03" }),
      entry({ direction: "income", category: "other", amount: "99.99", occurredOn: "2020-01-20" }),
      entry({ amount: "300.10", occurredOn: "2020-01-31" }),
      entry({ amount: "0.01", occurredOn: "2020-01-31" }),
      // Outside the period.
      entry({ amount: "999.00", occurredOn: "2020-02-01" }),
    ])
      expect((await post(body)).status).toBe(201);
    const res = await call(ctx, "/api/ledger?from=2020-01-01&to=2020-01-31", { cookie: accountant });
    expect(res.json.total).toBe(4);
    // 1250.50 + 99.99 = 1350.49 in; 300.10 + 0.01 = 300.11 out; 1350.49 − 300.11 = 1050.38.
    expect(res.json.totals).toEqual({ income: "1350.49", expense: "300.11", net: "1050.38" });
    const out = await call(ctx, "/api/ledger?from=2020-01-01&to=2020-02-28&direction=expense", {
      cookie: accountant,
    });
    // 300.10 + 0.01 + 999.00 = 1299.11 out, nothing in: net −1299.11.
    expect(out.json.totals).toEqual({ income: "0.00", expense: "1299.11", net: "-1299.11" });
  });

  it("refuses empty and malformed fields with the field's message, writing nothing", async () => {
    const before = (await db().select({ id: transactions.id }).from(transactions)).length;
    const empty = await post({ occurredOn: "", amount: "" });
    expect(empty.status).toBe(400);
    expect(empty.json.error.details.fields).toMatchObject({
      occurredOn: "Enter the date.",
      direction: "Choose money in or money out.",
      category: "Choose a category.",
      amount: "Enter the amount.",
    });
    expect((await post(entry({ amount: "12.345" }))).json.error.details.fields.amount).toBe(
      "Enter an amount like 1250 or 1250.50.",
    );
    expect((await post(entry({ amount: "0" }))).json.error.details.fields.amount).toBe(
      "The amount must be more than zero.",
    );
    expect((await post(entry({ amount: "-5" }))).status).toBe(400);
    expect((await db().select({ id: transactions.id }).from(transactions)).length).toBe(before);
  });

  it("is edited, then voided with a reason (audited), and a void entry is never changed again", async () => {
    const created = await post(entry({ amount: "45.00", vehicleId: truck101 }));
    expect(created.json).toMatchObject({ amount: "45.00", vehicleLabel: "101", source: "manual" });
    const id = created.json.id;
    const edited = await call(ctx, `/api/ledger/${id}`, {
      method: "PUT",
      body: entry({ amount: "54.00", vehicleId: truck101 }),
      cookie: accountant,
    });
    expect(edited.json.amount).toBe("54.00");
    expect(
      (
        await call(ctx, `/api/ledger/${id}/void`, {
          method: "POST",
          body: { reason: " " },
          cookie: accountant,
        })
      ).json.error.details.fields.reason,
    ).toBe("Say why this entry is void.");
    const voided = await call(ctx, `/api/ledger/${id}/void`, {
      method: "POST",
      body: { reason: "Paid by the driver, not the company" },
      cookie: accountant,
    });
    expect(voided.json).toMatchObject({
      voidKind: "by_user",
      voidReason: "Paid by the driver, not the company",
    });
    expect(voided.json.voidedByName).toBe("Ava Chen");
    const again = await call(ctx, `/api/ledger/${id}/void`, {
      method: "POST",
      body: { reason: "again" },
      cookie: accountant,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("LEDGER_ENTRY_VOID");
    const edit = await call(ctx, `/api/ledger/${id}`, { method: "PUT", body: entry(), cookie: accountant });
    expect(edit.json.error.code).toBe("LEDGER_ENTRY_VOID");
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["ledger.created", "ledger.updated", "ledger.voided"]);
  });

  it("keeps a receipt checked by content", async () => {
    const id = (await post(entry())).json.id;
    const bad = await multipart(
      ctx,
      `/api/ledger/${id}/receipt`,
      accountant,
      { file: new File(["not a pdf"], "receipt.pdf", { type: "application/pdf" }) },
      "PUT",
    );
    expect(bad.status).toBe(415);
    const ok = await multipart(ctx, `/api/ledger/${id}/receipt`, accountant, { file: pdf() }, "PUT");
    expect(ok.json.hasReceipt).toBe(true);
    const file = await call(ctx, `/api/ledger/${id}/receipt`, { cookie: accountant });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
  });
});

describe("sources post their own money", () => {
  it("a toll: created, edited, a credit is money in, deleted is void — and the row is not edited here", async () => {
    // 03:30 UTC is the evening before in Chicago: the company's day.
    const at = "2026-03-10T03:30:00.000Z";
    const created = await call(ctx, "/api/tolls", {
      method: "POST",
      body: { occurredAt: at, location: "I-90 Skyway", transponder: "", amount: "6.50", vehicleId: truck101 },
      cookie: dispatcher,
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect(await rowOf("toll", id)).toMatchObject({
      occurredOn: "2026-03-09",
      direction: "expense",
      category: "tolls",
      amount: "6.50",
      vehicleId: truck101,
      voidedAt: null,
    });
    await call(ctx, `/api/tolls/${id}`, {
      method: "PUT",
      body: { occurredAt: at, location: "I-90 Skyway", transponder: "", amount: "7.25", vehicleId: truck101 },
      cookie: dispatcher,
    });
    expect(await rowOf("toll", id)).toMatchObject({ direction: "expense", amount: "7.25" });
    // A statement's credit is money back.
    const imported = await multipart(ctx, "/api/tolls/import", dispatcher, {
      file: new File(
        ["Date,Location,Amount,Transponder\r\n2026-03-11 10:00,I-90 Skyway refund,-6.50,RENTAL-1\r\n"],
        "s.csv",
        {
          type: "text/csv",
        },
      ),
      timeZone: "UTC",
    });
    expect(imported.json.imported).toBe(1);
    const [credit] = await db().select().from(tolls).where(eq(tolls.location, "I-90 Skyway refund"));
    expect(await rowOf("toll", credit.id)).toMatchObject({
      direction: "income",
      amount: "6.50",
      occurredOn: "2026-03-11",
    });

    const ledgerId = (await rowOf("toll", id)).id;
    const edit = await call(ctx, `/api/ledger/${ledgerId}`, {
      method: "PUT",
      body: entry(),
      cookie: accountant,
    });
    expect(edit.status).toBe(409);
    expect(edit.json.error.code).toBe("LEDGER_ENTRY_FROM_SOURCE");
    const voidIt = await call(ctx, `/api/ledger/${ledgerId}/void`, {
      method: "POST",
      body: { reason: "x" },
      cookie: accountant,
    });
    expect(voidIt.json.error.code).toBe("LEDGER_ENTRY_FROM_SOURCE");

    await call(ctx, `/api/tolls/${id}`, { method: "DELETE", cookie: dispatcher });
    const gone = await rowOf("toll", id);
    expect(gone.voidKind).toBe("source_removed");
    expect(gone.voidedAt).not.toBeNull();
  });

  it("a parking expense, with its method and day", async () => {
    const res = await multipart(ctx, "/api/parking/expenses", dispatcher, {
      location: "Truck Parking Club, Joliet",
      paymentMethod: "mobile_app",
      amount: "35.00",
      date: "2026-02-02",
      vehicleId: truck101,
    });
    expect(res.status).toBe(201);
    expect(await rowOf("parking_expense", res.json.id)).toMatchObject({
      occurredOn: "2026-02-02",
      category: "parking",
      amount: "35.00",
      paymentMethod: "mobile_app",
      counterparty: "Truck Parking Club, Joliet",
    });
    await call(ctx, `/api/parking/expenses/${res.json.id}`, { method: "DELETE", cookie: dispatcher });
    expect((await rowOf("parking_expense", res.json.id)).voidKind).toBe("source_removed");
  });

  it("maintenance: nothing while open, its cost once completed (tires on their own line), void when deleted", async () => {
    const open = await call(ctx, "/api/fleet/maintenance", {
      method: "POST",
      body: {
        assetType: "vehicle",
        vehicleId: truck101,
        serviceType: "tires",
        status: "open",
        serviceDate: companyDay(new Date(), "America/Chicago"),
        notes: "Steer tires worn",
      },
      cookie: dispatcher,
    });
    expect(open.status).toBe(201);
    const id = open.json.item.id;
    expect(await rowOf("maintenance", id)).toBeUndefined();
    const done = await call(ctx, `/api/fleet/maintenance/${id}/complete`, {
      method: "POST",
      body: {
        serviceDate: companyDay(new Date(), "America/Chicago"),
        cost: "1284.60",
        vendor: "Southern Tire Mart",
      },
      cookie: dispatcher,
    });
    expect(done.status).toBe(200);
    expect(await rowOf("maintenance", id)).toMatchObject({
      category: "tires",
      amount: "1284.60",
      counterparty: "Southern Tire Mart",
      vehicleId: truck101,
    });
    await call(ctx, `/api/fleet/maintenance/${id}`, { method: "DELETE", cookie: dispatcher });
    expect((await rowOf("maintenance", id)).voidKind).toBe("source_removed");
  });

  it("a citation: paid posts the fine, reopened voids it, paid again posts it again", async () => {
    const jake = await driverIdOf(ctx, "driver@demo.test");
    const created = await call(ctx, "/api/citations", {
      method: "POST",
      body: {
        driverId: jake,
        citationNumber: "IL-55120",
        issuedOn: "2026-01-05",
        dueOn: "2026-02-05",
        city: "Joliet",
        state: "IL",
        violation: "Speeding 11–14 over",
        fineAmount: "164.00",
      },
      cookie: safety,
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    const status = (s: string) =>
      call(ctx, `/api/citations/${id}/status`, { method: "POST", body: { status: s }, cookie: safety });
    expect((await status("paid")).status).toBe(200);
    expect(await rowOf("citation", id)).toMatchObject({
      category: "fines",
      amount: "164.00",
      driverId: jake,
    });
    await status("open");
    expect((await rowOf("citation", id)).voidKind).toBe("source_removed");
    await status("paid");
    expect(await rowOf("citation", id)).toMatchObject({ voidedAt: null, amount: "164.00" });
  });

  it("an invoice payment is income from the bill-to company; taking it back voids it", async () => {
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.status, "sent")))
      .limit(1);
    expect(invoice).toBeDefined();
    const paid = await call(ctx, `/api/invoices/${invoice.id}/payments`, {
      method: "POST",
      body: {
        amount: "10.00",
        paidOn: companyDay(new Date(), "America/Chicago"),
        method: "check",
        reference: "CHK 5521",
      },
      cookie: accountant,
    });
    expect(paid.status).toBe(201);
    const payment = paid.json.payments.find((p: { reference: string }) => p.reference === "CHK 5521");
    expect(await rowOf("invoice_payment", payment.id)).toMatchObject({
      direction: "income",
      category: "freight_revenue",
      amount: "10.00",
      counterparty: invoice.billToCompany,
      paymentMethod: "check",
      sourceParentId: invoice.id,
    });
    const listed = await call(ctx, `/api/ledger?source=invoice_payment&q=CHK%205521`, { cookie: accountant });
    expect(listed.json.items[0].sourceLink).toEqual({ kind: "invoice", id: invoice.id });
    await call(ctx, `/api/invoices/${invoice.id}/payments/${payment.id}`, {
      method: "DELETE",
      cookie: accountant,
    });
    expect((await rowOf("invoice_payment", payment.id)).voidKind).toBe("source_removed");
  });
});

describe("the daily sums behind the totals", () => {
  // Runs after every kind of write above (hand entries edited and voided, sources posted, edited,
  // voided and posted again): the trigger-kept sums must still be the ledger's own, key by key.
  it("equal the ledger's rows summed per day, direction, category, source and void state", async () => {
    const key = (r: Record<string, unknown>) =>
      `${r.occurred_on}|${r.direction}|${r.category}|${r.source}|${r.voided}|${r.entries}|${r.amount}`;
    const fromRows = await db().execute<Record<string, unknown>>(sql`
      select occurred_on::text, direction, category, source, voided_at is not null as voided,
        count(*)::int as entries, sum(amount)::text as amount
      from transactions group by 1, 2, 3, 4, 5`);
    const kept = await db().execute<Record<string, unknown>>(sql`
      select occurred_on::text, direction, category, source, voided, entries, amount::text
      from ledger_daily_totals where entries <> 0 or amount <> 0`);
    expect(fromRows.rows.length).toBeGreaterThan(20);
    expect(kept.rows.map(key).sort()).toEqual(fromRows.rows.map(key).sort());
  });

  it("give the same totals as the rows themselves, filter by filter", async () => {
    const year = new Date().getUTCFullYear();
    const cases: Array<[string, ReturnType<typeof sql>]> = [
      ["", sql`voided_at is null`],
      ["state=all", sql`true`],
      ["state=void", sql`voided_at is not null`],
      ["direction=expense", sql`voided_at is null and direction = 'expense'`],
      ["category=fuel", sql`voided_at is null and category = 'fuel'`],
      [
        `source=toll&from=${year}-01-01&to=${year}-12-31`,
        sql`voided_at is null and source = 'toll' and occurred_on between ${`${year}-01-01`} and ${`${year}-12-31`}`,
      ],
    ];
    for (const [filters, where] of cases) {
      const page = (await call(ctx, `/api/ledger?${filters}`, { cookie: accountant })).json;
      const [raw] = (
        await db().execute<{ total: number; income: string; expense: string }>(sql`
          select count(*)::int as total,
            coalesce(sum(amount) filter (where voided_at is null and direction = 'income'), 0)::numeric(14,2)::text as income,
            coalesce(sum(amount) filter (where voided_at is null and direction = 'expense'), 0)::numeric(14,2)::text as expense
          from transactions where ${where}`)
      ).rows;
      expect(raw.total, filters).toBeGreaterThan(0);
      expect(page.total, filters).toBe(raw.total);
      expect([page.totals.income, page.totals.expense], filters).toEqual([raw.income, raw.expense]);
    }
  });
});

describe("the export", () => {
  it("is the layout an accounting import reads: money out negative", async () => {
    const res = await ctx.app.request(
      "/api/ledger/export?format=csv&from=2020-01-01&to=2020-01-31&sort=amount&dir=desc",
      {
        headers: { cookie: accountant },
      },
    );
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Date,Account,Payee,Memo,Amount,/);
    expect(lines[1]).toMatch(/^01\/03\/2020,Accessorial revenue,Staples,,1250\.5,/);
    expect(lines.some((l) => /^01\/31\/2020,Office and administration,Staples,,-300\.1,/.test(l))).toBe(true);
  });
});

describe("who may reach it", () => {
  it("admin, manager and accountant; nobody else, not even to read", async () => {
    for (const email of ["admin@demo.test", "manager@demo.test"]) {
      expect((await call(ctx, "/api/ledger", { cookie: await signIn(ctx, email) })).status).toBe(200);
    }
    for (const email of [
      "dispatcher@demo.test",
      "safety@demo.test",
      "driver@demo.test",
      "customer@demo.test",
    ]) {
      const cookie = await signIn(ctx, email);
      expect((await call(ctx, "/api/ledger", { cookie })).status).toBe(403);
      expect((await post(entry(), cookie)).status).toBe(403);
      expect((await call(ctx, "/api/ledger/export", { cookie })).status).toBe(403);
    }
  });
});
