import { and, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loads, settlementLines, transactions } from "../../db/schema";
import { driverIdOf, loadInput, PDF } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { pdfText } from "../../testing/pdf-text";
import { startSmtpSink } from "../../testing/smtp-sink";

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let accountant: string;
let dispatcher: string;
let jake: string;
let rosa: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url });
  accountant = await signIn(ctx, "accountant@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  jake = await signIn(ctx, "driver@demo.test");
  rosa = await signIn(ctx, "driver2@demo.test");
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

async function pdfOf(id: string, cookie: string, lang = "en") {
  const res = await ctx.app.request(`/api/settlements/${id}/pdf?lang=${lang}`, {
    headers: { origin: TEST_ORIGIN, cookie },
  });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

/** Weekly periods ending on Sunday (the default rule), long before the demo data. */
const WEEK = (n: number) => {
  const start = new Date(Date.UTC(2025, 2, 3 + 7 * n)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(2025, 2, 9 + 7 * n)).toISOString().slice(0, 10);
  return { periodStart: start, periodEnd: end };
};

let seq = 0;
async function newDriver(fields: Record<string, unknown> = {}) {
  seq += 1;
  const res = await call(ctx, "/api/drivers", {
    body: { fullName: `Pay Tester ${seq} ${Math.random().toString(36).slice(2, 6)}`, ...fields },
    cookie: dispatcher,
  });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

/** A load of `driverId`, completed at noon Chicago time on `day`. */
async function completedLoad(driverId: string, day: string, overrides: Record<string, unknown> = {}) {
  const res = await call(ctx, "/api/loads", {
    body: loadInput({ driverId, ...overrides }),
    cookie: dispatcher,
  });
  expect(res.status).toBe(201);
  await ctx.deps.db
    .update(loads)
    .set({ status: "completed", deliveredAt: new Date(`${day}T18:00:00Z`) })
    .where(eq(loads.id, res.json.id));
  return res.json.id as string;
}

const generate = (week: { periodStart: string; periodEnd: string }, cookie = accountant) =>
  call(ctx, "/api/settlements/generate", { body: week, cookie });

async function settlementOf(driverId: string, week: { periodStart: string }) {
  const page = await call(
    ctx,
    `/api/settlements?driverId=${driverId}&from=${week.periodStart}&pageSize=100`,
    {
      cookie: accountant,
    },
  );
  const row = page.json.items.find((s: { periodStart: string }) => s.periodStart === week.periodStart);
  if (!row) return null;
  const res = await call(ctx, `/api/settlements/${row.id}`, { cookie: accountant });
  if (res.status !== 200) throw new Error(JSON.stringify(res.json));
  return res.json;
}

const linesOf = (s: { lines: Array<{ kind: string; amount: string }> }, kind: string) =>
  s.lines.filter((l) => l.kind === kind).map((l) => l.amount);

describe("settlements: pay computed line by line", () => {
  it("each pay type, the driver's default as fallback, and a load without pay holding approval", async () => {
    const driverId = await newDriver({ defaultPayType: "per_mile", defaultPayRate: "0.62" });
    const week = WEEK(0);
    // Own percentage: 25 % of the total 2000 + 150 + 75.50 = 2225.50 → 556.375 → 556.38.
    await completedLoad(driverId, "2025-03-04", { payType: "percentage", payRate: "25" });
    // Own fixed pay.
    await completedLoad(driverId, "2025-03-05", { payType: "fixed", payRate: "850" });
    // No pay entered: the driver's default, 0.62 × 1234.5 mi = 765.39.
    await completedLoad(driverId, "2025-03-06", { loadedMiles: 1234.5 });
    // Delivered on the next Monday, Chicago time (2025-03-10 04:00 UTC is still Sunday the 9th there).
    const lateSunday = await call(ctx, "/api/loads", {
      body: loadInput({ driverId, payType: "fixed", payRate: "100" }),
      cookie: dispatcher,
    });
    await ctx.deps.db
      .update(loads)
      .set({ status: "completed", deliveredAt: new Date("2025-03-10T04:00:00Z") })
      .where(eq(loads.id, lateSunday.json.id));

    const first = await generate(week);
    expect(first.status).toBe(200);
    expect(first.json.created).toBeGreaterThanOrEqual(1);
    const s = await settlementOf(driverId, week);
    expect(s.status).toBe("draft");
    expect(s.number).toMatch(/^ST-\d+$/);
    const loadLines = s.lines.filter((l: { kind: string }) => l.kind === "load");
    expect(
      loadLines.map((l: Record<string, unknown>) => [l.payType, l.payRate, l.amount, l.fromDriverDefault]),
    ).toEqual([
      ["percentage", "25.00", "556.38", false],
      ["fixed", "850.00", "850.00", false],
      ["per_mile", "0.62", "765.39", true],
      ["fixed", "100.00", "100.00", false],
    ]);
    expect(loadLines[0]).toMatchObject({ percentageBase: "total", baseAmount: "2225.50" });
    expect(loadLines[2]).toMatchObject({ miles: "1234.5" });
    // 556.38 + 850.00 + 765.39 + 100.00 = 2271.77
    expect(s).toMatchObject({ earnings: "2271.77", gross: "2271.77", deductions: "0.00", net: "2271.77" });
    expect(s.loadCount).toBe(4);

    // Generating again creates nothing and changes nothing.
    const again = await generate(week);
    expect(again.json.created).toBe(0);
    expect(again.json.updated).toBe(0);
    expect((await settlementOf(driverId, week)).net).toBe("2271.77");
  });

  it("the company's percentage base: line haul leaves the fuel surcharge out, line haul + FSC keeps it", async () => {
    const put = (percentageBase: string) =>
      call(ctx, "/api/pay-settings", {
        method: "PUT",
        body: {
          frequency: "weekly",
          endWeekday: 0,
          percentageBase,
          chargeBackCitations: false,
          deductFuelCard: true,
        },
        cookie: accountant,
      });
    expect((await put("line_haul")).status).toBe(200);
    const driverId = await newDriver();
    const week = WEEK(1);
    // The fuel surcharge is part of the base rate: never more than it.
    const tooMuch = await call(ctx, "/api/loads", {
      body: loadInput({ driverId, baseRate: "2000.00", fuelSurcharge: "2000.01" }),
      cookie: dispatcher,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.error.details.fields.fuelSurcharge).toBe(
      "The fuel surcharge is part of the base rate and cannot be more than it.",
    );
    const loadId = await completedLoad(driverId, "2025-03-12", {
      payType: "percentage",
      payRate: "25",
      fuelSurcharge: "300",
    });
    const detail = await call(ctx, `/api/loads/${loadId}`, { cookie: dispatcher });
    expect(detail.json).toMatchObject({ baseRate: "2000.00", fuelSurcharge: "300.00", totalRate: "2225.50" });
    await generate(week);
    const s = await settlementOf(driverId, week);
    // Base 2000.00 − FSC 300.00 = 1700.00; 25 % = 425.00.
    expect(s.lines[0]).toMatchObject({
      percentageBase: "line_haul",
      baseAmount: "1700.00",
      amount: "425.00",
    });
    await put("line_haul_fuel");
    const refreshed = await call(ctx, `/api/settlements/${s.id}/refresh`, {
      method: "POST",
      cookie: accountant,
    });
    expect(refreshed.json.lines[0]).toMatchObject({ baseAmount: "2000.00", amount: "500.00" });
    await put("total");
  });

  it("a load without any pay: counted as missing, approval refused until it has one", async () => {
    const driverId = await newDriver();
    const week = WEEK(2);
    const loadId = await completedLoad(driverId, "2025-03-19");
    await generate(week);
    const s = await settlementOf(driverId, week);
    expect(s.missingPay).toBe(1);
    const refused = await call(ctx, `/api/settlements/${s.id}/approve`, {
      method: "POST",
      cookie: accountant,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("MISSING_PAY");
    await ctx.deps.db.update(loads).set({ payType: "fixed", payRate: "640.00" }).where(eq(loads.id, loadId));
    const fixed = await call(ctx, `/api/settlements/${s.id}/refresh`, { method: "POST", cookie: accountant });
    expect(fixed.json).toMatchObject({ missingPay: 0, net: "640.00" });
  });
});

describe("settlements: a load's miles changed after its line was computed", () => {
  it("a draft says so until Refresh recomputes it; an approved one never changes, and its load's miles stay", async () => {
    const driverId = await newDriver();
    const week = WEEK(40);
    // 500 mi at $0.55/mi = $275.00.
    const loadId = await completedLoad(driverId, "2025-12-09", {
      payType: "per_mile",
      payRate: "0.55",
      loadedMiles: 500,
      milesOverrideReason: "Trip sheet",
    });
    await generate(week);
    const draft = await settlementOf(driverId, week);
    const line = () => draft.lines.find((l: { kind: string }) => l.kind === "load");
    expect(line()).toMatchObject({ miles: "500.0", amount: "275.00", milesNow: null });
    expect(draft.earnings).toBe("275.00");

    // Staff correct the delivered load's miles to 520: the draft keeps its figure and says so.
    const override = await call(ctx, `/api/loads/${loadId}/miles`, {
      method: "PUT",
      body: { loadedMiles: 520, reason: "Odometer" },
      cookie: dispatcher,
    });
    expect(override.status).toBe(200);
    const flagged = await settlementOf(driverId, week);
    expect(flagged.lines.find((l: { kind: string }) => l.kind === "load")).toMatchObject({
      miles: "500.0",
      amount: "275.00",
      milesNow: "520.0",
    });
    expect(flagged.earnings).toBe("275.00");

    // Refresh (the draft's existing recompute): 520 mi × $0.55 = $286.00, and nothing left to say.
    const refreshed = await call(ctx, `/api/settlements/${draft.id}/refresh`, {
      method: "POST",
      cookie: accountant,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.lines.find((l: { kind: string }) => l.kind === "load")).toMatchObject({
      miles: "520.0",
      amount: "286.00",
      milesNow: null,
    });
    expect(refreshed.json).toMatchObject({ earnings: "286.00", net: "286.00" });

    // Approved: the load's miles stay as paid (409), and the settlement never shows a change.
    await call(ctx, `/api/settlements/${draft.id}/approve`, { method: "POST", cookie: accountant });
    const late = await call(ctx, `/api/loads/${loadId}/miles`, {
      method: "PUT",
      body: { loadedMiles: 530, reason: "Second look" },
      cookie: dispatcher,
    });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe("LOAD_SETTLED");
    expect((await call(ctx, `/api/loads/${loadId}/miles`, { cookie: dispatcher })).json.settled).toBe(true);
    // Even a change behind the API's back (a data fix) leaves an approved settlement as it was.
    await ctx.deps.db.update(loads).set({ loadedMiles: 530 }).where(eq(loads.id, loadId));
    const approved = await settlementOf(driverId, week);
    expect(approved.status).toBe("approved");
    expect(approved.lines.find((l: { kind: string }) => l.kind === "load")).toMatchObject({
      miles: "520.0",
      amount: "286.00",
      milesNow: null,
    });
  });
});

describe("settlements: additions, deductions, escrow, carry-over", () => {
  it("additions and deductions; standing escrow until its target; advances capped per period", async () => {
    const driverId = await newDriver({ workerType: "contractor" });
    const escrow = await call(ctx, "/api/standing-deductions", {
      body: { driverId, kind: "escrow", perPeriod: "100", total: "250", startsOn: "2025-01-01" },
      cookie: accountant,
    });
    expect(escrow.status).toBe(201);
    const advanceWithoutSource = await call(ctx, "/api/standing-deductions", {
      body: { driverId, kind: "cash_advance", perPeriod: "150", total: "400", startsOn: "2025-01-01" },
      cookie: accountant,
    });
    expect(advanceWithoutSource.status).toBe(400);
    expect(advanceWithoutSource.json.error.details.fields.source).toBe("Say where the advance came from.");
    await call(ctx, "/api/standing-deductions", {
      body: {
        driverId,
        kind: "cash_advance",
        perPeriod: "150",
        total: "400",
        source: "Office cash, receipt 1182",
        startsOn: "2025-01-01",
      },
      cookie: accountant,
    });

    const weeks = [WEEK(3), WEEK(4), WEEK(5)];
    const days = ["2025-03-25", "2025-04-01", "2025-04-08"];
    const nets: string[] = [];
    for (const [i, week] of weeks.entries()) {
      await completedLoad(driverId, days[i], { payType: "fixed", payRate: "1000" });
      await generate(week);
      const s = await settlementOf(driverId, week);
      if (i === 0) {
        const bonus = await call(ctx, `/api/settlements/${s.id}/lines`, {
          body: { section: "addition", kind: "bonus", description: "Safety bonus", amount: "50.005" },
          cookie: accountant,
        });
        expect(bonus.status).toBe(400);
        const ok = await call(ctx, `/api/settlements/${s.id}/lines`, {
          body: { section: "addition", kind: "bonus", description: "Safety bonus", amount: "50" },
          cookie: accountant,
        });
        expect(ok.status).toBe(200);
        const wrongSection = await call(ctx, `/api/settlements/${s.id}/lines`, {
          body: { section: "addition", kind: "fuel_advance", amount: "50" },
          cookie: accountant,
        });
        expect(wrongSection.status).toBe(400);
        const fuel = await call(ctx, `/api/settlements/${s.id}/lines`, {
          body: { section: "deduction", kind: "fuel_advance", description: "Pilot #412", amount: "120.40" },
          cookie: accountant,
        });
        // 1000 + 50 = 1050 gross; escrow 100 + advance 150 + fuel advance 120.40 = 370.40; net 679.60.
        expect(fuel.json).toMatchObject({ gross: "1050.00", deductions: "370.40", net: "679.60" });
      }
      const approved = await call(ctx, `/api/settlements/${s.id}/approve`, {
        method: "POST",
        cookie: accountant,
      });
      expect(approved.status).toBe(200);
      nets.push(approved.json.net);
      if (i === 2) {
        // Escrow: 100 + 100 + 50 (the target, 250, reached); advance: 150 + 150 + 100 (400 recovered).
        expect(linesOf(approved.json, "escrow")).toEqual(["50.00"]);
        expect(linesOf(approved.json, "cash_advance")).toEqual(["100.00"]);
        expect(approved.json.escrowBalance).toBe("250.00");
        const advance = approved.json.lines.find((l: { kind: string }) => l.kind === "cash_advance");
        expect(advance.remainingAfter).toBe("0.00");
      }
    }
    expect(nets).toEqual(["679.60", "750.00", "850.00"]);

    // A fourth week: both standing deductions are done.
    const week = WEEK(6);
    await completedLoad(driverId, "2025-04-15", { payType: "fixed", payRate: "1000" });
    await generate(week);
    const s4 = await settlementOf(driverId, week);
    expect(s4.lines.filter((l: { section: string }) => l.section === "deduction")).toEqual([]);
    const list = await call(ctx, `/api/standing-deductions?driverId=${driverId}`, { cookie: accountant });
    expect(list.json.items.map((d: Record<string, unknown>) => [d.kind, d.taken, d.remaining])).toEqual([
      ["escrow", "250.00", "0.00"],
      ["cash_advance", "400.00", "0.00"],
    ]);
  });

  it("a negative net is carried into the next period by an explicit line, never paid below zero", async () => {
    const driverId = await newDriver({ workerType: "contractor" });
    await call(ctx, "/api/standing-deductions", {
      body: {
        driverId,
        kind: "truck_lease",
        description: "Unit 214 lease",
        perPeriod: "700",
        startsOn: "2025-01-01",
      },
      cookie: accountant,
    });
    const w1 = WEEK(8);
    const w2 = WEEK(9);
    await completedLoad(driverId, "2025-04-29", { payType: "fixed", payRate: "500" });
    await generate(w1);
    const s1 = await settlementOf(driverId, w1);
    // 500 − 700 = −200: 500 is deducted, 200 carried forward as a (negative) deduction; net 0.
    expect(s1).toMatchObject({
      gross: "500.00",
      deductions: "500.00",
      net: "0.00",
      carriedForward: "200.00",
    });
    expect(linesOf(s1, "carry_forward")).toEqual(["-200.00"]);
    await call(ctx, `/api/settlements/${s1.id}/approve`, { method: "POST", cookie: accountant });

    await completedLoad(driverId, "2025-05-06", { payType: "fixed", payRate: "1500" });
    await generate(w2);
    const s2 = await settlementOf(driverId, w2);
    // 1500 − lease 700 − carried 200 = 600.
    expect(linesOf(s2, "carried_over")).toEqual(["200.00"]);
    expect(s2).toMatchObject({ gross: "1500.00", deductions: "900.00", net: "600.00" });
    // Its description names the settlement it came from.
    expect(s2.lines.find((l: { kind: string }) => l.kind === "carried_over").description).toBe(s1.number);
  });

  it("a deduction above the settlement needs a confirmation, and what is carried is a deduction, never gross", async () => {
    const driverId = await newDriver({
      workerType: "contractor",
      taxId: "47-1234567",
      mailingStreet: "12 Dock St",
      mailingCity: "Gary",
      mailingState: "IN",
      mailingPostalCode: "46402",
    });
    const w1 = WEEK(30);
    const w2 = WEEK(31);
    await completedLoad(driverId, "2025-10-01", { payType: "fixed", payRate: "261.80" });
    await generate(w1);
    const s1 = await settlementOf(driverId, w1);
    expect(s1).toMatchObject({ gross: "261.80", net: "261.80", carriedForward: "0.00" });
    const advance = {
      section: "deduction",
      kind: "fuel_advance",
      amount: "100000.00",
      description: "Comchek",
    };

    // Unconfirmed: refused with the figure to confirm, and nothing is added.
    const refused = await call(ctx, `/api/settlements/${s1.id}/lines`, { body: advance, cookie: accountant });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "CARRY_FORWARD_UNCONFIRMED",
      details: { gross: "261.80", net: "261.80", carriedForward: "99738.20" },
    });
    expect((await settlementOf(driverId, w1)).lines).toHaveLength(1);
    // A deduction the settlement can take needs nothing.
    const small = await call(ctx, `/api/settlements/${s1.id}/lines`, {
      body: { ...advance, amount: "61.80" },
      cookie: accountant,
    });
    expect(small.json).toMatchObject({ gross: "261.80", deductions: "61.80", net: "200.00" });
    await call(ctx, `/api/settlements/${s1.id}/lines/${small.json.lines[1].id}`, {
      method: "DELETE",
      cookie: accountant,
    });

    // Confirmed: 261.80 gross stays gross; 261.80 is deducted, 99,738.20 carried to the next period.
    const added = await call(ctx, `/api/settlements/${s1.id}/lines`, {
      body: { ...advance, allowCarryForward: true },
      cookie: accountant,
    });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({
      earnings: "261.80",
      additions: "0.00",
      gross: "261.80",
      deductions: "261.80",
      net: "0.00",
      carriedForward: "99738.20",
      yearToDateGross: "261.80",
    });
    // The carry is under deductions (a negative one), never an addition.
    expect(added.json.lines.filter((l: { section: string }) => l.section === "addition")).toEqual([]);
    expect(
      added.json.lines
        .filter((l: { section: string }) => l.section === "deduction")
        .map((l: { kind: string; amount: string }) => [l.kind, l.amount]),
    ).toEqual([
      ["fuel_advance", "100000.00"],
      ["carry_forward", "-99738.20"],
    ]);
    // The statement prints it under the deductions, signed, and the figure "Carried to next period".
    const words = pdfText((await pdfOf(s1.id, accountant)).bytes);
    expect(words).toContain("+$99,738.20");
    expect(words).toContain("-$100,000.00");
    expect(words).toContain("Carried to next period");
    expect(words).not.toContain("$100,000.00 Net");

    expect(
      (await call(ctx, `/api/settlements/${s1.id}/approve`, { method: "POST", cookie: accountant })).status,
    ).toBe(200);
    const paid = await call(ctx, `/api/settlements/${s1.id}/pay`, {
      body: { paidOn: "2025-10-10", method: "ach" },
      cookie: accountant,
    });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ gross: "261.80", net: "0.00", yearToDateGross: "261.80" });

    // The next period opens with the carried 99,738.20 as a deduction (and carries what it cannot take).
    await completedLoad(driverId, "2025-10-08", { payType: "fixed", payRate: "1000.00" });
    await generate(w2);
    const s2 = await settlementOf(driverId, w2);
    expect(linesOf(s2, "carried_over")).toEqual(["99738.20"]);
    expect(s2).toMatchObject({
      gross: "1000.00",
      deductions: "1000.00",
      net: "0.00",
      carriedForward: "98738.20",
    });

    // The year's 1099 box 1 is what was earned: 261.80, not a cent of the carry.
    const taxYear = await call(ctx, "/api/tax-forms?year=2025", { cookie: accountant });
    const row = taxYear.json.items.find((i: { driverId: string }) => i.driverId === driverId);
    expect(row).toMatchObject({ box1: "261.80" });
    // The paid statement says the same: gross 261.80, all of it deducted, nothing paid.
    const statements = await call(ctx, `/api/paid-statements?driverId=${driverId}`, { cookie: accountant });
    expect(statements.json.items).toHaveLength(1);
    expect(statements.json.items[0]).toMatchObject({
      gross: "261.80",
      deductions: "261.80",
      totalPaid: "0.00",
      yearToDateGross: "261.80",
    });
  });
});

describe("settlements: locking, one live settlement per load, paying once", () => {
  it("approve locks (API and database), a load sits on one live settlement, pay posts the ledger once", async () => {
    const driverId = await newDriver();
    const week = WEEK(12);
    const loadId = await completedLoad(driverId, "2025-05-27", { payType: "fixed", payRate: "1200.10" });
    await generate(week);
    const s = await settlementOf(driverId, week);

    // Paying a draft: 409.
    const early = await call(ctx, `/api/settlements/${s.id}/pay`, {
      body: { paidOn: "2025-06-02", method: "ach" },
      cookie: accountant,
    });
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("SETTLEMENT_NOT_APPROVED");

    // Dispatch sees and edits drafts but does not approve.
    expect((await call(ctx, `/api/settlements/${s.id}`, { cookie: dispatcher })).status).toBe(200);
    expect(
      (await call(ctx, `/api/settlements/${s.id}/approve`, { method: "POST", cookie: dispatcher })).status,
    ).toBe(403);
    await call(ctx, `/api/settlements/${s.id}/approve`, { method: "POST", cookie: accountant });

    const edit = await call(ctx, `/api/settlements/${s.id}/lines`, {
      body: { section: "addition", kind: "bonus", amount: "10" },
      cookie: accountant,
    });
    expect(edit.status).toBe(409);
    expect(edit.json.error.code).toBe("SETTLEMENT_LOCKED");
    // Whatever code path tries, the database refuses.
    await expect(
      ctx.deps.db
        .update(settlementLines)
        .set({ amount: "1.00" })
        .where(eq(settlementLines.settlementId, s.id)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "LMS01" }) });
    await expect(
      ctx.deps.db.execute(sql`update settlements set net = 1 where id = ${s.id}`),
    ).rejects.toBeTruthy();

    // Another draft of the same driver cannot take the settled load.
    const next = WEEK(13);
    await completedLoad(driverId, "2025-06-03", { payType: "fixed", payRate: "10" });
    await generate(next);
    const s2 = await settlementOf(driverId, next);
    const twice = await call(ctx, `/api/settlements/${s2.id}/loads`, {
      body: { loadId },
      cookie: accountant,
    });
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe("LOAD_ALREADY_SETTLED");
    // The database says the same, whatever writes the line.
    await expect(
      ctx.deps.db
        .insert(settlementLines)
        .values({ settlementId: s2.id, section: "earning", kind: "load", amount: "1", loadId }),
    ).rejects.toBeTruthy();

    const pay = () =>
      call(ctx, `/api/settlements/${s.id}/pay`, {
        body: { paidOn: "2025-06-02", method: "ach", reference: "ACH 5521" },
        cookie: accountant,
      });
    const [a, b] = await Promise.all([pay(), pay()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).json.error.code).toBe("SETTLEMENT_ALREADY_PAID");
    const paid = await call(ctx, `/api/settlements/${s.id}`, { cookie: accountant });
    expect(paid.json).toMatchObject({
      status: "paid",
      paidOn: "2025-06-02",
      payMethod: "ach",
      net: "1200.10",
    });
    const ledger = await ctx.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.source, "settlement"), eq(transactions.sourceId, s.id)));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      direction: "expense",
      category: "driver_pay",
      amount: "1200.10",
      occurredOn: "2025-06-02",
      driverId,
      voidedAt: null,
    });
    // A paid settlement is never voided (corrections go on the next one).
    const voided = await call(ctx, `/api/settlements/${s.id}/void`, {
      body: { reason: "oops" },
      cookie: accountant,
    });
    expect(voided.status).toBe(409);
  });

  it("voiding an unpaid settlement needs a reason and frees its loads; an adjustment names the original", async () => {
    const driverId = await newDriver();
    const week = WEEK(15);
    const loadId = await completedLoad(driverId, "2025-06-18", { payType: "fixed", payRate: "300" });
    await generate(week);
    const s = await settlementOf(driverId, week);
    const noReason = await call(ctx, `/api/settlements/${s.id}/void`, {
      body: { reason: " " },
      cookie: accountant,
    });
    expect(noReason.status).toBe(400);
    const voided = await call(ctx, `/api/settlements/${s.id}/void`, {
      body: { reason: "Wrong driver on the load" },
      cookie: accountant,
    });
    expect(voided.json).toMatchObject({ status: "void", voidReason: "Wrong driver on the load" });
    // Generating again makes a new draft with the freed load.
    await generate(week);
    const again = await settlementOf(driverId, week);
    expect(again.id).not.toBe(s.id);
    expect(again.lines.map((l: { load: { id: string } | null }) => l.load?.id)).toEqual([loadId]);
    await call(ctx, `/api/settlements/${again.id}/approve`, { method: "POST", cookie: accountant });

    const next = WEEK(16);
    await completedLoad(driverId, "2025-06-25", { payType: "fixed", payRate: "300" });
    await generate(next);
    const s2 = await settlementOf(driverId, next);
    const options = await call(ctx, `/api/settlements/${s2.id}/adjustable`, { cookie: accountant });
    expect(options.json.items.map((o: { id: string }) => o.id)).toEqual([again.id]);
    const adj = await call(ctx, `/api/settlements/${s2.id}/lines`, {
      body: {
        section: "addition",
        kind: "adjustment",
        description: "Missed stop pay",
        amount: "45",
        adjustsSettlementId: again.id,
      },
      cookie: accountant,
    });
    expect(adj.json.lines.find((l: { kind: string }) => l.kind === "adjustment").adjustsSettlement).toEqual({
      id: again.id,
      number: again.number,
    });
    // Not a settlement of this driver: refused.
    const foreign = await call(ctx, `/api/settlements/${s2.id}/lines`, {
      body: { section: "addition", kind: "adjustment", amount: "45", adjustsSettlementId: s.id },
      cookie: accountant,
    });
    expect(foreign.status).toBe(400);
  });

  it("a period that is not one of the company's is refused", async () => {
    const res = await generate({ periodStart: "2025-03-04", periodEnd: "2025-03-10" });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields.periodStart).toBe("Choose a pay period.");
  });
});

describe("settlements: who sees what", () => {
  it("a driver reads their own approved settlements only; others' and drafts are 404", async () => {
    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    const week = WEEK(20);
    await completedLoad(jakeId, "2025-07-23", { payType: "fixed", payRate: "777" });
    await generate(week);
    const s = await settlementOf(jakeId, week);
    expect((await call(ctx, `/api/settlements/${s.id}`, { cookie: jake })).status).toBe(404);
    await call(ctx, `/api/settlements/${s.id}/approve`, { method: "POST", cookie: accountant });
    const own = await call(ctx, `/api/settlements/${s.id}`, { cookie: jake });
    expect(own.status).toBe(200);
    expect(own.json.net).toBe("777.00");
    expect((await call(ctx, `/api/settlements/${s.id}`, { cookie: rosa })).status).toBe(404);
    // The statement in the reader's language; nobody else's.
    const pdf = await pdfOf(s.id, jake, "es");
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect((await PDFDocument.load(pdf.bytes)).getTitle()).toBe(`Liquidación del conductor ${s.number}`);
    const words = pdfText(pdf.bytes);
    expect(words).toContain("Pago fijo");
    expect(words).toContain("Pago neto $777.00");
    expect(words).toContain("Conductor de la empresa (W-2)");
    expect((await pdfOf(s.id, rosa)).status).toBe(404);
    // Paying mails the statement to the driver.
    const paid = await call(ctx, `/api/settlements/${s.id}/pay`, {
      body: { paidOn: "2025-07-28", method: "check", reference: "CHK 1042" },
      cookie: accountant,
    });
    expect(paid.status).toBe(200);
    const mail = await smtp.waitFor("driver@demo.test");
    expect(mail.raw).toContain(`Your settlement ${s.number}`);
    expect(mail.raw).toContain(`${s.number}.pdf`);
    const mine = await call(ctx, "/api/driver-settlements", { cookie: jake });
    expect(mine.json.items.map((i: { id: string }) => i.id)).toContain(s.id);
    const hers = await call(ctx, "/api/driver-settlements", { cookie: rosa });
    expect(hers.json.items.map((i: { id: string }) => i.id)).not.toContain(s.id);
    // Drivers never reach the staff list or another's actions.
    expect((await call(ctx, "/api/settlements", { cookie: jake })).status).toBe(403);
    expect(
      (
        await call(ctx, `/api/settlements/${s.id}/pay`, {
          body: { paidOn: "2025-07-28", method: "ach" },
          cookie: jake,
        })
      ).status,
    ).toBe(403);
  });

  it("a reimbursement carries its receipt: checked by content, replaced, frozen on approval, the driver's own only", async () => {
    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    const week = WEEK(22);
    await completedLoad(jakeId, "2025-08-06", { payType: "fixed", payRate: "500" });
    await generate(week);
    const s = await settlementOf(jakeId, week);
    const attach = async (lineId: string, content: string, name: string, type: string, id = s.id) => {
      const form = new FormData();
      form.set("receipt", new File([content], name, { type }));
      const res = await ctx.app.request(`/api/settlements/${id}/lines/${lineId}/receipt`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie: accountant },
        body: form,
      });
      return { status: res.status, json: await res.json() };
    };
    const download = async (lineId: string, cookie: string) => {
      const res = await ctx.app.request(`/api/settlements/${s.id}/lines/${lineId}/receipt`, {
        headers: { origin: TEST_ORIGIN, cookie },
      });
      return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
    };
    const added = await call(ctx, `/api/settlements/${s.id}/lines`, {
      body: {
        section: "addition",
        kind: "reimbursement_lumper",
        description: "Lumper, Kroger DC",
        amount: "85.00",
      },
      cookie: accountant,
    });
    expect(added.status).toBe(200);
    const lumper = added.json.lines.find((l: { kind: string }) => l.kind === "reimbursement_lumper");
    expect(lumper.hasReceipt).toBe(false);
    const advance = await call(ctx, `/api/settlements/${s.id}/lines`, {
      body: { section: "deduction", kind: "cash_advance", amount: "40.00" },
      cookie: accountant,
    });
    const cash = advance.json.lines.find((l: { kind: string }) => l.kind === "cash_advance");

    // A text file named .pdf is refused by its content; a receipt on a deduction is refused.
    const fake = await attach(lumper.id, "not a receipt", "lumper.pdf", "application/pdf");
    expect(fake.status).toBe(415);
    const wrongLine = await attach(cash.id, PDF, "advance.pdf", "application/pdf");
    expect(wrongLine.status).toBe(400);
    expect(wrongLine.json.error.details.fields.receipt).toBe("Only a reimbursement carries a receipt.");
    const empty = await ctx.app.request(`/api/settlements/${s.id}/lines/${lumper.id}/receipt`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: accountant },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    // Dispatch may write settlements too; a driver may not.
    const form = new FormData();
    form.set("receipt", new File([PDF], "r.pdf", { type: "application/pdf" }));
    const byDriver = await ctx.app.request(`/api/settlements/${s.id}/lines/${lumper.id}/receipt`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: jake },
      body: form,
    });
    expect(byDriver.status).toBe(403);

    const first = await attach(lumper.id, PDF, "lumper-kroger.pdf", "application/pdf");
    expect(first.status).toBe(200);
    const withReceipt = first.json.lines.find((l: { id: string }) => l.id === lumper.id);
    expect(withReceipt).toMatchObject({ hasReceipt: true, receiptFileName: "lumper-kroger.pdf" });
    const [firstFile] = await ctx.deps.db
      .select({ fileId: settlementLines.receiptFileId })
      .from(settlementLines)
      .where(eq(settlementLines.id, lumper.id));
    // A second receipt replaces the first, whose file row goes with it.
    const second = await attach(lumper.id, PDF, "lumper-kroger-2.pdf", "application/pdf");
    expect(second.json.lines.find((l: { id: string }) => l.id === lumper.id).receiptFileName).toBe(
      "lumper-kroger-2.pdf",
    );
    const left = await ctx.deps.db.execute(sql`select 1 from files where id = ${firstFile.fileId}`);
    expect(left.rows).toHaveLength(0);
    const staffCopy = await download(lumper.id, accountant);
    expect(staffCopy).toMatchObject({ status: 200, type: "application/pdf" });
    expect(staffCopy.text).toBe(PDF);
    // Taking a reimbursement off the draft takes its receipt with it.
    const tolls = await call(ctx, `/api/settlements/${s.id}/lines`, {
      body: { section: "addition", kind: "reimbursement_tolls", amount: "12.50" },
      cookie: accountant,
    });
    const toll = tolls.json.lines.find((l: { kind: string }) => l.kind === "reimbursement_tolls");
    await attach(toll.id, PDF, "tolls.pdf", "application/pdf");
    const [tollFile] = await ctx.deps.db
      .select({ fileId: settlementLines.receiptFileId })
      .from(settlementLines)
      .where(eq(settlementLines.id, toll.id));
    expect(tollFile.fileId).not.toBeNull();
    await call(ctx, `/api/settlements/${s.id}/lines/${toll.id}`, { method: "DELETE", cookie: accountant });
    expect(
      (await ctx.deps.db.execute(sql`select 1 from files where id = ${tollFile.fileId}`)).rows,
    ).toHaveLength(0);
    // A draft is not the driver's to read; once approved it is, and the receipt is frozen.
    expect((await download(lumper.id, jake)).status).toBe(404);
    await call(ctx, `/api/settlements/${s.id}/approve`, { method: "POST", cookie: accountant });
    expect((await download(lumper.id, jake)).text).toBe(PDF);
    expect((await download(lumper.id, rosa)).status).toBe(404);
    expect((await download(cash.id, accountant)).status).toBe(404);
    const late = await attach(lumper.id, PDF, "late.pdf", "application/pdf");
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe("SETTLEMENT_LOCKED");
  });

  it("the payer EIN is whole for the accountant and masked for dispatch", async () => {
    await call(ctx, "/api/pay-settings", {
      method: "PUT",
      body: { frequency: "weekly", endWeekday: 0, percentageBase: "total", payerTin: "36-1234567" },
      cookie: accountant,
    });
    expect((await call(ctx, "/api/pay-settings", { cookie: accountant })).json.payerTin).toBe("36-1234567");
    expect((await call(ctx, "/api/pay-settings", { cookie: dispatcher })).json.payerTin).toBe("**-***4567");
    // Sending the masked value back keeps the stored one.
    await call(ctx, "/api/pay-settings", {
      method: "PUT",
      body: { frequency: "weekly", endWeekday: 0, percentageBase: "total", payerTin: "**-***4567" },
      cookie: accountant,
    });
    expect((await call(ctx, "/api/pay-settings", { cookie: accountant })).json.payerTin).toBe("36-1234567");
  });
});

describe("settlements: the demo", () => {
  it("weekly settlements for the demo drivers: paid history with deductions and escrow, the latest unpaid", async () => {
    const page = await call(
      ctx,
      `/api/settlements?driverId=${await driverIdOf(ctx, "driver2@demo.test")}&pageSize=100`,
      {
        cookie: accountant,
      },
    );
    // The demo's are recent; this file's own settlements are in 2025.
    const recent = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
    const rosa = page.json.items.filter((s: { periodStart: string }) => s.periodStart >= recent);
    const statuses = new Set(rosa.map((s: { status: string }) => s.status));
    expect(statuses.has("paid")).toBe(true);
    const paid = rosa.filter((s: { status: string }) => s.status === "paid");
    const latestPaid = (await call(ctx, `/api/settlements/${paid[0].id}`, { cookie: accountant })).json;
    // Rosa is an owner-operator: escrow, insurance and ELD come off every settlement.
    expect(latestPaid.driver.workerType).toBe("contractor");
    expect(latestPaid.lines.map((l: { kind: string }) => l.kind)).toEqual(
      expect.arrayContaining(["escrow", "insurance", "eld"]),
    );
    expect(Number(latestPaid.escrowBalance)).toBeGreaterThan(0);
    const ledger = await ctx.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.source, "settlement"), eq(transactions.sourceId, latestPaid.id)));
    expect(ledger[0]).toMatchObject({ category: "driver_pay", amount: latestPaid.net });

    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    const jakes = await call(ctx, `/api/settlements?driverId=${jakeId}&pageSize=100`, { cookie: accountant });
    const jakeStatuses = jakes.json.items.map((s: { status: string }) => s.status);
    expect(jakeStatuses).toContain("paid");
    // The newest settlements are not paid yet: last week's approved or this week's draft.
    expect(["draft", "approved"]).toContain(jakeStatuses[0]);
    // Jake's cash advance of 300 is recovered at most 100 a week.
    const advance = (await call(ctx, `/api/standing-deductions?driverId=${jakeId}`, { cookie: accountant }))
      .json.items[0];
    expect(advance).toMatchObject({
      kind: "cash_advance",
      perPeriod: "100.00",
      total: "300.00",
      source: "Office cash, receipt 2231",
    });
    // Tolls he paid in cash came back on a settlement (the receipt file needs the app's storage, which
    // this template database was seeded without; the browser test opens it).
    const recentJakes = jakes.json.items.filter((x: { periodStart: string }) => x.periodStart >= recent);
    const details = await Promise.all(
      recentJakes.map(
        async (x: { id: string }) =>
          (await call(ctx, `/api/settlements/${x.id}`, { cookie: accountant })).json,
      ),
    );
    const tolls = details
      .flatMap((d) => d.lines)
      .find((l: { kind: string }) => l.kind === "reimbursement_tolls");
    expect(tolls).toMatchObject({
      amount: "18.60",
      description: "Chicago Skyway and I-90 tolls paid in cash",
    });
    // This week's draft (when he delivered this week): a cash advance above his pay, the rest carried
    // forward as a deduction — his gross is what he earned, his net zero.
    const draft = details.find((d) => d.status === "draft");
    if (draft) {
      const advance = draft.lines.find(
        (l: { kind: string; description: string }) =>
          l.kind === "cash_advance" && l.description.startsWith("Cash advance at the Joliet terminal"),
      );
      expect(Number(advance.amount)).toBeGreaterThan(Number(draft.gross));
      expect(draft).toMatchObject({ net: "0.00", deductions: draft.gross, earnings: expect.any(String) });
      expect(Number(draft.carriedForward)).toBeGreaterThan(0);
      expect(
        draft.lines.some(
          (l: { section: string; kind: string }) => l.section === "addition" && l.kind === "carry_forward",
        ),
      ).toBe(false);
    }
  });
});

describe("drivers: what pay needs", () => {
  it("worker type, mailing address and e-consent are kept, validated, and left alone by an edit that omits them", async () => {
    const bad = await call(ctx, "/api/drivers", {
      body: { fullName: "Zip Tester", mailingPostalCode: "6060" },
      cookie: dispatcher,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields.mailingPostalCode).toBe("Enter a ZIP code like 60601.");
    const id = await newDriver({
      workerType: "contractor",
      mailingStreet: "815 Ridge Rd",
      mailingCity: "Joliet",
      mailingState: "il",
      mailingPostalCode: "60435-1234",
      taxFormsEconsent: true,
    });
    const detail = (await call(ctx, `/api/drivers/${id}`, { cookie: accountant })).json;
    expect(detail).toMatchObject({
      workerType: "contractor",
      mailingStreet: "815 Ridge Rd",
      mailingCity: "Joliet",
      mailingState: "IL",
      mailingPostalCode: "60435-1234",
      taxFormsEconsent: true,
    });
    expect(detail.taxFormsEconsentAt).not.toBeNull();
    // An edit without the pay fields keeps them (and the consent's date).
    const edited = await call(ctx, `/api/drivers/${id}`, {
      method: "PUT",
      body: { fullName: detail.fullName, notes: "Runs the Joliet lanes" },
      cookie: dispatcher,
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      workerType: "contractor",
      mailingCity: "Joliet",
      taxFormsEconsent: true,
    });
    expect(edited.json.taxFormsEconsentAt).toBe(detail.taxFormsEconsentAt);
    // Withdrawing consent clears its date.
    const withdrawn = await call(ctx, `/api/drivers/${id}`, {
      method: "PUT",
      body: { fullName: detail.fullName, taxFormsEconsent: false },
      cookie: dispatcher,
    });
    expect(withdrawn.json).toMatchObject({ taxFormsEconsent: false, taxFormsEconsentAt: null });
  });
});

describe("paid statements", () => {
  it("one per paid settlement, with the driver's year-to-date through each, filters, export and roles", async () => {
    const driverId = await newDriver();
    const plan = [
      { week: WEEK(24), day: "2025-08-19", pay: "1000.00", paidOn: "2025-08-22" },
      { week: WEEK(25), day: "2025-08-26", pay: "1250.50", paidOn: "2025-08-29" },
      { week: WEEK(44), day: "2026-01-06", pay: "900.00", paidOn: "2026-01-09" },
    ];
    const numbers: string[] = [];
    for (const p of plan) {
      await completedLoad(driverId, p.day, { payType: "fixed", payRate: p.pay });
      await generate(p.week);
      const s = await settlementOf(driverId, p.week);
      await call(ctx, `/api/settlements/${s.id}/approve`, { method: "POST", cookie: accountant });
      const paid = await call(ctx, `/api/settlements/${s.id}/pay`, {
        body: { paidOn: p.paidOn, method: "ach", reference: `ACH ${p.paidOn}` },
        cookie: accountant,
      });
      expect(paid.status).toBe(200);
      numbers.push(s.number);
    }
    const page = await call(ctx, `/api/paid-statements?driverId=${driverId}&sort=statementDate&dir=asc`, {
      cookie: accountant,
    });
    expect(page.status).toBe(200);
    expect(
      page.json.items.map((r: Record<string, unknown>) => [
        r.number,
        r.month,
        r.statementDate,
        r.loadsIncluded,
        r.totalPaid,
        r.yearToDatePaid,
      ]),
    ).toEqual([
      [numbers[0], "2025-08", "2025-08-22", 1, "1000.00", "1000.00"],
      // 1000.00 + 1250.50 = 2250.50 through the second.
      [numbers[1], "2025-08", "2025-08-29", 1, "1250.50", "2250.50"],
      // A new calendar year starts again.
      [numbers[2], "2026-01", "2026-01-09", 1, "900.00", "900.00"],
    ]);
    expect(page.json.totals).toEqual({ count: 3, totalPaid: "3150.50", gross: "3150.50" });
    // The month filter keeps the year-to-date of the whole year.
    const august = await call(
      ctx,
      `/api/paid-statements?driverId=${driverId}&month=2025-08&sort=statementDate&dir=desc`,
      {
        cookie: accountant,
      },
    );
    expect(august.json.items.map((r: { yearToDatePaid: string }) => r.yearToDatePaid)).toEqual([
      "2250.50",
      "1000.00",
    ]);
    const csv = await ctx.app.request(`/api/paid-statements/export?driverId=${driverId}&format=csv`, {
      headers: { origin: TEST_ORIGIN, cookie: accountant },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split(/\r?\n/)[0]).toContain("Statement,Driver,Worker type,Month,Statement date");
    expect(text).toContain(`${numbers[1]},`);
    expect(text).toContain("2250.5");
    // Dispatch sees settlements but not paid statements; drivers neither.
    expect((await call(ctx, "/api/paid-statements", { cookie: dispatcher })).status).toBe(403);
    expect((await call(ctx, "/api/paid-statements", { cookie: jake })).status).toBe(403);
  });
});
