import {
  BOL_REQUIRED_MESSAGE,
  canTransition,
  LOAD_FILE_MAX_BYTES,
  LOAD_STATUSES,
  LOAD_TRANSITIONS,
  type LoadStatus,
} from "@shared/loads/loads.schema";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUsers, drivers, loadStatusEvents, loads, notifications, users } from "../../db/schema";
import { dispatchOffice, PDF, uploadFile } from "../../testing/fixtures";
import { call, TEST_ORIGIN, type TestContext } from "../../testing/harness";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

let ctx: TestContext;
let dispatcher: string;
let jake: string;
let rosa: string;
let jakeId: string;
let rosaId: string;

let create: Awaited<ReturnType<typeof dispatchOffice>>["createLoad"];

beforeAll(async () => {
  ({ ctx, dispatcher, jake, rosa, jakeId, rosaId, createLoad: create } = await dispatchOffice());
});
afterAll(() => ctx.close());
const get = (id: string, cookie = dispatcher) => call(ctx, `/api/loads/${id}`, { cookie });
const act = (id: string, action: string, cookie = jake, body?: unknown) =>
  call(ctx, `/api/loads/${id}/actions/${action}`, { method: "POST", body: body ?? {}, cookie });
const setStatus = (id: string, status: LoadStatus, note?: string) =>
  call(ctx, `/api/loads/${id}/status`, { body: { status, note }, cookie: dispatcher });
const driverStatus = async (id: string) =>
  (await ctx.deps.db.select({ s: drivers.status }).from(drivers).where(eq(drivers.id, id)))[0].s;

describe("staff status changes follow the one transition table", () => {
  it("allows exactly the table's transitions and answers 409 INVALID_TRANSITION to the rest", async () => {
    const unexpected: string[] = [];
    for (const from of LOAD_STATUSES) {
      for (const to of LOAD_STATUSES) {
        const load = await create({ driverId: jakeId });
        // Put the load straight into `from`, with a driver so driver-needing targets can be reached.
        await ctx.deps.db.update(loads).set({ status: from, driverId: jakeId }).where(eq(loads.id, load.id));
        const res = await setStatus(load.id, to, `to ${to}`);
        const expected = canTransition(from, to) ? 200 : 409;
        if (res.status !== expected) unexpected.push(`${from} → ${to}: ${res.status}`);
        if (expected === 409 && res.json.error.code !== "INVALID_TRANSITION")
          unexpected.push(`${from} → ${to}: ${res.json.error.code}`);
        if (expected === 200) {
          expect(res.json.status).toBe(to);
          expect(res.json.timeline.at(-1)).toMatchObject({
            fromStatus: from,
            toStatus: to,
            actorName: "Dan Carter",
            note: `to ${to}`,
          });
          expect(res.json.allowedStatuses.every((s: LoadStatus) => LOAD_TRANSITIONS[to].includes(s))).toBe(
            true,
          );
        }
        await ctx.deps.db.delete(loads).where(eq(loads.id, load.id));
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("explains a refused transition in words", async () => {
    const load = await create({ driverId: jakeId });
    await ctx.deps.db.update(loads).set({ status: "completed" }).where(eq(loads.id, load.id));
    const res = await setStatus(load.id, "pending");
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("A completed load cannot go back to pending.");
    expect(res.json.error.details).toMatchObject({
      from: "completed",
      to: "pending",
      allowed: ["in_progress"],
    });
    const pending = await create();
    expect((await setStatus(pending.id, "completed")).json.error.message).toBe(
      "A pending load cannot go to completed.",
    );
  });

  it("needs a driver to mark a load assigned", async () => {
    const load = await create();
    const res = await setStatus(load.id, "assigned");
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("DRIVER_REQUIRED");
    expect((await get(load.id)).json.allowedStatuses).toEqual(["cancelled"]);
  });

  it("sets start and delivery times, releases the driver on pending, and cancels", async () => {
    const load = await create({ driverId: rosaId });
    const started = await setStatus(load.id, "in_progress");
    expect(started.json.startedAt).not.toBeNull();
    const done = await setStatus(load.id, "completed");
    expect(done.json.deliveredAt).not.toBeNull();
    expect(await driverStatus(rosaId)).toBe("available");
    const other = await create({ driverId: rosaId });
    expect(await driverStatus(rosaId)).toBe("busy");
    const back = await setStatus(other.id, "pending");
    expect(back.json).toMatchObject({ status: "pending", driverId: null });
    expect(await driverStatus(rosaId)).toBe("available");
    const cancelled = await setStatus(other.id, "cancelled", "Customer called it off");
    expect(cancelled.json.status).toBe("cancelled");
    const [audit] = await ctx.deps.db
      .select()
      .from(loadStatusEvents)
      .where(and(eq(loadStatusEvents.loadId, other.id), eq(loadStatusEvents.toStatus, "cancelled")));
    expect(audit.note).toBe("Customer called it off");
  });
});

describe("driver actions", () => {
  it("accept, start, deliver (with a BOL), and the driver's status follows", async () => {
    await ctx.deps.db.update(drivers).set({ manualStatus: "on_trip" }).where(eq(drivers.id, jakeId));
    const load = await create({ driverId: jakeId });
    expect(await driverStatus(jakeId)).toBe("busy");

    const view = await get(load.id, jake);
    expect(view.json).toMatchObject({
      driverActions: ["accept", "decline"],
      allowedStatuses: [],
      customerRate: null,
    });
    expect((await get(load.id)).json.customerRate).toBe("2600.00");

    const early = await act(load.id, "start");
    expect(early.status).toBe(409);
    expect(early.json.error.message).toBe("Accept the load before starting the trip.");

    const accepted = await act(load.id, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.json.load.acceptedAt).not.toBeNull();
    expect(accepted.json.load.status).toBe("assigned");
    // Its own event, not "assigned → assigned" (issue 10, point 14).
    expect(accepted.json.load.timeline.at(-1)).toMatchObject({
      kind: "accepted",
      actorName: "Jake Wilson",
      note: null,
    });
    expect(accepted.json.load.timeline.filter((e: { kind: string }) => e.kind === "accepted")).toHaveLength(
      1,
    );
    expect(accepted.json.load.driverActions).toEqual(["start", "decline"]);
    expect((await act(load.id, "accept")).status).toBe(409);

    const started = await act(load.id, "start");
    expect(started.json.load).toMatchObject({ status: "in_progress", driverActions: ["deliver"] });
    expect(started.json.load.startedAt).not.toBeNull();

    const noBol = await act(load.id, "deliver");
    expect(noBol.status).toBe(409);
    expect(noBol.json.error).toMatchObject({ code: "BOL_REQUIRED", message: BOL_REQUIRED_MESSAGE });

    const fake = await uploadFile(ctx, jake, load.id, { content: "just text, not a PDF", name: "bol.pdf" });
    expect(fake.status).toBe(415);
    expect(fake.json.error.code).toBe("FILE_TYPE_NOT_ALLOWED");
    expect((await act(load.id, "deliver")).status).toBe(409);

    const bol = await uploadFile(ctx, jake, load.id, { kind: "bol" });
    expect(bol.status).toBe(201);
    expect(bol.json).toMatchObject({
      kind: "bol",
      contentType: "application/pdf",
      uploadedVia: "driver",
      fileName: "bol.pdf",
    });

    const delivered = await act(load.id, "deliver");
    expect(delivered.status).toBe(200);
    expect(delivered.json.load).toMatchObject({ status: "completed", driverActions: [] });
    expect(delivered.json.load.deliveredAt).not.toBeNull();
    expect(delivered.json.load.timeline.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      "assigned",
      "assigned",
      "in_progress",
      "completed",
    ]);
    // Back to what staff last set.
    expect(await driverStatus(jakeId)).toBe("on_trip");
    await ctx.deps.db.update(drivers).set({ manualStatus: "available" }).where(eq(drivers.id, jakeId));
  });

  it("decline returns the load to pending, unassigned, and tells management to re-assign it", async () => {
    const load = await create({ driverId: jakeId });
    expect(await driverStatus(jakeId)).toBe("busy");
    const res = await act(load.id, "decline", jake, { reason: "Truck in the shop" });
    expect(res.status).toBe(200);
    expect(res.json.load).toBeNull();
    const after = (await get(load.id)).json;
    expect(after).toMatchObject({ status: "pending", driverId: null, acceptedAt: null });
    expect(after.timeline.at(-1)).toMatchObject({
      fromStatus: "assigned",
      toStatus: "pending",
      kind: "declined",
      note: "Truck in the shop",
      actorName: "Jake Wilson",
    });
    expect(await driverStatus(jakeId)).toBe("available");

    const stored = await ctx.deps.db
      .select({
        role: appUsers.role,
        data: notifications.data,
        note: notifications.note,
        link: notifications.link,
      })
      .from(notifications)
      .innerJoin(appUsers, eq(appUsers.userId, notifications.recipientId))
      .where(eq(notifications.kind, "load.declined"));
    expect(stored.map((n) => n.role).sort()).toEqual(["admin", "dispatcher", "manager"]);
    // Stored as what happened, worded by each reader (decision 017); the reason as the driver typed it.
    expect(stored[0].data).toEqual({
      loadId: load.id,
      loadNumber: load.loadNumber,
      driverId: jakeId,
      driverName: "Jake Wilson",
    });
    expect(stored[0].note).toBe("Truck in the shop");
    expect(stored[0].link).toBe(`/operations/loads/${load.id}`);

    // No longer Jake's load.
    expect((await get(load.id, jake)).status).toBe(404);
  });

  it("refuses actions out of order with 409", async () => {
    const pending = await create();
    await ctx.deps.db.update(loads).set({ driverId: jakeId }).where(eq(loads.id, pending.id));
    expect((await act(pending.id, "accept")).json.error.code).toBe("INVALID_ACTION");
    expect((await act(pending.id, "decline")).status).toBe(409);
    expect((await act(pending.id, "deliver")).status).toBe(409);
    expect((await act(pending.id, "fly")).status).toBe(400);
  });
});

describe("a driver reaches only their own loads", () => {
  let rosasLoad: { id: string; loadNumber: string };
  let fileId: string;

  beforeAll(async () => {
    rosasLoad = await create({ driverId: rosaId, customerRate: "9999" });
    const up = await uploadFile(ctx, dispatcher, rosasLoad.id, {
      kind: "rate_confirmation",
      name: "rate con.pdf",
    });
    expect(up.status).toBe(201);
    fileId = up.json.id;
  });

  it("answers 404 on another driver's load, its files and its actions", async () => {
    expect((await get(rosasLoad.id, jake)).status).toBe(404);
    const file = await ctx.app.request(`/api/loads/${rosasLoad.id}/files/${fileId}`, {
      headers: { origin: TEST_ORIGIN, cookie: jake },
    });
    expect(file.status).toBe(404);
    expect((await uploadFile(ctx, jake, rosasLoad.id)).status).toBe(404);
    for (const action of ["accept", "decline", "start", "deliver"]) {
      expect((await act(rosasLoad.id, action)).status).toBe(404);
    }
    // Rosa herself sees it, without the customer rate.
    const own = await get(rosasLoad.id, rosa);
    expect(own.status).toBe(200);
    expect(own.json.customerRate).toBeNull();
  });

  it("keeps the list and the export to the driver's own loads", async () => {
    const list = await call(ctx, "/api/loads?pageSize=100", { cookie: jake });
    expect(list.json.items.length).toBeGreaterThan(0);
    const mine = await ctx.deps.db.select({ id: loads.id }).from(loads).where(eq(loads.driverId, jakeId));
    expect(list.json.items.map((i: { id: string }) => i.id).sort()).toEqual(mine.map((m) => m.id).sort());
    expect(list.json.items.some((i: { id: string }) => i.id === rosasLoad.id)).toBe(false);
    const csv = await ctx.app.request("/api/loads/export", {
      headers: { origin: TEST_ORIGIN, cookie: jake },
    });
    const text = await csv.text();
    expect(text).not.toContain(rosasLoad.loadNumber);
    expect(text).not.toContain("9999");
  });

  it("serves a file as an attachment with its type, to staff and the assigned driver", async () => {
    for (const cookie of [dispatcher, rosa]) {
      const res = await ctx.app.request(`/api/loads/${rosasLoad.id}/files/${fileId}`, {
        headers: { origin: TEST_ORIGIN, cookie },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="rate con.pdf"; filename*=UTF-8''rate%20con.pdf`,
      );
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.text()).toBe(PDF);
    }
  });

  it("lets drivers upload only a BOL or POD, and staff delete files", async () => {
    const rateCon = await uploadFile(ctx, rosa, rosasLoad.id, { kind: "rate_confirmation" });
    expect(rateCon.status).toBe(403);
    const pod = await uploadFile(ctx, rosa, rosasLoad.id, { kind: "pod", name: "pod.png", content: PNG });
    expect(pod.status).toBe(201);
    expect(pod.json.contentType).toBe("image/png");
    const removed = await call(ctx, `/api/loads/${rosasLoad.id}/files/${pod.json.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(removed.status).toBe(200);
    const gone = await ctx.app.request(`/api/loads/${rosasLoad.id}/files/${pod.json.id}`, {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    });
    expect(gone.status).toBe(404);
    expect(
      (await call(ctx, `/api/loads/${rosasLoad.id}/files/${pod.json.id}`, { method: "DELETE", cookie: rosa }))
        .status,
    ).toBe(403);
  });

  it("refuses a missing file or kind with 400", async () => {
    const form = new FormData();
    form.set("kind", "bol");
    const res = await ctx.app.request(`/api/loads/${rosasLoad.id}/files`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details.fields.file).toBe("Choose a file.");
    expect((await uploadFile(ctx, dispatcher, rosasLoad.id, { kind: "selfie" })).status).toBe(400);
  });

  it("refuses a file over the size limit with 413", async () => {
    const big = new Uint8Array(LOAD_FILE_MAX_BYTES + 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const res = await uploadFile(ctx, dispatcher, rosasLoad.id, { content: big });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("FILE_TOO_LARGE");
  });
});

describe("assigning", () => {
  it("assigns and reassigns, moving the busy status and notifying the driver", async () => {
    const load = await create({ postedToBoard: true });
    const first = await call(ctx, `/api/loads/${load.id}/assign`, {
      body: { driverId: rosaId },
      cookie: dispatcher,
    });
    expect(first.json).toMatchObject({ status: "assigned", driverId: rosaId, postedToBoard: false });
    expect(await driverStatus(rosaId)).toBe("busy");
    const second = await call(ctx, `/api/loads/${load.id}/assign`, {
      body: { driverId: jakeId },
      cookie: dispatcher,
    });
    expect(second.json.timeline.at(-1)).toMatchObject({
      fromStatus: "assigned",
      toStatus: "assigned",
      kind: "reassigned",
      data: {
        driverId: jakeId,
        driverName: "Jake Wilson",
        previousDriverId: rosaId,
        previousDriverName: "Rosa Martinez",
      },
      note: null,
    });
    const rosaLoads = await ctx.deps.db
      .select({ id: loads.id })
      .from(loads)
      .where(and(eq(loads.driverId, rosaId), inArray(loads.status, ["assigned", "in_progress"])));
    expect(await driverStatus(rosaId)).toBe(rosaLoads.length ? "busy" : "available");
    const [jakeUser] = await ctx.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "driver@demo.test"));
    const notes = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, jakeUser.id), eq(notifications.kind, "load.assigned")));
    expect(notes.some((n) => n.link === `/operations/loads/${load.id}`)).toBe(true);

    await setStatus(load.id, "cancelled");
    const late = await call(ctx, `/api/loads/${load.id}/assign`, {
      body: { driverId: rosaId },
      cookie: dispatcher,
    });
    expect(late.status).toBe(409);
  });
});
