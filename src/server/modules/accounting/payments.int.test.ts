import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../db/schema";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { companyDay } from "./ledger-posting";

let ctx: TestContext;
let accountant: string;
const today = () => companyDay(new Date(), "America/Chicago");
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  accountant = await signIn(ctx, "accountant@demo.test");
});
afterAll(() => ctx.close());

const list = async (query: string) =>
  (await call(ctx, `/api/payments?${query}`, { cookie: accountant })).json;

describe("payments: owed and paid in one list", () => {
  it("an overdue bill is pending until paid, then it is in the paid history; the sums follow", async () => {
    const tag = `Payments ${Math.random().toString(36).slice(2, 6)}`;
    const created = await call(ctx, "/api/bills", {
      method: "POST",
      body: {
        name: `${tag} lease`,
        billType: "one_time",
        serviceType: "rent",
        amount: "1000.10",
        dueDate: addDays(today(), -2),
      },
      cookie: accountant,
    });
    await call(ctx, "/api/bills", {
      method: "POST",
      body: {
        name: `${tag} phones`,
        billType: "one_time",
        serviceType: "phone",
        amount: "99.95",
        dueDate: addDays(today(), 3),
      },
      cookie: accountant,
    });
    const pending = await list(`view=pending&q=${encodeURIComponent(tag)}`);
    expect(pending.items.map((r: { title: string; status: string }) => [r.title, r.status])).toEqual([
      [`${tag} lease`, "overdue"],
      [`${tag} phones`, "pending"],
    ]);
    // 1000.10 + 99.95 = 1100.05 owed, nothing coming in.
    expect(pending.totals).toEqual({ income: "0.00", expense: "1100.05", net: "-1100.05" });

    await call(ctx, `/api/bills/${created.json.id}/pay`, {
      method: "POST",
      body: { paidOn: today(), method: "check", reference: "CHK 301" },
      cookie: accountant,
    });
    expect((await list(`view=pending&q=${encodeURIComponent(tag)}`)).items).toHaveLength(1);
    const paid = await list(`view=paid&q=${encodeURIComponent(tag)}`);
    expect(paid.items).toEqual([
      expect.objectContaining({
        kind: "bill_payment",
        parentId: created.json.id,
        day: today(),
        amount: "1000.10",
        direction: "expense",
        status: "paid",
        method: "check",
        reference: "CHK 301",
      }),
    ]);
    expect((await list(`view=all&q=${encodeURIComponent(tag)}`)).total).toBe(2);
  });

  it("an open customer invoice is money coming in: its balance, pending or overdue", async () => {
    const [open] = await ctx.deps.db.select().from(invoices).where(eq(invoices.status, "sent")).limit(1);
    const page = await list(`view=pending&direction=income&q=${encodeURIComponent(open.invoiceNumber)}`);
    expect(page.items[0]).toMatchObject({
      kind: "invoice",
      id: open.id,
      title: open.invoiceNumber,
      counterparty: open.billToCompany,
      direction: "income",
      status: open.dueDate < today() ? "overdue" : "pending",
    });
    const balance = (Math.round(Number(open.total) * 100) - Math.round(Number(open.amountPaid) * 100)) / 100;
    expect(Number(page.items[0].amount)).toBe(balance);
  });

  it("is for admin, manager and accountant only", async () => {
    for (const email of ["dispatcher@demo.test", "driver@demo.test", "customer@demo.test"]) {
      expect((await call(ctx, "/api/payments", { cookie: await signIn(ctx, email) })).status).toBe(403);
    }
    expect(
      (await call(ctx, "/api/payments", { cookie: await signIn(ctx, "manager@demo.test") })).status,
    ).toBe(200);
  });
});
