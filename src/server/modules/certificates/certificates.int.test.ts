import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages, notifications } from "../../db/schema";
import { companyDay } from "../../platform/company-day";
import { customerIdOf, PDF } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { noticeExpiringDocuments } from "../documents/expiry-notices";

let ctx: TestContext;
let manager: string;
let dispatcher: string;
let jake: string;
let today: string;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(ctx, "manager@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  jake = await signIn(ctx, "driver@demo.test");
  today = companyDay(new Date(), ctx.deps.config.company.timeZone);
});
afterAll(async () => {
  await ctx.close();
});

const acord = (overrides: Record<string, unknown> = {}) => ({
  direction: "company",
  insuredName: "Lakeshore Freight Lines LLC",
  producerName: "Midwest Transportation Insurance Agency",
  insurers: [
    { letter: "A", name: "Great West Casualty Company", naic: "11371" },
    { letter: "B", name: "Northland Insurance Company", naic: "24015" },
  ],
  policies: [
    {
      kind: "auto_liability",
      insurerLetter: "A",
      number: "AL-1",
      effectiveOn: addDays(today, -300),
      expiresOn: addDays(today, 65),
      limits: { combined_single_limit: "1000000" },
    },
    {
      kind: "motor_truck_cargo",
      insurerLetter: "B",
      number: "MTC-1",
      effectiveOn: addDays(today, -340),
      expiresOn: addDays(today, 9),
      limits: { cargo_limit: "100000", deductible: "" },
    },
  ],
  ...overrides,
});

async function upload(path: string, cookie = manager) {
  const form = new FormData();
  form.set("file", new File([PDF], "coi-holder.pdf", { type: "application/pdf" }));
  const res = await ctx.app.request(path, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  return { status: res.status, json: await res.json() };
}

describe("certificates of insurance", () => {
  it("is for admins and managers; the demo has ours, received ones and two holders", async () => {
    expect((await call(ctx, "/api/certificates", { cookie: dispatcher })).status).toBe(403);
    expect((await call(ctx, "/api/certificate-requests", { cookie: jake })).status).toBe(403);
    const ours = await call(ctx, "/api/certificates?direction=company", { cookie: manager });
    expect(ours.json.items[0].policies.map((p: { kind: string }) => p.kind)).toEqual([
      "auto_liability",
      "motor_truck_cargo",
      "general_liability",
      "workers_compensation",
      "umbrella",
    ]);
    expect(ours.json.items[0].insurers[0]).toEqual({
      letter: "A",
      name: "Great West Casualty Company",
      naic: "11371",
    });
    const received = await call(ctx, "/api/certificates?direction=received", { cookie: manager });
    expect(received.json.items.map((c: { partyKind: string }) => c.partyKind).sort()).toEqual([
      "owner_operator",
      "vendor",
    ]);
    const holders = await call(ctx, "/api/certificate-requests", { cookie: manager });
    expect(holders.json.total).toBe(2);
  });

  it("checks the ACORD data: NAIC numbers, one letter per insurer, known insurers, dates in order", async () => {
    const bad = await call(ctx, "/api/certificates", {
      cookie: manager,
      body: acord({
        insurers: [
          { letter: "A", name: "Great West", naic: "113" },
          { letter: "A", name: "Northland", naic: "" },
        ],
        policies: [
          {
            kind: "umbrella",
            insurerLetter: "C",
            number: "U-1",
            effectiveOn: addDays(today, 10),
            expiresOn: addDays(today, 5),
            limits: { each_occurrence: "two million" },
          },
        ],
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields).toMatchObject({
      "insurers.0.naic": "A NAIC number has five digits.",
      "insurers.1.letter": "Each insurer has its own letter.",
      "policies.0.insurerLetter": "Choose an insurer listed above.",
      "policies.0.expiresOn": "The expiry date must be after the effective date.",
      "policies.0.limits.each_occurrence": "Enter an amount in dollars, e.g. 1000000.",
    });
    const received = await call(ctx, "/api/certificates", {
      cookie: manager,
      body: acord({ direction: "received", partyName: "" }),
    });
    expect(received.json.error.details.fields.partyName).toBe("Enter who gave you this certificate.");
  });

  it("expires on its earliest policy, shows as lapsing within 30 days, and is announced once per threshold", async () => {
    const created = await call(ctx, "/api/certificates", {
      cookie: manager,
      body: acord({ insuredName: "Lapse Test Carrier" }),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.expiresOn).toBe(addDays(today, 9));
    // Empty limits are left out.
    expect(created.json.policies[1].limits).toEqual({ cargo_limit: "100000" });
    const lapsing = await call(ctx, "/api/certificates?expiry=lapsing&q=Lapse%20Test", { cookie: manager });
    expect(lapsing.json.items.map((c: { id: string }) => c.id)).toEqual([created.json.id]);
    expect(
      (await call(ctx, "/api/certificates?expiry=valid&q=Lapse%20Test", { cookie: manager })).json.total,
    ).toBe(0);

    const count = async () =>
      (
        await ctx.deps.db
          .select()
          .from(notifications)
          .where(
            sql`${notifications.kind} = 'document.expiring' and ${notifications.data}->>'documentId' = ${created.json.id}`,
          )
      ).length;
    await noticeExpiringDocuments(ctx.deps.db, ctx.deps.config.company.timeZone);
    const first = await count();
    expect(first).toBeGreaterThanOrEqual(2); // the admin and the manager: the 30-day notice
    await noticeExpiringDocuments(ctx.deps.db, ctx.deps.config.company.timeZone);
    expect(await count()).toBe(first);
    // A week later (7 days before) it is announced again, once.
    await noticeExpiringDocuments(
      ctx.deps.db,
      ctx.deps.config.company.timeZone,
      new Date(Date.now() + 2 * 86_400_000),
    );
    expect(await count()).toBe(first * 2);
    const [row] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(sql`${notifications.data}->>'documentId' = ${created.json.id}`)
      .limit(1);
    expect(row.link).toBe("/accounting/coi-manager?expiry=lapsing");
  });

  it("records a holder's request, attaches the agent's certificate, emails it, and lists the holder as lapsing", async () => {
    const cert = await call(ctx, "/api/certificates", {
      cookie: manager,
      body: acord({ insuredName: "Holder Test" }),
    });
    const noEmail = await call(ctx, "/api/certificate-requests", {
      cookie: manager,
      body: {
        holderName: "Walk-in Broker",
        holderKind: "broker",
        certificateId: cert.json.id,
        requestedOn: today,
      },
    });
    expect(noEmail.status).toBe(201);
    expect(noEmail.json).toMatchObject({
      status: "requested",
      lapsing: true,
      certificateLabel: "Holder Test",
    });
    const refused = await call(ctx, `/api/certificate-requests/${noEmail.json.id}/send`, {
      cookie: manager,
      method: "POST",
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe("No Email Found");

    // A "Customer" holder names the customer (issue 38): without one the request is refused.
    const holder = {
      holderName: "Summit Foods",
      holderKind: "customer",
      holderEmail: "risk@summitfoods.test",
      certificateId: cert.json.id,
      requestedOn: today,
    };
    const noCustomer = await call(ctx, "/api/certificate-requests", { cookie: manager, body: holder });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.json.error.details.fields).toEqual({ customerId: "Choose the customer." });
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const req = await call(ctx, "/api/certificate-requests", {
      cookie: manager,
      body: { ...holder, customerId },
    });
    expect(req.status, JSON.stringify(req.json)).toBe(201);
    expect(req.json.customerId).toBe(customerId);
    const cleared = await call(ctx, `/api/certificate-requests/${req.json.id}`, {
      cookie: manager,
      method: "PUT",
      body: { ...holder, customerId: "" },
    });
    expect(cleared.status).toBe(400);
    const early = await call(ctx, `/api/certificate-requests/${req.json.id}/send`, {
      cookie: manager,
      method: "POST",
    });
    expect(early.json.error.message).toBe("Attach the issued certificate before sending it.");
    const issued = await upload(`/api/certificate-requests/${req.json.id}/file`);
    expect(issued.status).toBe(200);
    expect(issued.json).toMatchObject({ status: "issued", file: { fileName: "coi-holder.pdf" } });
    const sent = await call(ctx, `/api/certificate-requests/${req.json.id}/send`, {
      cookie: manager,
      method: "POST",
    });
    expect(sent.status).toBe(200);
    expect(sent.json.sentTo).toBe("risk@summitfoods.test");
    const [mail] = await ctx.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, "risk@summitfoods.test"));
    expect(mail.subject).toBe("Certificate of insurance: Lakeshore Freight Lines LLC");
    expect(mail.attachments).toEqual([
      // The agent's certificate is a stored file: the outbox keeps which one, to download it again.
      {
        filename: "coi-holder.pdf",
        contentType: "application/pdf",
        size: PDF.length,
        fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);

    const lapsing = await call(ctx, "/api/certificate-requests?lapsing=true&q=Summit%20Foods", {
      cookie: manager,
    });
    expect(lapsing.json.items).toHaveLength(1);
    expect(lapsing.json.items[0]).toMatchObject({ status: "sent", expiresOn: addDays(today, 9) });

    // A holder's certificate rests on one of the company's, not a received one.
    const receivedCert = await call(ctx, "/api/certificates", {
      cookie: manager,
      body: acord({ direction: "received", partyKind: "vendor", partyName: "Tire shop" }),
    });
    const wrong = await call(ctx, "/api/certificate-requests", {
      cookie: manager,
      body: { holderName: "X", holderKind: "other", certificateId: receivedCert.json.id, requestedOn: today },
    });
    expect(wrong.status).toBe(400);
  });
});
