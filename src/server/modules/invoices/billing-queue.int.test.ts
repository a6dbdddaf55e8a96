import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, loads } from "../../db/schema";
import { customerIdOf, loadInput, uploadFile } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let accountant: string;
let dispatcher: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountant = await signIn(ctx, "accountant@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
});
afterAll(() => ctx.close());

/** A delivered load of the demo customer, completed without any paperwork. */
async function deliveredWithoutPaper(customerId: string) {
  const created = await call(ctx, "/api/loads", {
    method: "POST",
    body: loadInput({ customerId }),
    cookie: dispatcher,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  await ctx.deps.db
    .update(loads)
    .set({ status: "completed", deliveredAt: new Date() })
    .where(eq(loads.id, created.json.id));
  return created.json as { id: string; loadNumber: string };
}

/** The billing queue's "invoice these loads", as the accountant. */
const billLoads = (body: Record<string, unknown>) =>
  call(ctx, "/api/billing-queue/invoice", { method: "POST", body, cookie: accountant });

describe("the billing queue", () => {
  it("lists completed unbilled loads with their paperwork and the amount the invoice will bill", async () => {
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const load = await deliveredWithoutPaper(customerId);
    const page = (await call(ctx, `/api/billing-queue?q=${load.loadNumber}`, { cookie: accountant })).json;
    expect(page.items).toHaveLength(1);
    // Customer rate 2600 = line haul 2374.50 + lumper 150 + detention 75.50.
    expect(page.items[0]).toMatchObject({
      id: load.id,
      customerId,
      hasProofOfDelivery: false,
      hold: { kind: "missing", reason: null },
      proofsOfDelivery: 0,
      amount: "2600.00",
    });
    expect(page.summary).toEqual({ loads: 1, customers: 1, amount: "2600.00" });
    const held = (
      await call(ctx, `/api/billing-queue?paperwork=held&q=${load.loadNumber}`, { cookie: accountant })
    ).json;
    expect(held.total).toBe(1);
    const ready = (
      await call(ctx, `/api/billing-queue?paperwork=ready&q=${load.loadNumber}`, { cookie: accountant })
    ).json;
    expect(ready.total).toBe(0);
  });

  it("holds back a load without proof of delivery, bills it on an audited override, and never twice", async () => {
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const load = await deliveredWithoutPaper(customerId);
    const body = { customerId, loadIds: [load.id], send: true };
    const held = await billLoads(body);
    expect(held.status).toBe(201);
    expect(held.json).toEqual({
      invoice: null,
      delivery: null,
      held: [{ id: load.id, loadNumber: load.loadNumber, hold: { kind: "missing", reason: null } }],
    });

    const billed = await billLoads({ ...body, overrideMissingPod: true });
    expect(billed.status).toBe(201);
    expect(billed.json.invoice.total).toBe("2600.00");
    expect(billed.json.held).toEqual([]);
    // No SMTP in the tests: the email waits in the outbox, and the invoice is sent.
    expect(billed.json.delivery).toBe("stored");
    const invoice = (await call(ctx, `/api/invoices/${billed.json.invoice.id}`, { cookie: accountant })).json;
    expect(invoice.storedStatus).toBe("sent");
    const [override] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "invoice.pod_override"));
    expect(override.details).toEqual({ loads: [load.loadNumber] });

    expect(
      (await call(ctx, `/api/billing-queue?q=${load.loadNumber}`, { cookie: accountant })).json.total,
    ).toBe(0);
    const twice = await billLoads({ ...body, overrideMissingPod: true });
    expect(twice.status).toBe(409);
  });

  it("bills a load with its signed BOL at once, and holds only the one without", async () => {
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const withBol = await deliveredWithoutPaper(customerId);
    expect((await uploadFile(ctx, dispatcher, withBol.id, { kind: "bol" })).status).toBe(201);
    const without = await deliveredWithoutPaper(customerId);
    const ready = (
      await call(ctx, `/api/billing-queue?paperwork=ready&q=${withBol.loadNumber}`, { cookie: accountant })
    ).json;
    expect(ready.items[0]).toMatchObject({ hasProofOfDelivery: true, billsOfLading: 1 });
    const res = await billLoads({ customerId, loadIds: [withBol.id, without.id] });
    expect(res.json.held).toEqual([
      { id: without.id, loadNumber: without.loadNumber, hold: { kind: "missing", reason: null } },
    ]);
    expect(res.json.invoice.total).toBe("2600.00");
    expect(res.json.delivery).toBeNull();
  });

  it("holds a load whose BOL was rejected until it is billed on an audited override, with the reason", async () => {
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const load = await deliveredWithoutPaper(customerId);
    expect((await uploadFile(ctx, dispatcher, load.id, { kind: "bol" })).status).toBe(201);
    const reason = "The receiver's signature is missing";
    const rejected = await call(ctx, `/api/paperwork/${load.id}/reject`, {
      method: "POST",
      body: { reason },
      cookie: accountant,
    });
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);

    // On file, but rejected: held exactly like a load with no proof of delivery, and says why.
    const queue = async (filter = "") =>
      (await call(ctx, `/api/billing-queue?q=${load.loadNumber}${filter}`, { cookie: accountant })).json;
    expect((await queue()).items[0]).toMatchObject({
      hasProofOfDelivery: true,
      billsOfLading: 1,
      hold: { kind: "rejected", reason },
    });
    expect((await queue("&paperwork=held")).total).toBe(1);
    expect((await queue("&paperwork=ready")).total).toBe(0);

    const body = { customerId, loadIds: [load.id] };
    const refused = await call(ctx, "/api/billing-queue/invoice", {
      method: "POST",
      body,
      cookie: accountant,
    });
    expect(refused.status).toBe(201);
    expect(refused.json).toEqual({
      invoice: null,
      delivery: null,
      held: [{ id: load.id, loadNumber: load.loadNumber, hold: { kind: "rejected", reason } }],
    });
    expect((await queue()).total).toBe(1);

    const billed = await billLoads({ ...body, overrideMissingPod: true });
    expect(billed.status).toBe(201);
    expect(billed.json.invoice.total).toBe("2600.00");
    expect(billed.json.held).toEqual([]);
    const [override] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "invoice.pod_override"), eq(auditLog.targetId, billed.json.invoice.id)));
    expect(override.targetLabel).toBe(billed.json.invoice.invoiceNumber);
    expect(override.details).toEqual({
      loads: [load.loadNumber],
      rejected: [`${load.loadNumber}: ${reason}`],
    });
    expect((await queue()).total).toBe(0);
  });

  it("puts a rejected load back among the ready ones once the driver uploads the paperwork again", async () => {
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const load = await deliveredWithoutPaper(customerId);
    await uploadFile(ctx, dispatcher, load.id, { kind: "pod" });
    await call(ctx, `/api/paperwork/${load.id}/reject`, {
      method: "POST",
      body: { reason: "Unreadable" },
      cookie: accountant,
    });
    await uploadFile(ctx, dispatcher, load.id, { kind: "pod" });
    const page = (
      await call(ctx, `/api/billing-queue?paperwork=ready&q=${load.loadNumber}`, { cookie: accountant })
    ).json;
    expect(page.items[0]).toMatchObject({ id: load.id, hold: null, proofsOfDelivery: 2 });
  });

  it("is billing staff's only", async () => {
    for (const email of ["dispatcher@demo.test", "driver@demo.test", "customer@demo.test"]) {
      expect((await call(ctx, "/api/billing-queue", { cookie: await signIn(ctx, email) })).status).toBe(403);
    }
  });
});
