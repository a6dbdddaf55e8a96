import {
  CHECKLISTS,
  type CreateInspectionInput,
  INSPECTION_IMAGE_MAX_BYTES,
  INSPECTION_MAX_IMAGES,
  INSPECTION_MESSAGES,
  type InspectionAssetType,
} from "@shared/inspections/inspections.schema";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appUsers,
  auditLog,
  inspections,
  maintenanceRecords,
  notifications,
  trailers,
  users,
  vehicles,
} from "../../db/schema";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";

// A real 1×1 PNG.
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n");

let ctx: TestContext;
let jake: string;
let rosa: string;
let safety: string;
let dispatcher: string;
let accountant: string;
/** Yesterday (UTC): a passing annual trailer inspection on it is newer than any seeded date. */
const annualDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const ids = { v101: "", v102: "", t202: "", t201: "", t205: "" };

beforeAll(async () => {
  ctx = await createTestContext();
  [jake, rosa, safety, dispatcher, accountant] = await Promise.all(
    [
      "driver@demo.test",
      "driver2@demo.test",
      "safety@demo.test",
      "dispatcher@demo.test",
      "accountant@demo.test",
    ].map((e) => signIn(ctx, e)),
  );
  const vs = await ctx.deps.db
    .select({ id: vehicles.id, unit: vehicles.unitNumber })
    .from(vehicles)
    .where(inArray(vehicles.unitNumber, ["101", "102"]));
  const ts = await ctx.deps.db
    .select({ id: trailers.id, identifier: trailers.identifier })
    .from(trailers)
    .where(inArray(trailers.identifier, ["T-201", "T-202", "T-205"]));
  ids.v101 = vs.find((v) => v.unit === "101")!.id;
  ids.v102 = vs.find((v) => v.unit === "102")!.id;
  ids.t201 = ts.find((t) => t.identifier === "T-201")!.id;
  ids.t202 = ts.find((t) => t.identifier === "T-202")!.id;
  ids.t205 = ts.find((t) => t.identifier === "T-205")!.id;
});
afterAll(() => ctx.close());

/** Every item of the asset's checklist passing, except the failures given (item → note). */
function checklist(asset: InspectionAssetType, failures: Record<string, string> = {}) {
  return CHECKLISTS[asset].map((item) =>
    item in failures
      ? { item, result: "fail" as const, note: failures[item] }
      : { item, result: "pass" as const, note: "" },
  );
}

function inspection(overrides: Partial<CreateInspectionInput> = {}): CreateInspectionInput {
  return {
    assetType: "vehicle",
    vehicleId: ids.v101,
    type: "pre_trip",
    inspectedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    odometer: null,
    location: "Milwaukee, WI",
    checklist: checklist("vehicle"),
    overallStatus: "pass",
    comments: "",
    ...overrides,
  };
}

type Photo = { name: string; bytes: Uint8Array; type?: string };

async function multipart(path: string, cookie: string, form: FormData) {
  const res = await ctx.app.request(path, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

function file(p: Photo) {
  return new File([p.bytes as Uint8Array<ArrayBuffer>], p.name, { type: p.type ?? "image/png" });
}

function fileInspection(cookie: string, body: unknown, photos: Photo[] = []) {
  const form = new FormData();
  form.set("data", typeof body === "string" ? body : JSON.stringify(body));
  for (const p of photos) form.append("images", file(p));
  return multipart("/api/inspections", cookie, form);
}

const photo = (name = "defect.png"): Photo => ({ name, bytes: PNG });

async function recipientsOf(inspectionId: string) {
  const rows = await ctx.deps.db
    .select({
      role: appUsers.role,
      kind: notifications.kind,
      data: notifications.data,
      link: notifications.link,
    })
    .from(notifications)
    .innerJoin(appUsers, eq(appUsers.userId, notifications.recipientId))
    .where(eq(notifications.link, `/fleet/inspections/${inspectionId}`));
  return rows;
}

describe("checklist validation", () => {
  const fieldsOf = async (body: unknown) => {
    const res = await fileInspection(safety, body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("VALIDATION_FAILED");
    return res.json.error.details.fields as Record<string, string>;
  };

  it("needs every item of the asset's checklist, once", async () => {
    const partial = inspection({ checklist: checklist("vehicle").slice(1) });
    expect((await fieldsOf(partial)).checklist).toBe(INSPECTION_MESSAGES.checklistIncomplete);
    const twice = inspection({ checklist: [...checklist("vehicle").slice(1), checklist("vehicle")[1]] });
    expect((await fieldsOf(twice)).checklist).toBe(INSPECTION_MESSAGES.checklistIncomplete);
    // A trailer's checklist on a vehicle.
    const wrong = inspection({ checklist: checklist("trailer") });
    expect((await fieldsOf(wrong)).checklist).toBe(INSPECTION_MESSAGES.checklistIncomplete);
  });

  it("wants each item marked and each defect described", async () => {
    const list = checklist("vehicle");
    const unmarked = inspection({
      checklist: list.map((e, i) => (i === 2 ? { ...e, result: "" as never } : e)),
    });
    expect((await fieldsOf(unmarked))["checklist.2.result"]).toBe(INSPECTION_MESSAGES.markItem);
    const undescribed = inspection({
      checklist: checklist("vehicle", { tires: "  " }),
      overallStatus: "needs_repair",
    });
    const index = CHECKLISTS.vehicle.indexOf("tires");
    expect((await fieldsOf(undescribed))[`checklist.${index}.note`]).toBe(INSPECTION_MESSAGES.describeDefect);
  });

  it("keeps the overall status consistent with the checklist", async () => {
    const failedButPass = inspection({ checklist: checklist("vehicle", { horn: "Horn inoperative." }) });
    expect((await fieldsOf(failedButPass)).overallStatus).toBe(INSPECTION_MESSAGES.failedCannotPass);
    const repairWithoutWhy = inspection({ overallStatus: "needs_repair" });
    expect((await fieldsOf(repairWithoutWhy)).comments).toBe(INSPECTION_MESSAGES.describeStatus);
  });

  it("asks for the asset, a real date not in the future, and well-formed data", async () => {
    expect((await fieldsOf(inspection({ vehicleId: null }))).vehicleId).toBe(
      INSPECTION_MESSAGES.chooseVehicle,
    );
    expect(
      (await fieldsOf(inspection({ assetType: "trailer", vehicleId: null, checklist: checklist("trailer") })))
        .trailerId,
    ).toBe(INSPECTION_MESSAGES.chooseTrailer);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await fieldsOf(inspection({ inspectedAt: tomorrow }))).inspectedAt).toBe(
      INSPECTION_MESSAGES.dateInFuture,
    );
    expect((await fieldsOf(inspection({ type: "weekly" as never }))).type).toBe(
      INSPECTION_MESSAGES.chooseType,
    );
    expect((await fieldsOf("{not json")).data).toBe("The inspection is not valid JSON.");
    const noData = await multipart("/api/inspections", safety, new FormData());
    expect(noData.status).toBe(400);
    expect(noData.json.error.details.fields.data).toBeDefined();
  });

  it("stores nothing when the inspection is refused", async () => {
    const before = await ctx.deps.db.$count(inspections);
    await fileInspection(safety, inspection({ checklist: [] }));
    expect(await ctx.deps.db.$count(inspections)).toBe(before);
  });
});

describe("a failing inspection", () => {
  it("opens one maintenance item on that vehicle, notifies safety, management and dispatch, and keeps the photos", async () => {
    const res = await fileInspection(
      jake,
      inspection({
        checklist: checklist("vehicle", {
          service_brakes: "Air leak at the rear drive axle, audible with brakes applied.",
          tires: "Right front steer tire tread at 3/32 in.",
        }),
        overallStatus: "fail",
        odometer: 1_000_000,
        comments: "Did not leave the yard.",
      }),
      [photo("brake.png"), photo("tire.png")],
    );
    expect(res.status).toBe(201);
    const filed = res.json;
    expect(filed).toMatchObject({
      assetType: "vehicle",
      assetId: ids.v101,
      assetLabel: "101",
      type: "pre_trip",
      overallStatus: "fail",
      inspectorName: "Jake Wilson",
      failedItems: 2,
      imageCount: 2,
    });
    expect(filed.images.map((i: { fileName: string }) => i.fileName)).toEqual(["brake.png", "tire.png"]);

    const items = await ctx.deps.db
      .select()
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.inspectionId, filed.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      vehicleId: ids.v101,
      trailerId: null,
      status: "open",
      source: "inspection",
      serviceType: "repair",
    });
    // What the inspection found is stored as data, worded in the reader's language (point 13).
    expect(items[0].notes).toBe("");
    expect(items[0].sourceData).toEqual({
      inspectionType: "pre_trip",
      assetType: "vehicle",
      assetLabel: "101",
      inspectedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      inspectorName: "Jake Wilson",
      overallStatus: "fail",
      defects: [
        { item: "service_brakes", note: expect.stringContaining("Air leak at the rear drive axle") },
        { item: "tires", note: "Right front steer tire tread at 3/32 in." },
      ],
      comments: "Did not leave the yard.",
    });
    expect(filed.maintenanceItems).toEqual([
      expect.objectContaining({ id: items[0].id, status: "open", serviceType: "repair" }),
    ]);

    const sent = await recipientsOf(filed.id);
    expect([...new Set(sent.map((n) => n.role))].sort()).toEqual([
      "admin",
      "dispatcher",
      "manager",
      "safety",
    ]);
    expect(sent.every((n) => n.kind === "inspection.failed")).toBe(true);
    expect(sent[0].data).toMatchObject({
      assetType: "vehicle",
      assetLabel: "101",
      inspectionType: "pre_trip",
      inspectorName: "Jake Wilson",
    });

    // The odometer moved the truck's mileage forward, and the filing was audited.
    const [truck] = await ctx.deps.db
      .select({ mileage: vehicles.mileage })
      .from(vehicles)
      .where(eq(vehicles.id, ids.v101));
    expect(truck.mileage).toBeGreaterThanOrEqual(1_000_000);
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "inspection.filed"), eq(auditLog.targetId, filed.id)));
    expect(audit.details).toMatchObject({ overallStatus: "fail", images: 2, maintenanceItemId: items[0].id });

    // Staff see it with its photos; the photo comes back byte for byte, inline.
    const seen = await call(ctx, `/api/inspections/${filed.id}`, { cookie: safety });
    expect(seen.status).toBe(200);
    const img = await ctx.app.request(`/api/inspections/${filed.id}/images/${filed.images[0].id}`, {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("content-disposition")).toMatch(/^inline; filename="brake.png"/);
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG);
  });

  it("opens the item on the trailer for a trailer's needs-repair report, and leaves dispatch out", async () => {
    const res = await fileInspection(
      jake,
      inspection({
        assetType: "trailer",
        vehicleId: null,
        trailerId: ids.t202,
        type: "post_trip",
        checklist: checklist("trailer", { mud_flaps: "Left rear mud flap missing." }),
        overallStatus: "needs_repair",
      }),
    );
    expect(res.status).toBe(201);
    const items = await ctx.deps.db
      .select()
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.inspectionId, res.json.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ trailerId: ids.t202, vehicleId: null, status: "open" });
    expect(items[0].sourceData).toMatchObject({
      assetType: "trailer",
      assetLabel: "T-202",
      inspectionType: "post_trip",
      overallStatus: "needs_repair",
      defects: [{ item: "mud_flaps", note: "Left rear mud flap missing." }],
    });
    const sent = await recipientsOf(res.json.id);
    expect([...new Set(sent.map((n) => n.role))].sort()).toEqual(["admin", "manager", "safety"]);
    expect(sent[0]).toMatchObject({
      kind: "inspection.needs_repair",
      data: expect.objectContaining({
        assetType: "trailer",
        assetLabel: "T-202",
        inspectionType: "post_trip",
      }),
    });
  });

  it("opens an item for a defect described only in the comments", async () => {
    const res = await fileInspection(
      safety,
      inspection({ overallStatus: "needs_repair", comments: "Check-engine light on; DEF warning." }),
    );
    expect(res.status).toBe(201);
    const [item] = await ctx.deps.db
      .select()
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.inspectionId, res.json.id));
    expect(item.sourceData).toMatchObject({ defects: [], comments: "Check-engine light on; DEF warning." });
  });
});

describe("a passing inspection", () => {
  it("opens no maintenance item and notifies no one", async () => {
    const notificationsBefore = await ctx.deps.db.$count(notifications);
    const itemsBefore = await ctx.deps.db.$count(maintenanceRecords);
    const res = await fileInspection(rosa, inspection({ vehicleId: ids.v102 }), [photo()]);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      overallStatus: "pass",
      inspectorName: "Rosa Martinez",
      maintenanceItems: [],
    });
    expect(await ctx.deps.db.$count(notifications)).toBe(notificationsBefore);
    expect(await ctx.deps.db.$count(maintenanceRecords)).toBe(itemsBefore);
  });

  it("dates a trailer's next inspection a year after a passing annual one", async () => {
    const res = await fileInspection(
      safety,
      inspection({
        assetType: "trailer",
        vehicleId: null,
        trailerId: ids.t205,
        type: "annual",
        inspectedAt: `${annualDay}T15:00:00Z`,
        inspectorName: "Midwest Truck & Trailer Service",
        checklist: checklist("trailer"),
        timeZone: "America/Chicago",
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json.inspectorName).toBe("Midwest Truck & Trailer Service");
    expect(res.json.driverId).toBeNull();
    const [t] = await ctx.deps.db
      .select({ last: trailers.lastInspectionOn, next: trailers.nextInspectionOn })
      .from(trailers)
      .where(eq(trailers.id, ids.t205));
    const nextYear = `${Number(annualDay.slice(0, 4)) + 1}${annualDay.slice(4)}`;
    expect(t).toEqual({ last: annualDay, next: nextYear });
  });
});

describe("drivers", () => {
  it("inspect only the vehicle and trailer assigned to them", async () => {
    const other = await fileInspection(jake, inspection({ vehicleId: ids.v102 }));
    expect(other.status).toBe(403);
    expect(other.json.error).toMatchObject({
      code: "NOT_ASSIGNED",
      message: INSPECTION_MESSAGES.notAssigned,
    });
    const otherTrailer = await fileInspection(
      jake,
      inspection({
        assetType: "trailer",
        vehicleId: null,
        trailerId: ids.t201,
        checklist: checklist("trailer"),
      }),
    );
    expect(otherTrailer.status).toBe(403);
    const missing = await fileInspection(
      jake,
      inspection({ vehicleId: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(missing.status).toBe(400);
    expect(missing.json.error.details.fields.vehicleId).toBe("That vehicle no longer exists.");
  });

  it("file pre-trip and post-trip inspections only, always as themselves", async () => {
    const annual = await fileInspection(jake, inspection({ type: "annual" }));
    expect(annual.status).toBe(400);
    expect(annual.json.error.details.fields.type).toBe(INSPECTION_MESSAGES.driverTypes);
    const posing = await fileInspection(
      jake,
      inspection({ inspectorName: "Someone Else", type: "post_trip" }),
    );
    expect(posing.status).toBe(201);
    expect(posing.json.inspectorName).toBe("Jake Wilson");
  });

  it("see only their own inspections: another's answers 404, lists and exports hold only theirs", async () => {
    const jakes = await fileInspection(jake, inspection(), [photo()]);
    expect(jakes.status).toBe(201);
    const id = jakes.json.id;
    expect((await call(ctx, `/api/inspections/${id}`, { cookie: rosa })).status).toBe(404);
    const photoRes = await ctx.app.request(`/api/inspections/${id}/images/${jakes.json.images[0].id}`, {
      headers: { origin: TEST_ORIGIN, cookie: rosa },
    });
    expect(photoRes.status).toBe(404);
    const form = new FormData();
    form.append("images", file(photo()));
    expect((await multipart(`/api/inspections/${id}/images`, rosa, form)).status).toBe(404);

    const rosasList = await call(ctx, "/api/inspections?pageSize=100", { cookie: rosa });
    expect(rosasList.status).toBe(200);
    expect(rosasList.json.total).toBeGreaterThan(0);
    expect(rosasList.json.items.every((i: { driverName: string }) => i.driverName === "Rosa Martinez")).toBe(
      true,
    );
    // A driver filter cannot reach past the scope.
    const jakeDriverId = jakes.json.driverId;
    const peek = await call(ctx, `/api/inspections?driverId=${jakeDriverId}`, { cookie: rosa });
    expect(peek.json.total).toBe(0);

    const csv = await ctx.app.request("/api/inspections/export?format=csv", {
      headers: { origin: TEST_ORIGIN, cookie: rosa },
    });
    const text = await csv.text();
    expect(text).toContain("Rosa Martinez");
    expect(text).not.toContain("Jake Wilson");

    // What a driver may pick: their assigned truck and trailer only.
    const assets = await call(ctx, "/api/inspections/assets", { cookie: jake });
    expect(assets.json.items.map((a: { id: string }) => a.id).sort()).toEqual([ids.v101, ids.t202].sort());
  });
});

describe("photos", () => {
  it("are checked by content: a renamed text file or a PDF is refused and nothing is stored", async () => {
    const before = await ctx.deps.db.$count(inspections);
    const fake = await fileInspection(jake, inspection(), [
      photo(),
      { name: "defect.png", bytes: new TextEncoder().encode("not an image at all"), type: "image/png" },
    ]);
    expect(fake.status).toBe(415);
    expect(fake.json.error).toMatchObject({
      code: "FILE_TYPE_NOT_ALLOWED",
      message: INSPECTION_MESSAGES.imageType,
    });
    const pdf = await fileInspection(jake, inspection(), [
      { name: "scan.pdf", bytes: PDF, type: "application/pdf" },
    ]);
    expect(pdf.status).toBe(415);
    expect(await ctx.deps.db.$count(inspections)).toBe(before);
  });

  it("are limited in size and number", async () => {
    const big = new Uint8Array(INSPECTION_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = await fileInspection(jake, inspection(), [{ name: "huge.png", bytes: big }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.code).toBe("FILE_TOO_LARGE");
    const many = Array.from({ length: INSPECTION_MAX_IMAGES + 1 }, (_, i) => photo(`p${i}.png`));
    const tooMany = await fileInspection(jake, inspection(), many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.details.fields.images).toBe(INSPECTION_MESSAGES.tooManyImages);
  });

  it("can be added later by the driver, up to the limit", async () => {
    const filed = await fileInspection(jake, inspection(), [photo()]);
    const form = new FormData();
    form.append("images", file(photo("later-1.png")));
    form.append("images", file(photo("later-2.png")));
    const added = await multipart(`/api/inspections/${filed.json.id}/images`, jake, form);
    expect(added.status).toBe(201);
    expect(added.json.images.map((i: { fileName: string }) => i.fileName)).toEqual([
      "defect.png",
      "later-1.png",
      "later-2.png",
    ]);
    const over = new FormData();
    for (let i = 0; i < INSPECTION_MAX_IMAGES - 2; i++) over.append("images", file(photo(`x${i}.png`)));
    const refused = await multipart(`/api/inspections/${filed.json.id}/images`, jake, over);
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.fields.images).toBe(INSPECTION_MESSAGES.tooManyImages);
  });
});

describe("the list", () => {
  it("searches, filters, sorts and pages on the server", async () => {
    const all = await call(ctx, "/api/inspections?pageSize=10", { cookie: safety });
    expect(all.status).toBe(200);
    expect(all.json.items).toHaveLength(10);
    expect(all.json.total).toBeGreaterThan(20); // the demo history plus this file's
    const dates = all.json.items.map((i: { inspectedAt: string }) => i.inspectedAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page2 = await call(ctx, "/api/inspections?pageSize=10&page=2", { cookie: safety });
    const firstIds = new Set(all.json.items.map((i: { id: string }) => i.id));
    expect(page2.json.items.some((i: { id: string }) => firstIds.has(i.id))).toBe(false);

    const failing = await call(ctx, "/api/inspections?status=fail&pageSize=100", { cookie: safety });
    expect(failing.json.items.length).toBeGreaterThan(0);
    expect(failing.json.items.every((i: { overallStatus: string }) => i.overallStatus === "fail")).toBe(true);

    const trailersOnly = await call(
      ctx,
      `/api/inspections?assetType=trailer&trailerId=${ids.t202}&pageSize=100`,
      {
        cookie: safety,
      },
    );
    expect(trailersOnly.json.items.every((i: { assetLabel: string }) => i.assetLabel === "T-202")).toBe(true);

    const annual = await call(
      ctx,
      `/api/inspections?type=annual&assetType=trailer&from=${annualDay}&to=${annualDay}`,
      { cookie: safety },
    );
    expect(annual.json.items.map((i: { assetLabel: string }) => i.assetLabel)).toEqual(["T-205"]);

    const search = await call(ctx, "/api/inspections?q=midwest%20truck&pageSize=100", { cookie: safety });
    expect(search.json.items.length).toBeGreaterThan(0);
    expect(
      search.json.items.every((i: { inspectorName: string }) => /Midwest Truck/.test(i.inspectorName)),
    ).toBe(true);

    const byAsset = await call(ctx, "/api/inspections?sort=asset&dir=asc&pageSize=100", { cookie: safety });
    const labels = byAsset.json.items.map((i: { assetLabel: string }) => i.assetLabel.toLowerCase());
    expect([...labels].sort()).toEqual(labels);

    const bySeverity = await call(ctx, "/api/inspections?sort=overallStatus&dir=desc&pageSize=10", {
      cookie: safety,
    });
    expect(bySeverity.json.items[0].overallStatus).toBe("fail");

    const bad = await call(ctx, "/api/inspections?status=broken", { cookie: safety });
    expect(bad.status).toBe(400);
  });

  it("filters by driver with the staff's driver list", async () => {
    const drivers = await call(ctx, "/api/inspections/drivers?q=rosa", { cookie: safety });
    expect(drivers.json.items).toEqual([expect.objectContaining({ fullName: "Rosa Martinez" })]);
    const rosas = await call(ctx, `/api/inspections?driverId=${drivers.json.items[0].id}&pageSize=100`, {
      cookie: dispatcher,
    });
    expect(rosas.json.total).toBeGreaterThan(0);
    expect(rosas.json.items.every((i: { driverName: string }) => i.driverName === "Rosa Martinez")).toBe(
      true,
    );
    expect((await call(ctx, "/api/inspections/drivers", { cookie: jake })).status).toBe(403);
    expect((await call(ctx, "/api/inspections", { cookie: accountant })).status).toBe(403);
  });

  it("exports the filtered set as CSV and Excel", async () => {
    const csv = await ctx.app.request("/api/inspections/export?format=csv&status=needs_repair", {
      headers: { origin: TEST_ORIGIN, cookie: safety },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain("Inspected (UTC),Type,Asset type,Asset");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes("Needs repair"))).toBe(true);
    expect(lines.some((l) => l.includes("Mud flaps: Left rear mud flap missing."))).toBe(true);

    const xlsx = await ctx.app.request("/api/inspections/export?format=xlsx&assetType=trailer", {
      headers: { origin: TEST_ORIGIN, cookie: safety },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet("Inspections")!;
    expect(sheet.getRow(1).getCell(4).value).toBe("Asset");
    expect(sheet.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(3).value).toBe("Trailer");
  });
});

describe("the demo history", () => {
  it("gives both demo drivers inspections, one needing repair with its open maintenance item", async () => {
    const seeded = await ctx.deps.db
      .select({ id: inspections.id, status: inspections.overallStatus, email: users.email })
      .from(inspections)
      .innerJoin(users, eq(users.id, inspections.createdBy))
      .where(inArray(users.email, ["driver@demo.test", "driver2@demo.test"]));
    for (const email of ["driver@demo.test", "driver2@demo.test"])
      expect(seeded.filter((s) => s.email === email).length).toBeGreaterThan(5);
    const repairs = seeded.filter((s) => s.status === "needs_repair" && s.email === "driver2@demo.test");
    expect(repairs.length).toBeGreaterThanOrEqual(1);
    const [item] = await ctx.deps.db
      .select()
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.inspectionId, repairs[0].id));
    expect(item).toMatchObject({ trailerId: ids.t201, status: "open", source: "inspection" });
  });
});
