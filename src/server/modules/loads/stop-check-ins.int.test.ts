import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customers, loads, notifications, stopGeofenceEvents } from "../../db/schema";
import { customerIdOf, driverIdOf, emptyDispatchOffice, loadInput, uploadFile } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let dispatcher: string;
let accountant: string;
let jake: string;
let rosa: string;
let customerCookie: string;
let jakeId: string;
let rosaId: string;
let customerId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await emptyDispatchOffice(ctx);
  [dispatcher, accountant, jake, rosa, customerCookie] = await Promise.all([
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "accountant@demo.test"),
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "driver2@demo.test"),
    signIn(ctx, "customer@demo.test"),
  ]);
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  rosaId = await driverIdOf(ctx, "driver2@demo.test");
  customerId = await customerIdOf(ctx, "customer@demo.test");
});
afterAll(() => ctx.close());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
type Detail = {
  id: string;
  status: string;
  detention: string | null;
  totalRate: string;
  customerRate: string | null;
  driverPay: string | null;
  stops: Array<{
    id: string;
    arrivedAt: string | null;
    doneAt: string | null;
    departedAt: string | null;
    detentionMinutes: number | null;
    detentionAmount: string | null;
    detentionStatus: string | null;
    appointmentKind: string;
    scheduledEnd: string | null;
  }>;
  timeline: Array<{ kind: string; note: string | null; data: Record<string, unknown> }>;
};

/** A three-stop load (two pickups, one delivery) for Jake, accepted, the first pickup an hour ago. */
async function threeStopLoad(extra: Record<string, unknown> = {}) {
  const base = loadInput();
  const stops = [
    { ...base.stops[0], scheduledAt: hoursAgo(6) },
    { ...base.stops[0], locationName: "Second Dock", city: "Gary", state: "IN", scheduledAt: hoursAgo(4) },
    { ...base.stops[1], scheduledAt: hoursAgo(1) },
  ];
  const res = await call(ctx, "/api/loads", {
    body: { ...base, stops, driverId: jakeId, customerId, ...extra },
    cookie: dispatcher,
  });
  expect(res.status).toBe(201);
  const load = res.json as Detail;
  expect((await call(ctx, `/api/loads/${load.id}/actions/accept`, { body: {}, cookie: jake })).status).toBe(
    200,
  );
  return load;
}
const checkIn = (load: Detail, stop: number, event: string, cookie = jake) =>
  call(ctx, `/api/loads/${load.id}/stops/${load.stops[stop].id}/check-in`, { body: { event }, cookie });
const correct = (load: Detail, stop: number, body: Record<string, unknown>, cookie = dispatcher) =>
  call(ctx, `/api/loads/${load.id}/stops/${load.stops[stop].id}/check-in`, { method: "PUT", body, cookie });
const decide = (load: Detail, stop: number, decision: string, cookie = dispatcher) =>
  call(ctx, `/api/loads/${load.id}/stops/${load.stops[stop].id}/detention`, { body: { decision }, cookie });

describe("load entry: equipment, references, appointment windows", () => {
  it("keeps equipment, a reefer's range, counts, references and a delivery window; contacts are optional", async () => {
    const base = loadInput();
    const res = await call(ctx, "/api/loads", {
      cookie: dispatcher,
      body: {
        ...base,
        equipmentType: "reefer",
        commodity: "Frozen peas",
        tempMinF: "-10",
        tempMaxF: "0",
        pieceCount: "1200",
        palletCount: "22",
        poNumber: "PO-778",
        bolNumber: "BOL-1",
        stops: [
          { ...base.stops[0], contactName: "", contactPhone: "", referenceNumber: "PU-55" },
          {
            ...base.stops[1],
            appointmentKind: "window",
            scheduledEnd: "2026-03-04T22:00:00Z",
            referenceNumber: "DEL-9",
            poNumber: "PO-778-A",
          },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      equipmentType: "reefer",
      commodity: "Frozen peas",
      tempMinF: -10,
      tempMaxF: 0,
      pieceCount: 1200,
      palletCount: 22,
      poNumber: "PO-778",
      bolNumber: "BOL-1",
    });
    expect(res.json.stops[0]).toMatchObject({ contactName: "", contactPhone: "", referenceNumber: "PU-55" });
    // An empty quantity is "not given", not zero: empty miles are computed from the stops (issue 40).
    const blank = await call(ctx, "/api/loads", {
      cookie: dispatcher,
      body: { ...base, loadedMiles: "", weightLbs: "" },
    });
    expect(blank.json).toMatchObject({ milesSource: "estimated", weightLbs: null });
    expect(blank.json.loadedMiles).toBeGreaterThan(0);
    expect(res.json.stops[1]).toMatchObject({
      appointmentKind: "window",
      scheduledAt: "2026-03-04T18:00:00.000Z",
      scheduledEnd: "2026-03-04T22:00:00.000Z",
      referenceNumber: "DEL-9",
      poNumber: "PO-778-A",
    });
  });

  it("refuses half a reefer range, a window without an end or ending before it starts", async () => {
    const base = loadInput();
    const fields = async (body: Record<string, unknown>) => {
      const res = await call(ctx, "/api/loads", { cookie: dispatcher, body: { ...base, ...body } });
      expect(res.status).toBe(400);
      return res.json.error.details.fields as Record<string, string>;
    };
    expect(await fields({ equipmentType: "reefer", tempMinF: "34" })).toMatchObject({
      tempMaxF: "Enter both ends of the temperature range.",
    });
    expect(await fields({ tempMinF: "40", tempMaxF: "35" })).toMatchObject({
      tempMaxF: "The lowest temperature cannot be above the highest.",
    });
    const window = (scheduledEnd: string | null) => ({
      stops: [base.stops[0], { ...base.stops[1], appointmentKind: "fcfs", scheduledEnd }],
    });
    expect(await fields(window(null))).toMatchObject({
      "stops.1.scheduledEnd": "Enter when the window ends.",
    });
    expect(await fields(window("2026-03-04T17:00:00Z"))).toMatchObject({
      "stops.1.scheduledEnd": "The window must end after it starts.",
    });
  });

  it("a single appointment keeps no end, and an edit keeps the stops' check-ins", async () => {
    const load = await threeStopLoad();
    expect(load.stops[0]).toMatchObject({ appointmentKind: "appointment", scheduledEnd: null });
    expect((await checkIn(load, 0, "arrived")).status).toBe(200);
    const base = loadInput();
    const stops = load.stops.map((s) => ({ ...(s as unknown as Record<string, unknown>) }));
    const res = await call(ctx, `/api/loads/${load.id}`, {
      method: "PUT",
      cookie: dispatcher,
      body: { ...base, driverId: jakeId, customerId, stops, commodity: "Edited" },
    });
    expect(res.status).toBe(200);
    expect(res.json.stops[0].arrivedAt).not.toBeNull();
    expect(res.json.stops[0].id).toBe(load.stops[0].id);
  });
});

describe("check-ins, stop by stop", () => {
  it("go in order, move the load along the transition table and end with the delivery", async () => {
    const load = await threeStopLoad();
    // Out of order: the second stop before leaving the first; loaded before arriving.
    const early = await checkIn(load, 1, "arrived");
    expect(early.status).toBe(409);
    expect(early.json.error).toMatchObject({
      code: "CHECK_IN_ORDER",
      message: "Check out of stop 1 (Great Lakes DC) first.",
    });
    expect((await checkIn(load, 0, "done")).json.error.message).toBe("Check in as arrived first.");

    expect((await checkIn(load, 0, "arrived")).json.status).toBe("assigned");
    expect((await checkIn(load, 0, "arrived")).json.error.message).toBe("This check-in is already recorded.");
    expect((await checkIn(load, 0, "departed")).json.error.message).toBe("Check in as loaded first.");
    expect((await checkIn(load, 0, "done")).status).toBe(200);
    // The first departure starts the trip.
    const departed = await checkIn(load, 0, "departed");
    expect(departed.json.status).toBe("in_progress");
    expect(departed.json.timeline.map((e: { kind: string }) => e.kind)).toContain("trip_started");

    for (const event of ["arrived", "done", "departed"])
      expect((await checkIn(load, 1, event)).status).toBe(200);
    expect((await checkIn(load, 2, "arrived")).status).toBe(200);
    // The last unload is a check-in like the others: the load is delivered when the driver leaves.
    const unloaded = await checkIn(load, 2, "done");
    expect(unloaded.json.status).toBe("in_progress");
    // Leaving delivers, and delivering needs the BOL or POD: nothing is recorded without it.
    const noProof = await checkIn(load, 2, "departed");
    expect(noProof.status).toBe(409);
    expect(noProof.json.error.code).toBe("BOL_REQUIRED");
    expect((await call(ctx, `/api/loads/${load.id}`, { cookie: jake })).json.stops[2].departedAt).toBeNull();
    expect((await uploadFile(ctx, jake, load.id, { kind: "pod" })).status).toBe(201);
    const left = await checkIn(load, 2, "departed");
    expect(left.status).toBe(200);
    expect(left.json.status).toBe("completed");
    expect(left.json.stops[2].departedAt).not.toBeNull();
    expect((await checkIn(load, 2, "departed")).json.error.message).toBe("You have already left this stop.");
    const kinds = left.json.timeline.filter((e: { kind: string }) => e.kind === "stop_checked_in");
    expect(kinds).toHaveLength(9);
    expect(left.json.timeline.map((e: { kind: string }) => e.kind)).toContain("delivered");
  });

  it("are the assigned driver's alone: another driver gets 404, staff and customers 403", async () => {
    const load = await threeStopLoad();
    expect((await checkIn(load, 0, "arrived", rosa)).status).toBe(404);
    expect((await checkIn(load, 0, "arrived", dispatcher)).status).toBe(403);
    expect((await checkIn(load, 0, "arrived", customerCookie)).status).toBe(403);
    // A stop of another load is not found either.
    const other = await threeStopLoad();
    const res = await call(ctx, `/api/loads/${load.id}/stops/${other.stops[0].id}/check-in`, {
      body: { event: "arrived" },
      cookie: jake,
    });
    expect(res.status).toBe(404);
  });

  it("wait for the driver to accept the load", async () => {
    const base = loadInput();
    const res = await call(ctx, "/api/loads", {
      body: {
        ...base,
        driverId: jakeId,
        stops: [{ ...base.stops[0], scheduledAt: hoursAgo(1) }, base.stops[1]],
      },
      cookie: dispatcher,
    });
    const refused = await checkIn(res.json, 0, "arrived");
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe("Accept the load before checking in.");
  });
});

describe("corrections and detention", () => {
  it("staff correct a time with a reason; the times stay in order and in the past", async () => {
    const load = await threeStopLoad();
    expect((await correct(load, 0, { event: "arrived", at: hoursAgo(6), reason: "" })).status).toBe(400);
    const future = await correct(load, 0, { event: "arrived", at: hoursAgo(-2), reason: "typo" });
    expect(future.json.error.details.fields.at).toBe("A check-in time cannot be in the future.");
    // Loaded before any arrival is out of order.
    const order = await correct(load, 0, { event: "done", at: hoursAgo(5), reason: "late press" });
    expect(order.json.error.details.fields.at).toBe(
      "The times must be in order: arrived, then loaded or unloaded, then departed.",
    );
    const ok = await correct(load, 0, { event: "arrived", at: hoursAgo(6), reason: "Driver forgot to tap" });
    expect(ok.status).toBe(200);
    const event = ok.json.timeline.at(-1);
    expect(event).toMatchObject({ kind: "stop_time_corrected", note: "Driver forgot to tap" });
    expect(event.data).toMatchObject({ checkIn: "arrived", stopSequence: 1, previousAt: null });
    expect((await correct(load, 0, { event: "arrived", at: hoursAgo(6), reason: "x" }, jake)).status).toBe(
      403,
    );
    expect(
      (await correct(load, 0, { event: "arrived", at: hoursAgo(6), reason: "x" }, accountant)).status,
    ).toBe(403);
  });

  it("is proposed past the customer's free time, accepted onto the charges and the invoice", async () => {
    // This customer: one free hour, then $90 an hour.
    await ctx.deps.db
      .update(customers)
      .set({ detentionFreeMinutes: 60, detentionRate: "90.00" })
      .where(eq(customers.id, customerId));
    const load = await threeStopLoad({ payType: "percentage", payRate: "25" });
    const appointment = Date.parse((load.stops[0] as unknown as { scheduledAt: string }).scheduledAt);
    const iso = (minutes: number) => new Date(appointment + minutes * 60_000).toISOString();
    // Early by 30 minutes (the clock starts at the appointment), left 1 h 25 after it: 25 minutes owed.
    await correct(load, 0, { event: "arrived", at: iso(-30), reason: "from the gate log" });
    await correct(load, 0, { event: "done", at: iso(70), reason: "from the gate log" });
    const departed = await correct(load, 0, { event: "departed", at: iso(85), reason: "from the gate log" });
    expect(departed.json.stops[0]).toMatchObject({
      detentionMinutes: 25,
      detentionAmount: "37.50",
      detentionStatus: "proposed",
    });
    // Nothing is charged until staff accept it.
    expect(departed.json.detention).toBe("75.50");
    // Dispatch is told.
    const told = await ctx.deps.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(eq(notifications.kind, "load.detention_proposed"));
    expect(told.map((n) => n.data)).toContainEqual({
      loadId: load.id,
      loadNumber: (load as unknown as { loadNumber: string }).loadNumber,
      locationName: "Great Lakes DC",
      amount: "37.50",
    });
    // The driver sees the times but not the amount.
    const asDriver = (await call(ctx, `/api/loads/${load.id}`, { cookie: jake })).json;
    expect(asDriver.stops[0]).toMatchObject({ detentionStatus: "proposed", detentionAmount: null });

    // Exactly the free time (arrived on time, left an hour later) proposes nothing at the next stop.
    const second = (load.stops[1] as unknown as { scheduledAt: string }).scheduledAt;
    const at2 = (minutes: number) => new Date(Date.parse(second) + minutes * 60_000).toISOString();
    await correct(load, 1, { event: "arrived", at: at2(0), reason: "gate" });
    await correct(load, 1, { event: "done", at: at2(30), reason: "gate" });
    const onTime = await correct(load, 1, { event: "departed", at: at2(60), reason: "gate" });
    expect(onTime.json.stops[1].detentionStatus).toBeNull();

    expect((await decide(load, 1, "accept")).json.error.code).toBe("NO_DETENTION");
    expect((await decide(load, 0, "accept", jake)).status).toBe(403);
    const accepted = await decide(load, 0, "accept");
    expect(accepted.status).toBe(200);
    // $75.50 already on the load + $37.50; total 2000 + 150 + 113.00; the customer rate grows by it;
    // A percentage pay follows the total: 25% of $2,263.00 = $565.75.
    expect(accepted.json).toMatchObject({
      detention: "113.00",
      totalRate: "2263.00",
      customerRate: "2637.50",
      driverPay: "565.75",
    });
    expect(accepted.json.stops[0].detentionStatus).toBe("accepted");
    expect((await decide(load, 0, "accept")).json.error.code).toBe("NO_DETENTION");

    // The invoice bills it as a detention line once the load is delivered.
    for (const event of ["arrived", "done"]) await checkIn(load, 2, event);
    await uploadFile(ctx, jake, load.id, { kind: "pod" });
    expect((await checkIn(load, 2, "departed")).json.status).toBe("completed");
    const invoice = await call(ctx, "/api/invoices", {
      body: { customerId, loadIds: [load.id] },
      cookie: accountant,
    });
    expect(invoice.status).toBe(201);
    const lines = invoice.json.lines as Array<{ kind: string; amount: string }>;
    expect(lines.find((l) => l.kind === "detention")?.amount).toBe("113.00");
    expect(invoice.json.total).toBe("2637.50");
  });

  it("can be dismissed, leaving the charges alone", async () => {
    const load = await threeStopLoad();
    const start = Date.parse((load.stops[0] as unknown as { scheduledAt: string }).scheduledAt);
    const iso = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    await correct(load, 0, { event: "arrived", at: iso(0), reason: "gate" });
    await correct(load, 0, { event: "done", at: iso(100), reason: "gate" });
    await correct(load, 0, { event: "departed", at: iso(200), reason: "gate" });
    const dismissed = await decide(load, 0, "dismiss");
    expect(dismissed.json.stops[0].detentionStatus).toBe("dismissed");
    expect(dismissed.json.detention).toBe("75.50");
  });
});

describe("the last stop (issue 38, points 17 and 18)", () => {
  const admin = () => signIn(ctx, "admin@demo.test");
  const completeOn = async (loadCompletion: "departure" | "pod") => {
    const res = await call(ctx, "/api/settings/dispatch", {
      method: "PUT",
      body: { loadCompletion },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.json.loadCompletion).toBe(loadCompletion);
  };
  afterEach(() => completeOn("departure"));

  // Rosa's loads: she has none in this file but these, so her dashboard shows what they do.
  /** Two stops for Rosa, accepted, the pickup checked in and left, the delivery's appointment three hours ago. */
  async function lateDelivery() {
    const base = loadInput();
    const res = await call(ctx, "/api/loads", {
      body: {
        ...base,
        driverId: rosaId,
        customerId,
        stops: [
          { ...base.stops[0], scheduledAt: hoursAgo(8) },
          { ...base.stops[1], scheduledAt: hoursAgo(3) },
        ],
      },
      cookie: dispatcher,
    });
    expect(res.status).toBe(201);
    const load = res.json as Detail;
    await call(ctx, `/api/loads/${load.id}/actions/accept`, { body: {}, cookie: rosa });
    for (const event of ["arrived", "done", "departed"])
      expect((await checkIn(load, 0, event, rosa)).status).toBe(200);
    return load;
  }
  const driverView = async (load: Detail) =>
    (await call(ctx, `/api/loads/${load.id}`, { cookie: rosa })).json;
  const dashboard = async () => (await call(ctx, "/api/driver-dashboard", { cookie: rosa })).json;

  it("keep the load on its way after the unload; the departure delivers it and proposes the receiver's detention", async () => {
    await ctx.deps.db
      .update(customers)
      .set({ detentionFreeMinutes: 60, detentionRate: "90.00" })
      .where(eq(customers.id, customerId));
    const load = await lateDelivery();
    expect((await uploadFile(ctx, rosa, load.id, { kind: "bol" })).status).toBe(201);
    // On the road, checking in: "Mark as delivered" is not offered beside the check-ins.
    expect((await driverView(load)).driverActions).toEqual([]);
    expect((await checkIn(load, 1, "arrived", rosa)).status).toBe(200);
    // The gate log: in at the appointment, three hours ago.
    const appointment = (load.stops[1] as unknown as { scheduledAt: string }).scheduledAt;
    expect((await correct(load, 1, { event: "arrived", at: appointment, reason: "gate log" })).status).toBe(
      200,
    );

    const unloaded = await checkIn(load, 1, "done", rosa);
    expect(unloaded.json.status).toBe("in_progress");
    expect(unloaded.json.deliveredAt).toBeNull();
    expect(unloaded.json.driverActions).toEqual([]);
    // The dashboard keeps the load and asks for the departure.
    expect((await dashboard()).currentLoad.id).toBe(load.id);

    const left = await checkIn(load, 1, "departed", rosa);
    expect(left.status).toBe(200);
    expect(left.json.status).toBe("completed");
    // Three hours at the receiver's dock, one free: about two hours at $90 an hour, proposed to staff.
    const asStaff = (await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher })).json as Detail;
    const receiver = asStaff.stops[1];
    expect(receiver.detentionStatus).toBe("proposed");
    expect(receiver.detentionMinutes).toBeGreaterThanOrEqual(120);
    expect(receiver.detentionMinutes).toBeLessThan(125);
    expect(receiver.detentionAmount).toBe(((receiver.detentionMinutes ?? 0) * 1.5).toFixed(2));
    // All three in the departure's transaction (the same time on the timeline).
    expect(
      asStaff.timeline
        .map((e) => e.kind)
        .slice(-3)
        .sort(),
    ).toEqual(["delivered", "detention_proposed", "stop_checked_in"]);
    // Done: the dashboard moves on.
    expect((await dashboard()).currentLoad?.id).not.toBe(load.id);
  });

  it("with the POD setting, wait for the proof of delivery, which completes the load", async () => {
    await completeOn("pod");
    const load = await lateDelivery();
    // A BOL no longer delivers: the company completes loads on the POD.
    expect((await uploadFile(ctx, rosa, load.id, { kind: "bol" })).status).toBe(201);
    for (const event of ["arrived", "done", "departed"])
      expect((await checkIn(load, 1, event, rosa)).status).toBe(200);
    const waiting = await driverView(load);
    expect(waiting.status).toBe("in_progress");
    expect(waiting.completesOn).toBe("pod");
    expect(waiting.stops[1].departedAt).not.toBeNull();
    // Now "Mark as delivered" is offered: it asks for the POD.
    expect(waiting.driverActions).toEqual(["deliver"]);
    const refused = await call(ctx, `/api/loads/${load.id}/actions/deliver`, { body: {}, cookie: rosa });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("POD_REQUIRED");

    expect((await uploadFile(ctx, rosa, load.id, { kind: "pod" })).status).toBe(201);
    const delivered = await driverView(load);
    expect(delivered.status).toBe("completed");
    expect(delivered.deliveredAt).not.toBeNull();
    expect(delivered.timeline.at(-1)).toMatchObject({ kind: "delivered", toStatus: "completed" });
  });

  it("with the POD setting, a POD at the dock delivers the load; the departure is still recorded, with detention", async () => {
    await completeOn("pod");
    const load = await lateDelivery();
    expect((await checkIn(load, 1, "arrived", rosa)).status).toBe(200);
    const appointment = (load.stops[1] as unknown as { scheduledAt: string }).scheduledAt;
    await correct(load, 1, { event: "arrived", at: appointment, reason: "gate log" });
    // A POD filed before the unload waits for it.
    expect((await uploadFile(ctx, rosa, load.id, { kind: "pod" })).status).toBe(201);
    expect((await driverView(load)).status).toBe("in_progress");
    const unloaded = await checkIn(load, 1, "done", rosa);
    expect(unloaded.json.status).toBe("completed");
    // Still at the receiver's dock: the dashboard keeps the load for its departure.
    expect((await dashboard()).currentLoad.id).toBe(load.id);
    const left = await checkIn(load, 1, "departed", rosa);
    expect(left.status).toBe(200);
    const asStaff = (await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher })).json as Detail;
    expect(asStaff.stops[1].detentionStatus).toBe("proposed");
    expect((await dashboard()).currentLoad?.id).not.toBe(load.id);
  });

  it("offer 'Mark as delivered' to a driver who does not check in", async () => {
    const load = await lateDelivery();
    // lateDelivery checked in at the pickup; a load without any check-in offers it at once.
    expect((await driverView(load)).driverActions).toEqual([]);
    const base = loadInput();
    const plain = await call(ctx, "/api/loads", {
      body: {
        ...base,
        driverId: rosaId,
        stops: [{ ...base.stops[0], scheduledAt: hoursAgo(2) }, base.stops[1]],
      },
      cookie: dispatcher,
    });
    await call(ctx, `/api/loads/${plain.json.id}/actions/accept`, { body: {}, cookie: rosa });
    await call(ctx, `/api/loads/${plain.json.id}/actions/start`, { body: {}, cookie: rosa });
    expect((await driverView(plain.json)).driverActions).toEqual(["deliver"]);
  });
});

describe("the company's delivery rule (Settings → Company)", () => {
  it("defaults to the departure, is the admin's and the manager's to change, and is audited", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    const manager = await signIn(ctx, "manager@demo.test");
    expect((await call(ctx, "/api/settings/dispatch", { cookie: admin })).json).toMatchObject({
      loadCompletion: "departure",
    });
    for (const cookie of [dispatcher, jake, accountant])
      expect((await call(ctx, "/api/settings/dispatch", { cookie })).status).toBe(403);
    const bad = await call(ctx, "/api/settings/dispatch", {
      method: "PUT",
      body: { loadCompletion: "whenever" },
      cookie: manager,
    });
    expect(bad.status).toBe(400);
    const saved = await call(ctx, "/api/settings/dispatch", {
      method: "PUT",
      body: { loadCompletion: "pod" },
      cookie: manager,
    });
    expect(saved.json).toMatchObject({ loadCompletion: "pod", updatedByName: expect.any(String) });
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.dispatch_saved"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit.details).toMatchObject({ from: "departure", to: "pod" });
    await call(ctx, "/api/settings/dispatch", {
      method: "PUT",
      body: { loadCompletion: "departure" },
      cookie: admin,
    });
  });
});

describe("check-in at the geofence time (issue 40)", () => {
  /** A proposal the phone's positions made (what helper ingest writes), for a stop of the load. */
  async function proposal(
    loadId: string,
    stopId: string,
    kind: "arrived" | "departed",
    at: string,
    status = "proposed",
  ) {
    const [row] = await ctx.deps.db
      .insert(stopGeofenceEvents)
      .values({ loadId, stopId, kind, at: new Date(at), source: "phone", status: status as "proposed" })
      .returning();
    return row.id;
  }
  const checkInAt = (load: Detail, stop: number, body: Record<string, unknown>) =>
    call(ctx, `/api/loads/${load.id}/stops/${load.stops[stop].id}/check-in`, { body, cookie: jake });

  it("takes the proposal's time, in bounds and in order, confirms it, and detention follows from those times", async () => {
    await ctx.deps.db
      .update(customers)
      .set({ detentionFreeMinutes: 60, detentionRate: "90.00" })
      .where(eq(customers.id, customerId));
    const load = await threeStopLoad();
    // The trip started eight hours ago (the first pickup's appointment was six hours ago).
    await ctx.deps.db
      .update(loads)
      .set({ status: "in_progress", acceptedAt: new Date(hoursAgo(9)), startedAt: new Date(hoursAgo(8)) })
      .where(eq(loads.id, load.id));
    const appointment = Date.parse((load.stops[0] as unknown as { scheduledAt: string }).scheduledAt);
    const iso = (minutes: number) => new Date(appointment + minutes * 60_000).toISOString();
    const arrival = await proposal(load.id, load.stops[0].id, "arrived", iso(-20));

    const future = await checkInAt(load, 0, { event: "arrived", at: hoursAgo(-1) });
    expect(future.status).toBe(400);
    expect(future.json.error.details.fields.at).toBe("A check-in time cannot be in the future.");
    const beforeTrip = await checkInAt(load, 0, { event: "arrived", at: hoursAgo(10) });
    expect(beforeTrip.status).toBe(400);
    expect(beforeTrip.json.error.details.fields.at).toBe(
      "A check-in time cannot be before the trip started.",
    );
    // Another stop's proposal is refused.
    const elsewhere = await proposal(load.id, load.stops[1].id, "arrived", iso(-20));
    const otherStop = await checkInAt(load, 0, { event: "arrived", geofenceEventId: elsewhere });
    expect(otherStop.status).toBe(400);
    expect(otherStop.json.error.details.fields.geofenceEventId).toBe(
      "This location proposal is not for this stop's check-in.",
    );
    expect((await checkInAt(load, 0, { event: "arrived", geofenceEventId: "nope" })).status).toBe(400);
    // Nothing was recorded by the refusals.
    const [untouched] = await ctx.deps.db
      .select()
      .from(stopGeofenceEvents)
      .where(eq(stopGeofenceEvents.id, arrival));
    expect(untouched.status).toBe("proposed");

    const arrived = await checkInAt(load, 0, { event: "arrived", geofenceEventId: arrival });
    expect(arrived.status).toBe(200);
    expect(arrived.json.stops[0].arrivedAt).toBe(iso(-20));
    const [confirmed] = await ctx.deps.db
      .select()
      .from(stopGeofenceEvents)
      .where(eq(stopGeofenceEvents.id, arrival));
    expect(confirmed).toMatchObject({ status: "confirmed", decidedBy: expect.any(String) });
    expect(confirmed.decidedAt).toBeInstanceOf(Date);

    // Loaded before the arrival is out of order; a time a minute ahead (clock skew) is taken as now.
    const early = await checkInAt(load, 0, { event: "done", at: iso(-30) });
    expect(early.json.error.details.fields.at).toBe(
      "The times must be in order: arrived, then loaded or unloaded, then departed.",
    );
    expect((await checkInAt(load, 0, { event: "done", at: iso(40) })).status).toBe(200);

    // A proposal already answered cannot be confirmed again.
    const dismissed = await proposal(load.id, load.stops[0].id, "departed", iso(100), "dismissed");
    const again = await checkInAt(load, 0, { event: "departed", geofenceEventId: dismissed });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("GEOFENCE_DECIDED");

    // Left 2 h 10 after the appointment (the early arrival does not count): 70 minutes past the free
    // hour at $90 an hour = $105.00.
    const departure = await proposal(load.id, load.stops[0].id, "departed", iso(130));
    const departed = await checkInAt(load, 0, { event: "departed", geofenceEventId: departure });
    expect(departed.status).toBe(200);
    // The amount is staff's to see.
    const asStaff = await call(ctx, `/api/loads/${load.id}`, { cookie: dispatcher });
    expect(asStaff.json.stops[0]).toMatchObject({
      departedAt: iso(130),
      detentionMinutes: 70,
      detentionAmount: "105.00",
      detentionStatus: "proposed",
    });
    // The check-in's own timeline entry says the time came from the phone's geofence (the detention
    // proposal is written beside it).
    const checkIns = departed.json.timeline.filter((e: { kind: string }) => e.kind === "stop_checked_in");
    expect(checkIns.at(-1)?.data).toMatchObject({ checkIn: "departed", geofence: true });
  });

  it("a check-in without a time is now, as before", async () => {
    const load = await threeStopLoad();
    const before = Date.now();
    const res = await checkIn(load, 0, "arrived");
    expect(Date.parse(res.json.stops[0].arrivedAt)).toBeGreaterThanOrEqual(before - 1000);
  });
});
