import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loads } from "../../db/schema";
import { loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { pdfText } from "../../testing/pdf-text";
import { startSmtpSink } from "../../testing/smtp-sink";

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let accountant: string;
let manager: string;
let dispatcher: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url });
  [accountant, manager, dispatcher] = await Promise.all([
    signIn(ctx, "accountant@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
  ]);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const tag = Math.random().toString(36).slice(2, 6);
let weekNo = 0;
/** A weekly period (Monday–Sunday) of 2025, a new one each call. */
function nextWeek() {
  weekNo += 1;
  const start = new Date(Date.UTC(2025, 0, 6 + 7 * weekNo));
  const end = new Date(start.getTime() + 6 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    periodStart: day(start),
    periodEnd: day(end),
    mid: day(new Date(start.getTime() + 2 * 86_400_000)),
  };
}

async function driver(name: string, fields: Record<string, unknown>) {
  const res = await call(ctx, "/api/drivers", {
    body: { fullName: `${name} ${tag}`, ...fields },
    cookie: accountant,
  });
  if (res.status !== 201) {
    // Accountants do not write drivers: dispatch adds them.
    const again = await call(ctx, "/api/drivers", {
      body: { fullName: `${name} ${tag}`, ...fields },
      cookie: dispatcher,
    });
    expect(again.status).toBe(201);
    return again.json.id as string;
  }
  return res.json.id as string;
}

/** One load paid `amount` to `driverId` on a settlement paid on `paidOn`. */
async function pay(driverId: string, amount: string, paidOn: string, withholding?: string) {
  const week = nextWeek();
  const load = await call(ctx, "/api/loads", {
    body: loadInput({ driverId, payType: "fixed", payRate: amount }),
    cookie: dispatcher,
  });
  expect(load.status).toBe(201);
  await ctx.deps.db
    .update(loads)
    .set({ status: "completed", deliveredAt: new Date(`${week.mid}T18:00:00Z`) })
    .where(eq(loads.id, load.json.id));
  await call(ctx, "/api/settlements/generate", {
    body: { periodStart: week.periodStart, periodEnd: week.periodEnd },
    cookie: accountant,
  });
  const list = await call(
    ctx,
    `/api/settlements?driverId=${driverId}&from=${week.periodEnd}&to=${week.periodEnd}`,
    {
      cookie: accountant,
    },
  );
  const id = list.json.items[0].id as string;
  if (withholding) {
    await call(ctx, `/api/settlements/${id}/lines`, {
      body: { section: "deduction", kind: "backup_withholding", amount: withholding },
      cookie: accountant,
    });
  }
  expect(
    (await call(ctx, `/api/settlements/${id}/approve`, { method: "POST", cookie: accountant })).status,
  ).toBe(200);
  const paid = await call(ctx, `/api/settlements/${id}/pay`, {
    body: { paidOn, method: "ach" },
    cookie: accountant,
  });
  expect(paid.status).toBe(200);
}

async function fileOf(path: string, cookie: string) {
  const res = await ctx.app.request(path, { headers: { origin: TEST_ORIGIN, cookie } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), text: "" };
}

const ADDRESS = {
  mailingStreet: "815 Ridge Rd",
  mailingCity: "Joliet",
  mailingState: "IL",
  mailingPostalCode: "60435",
};

describe("1099-NEC tax forms", () => {
  it("totals by payment date, the year's threshold, blockers, the PDF, issuing, e-delivery, corrections and IRIS", async () => {
    const complete = await driver("Nina Owner", {
      workerType: "contractor",
      taxId: "36-1234567",
      email: `nina.${tag}@drivers.test`,
      taxFormsEconsent: true,
      ...ADDRESS,
    });
    const noTin = await driver("Omar NoTin", { workerType: "contractor", ...ADDRESS });
    const small = await driver("Paula Small", { workerType: "contractor", taxId: "412-58-7300", ...ADDRESS });
    const employee = await driver("Quinn Company", { taxId: "412-58-7301", ...ADDRESS });

    await pay(complete, "1000.00", "2025-03-07");
    await pay(complete, "250.50", "2025-06-06", "60.00");
    // Paid in January: next year's form, whatever the period.
    await pay(complete, "400.00", "2026-01-09");
    await pay(noTin, "900.00", "2025-04-04");
    await pay(small, "599.99", "2025-05-02");
    await pay(employee, "3000.00", "2025-05-09");

    // The payer's EIN is missing (the demo's is cleared): listed as a blocker, and nothing is produced.
    const setEin = (payerTin: string) =>
      call(ctx, "/api/pay-settings", {
        method: "PUT",
        body: { frequency: "weekly", endWeekday: 0, percentageBase: "total", payerTin },
        cookie: accountant,
      });
    expect((await setEin("")).status).toBe(200);
    const before = await call(ctx, "/api/tax-forms?year=2025", { cookie: accountant });
    expect(before.json).toMatchObject({
      taxYear: 2025,
      threshold: "600.00",
      dueDate: "2026-02-02",
      payerBlockers: ["missing_payer_tin"],
    });
    const blocked = await fileOf("/api/tax-forms/pdf?year=2025", accountant);
    expect(blocked.status).toBe(409);

    await setEin("36-2918475");
    const year = (await call(ctx, "/api/tax-forms?year=2025", { cookie: accountant })).json;
    expect(year.payerBlockers).toEqual([]);
    const mine = (id: string) => year.items.find((i: { driverId: string }) => i.driverId === id);
    // 1000.00 + 250.50 paid in 2025 (the January 2026 payment is not); 60.00 withheld.
    expect(mine(complete)).toMatchObject({
      box1: "1250.50",
      box4: "60.00",
      reportable: true,
      blockers: [],
      tin: "36-1234567",
      tinType: "EIN",
    });
    expect(mine(noTin)).toMatchObject({ box1: "900.00", reportable: true, blockers: ["missing_tin"] });
    // Below the 2025 threshold of 600.00.
    expect(mine(small)).toMatchObject({ box1: "599.99", reportable: false });
    // Company drivers get a W-2 elsewhere: not listed.
    expect(mine(employee)).toBeUndefined();
    // The manager sees masked TINs.
    const masked = (await call(ctx, "/api/tax-forms?year=2025", { cookie: manager })).json;
    expect(masked.items.find((i: { driverId: string }) => i.driverId === complete).tin).toBe("•••-••-4567");
    // The 2026 threshold is 2,000: 400.00 paid in January 2026 is not reportable.
    const next = (await call(ctx, "/api/tax-forms?year=2026", { cookie: accountant })).json;
    expect(next).toMatchObject({ threshold: "2000.00", dueDate: "2027-02-01", irisOnly: true });
    expect(next.items.find((i: { driverId: string }) => i.driverId === complete)).toMatchObject({
      box1: "400.00",
      reportable: false,
    });

    // Copy B: the recipient's TIN masked, the amounts in boxes 1 and 4.
    const pdf = await fileOf(`/api/tax-forms/pdf?year=2025&driverId=${complete}`, accountant);
    expect(pdf.status).toBe(200);
    const words = pdfText(pdf.bytes);
    expect(words).toContain("Form 1099-NEC");
    expect(words).toContain("Copy B");
    expect(words).toContain("$1,250.50");
    expect(words).toContain("$60.00");
    expect(words).toContain("4567");
    expect(words).not.toContain("36-1234567");
    expect(words).toContain("36-2918475");
    // A blocked driver has no form.
    expect((await fileOf(`/api/tax-forms/pdf?year=2025&driverId=${noTin}`, accountant)).status).toBe(404);
    // The batch: every producible form, one a page.
    const batch = await fileOf("/api/tax-forms/pdf?year=2025", accountant);
    expect((await PDFDocument.load(batch.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);

    // Issuing records the form and emails it to the driver who consented.
    const issued = await call(ctx, "/api/tax-forms/issue", { body: { year: 2025 }, cookie: accountant });
    expect(issued.status).toBe(200);
    expect(issued.json.issued).toBeGreaterThanOrEqual(1);
    // (Her paid settlements were mailed to her too; the form is its own mail.)
    await expect
      .poll(() =>
        smtp.received.some(
          (m) => m.to.includes(`nina.${tag}@drivers.test`) && m.raw.includes("Form 1099-NEC for 2025"),
        ),
      )
      .toBe(true);
    const again = await call(ctx, "/api/tax-forms/issue", { body: { year: 2025 }, cookie: accountant });
    expect(again.json).toMatchObject({ issued: 0, corrected: 0 });

    // A late 2025 payment changes the total: a corrected form is due, and issued as CORRECTED.
    await pay(complete, "100.00", "2025-12-30");
    const changed = (await call(ctx, "/api/tax-forms?year=2025", { cookie: accountant })).json;
    expect(changed.items.find((i: { driverId: string }) => i.driverId === complete)).toMatchObject({
      box1: "1350.50",
      needsCorrection: true,
      issued: expect.objectContaining({ box1: "1250.50", corrected: false }),
    });
    const corrected = await call(ctx, "/api/tax-forms/issue", { body: { year: 2025 }, cookie: accountant });
    expect(corrected.json.corrected).toBe(1);
    const correctedPdf = pdfText(
      (await fileOf(`/api/tax-forms/pdf?year=2025&driverId=${complete}`, accountant)).bytes,
    );
    expect(correctedPdf).toContain("$1,350.50");

    // The IRIS upload file: whole 9-digit TINs, for the roles that may read them.
    const iris = await ctx.app.request("/api/tax-forms/iris?year=2025", {
      headers: { origin: TEST_ORIGIN, cookie: accountant },
    });
    expect(iris.status).toBe(200);
    const csv = await iris.text();
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toContain("Form Type,Tax Year,Corrected Return Indicator,Payer TIN Type,Payer TIN");
    const nina = rows.find((r) => r.includes(`Nina Owner ${tag}`)) ?? "";
    expect(nina).toContain("362918475");
    expect(nina).toContain("361234567");
    expect(nina).toContain("1350.5");
    expect(rows.some((r) => r.includes(`Omar NoTin ${tag}`))).toBe(false);
    expect((await fileOf("/api/tax-forms/iris?year=2025", manager)).status).toBe(403);
    // Dispatch reaches no tax forms.
    expect((await call(ctx, "/api/tax-forms?year=2025", { cookie: dispatcher })).status).toBe(403);
  });
});

describe("1099-NEC: the demo", () => {
  it("last year: Rosa's form is complete and e-delivered, Emily's is blocked by her missing TIN", async () => {
    const year = new Date().getFullYear() - 1;
    const page = (await call(ctx, `/api/tax-forms?year=${year}`, { cookie: accountant })).json;
    const named = (name: string) => page.items.find((i: { driverName: string }) => i.driverName === name);
    expect(named("Rosa Martinez")).toMatchObject({
      reportable: true,
      blockers: [],
      econsent: true,
      tinType: "EIN",
    });
    expect(Number(named("Rosa Martinez").box1)).toBeGreaterThan(50_000);
    expect(named("Emily Sanders")).toMatchObject({ reportable: true, blockers: ["missing_tin"] });
    expect(named("Tyrone Brooks")).toMatchObject({ reportable: true, blockers: [], econsent: false });
    // Company drivers are not on the page.
    expect(named("Jake Wilson")).toBeUndefined();
  });
});
