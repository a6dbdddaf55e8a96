import type { Notification } from "@shared/notifications/notifications.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyUsers } from "../../platform/notifications/notify";
import { userIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { openEvents } from "../../testing/sse";

let ctx: TestContext;
let manager: string;
let dispatcher: string;
let managerId: string;
let dispatcherId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(ctx, "manager@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  managerId = await userIdOf(ctx, "manager@demo.test");
  dispatcherId = await userIdOf(ctx, "dispatcher@demo.test");
});
afterAll(() => ctx.close());

const notify = (userId: string, loadNumber: string) =>
  ctx.deps.db.transaction((tx) =>
    notifyUsers(tx, [userId], {
      kind: "load.delivered",
      data: { loadId: "00000000-0000-4000-8000-000000000001", loadNumber, driverName: "Jake Wilson" },
      link: "/operations/loads",
    }),
  );
const idOf = async (loadNumber: string) => {
  const { rows } = await ctx.deps.db.execute<{ id: string }>(
    sql`select id from notifications where data->>'loadNumber' = ${loadNumber}`,
  );
  return rows[0].id;
};

describe("the notifications centre", () => {
  it("lists the caller's own, unread first when asked, and marks one or all read", async () => {
    await ctx.deps.db.execute(
      sql`update notifications set read_at = now() where recipient_id = ${managerId}`,
    );
    await notify(managerId, "NC-1");
    await notify(managerId, "NC-2");
    await notify(dispatcherId, "NC-OTHER");
    const page = await call(ctx, "/api/notifications?unread=true", { cookie: manager });
    expect(page.status).toBe(200);
    expect(page.json.items.map((n: Notification) => n.data.loadNumber)).toEqual(["NC-2", "NC-1"]);
    expect(page.json.unread).toBe(2);
    // The bell also counts unread chat messages for those who chat (the demo's drivers wrote some).
    expect((await call(ctx, "/api/notifications/unread-count", { cookie: manager })).json).toEqual({
      unread: 2,
      chat: expect.any(Number),
    });

    // Someone else's notification is not there for the caller.
    const other = await idOf("NC-OTHER");
    expect(
      (await call(ctx, `/api/notifications/${other}/read`, { method: "POST", cookie: manager })).status,
    ).toBe(404);

    const read = await call(ctx, `/api/notifications/${await idOf("NC-1")}/read`, {
      method: "POST",
      cookie: manager,
    });
    expect(read.status).toBe(200);
    expect(read.json.readAt).not.toBeNull();
    expect((await call(ctx, "/api/notifications/unread-count", { cookie: manager })).json).toEqual({
      unread: 1,
      chat: expect.any(Number),
    });
    expect(
      (await call(ctx, "/api/notifications/read-all", { method: "POST", cookie: manager })).json,
    ).toEqual({
      unread: 0,
    });
    // The dispatcher's stays unread.
    const theirs = await call(ctx, "/api/notifications?unread=true", { cookie: dispatcher });
    expect(theirs.json.items.map((n: Notification) => n.data.loadNumber)).toContain("NC-OTHER");
  });
});

const open = (cookie: string, lastEventId?: string, url = "/api/events", app = ctx.app) =>
  openEvents(app, cookie, { lastEventId, url });

describe("the events stream", () => {
  it("delivers the caller's new notifications as they are stored, and no one else's", async () => {
    const stream = await open(manager);
    expect((await stream.next())?.event).toBe("ready");
    await notify(dispatcherId, "EV-OTHER");
    await notify(managerId, "EV-1");
    const event = await stream.next();
    expect(event?.event).toBe("notification");
    expect(JSON.parse(event?.data ?? "{}").data.loadNumber).toBe("EV-1");
    expect(event?.id).toBe(await idOf("EV-1"));
    await stream.cancel();
  });

  it("replays what a reconnect missed after its Last-Event-ID", async () => {
    await notify(managerId, "RP-1");
    await notify(managerId, "RP-2");
    await notify(managerId, "RP-3");
    const stream = await open(manager, await idOf("RP-1"));
    expect((await stream.next())?.event).toBe("ready");
    const a = await stream.next();
    const b = await stream.next();
    expect([a, b].map((e) => JSON.parse(e?.data ?? "{}").data.loadNumber)).toEqual(["RP-2", "RP-3"]);
    await stream.cancel();
  });

  it("replays after the lastEventId a tab taking over the stream passes in the address", async () => {
    await notify(managerId, "TK-1");
    await notify(managerId, "TK-2");
    const stream = await open(manager, undefined, `/api/events?lastEventId=${await idOf("TK-1")}`);
    expect((await stream.next())?.event).toBe("ready");
    expect(JSON.parse((await stream.next())?.data ?? "{}").data.loadNumber).toBe("TK-2");
    await stream.cancel();
  });

  it("reaches a stream on another app instance: the session from one works on the other, and the notification stored by one is delivered by the other", async () => {
    const other = await ctx.anotherInstance();
    const stream = await open(manager, undefined, "/api/events", other.app);
    expect((await stream.next())?.event).toBe("ready");
    await notify(managerId, "XI-1"); // stored through the first instance's pool
    const event = await stream.next();
    expect(event?.event).toBe("notification");
    expect(JSON.parse(event?.data ?? "{}").data.loadNumber).toBe("XI-1");
    // A sign-out on the first instance ends the stream on the second.
    const out = await ctx.app.request("/api/auth/sign-out", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: manager, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect(await stream.next()).toBeNull();
    manager = await signIn(ctx, "manager@demo.test");
  });

  it("ends when the session is signed out", async () => {
    const cookie = await signIn(ctx, "safety@demo.test");
    const safetyId = await userIdOf(ctx, "safety@demo.test");
    const stream = await open(cookie);
    expect((await stream.next())?.event).toBe("ready");
    await ctx.deps.db.execute(sql`delete from sessions where user_id = ${safetyId}`);
    expect(await stream.next()).toBeNull();
  });

  it("refuses a visitor who is not signed in", async () => {
    const res = await ctx.app.request("/api/events", { headers: { origin: TEST_ORIGIN } });
    expect(res.status).toBe(401);
  });
});
