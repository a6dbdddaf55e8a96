import {
  DELIVERY_BEFORE_PICKUP_MESSAGE,
  loadRequestPageSchema,
  loadRequestSchema,
  PICKUP_IN_PAST_MESSAGE,
} from "@shared/portal/load-requests.schema";
import {
  portalLoadDetailSchema,
  portalLoadPageSchema,
  portalSummarySchema,
} from "@shared/portal/portal.schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRequests, loadStops, loads, notifications } from "../../db/schema";
import { loadInput, PDF, uploadFile, userIdOf } from "../../testing/fixtures";
import { call, signIn, type TestContext } from "../../testing/harness";
import { portalActors } from "./portal.testing";

let ctx: TestContext;
let dispatcher: string;
let greatLakes: string;
let prairie: string;
let greatLakesId: string;
let prairieId: string;

beforeAll(async () => {
  ({ ctx, dispatcher, greatLakes, prairie, greatLakesId, prairieId } = await portalActors());
});
afterAll(() => ctx.close());

/** Words that must never appear in a portal answer (rates, pay, margins, internal notes, driver). */
const FORBIDDEN_KEYS = [
  "baseRate",
  "totalRate",
  "customerRate",
  "lumperFee",
  "detention",
  "otherCharges",
  "driverPay",
  "payRate",
  "payType",
  "margin",
  "notes",
  "driverId",
  "driverName",
  "vehicleId",
  "trailerId",
];
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}
const expectNoInternals = (json: unknown) => {
  const keys = keysOf(json);
  for (const k of FORBIDDEN_KEYS) expect(keys.has(k), `portal answer holds "${k}"`).toBe(false);
};

async function createLoadFor(customerId: string, overrides = {}) {
  const res = await call(ctx, "/api/loads", {
    body: loadInput({ customerId, notes: "Internal: margin is thin, do not discount.", ...overrides }),
    cookie: dispatcher,
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; loadNumber: string };
}

const future = (days: number, hour = 14) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const requestBody = (overrides: Record<string, unknown> = {}) => ({
  pickup: {
    locationName: "Great Lakes Foods Distribution Center",
    address: "5600 W Mill Rd",
    city: "Milwaukee",
    state: "WI",
    postalCode: "53218",
    at: future(6, 13),
    contactName: "Karen Novak",
    contactPhone: "+1 414 555 0121",
  },
  delivery: {
    locationName: "Buckeye Fulfillment Center",
    address: "3500 Alum Creek Dr",
    city: "Columbus",
    state: "OH",
    postalCode: "43207",
    at: future(7, 15),
    contactName: "Denise Carter",
    contactPhone: "+1 614 555 0177",
  },
  commodity: "Canned goods, 24 pallets",
  weightLbs: "40000",
  equipmentType: "dry_van",
  notes: "Liftgate not needed.",
  ...overrides,
});

describe("the portal shows a customer their own loads and nothing internal", () => {
  it("lists only the signed-in customer's loads, without rates, pay or notes", async () => {
    const res = await call(ctx, "/api/portal/loads?pageSize=100", { cookie: greatLakes });
    expect(res.status).toBe(200);
    const page = portalLoadPageSchema.parse(res.json);
    const own = await ctx.deps.db
      .select({ id: loads.id })
      .from(loads)
      .where(eq(loads.customerId, greatLakesId));
    expect(page.total).toBe(own.length);
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.items.map((l) => l.id))).toEqual(new Set(own.map((l) => l.id)));
    expectNoInternals(res.json);

    const other = await call(ctx, "/api/portal/loads?pageSize=100", { cookie: prairie });
    const theirs = new Set(portalLoadPageSchema.parse(other.json).items.map((l) => l.id));
    for (const l of page.items) expect(theirs.has(l.id)).toBe(false);
  });

  it("searches, filters and sorts on the server", async () => {
    const made = await createLoadFor(greatLakesId, { loadNumber: "GLF-SEARCH-1" });
    const found = await call(ctx, "/api/portal/loads?q=GLF-SEARCH", { cookie: greatLakes });
    expect(found.json.items.map((l: { id: string }) => l.id)).toEqual([made.id]);
    const pending = await call(ctx, "/api/portal/loads?status=pending&pageSize=100", { cookie: greatLakes });
    expect(pending.json.items.every((l: { status: string }) => l.status === "pending")).toBe(true);
    const sorted = await call(ctx, "/api/portal/loads?sort=deliveryAt&dir=asc&pageSize=100", {
      cookie: greatLakes,
    });
    const times = sorted.json.items.map((l: { deliveryAt: string }) => l.deliveryAt);
    expect(times).toEqual([...times].sort());
    // Another customer's load number finds nothing.
    const notMine = await call(ctx, "/api/portal/loads?q=GLF-SEARCH", { cookie: prairie });
    expect(notMine.json.total).toBe(0);
  });

  it("shows a load's stops, ETA and history, and answers 404 for another customer's load", async () => {
    const load = await createLoadFor(greatLakesId);
    const res = await call(ctx, `/api/portal/loads/${load.id}`, { cookie: greatLakes });
    expect(res.status).toBe(200);
    const detail = portalLoadDetailSchema.parse(res.json);
    expect(detail.stops.map((s) => s.city)).toEqual(["Chicago", "Dallas"]);
    // Each stop's zone travels with it, for its time to be shown there, named (issue 40).
    expect(detail.stops.map((s) => s.timeZone)).toEqual(["America/Chicago", "America/Chicago"]);
    expect(detail).toMatchObject({ pickupTimeZone: "America/Chicago", deliveryTimeZone: "America/Chicago" });
    expect(detail.deliveryAt).toBe("2026-03-04T18:00:00.000Z");
    expect(detail.timeline.map((e) => e.status)).toEqual(["pending"]);
    expectNoInternals(res.json);
    expect(JSON.stringify(res.json)).not.toContain("margin is thin");
    expect(JSON.stringify(res.json)).not.toContain("2000.00");

    const other = await call(ctx, `/api/portal/loads/${load.id}`, { cookie: prairie });
    expect(other.status).toBe(404);
    const unknown = await call(ctx, "/api/portal/loads/00000000-0000-4000-8000-000000000000", {
      cookie: greatLakes,
    });
    expect(unknown.status).toBe(404);
    expect(other.json).toEqual(unknown.json);
  });

  it("downloads the customer's own POD and BOL; never a rate confirmation or another customer's file", async () => {
    const load = await createLoadFor(greatLakesId);
    const pod = await uploadFile(ctx, dispatcher, load.id, { kind: "pod", name: "signed-pod.pdf" });
    const rateCon = await uploadFile(ctx, dispatcher, load.id, {
      kind: "rate_confirmation",
      name: "ratecon.pdf",
    });
    expect(pod.status).toBe(201);
    expect(rateCon.status).toBe(201);

    const detail = portalLoadDetailSchema.parse(
      (await call(ctx, `/api/portal/loads/${load.id}`, { cookie: greatLakes })).json,
    );
    expect(detail.hasPod).toBe(true);
    expect(detail.documents.map((d) => [d.kind, d.fileName])).toEqual([["pod", "signed-pod.pdf"]]);

    const file = await ctx.app.request(`/api/portal/loads/${load.id}/files/${pod.json.id}`, {
      headers: { cookie: greatLakes },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain('filename="signed-pod.pdf"');
    expect(await file.text()).toBe(PDF);

    const hidden = await call(ctx, `/api/portal/loads/${load.id}/files/${rateCon.json.id}`, {
      cookie: greatLakes,
    });
    expect(hidden.status).toBe(404);
    const foreign = await call(ctx, `/api/portal/loads/${load.id}/files/${pod.json.id}`, { cookie: prairie });
    expect(foreign.status).toBe(404);
  });

  it("summarises the customer's account", async () => {
    const res = await call(ctx, "/api/portal/summary", { cookie: greatLakes });
    expect(res.status).toBe(200);
    const summary = portalSummarySchema.parse(res.json);
    expect(summary.companyName).toBe("Great Lakes Foods Inc.");
    expect(summary.pendingRequests).toBe(1); // from the demo seed
  });

  it("exports the customer's own loads without internal columns", async () => {
    const res = await ctx.app.request("/api/portal/loads/export?format=csv", {
      headers: { cookie: greatLakes },
    });
    expect(res.status).toBe(200);
    const csv = await res.text();
    const own = await ctx.deps.db
      .select({ n: loads.loadNumber })
      .from(loads)
      .where(eq(loads.customerId, greatLakesId));
    for (const { n } of own) expect(csv).toContain(n);
    const header = csv.replace(/^\uFEFF/, "").split("\r\n")[0];
    expect(header).toBe(
      "Load number,Status,Description,Weight (lbs),Pickup,Pickup (UTC),Delivery,Scheduled delivery (UTC),Delivered (UTC)",
    );
    const [prairieLoad] = await ctx.deps.db
      .select({ n: loads.loadNumber })
      .from(loads)
      .where(eq(loads.customerId, prairieId));
    expect(csv).not.toContain(prairieLoad.n);
  });

  it("is for customers only: staff and drivers use their own screens", async () => {
    expect((await call(ctx, "/api/portal/loads", { cookie: dispatcher })).status).toBe(403);
    expect(
      (await call(ctx, "/api/portal/loads", { cookie: await signIn(ctx, "driver@demo.test") })).status,
    ).toBe(403);
    // …and the staff loads API stays closed to customers.
    expect((await call(ctx, "/api/loads", { cookie: greatLakes })).status).toBe(403);
  });
});

describe("load requests: the customer asks, dispatch accepts or declines", () => {
  let requestId: string;

  it("validates the request: pickup in the future, delivery after pickup, required fields", async () => {
    const past = await call(ctx, "/api/portal/load-requests", {
      body: requestBody({ pickup: { ...requestBody().pickup, at: "2020-01-01T10:00:00Z" } }),
      cookie: greatLakes,
    });
    expect(past.status).toBe(400);
    expect(past.json.error.details.fields["pickup.at"]).toBe(PICKUP_IN_PAST_MESSAGE);

    const backwards = await call(ctx, "/api/portal/load-requests", {
      body: requestBody({ delivery: { ...requestBody().delivery, at: future(5) } }),
      cookie: greatLakes,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.details.fields["delivery.at"]).toBe(DELIVERY_BEFORE_PICKUP_MESSAGE);

    const empty = await call(ctx, "/api/portal/load-requests", { body: {}, cookie: greatLakes });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.error.details.fields)).toEqual(
      expect.arrayContaining(["pickup", "delivery", "commodity", "equipmentType"]),
    );
  });

  it("creates a pending request for the customer's own company and tells dispatch", async () => {
    const res = await call(ctx, "/api/portal/load-requests", { body: requestBody(), cookie: greatLakes });
    expect(res.status).toBe(201);
    const request = loadRequestSchema.parse(res.json);
    requestId = request.id;
    expect(request).toMatchObject({
      status: "pending",
      commodity: "Canned goods, 24 pallets",
      weightLbs: 40000,
    });
    expect(request.requestNumber).toMatch(/^RQ-\d{4}-\d{5}$/);
    const [row] = await ctx.deps.db.select().from(loadRequests).where(eq(loadRequests.id, requestId));
    expect(row.customerId).toBe(greatLakesId);

    const dispatcherId = await userIdOf(ctx, "dispatcher@demo.test");
    const [note] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, dispatcherId), eq(notifications.kind, "load_request.created")),
      );
    expect(note.data).toMatchObject({ requestNumber: request.requestNumber });
    expect(note.link).toBe(`/operations/load-requests?request=${requestId}`);
  });

  it("shows each customer only their own requests", async () => {
    const mine = loadRequestPageSchema.parse(
      (await call(ctx, "/api/portal/load-requests", { cookie: greatLakes })).json,
    );
    expect(mine.items.map((r) => r.id)).toContain(requestId);
    const theirs = loadRequestPageSchema.parse(
      (await call(ctx, "/api/portal/load-requests", { cookie: prairie })).json,
    );
    expect(theirs.items.map((r) => r.id)).not.toContain(requestId);
    expect(theirs.items.length).toBeGreaterThan(0);
  });

  it("lists requests for dispatch with search and status filter", async () => {
    const res = await call(ctx, "/api/load-requests?status=pending&q=Columbus", { cookie: dispatcher });
    expect(res.status).toBe(200);
    expect(res.json.items.map((r: { id: string }) => r.id)).toEqual([requestId]);
    expect(res.json.items[0]).toMatchObject({
      customerName: "Great Lakes Foods Inc.",
      requestedByName: "Tom Becker",
    });
    expect((await call(ctx, "/api/load-requests", { cookie: greatLakes })).status).toBe(403);
  });

  it("accepting creates a pending load prefilled from the request and notifies the customer", async () => {
    const res = await call(ctx, `/api/load-requests/${requestId}/accept`, {
      body: { baseRate: "1850.00", customerRate: "2100", loadedMiles: "410" },
      cookie: dispatcher,
    });
    expect(res.status).toBe(200);
    expect(res.json.request).toMatchObject({ status: "accepted", reviewedByName: "Dan Carter" });
    expect(res.json.loadNumber).toMatch(/^LD-\d{4}-\d{5,}$/);

    const [load] = await ctx.deps.db.select().from(loads).where(eq(loads.id, res.json.loadId));
    expect(load).toMatchObject({
      status: "pending",
      customerId: greatLakesId,
      description: "Canned goods, 24 pallets",
      weightLbs: 40000,
      baseRate: "1850.00",
      customerRate: "2100.00",
      pickupCity: "Milwaukee",
      deliveryCity: "Columbus",
      driverId: null,
    });
    const stops = await ctx.deps.db.select().from(loadStops).where(eq(loadStops.loadId, load.id));
    expect(stops.map((s) => [s.type, s.contactName])).toEqual(
      expect.arrayContaining([
        ["pickup", "Karen Novak"],
        ["delivery", "Denise Carter"],
      ]),
    );

    const customerUser = await userIdOf(ctx, "customer@demo.test");
    const [note] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, customerUser), eq(notifications.kind, "load_request.accepted")),
      );
    expect(note.data).toMatchObject({ loadNumber: res.json.loadNumber });

    // The customer follows it in the portal, which names the request it came from.
    const detail = await call(ctx, `/api/portal/loads/${load.id}`, { cookie: greatLakes });
    expect(detail.status).toBe(200);
    expect(detail.json.requestNumber).toBe(res.json.request.requestNumber);
    expectNoInternals(detail.json);
    const mine = await call(ctx, "/api/portal/load-requests", { cookie: greatLakes });
    const accepted = mine.json.items.find((r: { id: string }) => r.id === requestId);
    expect(accepted.load).toEqual({ id: load.id, loadNumber: res.json.loadNumber, status: "pending" });
  });

  it("reviews a request once: a second accept or decline is 409 and makes no second load", async () => {
    const before = (await ctx.deps.db.select({ id: loads.id }).from(loads)).length;
    const again = await call(ctx, `/api/load-requests/${requestId}/accept`, {
      body: { baseRate: "1850.00" },
      cookie: dispatcher,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("ALREADY_REVIEWED");
    const decline = await call(ctx, `/api/load-requests/${requestId}/decline`, {
      body: { reason: "Too late" },
      cookie: dispatcher,
    });
    expect(decline.status).toBe(409);
    expect((await ctx.deps.db.select({ id: loads.id }).from(loads)).length).toBe(before);
  });

  it("two dispatchers accepting at once make exactly one load", async () => {
    const created = await call(ctx, "/api/portal/load-requests", { body: requestBody(), cookie: greatLakes });
    const manager = await signIn(ctx, "manager@demo.test");
    const results = await Promise.all([
      call(ctx, `/api/load-requests/${created.json.id}/accept`, {
        body: { baseRate: "900" },
        cookie: dispatcher,
      }),
      call(ctx, `/api/load-requests/${created.json.id}/accept`, {
        body: { baseRate: "950" },
        cookie: manager,
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await ctx.deps.db.select().from(loadRequests).where(eq(loadRequests.id, created.json.id));
    const made = await ctx.deps.db
      .select()
      .from(loads)
      .where(eq(loads.description, "Canned goods, 24 pallets"));
    expect(made.filter((l) => l.id === row.loadId)).toHaveLength(1);
    expect(made).toHaveLength(2); // this one and the one accepted before
  });

  it("declining needs a reason, which the customer is told", async () => {
    const [seeded] = await ctx.deps.db
      .select()
      .from(loadRequests)
      .where(and(eq(loadRequests.customerId, prairieId), eq(loadRequests.status, "pending")));
    const noReason = await call(ctx, `/api/load-requests/${seeded.id}/decline`, {
      body: { reason: " " },
      cookie: dispatcher,
    });
    expect(noReason.status).toBe(400);
    const res = await call(ctx, `/api/load-requests/${seeded.id}/decline`, {
      body: { reason: "No flatbed free that week." },
      cookie: dispatcher,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "declined", declineReason: "No flatbed free that week." });
    const mine = await call(ctx, "/api/portal/load-requests?status=declined", { cookie: prairie });
    expect(mine.json.items.map((r: { declineReason: string }) => r.declineReason)).toContain(
      "No flatbed free that week.",
    );
    const prairieUser = await userIdOf(ctx, "customer2@demo.test");
    const [note] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, prairieUser), eq(notifications.kind, "load_request.declined")),
      );
    expect(note.note).toBe("No flatbed free that week.");
  });
});
