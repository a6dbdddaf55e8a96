import type { LogEntry } from "@shared/communications/communications.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhook } from "../../platform/sms/sms";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { startSmsProvider } from "../../testing/sms-provider";
import { sendQueuedSms } from "./sms.service";

const SID = "AC0123456789";
const TOKEN = "sms-auth-token";
let provider: Awaited<ReturnType<typeof startSmsProvider>>;
let ctx: TestContext;
let admin: string;
let dispatcher: string;
const drivers: { id: string; phone: string | null; state: string }[] = [];

beforeAll(async () => {
  provider = await startSmsProvider(SID, TOKEN);
  ctx = await createTestContext({
    sms: { baseUrl: provider.url, accountSid: SID, authToken: TOKEN, from: "+13125550100" },
  });
  [admin, dispatcher] = await Promise.all([
    signIn(ctx, "admin@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
  ]);
  const { rows } = await ctx.deps.db.execute<{ id: string }>(
    sql`select id from drivers where active order by full_name limit 4`,
  );
  const plan = [
    { phone: "(312) 555-0142", state: "IL" },
    { phone: "312.555.0177", state: "IL" },
    { phone: null, state: "IL" },
    { phone: "+1 305 555 0190", state: "FL" },
  ];
  for (const [i, r] of rows.entries()) {
    await ctx.deps.db.execute(
      sql`update drivers set phone = ${plan[i].phone}, mailing_state = ${plan[i].state} where id = ${r.id}`,
    );
    drivers.push({ id: r.id, ...plan[i] });
  }
  await ctx.deps.db.execute(sql`delete from sms_consents`);
});
afterAll(async () => {
  await ctx.close();
  await provider.close();
});

const consent = (phone: string, status: "opted_in" | "opted_out") =>
  call(ctx, "/api/sms-consents", { method: "POST", cookie: admin, body: { phone, status, method: "form" } });
const blast = (body: string, driverIds: string[]) =>
  call(ctx, "/api/communications/sms", {
    method: "POST",
    cookie: dispatcher,
    body: { body, audience: { drivers: "chosen", driverIds } },
  });
const log = async (id: string) =>
  (
    await call(ctx, `/api/communications/log?page=1&pageSize=50&communicationId=${id}`, {
      cookie: dispatcher,
    })
  ).json.items as LogEntry[];
/** 10:00 and 23:00 in Chicago on a fixed day. */
const CHICAGO_10 = new Date("2026-11-25T16:00:00Z");
const CHICAGO_23 = new Date("2026-11-26T05:00:00Z");
const inbound = (params: Record<string, string>, signature?: string) =>
  ctx.app.request("/api/public/sms/inbound", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature ?? signWebhook(TOKEN, `${TEST_ORIGIN}/api/public/sms/inbound`, params),
    },
    body: new URLSearchParams(params).toString(),
  });

describe("SMS blast and consent", () => {
  it("texts only consenting numbers (E.164), names the company and the opt-out, and lists who has no phone", async () => {
    await consent("312-555-0142", "opted_in");
    await consent("(312) 555-0177", "opted_out");
    const ids = drivers.slice(0, 3).map((d) => d.id);
    const preview = await call(ctx, "/api/communications/sms/preview", {
      method: "POST",
      cookie: dispatcher,
      body: { audience: { drivers: "chosen", driverIds: ids } },
    });
    expect(preview.json).toMatchObject({ count: 1, noConsent: 1, providerConfigured: true });
    expect(preview.json.noPhone).toHaveLength(1);

    const sent = await blast("Yard closed Saturday.", ids);
    expect(sent.status).toBe(201);
    // The answer says what happened, in counts: one queued, two skipped (no phone, no consent).
    expect(sent.json).toEqual({
      id: expect.any(String),
      queued: 1,
      notSent: 0,
      skipped: 2,
      providerConfigured: true,
    });
    await sendQueuedSms(ctx.deps, CHICAGO_10);
    expect(provider.received).toEqual([
      {
        to: "+13125550142",
        from: "+13125550100",
        body: "Lakeshore Freight Lines LLC: Yard closed Saturday. Reply STOP to opt out.",
      },
    ]);
    const entries = await log(sent.json.id);
    expect(entries.map((e) => e.status).sort()).toEqual(["no_address", "no_consent", "sent"]);
  });

  it("holds a text outside the recipient's hours, stricter in Florida, and sends it when the window opens", async () => {
    await consent("+13055550190", "opted_in");
    const before = provider.received.length;
    const sent = await blast("Pickup moved to 7 am.", [drivers[0].id, drivers[3].id]);
    await sendQueuedSms(ctx.deps, CHICAGO_23);
    expect(provider.received.length).toBe(before);
    expect(
      (await log(sent.json.id)).every((e) => e.status === "queued" && e.error?.startsWith("Waits for 8:00")),
    ).toBe(true);
    // 20:30 in Miami (19:30 in Chicago): Illinois is open, Florida closed at 20:00.
    await sendQueuedSms(ctx.deps, new Date("2026-11-26T01:30:00Z"));
    expect(provider.received.slice(before).map((m) => m.to)).toEqual(["+13125550142"]);
    await sendQueuedSms(ctx.deps, new Date("2026-11-26T14:00:00Z")); // 9:00 in Miami
    expect(provider.received.slice(before).map((m) => m.to)).toEqual(["+13125550142", "+13055550190"]);
  });

  it("STOP (or its plain-language equivalents) opts out through the signed webhook; an opted-out number is never texted again", async () => {
    expect((await inbound({ From: "+13125550142", Body: "STOP" }, "forged")).status).toBe(400);
    const queued = await blast("Fuel card PINs change Monday.", [drivers[0].id]);
    const stop = await inbound({ From: "+13125550142", Body: "Stop" });
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain("You are unsubscribed");
    const before = provider.received.length;
    // Queued before the reply: checked again at sending.
    await sendQueuedSms(ctx.deps, CHICAGO_10);
    expect(provider.received.length).toBe(before);
    expect((await log(queued.json.id))[0].status).toBe("no_consent");
    const again = await blast("Another one.", [drivers[0].id]);
    expect((await log(again.json.id))[0].status).toBe("no_consent");

    const list = await call(ctx, "/api/sms-consents?page=1&pageSize=50&q=5550142", { cookie: admin });
    expect(list.json.items[0]).toMatchObject({
      phone: "+13125550142",
      status: "opted_out",
      method: "keyword",
    });
    for (const word of ["no más", "REVOKE", "opt out"]) {
      const r = await inbound({ From: "+13055550190", Body: word });
      expect(await r.text()).toContain("unsubscribed");
      await inbound({ From: "+13055550190", Body: "START" });
    }
    expect(await (await inbound({ From: "+13055550190", Body: "HELP" })).text()).toContain(
      "Reply STOP to opt out.",
    );
    const miami = await call(ctx, "/api/sms-consents?page=1&pageSize=50&q=5550190", { cookie: admin });
    expect(miami.json.items[0].status).toBe("opted_in");
  });

  it("imports consents from CSV, all lines or none; without a provider texts are logged as not sent", async () => {
    const upload = (csv: string) => {
      const form = new FormData();
      form.set("file", new File([csv], "consents.csv", { type: "text/csv" }));
      return ctx.app.request("/api/sms-consents/import", {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie: admin },
        body: form,
      });
    };
    const bad = await upload("phone,name,status\n3125550177,Pat,opted_in\nnot-a-phone,X,opted_in\n");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.lines).toEqual([
      { line: 3, message: "Enter a valid phone number." },
    ]);
    const good = await upload("phone,name,status,method\n3125550177,Pat Doyle,opted_in,paper\n");
    expect(await good.json()).toEqual({ imported: 1 });

    const sent = await blast("Safety meeting at 9.", [drivers[1].id]);
    await sendQueuedSms({ ...ctx.deps, config: { ...ctx.deps.config, sms: undefined } }, CHICAGO_10);
    expect((await log(sent.json.id))[0].status).toBe("not_sent_no_provider");
    // Only admin manages consent.
    expect((await call(ctx, "/api/sms-consents?page=1&pageSize=10", { cookie: dispatcher })).status).toBe(
      403,
    );
  });

  it("without a provider, the blast answers that nothing was sent, in counts, and logs each text as not sent", async () => {
    const offline = await createTestContext();
    try {
      const office = await signIn(offline, "dispatcher@demo.test");
      const { rows } = await offline.deps.db.execute<{ id: string }>(
        sql`select id from drivers where active order by full_name limit 2`,
      );
      await offline.deps.db.execute(
        sql`update drivers set phone = '(312) 555-0142' where id = ${rows[0].id}`,
      );
      await offline.deps.db.execute(sql`update drivers set phone = null where id = ${rows[1].id}`);
      await offline.deps.db.execute(sql`insert into sms_consents (phone, name, status, method, recorded_by_name)
        values ('+13125550142', 'Test', 'opted_in', 'paper', 'Test') on conflict (phone) do update set status = 'opted_in'`);
      const res = await call(offline, "/api/communications/sms", {
        method: "POST",
        cookie: office,
        body: {
          body: "Yard closed Saturday.",
          audience: { drivers: "chosen", driverIds: rows.map((r) => r.id) },
        },
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ queued: 0, notSent: 1, skipped: 1, providerConfigured: false });
      const entries = (
        await call(offline, `/api/communications/log?page=1&pageSize=50&communicationId=${res.json.id}`, {
          cookie: office,
        })
      ).json.items as LogEntry[];
      expect(entries.map((e) => e.status).sort()).toEqual(["no_address", "not_sent_no_provider"]);
    } finally {
      await offline.close();
    }
  });
});
