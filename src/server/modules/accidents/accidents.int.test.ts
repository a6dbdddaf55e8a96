import { ACCIDENT_MAX_IMAGES } from "@shared/accidents/accidents.schema";
import { and, count, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accidentImages,
  accidentNotes,
  accidents,
  drivers,
  notifications,
  trailers,
  users,
  vehicles,
} from "../../db/schema";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { IMAGE_TYPE_MESSAGE } from "./accidents.service";

let ctx: TestContext;
let safety: string;
let manager: string;
let admin: string;
let rosaId: string;
let unit102: string;
let trailerT201: string;

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function accidentInput(overrides: Record<string, unknown> = {}) {
  return {
    occurredAt: hoursAgo(30),
    location: "I-80 westbound, mile marker 112, Morris, IL",
    driverId: rosaId,
    vehicleId: unit102,
    trailerId: trailerT201,
    policeReportNumber: "ISP-22-40417",
    description: "Sideswiped by a pickup merging from the on-ramp. Left mirror and fairing damaged.",
    injuries: false,
    claimAmount: "3150.00",
    insurer: "Great West Casualty",
    claimNumber: "GW-900211",
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, cookie = safety) {
  const res = await call(ctx, "/api/accidents", { body: accidentInput(overrides), cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

async function addImage(
  id: string,
  content: string | Uint8Array<ArrayBuffer>,
  name: string,
  type: string,
  cookie = safety,
) {
  const form = new FormData();
  form.set("file", new File([content], name, { type }));
  const res = await ctx.app.request(`/api/accidents/${id}/images`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  ctx = await createTestContext();
  [safety, manager, admin] = await Promise.all([
    signIn(ctx, "safety@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "admin@demo.test"),
  ]);
  const [rosa] = await ctx.deps.db
    .select({ id: drivers.id })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(users.email, "driver2@demo.test"));
  rosaId = rosa.id;
  unit102 = (await ctx.deps.db.select().from(vehicles).where(eq(vehicles.unitNumber, "102")))[0].id;
  trailerT201 = (await ctx.deps.db.select().from(trailers).where(eq(trailers.identifier, "T-201")))[0].id;
});
afterAll(() => ctx.close());

describe("recording an accident", () => {
  it("gives it a reference and an open claim, starts the timeline and tells the other safety staff", async () => {
    const a = await create();
    expect(a.reference).toMatch(new RegExp(`^ACC-${new Date().getUTCFullYear()}-\\d{4}$`));
    expect(a).toMatchObject({
      claimStatus: "open",
      closedAt: null,
      driverName: "Rosa Martinez",
      vehicleLabel: "102",
      trailerLabel: "T-201",
      claimAmount: "3150.00",
      imageCount: 0,
      images: [],
    });
    expect(a.timeline).toEqual([
      expect.objectContaining({ kind: "created", toStatus: "open", authorName: expect.any(String) }),
    ]);
    const recipients = async (email: string) => {
      const [u] = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return ctx.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, u.id), eq(notifications.kind, "accident.recorded")));
    };
    expect((await recipients("manager@demo.test")).some((n) => n.data.reference === a.reference)).toBe(true);
    expect((await recipients("safety@demo.test")).some((n) => n.data.reference === a.reference)).toBe(false);
    expect((await recipients("dispatcher@demo.test")).length).toBe(0);
  });

  it("gives every accident its own reference", async () => {
    const [a, b] = await Promise.all([create(), create()]);
    expect(a.reference).not.toBe(b.reference);
  });

  it("accepts a report without driver, equipment or claim details", async () => {
    const a = await create({
      driverId: null,
      vehicleId: "",
      trailerId: null,
      claimAmount: "",
      policeReportNumber: "",
      insurer: "",
      claimNumber: "",
    });
    expect(a).toMatchObject({ driverId: null, vehicleId: null, trailerId: null, claimAmount: null });
  });

  it("answers 400 with a message per field", async () => {
    const res = await call(ctx, "/api/accidents", {
      body: { occurredAt: "", location: " ", description: "", claimAmount: "1,200" },
      cookie: safety,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toMatchObject({
      occurredAt: "Enter the date and time of the accident.",
      location: "Location is required.",
      description: "Describe what happened.",
      claimAmount: "Enter an amount like 1250 or 1250.50.",
    });
    const future = await call(ctx, "/api/accidents", {
      body: accidentInput({ occurredAt: new Date(Date.now() + 86_400_000).toISOString() }),
      cookie: safety,
    });
    expect(future.status).toBe(400);
    expect(future.json.error.details.fields.occurredAt).toBe("The accident date cannot be in the future.");
    const ghost = await call(ctx, "/api/accidents", {
      body: accidentInput({ vehicleId: "00000000-0000-4000-8000-000000000000" }),
      cookie: safety,
    });
    expect(ghost.status).toBe(400);
    expect(ghost.json.error.details.fields.vehicleId).toBe("Choose an existing vehicle.");
  });

  it("is open to admin, manager and safety only", async () => {
    for (const email of [
      "dispatcher@demo.test",
      "driver@demo.test",
      "accountant@demo.test",
      "customer@demo.test",
    ]) {
      const cookie = await signIn(ctx, email);
      expect((await call(ctx, "/api/accidents", { cookie })).status, email).toBe(403);
      expect((await call(ctx, "/api/accidents", { body: accidentInput(), cookie })).status, email).toBe(403);
    }
    expect((await call(ctx, "/api/accidents", { cookie: admin })).status).toBe(200);
  });
});

describe("the notes timeline", () => {
  it("appends notes with author and time, in order, and never edits them", async () => {
    const a = await create();
    const first = await call(ctx, `/api/accidents/${a.id}/notes`, {
      body: { body: "Driver statement received." },
      cookie: safety,
    });
    expect(first.status).toBe(201);
    const second = await call(ctx, `/api/accidents/${a.id}/notes`, {
      body: { body: "Adjuster visit booked for Thursday." },
      cookie: manager,
    });
    const notes = second.json.timeline.filter((e: { kind: string }) => e.kind === "note");
    expect(notes.map((n: { body: string }) => n.body)).toEqual([
      "Driver statement received.",
      "Adjuster visit booked for Thursday.",
    ]);
    expect(notes[0].authorName).not.toBe(notes[1].authorName);
    expect(Date.parse(notes[0].createdAt)).toBeLessThanOrEqual(Date.parse(notes[1].createdAt));

    const empty = await call(ctx, `/api/accidents/${a.id}/notes`, { body: { body: "  " }, cookie: safety });
    expect(empty.status).toBe(400);
    expect(empty.json.error.details.fields.body).toBe("Write a note first.");

    // There is no operation that edits or removes a note.
    const noteId = notes[0].id;
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await call(ctx, `/api/accidents/${a.id}/notes/${noteId}`, {
        method,
        body: method === "DELETE" ? undefined : { body: "changed" },
        cookie: admin,
      });
      expect(res.status, method).toBe(404);
    }
    const [row] = await ctx.deps.db.select().from(accidentNotes).where(eq(accidentNotes.id, noteId));
    expect(row.body).toBe("Driver statement received.");
  });

  it("records edits with the fields changed", async () => {
    const a = await create();
    const res = await call(ctx, `/api/accidents/${a.id}`, {
      method: "PUT",
      body: accidentInput({ occurredAt: a.occurredAt, claimAmount: "3400", insurer: "Northland Insurance" }),
      cookie: safety,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ claimAmount: "3400.00", insurer: "Northland Insurance" });
    expect(res.json.timeline.at(-1)).toMatchObject({ kind: "updated", fields: ["claimAmount", "insurer"] });
    // Saving unchanged adds nothing.
    const same = await call(ctx, `/api/accidents/${a.id}`, {
      method: "PUT",
      body: accidentInput({
        occurredAt: a.occurredAt,
        claimAmount: "3400.00",
        insurer: "Northland Insurance",
      }),
      cookie: safety,
    });
    expect(same.json.timeline).toHaveLength(res.json.timeline.length);
  });
});

describe("the claim", () => {
  it("closes with a note on the timeline, refuses closing twice and can be reopened", async () => {
    const a = await create();
    const closed = await call(ctx, `/api/accidents/${a.id}/claim-status`, {
      body: { status: "closed", note: "Settled for $3,150; payment received." },
      cookie: safety,
    });
    expect(closed.status).toBe(200);
    expect(closed.json.claimStatus).toBe("closed");
    expect(closed.json.closedAt).toEqual(expect.any(String));
    expect(closed.json.timeline.at(-1)).toMatchObject({
      kind: "status",
      fromStatus: "open",
      toStatus: "closed",
      body: "Settled for $3,150; payment received.",
    });
    const again = await call(ctx, `/api/accidents/${a.id}/claim-status`, {
      body: { status: "closed" },
      cookie: safety,
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: "CLAIM_STATUS_UNCHANGED",
      message: "The claim is already closed.",
    });

    const list = await call(ctx, `/api/accidents?claimStatus=closed&q=${a.reference}`, { cookie: safety });
    expect(list.json.items.map((x: { id: string }) => x.id)).toEqual([a.id]);

    const reopened = await call(ctx, `/api/accidents/${a.id}/claim-status`, {
      body: { status: "open", note: "Other party's insurer reversed the payment." },
      cookie: manager,
    });
    expect(reopened.json).toMatchObject({ claimStatus: "open", closedAt: null });
    expect(reopened.json.timeline.filter((e: { kind: string }) => e.kind === "status")).toHaveLength(2);
  });

  it("keeps its status out of an edit", async () => {
    const a = await create();
    const res = await call(ctx, `/api/accidents/${a.id}`, {
      method: "PUT",
      body: { ...accidentInput(), claimStatus: "closed" },
      cookie: safety,
    });
    expect(res.json.claimStatus).toBe("open");
  });
});

describe("photos", () => {
  it("takes several images, checked by content, and records them", async () => {
    const a = await create();
    const png = await addImage(a.id, PNG, "front.png", "image/png");
    expect(png.status).toBe(201);
    const jpg = await addImage(a.id, JPEG, "side.jpg", "image/jpeg");
    expect(jpg.status).toBe(201);
    expect(jpg.json.imageCount).toBe(2);
    expect(jpg.json.images.map((i: { fileName: string }) => i.fileName)).toEqual(["front.png", "side.jpg"]);
    expect(jpg.json.timeline.filter((e: { kind: string }) => e.kind === "image_added")).toHaveLength(2);

    // A PDF is a document, not a photo; text named .jpg is neither.
    const pdf = await addImage(a.id, PDF, "report.pdf", "application/pdf");
    expect(pdf.status).toBe(415);
    expect(pdf.json.error.message).toBe(IMAGE_TYPE_MESSAGE);
    const fake = await addImage(a.id, "<script>alert(1)</script>", "photo.jpg", "image/jpeg");
    expect(fake.status).toBe(415);
    const empty = await addImage(a.id, "", "empty.png", "image/png");
    expect(empty.status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG.slice(0, 8));
    expect((await addImage(a.id, big, "big.png", "image/png")).status).toBe(413);
    const [{ n }] = await ctx.deps.db
      .select({ n: count() })
      .from(accidentImages)
      .where(eq(accidentImages.accidentId, a.id));
    expect(n).toBe(2);

    const imageId = png.json.images[0].id;
    const shown = await ctx.app.request(`/api/accidents/${a.id}/images/${imageId}`, {
      headers: { cookie: safety },
    });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(shown.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(shown.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(PNG);
    const saved = await ctx.app.request(`/api/accidents/${a.id}/images/${imageId}?download=1`, {
      headers: { cookie: safety },
    });
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment;/);

    // Another accident's photo id under this accident is not found.
    const other = await create();
    expect(
      (await ctx.app.request(`/api/accidents/${other.id}/images/${imageId}`, { headers: { cookie: safety } }))
        .status,
    ).toBe(404);
    const dispatcher = await signIn(ctx, "dispatcher@demo.test");
    expect(
      (await ctx.app.request(`/api/accidents/${a.id}/images/${imageId}`, { headers: { cookie: dispatcher } }))
        .status,
    ).toBe(403);

    const removed = await call(ctx, `/api/accidents/${a.id}/images/${imageId}`, {
      method: "DELETE",
      cookie: safety,
    });
    expect(removed.status).toBe(200);
    expect(removed.json.imageCount).toBe(1);
    expect(removed.json.timeline.at(-1)).toMatchObject({ kind: "image_removed", fileName: "front.png" });
  });

  it(`keeps at most ${ACCIDENT_MAX_IMAGES} photos`, async () => {
    const a = await create();
    for (let i = 0; i < ACCIDENT_MAX_IMAGES; i++) {
      expect((await addImage(a.id, PNG, `p${i}.png`, "image/png")).status).toBe(201);
    }
    const extra = await addImage(a.id, PNG, "one-more.png", "image/png");
    expect(extra.status).toBe(409);
    expect(extra.json.error.code).toBe("TOO_MANY_IMAGES");
  });
});

describe("the list", () => {
  it("filters, searches, sorts, pages and exports", async () => {
    const tag = `LOC-${Date.now().toString(36)}`;
    const old = await create({
      location: `${tag} Gary, IN`,
      occurredAt: hoursAgo(24 * 40),
      claimAmount: "900",
      injuries: true,
    });
    const recent = await create({
      location: `${tag} Joliet, IL`,
      occurredAt: hoursAgo(5),
      claimAmount: "12000",
    });
    const none = await create({
      location: `${tag} Peoria, IL`,
      occurredAt: hoursAgo(24 * 3),
      claimAmount: null,
    });

    const byAmount = await call(ctx, `/api/accidents?q=${tag}&sort=claimAmount&dir=desc`, { cookie: safety });
    expect(byAmount.json.items.map((x: { id: string }) => x.id)).toEqual([recent.id, old.id, none.id]);
    const byDate = await call(ctx, `/api/accidents?q=${tag}&sort=occurredAt&dir=asc`, { cookie: safety });
    expect(byDate.json.items.map((x: { id: string }) => x.id)).toEqual([old.id, none.id, recent.id]);

    const injured = await call(ctx, `/api/accidents?q=${tag}&injuries=true`, { cookie: safety });
    expect(injured.json.items.map((x: { id: string }) => x.id)).toEqual([old.id]);

    const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const recentOnly = await call(ctx, `/api/accidents?q=${tag}&from=${since}`, { cookie: safety });
    expect(recentOnly.json.total).toBe(2);

    const byDriver = await call(ctx, `/api/accidents?driverId=${rosaId}&pageSize=100`, { cookie: safety });
    expect(byDriver.json.items.every((x: { driverName: string }) => x.driverName === "Rosa Martinez")).toBe(
      true,
    );
    const byName = await call(ctx, `/api/accidents?q=rosa&pageSize=100`, { cookie: safety });
    expect(byName.json.total).toBe(byDriver.json.total);
    const byUnit = await call(ctx, `/api/accidents?vehicleId=${unit102}&pageSize=100`, { cookie: safety });
    expect(byUnit.json.items.every((x: { vehicleLabel: string }) => x.vehicleLabel === "102")).toBe(true);

    const p1 = await call(ctx, "/api/accidents?pageSize=10&page=1", { cookie: safety });
    const p2 = await call(ctx, "/api/accidents?pageSize=10&page=2", { cookie: safety });
    expect(p1.json.items).toHaveLength(10);
    const seen = new Set(p1.json.items.map((x: { id: string }) => x.id));
    expect(p2.json.items.some((x: { id: string }) => seen.has(x.id))).toBe(false);

    const csv = await ctx.app.request(`/api/accidents/export?format=csv&q=${tag}`, {
      headers: { cookie: safety },
    });
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain("Reference,Date (UTC),Location,Driver");
    expect(lines).toHaveLength(4);
    const xlsx = await ctx.app.request(`/api/accidents/export?format=xlsx&injuries=true&q=${tag}`, {
      headers: { cookie: safety },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.getWorksheet("Accidents")?.rowCount).toBe(2);
  });

  it("sums open claims for the header", async () => {
    const res = await call(ctx, "/api/accidents/summary", { cookie: safety });
    expect(res.status).toBe(200);
    const open = await ctx.deps.db.select().from(accidents).where(eq(accidents.claimStatus, "open"));
    expect(res.json.openClaims).toBe(open.length);
    const cents = open.reduce((s, a) => s + Math.round(Number(a.claimAmount ?? 0) * 100), 0);
    expect(Math.round(Number(res.json.openClaimAmount) * 100)).toBe(cents);
  });
});

describe("safety pickers", () => {
  it("lists drivers with their assigned truck and trailer, vehicles and trailers, for safety staff only", async () => {
    const res = await call(ctx, "/api/safety/options/drivers?q=rosa", { cookie: safety });
    expect(res.status).toBe(200);
    expect(res.json.items[0]).toMatchObject({
      label: "Rosa Martinez",
      vehicleLabel: "102",
      trailerLabel: "T-201",
    });
    const units = await call(ctx, "/api/safety/options/vehicles?q=10", { cookie: safety });
    expect(units.json.items.length).toBeGreaterThan(0);
    const boxes = await call(ctx, "/api/safety/options/trailers?q=T-2", { cookie: manager });
    expect(boxes.json.items.map((t: { label: string }) => t.label)).toContain("T-201");
    const driver = await signIn(ctx, "driver@demo.test");
    expect((await call(ctx, "/api/safety/options/drivers", { cookie: driver })).status).toBe(403);
  });
});

describe("demo data", () => {
  it("has one closed and one open claim, each with a timeline", async () => {
    const demo = await ctx.deps.db
      .select()
      .from(accidents)
      .where(inArray(accidents.claimNumber, ["GW-7734215", "NL-55201873"]))
      .orderBy(accidents.claimStatus);
    expect(demo.map((r) => r.claimStatus)).toEqual(["open", "closed"]);
    expect(demo[1].closedAt).not.toBeNull();
    for (const a of demo) {
      const entries = await ctx.deps.db
        .select()
        .from(accidentNotes)
        .where(eq(accidentNotes.accidentId, a.id));
      expect(entries.filter((e) => e.kind === "note").length).toBeGreaterThanOrEqual(2);
    }
  });
});
