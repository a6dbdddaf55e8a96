import {
  DUPLICATE_LOAD_NUMBER_MESSAGE,
  LOAD_COUNT_EXACT_LIMIT,
  LOAD_SEARCH_COUNT_EXACT_LIMIT,
  STOPS_ORDER_MESSAGE,
} from "@shared/loads/loads.schema";
import { and, desc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, drivers, loadStops, loads, notifications } from "../../db/schema";
import { customerIdOf, driverIdOf, emptyDispatchOffice, loadInput, userIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let dispatcher: string;
let jake: string;
let jakeId: string;
let rosaId: string;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  ctx = await createTestContext();
  await emptyDispatchOffice(ctx);
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  jake = await signIn(ctx, "driver@demo.test");
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  rosaId = await driverIdOf(ctx, "driver2@demo.test");
  await ctx.deps.db.update(drivers).set({ defaultPayType: null, defaultPayRate: null });
});
afterAll(() => ctx.close());

const create = (body: unknown, cookie = dispatcher) => call(ctx, "/api/loads", { body, cookie });

describe("load numbers", () => {
  it("previews the next number without using it, then gives it to the next load", async () => {
    const preview = await call(ctx, "/api/loads/next-number", { cookie: dispatcher });
    expect(preview.status).toBe(200);
    expect(preview.json.loadNumber).toMatch(new RegExp(`^LD-${year}-\\d{5,}$`));
    const again = await call(ctx, "/api/loads/next-number", { cookie: dispatcher });
    expect(again.json.loadNumber).toBe(preview.json.loadNumber);

    const first = await create(loadInput());
    expect(first.status).toBe(201);
    expect(first.json.loadNumber).toBe(preview.json.loadNumber);
    const second = await create(loadInput({ loadNumber: "" }));
    const n = (s: string) => Number(s.split("-")[2]);
    expect(n(second.json.loadNumber)).toBe(n(first.json.loadNumber) + 1);
  });

  it("accepts a typed number and answers 409 Duplicate Load Number for one in use", async () => {
    const typed = await create(loadInput({ loadNumber: "acme-7781" }));
    expect(typed.status).toBe(201);
    expect(typed.json.loadNumber).toBe("ACME-7781");
    const dup = await create(loadInput({ loadNumber: "ACME-7781" }));
    expect(dup.status).toBe(409);
    expect(dup.json.error).toMatchObject({
      code: "DUPLICATE_LOAD_NUMBER",
      message: DUPLICATE_LOAD_NUMBER_MESSAGE,
    });
    expect(dup.json.error.message).toBe("A load with this number already exists");
  });

  it("answers 409, not 500, when two saves race for the same number", async () => {
    const results = await Promise.all([
      create(loadInput({ loadNumber: "RACE-1" })),
      create(loadInput({ loadNumber: "RACE-1" })),
      create(loadInput({ loadNumber: "RACE-1" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.json.error.code).toBe("DUPLICATE_LOAD_NUMBER");
    }
  });

  it("skips a generated number someone already typed by hand", async () => {
    const preview = (await call(ctx, "/api/loads/next-number", { cookie: dispatcher })).json.loadNumber;
    expect((await create(loadInput({ loadNumber: preview }))).status).toBe(201);
    const auto = await create(loadInput());
    expect(auto.status).toBe(201);
    expect(auto.json.loadNumber).not.toBe(preview);
    expect(auto.json.loadNumber).toMatch(/^LD-\d{4}-\d{5,}$/);
  });

  it("lets the number be edited, but not to another load's number", async () => {
    const a = (await create(loadInput())).json;
    const b = (await create(loadInput())).json;
    const renamed = await call(ctx, `/api/loads/${a.id}`, {
      method: "PUT",
      body: loadInput({ loadNumber: "CUST-REF-100" }),
      cookie: dispatcher,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.loadNumber).toBe("CUST-REF-100");
    const clash = await call(ctx, `/api/loads/${b.id}`, {
      method: "PUT",
      body: loadInput({ loadNumber: "CUST-REF-100" }),
      cookie: dispatcher,
    });
    expect(clash.status).toBe(409);
    expect(clash.json.error.code).toBe("DUPLICATE_LOAD_NUMBER");
    // Left empty on edit, the number stays.
    const kept = await call(ctx, `/api/loads/${a.id}`, {
      method: "PUT",
      body: loadInput({ loadNumber: "" }),
      cookie: dispatcher,
    });
    expect(kept.json.loadNumber).toBe("CUST-REF-100");
  });
});

describe("creating a load", () => {
  it("computes the total on the server and stores the stops in order", async () => {
    const input = loadInput();
    input.stops = [
      input.stops[0],
      {
        ...input.stops[0],
        locationName: "Second pickup",
        city: "Joliet",
        scheduledAt: "2026-03-02T17:00:00Z",
      },
      { ...input.stops[1], city: "Little Rock", state: "AR", scheduledAt: "2026-03-03T20:00:00Z" },
      input.stops[1],
    ];
    const res = await create({ ...input, totalRate: "1.00" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      totalRate: "2225.50",
      baseRate: "2000.00",
      weightLbs: 38_000,
      loadedMiles: 925,
      lumperFee: "150.00",
      detention: "75.50",
      otherCharges: null,
      customerRate: "2600.00",
      status: "pending",
      pickupCity: "Chicago",
      pickupState: "IL",
      pickupAt: "2026-03-02T14:00:00.000Z",
      deliveryCity: "Dallas",
      deliveryState: "TX",
      deliveryAt: "2026-03-04T18:00:00.000Z",
      driverPay: null,
      payType: null,
      payFromDriverDefault: false,
    });
    expect(res.json.stops.map((s: { city: string; sequence: number }) => [s.sequence, s.city])).toEqual([
      [1, "Chicago"],
      [2, "Joliet"],
      [3, "Little Rock"],
      [4, "Dallas"],
    ]);
    expect(res.json.stops[1].scheduledAt).toBe("2026-03-02T17:00:00.000Z");
    expect(res.json.timeline).toHaveLength(1);
    expect(res.json.timeline[0]).toMatchObject({
      fromStatus: null,
      toStatus: "pending",
      actorName: "Dan Carter",
    });
    // Every timestamp in toISOString's form, whichever way the database wrote it.
    const isoUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    for (const at of [res.json.createdAt, res.json.updatedAt, res.json.timeline[0].createdAt])
      expect(at).toMatch(isoUtc);
    expect(res.json.allowedStatuses).toEqual(["cancelled"]);
    const [audit] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.targetId, res.json.id));
    expect(audit.action).toBe("load.created");
  });

  it("needs a pickup and a delivery, and existing references, with a message per field", async () => {
    const noDelivery = await create(loadInput({ stops: [loadInput().stops[0], loadInput().stops[0]] }));
    expect(noDelivery.status).toBe(400);
    expect(noDelivery.json.error.details.fields.stops).toBe(
      "A load needs at least one pickup and one delivery.",
    );
    const empty = await create({});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.error.details.fields)).toEqual(
      expect.arrayContaining(["stops", "baseRate"]),
    );
    const ghost = await create(loadInput({ driverId: "00000000-0000-4000-8000-000000000000" }));
    expect(ghost.status).toBe(400);
    expect(ghost.json.error.details.fields.driverId).toBe("Choose an existing driver.");
  });

  it("starts with a pickup and ends with a delivery, on create and on edit (issue 38, point 13)", async () => {
    const [pickup, delivery] = loadInput().stops;
    const second = { ...pickup, locationName: "Toledo Cold Storage", city: "Toledo", state: "OH" };
    const pickupLast = await create(loadInput({ stops: [pickup, delivery, second] }));
    expect(pickupLast.status).toBe(400);
    expect(pickupLast.json.error.details.fields.stops).toBe(STOPS_ORDER_MESSAGE);
    const deliveryFirst = await create(loadInput({ stops: [delivery, pickup] }));
    expect(deliveryFirst.status).toBe(400);
    expect(deliveryFirst.json.error.details.fields.stops).toBe(STOPS_ORDER_MESSAGE);

    // Two pickups, then the delivery: fine; moving the delivery up is refused and changes nothing.
    const ok = await create(loadInput({ stops: [pickup, second, delivery] }));
    expect(ok.status).toBe(201);
    const edit = await call(ctx, `/api/loads/${ok.json.id}`, {
      method: "PUT",
      body: loadInput({ stops: [pickup, delivery, second] }),
      cookie: dispatcher,
    });
    expect(edit.status).toBe(400);
    expect(edit.json.error.details.fields.stops).toBe(STOPS_ORDER_MESSAGE);
    const kept = await call(ctx, `/api/loads/${ok.json.id}`, { cookie: dispatcher });
    expect(kept.json.stops.map((s: { type: string }) => s.type)).toEqual(["pickup", "pickup", "delivery"]);
  });

  it("uses the pay type and rate entered", async () => {
    const res = await create(loadInput({ payType: "percentage", payRate: "25" }));
    expect(res.json).toMatchObject({
      payType: "percentage",
      payRate: "25.00",
      driverPay: "556.38", // 25 % of 2225.50, rounded to the cent
      payFromDriverDefault: false,
    });
    const fixed = await create(loadInput({ payType: "fixed", payRate: "640" }));
    expect(fixed.json.driverPay).toBe("640.00");
    const half = await create(loadInput({ payType: "per_mile" }));
    expect(half.status).toBe(400);
    expect(half.json.error.details.fields.payRate).toBeDefined();
  });

  it("falls back to the driver's default pay when none is entered, and starts assigned", async () => {
    await ctx.deps.db
      .update(drivers)
      .set({ defaultPayType: "per_mile", defaultPayRate: "0.65" })
      .where(eq(drivers.id, jakeId));
    const res = await create(loadInput({ driverId: jakeId, postedToBoard: true }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "assigned",
      driverId: jakeId,
      driverName: "Jake Wilson",
      payType: "per_mile",
      payRate: "0.65",
      driverPay: "601.25", // 925 miles × 0.65
      payFromDriverDefault: true,
      postedToBoard: false,
    });
    expect(res.json.timeline).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: "assigned",
        kind: "created_assigned",
        data: { driverId: jakeId, driverName: "Jake Wilson" },
        note: null,
      }),
    ]);
    const [driver] = await ctx.deps.db.select().from(drivers).where(eq(drivers.id, jakeId));
    expect(driver.status).toBe("busy");
    const jakeUser = await userIdOf(ctx, "driver@demo.test");
    const [note] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, jakeUser), eq(notifications.kind, "load.assigned")))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(note).toMatchObject({ kind: "load.assigned", link: `/operations/loads/${res.json.id}` });

    // An explicit pay still wins over the default.
    const explicit = await create(loadInput({ driverId: jakeId, payType: "fixed", payRate: "500" }));
    expect(explicit.json).toMatchObject({ driverPay: "500.00", payFromDriverDefault: false });
  });
});

describe("editing a load", () => {
  it("replaces the stops and recomputes totals and pay", async () => {
    const load = (await create(loadInput({ payType: "percentage", payRate: "20" }))).json;
    const input = loadInput({
      baseRate: "3000",
      lumperFee: "",
      detention: "",
      payType: "percentage",
      payRate: "20",
    });
    input.stops = [
      { ...input.stops[0], city: "Gary", state: "IN" },
      { ...input.stops[1], city: "Houston" },
    ];
    const res = await call(ctx, `/api/loads/${load.id}`, { method: "PUT", body: input, cookie: dispatcher });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      totalRate: "3000.00",
      driverPay: "600.00",
      pickupCity: "Gary",
      deliveryCity: "Houston",
    });
    const stops = await ctx.deps.db.select().from(loadStops).where(eq(loadStops.loadId, load.id));
    expect(stops).toHaveLength(2);
  });

  it("assigns a pending load given a driver, and returns it to pending when the driver is removed", async () => {
    const load = (await create(loadInput())).json;
    const assigned = await call(ctx, `/api/loads/${load.id}`, {
      method: "PUT",
      body: loadInput({ loadNumber: load.loadNumber, driverId: rosaId }),
      cookie: dispatcher,
    });
    expect(assigned.json.status).toBe("assigned");
    expect(assigned.json.timeline.at(-1)).toMatchObject({
      fromStatus: "pending",
      toStatus: "assigned",
      kind: "assigned",
      data: { driverId: rosaId, driverName: "Rosa Martinez" },
      note: null,
    });
    const removed = await call(ctx, `/api/loads/${load.id}`, {
      method: "PUT",
      body: loadInput({ loadNumber: load.loadNumber, driverId: null }),
      cookie: dispatcher,
    });
    expect(removed.json).toMatchObject({ status: "pending", driverId: null });
    expect(removed.json.timeline.at(-1)).toMatchObject({
      fromStatus: "assigned",
      toStatus: "pending",
      kind: "driver_removed",
      data: { driverId: rosaId, driverName: "Rosa Martinez" },
      note: null,
    });
    const [rosa] = await ctx.deps.db.select().from(drivers).where(eq(drivers.id, rosaId));
    expect(rosa.status).toBe(rosa.manualStatus);
  });

  it("refuses to edit a completed or cancelled load", async () => {
    const load = (await create(loadInput())).json;
    await call(ctx, `/api/loads/${load.id}/status`, { body: { status: "cancelled" }, cookie: dispatcher });
    const res = await call(ctx, `/api/loads/${load.id}`, {
      method: "PUT",
      body: loadInput(),
      cookie: dispatcher,
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "LOAD_LOCKED",
      message: "A cancelled load cannot be edited.",
    });
  });

  it("answers 404 for an unknown load", async () => {
    const res = await call(ctx, "/api/loads/00000000-0000-4000-8000-000000000000", {
      method: "PUT",
      body: loadInput(),
      cookie: dispatcher,
    });
    expect(res.status).toBe(404);
  });
});

describe("the list", () => {
  let customerA: string;
  let customerB: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await emptyDispatchOffice(ctx);
    customerA = await customerIdOf(ctx, "customer@demo.test"); // Great Lakes Foods Inc.
    customerB = await customerIdOf(ctx, "customer2@demo.test"); // Prairie Steel Supply LLC
    const at = (day: number) => `2026-04-${String(day).padStart(2, "0")}T12:00:00Z`;
    const make = async (key: string, day: number, city: string, extra: Record<string, unknown>) => {
      const input = loadInput({ loadNumber: `LIST-${key}`, ...extra });
      input.stops = [
        { ...input.stops[0], city, scheduledAt: at(day) },
        { ...input.stops[1], scheduledAt: at(day + 1) },
      ];
      const res = await create(input);
      expect(res.status).toBe(201);
      ids[key] = res.json.id;
    };
    await make("A", 1, "Milwaukee", { customerId: customerA, baseRate: "1000" });
    await make("B", 2, "Kansas City", { customerId: customerB, baseRate: "3000", driverId: rosaId });
    await make("C", 3, "Omaha", { customerId: customerA, baseRate: "2000", driverId: jakeId });
    for (let i = 0; i < 12; i++)
      await make(`P${String(i).padStart(2, "0")}`, 10 + i, "Peoria", { baseRate: "500" });
  });

  const list = async (query: string, cookie = dispatcher) => {
    const res = await call(ctx, `/api/loads?${query}`, { cookie });
    expect(res.status).toBe(200);
    return res.json;
  };
  const numbers = (page: { items: Array<{ loadNumber: string }> }) => page.items.map((i) => i.loadNumber);

  it("opens on today's work: assigned, then pending, each soonest pickup first — across pages", async () => {
    const first = await list("pageSize=10");
    expect(first).toMatchObject({ total: 15, page: 1, pageSize: 10, totalIsEstimate: false });
    const pending = Array.from({ length: 12 }, (_, i) => `LIST-P${String(i).padStart(2, "0")}`);
    expect(numbers(first)).toEqual(["LIST-B", "LIST-C", "LIST-A", ...pending.slice(0, 7)]);
    expect(numbers(await list("pageSize=10&page=2"))).toEqual(pending.slice(7));
    // A page that starts inside a later segment skips the earlier ones exactly.
    expect(numbers(await list("pageSize=10&page=2&status=pending"))).toEqual(pending.slice(9));
    // Finished loads come last, newest first.
    const setStatus = (id: string, status: string) =>
      call(ctx, `/api/loads/${id}/status`, { body: { status }, cookie: dispatcher });
    await setStatus(ids.B, "cancelled");
    expect(numbers(await list("pageSize=25")).slice(-2)).toEqual(["LIST-P11", "LIST-B"]);
    await setStatus(ids.B, "pending");
    await call(ctx, `/api/loads/${ids.B}/assign`, { body: { driverId: rosaId }, cookie: dispatcher });
  });

  it("pages newest pickup first when asked, with an exact total", async () => {
    const first = await list("pageSize=10&sort=pickupAt");
    expect(first).toMatchObject({ total: 15, page: 1, pageSize: 10, totalIsEstimate: false });
    expect(first.items).toHaveLength(10);
    expect(first.items[0].loadNumber).toBe("LIST-P11");
    const second = await list("pageSize=10&page=2&sort=pickupAt");
    expect(numbers(second)).toEqual(["LIST-P01", "LIST-P00", "LIST-C", "LIST-B", "LIST-A"]);
    expect(second.items[0]).toMatchObject({ customerName: null, driverName: null, totalRate: "725.50" });
  });

  it("searches load number, city and customer on the server", async () => {
    expect(numbers(await list("q=list-b"))).toEqual(["LIST-B"]);
    expect(numbers(await list("q=omaha"))).toEqual(["LIST-C"]);
    expect(numbers(await list("q=great%20lakes&sort=loadNumber&dir=asc"))).toEqual(["LIST-A", "LIST-C"]);
    expect(numbers(await list("q=tom%20becker&sort=loadNumber&dir=asc"))).toEqual(["LIST-A", "LIST-C"]);
    expect((await list("q=peoria")).total).toBe(12);
    expect((await list("q=100%25")).total).toBe(0); // % is literal
  });

  it("filters by status, customer, driver and pickup dates", async () => {
    expect(numbers(await list("status=assigned&sort=loadNumber&dir=asc"))).toEqual(["LIST-B", "LIST-C"]);
    expect(numbers(await list(`customerId=${customerB}`))).toEqual(["LIST-B"]);
    expect(numbers(await list(`driverId=${jakeId}`))).toEqual(["LIST-C"]);
    expect(numbers(await list("from=2026-04-02&to=2026-04-03&sort=pickupAt&dir=asc"))).toEqual([
      "LIST-B",
      "LIST-C",
    ]);
    const detail = await call(ctx, `/api/loads/${ids.B}`, { cookie: dispatcher });
    expect(detail.json.customerName).toBe("Prairie Steel Supply LLC");
  });

  it("sorts by each column both ways", async () => {
    const byRate = await list("sort=totalRate&dir=desc&pageSize=10");
    expect(numbers(byRate).slice(0, 3)).toEqual(["LIST-B", "LIST-C", "LIST-A"]);
    const byNumber = await list("sort=loadNumber&dir=asc&pageSize=10");
    expect(numbers(byNumber).slice(0, 4)).toEqual(["LIST-A", "LIST-B", "LIST-C", "LIST-P00"]);
    for (const sort of ["deliveryAt", "status", "createdAt", "pickupAt"]) {
      for (const dir of ["asc", "desc"]) {
        const page = await list(`sort=${sort}&dir=${dir}&pageSize=100`);
        expect(page.items).toHaveLength(15);
      }
    }
    const byDelivery = await list("sort=deliveryAt&dir=asc&pageSize=10");
    expect(numbers(byDelivery)[0]).toBe("LIST-A");
    expect((await call(ctx, "/api/loads?sort=nonsense", { cookie: dispatcher })).status).toBe(400);
  });

  it("shows a driver only their own loads", async () => {
    const mine = await list("pageSize=100", jake);
    expect(numbers(mine)).toEqual(["LIST-C"]);
    expect(numbers(await list(`driverId=${rosaId}`, jake))).toEqual([]);
    expect(numbers(await list("q=list", jake))).toEqual(["LIST-C"]);
  });

  it("exports the filtered set as CSV, escaping formulas", async () => {
    await ctx.deps.db
      .update(loads)
      .set({ description: '=HYPERLINK("http://evil.test","click")' })
      .where(eq(loads.id, ids.A));
    const res = await ctx.app.request(
      `/api/loads/export?format=csv&customerId=${customerA}&sort=loadNumber&dir=asc`,
      {
        headers: { origin: TEST_ORIGIN, cookie: dispatcher },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="loads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain("Load number,Status,Customer");
    expect(lines[0]).toContain("Customer rate");
    expect(lines[1]).toMatch(/^LIST-A,pending,Great Lakes Foods Inc\./);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(lines[2]).toMatch(/^LIST-C,assigned/);
  });

  it("exports Excel, and a driver's export holds only their loads without the customer rate", async () => {
    const xlsx = await ctx.app.request("/api/loads/export?format=xlsx", {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    });
    expect(xlsx.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets[0].rowCount).toBe(16);

    const mine = await ctx.app.request("/api/loads/export?format=csv", {
      headers: { origin: TEST_ORIGIN, cookie: jake },
    });
    const lines = (await mine.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toContain("Customer rate");
    expect(lines[1]).toMatch(/^LIST-C,/);
    expect(lines[1]).not.toContain("2600.00");
  });

  it("stops counting exactly past the limit and says the total is an estimate", async () => {
    // Bulk rows straight into the table: the count strategy, not the create path, is under test.
    await ctx.deps.db.execute(sql`
      insert into loads (load_number, base_rate, total_rate, pickup_city, pickup_state, pickup_at,
                         delivery_city, delivery_state, delivery_at)
      select 'BULK-' || g, 100, 100, 'Bulkton', 'NE', now() - g * interval '1 minute',
             'Elsewhere', 'NE', now()
      from generate_series(1, ${LOAD_COUNT_EXACT_LIMIT + 50}) g`);
    await ctx.deps.db.execute(sql`analyze loads`);
    const page = await list("pageSize=25");
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThan(LOAD_COUNT_EXACT_LIMIT);
    expect(page.items).toHaveLength(25);
    const filtered = await list("q=list-");
    expect(filtered).toMatchObject({ total: 15, totalIsEstimate: false });
    // A search counts exactly only up to ten pages: a common word is "about N".
    const common = await list("q=bulkton&pageSize=25");
    expect(common.totalIsEstimate).toBe(true);
    expect(common.total).toBeGreaterThan(LOAD_SEARCH_COUNT_EXACT_LIMIT);
    expect(common.items).toHaveLength(25);
    // Below the search limit the count is exact, even across several pages.
    const few = await list("q=bulk-10&pageSize=10"); // BULK-10, BULK-100…109, BULK-1000…1099, BULK-10000…10050
    expect(few).toMatchObject({ total: 1 + 10 + 100 + 51, totalIsEstimate: false });
  });
});

describe("searching a whole load number", () => {
  it("matches that number exactly, while a fragment still matches every load containing it", async () => {
    for (const loadNumber of ["LD-2031-00077", "LD-2031-000770"]) {
      expect((await create(loadInput({ loadNumber }))).status).toBe(201);
    }
    const search = async (q: string) =>
      (await call(ctx, `/api/loads?q=${q}&sort=loadNumber&dir=asc`, { cookie: dispatcher })).json.items.map(
        (i: { loadNumber: string }) => i.loadNumber,
      );
    expect(await search("ld-2031-00077")).toEqual(["LD-2031-00077"]);
    expect(await search("2031-0007")).toEqual(["LD-2031-00077", "LD-2031-000770"]);
  });
});
