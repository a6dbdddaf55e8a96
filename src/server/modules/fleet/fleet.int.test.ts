import { randomBytes } from "node:crypto";
import { VIN_CHARS_MESSAGE, VIN_LENGTH_MESSAGE } from "@shared/fleet/vehicles.schema";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, maintenanceRecords, users, vehicles } from "../../db/schema";
import type { Actor } from "../../http/context";
import { assignedAssetsOfDriver } from "../../http/scope";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { openMaintenanceItem } from "./maintenance.service";
import { createVehiclesService } from "./vehicles.service";

let ctx: TestContext;
let manager: string;
let dispatcher: string;
let safety: string;
let jake: string;
let rosa: string;
let today: string;
let jakeTruck: string;
let rosaTruck: string;
let jakeTrailer: string;

const tag = () => randomBytes(3).toString("hex").toUpperCase();
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function newVehicle(body: Record<string, unknown> = {}) {
  const res = await call(ctx, "/api/fleet/vehicles", {
    body: { unitNumber: `U-${tag()}`, make: "Freightliner", model: "Cascadia", ...body },
    cookie: dispatcher,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

const detail = async (id: string, cookie = dispatcher) => {
  const res = await call(ctx, `/api/fleet/vehicles/${id}`, { cookie });
  expect(res.status).toBe(200);
  return res.json;
};

const setSchedule = (id: string, schedule: Record<string, unknown>) =>
  call(ctx, `/api/fleet/vehicles/${id}/schedules`, {
    method: "PUT",
    body: { schedules: [schedule] },
    cookie: dispatcher,
  });

/** The list's computed status for one vehicle, and whether the status filter agrees. */
async function listedStatus(unitNumber: string) {
  const res = await call(ctx, `/api/fleet/vehicles?q=${unitNumber}`, { cookie: manager });
  expect(res.status).toBe(200);
  const status = res.json.items[0].maintenanceStatus as string;
  const filtered = await call(ctx, `/api/fleet/vehicles?q=${unitNumber}&maintenanceStatus=${status}`, {
    cookie: manager,
  });
  expect(filtered.json.total).toBe(1);
  return status;
}

const logMaintenance = (body: Record<string, unknown>, cookie = dispatcher) =>
  call(ctx, "/api/fleet/maintenance", { body: { serviceDate: today, ...body }, cookie });

beforeAll(async () => {
  ctx = await createTestContext();
  [manager, dispatcher, safety, jake, rosa] = await Promise.all([
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "safety@demo.test"),
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "driver2@demo.test"),
  ]);
  const { rows } = await ctx.deps.db.execute<{ today: string }>(sql`select current_date::text as today`);
  today = rows[0].today;
  const driverOf = async (email: string) =>
    (
      await ctx.deps.db
        .select({ id: drivers.id })
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.userId))
        .where(eq(users.email, email))
    )[0].id;
  const jakeAssets = await assignedAssetsOfDriver(ctx.deps.db, await driverOf("driver@demo.test"));
  const rosaAssets = await assignedAssetsOfDriver(ctx.deps.db, await driverOf("driver2@demo.test"));
  jakeTruck = jakeAssets.vehicleId!;
  jakeTrailer = jakeAssets.trailerId!;
  rosaTruck = rosaAssets.vehicleId!;
});
afterAll(() => ctx.close());

describe("vehicle records", () => {
  it("stores every field, upper-cases VIN and plate, and answers 409 on a taken VIN", async () => {
    const vin = "1m8gdm9axkp042788";
    const v = await newVehicle({
      plateNumber: "p 77-1",
      plateState: "in",
      plateExpiresOn: addDays(today, 40),
      vin,
      fuelType: "hybrid",
      insuranceExpiresOn: addDays(today, 200),
      lastTireChangeOn: addDays(today, -30),
      mileage: "123456",
      transponder: "IPASS-0099",
      year: "2023",
    });
    expect(v).toMatchObject({
      plateNumber: "P 77-1",
      plateState: "IN",
      vin: "1M8GDM9AXKP042788",
      fuelType: "hybrid",
      mileage: 123456,
      year: 2023,
      transponder: "IPASS-0099",
      status: "active",
      maintenanceStatus: "good",
      canEdit: true,
    });
    const dup = await call(ctx, "/api/fleet/vehicles", {
      body: { unitNumber: `U-${tag()}`, vin: vin.toUpperCase() },
      cookie: dispatcher,
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error.details.fields.vin).toBe("Another vehicle already has this VIN.");
    const dupTag = await call(ctx, "/api/fleet/vehicles", {
      body: { unitNumber: `U-${tag()}`, transponder: "ipass-0099" },
      cookie: dispatcher,
    });
    expect(dupTag.status).toBe(409);
    expect(dupTag.json.error.details.fields.transponder).toBeDefined();
  });

  it("keeps a truck's telematics ID (issue 40): optional, one truck each, a clear 409", async () => {
    const unit = await newVehicle({ telematicsId: " 281474977075432 " });
    expect(unit.telematicsId).toBe("281474977075432");
    expect((await newVehicle({ telematicsId: "" })).telematicsId).toBeNull();
    const dup = await call(ctx, "/api/fleet/vehicles", {
      body: { unitNumber: `U-${tag()}`, telematicsId: "281474977075432" },
      cookie: dispatcher,
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toMatchObject({
      code: "DUPLICATE_TELEMATICS_ID",
      details: { fields: { telematicsId: "Another vehicle already has this telematics ID." } },
    });
    // Two trucks without one are fine; the truck keeps its own on an edit.
    const other = await newVehicle({});
    const edit = await call(ctx, `/api/fleet/vehicles/${other.id}`, {
      method: "PUT",
      body: { unitNumber: other.unitNumber, telematicsId: "281474977075432" },
      cookie: dispatcher,
    });
    expect(edit.status).toBe(409);
    const same = await call(ctx, `/api/fleet/vehicles/${unit.id}`, {
      method: "PUT",
      body: { unitNumber: unit.unitNumber, telematicsId: "281474977075432" },
      cookie: dispatcher,
    });
    expect(same.status).toBe(200);
    expect(same.json.telematicsId).toBe("281474977075432");
  });

  it("refuses a malformed VIN with 400 and a field message", async () => {
    const short = await call(ctx, "/api/fleet/vehicles", {
      body: { unitNumber: `U-${tag()}`, vin: "1M8GDM9AXKP04278" },
      cookie: dispatcher,
    });
    expect(short.status).toBe(400);
    expect(short.json.error.details.fields.vin).toBe(VIN_LENGTH_MESSAGE);
    const letterO = await call(ctx, "/api/fleet/vehicles", {
      body: { unitNumber: `U-${tag()}`, vin: "1M8GDM9AXKPO42788" },
      cookie: dispatcher,
    });
    expect(letterO.status).toBe(400);
    expect(letterO.json.error.details.fields.vin).toBe(VIN_CHARS_MESSAGE);
    const v = await newVehicle();
    const edit = await call(ctx, `/api/fleet/vehicles/${v.id}`, {
      method: "PUT",
      body: { unitNumber: v.unitNumber, vin: "QQQQQQQQQQQQQQQQQ" },
      cookie: dispatcher,
    });
    expect(edit.status).toBe(400);
    expect(edit.json.error.details.fields.vin).toBe(VIN_CHARS_MESSAGE);
    // Trailers follow the same rule.
    const trailer = await call(ctx, "/api/fleet/trailers", {
      body: { identifier: `TR-${tag()}`, vin: "123" },
      cookie: dispatcher,
    });
    expect(trailer.status).toBe(400);
    expect(trailer.json.error.details.fields.vin).toBe(VIN_LENGTH_MESSAGE);
  });

  it("keeps the odometer when the edit leaves it empty, and lets only managers delete unused vehicles", async () => {
    const v = await newVehicle({ mileage: 5000 });
    const edit = await call(ctx, `/api/fleet/vehicles/${v.id}`, {
      method: "PUT",
      body: { unitNumber: v.unitNumber, mileage: "", status: "inactive", notes: "Spare unit" },
      cookie: dispatcher,
    });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ mileage: 5000, status: "inactive", notes: "Spare unit" });
    expect(
      (await call(ctx, `/api/fleet/vehicles/${v.id}`, { method: "DELETE", cookie: dispatcher })).status,
    ).toBe(403);
    expect(
      (await call(ctx, `/api/fleet/vehicles/${v.id}`, { method: "DELETE", cookie: manager })).status,
    ).toBe(200);
    expect((await call(ctx, `/api/fleet/vehicles/${v.id}`, { cookie: manager })).status).toBe(404);
  });

  it("refuses to delete a vehicle with history", async () => {
    const res = await call(ctx, `/api/fleet/vehicles/${jakeTruck}`, { method: "DELETE", cookie: manager });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("VEHICLE_HAS_HISTORY");
  });

  it("lets safety edit the fleet but not the maintenance log", async () => {
    const v = await newVehicle();
    const edit = await call(ctx, `/api/fleet/vehicles/${v.id}`, {
      method: "PUT",
      body: { unitNumber: v.unitNumber, insuranceExpiresOn: addDays(today, 3) },
      cookie: safety,
    });
    expect(edit.status).toBe(200);
    expect(edit.json.canLogMaintenance).toBe(false);
    expect((await call(ctx, "/api/fleet/maintenance", { cookie: safety })).status).toBe(403);
  });

  it("filters plates and insurance expired or expiring within 30 days", async () => {
    const soon = await newVehicle({ plateExpiresOn: addDays(today, 30) });
    const lapsed = await newVehicle({ insuranceExpiresOn: addDays(today, -1) });
    const later = await newVehicle({
      plateExpiresOn: addDays(today, 31),
      insuranceExpiresOn: addDays(today, 90),
    });
    const res = await call(ctx, "/api/fleet/vehicles?alert=attention&pageSize=100", { cookie: manager });
    const units = res.json.items.map((v: { unitNumber: string }) => v.unitNumber);
    expect(units).toContain(soon.unitNumber);
    expect(units).toContain(lapsed.unitNumber);
    expect(units).not.toContain(later.unitNumber);
    expect(res.json.today).toBe(today);
  });
});

describe("computed maintenance status", () => {
  it("gives every vehicle the same status on its page as in the list (the page works it out from its schedules)", async () => {
    const list = await call(ctx, "/api/fleet/vehicles?pageSize=100", { cookie: dispatcher });
    expect(list.status).toBe(200);
    const statuses = new Set<string>();
    for (const item of list.json.items) {
      const res = await call(ctx, `/api/fleet/vehicles/${item.id}`, { cookie: dispatcher });
      expect(res.status).toBe(200);
      expect(res.json.maintenanceStatus).toBe(item.maintenanceStatus);
      statuses.add(item.maintenanceStatus);
    }
    expect(statuses.size).toBeGreaterThan(1);
  });

  it("by date: good, then due 14 days ahead and on the due day, overdue the day after", async () => {
    const v = await newVehicle({ mileage: 50_000 });
    const at = async (daysLeft: number) => {
      // Due date = last service + 90 days.
      const res = await setSchedule(v.id, {
        serviceType: "annual_inspection",
        intervalDays: 90,
        lastServiceDate: addDays(today, daysLeft - 90),
      });
      expect(res.status).toBe(200);
      expect(res.json.schedules[0]).toMatchObject({ daysLeft, dueDate: addDays(today, daysLeft) });
      const listed = await listedStatus(v.unitNumber);
      expect(listed).toBe(res.json.maintenanceStatus);
      expect(res.json.schedules[0].status).toBe(listed);
      return listed;
    };
    expect(await at(15)).toBe("good");
    expect(await at(14)).toBe("due");
    expect(await at(0)).toBe("due");
    expect(await at(-1)).toBe("overdue");
  });

  it("by miles: good, then due within 1,000 miles and at the due reading, overdue past it", async () => {
    const v = await newVehicle({ mileage: 200_000 });
    const at = async (milesLeft: number) => {
      const res = await setSchedule(v.id, {
        serviceType: "oil_change",
        intervalMiles: 15_000,
        lastServiceOdometer: 200_000 + milesLeft - 15_000,
      });
      expect(res.status).toBe(200);
      expect(res.json.schedules[0]).toMatchObject({ milesLeft, dueOdometer: 200_000 + milesLeft });
      const listed = await listedStatus(v.unitNumber);
      expect(listed).toBe(res.json.maintenanceStatus);
      return listed;
    };
    expect(await at(1001)).toBe("good");
    expect(await at(1000)).toBe("due");
    expect(await at(0)).toBe("due");
    expect(await at(-1)).toBe("overdue");
  });

  it("counts from the last completed service, which moves the odometer; sorts worst first", async () => {
    const v = await newVehicle({
      mileage: 120_000,
      schedules: [
        { serviceType: "oil_change", intervalMiles: 15_000, intervalDays: 180, lastServiceOdometer: 100_000 },
      ],
    });
    expect(v.maintenanceStatus).toBe("overdue");
    expect(v.schedules[0]).toMatchObject({
      lastServiceDate: today,
      startOdometer: 100_000,
      milesLeft: -5000,
    });
    const sorted = await call(ctx, "/api/fleet/vehicles?sort=maintenanceStatus&dir=desc&pageSize=100", {
      cookie: manager,
    });
    expect(sorted.json.items[0].maintenanceStatus).toBe("overdue");

    const logged = await logMaintenance({
      vehicleId: v.id,
      serviceType: "oil_change",
      odometer: "121500",
      cost: "389.50",
      vendor: "Love's Truck Care",
    });
    expect(logged.status).toBe(201);
    expect(logged.json.item).toMatchObject({ status: "completed", cost: "389.50", assetLabel: v.unitNumber });
    const after = await detail(v.id);
    expect(after.mileage).toBe(121_500);
    expect(after.maintenanceStatus).toBe("good");
    expect(after.schedules[0]).toMatchObject({ lastServiceOdometer: 121_500, dueOdometer: 136_500 });
    expect(await listedStatus(v.unitNumber)).toBe("good");
    // An older record never moves the odometer back.
    await logMaintenance({
      vehicleId: v.id,
      serviceType: "brakes",
      odometer: "90000",
      serviceDate: addDays(today, -300),
    });
    expect((await detail(v.id)).mileage).toBe(121_500);
  });

  it("the detail lists the latest ten maintenance items, open ones first, money exact", async () => {
    const v = await newVehicle({ mileage: 50_000 });
    for (let i = 1; i <= 11; i++) {
      const r = await logMaintenance({
        vehicleId: v.id,
        serviceType: "oil_change",
        serviceDate: addDays(today, -i * 10),
        cost: `${i}00.05`,
        vendor: `Shop ${i}`,
      });
      expect(r.status).toBe(201);
    }
    const open = await logMaintenance({
      vehicleId: v.id,
      serviceType: "brakes",
      status: "open",
      serviceDate: addDays(today, -500),
      notes: "Squeal at the front axle",
    });
    expect(open.status).toBe(201);
    const { recentMaintenance, schedules, documents } = await detail(v.id);
    expect(recentMaintenance).toHaveLength(10);
    expect(recentMaintenance[0]).toMatchObject({ status: "open", serviceType: "brakes", cost: null });
    // then the completed ones newest first: 10 days ago ($100.05) … 90 days ago; the 11th is left out
    expect(recentMaintenance[1]).toMatchObject({
      status: "completed",
      serviceDate: addDays(today, -10),
      cost: "100.05",
      vendor: "Shop 1",
      origin: null,
    });
    expect(recentMaintenance.slice(1).map((m: { cost: string }) => m.cost)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `${i}00.05`),
    );
    expect(schedules).toEqual([]);
    expect(documents).toEqual([]);
  });

  it("an open item makes it due and can take the truck out of service until completed", async () => {
    const v = await newVehicle({ mileage: 80_000 });
    const open = await logMaintenance({
      vehicleId: v.id,
      serviceType: "brakes",
      status: "open",
      notes: "",
      takeOutOfService: true,
    });
    expect(open.status).toBe(400);
    expect(open.json.error.details.fields.notes).toBe("Describe what needs fixing.");
    const ok = await logMaintenance({
      vehicleId: v.id,
      serviceType: "brakes",
      status: "open",
      notes: "Air leak at the rear brake chamber",
      takeOutOfService: true,
    });
    expect(ok.status).toBe(201);
    expect(ok.json.vehicleStatus).toBe("in_maintenance");
    let d = await detail(v.id);
    expect(d).toMatchObject({ status: "in_maintenance", maintenanceStatus: "due", openItems: 1 });

    const done = await call(ctx, `/api/fleet/maintenance/${ok.json.item.id}/complete`, {
      body: { serviceDate: today, odometer: "80120", cost: "412.00", vendor: "TA Truck Service" },
      cookie: dispatcher,
    });
    expect(done.status).toBe(200);
    expect(done.json.vehicleStatus).toBe("active");
    expect(done.json.item).toMatchObject({ status: "completed", odometer: 80120, cost: "412.00" });
    d = await detail(v.id);
    expect(d).toMatchObject({ status: "active", maintenanceStatus: "good", openItems: 0, mileage: 80_120 });
    const again = await call(ctx, `/api/fleet/maintenance/${ok.json.item.id}/complete`, {
      body: { serviceDate: today },
      cookie: dispatcher,
    });
    expect(again.status).toBe(409);
  });

  it("rejects a schedule without an interval", async () => {
    const v = await newVehicle();
    const res = await setSchedule(v.id, { serviceType: "tires" });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields["schedules.0.intervalMiles"]).toBe(
      "Give an interval in miles, in days, or both.",
    );
  });
});

describe("drivers see only their own equipment", () => {
  it("lists only the assigned vehicle and trailer; another is 404", async () => {
    const list = await call(ctx, "/api/fleet/vehicles", { cookie: jake });
    expect(list.status).toBe(200);
    expect(list.json.items.map((v: { id: string }) => v.id)).toEqual([jakeTruck]);
    const mine = await detail(jakeTruck, jake);
    expect(mine).toMatchObject({ canEdit: false, canLogMaintenance: true });
    expect((await call(ctx, `/api/fleet/vehicles/${rosaTruck}`, { cookie: jake })).status).toBe(404);
    expect((await call(ctx, `/api/fleet/vehicles/${jakeTruck}`, { cookie: rosa })).status).toBe(404);
    const trailers = await call(ctx, "/api/fleet/trailers", { cookie: jake });
    expect(trailers.json.items.map((t: { id: string }) => t.id)).toEqual([jakeTrailer]);
    expect((await call(ctx, `/api/fleet/trailers/${jakeTrailer}`, { cookie: jake })).status).toBe(200);
    expect((await call(ctx, `/api/fleet/trailers/${jakeTrailer}`, { cookie: rosa })).status).toBe(404);
    const edit = await call(ctx, `/api/fleet/vehicles/${jakeTruck}`, {
      method: "PUT",
      body: { unitNumber: "101" },
      cookie: jake,
    });
    expect(edit.status).toBe(403);
    const csv = await ctx.app.request("/api/fleet/vehicles/export?format=csv", {
      headers: { origin: TEST_ORIGIN, cookie: jake },
    });
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(2);
  });

  it("lets a driver log maintenance only for their own vehicle, and change only what they logged", async () => {
    const other = await logMaintenance({ vehicleId: rosaTruck, serviceType: "other", notes: "Wipers" }, jake);
    expect(other.status).toBe(404);
    const notTheirTrailer = await logMaintenance(
      { assetType: "trailer", trailerId: "00000000-0000-4000-8000-000000000001", serviceType: "tires" },
      jake,
    );
    expect(notTheirTrailer.status).toBe(404);
    const outOfService = await logMaintenance(
      {
        vehicleId: jakeTruck,
        serviceType: "brakes",
        status: "open",
        notes: "Soft pedal",
        takeOutOfService: true,
      },
      jake,
    );
    expect(outOfService.status).toBe(403);

    const own = await logMaintenance(
      { vehicleId: jakeTruck, serviceType: "other", notes: "Replaced a headlight bulb", cost: "18.99" },
      jake,
    );
    expect(own.status).toBe(201);
    expect(own.json.item).toMatchObject({ canEdit: true, canDelete: false, createdByName: "Jake Wilson" });
    const trailerItem = await logMaintenance(
      {
        assetType: "trailer",
        trailerId: jakeTrailer,
        serviceType: "electrical",
        status: "open",
        notes: "Marker out",
      },
      jake,
    );
    expect(trailerItem.status).toBe(201);

    const log = await call(ctx, "/api/fleet/maintenance?pageSize=100", { cookie: jake });
    expect(log.status).toBe(200);
    expect(log.json.total).toBeGreaterThan(1);
    for (const item of log.json.items) {
      expect(item.vehicleId === jakeTruck || item.trailerId === jakeTrailer).toBe(true);
    }
    const officeItem = log.json.items.find(
      (i: { canEdit: boolean; createdByName: string }) => i.createdByName !== "Jake Wilson",
    );
    expect(officeItem.canEdit).toBe(false);
    const edit = await call(ctx, `/api/fleet/maintenance/${officeItem.id}`, {
      method: "PUT",
      body: { vehicleId: jakeTruck, serviceType: "other", serviceDate: today, notes: "changed" },
      cookie: jake,
    });
    expect(edit.status).toBe(403);

    const rosasLog = await call(ctx, "/api/fleet/maintenance?pageSize=100", { cookie: rosa });
    const ids = rosasLog.json.items.map((i: { id: string }) => i.id);
    expect(ids).not.toContain(own.json.item.id);
    expect((await call(ctx, `/api/fleet/maintenance/${own.json.item.id}`, { cookie: rosa })).status).toBe(
      404,
    );
    expect(
      (await call(ctx, `/api/fleet/maintenance/${own.json.item.id}`, { method: "DELETE", cookie: jake }))
        .status,
    ).toBe(403);

    const assets = await call(ctx, "/api/fleet/maintenance/assets", { cookie: jake });
    expect(assets.json.items.map((a: { id: string }) => a.id).sort()).toEqual(
      [jakeTruck, jakeTrailer].sort(),
    );
  });
});

describe("the maintenance log", () => {
  it("searches, filters, sorts and totals the cost of the matching items", async () => {
    const v = await newVehicle({ mileage: 10_000 });
    const vendor = `Vendor ${tag()}`;
    for (const [serviceType, cost, daysAgo] of [
      ["tires", "3200.00", 10],
      ["oil_change", "390.25", 5],
      ["brakes", "", 1],
    ] as const) {
      const res = await logMaintenance({
        vehicleId: v.id,
        serviceType,
        cost,
        vendor,
        serviceDate: addDays(today, -daysAgo),
      });
      expect(res.status).toBe(201);
    }
    const res = await call(ctx, `/api/fleet/maintenance?q=${encodeURIComponent(vendor)}&sort=cost&dir=desc`, {
      cookie: manager,
    });
    expect(res.json.total).toBe(3);
    expect(res.json.totalCost).toBe("3590.25");
    expect(res.json.items.map((i: { cost: string | null }) => i.cost)).toEqual(["3200.00", "390.25", null]);
    const ranged = await call(
      ctx,
      `/api/fleet/maintenance?vehicleId=${v.id}&from=${addDays(today, -6)}&to=${today}&serviceType=oil_change`,
      { cookie: manager },
    );
    expect(ranged.json.items.map((i: { serviceType: string }) => i.serviceType)).toEqual(["oil_change"]);
    // A tire service moves the vehicle's last tire change.
    expect((await detail(v.id)).lastTireChangeOn).toBe(addDays(today, -10));
  });

  it("exports the filtered log as CSV and Excel", async () => {
    const v = await newVehicle();
    await logMaintenance({
      vehicleId: v.id,
      serviceType: "pm_service",
      cost: "612.40",
      vendor: "=HYPERLINK(evil)",
    });
    const csv = await ctx.app.request(`/api/fleet/maintenance/export?format=csv&vehicleId=${v.id}`, {
      headers: { origin: TEST_ORIGIN, cookie: manager },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Date,Asset type,Asset,Service");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(v.unitNumber);
    expect(lines[1]).toContain("PM service");
    expect(lines[1]).toContain("'=HYPERLINK(evil)");

    const xlsx = await ctx.app.request(`/api/fleet/vehicles/export?format=xlsx&q=${v.unitNumber}`, {
      headers: { origin: TEST_ORIGIN, cookie: manager },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet("Vehicles")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Unit");
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(v.unitNumber);

    const trailers = await ctx.app.request("/api/fleet/trailers/export?format=xlsx", {
      headers: { origin: TEST_ORIGIN, cookie: manager },
    });
    expect(trailers.status).toBe(200);
  });

  it("opens an item for a failed inspection through the contract function", async () => {
    const v = await newVehicle();
    const inspectionId = "11111111-1111-4111-8111-111111111111";
    const { id } = await ctx.deps.db.transaction((tx) =>
      openMaintenanceItem(tx, {
        vehicleId: v.id,
        serviceType: "repair",
        notes: "Cracked windshield",
        inspectionId,
      }),
    );
    const [row] = await ctx.deps.db.select().from(maintenanceRecords).where(eq(maintenanceRecords.id, id));
    expect(row).toMatchObject({ status: "open", source: "inspection", inspectionId, vehicleId: v.id });
    expect((await detail(v.id)).maintenanceStatus).toBe("due");
  });

  it("keeps an inspection's findings as data; only such an item may stay open without notes", async () => {
    const v = await newVehicle();
    const origin = {
      inspectionType: "pre_trip" as const,
      assetType: "vehicle" as const,
      assetLabel: v.unitNumber,
      inspectedOn: today,
      inspectorName: "Jake Wilson",
      overallStatus: "needs_repair" as const,
      defects: [{ item: "tires" as const, note: "Steer tire at 3/32 in." }],
      comments: "",
    };
    const { id } = await ctx.deps.db.transaction((tx) =>
      openMaintenanceItem(tx, {
        vehicleId: v.id,
        serviceType: "repair",
        notes: "",
        inspectionId: "22222222-2222-4222-8222-222222222222",
        origin,
      }),
    );
    const list = await call(ctx, `/api/fleet/maintenance?vehicleId=${v.id}`, { cookie: dispatcher });
    expect(list.json.items).toEqual([expect.objectContaining({ id, origin, notes: "" })]);
    expect((await detail(v.id)).recentMaintenance).toEqual([expect.objectContaining({ id, origin })]);

    const edit = (itemId: string) =>
      call(ctx, `/api/fleet/maintenance/${itemId}`, {
        method: "PUT",
        body: {
          assetType: "vehicle",
          vehicleId: v.id,
          serviceType: "repair",
          status: "open",
          serviceDate: today,
          notes: "",
          fromInspection: true,
        },
        cookie: dispatcher,
      });
    expect((await edit(id)).status).toBe(200);
    // A hand-logged item cannot claim to come from an inspection to skip the description.
    const manual = await logMaintenance({
      vehicleId: v.id,
      serviceType: "brakes",
      status: "open",
      notes: "Squeal",
    });
    const refused = await edit(manual.json.item.id);
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.fields.notes).toBe("Describe what needs fixing.");
    const created = await logMaintenance({
      vehicleId: v.id,
      serviceType: "brakes",
      status: "open",
      fromInspection: true,
    });
    expect(created.status).toBe(400);
  });
});

describe("trailers and documents", () => {
  it("flags trailers whose next inspection is due within 30 days", async () => {
    const due = await call(ctx, "/api/fleet/trailers", {
      body: {
        identifier: `TR-${tag()}`,
        type: "reefer",
        size: "53 ft",
        nextInspectionOn: addDays(today, 30),
      },
      cookie: dispatcher,
    });
    expect(due.status).toBe(201);
    const later = await call(ctx, "/api/fleet/trailers", {
      body: { identifier: `TR-${tag()}`, type: "flatbed", nextInspectionOn: addDays(today, 31) },
      cookie: dispatcher,
    });
    const bad = await call(ctx, "/api/fleet/trailers", {
      body: {
        identifier: `TR-${tag()}`,
        lastInspectionOn: today,
        nextInspectionOn: addDays(today, -1),
      },
      cookie: dispatcher,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields.nextInspectionOn).toBeDefined();
    const res = await call(ctx, "/api/fleet/trailers?inspection=due&pageSize=100", { cookie: manager });
    const ids = res.json.items.map((t: { id: string }) => t.id);
    expect(ids).toContain(due.json.id);
    expect(ids).not.toContain(later.json.id);

    // An annual inspection logged for a trailer moves its inspection dates.
    const logged = await logMaintenance({
      assetType: "trailer",
      trailerId: later.json.id,
      serviceType: "annual_inspection",
    });
    expect(logged.status).toBe(201);
    const t = await call(ctx, `/api/fleet/trailers/${later.json.id}`, { cookie: manager });
    expect(t.json.lastInspectionOn).toBe(today);
    expect(t.json.nextInspectionOn).toBe(addDays(today, 31));
  });

  it("stores documents checked by content; the driver may read their own truck's papers only", async () => {
    const pdf = new File([new TextEncoder().encode("%PDF-1.4\n% registration\n")], "registration.pdf", {
      type: "application/pdf",
    });
    const form = new FormData();
    form.set("file", pdf);
    form.set("name", "Cab card");
    form.set("expiresOn", addDays(today, 100));
    const up = await ctx.app.request(`/api/fleet/vehicles/${jakeTruck}/documents`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
      body: form,
    });
    expect(up.status).toBe(201);
    const doc = await up.json();
    expect(doc).toMatchObject({ name: "Cab card", contentType: "application/pdf" });
    const got = await ctx.app.request(`/api/fleet/vehicles/${jakeTruck}/documents/${doc.id}`, {
      headers: { origin: TEST_ORIGIN, cookie: jake },
    });
    expect(got.status).toBe(200);
    expect(await got.text()).toContain("%PDF-1.4");
    const denied = await ctx.app.request(`/api/fleet/vehicles/${jakeTruck}/documents/${doc.id}`, {
      headers: { origin: TEST_ORIGIN, cookie: rosa },
    });
    expect(denied.status).toBe(404);
    // the detail lists it exactly as the upload answered (ISO time, size, who uploaded it)
    expect((await detail(jakeTruck)).documents).toContainEqual(doc);

    const fake = new FormData();
    fake.set("file", new File([new TextEncoder().encode("MZ not a pdf")], "x.pdf"));
    fake.set("name", "Bad");
    const refused = await ctx.app.request(`/api/fleet/vehicles/${jakeTruck}/documents`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
      body: fake,
    });
    expect(refused.status).toBe(415);
  });

  it("deletes a trailer without history with its papers; one with history is refused and its papers kept", async () => {
    const upload = async (trailerId: string) => {
      const form = new FormData();
      form.set("file", new File([new TextEncoder().encode("%PDF-1.4\n% inspection\n")], "insp.pdf"));
      form.set("name", "Annual inspection");
      const res = await ctx.app.request(`/api/fleet/trailers/${trailerId}/documents`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie: dispatcher },
        body: form,
      });
      expect(res.status).toBe(201);
      return (await res.json()).id as string;
    };
    const held = await upload(jakeTrailer);
    const refused = await call(ctx, `/api/fleet/trailers/${jakeTrailer}`, {
      method: "DELETE",
      cookie: manager,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "TRAILER_HAS_HISTORY",
      message:
        "This trailer has loads, maintenance or other records. Set it to inactive instead of deleting it.",
    });
    expect(
      (await call(ctx, `/api/fleet/trailers/${jakeTrailer}/documents/${held}`, { cookie: manager })).status,
    ).toBe(200);

    const spare = await call(ctx, "/api/fleet/trailers", {
      body: { identifier: `TR-${tag()}`, type: "dry_van" },
      cookie: dispatcher,
    });
    const paper = await upload(spare.json.id);
    const [{ n: before }] = (
      await ctx.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)
    ).rows;
    const gone = await call(ctx, `/api/fleet/trailers/${spare.json.id}`, {
      method: "DELETE",
      cookie: manager,
    });
    expect(gone.status).toBe(200);
    expect((await call(ctx, `/api/fleet/trailers/${spare.json.id}`, { cookie: manager })).status).toBe(404);
    expect(
      (await call(ctx, `/api/fleet/trailers/${spare.json.id}/documents/${paper}`, { cookie: manager }))
        .status,
    ).toBe(404);
    const [{ n: after }] = (
      await ctx.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)
    ).rows;
    expect(after).toBe(before - 1);
    const audit = await ctx.deps.db.execute<{ action: string; target_label: string }>(
      sql`select action, target_label from audit_log where target_id = ${spare.json.id} order by created_at`,
    );
    const deleted = audit.rows.at(-1);
    expect(deleted).toMatchObject({ action: "trailer.deleted", target_label: spare.json.identifier });
  });

  it("attaches a receipt to a maintenance item", async () => {
    const item = await logMaintenance(
      { vehicleId: jakeTruck, serviceType: "other", notes: "Mud flap" },
      jake,
    );
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "receipt.jpg"));
    const up = await ctx.app.request(`/api/fleet/maintenance/${item.json.item.id}/receipt`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: jake },
      body: form,
    });
    expect(up.status).toBe(200);
    expect((await up.json()).receipt).toMatchObject({ fileName: "receipt.jpg", contentType: "image/jpeg" });
    const got = await ctx.app.request(`/api/fleet/maintenance/${item.json.item.id}/receipt`, {
      headers: { origin: TEST_ORIGIN, cookie: manager },
    });
    expect(got.status).toBe(200);
  });
});

describe("the demo fleet", () => {
  it("gives both demo drivers' trucks papers, schedules and history that need attention", async () => {
    const jakes = await detail(jakeTruck);
    expect(jakes.unitNumber).toBe("101");
    expect(jakes.maintenanceStatus).toBe("due");
    expect(jakes.schedules.length).toBeGreaterThanOrEqual(3);
    expect(jakes.recentMaintenance.length).toBeGreaterThan(0);
    const rosas = await detail(rosaTruck);
    expect(rosas.maintenanceStatus).toBe("overdue");
    expect(rosas.insuranceExpiresOn).toBe(addDays(today, 5));
    const [v106] = await ctx.deps.db.select().from(vehicles).where(eq(vehicles.unitNumber, "106"));
    expect(v106.status).toBe("in_maintenance");
  });
});

describe("a vehicle's page as JSON text PostgreSQL wrote (issue 42)", () => {
  it("is byte for byte the page built in Node, for every vehicle and staff role", async () => {
    // Beside the demo vehicles: text JSON must escape, and an open item from an inspection whose
    // origin (jsonb) has ": " and ", " inside its strings.
    const v = await newVehicle({ notes: 'Cab "B" \\ \r\n\t\u0001 é 🚚 \u2028' });
    await ctx.deps.db.insert(maintenanceRecords).values({
      vehicleId: v.id,
      serviceType: "tires",
      status: "open",
      source: "inspection",
      cost: "12.50",
      notes: "Left: front, rear",
      sourceData: {
        inspectionType: "pre_trip",
        assetType: "vehicle",
        assetLabel: v.unitNumber,
        inspectedOn: today,
        inspectorName: 'Jake "J": Wilson, Jr.',
        overallStatus: "fail",
        defects: [{ item: "tires", note: "tread: 2/32, worn\\n" }],
        comments: "a, b: c",
      },
    });
    const service = createVehiclesService(ctx.deps);
    const ids = (await ctx.deps.db.select({ id: vehicles.id }).from(vehicles)).map((r) => r.id);
    for (const role of ["dispatcher", "safety", "manager"] as const) {
      const actor = { role } as Actor;
      for (const id of ids) {
        expect((await service.getJson(actor, id)).text).toBe(JSON.stringify(await service.get(actor, id)));
      }
    }
    const res = await ctx.app.request(`/api/fleet/vehicles/${v.id}`, {
      headers: { origin: TEST_ORIGIN, cookie: safety },
    });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.text();
    expect(body).toBe(JSON.stringify(await service.get({ role: "safety" } as Actor, v.id)));
    expect(JSON.parse(body).recentMaintenance[0].origin.defects[0].note).toBe("tread: 2/32, worn\\n");
  });
});
