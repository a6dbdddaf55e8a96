import type { ChatMessage, ChatThread } from "@shared/chat/chat.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driverIdOf, PDF } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { openEvents } from "../../testing/sse";

let ctx: TestContext;
let dispatcher: string;
let manager: string;
let driver: string;
let safety: string;
let customer: string;
let driverId: string;
let otherDriverId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [dispatcher, manager, driver, safety, customer] = await Promise.all(
    ["dispatcher", "manager", "driver", "safety", "customer"].map((r) => signIn(ctx, `${r}@demo.test`)),
  );
  driverId = await driverIdOf(ctx, "driver@demo.test");
  const { rows } = await ctx.deps.db.execute<{ id: string }>(
    sql`select id from drivers where id <> ${driverId} and active order by full_name limit 1`,
  );
  otherDriverId = rows[0].id;
  // This file's own database starts without the demo's conversations.
  await ctx.deps.db.execute(sql`delete from chat_messages`);
  await ctx.deps.db.execute(sql`delete from chat_reads`);
});
afterAll(() => ctx.close());

/** Sends a message as the browser does (multipart). */
async function send(
  cookie: string,
  to: string,
  fields: { body?: string; loadId?: string; file?: File } = {},
) {
  const form = new FormData();
  form.set("body", fields.body ?? "");
  if (fields.loadId) form.set("loadId", fields.loadId);
  if (fields.file) form.set("file", fields.file);
  const res = await ctx.app.request(`/api/chat/threads/${to}/messages`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
const thread = async (cookie: string, id: string): Promise<ChatThread> =>
  (await call(ctx, `/api/chat/threads/${id}`, { cookie })).json;

describe("chat between dispatch and a driver", () => {
  it("delivers text both ways, counts unread per side and shows read receipts", async () => {
    const sent = await send(dispatcher, driverId, { body: "  Can you take the 6 am pickup in Dallas?  " });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ fromDriver: false, body: "Can you take the 6 am pickup in Dallas?" });

    // The driver has one unread; dispatch's receipt says not read yet.
    expect((await thread(driver, driverId)).unread).toBe(1);
    expect((await call(ctx, "/api/chat/unread", { cookie: driver })).json.unread).toBe(1);
    expect((await call(ctx, "/api/notifications/unread-count", { cookie: driver })).json.chat).toBe(1);
    const before = await thread(dispatcher, driverId);
    expect(before.driverReadAt).toBeNull();

    expect(
      (await call(ctx, `/api/chat/threads/${driverId}/read`, { method: "POST", cookie: driver })).status,
    ).toBe(200);
    const after = await thread(dispatcher, driverId);
    expect(after.driverReadAt).not.toBeNull();
    expect(Date.parse(after.driverReadAt ?? "")).toBeGreaterThanOrEqual(Date.parse(sent.json.createdAt));
    expect((await thread(driver, driverId)).unread).toBe(0);

    // The driver answers: every staff member on the route has it unread until they read it themselves.
    const reply = await send(driver, driverId, { body: "Yes, I'll be there." });
    expect(reply.json).toMatchObject({ fromDriver: true, senderName: expect.any(String) });
    expect((await thread(dispatcher, driverId)).unread).toBe(1);
    expect((await thread(manager, driverId)).unread).toBe(1);
    await call(ctx, `/api/chat/threads/${driverId}/read`, { method: "POST", cookie: manager });
    expect((await thread(manager, driverId)).unread).toBe(0);
    expect((await thread(dispatcher, driverId)).unread).toBe(1);
    expect((await thread(driver, driverId)).staffReadAt).not.toBeNull();

    // Staff see the driver's thread first in the list, with the latest message.
    const list = await call(ctx, "/api/chat/threads?page=1&pageSize=25", { cookie: dispatcher });
    expect(list.json.items[0]).toMatchObject({
      driverId,
      last: { body: "Yes, I'll be there.", fromDriver: true },
    });
    const unreadOnly = await call(ctx, "/api/chat/threads?page=1&pageSize=25&unread=true", {
      cookie: dispatcher,
    });
    expect(unreadOnly.json.items.map((t: ChatThread) => t.driverId)).toEqual([driverId]);
    const searched = await call(ctx, "/api/chat/threads?page=1&pageSize=25&q=be%20there", {
      cookie: dispatcher,
    });
    expect(searched.json.items.map((t: ChatThread) => t.driverId)).toEqual([driverId]);
  });

  it("keeps a driver to their own conversation: another driver's is 404, and the list holds only theirs", async () => {
    expect((await call(ctx, `/api/chat/threads/${otherDriverId}`, { cookie: driver })).status).toBe(404);
    expect((await call(ctx, `/api/chat/threads/${otherDriverId}/messages`, { cookie: driver })).status).toBe(
      404,
    );
    expect((await send(driver, otherDriverId, { body: "hello" })).status).toBe(404);
    // Dispatch writes to the other driver: not in this driver's unread count, and its file is 404 to them.
    const unread = async () => (await call(ctx, "/api/chat/unread", { cookie: driver })).json.unread;
    const before = await unread();
    const theirs = await send(dispatcher, otherDriverId, {
      body: "your BOL",
      file: new File([PDF], "their bol.pdf", { type: "application/pdf" }),
    });
    expect(theirs.status).toBe(201);
    expect(await unread()).toBe(before);
    const file = (cookie: string) =>
      ctx.app.request(`/api/chat/messages/${theirs.json.id}/file`, {
        headers: { origin: TEST_ORIGIN, cookie },
      });
    expect((await file(driver)).status).toBe(404);
    expect((await file(dispatcher)).status).toBe(200);
    // The paging test below counts the other driver's conversation from empty.
    await ctx.deps.db.execute(sql`delete from chat_messages where driver_id = ${otherDriverId}`);
    expect(
      (await call(ctx, `/api/chat/threads/${otherDriverId}/read`, { method: "POST", cookie: driver })).status,
    ).toBe(404);
    const mine = await call(ctx, "/api/chat/threads?page=1&pageSize=25", { cookie: driver });
    expect(mine.json.items.map((t: ChatThread) => t.driverId)).toEqual([driverId]);
    // Roles off the chat route are refused.
    expect((await call(ctx, "/api/chat/threads?page=1&pageSize=25", { cookie: safety })).status).toBe(403);
    expect((await call(ctx, `/api/chat/threads/${driverId}`, { cookie: customer })).status).toBe(403);
  });

  it("sends a PDF or photo checked by content, about one of the driver's own loads only", async () => {
    const { rows } = await ctx.deps.db.execute<{ id: string; load_number: string }>(
      sql`select id, load_number from loads where driver_id = ${driverId} limit 1`,
    );
    const load = rows[0];
    const withFile = await send(driver, driverId, {
      body: "Signed BOL",
      loadId: load.id,
      file: new File([PDF], "bol scan.pdf", { type: "application/pdf" }),
    });
    expect(withFile.status).toBe(201);
    expect(withFile.json).toMatchObject({
      load: { id: load.id, loadNumber: load.load_number },
      attachment: { fileName: "bol scan.pdf", contentType: "application/pdf" },
    });
    const file = await ctx.app.request(`/api/chat/messages/${withFile.json.id}/file`, {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(PDF);

    // A file that is not what it claims, an empty message, and someone else's load are refused.
    const fake = await send(driver, driverId, {
      file: new File(["<html>not a pdf</html>"], "x.pdf", { type: "application/pdf" }),
    });
    expect(fake.status).toBe(415);
    const empty = await send(dispatcher, driverId, { body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("Write a message or attach a file.");
    const { rows: others } = await ctx.deps.db.execute<{ id: string }>(
      sql`select id from loads where driver_id is distinct from ${driverId} limit 1`,
    );
    const foreign = await send(dispatcher, driverId, { body: "this one?", loadId: others[0].id });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.details.fields.loadId).toBe("Choose one of this driver's loads.");
  });

  it("pages history back 30 at a time, newest last", async () => {
    for (let i = 1; i <= 35; i++) await send(dispatcher, otherDriverId, { body: `msg ${i}` });
    const first = await call(ctx, `/api/chat/threads/${otherDriverId}/messages`, { cookie: manager });
    expect(first.json.items).toHaveLength(30);
    expect(first.json.more).toBe(true);
    expect(first.json.items.at(-1).body).toBe("msg 35");
    const older = await call(
      ctx,
      `/api/chat/threads/${otherDriverId}/messages?before=${first.json.items[0].id}`,
      {
        cookie: manager,
      },
    );
    expect(older.json.items.map((m: ChatMessage) => m.body)).toEqual([
      "msg 1",
      "msg 2",
      "msg 3",
      "msg 4",
      "msg 5",
    ]);
    expect(older.json.more).toBe(false);
  });

  it("streams a new message live to staff and to that driver only, and reads back to the sender", async () => {
    const driverStream = await openEvents(ctx.app, driver);
    const staffStream = await openEvents(ctx.app, dispatcher);
    expect((await driverStream.next())?.event).toBe("ready");
    expect((await staffStream.next())?.event).toBe("ready");

    // Nothing unread on either side, so sending announces only the message.
    await call(ctx, `/api/chat/threads/${driverId}/read`, { method: "POST", cookie: dispatcher });
    await call(ctx, `/api/chat/threads/${otherDriverId}/read`, { method: "POST", cookie: dispatcher });
    /** The next message event, past read receipts (of `only`'s conversation, when given). */
    const readsSoFar = async (stream: Awaited<ReturnType<typeof openEvents>>, only?: string) => {
      for (;;) {
        const e = JSON.parse((await stream.next())?.data ?? "{}");
        if (only) expect(e.driverId).toBe(only);
        if (e.kind !== "read") return e;
      }
    };
    await send(dispatcher, otherDriverId, { body: "not for you" });
    await send(dispatcher, driverId, { body: "for you" });
    expect(await readsSoFar(driverStream, driverId)).toMatchObject({
      driverId,
      kind: "message",
      message: { body: "for you" },
    });
    const staffSaw = [await readsSoFar(staffStream), await readsSoFar(staffStream)];
    expect(staffSaw.map((e) => e.message?.body)).toEqual(["not for you", "for you"]);

    await call(ctx, `/api/chat/threads/${driverId}/read`, { method: "POST", cookie: driver });
    const receipt = JSON.parse((await staffStream.next())?.data ?? "{}");
    expect(receipt).toEqual({ driverId, kind: "read" });
    await driverStream.cancel();
    await staffStream.cancel();
  });
});
