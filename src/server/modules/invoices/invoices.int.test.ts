import { LOAD_ALREADY_INVOICED_MESSAGE, OVERPAYMENT_MESSAGE } from "@shared/invoices/invoices.schema";
import { loadInvoicedMessage } from "@shared/loads/loads.schema";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customers, invoices, mailMessages, notifications } from "../../db/schema";
import { SAMPLE_JPEG, samplePdf, samplePng } from "../../platform/pdf/pdf.testing";
import { customerIdOf, driverIdOf, loadInput, uploadFile, userIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { startSmtpSink } from "../../testing/smtp-sink";
import { customerBalanceExpr, invoicedBalanceExpr, unbilledExpr } from "./balances";
import { buildInvoiceDetail, invoiceDetailJson } from "./invoice-detail";
import { completedLoad } from "./invoices.testing";

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let accountant: string;
let dispatcher: string;
let glf: string; // Great Lakes Foods (customer@demo.test)
let prairie: string; // Prairie Steel Supply (customer2@demo.test)
let glfCookie: string;
let prairieCookie: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url });
  accountant = await signIn(ctx, "accountant@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  glfCookie = await signIn(ctx, "customer@demo.test");
  prairieCookie = await signIn(ctx, "customer2@demo.test");
  glf = await customerIdOf(ctx, "customer@demo.test");
  prairie = await customerIdOf(ctx, "customer2@demo.test");
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const createInvoice = (body: Record<string, unknown>, cookie = accountant) =>
  call(ctx, "/api/invoices", { body, cookie });
const get = (id: string, cookie = accountant) => call(ctx, `/api/invoices/${id}`, { cookie });
const pay = (id: string, body: Record<string, unknown>) =>
  call(ctx, `/api/invoices/${id}/payments`, {
    body: { method: "ach", paidOn: "2026-01-05", ...body },
    cookie: accountant,
  });
const markSent = (id: string) =>
  call(ctx, `/api/invoices/${id}/mark-sent`, { method: "POST", cookie: accountant });
const dbToday = async () =>
  (await ctx.deps.db.execute<{ d: string }>(sql`select current_date::text as d`)).rows[0].d;

async function binaryGet(path: string, cookie: string) {
  const res = await ctx.app.request(path, { headers: { origin: TEST_ORIGIN, cookie } });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

describe("creating an invoice from completed loads", () => {
  it("bills each load's charges and totals them", async () => {
    // Customer rate 2600 with lumper 150 and detention 75.50: the line haul is what is left.
    const a = await completedLoad(ctx, dispatcher, glf, {
      baseRate: "2000.00",
      lumperFee: "150",
      detention: "75.50",
      otherCharges: "",
      customerRate: "2600",
    });
    // No customer rate: the base rate is the line haul.
    const b = await completedLoad(ctx, dispatcher, glf, {
      baseRate: "1000",
      lumperFee: "",
      detention: "",
      otherCharges: "49.99",
      customerRate: "",
    });
    const res = await createInvoice({ customerId: glf, loadIds: [a.id, b.id], notes: "PO 4471" });
    expect(res.status).toBe(201);
    const inv = res.json;
    expect(inv.status).toBe("draft");
    expect(inv.customerName).toBe("Great Lakes Foods Inc.");
    expect(
      inv.lines.map((l: { loadNumber: string; kind: string; amount: string }) => [
        l.loadNumber,
        l.kind,
        l.amount,
      ]),
    ).toEqual([
      [a.loadNumber, "line_haul", "2374.50"],
      [a.loadNumber, "lumper", "150.00"],
      [a.loadNumber, "detention", "75.50"],
      [b.loadNumber, "line_haul", "1000.00"],
      [b.loadNumber, "other", "49.99"],
    ]);
    expect(inv.total).toBe("3649.99");
    expect(inv.balance).toBe("3649.99");
    expect(inv.amountPaid).toBe("0.00");
    expect(inv.loadCount).toBe(2);
    expect(inv.notes).toBe("PO 4471");
    expect(inv.billTo).toMatchObject({ companyName: "Great Lakes Foods Inc.", email: "customer@demo.test" });
    expect(inv.actions).toEqual({ edit: true, send: true, markSent: true, recordPayment: false, void: true });
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "invoice.created"), eq(auditLog.targetId, inv.id)));
    expect(audit.details).toMatchObject({ total: "3649.99", loads: [a.loadNumber, b.loadNumber] });
  });

  it("takes the due date from the customer's payment terms (30 days by default), or as given", async () => {
    await ctx.deps.db.update(customers).set({ paymentTermsDays: 45 }).where(eq(customers.id, prairie));
    const load = await completedLoad(ctx, dispatcher, prairie);
    const res = await createInvoice({ customerId: prairie, loadIds: [load.id], issueDate: "2026-02-10" });
    expect(res.json).toMatchObject({ issueDate: "2026-02-10", dueDate: "2026-03-27", paymentTermsDays: 45 });
    await ctx.deps.db.update(customers).set({ paymentTermsDays: 30 }).where(eq(customers.id, prairie));

    const other = await completedLoad(ctx, dispatcher, prairie);
    const defaulted = await createInvoice({ customerId: prairie, loadIds: [other.id] });
    expect(defaulted.json.issueDate).toBe(await dbToday());
    const days = (Date.parse(defaulted.json.dueDate) - Date.parse(defaulted.json.issueDate)) / 86_400_000;
    expect(days).toBe(30);

    const third = await completedLoad(ctx, dispatcher, prairie);
    const given = await createInvoice({
      customerId: prairie,
      loadIds: [third.id],
      issueDate: "2026-02-10",
      dueDate: "2026-02-20",
    });
    expect(given.json.dueDate).toBe("2026-02-20");
    const backwards = await createInvoice({
      customerId: prairie,
      loadIds: [third.id],
      issueDate: "2026-02-10",
      dueDate: "2026-02-01",
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.details.fields.dueDate).toBe("The due date cannot be before the issue date.");
  });

  it("numbers invoices INV-<year>-<n>, one after the other", async () => {
    const l1 = await completedLoad(ctx, dispatcher, glf);
    const l2 = await completedLoad(ctx, dispatcher, glf);
    const first = await createInvoice({ customerId: glf, loadIds: [l1.id], issueDate: "2025-12-31" });
    const second = await createInvoice({ customerId: glf, loadIds: [l2.id], issueDate: "2026-01-02" });
    expect(first.json.invoiceNumber).toMatch(/^INV-2025-\d{5}$/);
    expect(second.json.invoiceNumber).toMatch(/^INV-2026-\d{5}$/);
    const n = (s: string) => Number(s.split("-")[2]);
    expect(n(second.json.invoiceNumber)).toBe(n(first.json.invoiceNumber) + 1);
  });

  it("refuses loads that are not completed or belong to another customer", async () => {
    const pending = await call(ctx, "/api/loads", {
      body: loadInput({ customerId: glf }),
      cookie: dispatcher,
    });
    const res = await createInvoice({ customerId: glf, loadIds: [pending.json.id] });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("LOAD_NOT_BILLABLE");
    const theirs = await completedLoad(ctx, dispatcher, prairie);
    const wrong = await createInvoice({ customerId: glf, loadIds: [theirs.id] });
    expect(wrong.status).toBe(409);
    expect(wrong.json.error.details.loadNumbers).toEqual([theirs.loadNumber]);
    const none = await createInvoice({ customerId: glf, loadIds: [] });
    expect(none.status).toBe(400);
    expect(none.json.error.details.fields.loadIds).toBe("Choose at least one completed load.");
  });
});

describe("one live invoice per load", () => {
  it("answers 409 for a load already on another invoice, and frees it when that invoice is voided", async () => {
    const load = await completedLoad(ctx, dispatcher, glf);
    const first = await createInvoice({ customerId: glf, loadIds: [load.id] });
    expect(first.status).toBe(201);
    const second = await createInvoice({ customerId: glf, loadIds: [load.id] });
    expect(second.status).toBe(409);
    expect(second.json.error.code).toBe("LOAD_ALREADY_INVOICED");
    expect(second.json.error.message).toContain(LOAD_ALREADY_INVOICED_MESSAGE);
    expect(second.json.error.details.loads).toEqual([
      { loadNumber: load.loadNumber, invoiceNumber: first.json.invoiceNumber },
    ]);
    // It is not offered as billable either.
    const billable = await call(ctx, `/api/invoices/billable-loads?customerId=${glf}`, {
      cookie: accountant,
    });
    expect(billable.json.map((l: { id: string }) => l.id)).not.toContain(load.id);

    const voided = await call(ctx, `/api/invoices/${first.json.id}/void`, {
      body: { reason: "Billed on the wrong PO." },
      cookie: accountant,
    });
    expect(voided.json).toMatchObject({
      status: "void",
      voidReason: "Billed on the wrong PO.",
      balance: "0.00",
    });
    const again = await createInvoice({ customerId: glf, loadIds: [load.id] });
    expect(again.status).toBe(201);
  });

  it("keeps a billed load completed: reopening it answers 409 until the invoice is voided", async () => {
    const driverId = await driverIdOf(ctx, "driver2@demo.test");
    const load = await completedLoad(ctx, dispatcher, glf, { driverId });
    const inv = (await createInvoice({ customerId: glf, loadIds: [load.id] })).json;
    const detail = await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher });
    expect(detail.json).toMatchObject({ invoiceNumber: inv.invoiceNumber, allowedStatuses: [] });
    const reopen = await call(ctx, `/api/loads/${load.id}/status`, {
      body: { status: "in_progress" },
      cookie: dispatcher,
    });
    expect(reopen.status).toBe(409);
    expect(reopen.json.error).toMatchObject({
      code: "LOAD_INVOICED",
      message: loadInvoicedMessage(inv.invoiceNumber),
      details: { invoiceNumber: inv.invoiceNumber },
    });
    expect((await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher })).json.status).toBe("completed");

    await call(ctx, `/api/invoices/${inv.id}/void`, { body: { reason: "Wrong load." }, cookie: accountant });
    const freed = await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher });
    expect(freed.json).toMatchObject({ invoiceNumber: null, allowedStatuses: ["in_progress"] });
    const reopened = await call(ctx, `/api/loads/${load.id}/status`, {
      body: { status: "in_progress" },
      cookie: dispatcher,
    });
    expect(reopened.status).toBe(200);
  });

  it("lets only one of two simultaneous invoices take a load", async () => {
    const load = await completedLoad(ctx, dispatcher, glf);
    const results = await Promise.all(
      [1, 2, 3].map(() => createInvoice({ customerId: glf, loadIds: [load.id] })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("lets a draft change its loads, but not once sent", async () => {
    const [a, b] = [await completedLoad(ctx, dispatcher, glf), await completedLoad(ctx, dispatcher, glf)];
    const inv = (await createInvoice({ customerId: glf, loadIds: [a.id] })).json;
    const edited = await call(ctx, `/api/invoices/${inv.id}`, {
      method: "PUT",
      body: { loadIds: [a.id, b.id], notes: "Two loads" },
      cookie: accountant,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.loadCount).toBe(2);
    expect(edited.json.notes).toBe("Two loads");
    await markSent(inv.id);
    const late = await call(ctx, `/api/invoices/${inv.id}`, {
      method: "PUT",
      body: { loadIds: [a.id] },
      cookie: accountant,
    });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe("INVOICE_NOT_DRAFT");
  });
});

describe("overdue is computed when read", () => {
  it("is not overdue on the due date, and is the day after", async () => {
    const load = await completedLoad(ctx, dispatcher, prairie);
    const inv = (await createInvoice({ customerId: prairie, loadIds: [load.id] })).json;
    await markSent(inv.id);
    const day = await dbToday();
    const listed = async (status: string) =>
      (
        await call(ctx, `/api/invoices?status=${status}&customerId=${prairie}&pageSize=100`, {
          cookie: accountant,
        })
      ).json.items.map((i: { id: string }) => i.id);

    await ctx.deps.db.update(invoices).set({ dueDate: day }).where(eq(invoices.id, inv.id));
    expect((await get(inv.id)).json).toMatchObject({ status: "sent", daysOverdue: 0 });
    expect(await listed("sent")).toContain(inv.id);
    expect(await listed("overdue")).not.toContain(inv.id);

    await ctx.deps.db.update(invoices).set({ dueDate: sql`current_date - 1` }).where(eq(invoices.id, inv.id));
    expect((await get(inv.id)).json).toMatchObject({
      status: "overdue",
      storedStatus: "sent",
      daysOverdue: 1,
    });
    expect(await listed("overdue")).toContain(inv.id);
    expect(await listed("sent")).not.toContain(inv.id);
    // Nothing was written: overdue is never stored.
    const [row] = await ctx.deps.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, inv.id));
    expect(row.status).toBe("sent");
  });
});

describe("payments", () => {
  it("takes partial payments, is paid when nothing is left, and refuses an overpayment", async () => {
    const load = await completedLoad(ctx, dispatcher, glf, {
      baseRate: "1000",
      lumperFee: "",
      detention: "",
      customerRate: "",
    });
    const inv = (await createInvoice({ customerId: glf, loadIds: [load.id] })).json;
    expect(inv.total).toBe("1000.00");

    const early = await pay(inv.id, { amount: "100" });
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("INVOICE_NOT_OPEN");
    await markSent(inv.id);

    const first = await pay(inv.id, { amount: "400.25", method: "check", reference: "Check 1001" });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: "sent", amountPaid: "400.25", balance: "599.75" });

    const over = await pay(inv.id, { amount: "599.76" });
    expect(over.status).toBe(400);
    expect(over.json.error.code).toBe("OVERPAYMENT");
    expect(over.json.error.message).toBe(OVERPAYMENT_MESSAGE);
    expect(over.json.error.details.fields.amount).toContain("$599.75");
    expect((await get(inv.id)).json.amountPaid).toBe("400.25");

    const rest = await pay(inv.id, { amount: "599.75" });
    expect(rest.json).toMatchObject({ status: "paid", balance: "0.00", amountPaid: "1000.00" });
    expect(rest.json.paidAt).not.toBeNull();
    expect(rest.json.payments.map((p: { amount: string }) => p.amount)).toEqual(["400.25", "599.75"]);
    expect(rest.json.actions).toMatchObject({ recordPayment: false, void: false });

    const more = await pay(inv.id, { amount: "1" });
    expect(more.status).toBe(409);

    // A payment taken back opens the invoice again.
    const removed = await call(ctx, `/api/invoices/${inv.id}/payments/${rest.json.payments[1].id}`, {
      method: "DELETE",
      cookie: accountant,
    });
    expect(removed.json).toMatchObject({ status: "sent", balance: "599.75", paidAt: null });
    const voidPaid = await call(ctx, `/api/invoices/${inv.id}/void`, {
      body: { reason: "x" },
      cookie: accountant,
    });
    expect(voidPaid.status).toBe(409);
  });

  it("refuses zero, malformed and future-dated payments with field messages", async () => {
    const load = await completedLoad(ctx, dispatcher, glf);
    const inv = (await createInvoice({ customerId: glf, loadIds: [load.id] })).json;
    await markSent(inv.id);
    expect((await pay(inv.id, { amount: "0" })).json.error.details.fields.amount).toBe(
      "Enter an amount above zero.",
    );
    expect((await pay(inv.id, { amount: "12.345" })).status).toBe(400);
    const future = await pay(inv.id, { amount: "10", paidOn: "2099-01-01" });
    expect(future.json.error.details.fields.paidOn).toBe("The payment date cannot be in the future.");
  });
});

describe("the invoice PDF", () => {
  it("is a real PDF with the loads' rate confirmation and BOL pages appended", async () => {
    const load = await completedLoad(ctx, dispatcher, glf);
    const inv = (await createInvoice({ customerId: glf, loadIds: [load.id] })).json;
    const bare = await binaryGet(`/api/invoices/${inv.id}/pdf`, accountant);
    expect(bare.status).toBe(200);
    expect(bare.type).toBe("application/pdf");
    expect(bare.disposition).toContain(`${inv.invoiceNumber}.pdf`);
    const barePages = (await PDFDocument.load(bare.bytes)).getPageCount();
    expect(barePages).toBeGreaterThanOrEqual(1);

    expect(
      (
        await uploadFile(ctx, dispatcher, load.id, {
          content: await samplePdf(2, "Rate con"),
          name: "ratecon.pdf",
          kind: "rate_confirmation",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await uploadFile(ctx, dispatcher, load.id, {
          content: samplePng(600, 900),
          name: "bol.png",
          type: "image/png",
          kind: "bol",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await uploadFile(ctx, dispatcher, load.id, {
          content: SAMPLE_JPEG,
          name: "pod.jpg",
          type: "image/jpeg",
          kind: "pod",
        })
      ).status,
    ).toBe(201);
    // Not part of the invoice packet.
    await uploadFile(ctx, dispatcher, load.id, {
      content: await samplePdf(3),
      name: "misc.pdf",
      kind: "other",
    });

    const full = await binaryGet(`/api/invoices/${inv.id}/pdf`, accountant);
    const pdf = await PDFDocument.load(full.bytes);
    expect(pdf.getPageCount()).toBe(barePages + 2 + 1 + 1);
    expect(pdf.getTitle()).toBe(`Draft invoice ${inv.invoiceNumber}`);
    const detail = (await get(inv.id)).json;
    expect(detail.loads[0]).toMatchObject({ rateConfirmations: 1, billsOfLading: 1, proofsOfDelivery: 1 });
  });
});

describe("sending by email", () => {
  it("mails the PDF through SMTP, marks the invoice sent, audits and tells the customer", async () => {
    const load = await completedLoad(ctx, dispatcher, glf);
    await uploadFile(ctx, dispatcher, load.id, {
      content: await samplePdf(1, "BOL"),
      name: "bol.pdf",
      kind: "bol",
    });
    const inv = (await createInvoice({ customerId: glf, loadIds: [load.id] })).json;

    const res = await call(ctx, `/api/invoices/${inv.id}/send`, {
      body: { message: "Invoice for last week's run." },
      cookie: accountant,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ delivery: "sent", to: "customer@demo.test", skippedFiles: [] });
    expect(res.json.invoice).toMatchObject({ status: "sent", sentTo: "customer@demo.test" });
    expect(res.json.invoice.sentAt).not.toBeNull();

    const mail = await smtp.waitFor("customer@demo.test");
    expect(mail.raw).toContain(`Subject: Invoice ${inv.invoiceNumber} from Lakeshore Freight Lines LLC`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toContain(`${inv.invoiceNumber}.pdf`);
    expect(mail.raw).toMatch(/Reply-To: billing@lakeshorefreight.test/i);
    // The attachment is the invoice PDF: decode it and count its pages.
    const part = mail.raw.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p)) ?? "";
    const base64 = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("")
      .replace(/[^A-Za-z0-9+/=]/g, "");
    const attached = await PDFDocument.load(Buffer.from(base64, "base64"));
    expect(attached.getPageCount()).toBeGreaterThanOrEqual(2); // the invoice + the one-page BOL
    expect(attached.getTitle()).toBe(`Invoice ${inv.invoiceNumber}`);

    const [stored] = await ctx.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, `Invoice ${inv.invoiceNumber} from Lakeshore Freight Lines LLC`));
    expect(stored.status).toBe("sent");
    expect(stored.attachments?.[0]).toMatchObject({
      filename: `${inv.invoiceNumber}.pdf`,
      contentType: "application/pdf",
    });
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "invoice.sent"), eq(auditLog.targetId, inv.id)));
    expect(audit.details).toMatchObject({ to: "customer@demo.test", delivery: "sent" });
    const customerUser = await userIdOf(ctx, "customer@demo.test");
    const notes = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, customerUser), eq(notifications.kind, "invoice.sent")));
    expect(notes.some((n) => n.data.invoiceNumber === inv.invoiceNumber && n.data.total === inv.total)).toBe(
      true,
    );
  });

  it("sends to another address when asked, and needs one when the customer has none", async () => {
    const load = await completedLoad(ctx, dispatcher, prairie);
    const inv = (await createInvoice({ customerId: prairie, loadIds: [load.id] })).json;
    await ctx.deps.db.update(invoices).set({ billToEmail: null }).where(eq(invoices.id, inv.id));
    const missing = await call(ctx, `/api/invoices/${inv.id}/send`, { body: {}, cookie: accountant });
    expect(missing.status).toBe(400);
    expect(missing.json.error.details.fields.to).toBeDefined();
    const res = await call(ctx, `/api/invoices/${inv.id}/send`, {
      body: { to: "AP@Prairiesteel.test" },
      cookie: accountant,
    });
    expect(res.json.to).toBe("ap@prairiesteel.test");
    await smtp.waitFor("ap@prairiesteel.test");
  });
});

describe("the list", () => {
  it("searches by invoice number, customer and load number, filters and sorts, with totals", async () => {
    const load = await completedLoad(ctx, dispatcher, prairie, {
      baseRate: "777.00",
      lumperFee: "",
      detention: "",
      customerRate: "",
    });
    const inv = (await createInvoice({ customerId: prairie, loadIds: [load.id] })).json;
    const search = async (q: string) =>
      (await call(ctx, `/api/invoices?q=${encodeURIComponent(q)}&pageSize=100`, { cookie: accountant })).json;
    expect((await search(inv.invoiceNumber)).items.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    expect((await search(load.loadNumber)).items.map((i: { id: string }) => i.id)).toEqual([inv.id]);
    const byCustomer = await search("prairie steel");
    expect(
      byCustomer.items.every((i: { customerName: string }) => i.customerName === "Prairie Steel Supply LLC"),
    ).toBe(true);
    expect(byCustomer.total).toBeGreaterThan(1);

    const drafts = (
      await call(ctx, `/api/invoices?status=draft&customerId=${prairie}&sort=total&dir=asc&pageSize=100`, {
        cookie: accountant,
      })
    ).json;
    expect(drafts.items.every((i: { status: string }) => i.status === "draft")).toBe(true);
    const totals = drafts.items.map((i: { total: string }) => Number(i.total));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    // Drafts are not receivables: counted apart, never billed or owed (decision 014).
    expect(Number(drafts.totals.drafts.total)).toBeCloseTo(
      totals.reduce((s: number, t: number) => s + t, 0),
      2,
    );
    expect(drafts.totals.drafts.count).toBe(drafts.items.length);
    expect([drafts.totals.total, drafts.totals.balance]).toEqual(["0.00", "0.00"]);

    const period = (
      await call(ctx, "/api/invoices?from=2026-02-10&to=2026-02-10&pageSize=100", { cookie: accountant })
    ).json;
    expect(period.items.length).toBeGreaterThan(0);
    expect(period.items.every((i: { issueDate: string }) => i.issueDate === "2026-02-10")).toBe(true);
  });

  it("exports the filtered set as CSV and Excel", async () => {
    const csv = await binaryGet(`/api/invoices/export?format=csv&customerId=${glf}&status=paid`, accountant);
    expect(csv.type).toContain("text/csv");
    const text = new TextDecoder().decode(csv.bytes);
    expect(text.split("\r\n")[0]).toContain("Invoice number,Customer,Status");
    const rows = text.trim().split("\r\n").slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.includes("Great Lakes Foods Inc.") && r.includes(",Paid,"))).toBe(true);

    const xlsx = await binaryGet(`/api/invoices/export?format=xlsx&customerId=${glf}`, accountant);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.bytes) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Invoices");
    expect(sheet?.getRow(1).getCell(1).value).toBe("Invoice number");
    expect(sheet?.rowCount).toBeGreaterThan(1);
  });

  it("is for admins, managers and accountants only", async () => {
    expect((await call(ctx, "/api/invoices", { cookie: dispatcher })).status).toBe(403);
    expect((await call(ctx, "/api/invoices", { cookie: glfCookie })).status).toBe(403);
    expect(
      (await call(ctx, "/api/invoices", { cookie: await signIn(ctx, "manager@demo.test") })).status,
    ).toBe(200);
  });
});

describe("the demo billing history", () => {
  it("has paid, partly paid, open and overdue invoices with payments for both demo customers", async () => {
    for (const customerId of [glf, prairie]) {
      const all = (
        await call(ctx, `/api/invoices?customerId=${customerId}&pageSize=100&sort=issueDate&dir=asc`, {
          cookie: accountant,
        })
      ).json.items;
      const statuses = new Set(all.map((i: { status: string }) => i.status));
      expect(statuses.has("paid")).toBe(true);
      expect(statuses.has("overdue")).toBe(true);
      expect(
        all.some(
          (i: { status: string; amountPaid: string }) => i.status !== "paid" && Number(i.amountPaid) > 0,
        ),
      ).toBe(true);
    }
  });
});

describe("customer portal billing", () => {
  it("lists only the customer's own sent and paid invoices", async () => {
    const mine = (await call(ctx, "/api/portal/invoices?pageSize=100", { cookie: glfCookie })).json;
    expect(mine.total).toBeGreaterThan(0);
    const ids = mine.items.map((i: { id: string }) => i.id);
    const rows = await ctx.deps.db
      .select({ id: invoices.id, customerId: invoices.customerId, status: invoices.status })
      .from(invoices);
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      expect(row?.customerId).toBe(glf);
      expect(["sent", "paid"]).toContain(row?.status);
    }
    // Every sent or paid invoice of the customer is there.
    expect(ids.length).toBe(
      rows.filter((r) => r.customerId === glf && ["sent", "paid"].includes(r.status)).length,
    );
    expect(Object.keys(mine.items[0]).sort()).toEqual(
      [
        "amountPaid",
        "balance",
        "daysOverdue",
        "dueDate",
        "id",
        "invoiceNumber",
        "issueDate",
        "loadNumbers",
        "status",
        "total",
      ].sort(),
    );
  });

  it("answers 404 for another customer's invoice and PDF, and for the customer's own drafts", async () => {
    const theirs = (await call(ctx, "/api/portal/invoices?pageSize=100", { cookie: prairieCookie })).json
      .items[0];
    expect((await call(ctx, `/api/portal/invoices/${theirs.id}`, { cookie: glfCookie })).status).toBe(404);
    expect((await binaryGet(`/api/portal/invoices/${theirs.id}/pdf`, glfCookie)).status).toBe(404);
    const own = await call(ctx, `/api/portal/invoices/${theirs.id}`, { cookie: prairieCookie });
    expect(own.status).toBe(200);
    expect(own.json).not.toHaveProperty("customerId");
    for (const p of own.json.payments)
      expect(Object.keys(p).sort()).toEqual(["amount", "id", "method", "paidOn", "reference"]);
    const pdf = await binaryGet(`/api/portal/invoices/${theirs.id}/pdf`, prairieCookie);
    expect(pdf.type).toBe("application/pdf");
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);

    const load = await completedLoad(ctx, dispatcher, glf);
    const draft = (await createInvoice({ customerId: glf, loadIds: [load.id] })).json;
    expect((await call(ctx, `/api/portal/invoices/${draft.id}`, { cookie: glfCookie })).status).toBe(404);
    // Staff endpoints stay closed to customers.
    expect((await call(ctx, `/api/invoices/${draft.id}`, { cookie: glfCookie })).status).toBe(403);
  });

  it("gives the customer their own statement only", async () => {
    const s = await call(ctx, "/api/portal/statement?from=2025-01-01&to=2027-12-31", { cookie: glfCookie });
    expect(s.status).toBe(200);
    expect(s.json.customer.id).toBe(glf);
    // A customerId in the query is ignored: the statement is always the signed-in customer's.
    const sneaky = await call(
      ctx,
      `/api/portal/statement?from=2025-01-01&to=2027-12-31&customerId=${prairie}`,
      { cookie: glfCookie },
    );
    expect(sneaky.json.customer.id).toBe(glf);
    const file = await binaryGet(
      "/api/portal/statement/export?from=2025-01-01&to=2027-12-31&format=pdf",
      glfCookie,
    );
    expect(file.type).toBe("application/pdf");
    expect(
      (await call(ctx, "/api/portal/statement?from=2025-01-01&to=2027-12-31", { cookie: accountant })).status,
    ).toBe(403);
  });
});

describe("a customer's balance for other lists", () => {
  it("is the unpaid sent invoices plus the delivered loads not yet invoiced, valued as billed", async () => {
    const [row] = await ctx.deps.db
      .select({
        invoiced: invoicedBalanceExpr(),
        unbilled: unbilledExpr(),
        total: customerBalanceExpr(),
      })
      .from(customers)
      .where(eq(customers.id, glf));
    const sent = (
      await call(ctx, `/api/invoices?customerId=${glf}&pageSize=100`, { cookie: accountant })
    ).json.items
      .filter((i: { status: string }) => i.status === "sent" || i.status === "overdue")
      .reduce((s: number, i: { balance: string }) => s + Number(i.balance), 0);
    const billable = (
      await call(ctx, `/api/invoices/billable-loads?customerId=${glf}`, { cookie: accountant })
    ).json.reduce((s: number, l: { amount: string }) => s + Number(l.amount), 0);
    expect(Number(row.invoiced)).toBeCloseTo(sent, 2);
    expect(Number(row.unbilled)).toBeCloseTo(billable, 2);
    expect(Number(row.total)).toBeCloseTo(sent + billable, 2);
    expect(billable).toBeGreaterThan(0);
    // The same figures in the customer picker of the invoice form.
    const [option] = (await call(ctx, "/api/invoices/customers?q=Great%20Lakes", { cookie: accountant }))
      .json;
    expect(option).toMatchObject({ id: glf, paymentTermsDays: 30 });
    expect(Number(option.openBalance)).toBeCloseTo(sent, 2);
    expect(option.billableLoads).toBe(
      (await call(ctx, `/api/invoices/billable-loads?customerId=${glf}`, { cookie: accountant })).json.length,
    );
    // Passing the bare column works too (it is qualified inside).
    const [bare] = await ctx.deps.db
      .select({ invoiced: invoicedBalanceExpr(customers.id) })
      .from(customers)
      .where(eq(customers.id, glf));
    expect(Number(bare.invoiced)).toBeCloseTo(sent, 2);
  });
});

describe("the detail PostgreSQL writes as JSON text (issue 42)", () => {
  it("is byte for byte the detail built in Node, for every invoice: draft, sent, overdue, paid, void", async () => {
    // One of each kind beside the demo invoices: overdue with a part payment, paid, void, and notes and
    // a bill-to that JSON must escape.
    const [a, b, c] = [
      await completedLoad(ctx, dispatcher, prairie),
      await completedLoad(ctx, dispatcher, prairie),
      await completedLoad(ctx, dispatcher, prairie),
    ];
    const overdue = (await createInvoice({ customerId: prairie, loadIds: [a.id] })).json;
    await markSent(overdue.id);
    await pay(overdue.id, { amount: "1.10", reference: 'Ref "7"\\', note: "line\nnext\ttab \u0001 é 🚚" });
    await ctx.deps.db
      .update(invoices)
      .set({
        dueDate: sql`current_date - 12`,
        notes: 'Net 30 — "quoted" \\ back\r\n\u2028',
        billToEmail: null,
      })
      .where(eq(invoices.id, overdue.id));
    const paid = (await createInvoice({ customerId: prairie, loadIds: [b.id] })).json;
    await markSent(paid.id);
    await pay(paid.id, { amount: paid.total });
    const voided = (await createInvoice({ customerId: prairie, loadIds: [c.id] })).json;
    const v = await call(ctx, `/api/invoices/${voided.id}/void`, {
      body: { reason: "Billed twice" },
      cookie: accountant,
    });
    expect(v.status).toBe(200);

    const all = await ctx.deps.db.select({ id: invoices.id, status: invoices.status }).from(invoices);
    expect(new Set(all.map((i) => i.status))).toEqual(new Set(["draft", "sent", "paid", "void"]));
    for (const { id } of all) {
      const text = (await invoiceDetailJson(ctx.deps.db, id)).text;
      expect(text).toBe(JSON.stringify(await buildInvoiceDetail(ctx.deps.db, id)));
    }
    expect(JSON.parse((await invoiceDetailJson(ctx.deps.db, overdue.id)).text)).toMatchObject({
      status: "overdue",
      daysOverdue: 12,
      balance: lessPaid(overdue.total),
    });

    // The route sends that text as it is; an unknown invoice is still a 404.
    const res = await ctx.app.request(`/api/invoices/${overdue.id}`, {
      headers: { origin: TEST_ORIGIN, cookie: accountant },
    });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.text()).toBe(JSON.stringify(await buildInvoiceDetail(ctx.deps.db, overdue.id)));
    expect((await get("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

/** A total less the 1.10 paid on it above. */
const lessPaid = (total: string) => (Math.round(Number(total) * 100 - 110) / 100).toFixed(2);
