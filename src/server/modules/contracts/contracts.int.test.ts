import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contractLinks, contracts, drivers, mailMessages, notifications } from "../../db/schema";
import { companyDay } from "../../platform/company-day";
import { hashToken } from "../../platform/tokens/tokens";
import { signaturePng } from "../../seed/signature-png";
import { driverIdOf, PDF } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { pdfText } from "../../testing/pdf-text";
import { runContractExpiry } from "./contract-expiry";

let ctx: TestContext;
let manager: string;
let admin: string;
let dispatcher: string;
let jake: string;
let today: string;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(ctx, "manager@demo.test");
  admin = await signIn(ctx, "admin@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  jake = await signIn(ctx, "driver@demo.test");
  today = companyDay(new Date(), ctx.deps.config.company.timeZone);
});
afterAll(async () => {
  await ctx.close();
});

/** A new hire kept on file without a sign-in account (the contract's signer). */
async function newHire(name: string, email: string): Promise<string> {
  const [row] = await ctx.deps.db
    .insert(drivers)
    .values({ fullName: name, email, defaultPayType: "per_mile", defaultPayRate: "0.62" })
    .returning({ id: drivers.id });
  return row.id;
}

async function draft(overrides: Record<string, unknown> = {}) {
  const res = await call(ctx, "/api/contracts", {
    cookie: manager,
    body: {
      title: "Driver Employment Agreement",
      type: "employment",
      signerName: "Nina Brooks",
      signerEmail: "nina.brooks@example.test",
      content: "# Agreement\n\nThe Driver is paid **$0.62 per mile**.\n\n- Keep the medical card valid.",
      ...overrides,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; status: string };
}

async function send(id: string) {
  const res = await call(ctx, `/api/contracts/${id}/send`, { cookie: manager, method: "POST" });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const url = res.json.url as string;
  return url.slice(url.lastIndexOf("/") + 1);
}

const view = (token: string, ua = "Mozilla/5.0 (iPhone) Test", ip = "198.51.100.7") =>
  call(ctx, `/api/public/contracts/${token}`, {
    headers: { "user-agent": ua, "x-forwarded-for": ip },
  });
/** Signing is rate-limited per address: a test that signs often comes from its own address. */
const sign = (token: string, body: Record<string, unknown>, ip = "198.51.100.7") =>
  call(ctx, `/api/public/contracts/${token}/sign`, {
    body,
    headers: { "user-agent": "Mozilla/5.0 (iPhone) Test", "x-forwarded-for": ip },
  });

describe("contracts: drafts, templates and access", () => {
  it("is for admins and managers only; others are refused, with the spec's fields validated", async () => {
    expect((await call(ctx, "/api/contracts", { cookie: dispatcher })).status).toBe(403);
    expect((await call(ctx, "/api/contracts", { cookie: jake })).status).toBe(403);
    expect((await call(ctx, "/api/contracts")).status).toBe(401);
    const bad = await call(ctx, "/api/contracts", {
      cookie: manager,
      body: { title: "", type: "lease", signerName: "", signerEmail: "nope", content: "" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields).toMatchObject({
      title: "Enter the contract's title.",
      signerEmail: "Enter a valid email address.",
    });
    const listed = await call(ctx, "/api/contracts?status=draft", { cookie: admin });
    expect(listed.status).toBe(200);
    // The demo holds a contract in every status (drafted, sent to a new hire, signed, expired — and
    // the expired one renewed as a draft).
    expect(listed.json.counts).toMatchObject({ draft: 2, sent: 1, signed: 2, expired: 1 });
    expect(listed.json.items.every((c: { status: string }) => c.status === "draft")).toBe(true);
  });

  it("fills a template's merge fields for a driver: name, company, pay type and rate, start date", async () => {
    const driverId = await newHire("Owen Park", "owen.park@example.test");
    const res = await call(
      ctx,
      `/api/contract-templates/merge?type=employment&driverId=${driverId}&startsOn=2026-12-01`,
      { cookie: manager },
    );
    expect(res.status).toBe(200);
    const content = res.json.content as string;
    expect(content).toContain("**Owen Park**");
    expect(content).toContain(ctx.deps.config.company.name);
    expect(content).toContain(ctx.deps.config.company.address);
    expect(content).toContain("$0.62 per mile (mileage pay)");
    expect(content).toContain("December 1, 2026");
    expect(content).not.toMatch(/\{\{/);

    const saved = await call(ctx, "/api/contract-templates/custom", {
      cookie: manager,
      method: "PUT",
      body: { content: "Dear {{signer_name}}, welcome to {{company_name}}. {{unknown_field}}" },
    });
    expect(saved.status).toBe(200);
    const merged = await call(ctx, "/api/contract-templates/merge?type=custom&signerName=Lee%20Ray", {
      cookie: manager,
    });
    expect(merged.json.content).toBe(
      `Dear Lee Ray, welcome to ${ctx.deps.config.company.name}. {{unknown_field}}`,
    );
  });

  it("changes only drafts: a sent contract is withdrawn first, and its link stops working", async () => {
    const c = await draft();
    const token = await send(c.id);
    const edit = await call(ctx, `/api/contracts/${c.id}`, {
      cookie: manager,
      method: "PUT",
      body: {
        title: "Changed",
        type: "employment",
        signerName: "N",
        signerEmail: "n@example.test",
        content: "x",
      },
    });
    expect(edit.status).toBe(409);
    expect(edit.json.error.code).toBe("CONTRACT_NOT_DRAFT");
    const withdrawn = await call(ctx, `/api/contracts/${c.id}/withdraw`, { cookie: manager, method: "POST" });
    expect(withdrawn.json.status).toBe("draft");
    expect((await view(token)).status).toBe(404);
    const deleted = await call(ctx, `/api/contracts/${c.id}`, { cookie: manager, method: "DELETE" });
    expect(deleted.status).toBe(200);
  });
});

describe("contracts: the public signing link", () => {
  it("stores only a 256-bit token's hash; a wrong, re-sent (replaced) or expired link shows nothing and stores nothing", async () => {
    const c = await draft();
    const first = await send(c.id);
    expect(Buffer.from(first, "base64url").length).toBe(32);
    const [link] = await ctx.deps.db.select().from(contractLinks).where(eq(contractLinks.contractId, c.id));
    expect(link.tokenHash).toBe(hashToken(first));
    expect(JSON.stringify(link)).not.toContain(first);

    const wrong = await view("A".repeat(43));
    expect(wrong.status).toBe(404);
    expect(wrong.json.error.code).toBe("INVALID_LINK");

    const second = await send(c.id);
    expect((await view(first)).status).toBe(404);
    expect((await view(second)).status).toBe(200);

    await ctx.deps.db
      .update(contractLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contractLinks.tokenHash, hashToken(second)));
    const before = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, c.id));
    const expired = await sign(second, {
      consent: true,
      fullName: "Nina Brooks",
      signature: signaturePng(true),
      contentSha256: "0".repeat(64),
    });
    expect(expired.status).toBe(404);
    const after = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(after[0].status).toBe("sent");
    expect(after[0].updatedAt).toEqual(before[0].updatedAt);
  });

  it("needs consent, a typed name and a drawn signature over the content shown", async () => {
    const c = await draft();
    const token = await send(c.id);
    const shown = (await view(token)).json;
    const base = { consent: true, fullName: "Nina Brooks", contentSha256: shown.contentSha256 };

    const blank = await sign(token, { ...base, signature: signaturePng(false) });
    expect(blank.status).toBe(400);
    expect(blank.json.error.message).toBe("Please provide a signature.");
    const none = await sign(token, { ...base, signature: "" });
    expect(none.json.error.details.fields.signature).toBe("Please provide a signature.");
    const noConsent = await sign(token, { ...base, consent: false, signature: signaturePng(true) });
    expect(noConsent.json.error.details.fields.consent).toBe("Agree to sign electronically to continue.");
    const changed = await sign(token, {
      ...base,
      contentSha256: "f".repeat(64),
      signature: signaturePng(true),
    });
    expect(changed.status).toBe(409);
    expect(changed.json.error.code).toBe("CONTRACT_CHANGED");
    const [still] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(still.status).toBe("sent");
  });

  it("signs once: the hash of the exact content, time, address and browser, a signed PDF with its record, mail to both; read-only after", async () => {
    const c = await draft({ title: "Lease Agreement Unit 512", type: "lease" });
    const attached = new FormData();
    attached.set("file", new File([PDF], "schedule-a.pdf", { type: "application/pdf" }));
    const up = await ctx.app.request(`/api/contracts/${c.id}/attachment`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: manager },
      body: attached,
    });
    expect(up.status).toBe(200);
    const token = await send(c.id);
    const shown = (await view(token)).json;
    // The hash binds the title, the content and the attachment's bytes.
    const attachmentSha = createHash("sha256").update(PDF).digest("hex");
    const expected = createHash("sha256")
      .update(JSON.stringify({ v: 1, title: shown.title, content: shown.content, attachment: attachmentSha }))
      .digest("hex");
    expect(shown.contentSha256).toBe(expected);
    expect(shown.attachment.fileName).toBe("schedule-a.pdf");

    const res = await sign(token, {
      consent: true,
      fullName: "Nina Brooks",
      signature: signaturePng(true),
      contentSha256: shown.contentSha256,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.account).toBeNull(); // no driver on this contract

    const detail = (await call(ctx, `/api/contracts/${c.id}`, { cookie: manager })).json;
    expect(detail).toMatchObject({
      status: "signed",
      signedName: "Nina Brooks",
      contentSha256: expected,
      hasSignedPdf: true,
    });
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual([
      "created",
      "sent",
      "viewed",
      "signed",
    ]);
    const signedEvent = detail.events.find((e: { kind: string }) => e.kind === "signed");
    expect(signedEvent).toMatchObject({ ip: "198.51.100.7", userAgent: "Mozilla/5.0 (iPhone) Test" });
    const [row] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(row).toMatchObject({ signedIp: "198.51.100.7", signedUserAgent: "Mozilla/5.0 (iPhone) Test" });

    const pdfRes = await ctx.app.request(`/api/contracts/${c.id}/signed-pdf`, {
      headers: { origin: TEST_ORIGIN, cookie: manager },
    });
    expect(pdfRes.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdfRes.arrayBuffer()));
    expect(text).toContain("Lease Agreement Unit 512");
    expect(text).toContain("SIGNING RECORD");
    expect(text).toContain("Nina Brooks (typed name), nina.brooks@example.test");
    expect(text).toContain(expected);
    expect(text).toContain("198.51.100.7");
    expect(text).toContain("Opened by the signer");

    const mail = await ctx.deps.db
      .select({ to: mailMessages.to, attachments: mailMessages.attachments })
      .from(mailMessages)
      .where(eq(mailMessages.subject, "Signed: Lease Agreement Unit 512"));
    expect(mail.map((m) => m.to).sort()).toEqual(["manager@demo.test", "nina.brooks@example.test"]);
    expect(mail[0].attachments?.[0].contentType).toBe("application/pdf");
    const told = await ctx.deps.db
      .select()
      .from(notifications)
      .where(
        sql`${notifications.kind} = 'contract.signed' and ${notifications.data}->>'contractId' = ${c.id}`,
      );
    expect(told.length).toBeGreaterThanOrEqual(2); // the admin and the manager
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'contract.signed' and ${auditLog.targetId} = ${c.id}`);
    expect(audit.details).toMatchObject({ sha256: expected, ip: "198.51.100.7" });

    // The link is used: it never signs again, and the contract no longer changes. Reopened while it
    // works, it shows the signer their signed copy (below).
    const again = await sign(token, {
      consent: true,
      fullName: "Someone Else",
      signature: signaturePng(true),
      contentSha256: expected,
    });
    expect(again.status).toBe(404);
    expect((await call(ctx, `/api/contracts/${c.id}/send`, { cookie: manager, method: "POST" })).status).toBe(
      409,
    );
    expect((await call(ctx, `/api/contracts/${c.id}`, { cookie: manager, method: "DELETE" })).status).toBe(
      409,
    );
  });
});

describe("contracts: a new driver's account after signing", () => {
  it("creates the driver's account once, with the contract's email, linked to the driver record", async () => {
    const driverId = await newHire("Tariq Bell", "tariq.bell@example.test");
    const c = await draft({ driverId, signerName: "Tariq Bell", signerEmail: "tariq.bell@example.test" });
    const token = await send(c.id);
    const shown = (await view(token)).json;

    // Before signing there is no account to create.
    const early = await call(ctx, `/api/public/contracts/${token}/account`, {
      body: { password: "Welcome-2026!" },
    });
    expect(early.status).toBe(404);

    const signed = await sign(token, {
      consent: true,
      fullName: "Tariq Bell",
      signature: signaturePng(true),
      contentSha256: shown.contentSha256,
    });
    expect(signed.json.account).toEqual({ email: "tariq.bell@example.test", name: "Tariq Bell" });

    const short = await call(ctx, `/api/public/contracts/${token}/account`, { body: { password: "short" } });
    expect(short.status).toBe(400);
    const created = await call(ctx, `/api/public/contracts/${token}/account`, {
      body: { password: "Welcome-2026!", email: "someone.else@example.test" },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.email).toBe("tariq.bell@example.test");

    const cookie = await signIn(ctx, "tariq.bell@example.test", "Welcome-2026!");
    const me = await call(ctx, "/api/me", { cookie });
    expect(me.json.role).toBe("driver");
    expect(me.json.driver.id).toBe(driverId);
    const [driver] = await ctx.deps.db.select().from(drivers).where(eq(drivers.id, driverId));
    expect(driver.userId).toBe(me.json.user.id);

    const second = await call(ctx, `/api/public/contracts/${token}/account`, {
      body: { password: "Another-2026!" },
    });
    expect(second.status).toBe(409);
    expect(second.json.error.code).toBe("ACCOUNT_EXISTS");
    // The contract's trail says so.
    const detail = (await call(ctx, `/api/contracts/${c.id}`, { cookie: manager })).json;
    expect(detail.events.at(-1).kind).toBe("account_created");
    expect(detail.driver.hasAccount).toBe(true);
  });

  it("offers no account to a driver who has one, nor after the window", async () => {
    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    const c = await draft({ driverId: jakeId, type: "independent" });
    const token = await send(c.id);
    const shown = (await view(token)).json;
    const signed = await sign(token, {
      consent: true,
      fullName: "Jake Wilson",
      signature: signaturePng(true),
      contentSha256: shown.contentSha256,
    });
    expect(signed.json.account).toBeNull();
    const refused = await call(ctx, `/api/public/contracts/${token}/account`, {
      body: { password: "Welcome-2026!" },
    });
    expect(refused.status).toBe(409);

    const hire = await newHire("Late Comer", "late.comer@example.test");
    const late = await draft({ driverId: hire, signerEmail: "late.comer@example.test" });
    const lateToken = await send(late.id);
    await sign(lateToken, {
      consent: true,
      fullName: "Late Comer",
      signature: signaturePng(true),
      contentSha256: (await view(lateToken)).json.contentSha256,
    });
    await ctx.deps.db
      .update(contractLinks)
      .set({ usedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(contractLinks.tokenHash, hashToken(lateToken)));
    const tooLate = await call(ctx, `/api/public/contracts/${lateToken}/account`, {
      body: { password: "Welcome-2026!" },
    });
    expect(tooLate.status).toBe(404);
  });
});

describe("contracts: the daily expiry job", () => {
  it("expires signed contracts past their date and tells managers 30 days before, once", async () => {
    // Signed on file with a given expiry (a past one cannot be saved through the API).
    const mk = async (title: string, expiresOn: string) => {
      const c = await draft({ title });
      await ctx.deps.db
        .update(contracts)
        .set({ status: "signed", signedAt: new Date(), expiresOn })
        .where(eq(contracts.id, c.id));
      return c.id;
    };
    const past = await mk("Expired lease", addDays(today, -1));
    const endsToday = await mk("Ends today", today);
    const in30 = await mk("Thirty days", addDays(today, 30));
    const in31 = await mk("Thirty-one days", addDays(today, 31));

    const noticesOf = async (id: string) =>
      (
        await ctx.deps.db
          .select()
          .from(notifications)
          .where(
            sql`${notifications.kind} = 'contract.expiring' and ${notifications.data}->>'contractId' = ${id}`,
          )
      ).length;

    const first = await runContractExpiry(ctx.deps.db, ctx.deps.config.company.timeZone);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const status = async (id: string) =>
      (await ctx.deps.db.select({ s: contracts.status }).from(contracts).where(eq(contracts.id, id)))[0].s;
    expect(await status(past)).toBe("expired");
    expect(await status(endsToday)).toBe("signed");
    expect(await noticesOf(in30)).toBeGreaterThanOrEqual(2); // admin and manager
    expect(await noticesOf(in31)).toBe(0);
    expect(await noticesOf(endsToday)).toBeGreaterThanOrEqual(2);

    const before = await noticesOf(in30);
    const second = await runContractExpiry(ctx.deps.db, ctx.deps.config.company.timeZone);
    expect(second.noticed).toBe(0);
    expect(await noticesOf(in30)).toBe(before);
    const detail = (await call(ctx, `/api/contracts/${past}`, { cookie: manager })).json;
    expect(detail.events.at(-1).kind).toBe("expired");
  });
  it("expires a sent or drafted contract past its date too, whatever its signature state", async () => {
    const sentOne = await draft({ title: "Sent, never signed", expiresOn: addDays(today, 3) });
    await send(sentOne.id);
    const drafted = await draft({ title: "Drafted, never sent", expiresOn: addDays(today, 3) });
    await ctx.deps.db
      .update(contracts)
      .set({ expiresOn: addDays(today, -2) })
      .where(inArray(contracts.id, [sentOne.id, drafted.id]));
    await runContractExpiry(ctx.deps.db, ctx.deps.config.company.timeZone);
    const rows = await ctx.deps.db
      .select({ status: contracts.status })
      .from(contracts)
      .where(inArray(contracts.id, [sentOne.id, drafted.id]));
    expect(rows.map((r) => r.status)).toEqual(["expired", "expired"]);
  });
});

describe("contracts: an expiry date that has passed", () => {
  const body = (expiresOn: string) => ({
    title: "Seasonal Lease",
    type: "lease",
    signerName: "Nina Brooks",
    signerEmail: "nina.brooks@example.test",
    content: "Lease terms.",
    expiresOn,
  });
  const PAST = "The expiry date has passed. Choose today or a later date.";

  it("is refused on save and on send with a clear message; today is still a valid last day", async () => {
    const past = await call(ctx, "/api/contracts", { cookie: manager, body: body(addDays(today, -2)) });
    expect(past.status).toBe(400);
    expect(past.json.error.details.fields).toEqual({ expiresOn: PAST });
    const ok = await call(ctx, "/api/contracts", { cookie: manager, body: body(today) });
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    expect(ok.json.status).toBe("draft");
    const edit = await call(ctx, `/api/contracts/${ok.json.id}`, {
      cookie: manager,
      method: "PUT",
      body: body(addDays(today, -1)),
    });
    expect(edit.status).toBe(400);
    expect(edit.json.error.details.fields.expiresOn).toBe(PAST);

    // A draft whose date passed while it waited: shown expired, and never sent.
    await ctx.deps.db
      .update(contracts)
      .set({ expiresOn: addDays(today, -2) })
      .where(eq(contracts.id, ok.json.id));
    const sent = await call(ctx, `/api/contracts/${ok.json.id}/send`, { cookie: manager, method: "POST" });
    expect(sent.status).toBe(400);
    expect(sent.json.error).toMatchObject({
      code: "CONTRACT_EXPIRED",
      message: "This contract has expired. Renew it with new dates to send it again.",
    });
    const links = await ctx.deps.db
      .select()
      .from(contractLinks)
      .where(eq(contractLinks.contractId, ok.json.id));
    expect(links).toHaveLength(0);
  });

  it("reads as Expired whatever the signature state — listed, counted, filtered and sorted by the server", async () => {
    const sentOne = await draft({ title: "Expiring sent lease zq1", expiresOn: addDays(today, 5) });
    const token = await send(sentOne.id);
    const signedOne = await draft({ title: "Expiring signed lease zq1", expiresOn: addDays(today, 5) });
    const before = (await call(ctx, "/api/contracts", { cookie: manager })).json.counts;
    // Two days pass: the hourly job has not run yet; every read already says expired.
    await ctx.deps.db
      .update(contracts)
      .set({ expiresOn: addDays(today, -2) })
      .where(eq(contracts.id, sentOne.id));
    await ctx.deps.db
      .update(contracts)
      .set({ status: "signed", signedAt: new Date(), expiresOn: addDays(today, -2) })
      .where(eq(contracts.id, signedOne.id));

    const detail = (await call(ctx, `/api/contracts/${sentOne.id}`, { cookie: manager })).json;
    expect(detail.status).toBe("expired");
    const expired = await call(ctx, "/api/contracts?status=expired&q=zq1", { cookie: manager });
    expect(expired.json.items.map((c: { title: string }) => c.title).sort()).toEqual([
      "Expiring sent lease zq1",
      "Expiring signed lease zq1",
    ]);
    expect(expired.json.items.every((c: { status: string }) => c.status === "expired")).toBe(true);
    expect((await call(ctx, "/api/contracts?status=sent&q=zq1", { cookie: manager })).json.total).toBe(0);
    expect((await call(ctx, "/api/contracts?status=signed&q=zq1", { cookie: manager })).json.total).toBe(0);
    const after = (await call(ctx, "/api/contracts", { cookie: manager })).json.counts;
    expect(after.expired).toBe(before.expired + 2);
    expect(after.sent).toBe(before.sent - 1);
    const byStatus = await call(ctx, "/api/contracts?q=zq1&sort=status&dir=asc", { cookie: manager });
    expect(byStatus.json.items.map((c: { status: string }) => c.status)).toEqual(["expired", "expired"]);

    // Its signing link stops working: the page is told the contract has expired; nothing is signed.
    const shown = await view(token, undefined, "198.51.100.31");
    expect(shown.status).toBe(410);
    expect(shown.json.error.code).toBe("CONTRACT_EXPIRED");
    const signing = await sign(
      token,
      {
        consent: true,
        fullName: "Nina Brooks",
        signature: signaturePng(true),
        contentSha256: "0".repeat(64),
      },
      "198.51.100.22",
    );
    expect(signing.status).toBe(410);
    const [row] = await ctx.deps.db.select().from(contracts).where(eq(contracts.id, sentOne.id));
    expect(row.signedAt).toBeNull();
    // Neither withdrawn nor edited: renewed.
    const withdraw = await call(ctx, `/api/contracts/${sentOne.id}/withdraw`, {
      cookie: manager,
      method: "POST",
    });
    expect(withdraw.json.error.code).toBe("CONTRACT_EXPIRED");
  });

  it("renews an expired contract as a new draft with new dates; both trails name the other", async () => {
    const c = await draft({ title: "Renewable lease", type: "lease", expiresOn: addDays(today, 10) });
    const token = await send(c.id);
    const shown = (await view(token, undefined, "198.51.100.31")).json;
    await sign(
      token,
      {
        consent: true,
        fullName: "Nina Brooks",
        signature: signaturePng(true),
        contentSha256: shown.contentSha256,
      },
      "198.51.100.21",
    );
    await ctx.deps.db
      .update(contracts)
      .set({ expiresOn: addDays(today, -2) })
      .where(eq(contracts.id, c.id));

    const notYet = await draft({ title: "Just a draft" });
    const refused = await call(ctx, `/api/contracts/${notYet.id}/renew`, {
      cookie: manager,
      body: { expiresOn: addDays(today, 100) },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("CONTRACT_NOT_RENEWABLE");
    const pastDate = await call(ctx, `/api/contracts/${c.id}/renew`, {
      cookie: manager,
      body: { expiresOn: addDays(today, -1) },
    });
    expect(pastDate.status).toBe(400);
    expect(pastDate.json.error.details.fields.expiresOn).toBe(PAST);
    const asDispatcher = await call(ctx, `/api/contracts/${c.id}/renew`, {
      cookie: dispatcher,
      body: { expiresOn: today },
    });
    expect(asDispatcher.status).toBe(403);

    const renewed = await call(ctx, `/api/contracts/${c.id}/renew`, {
      cookie: manager,
      body: { startsOn: addDays(today, 1), expiresOn: addDays(today, 366) },
    });
    expect(renewed.status, JSON.stringify(renewed.json)).toBe(201);
    expect(renewed.json).toMatchObject({
      title: "Renewable lease",
      type: "lease",
      status: "draft",
      signerEmail: "nina.brooks@example.test",
      content: shown.content,
      startsOn: addDays(today, 1),
      expiresOn: addDays(today, 366),
      signedAt: null,
      hasSignedPdf: false,
    });
    const old = (await call(ctx, `/api/contracts/${c.id}`, { cookie: manager })).json;
    expect(old.status).toBe("expired");
    expect(old.events.at(-1)).toMatchObject({
      kind: "renewed",
      actorName: "Maria Lopez",
      related: { id: renewed.json.id, title: "Renewable lease" },
    });
    const fresh = (await call(ctx, `/api/contracts/${renewed.json.id}`, { cookie: manager })).json;
    expect(fresh.events).toEqual([
      expect.objectContaining({ kind: "created", related: { id: c.id, title: "Renewable lease" } }),
    ]);
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'contract.renewed' and ${auditLog.targetId} = ${renewed.json.id}`);
    expect(audit.details).toEqual({ startsAt: addDays(today, 1), endsAt: addDays(today, 366) });
    // The renewal goes out like any draft.
    const out = await call(ctx, `/api/contracts/${renewed.json.id}/send`, {
      cookie: manager,
      method: "POST",
    });
    expect(out.status).toBe(200);
  });
});

describe("contracts: the signer reopens the link after signing", () => {
  it("shows a read-only copy with the signature and the signed PDF while the link works", async () => {
    const c = await draft({ title: "Reopened agreement", expiresOn: addDays(today, 200) });
    const token = await send(c.id);
    const shown = (await view(token, undefined, "198.51.100.31")).json;
    expect(shown.signed).toBeNull();
    await sign(
      token,
      {
        consent: true,
        fullName: "Nina M. Brooks",
        signature: signaturePng(true),
        contentSha256: shown.contentSha256,
      },
      "198.51.100.21",
    );

    const again = await view(token, undefined, "198.51.100.31");
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json).toMatchObject({
      title: "Reopened agreement",
      content: shown.content,
      contentSha256: shown.contentSha256,
      signed: { signedName: "Nina M. Brooks", hasSignedPdf: true, account: null },
    });
    expect(again.json.signed.signature).toMatch(/^data:image\/png;base64,/);
    // Reopening records no second "viewed".
    const trail = (await call(ctx, `/api/contracts/${c.id}`, { cookie: manager })).json.events;
    expect(trail.filter((e: { kind: string }) => e.kind === "viewed")).toHaveLength(1);

    const pdf = await call(ctx, `/api/public/contracts/${token}/signed-pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");

    // A link that has not signed has no signed PDF; a used link past its days shows nothing.
    const other = await draft({ title: "Unsigned one" });
    const otherToken = await send(other.id);
    expect((await call(ctx, `/api/public/contracts/${otherToken}/signed-pdf`)).status).toBe(404);
    await ctx.deps.db
      .update(contractLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contractLinks.tokenHash, hashToken(token)));
    expect((await view(token, undefined, "198.51.100.31")).status).toBe(404);
    expect((await call(ctx, `/api/public/contracts/${token}/signed-pdf`)).status).toBe(404);
  });
});

describe("contracts: a new driver starts available", () => {
  it("the demo's new hire is available, and a driver whose status nobody knew is available once they join", async () => {
    const [demoHire] = await ctx.deps.db
      .select({ status: drivers.status })
      .from(drivers)
      .where(eq(drivers.email, "carlos.vega@drivers.test"));
    expect(demoHire.status).toBe("available");

    const driverId = await newHire("Ivy Stone", "ivy.stone@example.test");
    await ctx.deps.db
      .update(drivers)
      .set({ status: "unknown", manualStatus: "unknown" })
      .where(eq(drivers.id, driverId));
    const c = await draft({ driverId, signerName: "Ivy Stone", signerEmail: "ivy.stone@example.test" });
    const token = await send(c.id);
    await sign(
      token,
      {
        consent: true,
        fullName: "Ivy Stone",
        signature: signaturePng(true),
        contentSha256: (await view(token, undefined, "198.51.100.31")).json.contentSha256,
      },
      "198.51.100.23",
    );
    const created = await call(ctx, `/api/public/contracts/${token}/account`, {
      body: { password: "Welcome-2026!" },
    });
    expect(created.status).toBe(201);
    const [driver] = await ctx.deps.db
      .select({ status: drivers.status, manualStatus: drivers.manualStatus })
      .from(drivers)
      .where(eq(drivers.id, driverId));
    expect(driver).toEqual({ status: "available", manualStatus: "available" });
  });
});
