import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bills, notifications, transactions } from "../../db/schema";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { remindDueBills, upcomingUntil } from "./bills.service";
import { companyDay } from "./ledger-posting";

let ctx: TestContext;
let accountant: string;
const TZ = "America/Chicago";
const today = () => companyDay(new Date(), TZ);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  accountant = await signIn(ctx, "accountant@demo.test");
});
afterAll(() => ctx.close());

const bill = (overrides: Record<string, unknown> = {}) => ({
  name: "Physical damage insurance",
  vendor: "Great West Casualty",
  billType: "one_time",
  serviceType: "insurance",
  amount: "1500.00",
  dueDate: today(),
  ...overrides,
});
const create = async (body: Record<string, unknown>) => {
  const res = await call(ctx, "/api/bills", { method: "POST", body, cookie: accountant });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
};
const pay = (id: string, body: Record<string, unknown> = {}) =>
  call(ctx, `/api/bills/${id}/pay`, {
    method: "POST",
    body: { paidOn: today(), method: "ach", ...body },
    cookie: accountant,
  });
const ledgerOf = (paymentId: string) =>
  ctx.deps.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.source, "bill_payment"), eq(transactions.sourceId, paymentId)));

describe("the company's calendar", () => {
  it("counts a Chicago evening as that day, and the upcoming window as today plus six", () => {
    expect(companyDay(new Date("2026-01-10T05:59:00Z"), TZ)).toBe("2026-01-09");
    expect(companyDay(new Date("2026-01-10T06:00:00Z"), TZ)).toBe("2026-01-10");
    expect(upcomingUntil("2026-12-28")).toBe("2027-01-03");
  });
});

describe("bills", () => {
  it("a subscription paid moves to its next due date; the payment is an expense in the ledger", async () => {
    const b = await create(
      bill({
        name: "ELD — test fleet",
        billType: "subscription",
        frequency: "monthly",
        serviceType: "eld",
        amount: "225.00",
        dueDate: "2026-01-31",
      }),
    );
    const paid = await pay(b.id, { paidOn: "2026-01-30", reference: "INV-8812" });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ status: "open", dueDate: "2026-02-28" });
    expect(paid.json.payments[0]).toMatchObject({
      dueDate: "2026-01-31",
      paidOn: "2026-01-30",
      amount: "225.00",
    });
    const [row] = await ledgerOf(paid.json.payments[0].id);
    expect(row).toMatchObject({
      direction: "expense",
      // An ELD subscription is ELD and telematics, not office (issue 38).
      category: "eld_telematics",
      amount: "225.00",
      occurredOn: "2026-01-30",
      reference: "INV-8812",
      counterparty: "Great West Casualty",
    });
    // Paid again: the next month, a different amount this time (a price change).
    const again = await pay(b.id, { paidOn: "2026-02-27", amount: "240.00" });
    expect(again.json.dueDate).toBe("2026-03-31");
    expect(again.json.payments.map((p: { amount: string }) => p.amount)).toEqual(["240.00", "225.00"]);

    // Only the latest payment can be taken back; the bill is due again on its date, the expense void.
    const [latest, earlier] = again.json.payments;
    const refused = await call(ctx, `/api/bills/${b.id}/payments/${earlier.id}`, {
      method: "DELETE",
      cookie: accountant,
    });
    expect(refused.json.error.code).toBe("BILL_PAYMENT_NOT_LATEST");
    const undone = await call(ctx, `/api/bills/${b.id}/payments/${latest.id}`, {
      method: "DELETE",
      cookie: accountant,
    });
    expect(undone.json).toMatchObject({ dueDate: "2026-02-28", status: "open" });
    expect((await ledgerOf(latest.id))[0].voidKind).toBe("source_removed");
  });

  it("a one-time bill is paid once: the second time is a 409", async () => {
    const b = await create(bill({ name: "IRP renewal — test", serviceType: "permits", amount: "1840.00" }));
    expect((await pay(b.id)).json.status).toBe("paid");
    const twice = await pay(b.id);
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe("BILL_ALREADY_PAID");
    const rows = await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.source, "bill_payment"), eq(transactions.sourceParentId, b.id)));
    expect(rows[0].n).toBe(1);
  });

  it("lists what is due in the next seven days and what is overdue, at the window's edges", async () => {
    const tag = `Edge ${Math.random().toString(36).slice(2, 6)}`;
    for (const [offset, label] of [
      [-1, "yesterday"],
      [0, "today"],
      [6, "in six days"],
      [7, "in seven days"],
    ] as const)
      await create(bill({ name: `${tag} ${label}`, dueDate: addDays(today(), offset) }));
    const names = async (view: string) =>
      (
        await call(ctx, `/api/bills?view=${view}&q=${encodeURIComponent(tag)}`, { cookie: accountant })
      ).json.items
        .map((b: { name: string }) => b.name.replace(`${tag} `, ""))
        .sort();
    expect(await names("upcoming")).toEqual(["in six days", "today"]);
    expect(await names("overdue")).toEqual(["yesterday"]);
    expect(await names("open")).toEqual(["in seven days", "in six days", "today", "yesterday"]);
    const page = (
      await call(ctx, `/api/bills?view=overdue&q=${encodeURIComponent(tag)}`, { cookie: accountant })
    ).json;
    expect(page.items[0]).toMatchObject({ overdue: true, dueInDays: -1 });
  });

  it("reminds accountants and managers once per bill per due date", async () => {
    const b = await create(bill({ name: "Reminder test bill", dueDate: addDays(today(), 3) }));
    const count = async () =>
      (
        await ctx.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(and(eq(notifications.kind, "bill.due"), sql`${notifications.data}->>'billId' = ${b.id}`))
      )[0].n;
    await remindDueBills(ctx.deps.db, TZ);
    const first = await count();
    // The demo has one accountant and one manager.
    expect(first).toBe(2);
    await remindDueBills(ctx.deps.db, TZ);
    expect(await count()).toBe(first);
    // A new due date is a new reminder.
    await ctx.deps.db
      .update(bills)
      .set({ dueDate: addDays(today(), 4) })
      .where(eq(bills.id, b.id));
    await remindDueBills(ctx.deps.db, TZ);
    expect(await count()).toBe(first * 2);
  });

  it("says what is missing, and deletes a bill never paid but cancels one with payments", async () => {
    const empty = await call(ctx, "/api/bills", {
      method: "POST",
      body: { billType: "subscription" },
      cookie: accountant,
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error.details.fields).toMatchObject({
      name: "Enter the bill's name.",
      serviceType: "Choose the service type.",
      amount: "Enter the amount.",
      dueDate: "Enter the due date.",
    });
    const never = await create(bill({ name: "Never paid" }));
    expect(
      (await call(ctx, `/api/bills/${never.id}`, { method: "DELETE", cookie: accountant })).json,
    ).toEqual({
      cancelled: false,
    });
    expect((await call(ctx, `/api/bills/${never.id}`, { cookie: accountant })).status).toBe(404);
    const sub = await create(bill({ name: "Paid once", billType: "subscription", frequency: "weekly" }));
    await pay(sub.id);
    expect((await call(ctx, `/api/bills/${sub.id}`, { method: "DELETE", cookie: accountant })).json).toEqual({
      cancelled: true,
    });
    expect((await pay(sub.id)).json.error.code).toBe("BILL_CANCELLED");
  });

  it("the demo has bills due this week and overdue, and their payments are in the ledger", async () => {
    const page = (await call(ctx, "/api/bills", { cookie: accountant })).json;
    expect(page.summary.upcomingCount).toBeGreaterThanOrEqual(3);
    expect(page.summary.overdueCount).toBeGreaterThanOrEqual(2);
    const ledger = (await call(ctx, "/api/ledger?source=bill_payment&pageSize=10", { cookie: accountant }))
      .json;
    expect(ledger.total).toBeGreaterThan(50);
  });

  it("is closed to everyone but admin, manager and accountant", async () => {
    for (const email of [
      "dispatcher@demo.test",
      "safety@demo.test",
      "driver@demo.test",
      "customer@demo.test",
    ]) {
      const cookie = await signIn(ctx, email);
      expect((await call(ctx, "/api/bills", { cookie })).status).toBe(403);
      expect((await call(ctx, "/api/bills", { method: "POST", body: bill(), cookie })).status).toBe(403);
    }
  });
});
