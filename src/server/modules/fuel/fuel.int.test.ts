import {
  FUEL_ENTRY_FIELDS,
  NOT_YOUR_VEHICLE_MESSAGE,
  odometerBelowMessage,
  odometerTooHighMessage,
} from "@shared/fuel/fuel.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, files, fuelEntries, loads, vehicles } from "../../db/schema";
import { clearSettlements, driverIdOf, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { hoursAgo, multipart, PNG_BYTES, pdf, vehicleIdOf } from "../../testing/uploads";

let ctx: TestContext;
let jake: string;
let rosa: string;
let dispatcher: string;
let accountant: string;
let jakeId: string;
let rosaId: string;
let truck101: string;
let truck102: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // The demo seed logs fuel; these tests count entries, so they start from an empty log.
  await clearSettlements(ctx);
  await ctx.deps.db.delete(fuelEntries);
  [jake, rosa, dispatcher, accountant] = await Promise.all([
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "driver2@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "accountant@demo.test"),
  ]);
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  rosaId = await driverIdOf(ctx, "driver2@demo.test");
  truck101 = await vehicleIdOf(ctx, "101");
  truck102 = await vehicleIdOf(ctx, "102");
});
afterAll(() => ctx.close());

// These tests send the same receipt again and again on purpose: they confirm the "log it again?"
// question up front; the duplicate rule has its own test, which leaves it out.
const entry = (overrides: Record<string, string | File | undefined> = {}) => ({
  confirmDuplicate: "true",
  vehicleId: truck101,
  fueledAt: hoursAgo(2),
  location: "Pilot Travel Center #318, Gary",
  state: "IN",
  odometer: "412350",
  fuelType: "diesel",
  gallons: "112.500",
  pricePerGallon: "3.899",
  totalAmount: "438.64",
  receipt: pdf(),
  ...overrides,
});
const log = (cookie: string, fields: Record<string, string | File | undefined>) =>
  multipart(ctx, "/api/fuel-entries", cookie, fields);

describe("logging fuel", () => {
  it("stores the entry with its receipt and moves the vehicle's odometer forward", async () => {
    await ctx.deps.db.update(vehicles).set({ mileage: 411_600 }).where(eq(vehicles.id, truck101));
    const res = await log(jake, entry());
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      driverId: jakeId,
      vehicleId: truck101,
      vehicleLabel: "101",
      location: "Pilot Travel Center #318, Gary",
      state: "IN",
      odometer: 412_350,
      fuelType: "diesel",
      gallons: "112.500",
      pricePerGallon: "3.899",
      totalAmount: "438.64",
      receipt: { fileName: "receipt.pdf", contentType: "application/pdf" },
      canDelete: true,
    });
    const [truck] = await ctx.deps.db.select().from(vehicles).where(eq(vehicles.id, truck101));
    expect(truck.mileage).toBe(412_350);
    const audit = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.targetId, res.json.id));
    expect(audit.map((a) => a.action)).toEqual(["fuel.entry_created"]);

    // A purchase logged late, with a lower reading, leaves the odometer where it is.
    const older = await log(jake, entry({ odometer: "405000", fueledAt: hoursAgo(30) }));
    expect(older.status).toBe(201);
    const [after] = await ctx.deps.db.select().from(vehicles).where(eq(vehicles.id, truck101));
    expect(after.mileage).toBe(412_350);
  });

  it("answers Missing Information naming every empty field, vehicle and receipt included", async () => {
    const empty = await log(jake, {});
    expect(empty.status).toBe(400);
    expect(empty.json.error.code).toBe("MISSING_INFORMATION");
    expect(empty.json.error.details.title).toBe("Missing Information");
    expect(empty.json.error.details.missing).toEqual([...FUEL_ENTRY_FIELDS]);
    expect(empty.json.error.message).toBe(
      "Missing Information: please fill in Vehicle, Date and time, Location, State/province, Odometer, " +
        "Fuel type, Gallons, Price per gallon, Total amount and Receipt.",
    );

    const some = await log(jake, entry({ vehicleId: "", location: "   ", receipt: undefined }));
    expect(some.status).toBe(400);
    expect(some.json.error.details.missing).toEqual(["vehicleId", "location", "receipt"]);
    expect(some.json.error.message).toBe(
      "Missing Information: please fill in Vehicle, Location and Receipt.",
    );
    expect(some.json.error.details.fields).toEqual({
      vehicleId: "Vehicle is required.",
      location: "Location is required.",
      receipt: "Receipt is required.",
    });

    const onlyReceipt = await log(jake, entry({ receipt: undefined }));
    expect(onlyReceipt.json.error.message).toBe("Missing Information: please fill in Receipt.");
  });

  it("refuses a receipt that is not a PDF or image, whatever its name says, and stores nothing", async () => {
    const before = await ctx.deps.db.select({ id: files.id }).from(files);
    const entriesBefore = await ctx.deps.db.select({ id: fuelEntries.id }).from(fuelEntries);
    const fake = new File(["Total: $438.64\nThank you for stopping at Pilot"], "receipt.pdf", {
      type: "application/pdf",
    });
    const res = await log(jake, entry({ receipt: fake }));
    expect(res.status).toBe(415);
    expect(res.json.error.code).toBe("FILE_TYPE_NOT_ALLOWED");
    expect(await ctx.deps.db.select({ id: files.id }).from(files)).toHaveLength(before.length);
    expect(await ctx.deps.db.select({ id: fuelEntries.id }).from(fuelEntries)).toHaveLength(
      entriesBefore.length,
    );

    const photo = await log(jake, entry({ receipt: new File([PNG_BYTES], "IMG_2041.png") }));
    expect(photo.status).toBe(201);
    expect(photo.json.receipt.contentType).toBe("image/png");
  });

  it("checks formats, the total against gallons × price, and the future", async () => {
    const bad = await log(
      jake,
      entry({ odometer: "12.5", state: "ZZ", gallons: "0", totalAmount: "4386.40" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(bad.json.error.details.fields).sort()).toEqual(["gallons", "odometer", "state"]);

    const mismatch = await log(jake, entry({ totalAmount: "4386.40" }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error.details.fields.totalAmount).toContain("about $438.64");

    const future = await log(jake, entry({ fueledAt: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(future.status).toBe(400);
    expect(future.json.error.details.fields.fueledAt).toBe("The date and time cannot be in the future.");
  });

  it("asks before logging the same fill-up twice within minutes, and logs it once confirmed (issue 38)", async () => {
    const fillUp = entry({
      confirmDuplicate: undefined,
      location: "TA Express, Gary",
      gallons: "57.250",
      pricePerGallon: "3.899",
      totalAmount: "223.22",
      state: "IN",
    });
    expect((await log(jake, fillUp)).status).toBe(201);
    const count = async () => (await ctx.deps.db.select({ id: fuelEntries.id }).from(fuelEntries)).length;
    const before = await count();
    // A double tap, or a retry on a weak signal: the same truck, gallons, total, state and day.
    const again = await log(jake, { ...fillUp, location: "TA Gary" });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: "POSSIBLE_DUPLICATE",
      message:
        "The same fill-up (truck, gallons, total, state and day) was logged 1 minute ago. Log it again?",
      details: { location: "TA Express, Gary", gallons: "57.250", totalAmount: "223.22" },
    });
    expect(await count()).toBe(before);
    // Another state, or another amount, is another fill-up.
    expect((await log(jake, { ...fillUp, state: "IL" })).status).toBe(201);
    // Confirmed: logged.
    const confirmed = await log(jake, { ...fillUp, confirmDuplicate: "true" });
    expect(confirmed.status).toBe(201);
    // Past the window it is a new fill-up (a team truck fuelling the same amount later that day).
    await ctx.deps.db
      .update(fuelEntries)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(fuelEntries.gallons, "57.250"));
    expect((await log(jake, fillUp)).status).toBe(201);
  });

  it("lets only drivers log fuel", async () => {
    const res = await log(dispatcher, entry());
    expect(res.status).toBe(403);
  });
});

describe("the phone's position on a fuel entry (issue 40)", () => {
  it("keeps the fix the phone sends while sharing, as a street-level device place; refuses a bad one", async () => {
    await ctx.deps.db.update(vehicles).set({ mileage: 411_600 }).where(eq(vehicles.id, truck101));
    const res = await log(jake, entry({ latitude: "41.5934", longitude: "-87.3464" }));
    expect(res.status).toBe(201);
    const [row] = await ctx.deps.db.select().from(fuelEntries).where(eq(fuelEntries.id, res.json.id));
    expect(row).toMatchObject({
      latitude: 41.5934,
      longitude: -87.3464,
      geoSource: "device",
      geoPrecision: "street",
    });

    for (const bad of [
      { latitude: "41.5934" },
      { latitude: "91", longitude: "-87.3" },
      { latitude: "41.5", longitude: "east" },
    ]) {
      const refused = await log(jake, entry(bad));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(refused.json.error.details.fields)).toContain(
        "The phone's position is not valid.",
      );
    }

    // Without a fix (not sharing) the entry has no device place.
    await ctx.deps.db.update(vehicles).set({ mileage: 411_600 }).where(eq(vehicles.id, truck101));
    const plain = await log(jake, entry());
    const [without] = await ctx.deps.db.select().from(fuelEntries).where(eq(fuelEntries.id, plain.json.id));
    expect(without.geoSource).not.toBe("device");
  });
});

describe("whose entries a caller sees", () => {
  let jakeEntry: string;
  let rosaEntry: string;

  beforeAll(async () => {
    jakeEntry = (await log(jake, entry({ location: "Love's #512, Joliet", state: "IL" }))).json.id;
    await ctx.deps.db.update(vehicles).set({ mileage: 412_000 }).where(eq(vehicles.id, truck102));
    rosaEntry = (
      await log(
        rosa,
        entry({
          vehicleId: truck102,
          location: "TA Oak Creek",
          state: "WI",
          gallons: "80",
          totalAmount: "311.92",
        }),
      )
    ).json.id;
  });

  it("shows a driver only their own entries and answers 404 for another's entry and receipt", async () => {
    const mine = await call(ctx, "/api/fuel-entries?pageSize=100", { cookie: rosa });
    expect(mine.status).toBe(200);
    expect(mine.json.items.length).toBeGreaterThan(0);
    expect(mine.json.items.every((e: { driverId: string }) => e.driverId === rosaId)).toBe(true);

    for (const path of [`/api/fuel-entries/${jakeEntry}`, `/api/fuel-entries/${jakeEntry}/receipt`]) {
      const res = await call(ctx, path, { cookie: rosa });
      expect(res.status, path).toBe(404);
    }
    const del = await call(ctx, `/api/fuel-entries/${jakeEntry}`, { method: "DELETE", cookie: rosa });
    expect(del.status).toBe(404);
    // A driver's filter by another driver changes nothing: they still see only their own.
    const sneaky = await call(ctx, `/api/fuel-entries?driverId=${jakeId}`, { cookie: rosa });
    expect(sneaky.json.items.every((e: { driverId: string }) => e.driverId === rosaId)).toBe(true);

    const own = await ctx.app.request(`/api/fuel-entries/${rosaEntry}/receipt`, {
      headers: { cookie: rosa },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("content-disposition")).toContain("receipt.pdf");
    expect(new TextDecoder().decode(await own.arrayBuffer())).toMatch(/^%PDF-/);
  });

  it("shows staff every driver's entries, filtered by driver, vehicle and period, with totals", async () => {
    const all = await call(ctx, "/api/fuel-entries?pageSize=100", { cookie: dispatcher });
    expect(all.status).toBe(200);
    const drivers = new Set(all.json.items.map((e: { driverId: string }) => e.driverId));
    expect(drivers).toEqual(new Set([jakeId, rosaId]));

    const byDriver = await call(ctx, `/api/fuel-entries?driverId=${rosaId}`, { cookie: accountant });
    expect(byDriver.json.total).toBe(1);
    expect(byDriver.json.items[0]).toMatchObject({ id: rosaEntry, driverName: "Rosa Martinez" });
    expect(byDriver.json.totals).toEqual({ gallons: "80.000", amount: "311.92" });

    const byVehicle = await call(ctx, `/api/fuel-entries?vehicleId=${truck102}`, { cookie: dispatcher });
    expect(byVehicle.json.items.map((e: { id: string }) => e.id)).toEqual([rosaEntry]);

    const today = new Date().toISOString().slice(0, 10);
    const longAgo = await call(ctx, "/api/fuel-entries?from=2020-01-01&to=2020-12-31", {
      cookie: dispatcher,
    });
    expect(longAgo.json.total).toBe(0);
    const recent = await call(ctx, `/api/fuel-entries?from=2020-01-01&to=${today}`, { cookie: dispatcher });
    expect(recent.json.total).toBe(all.json.total);

    const search = await call(ctx, "/api/fuel-entries?q=joliet", { cookie: dispatcher });
    expect(search.json.items.map((e: { id: string }) => e.id)).toEqual([jakeEntry]);

    const sorted = await call(ctx, "/api/fuel-entries?sort=totalAmount&dir=asc&pageSize=100", {
      cookie: dispatcher,
    });
    const amounts = sorted.json.items.map((e: { totalAmount: string }) => Number(e.totalAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it("exports the filtered entries; a driver's export holds only their own", async () => {
    const staff = await ctx.app.request(`/api/fuel-entries/export?driverId=${rosaId}&format=csv`, {
      headers: { cookie: dispatcher },
    });
    expect(staff.status).toBe(200);
    const csv = await staff.text();
    expect(csv).toContain("TA Oak Creek");
    expect(csv).not.toContain("Joliet");

    const mine = await ctx.app.request("/api/fuel-entries/export?format=xlsx", { headers: { cookie: rosa } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toContain("spreadsheetml");

    const mineCsv = await (
      await ctx.app.request("/api/fuel-entries/export", { headers: { cookie: rosa } })
    ).text();
    expect(mineCsv).toContain("TA Oak Creek");
    expect(mineCsv).not.toContain("Joliet");
  });

  it("defaults a driver's vehicle to the assigned one", async () => {
    const res = await call(ctx, "/api/fuel-entries/vehicles", { cookie: jake });
    expect(res.status).toBe(200);
    expect(res.json.assignedVehicleId).toBe(truck101);
    expect(res.json.items[0]).toMatchObject({ id: truck101, unitNumber: "101", assigned: true });
    const staff = await call(ctx, "/api/fuel-entries/vehicles?q=102", { cookie: accountant });
    expect(staff.json.assignedVehicleId).toBeNull();
    expect(staff.json.items.map((v: { unitNumber: string }) => v.unitNumber)).toEqual(["102"]);
  });
});

describe("removing an entry", () => {
  it("lets the driver take back their own entry within 24 hours, and the office any entry", async () => {
    const fresh = (await log(jake, entry({ location: "Typo Fuel Stop" }))).json;
    const fileRows = await ctx.deps.db.select({ id: files.id }).from(files);
    expect(
      (await call(ctx, `/api/fuel-entries/${fresh.id}`, { method: "DELETE", cookie: jake })).status,
    ).toBe(200);
    expect(await ctx.deps.db.select({ id: files.id }).from(files)).toHaveLength(fileRows.length - 1);

    const old = (await log(jake, entry({ location: "Last week's stop" }))).json;
    await ctx.deps.db
      .update(fuelEntries)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(fuelEntries.id, old.id));
    const got = await call(ctx, `/api/fuel-entries/${old.id}`, { cookie: jake });
    expect(got.json.canDelete).toBe(false);
    const late = await call(ctx, `/api/fuel-entries/${old.id}`, { method: "DELETE", cookie: jake });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe("DELETE_WINDOW_PASSED");

    // Dispatchers read the log but do not remove entries; accountants do.
    expect(
      (await call(ctx, `/api/fuel-entries/${old.id}`, { method: "DELETE", cookie: dispatcher })).status,
    ).toBe(403);
    expect(
      (await call(ctx, `/api/fuel-entries/${old.id}`, { method: "DELETE", cookie: accountant })).status,
    ).toBe(200);
    expect((await call(ctx, `/api/fuel-entries/${old.id}`, { cookie: accountant })).status).toBe(404);
  });
});

// Issue 10, point 5: a fuel entry moved any vehicle's odometer (another driver's truck, 999999).
describe("which truck and which odometer a driver may log", () => {
  let truck103: string;
  beforeAll(async () => {
    truck103 = await vehicleIdOf(ctx, "103");
    await ctx.deps.db.update(vehicles).set({ mileage: 500_000 }).where(eq(vehicles.id, truck101));
  });

  it("refuses another driver's truck with 404, leaves its odometer alone, and hides it from the picker", async () => {
    const [before] = await ctx.deps.db.select().from(vehicles).where(eq(vehicles.id, truck102));
    const res = await log(jake, entry({ vehicleId: truck102, odometer: "999999" }));
    expect(res.status).toBe(404);
    expect(res.json.error.details.fields.vehicleId).toBe(NOT_YOUR_VEHICLE_MESSAGE);
    const [after] = await ctx.deps.db.select().from(vehicles).where(eq(vehicles.id, truck102));
    expect(after.mileage).toBe(before.mileage);
    const options = (await call(ctx, "/api/fuel-entries/vehicles", { cookie: jake })).json;
    expect(options.items.map((v: { id: string }) => v.id)).toEqual([truck101]);
  });

  it("accepts the truck of a load the driver is running, and no longer once it is delivered", async () => {
    const load = (
      await call(ctx, "/api/loads", {
        body: loadInput({ driverId: jakeId, vehicleId: truck103 }),
        cookie: dispatcher,
      })
    ).json;
    expect(load.status).toBe("assigned");
    await ctx.deps.db.update(vehicles).set({ mileage: 300_000 }).where(eq(vehicles.id, truck103));
    const ok = await log(jake, entry({ vehicleId: truck103, odometer: "300400" }));
    expect(ok.status).toBe(201);
    await ctx.deps.db.update(loads).set({ status: "completed" }).where(eq(loads.id, load.id));
    expect((await log(jake, entry({ vehicleId: truck103, odometer: "300500" }))).status).toBe(404);
  });

  it("refuses a reading below the last one, or implausibly far above it, naming the last reading", async () => {
    const below = await log(jake, entry({ odometer: "499000" }));
    expect(below.status).toBe(400);
    expect(below.json.error.details.fields.odometer).toBe(odometerBelowMessage(500_000));
    expect(below.json.error.details.fields.odometer).toContain("last reading of 500000 mi");

    // Two hours after the last reading: at most 1,500 miles more.
    const far = await log(jake, entry({ odometer: "999999" }));
    expect(far.status).toBe(400);
    expect(far.json.error.details.fields.odometer).toBe(odometerTooHighMessage(500_000, 1500));
    const [truck] = await ctx.deps.db.select().from(vehicles).where(eq(vehicles.id, truck101));
    expect(truck.mileage).toBe(500_000);

    expect((await log(jake, entry({ odometer: "501400" }))).status).toBe(201);
    // Ten days on, 30,000 miles is the ceiling (3,000 a day).
    await ctx.deps.db
      .update(vehicles)
      .set({ updatedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(vehicles.id, truck101));
    await ctx.deps.db
      .update(fuelEntries)
      .set({ fueledAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(fuelEntries.odometer, 501_400));
    const tenDays = await log(jake, entry({ odometer: "540000", fueledAt: hoursAgo(0.1) }));
    expect(tenDays.status).toBe(400);
    expect(tenDays.json.error.details.fields.odometer).toBe(odometerTooHighMessage(501_400, 30_000));
    expect((await log(jake, entry({ odometer: "525000", fueledAt: hoursAgo(0.1) }))).status).toBe(201);
  });

  it("lets the office correct the reading on record, with a reason, audited; a driver may not", async () => {
    const correct = (cookie: string, body: unknown) =>
      call(ctx, `/api/fleet/vehicles/${truck101}/odometer`, { body, cookie });
    expect((await correct(jake, { odometer: 100_000, reason: "Cluster replaced" })).status).toBe(403);
    const noReason = await correct(dispatcher, { odometer: 100_000, reason: " " });
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.details.fields.reason).toBeDefined();

    const manager = await signIn(ctx, "manager@demo.test");
    const res = await correct(manager, {
      odometer: 100_000,
      reason: "Instrument cluster replaced at 100,000",
    });
    expect(res.status).toBe(200);
    expect(res.json.mileage).toBe(100_000);
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "vehicle.odometer_corrected"));
    expect(audit).toMatchObject({
      targetId: truck101,
      details: { from: 525_000, to: 100_000, reason: "Instrument cluster replaced at 100,000" },
    });
    // The driver's next reading is judged against the corrected one.
    expect((await log(jake, entry({ odometer: "100350", fueledAt: hoursAgo(0.01) }))).status).toBe(201);
  });
});
