import { routePath } from "@shared/access";
import { CHECKLISTS } from "@shared/inspections/inspections.schema";
import { LATE_SYNC_MINUTES, SYNC_MESSAGES } from "@shared/sync/sync.schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatMessages,
  clientRequests,
  fuelEntries,
  inspections,
  loadFiles,
  loadStatusEvents,
  notifications,
  users,
  vehicles,
} from "../db/schema";
import { purgeClientRequests } from "../platform/idempotency/client-requests";
import { dispatchOffice, loadInput } from "../testing/fixtures";
import { call, TEST_ORIGIN, type TestContext } from "../testing/harness";
import { PDF_BYTES, pdf, vehicleIdOf } from "../testing/uploads";

/**
 * The server side of the driver app's outbox (issue 41, decision 060): every replayable operation
 * runs once per user and Idempotency-Key, answers replays with the first answer, keeps both times,
 * refuses times out of bounds, flags what arrived late, and tells the driver when dispatch changed
 * the load meanwhile.
 */

let ctx: TestContext;
let dispatcher: string;
let jake: string;
let rosa: string;
let jakeId: string;
let rosaId: string;
let createLoad: Awaited<ReturnType<typeof dispatchOffice>>["createLoad"];
let truck101: string;

beforeAll(async () => {
  ({ ctx, dispatcher, jake, rosa, jakeId, rosaId, createLoad } = await dispatchOffice());
  truck101 = await vehicleIdOf(ctx, "101");
});
afterAll(() => ctx.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
type Fields = Record<string, string | File | File[]>;
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered
type Sent = { status: number; json: any; replayed: string | null; text: string };

/** A request as the phone's outbox sends it: JSON or multipart, with the key and the event time. */
async function send(
  path: string,
  cookie: string,
  opts: { json?: unknown; form?: Fields; key?: string; at?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie };
  if (opts.key) headers["Idempotency-Key"] = opts.key;
  if (opts.at) headers["X-Occurred-At"] = opts.at;
  let body: BodyInit | undefined;
  if (opts.form) {
    // A new FormData each time, as the phone rebuilds it from what it stored: a new boundary.
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.form))
      for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
    body = form;
  } else if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  const res = await ctx.app.request(path, { method: "POST", headers, body });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, replayed: res.headers.get("Idempotent-Replayed"), text };
}

/** A load for Jake, accepted from the phone `acceptedMinutesAgo` minutes ago (its stops recent). */
async function jakesLoad(acceptedMinutesAgo = 60) {
  const base = loadInput();
  const load = await createLoad({
    driverId: jakeId,
    stops: [
      { ...base.stops[0], scheduledAt: minutesAgo(90) },
      { ...base.stops[1], scheduledAt: minutesAgo(-600) },
    ],
  });
  const accepted = await send(`/api/loads/${load.id}/actions/accept`, jake, {
    json: {},
    key: crypto.randomUUID(),
    at: minutesAgo(acceptedMinutesAgo),
  });
  expect(accepted.status).toBe(200);
  const detail = (await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher })).json;
  return detail as {
    id: string;
    loadNumber: string;
    stops: Array<{ id: string; arrivedAt: string | null }>;
  };
}
const checkInPath = (load: { id: string; stops: Array<{ id: string }> }, stop = 0) =>
  `/api/loads/${load.id}/stops/${load.stops[stop].id}/check-in`;

const timelineOf = (loadId: string, kind: string) =>
  ctx.deps.db
    .select()
    .from(loadStatusEvents)
    .where(and(eq(loadStatusEvents.loadId, loadId), eq(loadStatusEvents.kind, kind as never)));

const countWhere = async (table: PgTable, cond: SQL | undefined) => {
  const rows = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(table).where(cond);
  return rows[0].n;
};

/** Sends the same request twice with one key: one write, the same answer, the second marked replayed. */
async function twice(path: string, cookie: string, opts: { json?: unknown; form?: Fields; at?: string }) {
  const key = crypto.randomUUID();
  const first = await send(path, cookie, { ...opts, key });
  const second = await send(path, cookie, { ...opts, key });
  expect(first.replayed).toBeNull();
  expect(second.replayed).toBe("true");
  expect(second.status).toBe(first.status);
  expect(second.text).toBe(first.text);
  return { first, second, key };
}

describe("a check-in replayed from the phone", () => {
  it("runs once per key: the replay answers the first answer again, marked Idempotent-Replayed", async () => {
    const load = await jakesLoad();
    const { first } = await twice(checkInPath(load), jake, { json: { event: "arrived" } });
    expect(first.status).toBe(200);
    expect(await timelineOf(load.id, "stop_checked_in")).toHaveLength(1);
    // Without the key, a second tap is the next check-in as before (not the same one again).
    const again = await send(checkInPath(load), jake, { json: { event: "arrived" } });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("CHECK_IN_ORDER");
  });

  it("records the tap's time, keeps both times on the timeline, marks it sent late and tells dispatch", async () => {
    const load = await jakesLoad(60);
    const tapped = minutesAgo(LATE_SYNC_MINUTES + 20);
    const res = await send(checkInPath(load), jake, {
      json: { event: "arrived" },
      key: crypto.randomUUID(),
      at: tapped,
    });
    expect(res.status).toBe(200);
    expect(new Date(res.json.stops[0].arrivedAt).toISOString()).toBe(tapped);
    const [event] = await timelineOf(load.id, "stop_checked_in");
    expect(event.data).toMatchObject({ occurredAt: tapped, late: true, checkIn: "arrived" });
    expect(new Date(event.data.receivedAt!).getTime()).toBeGreaterThan(Date.parse(tapped));
    // The load page reads it from the timeline.
    const detail = (await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher })).json;
    const entry = detail.timeline.find((e: { kind: string }) => e.kind === "stop_checked_in");
    expect(entry.data).toMatchObject({ occurredAt: tapped, late: true });
    // Dispatch hears of it, as kind + data.
    const [dispatcherUser] = await ctx.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "dispatcher@demo.test"));
    const notes = await ctx.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, dispatcherUser.id), eq(notifications.kind, "load.check_in_late")),
      );
    const mine = notes.filter((n) => (n.data as { loadId?: string }).loadId === load.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].data).toMatchObject({
      loadNumber: load.loadNumber,
      stopId: load.stops[0].id,
      checkIn: "arrived",
    });
    expect(mine[0].link).toBe(routePath("loadDetail", { loadId: load.id }));
  });

  it("on time: both times kept, not late, and dispatch is not told", async () => {
    const load = await jakesLoad(60);
    const res = await send(checkInPath(load), jake, {
      json: { event: "arrived" },
      key: crypto.randomUUID(),
      at: minutesAgo(2),
    });
    expect(res.status).toBe(200);
    const [event] = await timelineOf(load.id, "stop_checked_in");
    expect(event.data).toMatchObject({ late: false });
    const notes = await ctx.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "load.check_in_late"));
    expect(notes.filter((n) => (n.data as { loadId?: string }).loadId === load.id)).toHaveLength(0);
  });

  it("the body's `at` wins over X-Occurred-At", async () => {
    const load = await jakesLoad(60);
    const at = minutesAgo(40);
    const res = await send(checkInPath(load), jake, {
      json: { event: "arrived", at },
      key: crypto.randomUUID(),
      at: minutesAgo(30),
    });
    expect(res.status).toBe(200);
    expect(new Date(res.json.stops[0].arrivedAt).toISOString()).toBe(at);
  });

  it("a refused answer is kept too: the replay is refused the same way, and writes nothing", async () => {
    const load = await jakesLoad();
    const key = crypto.randomUUID();
    const first = await send(checkInPath(load), jake, { json: { event: "departed" }, key });
    expect(first.status).toBe(409);
    expect(first.json.error.code).toBe("CHECK_IN_ORDER");
    const second = await send(checkInPath(load), jake, { json: { event: "departed" }, key });
    expect(second).toMatchObject({ status: 409, replayed: "true", text: first.text });
  });

  it("tells the driver when dispatch cancelled the load meanwhile (409 LOAD_CANCELLED)", async () => {
    const load = await jakesLoad();
    const cancelled = await call(ctx, `/api/loads/${load.id}/status`, {
      body: { status: "cancelled", note: "Customer called it off" },
      cookie: dispatcher,
    });
    expect(cancelled.status).toBe(200);
    const res = await send(checkInPath(load), jake, {
      json: { event: "arrived" },
      key: crypto.randomUUID(),
      at: minutesAgo(15),
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: "LOAD_CANCELLED", message: SYNC_MESSAGES.LOAD_CANCELLED });
    expect(await timelineOf(load.id, "stop_checked_in")).toHaveLength(0);
    // The POD photo the phone kept meets the same answer.
    const photo = await send(`/api/loads/${load.id}/files`, jake, {
      form: { file: pdf("pod.pdf"), kind: "pod" },
      key: crypto.randomUUID(),
    });
    expect(photo.status).toBe(409);
    expect(photo.json.error.code).toBe("LOAD_CANCELLED");
  });

  it("tells the driver when dispatch gave the load to another driver (409 LOAD_REASSIGNED)", async () => {
    const load = await jakesLoad();
    const moved = await call(ctx, `/api/loads/${load.id}/assign`, {
      body: { driverId: rosaId },
      cookie: dispatcher,
    });
    expect(moved.status).toBe(200);
    const res = await send(checkInPath(load), jake, { json: { event: "arrived" }, key: crypto.randomUUID() });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: "LOAD_REASSIGNED", message: SYNC_MESSAGES.LOAD_REASSIGNED });
    // A load that was never theirs stays a plain 404 (nothing told of others' loads).
    const other = await createLoad({ driverId: rosaId });
    const stranger = await send(`/api/loads/${other.id}/actions/accept`, jake, {
      json: {},
      key: crypto.randomUUID(),
    });
    expect(stranger.status).toBe(404);
  });
});

describe("the key", () => {
  it("reused for another body or another operation: 409 IDEMPOTENCY_KEY_REUSED, nothing written", async () => {
    const load = await jakesLoad();
    const key = crypto.randomUUID();
    expect((await send(checkInPath(load), jake, { json: { event: "arrived" }, key })).status).toBe(200);
    const otherBody = await send(checkInPath(load), jake, { json: { event: "done" }, key });
    expect(otherBody.status).toBe(409);
    expect(otherBody.json.error).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: SYNC_MESSAGES.IDEMPOTENCY_KEY_REUSED,
    });
    const otherOperation = await send(`/api/chat/threads/${jakeId}/messages`, jake, {
      form: { body: "hi" },
      key,
    });
    expect(otherOperation.status).toBe(409);
    expect(otherOperation.json.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await timelineOf(load.id, "stop_checked_in")).toHaveLength(1);
  });

  it("is each user's own: another user's same key runs their own request", async () => {
    const key = crypto.randomUUID();
    const fromJake = await send(`/api/chat/threads/${jakeId}/messages`, jake, {
      form: { body: "Jake here" },
      key,
    });
    const fromRosa = await send(`/api/chat/threads/${rosaId}/messages`, rosa, {
      form: { body: "Rosa here" },
      key,
    });
    expect([fromJake.status, fromRosa.status]).toEqual([201, 201]);
    expect(fromRosa.replayed).toBeNull();
    expect(fromRosa.json.body).toBe("Rosa here");
  });

  it("must be a UUID (400 IDEMPOTENCY_KEY_INVALID)", async () => {
    const res = await send(`/api/chat/threads/${jakeId}/messages`, jake, { form: { body: "x" }, key: "abc" });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("IDEMPOTENCY_KEY_INVALID");
  });

  it("sent many times at once runs once: one row, the others told it is in progress or replayed", async () => {
    const key = crypto.randomUUID();
    const body = `all at once ${key}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(`/api/chat/threads/${jakeId}/messages`, jake, { form: { body }, key }),
      ),
    );
    expect(await countWhere(chatMessages, eq(chatMessages.body, body))).toBe(1);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json.id)).size).toBe(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.json.error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    }
    // Once the first has answered, a retry gets its answer.
    const retry = await send(`/api/chat/threads/${jakeId}/messages`, jake, { form: { body }, key });
    expect(retry).toMatchObject({ status: 201, replayed: "true" });
    expect(retry.json.id).toBe(created[0].json.id);
  });

  it("is forgotten after 30 days by the nightly purge", async () => {
    const key = crypto.randomUUID();
    expect(
      (await send(`/api/chat/threads/${jakeId}/messages`, jake, { form: { body: "old" }, key })).status,
    ).toBe(201);
    await ctx.deps.db
      .update(clientRequests)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(clientRequests.key, key));
    expect(await purgeClientRequests(ctx.deps.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await countWhere(clientRequests, eq(clientRequests.key, key))).toBe(0);
  });
});

describe("X-Occurred-At", () => {
  const chat = (at: string, key = crypto.randomUUID()) =>
    send(`/api/chat/threads/${jakeId}/messages`, jake, { form: { body: `at ${at}` }, key, at });

  it("in the future (beyond 5 minutes of skew): 400 OCCURRED_IN_FUTURE with the message, nothing written", async () => {
    const at = new Date(Date.now() + 6 * 60_000).toISOString();
    const res = await chat(at);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: "OCCURRED_IN_FUTURE",
      message: SYNC_MESSAGES.OCCURRED_IN_FUTURE,
    });
    expect(await countWhere(chatMessages, eq(chatMessages.body, `at ${at}`))).toBe(0);
    // A clock a little ahead is taken as now.
    const near = new Date(Date.now() + 2 * 60_000).toISOString();
    expect((await chat(near)).status).toBe(201);
  });

  it("older than 7 days: 400 OCCURRED_TOO_OLD with the message", async () => {
    const res = await chat(minutesAgo(7 * 24 * 60 + 5));
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: "OCCURRED_TOO_OLD",
      message: SYNC_MESSAGES.OCCURRED_TOO_OLD,
    });
  });

  it("not an ISO time with an offset: 400 OCCURRED_AT_INVALID", async () => {
    for (const at of ["yesterday", "2026-11-28T10:00:00", "2026-13-45T10:00:00Z"]) {
      const res = await chat(at);
      expect(res.status, at).toBe(400);
      expect(res.json.error.code).toBe("OCCURRED_AT_INVALID");
    }
  });

  it("a refused time claims no key: the same key with a good time then runs", async () => {
    const key = crypto.randomUUID();
    expect((await chat(new Date(Date.now() + 3_600_000).toISOString(), key)).status).toBe(400);
    expect((await chat(minutesAgo(1), key)).status).toBe(201);
  });
});

describe("every replayable operation", () => {
  it("chat: one message, its sent and received times, sent late", async () => {
    const body = `late message ${crypto.randomUUID()}`;
    const at = minutesAgo(45);
    const { first } = await twice(`/api/chat/threads/${jakeId}/messages`, jake, {
      form: { body, file: new File([PDF_BYTES], "note.pdf", { type: "application/pdf" }) },
      at,
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ occurredAt: at, late: true });
    expect(await countWhere(chatMessages, eq(chatMessages.body, body))).toBe(1);
    const history = (await call(ctx, `/api/chat/threads/${jakeId}/messages`, { cookie: dispatcher })).json;
    expect(history.items.find((m: { body: string }) => m.body === body)).toMatchObject({
      occurredAt: at,
      late: true,
    });
  });

  it("fuel: one entry (and one receipt), its times, sent late in the list", async () => {
    const at = minutesAgo(30);
    const location = `Outbox Fuel ${crypto.randomUUID().slice(0, 8)}`;
    await ctx.deps.db.update(vehicles).set({ mileage: 411_600 }).where(eq(vehicles.id, truck101));
    const { first } = await twice("/api/fuel-entries", jake, {
      form: {
        confirmDuplicate: "true",
        vehicleId: truck101,
        fueledAt: minutesAgo(35),
        location,
        state: "IN",
        odometer: "412350",
        fuelType: "diesel",
        gallons: "100.000",
        pricePerGallon: "3.500",
        totalAmount: "350.00",
        receipt: pdf(),
      },
      at,
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ occurredAt: at, late: true });
    expect(await countWhere(fuelEntries, eq(fuelEntries.location, location))).toBe(1);
    const list = (
      await call(ctx, `/api/fuel-entries?q=${encodeURIComponent(location)}`, { cookie: dispatcher })
    ).json;
    expect(list.items[0]).toMatchObject({ occurredAt: at, late: true });
  });

  it("inspection with photos: one inspection, its times, sent late on its detail", async () => {
    const at = minutesAgo(25);
    const comments = `outbox ${crypto.randomUUID()}`;
    const png = Uint8Array.from(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    );
    const data = JSON.stringify({
      assetType: "vehicle",
      vehicleId: truck101,
      type: "pre_trip",
      inspectedAt: minutesAgo(26),
      odometer: null,
      location: "Gary, IN",
      checklist: CHECKLISTS.vehicle.map((item) => ({ item, result: "pass", note: "" })),
      overallStatus: "pass",
      comments,
    });
    const images = [
      new File([png], "cab.png", { type: "image/png" }),
      new File([png], "tires.png", { type: "image/png" }),
    ];
    const { first } = await twice("/api/inspections", jake, { form: { data, images }, at });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ occurredAt: at, late: true });
    expect(first.json.images).toHaveLength(2);
    expect(await countWhere(inspections, eq(inspections.comments, comments))).toBe(1);
    const detail = (await call(ctx, `/api/inspections/${first.json.id}`, { cookie: dispatcher })).json;
    expect(detail).toMatchObject({ occurredAt: at, late: true });
  });

  it("load file: one POD, its times, sent late on the load's files", async () => {
    const load = await jakesLoad();
    const at = minutesAgo(20);
    const { first } = await twice(`/api/loads/${load.id}/files`, jake, {
      form: { file: pdf("pod.pdf"), kind: "pod" },
      at,
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ occurredAt: at, late: true });
    expect(await countWhere(loadFiles, eq(loadFiles.loadId, load.id))).toBe(1);
    const detail = (await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher })).json;
    expect(detail.files[0]).toMatchObject({ occurredAt: at, late: true });
  });

  it("driver action: accepted once, at the tap's time, the timeline entry sent late", async () => {
    const load = await createLoad({ driverId: jakeId });
    const at = minutesAgo(15);
    const { first } = await twice(`/api/loads/${load.id}/actions/accept`, jake, { json: {}, at });
    expect(first.status).toBe(200);
    expect(new Date(first.json.load.acceptedAt).toISOString()).toBe(at);
    const events = await timelineOf(load.id, "accepted");
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ occurredAt: at, late: true });
  });
});
