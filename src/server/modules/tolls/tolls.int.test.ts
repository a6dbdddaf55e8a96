import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, tolls, vehicles } from "../../db/schema";
import { driverIdOf, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { multipart, vehicleIdOf } from "../../testing/uploads";
import { zonedToUtc } from "./statement";

let ctx: TestContext;
let dispatcher: string;
let truck101: string;
let truck102: string;
let jakeId: string;

const DAY = 86_400_000;
/** "YYYY-MM-DD HH:MM" in UTC, `days` ago at `hour`. */
const wall = (days: number, hour: number, minute = 0) => {
  const d = new Date(Date.now() - days * DAY);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString().slice(0, 16).replace("T", " ");
};
const iso = (text: string) => new Date(`${text.replace(" ", "T")}:00Z`).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.deps.db.delete(tolls);
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  truck101 = await vehicleIdOf(ctx, "101");
  truck102 = await vehicleIdOf(ctx, "102");
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  await ctx.deps.db.update(vehicles).set({ transponder: null });
  await ctx.deps.db.update(vehicles).set({ transponder: "EZP-0012-3456" }).where(eq(vehicles.id, truck101));
  await ctx.deps.db.update(vehicles).set({ transponder: "IPASS778899" }).where(eq(vehicles.id, truck102));
});
afterAll(() => ctx.close());

const csvFile = (lines: string[], name = "statement.csv") =>
  new File([`${lines.join("\r\n")}\r\n`], name, { type: "text/csv" });
const preview = (file: File, timeZone = "UTC") =>
  multipart(ctx, "/api/tolls/import/preview", dispatcher, { file, timeZone });
const commit = (file: File, timeZone = "UTC") =>
  multipart(ctx, "/api/tolls/import", dispatcher, { file, timeZone });
const count = async () => (await ctx.deps.db.select({ id: tolls.id }).from(tolls)).length;

describe("importing a transponder statement", () => {
  const t1 = wall(3, 14, 5);
  const t2 = wall(3, 16, 40);
  const t3 = wall(2, 9, 15);
  const statement = () =>
    csvFile([
      "Date,Location,Amount,Transponder",
      `${t1},I-90 Chicago Skyway,$6.50,ezp 0012 3456`,
      `${t2},"Indiana Toll Road, Gary West",12.75,EZP-0012-3456`,
      `${t3},I-294 Cermak Rd Plaza,4.10,ipass778899`,
      `${t3},Ohio Turnpike Exit 59,18.25,UNKNOWN-42`,
      `${t1},I-90 Chicago Skyway,6.50,EZP00123456`,
    ]);

  it("previews the rows: matched by transponder (with driver), unmatched and repeated, writing nothing", async () => {
    const res = await preview(statement());
    expect(res.status).toBe(200);
    expect(res.json.counts).toEqual({ total: 5, matched: 3, unmatched: 1, duplicate: 1, invalid: 0 });
    expect(res.json.canImport).toBe(true);
    const [a, b, c, d, e] = res.json.rows;
    expect(a).toMatchObject({
      line: 2,
      status: "matched",
      transponder: "EZP00123456",
      amount: "6.50",
      occurredAt: iso(t1),
      vehicleId: truck101,
      vehicleLabel: "101",
      driverId: jakeId,
      driverName: "Jake Wilson",
    });
    expect(b).toMatchObject({ status: "matched", location: "Indiana Toll Road, Gary West", amount: "12.75" });
    expect(c).toMatchObject({ status: "matched", vehicleLabel: "102", driverName: "Rosa Martinez" });
    expect(d).toMatchObject({ status: "unmatched", vehicleId: null, transponder: "UNKNOWN42" });
    expect(e).toMatchObject({ status: "duplicate", errors: ["Repeats line 2 of this file."] });
    expect(await count()).toBe(0);
  });

  it("imports new rows once; the same statement again is all duplicates", async () => {
    const first = await commit(statement());
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ imported: 4, matched: 3, unmatched: 1, duplicates: 1 });
    expect(await count()).toBe(4);
    const stored = await ctx.deps.db.select().from(tolls).where(eq(tolls.vehicleId, truck101));
    expect(stored.map((t) => t.source)).toEqual(["import", "import"]);
    expect(stored.every((t) => t.driverId === jakeId)).toBe(true);
    const audit = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "toll.imported"));
    expect(audit).toHaveLength(1);

    const again = await preview(statement());
    expect(again.json.counts).toMatchObject({ matched: 0, unmatched: 0, duplicate: 5 });
    expect(again.json.rows[0].errors).toEqual(["Already recorded: the same transponder, time and amount."]);
    expect(again.json.canImport).toBe(false);
    const second = await commit(statement());
    expect(second.json).toEqual({ imported: 0, matched: 0, unmatched: 0, duplicates: 5 });
    expect(await count()).toBe(4);
  });

  it("writes all or nothing: one invalid row refuses the whole file", async () => {
    const before = await count();
    const file = csvFile([
      "Date,Location,Amount,Transponder",
      `${wall(1, 8)},I-80 Exit 16,3.20,EZP-0012-3456`,
      "31/31/2025 8:00,I-80 Exit 17,abc,EZP-0012-3456",
      `${wall(1, 9)},,2.00,`,
    ]);
    const seen = await preview(file);
    expect(seen.json.counts).toMatchObject({ matched: 1, invalid: 2 });
    expect(seen.json.canImport).toBe(false);
    expect(seen.json.rows[1].errors).toEqual([
      '"31/31/2025 8:00" is not a date and time we can read.',
      '"abc" is not an amount.',
    ]);
    expect(seen.json.rows[2].errors).toEqual(["The location is missing.", "The transponder is missing."]);

    const res = await commit(file);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("IMPORT_INVALID");
    expect(res.json.error.details.rows.map((r: { line: number }) => r.line)).toEqual([3, 4]);
    expect(await count()).toBe(before);
  });

  it("reads times without an offset in the importer's time zone, US dates, and credits", async () => {
    const file = csvFile([
      "Transaction Date,Transaction Time,Exit Plaza,Toll Amount,Tag ID",
      "3/4/2025,2:22 PM,Dan Ryan Expy,(1.50),IPASS778899",
      "2025-07-04,07:05,Kennedy Expy,2.25,IPASS778899",
    ]);
    const res = await preview(file, "America/Chicago");
    expect(res.status).toBe(200);
    expect(res.json.rows[0]).toMatchObject({ occurredAt: "2025-03-04T20:22:00.000Z", amount: "-1.50" });
    // Daylight saving time in July: UTC-5.
    expect(res.json.rows[1]).toMatchObject({ occurredAt: "2025-07-04T12:05:00.000Z", amount: "2.25" });
    expect(zonedToUtc({ y: 2025, m: 11, d: 2, h: 12, mi: 0, s: 0 }, "America/New_York").toISOString()).toBe(
      "2025-11-02T17:00:00.000Z",
    );
  });

  it("reads an Excel statement", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Tolls");
    sheet.addRow(["Posting Date", "Plaza", "Charge", "Transponder"]);
    const when = new Date(Date.now() - 5 * DAY);
    when.setUTCHours(11, 30, 0, 0);
    sheet.addRow([when, "Skyway Main", 7.5, "EZP-0012-3456"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const file = new File([bytes], "march.xlsx");
    const res = await preview(file, "UTC");
    expect(res.status).toBe(200);
    expect(res.json.rows[0]).toMatchObject({
      status: "matched",
      occurredAt: when.toISOString(),
      amount: "7.50",
      vehicleLabel: "101",
    });
  });

  it("explains files it cannot use", async () => {
    const none = await multipart(ctx, "/api/tolls/import/preview", dispatcher, { timeZone: "UTC" });
    expect(none.status).toBe(400);
    expect(none.json.error.message).toBe("Please select a file to import.");

    const columns = await preview(csvFile(["When,Where,How much", "2025-01-01,x,1"]));
    expect(columns.status).toBe(400);
    expect(columns.json.error.code).toBe("MISSING_COLUMNS");
    expect(columns.json.error.details.missing).toEqual(["date", "location", "amount", "transponder"]);

    const garbage = await preview(new File([new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x02])], "tolls.csv"));
    expect(garbage.status).toBe(400);
    expect(garbage.json.error).toMatchObject({ code: "PARSE_FAILED", message: "Failed to parse the file." });

    const zone = await preview(
      csvFile(["Date,Location,Amount,Transponder", `${wall(1, 8)},X,1.00,T1`]),
      "Mars/Olympus",
    );
    expect(zone.status).toBe(400);
  });
});

describe("tolls entered by hand", () => {
  it("finds the vehicle by transponder and the driver and load from the time; refuses a second copy", async () => {
    // Jake's own trip on truck 101, pickup 10 days ago at 06:00 UTC.
    const pickup = new Date(Date.now() - 10 * DAY);
    pickup.setUTCHours(6, 0, 0, 0);
    const input = loadInput({ driverId: jakeId, vehicleId: truck101 });
    input.stops[0].scheduledAt = pickup.toISOString();
    input.stops[1].scheduledAt = new Date(pickup.getTime() + 20 * 3_600_000).toISOString();
    const load = await call(ctx, "/api/loads", { body: input, cookie: dispatcher });
    expect(load.status).toBe(201);

    const body = {
      occurredAt: pickup.toISOString(),
      location: "I-65 Toll Plaza",
      transponder: "ezp-0012-3456",
      amount: "9.25",
    };
    const res = await call(ctx, "/api/tolls", { body, cookie: dispatcher });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      transponder: "EZP00123456",
      vehicleId: truck101,
      driverId: jakeId,
      loadId: load.json.id,
      loadNumber: load.json.loadNumber,
      source: "manual",
    });

    const dup = await call(ctx, "/api/tolls", { body, cookie: dispatcher });
    expect(dup.status).toBe(409);
    expect(dup.json.error.code).toBe("DUPLICATE_TOLL");

    const bad = await call(ctx, "/api/tolls", {
      body: { ...body, amount: "0", location: "" },
      cookie: dispatcher,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.details.fields).sort()).toEqual(["amount", "location"]);
  });

  it("places an unmatched toll on a vehicle, filters, searches, exports and deletes", async () => {
    const unassigned = await call(ctx, "/api/tolls?match=unassigned", { cookie: dispatcher });
    expect(unassigned.status).toBe(200);
    expect(unassigned.json.items.map((t: { transponder: string }) => t.transponder)).toEqual(["UNKNOWN42"]);
    const toll = unassigned.json.items[0];

    const placed = await call(ctx, `/api/tolls/${toll.id}`, {
      method: "PUT",
      cookie: dispatcher,
      body: {
        occurredAt: toll.occurredAt,
        location: toll.location,
        transponder: toll.transponder,
        amount: toll.amount,
        vehicleId: truck102,
        notes: "Rental tag on 102 while its own was replaced",
      },
    });
    expect(placed.status).toBe(200);
    expect(placed.json).toMatchObject({
      vehicleLabel: "102",
      notes: "Rental tag on 102 while its own was replaced",
    });
    expect((await call(ctx, "/api/tolls?match=unassigned", { cookie: dispatcher })).json.total).toBe(0);

    const byVehicle = await call(ctx, `/api/tolls?vehicleId=${truck102}`, { cookie: dispatcher });
    expect(byVehicle.json.total).toBe(2);
    expect(byVehicle.json.totalAmount).toBe("22.35");
    const search = await call(ctx, "/api/tolls?q=skyway", { cookie: dispatcher });
    expect(search.json.items.every((t: { location: string }) => /skyway/i.test(t.location))).toBe(true);
    const byTag = await call(ctx, "/api/tolls?q=ezp-0012", { cookie: dispatcher });
    expect(byTag.json.total).toBe(3);

    // A period open to the calendar's last day (the fuzz test's 500: the day after 9999-12-31).
    const toTheEnd = await call(ctx, "/api/tolls?q=ezp-0012&from=2000-01-01&to=9999-12-31", {
      cookie: dispatcher,
    });
    expect(toTheEnd.status).toBe(200);
    expect(toTheEnd.json.total).toBe(3);
    expect(
      (await ctx.app.request("/api/tolls/export?q=skyway&to=9999-12-31", { headers: { cookie: dispatcher } }))
        .status,
    ).toBe(200);

    const csv = await (
      await ctx.app.request("/api/tolls/export?q=skyway", { headers: { cookie: dispatcher } })
    ).text();
    expect(csv).toContain("I-90 Chicago Skyway");
    expect(csv).not.toContain("Cermak");

    const del = await call(ctx, `/api/tolls/${toll.id}`, { method: "DELETE", cookie: dispatcher });
    expect(del.status).toBe(200);
    expect(
      await ctx.deps.db
        .select()
        .from(tolls)
        .where(inArray(tolls.id, [toll.id])),
    ).toEqual([]);
  });
});
