import { and, eq, like } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, loads, mailMessages, taxForms } from "../../db/schema";
import { companyDay } from "../../platform/company-day";
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
    const ssn = await driver("Ray Ssn", { workerType: "contractor", taxId: "412-58-7302", ...ADDRESS });
    // Nine digits without a dash: an SSN or an EIN? The IRIS file must say, so the form waits.
    const undashed = await driver("Uma Undashed", {
      workerType: "contractor",
      taxId: "412587303",
      ...ADDRESS,
    });
    const employee = await driver("Quinn Company", { taxId: "412-58-7301", ...ADDRESS });

    await pay(complete, "1000.00", "2025-03-07");
    await pay(complete, "250.50", "2025-06-06", "60.00");
    // Paid in January: next year's form, whatever the period.
    await pay(complete, "400.00", "2026-01-09");
    await pay(noTin, "900.00", "2025-04-04");
    await pay(small, "599.99", "2025-05-02");
    await pay(ssn, "700.00", "2025-05-02");
    await pay(undashed, "800.00", "2025-05-02");
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
      // Masked in its own shape for every role, the accountant too: the screen never shows a whole TIN.
      tin: "**-***4567",
      tinType: "EIN",
    });
    expect(mine(ssn)).toMatchObject({ tin: "***-**-7302", tinType: "SSN", blockers: [] });
    expect(mine(undashed)).toMatchObject({ tin: "*****7303", tinType: null, blockers: ["tin_kind_unknown"] });
    expect(JSON.stringify(year)).not.toContain("36-1234567");
    expect(JSON.stringify(year)).not.toContain("412-58-7302");
    expect(mine(noTin)).toMatchObject({ box1: "900.00", reportable: true, blockers: ["missing_tin"] });
    // Below the 2025 threshold of 600.00.
    expect(mine(small)).toMatchObject({ box1: "599.99", reportable: false });
    // Company drivers get a W-2 elsewhere: not listed.
    expect(mine(employee)).toBeUndefined();
    // The manager sees masked TINs.
    const masked = (await call(ctx, "/api/tax-forms?year=2025", { cookie: manager })).json;
    expect(masked.items.find((i: { driverId: string }) => i.driverId === complete).tin).toBe("**-***4567");
    // The payer's EIN too, for a role without whole tax ids, in the EIN's shape.
    expect(masked.payer.tin).toBe("**-***8475");
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
    // The recipient's EIN masked as an EIN (not as an SSN), the payer's whole.
    expect(words).toContain("**-***4567");
    expect(words).not.toContain("***-**-4567");
    expect(words).not.toContain("36-1234567");
    expect(words).toContain("36-2918475");
    // An SSN as an SSN.
    const ssnWords = pdfText(
      (await fileOf(`/api/tax-forms/pdf?year=2025&driverId=${ssn}`, accountant)).bytes,
    );
    expect(ssnWords).toContain("***-**-7302");
    expect(ssnWords).not.toContain("412-58-7302");
    // A blocked driver has no form.
    expect((await fileOf(`/api/tax-forms/pdf?year=2025&driverId=${noTin}`, accountant)).status).toBe(404);
    // The batch: every producible form, one a page.
    const batch = await fileOf("/api/tax-forms/pdf?year=2025", accountant);
    expect((await PDFDocument.load(batch.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);

    // Issuing a past year needs no "early": it records the forms and emails the driver who consented.
    const preview = await call(ctx, "/api/tax-forms/issue-preview?year=2025", { cookie: accountant });
    expect(preview.json).toMatchObject({ taxYear: 2025, action: "issue", early: false });
    const issued = await call(ctx, "/api/tax-forms/issue", { body: { year: 2025 }, cookie: accountant });
    expect(issued.status).toBe(200);
    expect(issued.json.issued).toBeGreaterThanOrEqual(2);
    // (Her paid settlements were mailed to her too; the form is its own mail.)
    await expect
      .poll(() =>
        smtp.received.some(
          (m) => m.to.includes(`nina.${tag}@drivers.test`) && m.raw.includes("Form 1099-NEC for 2025"),
        ),
      )
      .toBe(true);
    // Issuing again never re-issues: nothing new is a 409, not a second form.
    const again = await call(ctx, "/api/tax-forms/issue", { body: { year: 2025 }, cookie: accountant });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("NOTHING_TO_ISSUE");
    // Nothing changed: nothing to correct either.
    const noChange = await call(ctx, "/api/tax-forms/correct", { body: { year: 2025 }, cookie: accountant });
    expect(noChange.json.error.code).toBe("NOTHING_TO_CORRECT");

    // A late 2025 payment changes the total: a corrected form is due — and it is the correct action's.
    await pay(complete, "100.00", "2025-12-30");
    const changed = (await call(ctx, "/api/tax-forms?year=2025", { cookie: accountant })).json;
    expect(changed.items.find((i: { driverId: string }) => i.driverId === complete)).toMatchObject({
      box1: "1350.50",
      needsCorrection: true,
      issued: expect.objectContaining({ box1: "1250.50", corrected: false }),
    });
    const reissue = await call(ctx, "/api/tax-forms/issue", { body: { year: 2025 }, cookie: accountant });
    expect(reissue.status).toBe(409);
    expect(reissue.json.error.code).toBe("CORRECTION_REQUIRED");
    const toCorrect = (
      await call(ctx, "/api/tax-forms/issue-preview?year=2025&action=correct", { cookie: accountant })
    ).json;
    expect(toCorrect.items[0]).toMatchObject({ driverId: complete, box1: "1350.50", skipped: null });
    expect(toCorrect.included).toBe(1);
    const corrected = await call(ctx, "/api/tax-forms/correct", { body: { year: 2025 }, cookie: accountant });
    expect(corrected.status).toBe(200);
    expect(corrected.json).toMatchObject({ issued: 0, corrected: 1 });
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
    // A data file for the IRS, not a spreadsheet: the payer's phone as it is, no formula guard's apostrophe.
    expect(nina).toContain(",+1 312 555 0100,");
    expect(csv).not.toContain("'+1");
    expect(rows.find((r) => r.includes(`Ray Ssn ${tag}`))).toContain(",SSN,412587302,");
    expect(rows.some((r) => r.includes(`Omar NoTin ${tag}`))).toBe(false);
    expect(rows.some((r) => r.includes(`Uma Undashed ${tag}`))).toBe(false);
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

describe('1099-NEC: issuing is previewed, and a year not over needs "issue early" with a reason', () => {
  it("the current year: refused without early (nothing issued, nothing emailed), previewed, then issued early with the reason audited", async () => {
    const year = Number(companyDay(new Date(), ctx.deps.config.company.timeZone).slice(0, 4));
    const early = await driver("Cora Early", {
      workerType: "contractor",
      taxId: "523-71-4099",
      email: `cora.${tag}@drivers.test`,
      taxFormsEconsent: true,
      ...ADDRESS,
    });
    await call(ctx, "/api/pay-settings", {
      method: "PUT",
      body: { frequency: "weekly", endWeekday: 0, percentageBase: "total", payerTin: "36-2918475" },
      cookie: accountant,
    });
    // Paid on the year's first day: above the year's threshold.
    await pay(early, "2500.00", `${year}-01-01`);
    const formsOfYear = () => ctx.deps.db.select().from(taxForms).where(eq(taxForms.taxYear, year));
    const mailsOfYear = () =>
      ctx.deps.db
        .select()
        .from(mailMessages)
        .where(like(mailMessages.subject, `%Form 1099-NEC for ${year}%`));

    // One click is not enough: 400 with its code, nothing recorded, nothing emailed.
    const refused = await call(ctx, "/api/tax-forms/issue", { body: { year }, cookie: accountant });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: "ISSUE_EARLY_REQUIRED",
      details: { yearOverOn: `${year + 1}-01-01` },
    });
    expect(refused.json.error.message).toContain("Issue early");
    // "Early" needs its reason.
    const noReason = await call(ctx, "/api/tax-forms/issue", {
      body: { year, early: true, reason: "  " },
      cookie: accountant,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.details.fields.reason).toBe("Give the reason for issuing early.");
    expect(await formsOfYear()).toEqual([]);
    expect(await mailsOfYear()).toEqual([]);
    expect(smtp.received.some((m) => m.raw.includes(`Form 1099-NEC for ${year}`))).toBe(false);

    // The preview says what would go, and where, without sending anything.
    const preview = await call(ctx, `/api/tax-forms/issue-preview?year=${year}`, { cookie: accountant });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({
      taxYear: year,
      action: "issue",
      early: true,
      yearOverOn: `${year + 1}-01-01`,
    });
    const cora = preview.json.items.find((i: { driverId: string }) => i.driverId === early);
    expect(cora).toMatchObject({
      box1: "2500.00",
      box4: "0.00",
      skipped: null,
      tin: "***-**-4099",
      emailTo: "c***@drivers.test",
    });
    expect(JSON.stringify(preview.json)).not.toContain(`cora.${tag}`);
    expect(preview.json.included).toBeGreaterThanOrEqual(1);
    expect(await formsOfYear()).toEqual([]);
    expect(await mailsOfYear()).toEqual([]);
    // Dispatch and the manager (read only) cannot preview an issue.
    expect((await call(ctx, `/api/tax-forms/issue-preview?year=${year}`, { cookie: manager })).status).toBe(
      403,
    );

    // Early, with the reason: issued and emailed; the reason on the form and in the audit entry.
    const reason = "Cora leaves the fleet on December 4 and asked for her form now.";
    const issued = await call(ctx, "/api/tax-forms/issue", {
      body: { year, early: true, reason },
      cookie: accountant,
    });
    expect(issued.status).toBe(200);
    expect(issued.json.issued).toBe(preview.json.included);
    const forms = await formsOfYear();
    expect(forms.find((f) => f.driverId === early)).toMatchObject({ box1: "2500.00", earlyReason: reason });
    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "tax_forms.issued"), eq(auditLog.targetLabel, String(year))));
    expect(entry.details).toMatchObject({ reason, rows: preview.json.included });
    await expect
      .poll(() =>
        smtp.received.some(
          (m) => m.to.includes(`cora.${tag}@drivers.test`) && m.raw.includes(`Form 1099-NEC for ${year}`),
        ),
      )
      .toBe(true);
  });
});
