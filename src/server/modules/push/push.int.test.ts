import { PUSH_MAX_SUBSCRIPTIONS, type PushPayload } from "@shared/push/push.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { endpointProblem, sendQueuedPushes } from "../../platform/push/push";
import { driverIdOf, loadInput, uploadFile } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { startPushService } from "../../testing/push-service";
import { noticeExpiringDocuments } from "../documents/expiry-notices";

let ctx: TestContext;
let push: Awaited<ReturnType<typeof startPushService>>;
let dispatcher: string;
let jake: string;
let accountant: string;
let jakeId: string;
let publicKey: string;

/** Turns notifications on for a new "device" of `cookie`: a browser-made subscription on the loopback service. */
async function device(cookie: string) {
  const sub = push.subscribe(publicKey);
  const res = await call(ctx, "/api/push/subscriptions", { body: sub, cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { ...sub, id: res.json.id as string };
}

/** Runs the push queue as the job queue would; what reached `endpoint` since `from`. */
async function deliveredTo(endpoint: string) {
  await sendQueuedPushes(ctx.deps);
  return push.to<PushPayload>(endpoint);
}

/** A chat message to Jake's conversation, sent as the browser does (multipart). */
async function chat(cookie: string, body: string) {
  const form = new FormData();
  form.set("body", body);
  const res = await ctx.app.request(`/api/chat/threads/${jakeId}/messages`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  return { status: res.status, json: await res.json() };
}

beforeAll(async () => {
  push = await startPushService();
  ctx = await createTestContext({ pushAllowHttpEndpoints: true });
  [dispatcher, jake, accountant] = await Promise.all([
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "accountant@demo.test"),
  ]);
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  const key = await call(ctx, "/api/push/key", { cookie: jake });
  expect(key.status).toBe(200);
  publicKey = key.json.publicKey;
});
afterAll(async () => {
  await ctx?.close();
  await push?.close();
});
beforeEach(async () => {
  await ctx.deps.db.execute(sql`delete from push_subscriptions`);
  await ctx.deps.db.execute(sql`update user_preferences set push_kinds = null, language = null`);
});

describe("push: VAPID keys and subscriptions", () => {
  it("makes the VAPID key pair once, keeps it in the database (private key sealed), and reuses it after a restart", async () => {
    const { rows } = await ctx.deps.db.execute<{ public_key: string; private_key_sealed: string }>(
      sql`select public_key, private_key_sealed from vapid_keys`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].public_key).toBe(publicKey);
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    expect(rows[0].private_key_sealed).toMatch(/^v1\./);
    // A restarted server (a new instance on the same database) answers the same key.
    const restarted = await ctx.anotherInstance();
    const again = await call(restarted, "/api/push/key", { cookie: jake });
    expect(again.json.publicKey).toBe(publicKey);
    expect((await ctx.deps.db.execute(sql`select 1 from vapid_keys`)).rows).toHaveLength(1);
  });

  it("keeps each user's subscriptions to themselves: another user's delete is 404", async () => {
    const mine = await device(jake);
    const listed = await call(ctx, "/api/push/subscriptions", { cookie: jake });
    expect(listed.json.subscriptions.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    expect((await call(ctx, "/api/push/subscriptions", { cookie: dispatcher })).json.subscriptions).toEqual(
      [],
    );
    const theirs = await call(ctx, `/api/push/subscriptions/${mine.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(theirs.status).toBe(404);
    // The same endpoint again updates it (one row per device).
    const same = await call(ctx, "/api/push/subscriptions", { body: mine, cookie: jake });
    expect(same.json.id).toBe(mine.id);
    const gone = await call(ctx, `/api/push/subscriptions/${mine.id}`, { method: "DELETE", cookie: jake });
    expect(gone.status).toBe(200);
    expect((await call(ctx, "/api/push/subscriptions", { cookie: jake })).json.subscriptions).toEqual([]);
  });

  it("refuses a bad endpoint or keys (400) and more than the device limit (409)", async () => {
    const sub = push.subscribe(publicKey);
    const plain = await call(ctx, "/api/push/subscriptions", {
      body: { ...sub, endpoint: "http://push.example.com/x" },
      cookie: jake,
    });
    expect(plain.status).toBe(400);
    expect(plain.json.error.details.fields.endpoint).toBe("Push endpoint must be an https:// address.");
    const keys = await call(ctx, "/api/push/subscriptions", {
      body: { ...sub, keys: { p256dh: "abc", auth: sub.keys.auth } },
      cookie: jake,
    });
    expect(keys.status).toBe(400);
    // Without PUSH_ALLOW_HTTP_ENDPOINTS only public https push services are accepted.
    expect(endpointProblem(sub.endpoint, false)).toBe("endpoint");
    expect(endpointProblem("https://10.0.0.5/push", false)).toBe("endpoint");
    expect(endpointProblem("https://fcm.googleapis.com/fcm/send/abc", false)).toBeNull();
    for (let i = 0; i < PUSH_MAX_SUBSCRIPTIONS; i++) await device(jake);
    const over = await call(ctx, "/api/push/subscriptions", {
      body: push.subscribe(publicKey),
      cookie: jake,
    });
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe("PUSH_SUBSCRIPTION_LIMIT");
  });
});

describe("push: delivery through the loopback push service", () => {
  it("dispatch assigns a load: the driver's device gets a decryptable push naming the load, in the driver's language", async () => {
    await call(ctx, "/api/me/language", { method: "PUT", body: { language: "es" }, cookie: jake });
    const phone = await device(jake);
    const created = await call(ctx, "/api/loads", {
      body: loadInput({ driverId: jakeId }),
      cookie: dispatcher,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    // Queued with the assignment, not sent in the request.
    expect(push.to(phone.endpoint)).toEqual([]);
    const got = await deliveredTo(phone.endpoint);
    expect(got).toEqual([
      {
        title: `Se le asignó la carga ${created.json.loadNumber}`,
        body: "Abra la carga para aceptarla o rechazarla.",
        link: `/operations/loads/${created.json.id}`,
        tag: `load.assigned:/operations/loads/${created.json.id}`,
      },
    ]);
    const request = push.received.find((r) => r.endpoint === phone.endpoint);
    expect(request).toMatchObject({ ttl: expect.any(Number), urgency: "high" });
    expect(request?.ttl).toBeGreaterThan(86_000);
    expect(request?.claims.aud).toBe(push.origin);
    expect(push.refused).toEqual([]);
    expect((await ctx.deps.db.execute(sql`select 1 from push_messages`)).rows).toEqual([]);
  });

  it("sends nothing for a kind the user turned off for push", async () => {
    const phone = await device(jake);
    const prefs = await call(ctx, "/api/me/notification-preferences", { cookie: jake });
    expect(prefs.json.push).toContain("load.assigned");
    const saved = await call(ctx, "/api/me/notification-preferences", {
      method: "PUT",
      body: { email: prefs.json.email, sms: prefs.json.sms, push: ["chat"] },
      cookie: jake,
    });
    expect(saved.json.push).toEqual(["chat"]);
    await call(ctx, "/api/loads", { body: loadInput({ driverId: jakeId }), cookie: dispatcher });
    expect(await deliveredTo(phone.endpoint)).toEqual([]);
    expect((await ctx.deps.db.execute(sql`select 1 from push_messages`)).rows).toEqual([]);
    // An older screen that sends no push list leaves it as chosen.
    const old = await call(ctx, "/api/me/notification-preferences", {
      method: "PUT",
      body: { email: prefs.json.email, sms: prefs.json.sms },
      cookie: jake,
    });
    expect(old.json.push).toEqual(["chat"]);
  });

  it("drops the subscription when the push service answers 410 Gone", async () => {
    const phone = await device(jake);
    push.answer(phone.endpoint, 410);
    await call(ctx, "/api/loads", { body: loadInput({ driverId: jakeId }), cookie: dispatcher });
    await sendQueuedPushes(ctx.deps);
    expect(push.refused.at(-1)).toMatchObject({ endpoint: phone.endpoint, status: 410 });
    expect((await call(ctx, "/api/push/subscriptions", { cookie: jake })).json.subscriptions).toEqual([]);
    expect((await ctx.deps.db.execute(sql`select 1 from push_messages`)).rows).toEqual([]);
  });

  it("pushes each of the six events: assignment, a matching board load, chat both ways, rejected BOL, paid settlement, expiring document", async () => {
    const phone = await device(jake);
    const office = await device(dispatcher);
    const db = ctx.deps.db;
    await db.execute(sql`update drivers set status = 'available' where id = ${jakeId}`);

    // 1. A load posted to the board that matches the driver (available; no equipment type asked).
    const offered = await call(ctx, "/api/loads", {
      body: loadInput({ postedToBoard: true }),
      cookie: dispatcher,
    });
    expect(offered.status, JSON.stringify(offered.json)).toBe(201);
    // 2. An assignment (he is busy from then on: no more board offers).
    const assigned = await call(ctx, "/api/loads", {
      body: loadInput({ driverId: jakeId }),
      cookie: dispatcher,
    });
    // A second board load, now that he has a load to run: he is no longer available, nothing is offered.
    const notOffered = await call(ctx, "/api/loads", {
      body: loadInput({ postedToBoard: true }),
      cookie: dispatcher,
    });
    expect(notOffered.status).toBe(201);
    // 3. Chat: dispatch writes to the driver, the driver answers (dispatch's browser hears it).
    const toDriver = await chat(dispatcher, "Call me when loaded");
    expect(toDriver.status, JSON.stringify(toDriver.json)).toBe(201);
    const toOffice = await chat(jake, "Loaded, rolling");
    expect(toOffice.status, JSON.stringify(toOffice.json)).toBe(201);
    // 4. A rejected BOL: the assigned load delivered (set here), its BOL uploaded by Jake, rejected.
    const papered = [{ id: assigned.json.id as string, load_number: assigned.json.loadNumber as string }];
    await db.execute(
      sql`update loads set status = 'completed', delivered_at = now() where id = ${papered[0].id}`,
    );
    const bol = await uploadFile(ctx, jake, papered[0].id);
    expect(bol.status, JSON.stringify(bol.json)).toBe(201);
    const rejected = await call(ctx, `/api/paperwork/${papered[0].id}/reject`, {
      body: { reason: "Signature unreadable" },
      cookie: accountant,
    });
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
    // 5. A settlement paid: this week's, with the load just delivered, generated, approved and paid.
    // The company's pay period is the week, Monday to Sunday (the demo's settings).
    const today = new Date().toISOString().slice(0, 10);
    const monday = new Date(Date.now() - ((new Date().getUTCDay() + 6) % 7) * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const generated = await call(ctx, "/api/settlements/generate", {
      body: { periodStart: day(monday), periodEnd: day(new Date(monday.getTime() + 6 * 86_400_000)) },
      cookie: accountant,
    });
    expect(generated.status, JSON.stringify(generated.json)).toBe(200);
    const { rows: settlement } = await db.execute<{ id: string; number: string }>(sql`
      select id, number from settlements where driver_id = ${jakeId} and status = 'draft'
      order by created_at desc limit 1`);
    expect(settlement).toHaveLength(1);
    const approved = await call(ctx, `/api/settlements/${settlement[0].id}/approve`, {
      method: "POST",
      cookie: accountant,
    });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    const paid = await call(ctx, `/api/settlements/${settlement[0].id}/pay`, {
      body: { paidOn: today, method: "ach", reference: "ACH-1" },
      cookie: accountant,
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    // 6. One of his documents expiring in 7 days.
    const { rows: doc } = await db.execute<{ id: string }>(sql`
      insert into driver_documents (driver_id, file_id, kind, expires_on, confirmed_at)
      select ${jakeId}, id, 'medical_card', current_date + 7, now() from files order by created_at limit 1
      returning id`);
    expect(doc).toHaveLength(1);
    await db.execute(sql`delete from document_expiry_notices where document_id = ${doc[0].id}`);
    await noticeExpiringDocuments(db, ctx.deps.config.company.timeZone);

    const driverGot = await deliveredTo(phone.endpoint);
    const titles = driverGot.map((p) => p.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        `Load ${assigned.json.loadNumber} assigned to you`,
        `Load ${offered.json.loadNumber} on the board fits you`,
        "New message from Maria Lopez".replace("Maria Lopez", toDriver.json.senderName),
        `Paperwork for load ${papered[0].load_number} was rejected`,
        `Settlement ${settlement[0].number} paid`,
      ]),
    );
    expect(driverGot.find((p) => p.tag.startsWith("chat:"))).toMatchObject({
      body: "Call me when loaded",
      link: "/communications/chat",
    });
    expect(driverGot.find((p) => p.tag.startsWith("paperwork.rejected"))?.body).toContain(
      "Signature unreadable",
    );
    expect(driverGot.some((p) => p.tag.startsWith("document.expiring:"))).toBe(true);
    expect(titles).not.toContain(`Load ${notOffered.json.loadNumber} on the board fits you`);
    // The driver's own message is not pushed back to him; dispatch's browser gets it.
    expect(driverGot.filter((p) => p.tag.startsWith("chat:"))).toHaveLength(1);
    const officeGot = await deliveredTo(office.endpoint);
    expect(officeGot.find((p) => p.tag === `chat:${jakeId}`)).toMatchObject({
      body: "Loaded, rolling",
      link: `/communications/chat?driver=${jakeId}`,
    });
    expect(push.refused).toEqual(expect.not.arrayContaining([expect.objectContaining({ status: 401 })]));
  });
});
