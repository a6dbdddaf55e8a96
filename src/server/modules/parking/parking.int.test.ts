import { RESERVATION_END_AFTER_START } from "@shared/parking/parking.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, parkingExpenses, parkingReservations } from "../../db/schema";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { multipart, PNG_BYTES, pdf, vehicleIdOf } from "../../testing/uploads";

let ctx: TestContext;
let dispatcher: string;
let truck101: string;
let truck102: string;
let rosaId: string;

const HOUR = 3_600_000;
/** A fixed future week, so "upcoming" holds and nothing from the demo seed collides. */
const base = Date.UTC(new Date().getUTCFullYear() + 1, 2, 2, 0, 0, 0);
const at = (hours: number) => new Date(base + hours * HOUR).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.deps.db.delete(parkingReservations);
  await ctx.deps.db.delete(parkingExpenses);
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  truck101 = await vehicleIdOf(ctx, "101");
  truck102 = await vehicleIdOf(ctx, "102");
  rosaId = await driverIdOf(ctx, "driver2@demo.test");
});
afterAll(() => ctx.close());

const reserve = (overrides: Record<string, unknown> = {}) =>
  call(ctx, "/api/parking/reservations", {
    cookie: dispatcher,
    body: {
      location: "Love's Travel Stop #412, Effingham IL",
      startsAt: at(18),
      endsAt: at(30),
      cost: "25.00",
      notes: "Reserved spot 14",
      vehicleId: truck101,
      ...overrides,
    },
  });

describe("parking reservations", () => {
  let first: { id: string };

  it("reserves a spot and answers 409 for an overlapping one of the same vehicle", async () => {
    const res = await reserve();
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ vehicleLabel: "101", startsAt: at(18), endsAt: at(30), cost: "25.00" });
    first = res.json;

    const overlap = await reserve({ location: "TA Effingham", startsAt: at(29), endsAt: at(40) });
    expect(overlap.status).toBe(409);
    expect(overlap.json.error.code).toBe("RESERVATION_OVERLAP");
    expect(overlap.json.error.message).toBe(
      "Truck 101 already has a parking reservation at Love's Travel Stop #412, Effingham IL that overlaps these times.",
    );
    expect(overlap.json.error.details.conflict).toMatchObject({
      id: first.id,
      startsAt: at(18),
      endsAt: at(30),
    });

    // Inside, around, and identical ranges all overlap.
    for (const [s, e] of [
      [20, 22],
      [10, 50],
      [18, 30],
    ]) {
      expect((await reserve({ startsAt: at(s), endsAt: at(e) })).status, `${s}-${e}`).toBe(409);
    }
  });

  it("allows back-to-back reservations and the same times for another vehicle", async () => {
    const after = await reserve({ location: "Pilot #77", startsAt: at(30), endsAt: at(40) });
    expect(after.status).toBe(201);
    const before = await reserve({ location: "Pilot #76", startsAt: at(6), endsAt: at(18) });
    expect(before.status).toBe(201);
    const other = await reserve({ vehicleId: truck102, driverId: rosaId });
    expect(other.status).toBe(201);
    expect(other.json.driverName).toBe("Rosa Martinez");
  });

  it("enforces the rule in the database too (exclusion constraint)", async () => {
    await expect(
      ctx.deps.db.insert(parkingReservations).values({
        location: "Direct insert",
        startsAt: new Date(at(19)),
        endsAt: new Date(at(21)),
        cost: "1.00",
        vehicleId: truck101,
      }),
    ).rejects.toMatchObject({ cause: { code: "23P01" } });
  });

  it("refuses an end that is not after the start, and a missing vehicle", async () => {
    const res = await reserve({ startsAt: at(100), endsAt: at(100) });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields.endsAt).toBe(RESERVATION_END_AFTER_START);
    const noVehicle = await reserve({ vehicleId: "", startsAt: at(200), endsAt: at(201) });
    expect(noVehicle.status).toBe(400);
    expect(noVehicle.json.error.details.fields.vehicleId).toBe("Choose a vehicle.");
  });

  it("moves a reservation only onto free time, and lists upcoming and past", async () => {
    const clash = await call(ctx, `/api/parking/reservations/${first.id}`, {
      method: "PUT",
      cookie: dispatcher,
      body: { location: "Love's", startsAt: at(25), endsAt: at(35), cost: "25.00", vehicleId: truck101 },
    });
    expect(clash.status).toBe(409);
    // Keeping its own slot is not a clash with itself.
    const same = await call(ctx, `/api/parking/reservations/${first.id}`, {
      method: "PUT",
      cookie: dispatcher,
      body: { location: "Love's #412", startsAt: at(18), endsAt: at(30), cost: "27.50", vehicleId: truck101 },
    });
    expect(same.status).toBe(200);
    expect(same.json.cost).toBe("27.50");

    await ctx.deps.db.insert(parkingReservations).values({
      location: "Last month's lot",
      startsAt: new Date(Date.now() - 40 * 24 * HOUR),
      endsAt: new Date(Date.now() - 39 * 24 * HOUR),
      cost: "30.00",
      vehicleId: truck101,
    });
    const upcoming = await call(ctx, "/api/parking/reservations", { cookie: dispatcher });
    expect(upcoming.json.total).toBe(4);
    const starts = upcoming.json.items.map((r: { startsAt: string }) => r.startsAt);
    expect(starts).toEqual([...starts].sort());
    const past = await call(ctx, "/api/parking/reservations?state=past", { cookie: dispatcher });
    expect(past.json.items.map((r: { location: string }) => r.location)).toEqual(["Last month's lot"]);
    const byVehicle = await call(ctx, `/api/parking/reservations?state=all&vehicleId=${truck102}`, {
      cookie: dispatcher,
    });
    expect(byVehicle.json.total).toBe(1);
    const search = await call(ctx, "/api/parking/reservations?q=pilot", { cookie: dispatcher });
    expect(search.json.total).toBe(2);

    const xlsx = await ctx.app.request("/api/parking/reservations/export?format=xlsx&state=all", {
      headers: { cookie: dispatcher },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-disposition")).toContain("parking-reservations-");

    const del = await call(ctx, `/api/parking/reservations/${first.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(del.status).toBe(200);
    // Its slot is free again.
    expect((await reserve({ startsAt: at(20), endsAt: at(22) })).status).toBe(201);
  });
});

describe("parking expenses", () => {
  const expense = (fields: Record<string, string | File | undefined> = {}) =>
    multipart(ctx, "/api/parking/expenses", dispatcher, {
      location: "ParkMobile – Chicago Loop",
      paymentMethod: "mobile_app",
      amount: "18.00",
      date: "2025-06-03",
      vehicleId: truck101,
      ...fields,
    });

  it("records an expense with or without a receipt, checked by content", async () => {
    const plain = await expense();
    expect(plain.status).toBe(201);
    expect(plain.json).toMatchObject({
      paymentMethod: "mobile_app",
      amount: "18.00",
      receipt: null,
      vehicleLabel: "101",
    });

    const withReceipt = await expense({
      location: "Truck Parking Club – Gary",
      paymentMethod: "card",
      amount: "35.50",
      date: "2025-06-05",
      receipt: pdf("lot-receipt.pdf"),
    });
    expect(withReceipt.status).toBe(201);
    expect(withReceipt.json.receipt).toMatchObject({ fileName: "lot-receipt.pdf" });
    const file = await ctx.app.request(`/api/parking/expenses/${withReceipt.json.id}/receipt`, {
      headers: { cookie: dispatcher },
    });
    expect(file.status).toBe(200);

    const fake = await expense({ receipt: new File(["not a receipt"], "scan.pdf") });
    expect(fake.status).toBe(415);

    const missing = await expense({ location: "", paymentMethod: "bitcoin", amount: "", date: "" });
    expect(missing.status).toBe(400);
    expect(missing.json.error.details.fields).toMatchObject({
      location: "Location or company is required.",
      paymentMethod: "Choose how it was paid.",
      amount: "Amount is required.",
      date: "Date is required.",
    });
  });

  it("replaces a receipt on edit and removes the old file", async () => {
    const created = (await expense({ location: "Lot A", receipt: pdf("a.pdf") })).json;
    const filesBefore = (await ctx.deps.db.select({ id: files.id }).from(files)).length;
    const edited = await multipart(
      ctx,
      `/api/parking/expenses/${created.id}`,
      dispatcher,
      {
        location: "Lot A (north)",
        paymentMethod: "cash",
        amount: "20.00",
        date: "2025-06-04",
        receipt: new File([PNG_BYTES], "photo.png"),
      },
      "PUT",
    );
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ location: "Lot A (north)", paymentMethod: "cash", vehicleId: null });
    expect(edited.json.receipt.fileName).toBe("photo.png");
    expect((await ctx.deps.db.select({ id: files.id }).from(files)).length).toBe(filesBefore);

    const dropped = await multipart(
      ctx,
      `/api/parking/expenses/${created.id}`,
      dispatcher,
      {
        location: "Lot A (north)",
        paymentMethod: "cash",
        amount: "20.00",
        date: "2025-06-04",
        removeReceipt: "true",
      },
      "PUT",
    );
    expect(dropped.json.receipt).toBeNull();
    expect((await ctx.deps.db.select({ id: files.id }).from(files)).length).toBe(filesBefore - 1);
  });

  it("filters, sums, sorts and exports", async () => {
    const cash = await call(ctx, "/api/parking/expenses?paymentMethod=cash", { cookie: dispatcher });
    expect(cash.json.items.map((e: { location: string }) => e.location)).toEqual(["Lot A (north)"]);
    const june = await call(ctx, "/api/parking/expenses?from=2025-06-04&to=2025-06-30&sort=amount&dir=desc", {
      cookie: dispatcher,
    });
    expect(june.json.items.map((e: { amount: string }) => e.amount)).toEqual(["35.50", "20.00"]);
    expect(june.json.totalAmount).toBe("55.50");
    const byTruck = await call(ctx, `/api/parking/expenses?vehicleId=${truck101}`, { cookie: dispatcher });
    expect(byTruck.json.total).toBe(2);
    const csv = await (
      await ctx.app.request("/api/parking/expenses/export?q=gary", { headers: { cookie: dispatcher } })
    ).text();
    expect(csv).toContain("Truck Parking Club – Gary");
    expect(csv).toContain("Credit or debit card");
    expect(csv).not.toContain("Lot A");
    const rows = await ctx.deps.db.execute(sql`select count(*)::int as n from parking_expenses`);
    expect(rows.rows[0]).toEqual({ n: 3 });
  });
});
