import { routePath } from "@shared/access";
import type { LogEntry } from "@shared/communications/communications.schema";
import type { AutomatedSwitches, NotificationPreferences } from "@shared/notifications/preferences.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  customerIdOf,
  driverIdOf,
  emptyDispatchOffice,
  loadInput,
  uploadFile,
  userIdOf,
} from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { startSmsProvider } from "../../testing/sms-provider";
import { readMail, startSmtpSink } from "../../testing/smtp-sink";
import { sendQueuedEmails } from "../communications/communications.service";
import { sendQueuedSms } from "../communications/sms.service";

const SID = "AC0000000016";
const TOKEN = "automated-sms-token";
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let provider: Awaited<ReturnType<typeof startSmsProvider>>;
let ctx: TestContext;
let manager: string;
let dispatcher: string;
let jake: string;
let customer: string;
let jakeId: string;
let jakeUser: string;
let customerId: string;
const JAKE_PHONE = "+17735550142";
/** Noon UTC: inside every US state's texting hours. */
const NOON = new Date("2026-11-24T18:00:00Z");

beforeAll(async () => {
  smtp = await startSmtpSink();
  provider = await startSmsProvider(SID, TOKEN);
  ctx = await createTestContext({
    smtpUrl: smtp.url,
    sms: { baseUrl: provider.url, accountSid: SID, authToken: TOKEN, from: "+13125550100" },
  });
  await emptyDispatchOffice(ctx);
  [manager, dispatcher, jake, customer] = await Promise.all([
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "customer@demo.test"),
  ]);
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  jakeUser = await userIdOf(ctx, "driver@demo.test");
  customerId = await customerIdOf(ctx, "customer@demo.test");
  const db = ctx.deps.db;
  await db.execute(
    sql`update drivers set phone = '(773) 555-0142', mailing_state = 'IL' where id = ${jakeId}`,
  );
  await db.execute(sql`insert into sms_consents (phone, name, status, method, recorded_by_name)
    values (${JAKE_PHONE}, 'Jake Wilson', 'opted_in', 'paper', 'Test') on conflict (phone) do update set status = 'opted_in'`);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await provider.close();
});
beforeEach(async () => {
  const db = ctx.deps.db;
  await db.execute(sql`delete from communications`);
  await db.execute(sql`delete from automated_notifications`);
  await db.execute(sql`update user_preferences set email_kinds = null, sms_kinds = null, language = null`);
  smtp.received.length = 0;
  provider.received.length = 0;
});

const prefs = async (cookie: string) =>
  (await call(ctx, "/api/me/notification-preferences", { cookie })).json as NotificationPreferences;
const assign = async () => {
  const res = await call(ctx, "/api/loads", {
    body: loadInput({ driverId: jakeId, customerId }),
    cookie: dispatcher,
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; loadNumber: string };
};
const automatedLog = async () =>
  (await call(ctx, "/api/communications/log?page=1&pageSize=100&source=automated", { cookie: dispatcher }))
    .json.items as LogEntry[];
const inbox = async (userId: string, kind: string) => {
  const { rows } = await ctx.deps.db.execute<{ n: number }>(
    sql`select count(*)::int as n from notifications where recipient_id = ${userId} and kind = ${kind}`,
  );
  return rows[0].n;
};

describe("each user's own choices", () => {
  it("lists the caller's kinds with the automated ones on by default, and saves only theirs", async () => {
    const before = await prefs(jake);
    expect(before.kinds).toEqual(
      expect.arrayContaining(["load.assigned", "time_off.reviewed", "announcement"]),
    );
    expect(before.kinds).not.toContain("bill.due");
    expect(before.email).toEqual(
      expect.arrayContaining(["load.assigned", "time_off.reviewed", "document.expiring", "contract.sent"]),
    );
    expect(before.email).not.toContain("announcement");
    expect(before).toMatchObject({ phone: JAKE_PHONE, smsConsent: "opted_in", language: "en" });
    // Texts are off for the company until it switches them on.
    expect(before.companyOff).toContainEqual({ kind: "load.assigned", channel: "sms" });

    const saved = await call(ctx, "/api/me/notification-preferences", {
      method: "PUT",
      cookie: jake,
      body: { email: ["announcement", "bill.due"], sms: ["load.assigned"] },
    });
    expect(saved.status).toBe(200);
    // bill.due is not a driver's: dropped.
    expect(saved.json).toMatchObject({ email: ["announcement"], sms: ["load.assigned"] });
    expect((await prefs(jake)).email).toEqual(["announcement"]);

    const bad = await call(ctx, "/api/me/notification-preferences", {
      method: "PUT",
      cookie: jake,
      body: { email: ["not.a.kind"], sms: [] },
    });
    expect(bad.status).toBe(400);

    const lang = await call(ctx, "/api/me/language", {
      method: "PUT",
      cookie: jake,
      body: { language: "es" },
    });
    expect(lang.json).toEqual({ language: "es" });
    expect((await prefs(jake)).language).toBe("es");
    expect(
      (await call(ctx, "/api/me/language", { method: "PUT", cookie: jake, body: { language: "de" } })).status,
    ).toBe(400);
    // Staff have no phone: texts are not offered.
    expect(await prefs(dispatcher)).toMatchObject({ phone: null, smsConsent: "unknown" });
  });
});

describe("the company's automated notifications", () => {
  it("dispatchers read the switches, admins and managers change them, each change audited", async () => {
    const read = await call(ctx, "/api/notifications/automated", { cookie: dispatcher });
    expect(read.status).toBe(200);
    expect((read.json as AutomatedSwitches).switches.map((s) => s.event)).toEqual([
      "load.assigned",
      "load.pod_delivered",
      "document.expiring",
      "bill.due",
      "time_off.reviewed",
      "contract.sent",
    ]);
    expect((read.json as AutomatedSwitches).switches[0]).toMatchObject({
      inApp: true,
      email: true,
      sms: false,
    });
    const body = { switches: [{ event: "load.assigned", inApp: true, email: false, sms: true }] };
    expect(
      (await call(ctx, "/api/notifications/automated", { method: "PUT", cookie: dispatcher, body })).status,
    ).toBe(403);
    expect(
      (await call(ctx, "/api/notifications/automated", { method: "PUT", cookie: jake, body })).status,
    ).toBe(403);
    const saved = await call(ctx, "/api/notifications/automated", { method: "PUT", cookie: manager, body });
    expect(saved.status).toBe(200);
    expect((saved.json as AutomatedSwitches).switches[0]).toMatchObject({
      event: "load.assigned",
      email: false,
      sms: true,
      updatedByName: "Maria Lopez",
    });
    const { rows } = await ctx.deps.db.execute<{ target_label: string }>(
      sql`select target_label from audit_log where action = 'notifications.automated_saved' order by created_at desc limit 1`,
    );
    expect(rows[0].target_label).toBe("load.assigned email off, load.assigned sms on");
    const unknown = await call(ctx, "/api/notifications/automated", {
      method: "PUT",
      cookie: manager,
      body: { switches: [{ event: "load.exploded", inApp: true, email: true, sms: true }] },
    });
    expect(unknown.status).toBe(400);
  });

  it("saving the screen's rows with one switch changed stamps only that row as changed", async () => {
    const before = (await call(ctx, "/api/notifications/automated", { cookie: manager }))
      .json as AutomatedSwitches;
    // The screen sends every row, as read, with the one the admin flipped.
    const switches = before.switches.map(({ event, inApp, email, sms }) =>
      event === "bill.due" ? { event, inApp, email: !email, sms } : { event, inApp, email, sms },
    );
    const saved = await call(ctx, "/api/notifications/automated", {
      method: "PUT",
      cookie: manager,
      body: { switches },
    });
    expect(saved.status).toBe(200);
    const after = (saved.json as AutomatedSwitches).switches;
    for (const row of after) {
      const was = before.switches.find((s) => s.event === row.event);
      if (row.event === "bill.due") {
        expect(row).toMatchObject({ email: !was?.email, updatedByName: "Maria Lopez" });
        expect(row.updatedAt).not.toBe(was?.updatedAt);
      } else {
        // Untouched: who changed it last, and when, stay as they were.
        expect({ event: row.event, by: row.updatedByName, at: row.updatedAt }).toEqual({
          event: row.event,
          by: was?.updatedByName ?? null,
          at: was?.updatedAt ?? null,
        });
      }
    }
  });

  it("a load assigned reaches the driver in the centre and by email in their language, with the link and the footer", async () => {
    await call(ctx, "/api/me/language", { method: "PUT", cookie: jake, body: { language: "es" } });
    const before = await inbox(jakeUser, "load.assigned");
    const load = await assign();
    expect(await inbox(jakeUser, "load.assigned")).toBe(before + 1);
    const queued = await automatedLog();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      channel: "email",
      source: "automated",
      notificationKind: "load.assigned",
      recipientName: "Jake Wilson",
      address: "driver@demo.test",
      status: "queued",
      subject: `Se le asignó la carga ${load.loadNumber}`,
    });
    expect(await sendQueuedEmails(ctx.deps, NOON)).toBe(1);
    const mail = readMail(await smtp.waitFor("driver@demo.test"));
    expect(mail.subject).toBe(`Se le asignó la carga ${load.loadNumber}`);
    expect(mail.text).toContain("Abra la carga para aceptarla o rechazarla.");
    expect(mail.text).toContain(
      `Ábralo: ${ctx.deps.config.publicUrl}${routePath("loadDetail", { loadId: load.id })}`,
    );
    expect(mail.text).toContain(`${ctx.deps.config.publicUrl}/notifications?preferences=1`);
    // Transactional: no bulk unsubscribe header.
    expect(mail.headers["list-unsubscribe"]).toBeUndefined();
    expect((await automatedLog())[0].status).toBe("sent");
  });

  it("switched off: no email; in-app off: not even the centre; texts only when switched on, consented and wanted", async () => {
    const put = (s: { inApp: boolean; email: boolean; sms: boolean }) =>
      call(ctx, "/api/notifications/automated", {
        method: "PUT",
        cookie: manager,
        body: { switches: [{ event: "load.assigned", ...s }] },
      });
    await put({ inApp: true, email: false, sms: true });
    let before = await inbox(jakeUser, "load.assigned");
    const load = await assign();
    expect(await inbox(jakeUser, "load.assigned")).toBe(before + 1);
    const log = await automatedLog();
    expect(log.map((e) => [e.channel, e.address])).toEqual([["sms", JAKE_PHONE]]);
    expect(await sendQueuedSms(ctx.deps, NOON)).toBe(1);
    expect(provider.received).toEqual([
      {
        to: JAKE_PHONE,
        from: "+13125550100",
        body: `${ctx.deps.config.company.name}: Load ${load.loadNumber} assigned to you ${ctx.deps.config.publicUrl}${routePath("loadDetail", { loadId: load.id })} Reply STOP to opt out.`,
      },
    ]);

    // The driver turns texts off for this kind: nothing more by text.
    await call(ctx, "/api/me/notification-preferences", {
      method: "PUT",
      cookie: jake,
      body: { email: ["load.assigned"], sms: [] },
    });
    await assign();
    expect((await automatedLog()).filter((e) => e.channel === "sms")).toHaveLength(1);

    await put({ inApp: false, email: true, sms: false });
    before = await inbox(jakeUser, "load.assigned");
    await assign();
    expect(await inbox(jakeUser, "load.assigned")).toBe(before);
    expect((await automatedLog()).filter((e) => e.channel === "email")).toHaveLength(1);
  });

  it("a delivered load with its proof reaches the customer's contact and their portal", async () => {
    const customerUser = await userIdOf(ctx, "customer@demo.test");
    await call(ctx, "/api/me/language", { method: "PUT", cookie: customer, body: { language: "fr" } });
    const load = await assign();
    for (const action of ["accept", "start"])
      expect(
        (
          await call(ctx, `/api/loads/${load.id}/actions/${action}`, {
            method: "POST",
            body: {},
            cookie: jake,
          })
        ).status,
      ).toBe(200);
    expect((await uploadFile(ctx, jake, load.id, { kind: "pod", name: "pod.pdf" })).status).toBe(201);
    const before = await inbox(customerUser, "load.pod_delivered");
    expect(
      (await call(ctx, `/api/loads/${load.id}/actions/deliver`, { method: "POST", body: {}, cookie: jake }))
        .status,
    ).toBe(200);
    expect(await inbox(customerUser, "load.pod_delivered")).toBe(before + 1);
    const copy = (await automatedLog()).find((e) => e.notificationKind === "load.pod_delivered");
    expect(copy).toMatchObject({
      channel: "email",
      recipientKind: "contact",
      address: "customer@demo.test",
      subject: `Chargement ${load.loadNumber} livré`,
    });
    await sendQueuedEmails(ctx.deps, NOON);
    const mail = readMail(await smtp.waitFor("customer@demo.test"));
    expect(mail.subject).toBe(`Chargement ${load.loadNumber} livré`);
    expect(mail.text).toContain("à Dallas, TX. La preuve de livraison est sur le chargement.");
    expect(mail.text).toContain(`/customer-portal?load=${load.id}`);
  });

  it("a contract sent to a driver who uses the app tells them in it; the signing email is the only email", async () => {
    const created = await call(ctx, "/api/contracts", {
      cookie: manager,
      body: {
        title: "Owner-operator lease",
        type: "lease",
        content: "<p>Terms</p>",
        signerName: "Jake Wilson",
        signerEmail: "DRIVER@demo.test",
      },
    });
    expect(created.status).toBe(201);
    const before = await inbox(jakeUser, "contract.sent");
    const sent = await call(ctx, `/api/contracts/${created.json.id}/send`, {
      method: "POST",
      cookie: manager,
    });
    expect(sent.status).toBe(200);
    expect(await inbox(jakeUser, "contract.sent")).toBe(before + 1);
    expect((await automatedLog()).filter((e) => e.notificationKind === "contract.sent")).toEqual([]);
  });
});

describe("saved recipient groups", () => {
  it("saves, lists, refuses a taken name, deletes; hub roles only", async () => {
    const audience = { drivers: "chosen", driverIds: [jakeId], customers: "none", staffRoles: ["safety"] };
    const saved = await call(ctx, "/api/communications/groups", {
      cookie: dispatcher,
      body: { name: "  Night desk ", audience, labels: [{ id: jakeId, label: "Jake Wilson" }] },
    });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ name: "Night desk", createdByName: "Dan Carter" });
    const taken = await call(ctx, "/api/communications/groups", {
      cookie: manager,
      body: { name: "NIGHT DESK", audience },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe("A group with this name exists. Choose another name.");
    const empty = await call(ctx, "/api/communications/groups", {
      cookie: manager,
      body: { name: " ", audience },
    });
    expect(empty.status).toBe(400);
    const list = await call(ctx, "/api/communications/groups", { cookie: manager });
    // The demo's groups and this one, by name.
    expect(list.json.items.map((g: { name: string }) => g.name)).toEqual([
      "Chicago yard drivers",
      "Night desk",
      "Office and safety",
    ]);
    expect(list.json.items).toContainEqual(
      expect.objectContaining({
        name: "Night desk",
        audience: expect.objectContaining({ drivers: "chosen", driverIds: [jakeId], staffRoles: ["safety"] }),
        labels: [{ id: jakeId, label: "Jake Wilson" }],
      }),
    );
    expect((await call(ctx, "/api/communications/groups", { cookie: jake })).status).toBe(403);
    const id = saved.json.id;
    expect(
      (await call(ctx, `/api/communications/groups/${id}`, { method: "DELETE", cookie: manager })).status,
    ).toBe(204);
    expect(
      (await call(ctx, `/api/communications/groups/${id}`, { method: "DELETE", cookie: manager })).status,
    ).toBe(404);
  });
});

describe("the sender's signature", () => {
  it("is under every email a person sends from the app, not only mass email", async () => {
    await call(ctx, "/api/me/signature", {
      method: "PUT",
      cookie: manager,
      body: { signature: "Maria Lopez\nOperations manager, direct 312-555-0110" },
    });
    const load = await assign();
    // Paperwork is asked for once a load is on the road.
    await ctx.deps.db.execute(sql`update loads set status = 'in_progress' where id = ${load.id}`);
    const res = await call(ctx, `/api/paperwork/${load.id}/upload-link`, {
      cookie: manager,
      body: { email: "receiving@lonestar.test" },
    });
    expect(res.status).toBe(201);
    const mail = readMail(await smtp.waitFor("receiving@lonestar.test"));
    expect(mail.subject).toContain(`Bill of lading for load ${load.loadNumber}`);
    expect(mail.text.trimEnd().endsWith("\n-- \nMaria Lopez\nOperations manager, direct 312-555-0110")).toBe(
      true,
    );
  });
});
