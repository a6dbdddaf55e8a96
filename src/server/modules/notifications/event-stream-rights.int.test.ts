import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notifyUsers } from "../../platform/notifications/notify";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { openEvents } from "../../testing/sse";

/**
 * The events stream answers to the same rights as the REST API, at once: a role, permission, ban,
 * two-factor or session change re-checks the stream's actor, which then ends or filters (issue 38,
 * point 2), and tells the browser its session changed (`session`, point 28).
 */
let ctx: TestContext;
let admin: string;
let manager: string;
let driver: string;
let driverId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, driver] = await Promise.all(
    ["admin", "manager", "driver"].map((r) => signIn(ctx, `${r}@demo.test`)),
  );
  driverId = await driverIdOf(ctx, "driver@demo.test");
});
afterEach(async () => {
  expect((await call(ctx, "/api/permissions/reset", { method: "POST", cookie: admin })).status).toBe(200);
  expect(
    (
      await call(ctx, "/api/settings/security", {
        method: "PUT",
        body: { twoFactorRoles: [] },
        cookie: admin,
      })
    ).status,
  ).toBe(200);
});
afterAll(() => ctx.close());

type Stream = Awaited<ReturnType<typeof openEvents>>;
type Event = NonNullable<Awaited<ReturnType<Stream["next"]>>>;

let created = 0;
/** A new dispatcher account, signed in: each test changes its own user. */
async function newDispatcher() {
  const email = `stream-${++created}@demo.test`;
  const res = await call(ctx, "/api/admin/users", {
    cookie: admin,
    body: {
      name: `Stream Dispatcher ${created}`,
      email,
      role: "dispatcher",
      password: "Stream1234!",
      requirePasswordChange: false,
    },
  });
  expect(res.status).toBe(201);
  const { rows } = await ctx.deps.db.execute<{ id: string }>(
    sql`select id from users where email = ${email}`,
  );
  return { id: rows[0].id, cookie: await signIn(ctx, email, "Stream1234!") };
}

/** The driver writes to dispatch (multipart, as the browser sends it). */
async function driverWrites(body: string) {
  const form = new FormData();
  form.set("body", body);
  const res = await ctx.app.request(`/api/chat/threads/${driverId}/messages`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie: driver },
    body: form,
  });
  expect(res.status).toBe(201);
}

/** A notification to `userId` the test waits for: whatever the stream sent before it was sent first. */
const marker = (userId: string, loadNumber: string) =>
  ctx.deps.db.transaction((tx) =>
    notifyUsers(tx, [userId], {
      kind: "load.delivered",
      data: { loadId: "00000000-0000-4000-8000-000000000001", loadNumber, driverName: "Jake Wilson" },
      link: "/operations/loads",
    }),
  );

/**
 * The events up to the notification `loadNumber`, or up to the stream's end (`ended`); a stream that
 * neither ends nor sends it fails the test after the reader's 5 s.
 */
async function until(stream: Stream, loadNumber: string) {
  const seen: Event[] = [];
  for (;;) {
    const e = await stream.next();
    if (!e) return { seen, ended: true };
    if (e.event === "notification" && JSON.parse(e.data).data.loadNumber === loadNumber)
      return { seen, ended: false };
    seen.push(e);
  }
}
const chatBodies = (seen: Event[]) =>
  seen.filter((e) => e.event === "chat").map((e) => JSON.parse(e.data).message?.body ?? "read");

/** Opens a stream, and proves it delivers the driver's messages before the change. */
async function openHearingChat(cookie: string, tag: string) {
  const stream = await openEvents(ctx.app, cookie);
  expect((await stream.next())?.event).toBe("ready");
  await driverWrites(`before ${tag}`);
  for (;;) {
    const e = await stream.next();
    if (e?.event === "chat" && JSON.parse(e.data).message?.body === `before ${tag}`) return stream;
  }
}

describe("the events stream follows the user's rights at once", () => {
  it("stops sending chat to dispatchers once chat:use is taken from them, while a manager still hears it", async () => {
    const dispatcher = await newDispatcher();
    const managerId = (
      await ctx.deps.db.execute<{ id: string }>(sql`select id from users where email = 'manager@demo.test'`)
    ).rows[0].id;
    const stream = await openHearingChat(dispatcher.cookie, "PERM");
    const managerStream = await openEvents(ctx.app, manager);
    expect((await managerStream.next())?.event).toBe("ready");

    const put = await call(ctx, "/api/permissions", {
      method: "PUT",
      cookie: admin,
      body: { changes: [{ role: "dispatcher", permission: "chat:use", granted: false }] },
    });
    expect(put.status).toBe(200);
    expect((await call(ctx, `/api/chat/threads/${driverId}`, { cookie: dispatcher.cookie })).status).toBe(
      403,
    );

    await driverWrites("after the permission change");
    // The manager, who keeps chat:use, hears it.
    await marker(managerId, "PERM-M");
    expect(chatBodies((await until(managerStream, "PERM-M")).seen)).toContain("after the permission change");
    // The dispatcher's stream says their session changed and sends no chat any more.
    await marker(dispatcher.id, "PERM-2");
    const after = await until(stream, "PERM-2");
    expect(after.ended).toBe(false);
    expect(after.seen.map((e) => e.event)).toContain("session");
    expect(chatBodies(after.seen)).toEqual([]);
    await stream.cancel();
    await managerStream.cancel();
  });

  it("sends a dispatcher demoted to customer no staff event any more", async () => {
    const dispatcher = await newDispatcher();
    const stream = await openHearingChat(dispatcher.cookie, "ROLE");
    const res = await call(ctx, `/api/admin/users/${dispatcher.id}/role`, {
      method: "PUT",
      cookie: admin,
      body: { role: "customer" },
    });
    expect(res.status).toBe(200);
    await driverWrites("after the demotion");
    await marker(dispatcher.id, "ROLE-2");
    const after = await until(stream, "ROLE-2");
    expect(chatBodies(after.seen)).toEqual([]);
    if (!after.ended) {
      expect(after.seen.map((e) => e.event)).toContain("session");
      await stream.cancel();
    }
  });

  it("ends when the user is disabled", async () => {
    const dispatcher = await newDispatcher();
    const stream = await openHearingChat(dispatcher.cookie, "BAN");
    expect(
      (await call(ctx, `/api/admin/users/${dispatcher.id}/disable`, { method: "POST", cookie: admin }))
        .status,
    ).toBe(200);
    await driverWrites("after the ban");
    const after = await until(stream, "never");
    expect(after.ended).toBe(true);
    expect(after.seen).toEqual([]);
  });

  it("ends the stream of a session signed out elsewhere (a password change ends the other sessions)", async () => {
    const dispatcher = await newDispatcher();
    const email = `stream-${created}@demo.test`;
    const other = await signIn(ctx, email, "Stream1234!");
    const stream = await openHearingChat(other, "PWD");
    const res = await call(ctx, "/api/me/password", {
      method: "POST",
      cookie: dispatcher.cookie,
      body: { currentPassword: "Stream1234!", newPassword: "Stream5678!", confirmPassword: "Stream5678!" },
    });
    expect(res.status).toBe(200);
    await driverWrites("after the password change");
    const after = await until(stream, "never");
    expect(after.ended).toBe(true);
    expect(after.seen).toEqual([]);
  });

  it("ends when the user's role must now use two-factor sign-in, as the REST API refuses them", async () => {
    const dispatcher = await newDispatcher();
    const stream = await openHearingChat(dispatcher.cookie, "2FA");
    const res = await call(ctx, "/api/settings/security", {
      method: "PUT",
      cookie: admin,
      body: { twoFactorRoles: ["dispatcher"] },
    });
    expect(res.status).toBe(200);
    expect(
      (await call(ctx, `/api/chat/threads/${driverId}`, { cookie: dispatcher.cookie })).json.error.code,
    ).toBe("TWO_FACTOR_REQUIRED");
    await driverWrites("after two-factor became required");
    const after = await until(stream, "never");
    expect(after.ended).toBe(true);
    // Told first: the page fetches its session again and goes to the two-factor set-up.
    expect(after.seen.map((e) => e.event)).toEqual(["session"]);
  });
});
