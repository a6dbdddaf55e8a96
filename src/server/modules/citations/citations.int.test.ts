import { DISPUTE_REASON_REQUIRED } from "@shared/citations/citations.schema";
import { and, count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accidents, citations, drivers, notifications, users } from "../../db/schema";
import { seedSafetyDemo } from "../../seed/safety-demo";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let safety: string;
let manager: string;
let jake: string;
let rosa: string;
let jakeId: string;
let rosaId: string;
let marcusId: string;

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function driverIdOf(email: string) {
  const [row] = await ctx.deps.db
    .select({ id: drivers.id })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(users.email, email));
  return row.id;
}
async function userIdOf(email: string) {
  const [row] = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

function citationInput(overrides: Record<string, unknown> = {}) {
  return {
    driverId: jakeId,
    citationNumber: "TEST-1001",
    issuedOn: day(-10),
    dueOn: day(20),
    city: "Rockford",
    state: "IL",
    violation: "Speeding 9 mph over the limit",
    fineAmount: "135.50",
    notes: "",
    ...overrides,
  };
}

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await call(ctx, "/api/citations", { body: citationInput(overrides), cookie: safety });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
};

async function upload(
  cookie: string,
  id: string,
  content: string | Uint8Array<ArrayBuffer>,
  name: string,
  type: string,
) {
  const form = new FormData();
  form.set("file", new File([content], name, { type }));
  const res = await ctx.app.request(`/api/citations/${id}/file`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function download(cookie: string, id: string) {
  const res = await ctx.app.request(`/api/citations/${id}/file`, { headers: { cookie } });
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  [safety, manager, jake, rosa] = await Promise.all([
    signIn(ctx, "safety@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "driver2@demo.test"),
  ]);
  jakeId = await driverIdOf("driver@demo.test");
  rosaId = await driverIdOf("driver2@demo.test");
  const [marcus] = await ctx.deps.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.fullName, "Marcus Johnson"));
  marcusId = marcus.id;
});
afterAll(() => ctx.close());

describe("recording a citation", () => {
  it("stores it open with its history, and tells the driver", async () => {
    const c = await create({ violation: "Speeding 11 mph over the limit (US-20)" });
    expect(c).toMatchObject({
      driverId: jakeId,
      driverName: "Jake Wilson",
      status: "open",
      overdue: false,
      fineAmount: "135.50",
      hasFile: false,
      allowedStatuses: ["paid", "disputed", "dismissed"],
      canDispute: false,
    });
    expect(c.events).toHaveLength(1);
    expect(c.events[0]).toMatchObject({ fromStatus: null, toStatus: "open", actorName: expect.any(String) });
    const jakeUser = await userIdOf("driver@demo.test");
    const sent = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, jakeUser), eq(notifications.kind, "citation.recorded")));
    const note = sent.find((n) => n.data.violation === "Speeding 11 mph over the limit (US-20)");
    expect(note?.link).toBe(`/operations/citations?open=${c.id}`);
  });

  it("answers 400 with a message per missing field", async () => {
    const res = await call(ctx, "/api/citations", {
      body: { driverId: "", issuedOn: "", dueOn: "", city: "", state: "", violation: " ", fineAmount: "" },
      cookie: safety,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toMatchObject({
      driverId: "Choose a driver.",
      issuedOn: "Enter the citation date.",
      dueOn: "Enter the due date.",
      city: "City is required.",
      state: "State is required.",
      violation: "Describe the violation.",
      fineAmount: "Enter the fine amount.",
    });
    const money = await call(ctx, "/api/citations", {
      body: citationInput({ fineAmount: "12.345" }),
      cookie: safety,
    });
    expect(money.json.error.details.fields.fineAmount).toBe("Enter an amount like 1250 or 1250.50.");
  });

  it("refuses a due date before the citation date, a future citation date and an unknown driver", async () => {
    const early = await call(ctx, "/api/citations", {
      body: citationInput({ issuedOn: day(-5), dueOn: day(-6) }),
      cookie: safety,
    });
    expect(early.status).toBe(400);
    expect(early.json.error.details.fields.dueOn).toBe("The due date must be on or after the citation date.");
    const future = await call(ctx, "/api/citations", {
      body: citationInput({ issuedOn: day(5), dueOn: day(40) }),
      cookie: safety,
    });
    expect(future.status).toBe(400);
    expect(future.json.error.details.fields.issuedOn).toBe("The citation date cannot be in the future.");
    const ghost = await call(ctx, "/api/citations", {
      body: citationInput({ driverId: "00000000-0000-4000-8000-000000000000" }),
      cookie: safety,
    });
    expect(ghost.status).toBe(400);
    expect(ghost.json.error.details.fields.driverId).toBe("Choose an existing driver.");
  });

  it("lets staff correct the details but not the status through an edit", async () => {
    const c = await create();
    const res = await call(ctx, `/api/citations/${c.id}`, {
      method: "PUT",
      body: citationInput({ driverId: marcusId, fineAmount: "200", status: "paid" }),
      cookie: manager,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ driverName: "Marcus Johnson", fineAmount: "200.00", status: "open" });
    const asDriver = await call(ctx, `/api/citations/${c.id}`, {
      method: "PUT",
      body: citationInput(),
      cookie: jake,
    });
    expect(asDriver.status).toBe(403);
  });

  it("is closed to dispatchers, accountants and customers", async () => {
    for (const email of ["dispatcher@demo.test", "accountant@demo.test", "customer@demo.test"]) {
      const cookie = await signIn(ctx, email);
      expect((await call(ctx, "/api/citations", { cookie })).status).toBe(403);
    }
  });
});

describe("driver isolation", () => {
  let jakes: { id: string };
  let rosas: { id: string };

  beforeAll(async () => {
    jakes = await create({ driverId: jakeId, violation: "Jake's isolation ticket" });
    rosas = await create({ driverId: rosaId, violation: "Rosa's isolation ticket" });
    expect((await upload(safety, jakes.id, PDF, "jake-ticket.pdf", "application/pdf")).status).toBe(200);
    expect((await upload(safety, rosas.id, PDF, "rosa-ticket.pdf", "application/pdf")).status).toBe(200);
  });

  it("shows a driver only their own citations, whatever the filter asks", async () => {
    const own = await call(ctx, "/api/citations?pageSize=100", { cookie: jake });
    expect(own.status).toBe(200);
    expect(own.json.items.length).toBeGreaterThan(0);
    expect(own.json.items.every((c: { driverId: string }) => c.driverId === jakeId)).toBe(true);
    const [{ n }] = await ctx.deps.db
      .select({ n: count() })
      .from(citations)
      .where(eq(citations.driverId, jakeId));
    expect(own.json.total).toBe(n);
    const asked = await call(ctx, `/api/citations?driverId=${rosaId}&pageSize=100`, { cookie: jake });
    expect(asked.json.items.every((c: { driverId: string }) => c.driverId === jakeId)).toBe(true);
    const search = await call(ctx, `/api/citations?q=${encodeURIComponent("Rosa's isolation")}`, {
      cookie: jake,
    });
    expect(search.json.total).toBe(0);
  });

  it("answers 404 for another driver's citation and its file, 200 for one's own", async () => {
    const other = await call(ctx, `/api/citations/${rosas.id}`, { cookie: jake });
    expect(other.status).toBe(404);
    expect((await download(jake, rosas.id)).status).toBe(404);
    const mine = await call(ctx, `/api/citations/${jakes.id}`, { cookie: jake });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ canDispute: true, allowedStatuses: [] });
    const file = await download(jake, jakes.id);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.body)).toBe(PDF);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain("jake-ticket.pdf");
    // And the other way round.
    expect((await call(ctx, `/api/citations/${jakes.id}`, { cookie: rosa })).status).toBe(404);
    expect((await download(rosa, jakes.id)).status).toBe(404);
  });

  it("exports and sums only the driver's own citations", async () => {
    const res = await ctx.app.request("/api/citations/export?format=csv", { headers: { cookie: jake } });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain("Jake Wilson");
    expect(csv).not.toContain("Rosa Martinez");
    expect(csv).not.toContain("Marcus Johnson");
    const own = await call(ctx, "/api/citations/summary", { cookie: jake });
    const all = await call(ctx, "/api/citations/summary", { cookie: safety });
    expect(own.status).toBe(200);
    expect(own.json.open).toBeGreaterThan(0);
    expect(all.json.open).toBeGreaterThan(own.json.open);
  });

  it("keeps files to staff: drivers cannot upload or remove them", async () => {
    expect((await upload(jake, jakes.id, PDF, "mine.pdf", "application/pdf")).status).toBe(403);
    expect(
      (await call(ctx, `/api/citations/${jakes.id}/file`, { method: "DELETE", cookie: jake })).status,
    ).toBe(403);
  });
});

describe("disputes", () => {
  it("lets a driver dispute their own open citation with a reason; staff are notified", async () => {
    const c = await create({ driverId: jakeId, citationNumber: "DSP-1" });
    const res = await call(ctx, `/api/citations/${c.id}/dispute`, {
      body: { reason: "  The light was yellow; dash camera footage attached to my email.  " },
      cookie: jake,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: "disputed",
      disputeReason: "The light was yellow; dash camera footage attached to my email.",
      canDispute: false,
    });
    expect(res.json.disputedAt).toEqual(expect.any(String));
    expect(res.json.events.at(-1)).toMatchObject({
      fromStatus: "open",
      toStatus: "disputed",
      actorName: "Jake Wilson",
      note: "The light was yellow; dash camera footage attached to my email.",
    });
    const safetyUser = await userIdOf("safety@demo.test");
    const told = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, safetyUser), eq(notifications.kind, "citation.disputed")));
    expect(told.some((n) => n.data.citation === "DSP-1")).toBe(true);
  });

  it("requires a reason", async () => {
    const c = await create({ driverId: jakeId });
    for (const body of [{}, { reason: "" }, { reason: "   " }]) {
      const res = await call(ctx, `/api/citations/${c.id}/dispute`, { body, cookie: jake });
      expect(res.status).toBe(400);
      expect(res.json.error.details.fields.reason).toBe(DISPUTE_REASON_REQUIRED);
    }
    const after = await call(ctx, `/api/citations/${c.id}`, { cookie: jake });
    expect(after.json.status).toBe("open");
  });

  it("answers 404 for another driver's citation and leaves it untouched", async () => {
    const c = await create({ driverId: rosaId });
    const res = await call(ctx, `/api/citations/${c.id}/dispute`, {
      body: { reason: "Not mine" },
      cookie: jake,
    });
    expect(res.status).toBe(404);
    const [row] = await ctx.deps.db.select().from(citations).where(eq(citations.id, c.id));
    expect(row.status).toBe("open");
  });

  it("refuses a citation that is not open (409) and leaves disputing to drivers (403 for staff)", async () => {
    const c = await create({ driverId: jakeId });
    const first = await call(ctx, `/api/citations/${c.id}/dispute`, {
      body: { reason: "Wrong plate" },
      cookie: jake,
    });
    expect(first.status).toBe(200);
    const again = await call(ctx, `/api/citations/${c.id}/dispute`, {
      body: { reason: "Again" },
      cookie: jake,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("CITATION_NOT_OPEN");

    const paid = await create({ driverId: jakeId });
    await call(ctx, `/api/citations/${paid.id}/status`, { body: { status: "paid" }, cookie: safety });
    const late = await call(ctx, `/api/citations/${paid.id}/dispute`, {
      body: { reason: "Too late" },
      cookie: jake,
    });
    expect(late.status).toBe(409);

    const staff = await call(ctx, `/api/citations/${c.id}/dispute`, {
      body: { reason: "x" },
      cookie: safety,
    });
    expect(staff.status).toBe(403);
  });
});

describe("status changes by staff", () => {
  it("follows the transition table and records every change", async () => {
    const c = await create({ driverId: rosaId });
    const paid = await call(ctx, `/api/citations/${c.id}/status`, {
      body: { status: "paid", note: "Paid by company card" },
      cookie: safety,
    });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ status: "paid", allowedStatuses: ["open"] });
    const refused = await call(ctx, `/api/citations/${c.id}/status`, {
      body: { status: "dismissed" },
      cookie: safety,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "INVALID_TRANSITION",
      message: "A paid citation can only be reopened.",
    });
    const same = await call(ctx, `/api/citations/${c.id}/status`, {
      body: { status: "paid" },
      cookie: safety,
    });
    expect(same.status).toBe(409);
    expect(same.json.error.message).toBe("The citation is already paid.");
    const reopened = await call(ctx, `/api/citations/${c.id}/status`, {
      body: { status: "open" },
      cookie: manager,
    });
    expect(reopened.json.status).toBe("open");
    expect(reopened.json.events.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      "open",
      "paid",
      "open",
    ]);
    expect(reopened.json.events[1].note).toBe("Paid by company card");
  });

  it("needs a reason when staff mark a citation disputed", async () => {
    const c = await create();
    const res = await call(ctx, `/api/citations/${c.id}/status`, {
      body: { status: "disputed" },
      cookie: safety,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields.note).toBe(DISPUTE_REASON_REQUIRED);
    const ok = await call(ctx, `/api/citations/${c.id}/status`, {
      body: { status: "disputed", note: "Company contests: the unit was parked at the yard." },
      cookie: safety,
    });
    expect(ok.json).toMatchObject({
      status: "disputed",
      disputeReason: "Company contests: the unit was parked at the yard.",
    });
  });

  it("is refused to drivers", async () => {
    const c = await create({ driverId: jakeId });
    const res = await call(ctx, `/api/citations/${c.id}/status`, {
      body: { status: "dismissed" },
      cookie: jake,
    });
    expect(res.status).toBe(403);
  });
});

describe("overdue", () => {
  it("flags an open citation past its due date and filters by it", async () => {
    const late = await create({ citationNumber: "LATE-1", issuedOn: day(-40), dueOn: day(-2) });
    expect(late.overdue).toBe(true);
    const dueToday = await create({ citationNumber: "LATE-0", issuedOn: day(-30), dueOn: day(0) });
    expect(dueToday.overdue).toBe(false);
    const list = await call(ctx, "/api/citations?overdue=true&pageSize=100", { cookie: safety });
    const numbers = list.json.items.map((c: { citationNumber: string }) => c.citationNumber);
    expect(numbers).toContain("LATE-1");
    expect(numbers).not.toContain("LATE-0");
    expect(
      list.json.items.every((c: { overdue: boolean; status: string }) => c.overdue && c.status === "open"),
    ).toBe(true);
    const paid = await call(ctx, `/api/citations/${late.id}/status`, {
      body: { status: "paid" },
      cookie: safety,
    });
    expect(paid.json.overdue).toBe(false);
  });
});

describe("the list", () => {
  it("filters by driver, status and period, searches, sorts and pages", async () => {
    const tag = `Q${Date.now().toString(36)}`;
    for (const [i, amount] of ["90.00", "310.00", "45.25"].entries()) {
      await create({
        driverId: marcusId,
        citationNumber: `${tag}-${i}`,
        issuedOn: day(-100 - i),
        dueOn: day(-70),
        fineAmount: amount,
      });
    }
    const byDriver = await call(ctx, `/api/citations?driverId=${marcusId}&pageSize=100`, { cookie: safety });
    expect(byDriver.json.items.every((c: { driverName: string }) => c.driverName === "Marcus Johnson")).toBe(
      true,
    );

    const search = await call(ctx, `/api/citations?q=${tag}&sort=fineAmount&dir=asc`, { cookie: safety });
    expect(search.json.items.map((c: { fineAmount: string }) => c.fineAmount)).toEqual([
      "45.25",
      "90.00",
      "310.00",
    ]);

    const byName = await call(ctx, `/api/citations?q=marcus&pageSize=100`, { cookie: safety });
    expect(byName.json.total).toBeGreaterThanOrEqual(3);

    const period = await call(ctx, `/api/citations?q=${tag}&from=${day(-101)}&to=${day(-100)}`, {
      cookie: safety,
    });
    expect(period.json.items.map((c: { citationNumber: string }) => c.citationNumber).sort()).toEqual([
      `${tag}-0`,
      `${tag}-1`,
    ]);

    const open = await call(ctx, "/api/citations?status=paid&pageSize=100", { cookie: safety });
    expect(open.json.items.every((c: { status: string }) => c.status === "paid")).toBe(true);

    const page1 = await call(ctx, "/api/citations?pageSize=10&page=1", { cookie: safety });
    const page2 = await call(ctx, "/api/citations?pageSize=10&page=2", { cookie: safety });
    expect(page1.json.items).toHaveLength(10);
    expect(page2.json.page).toBe(2);
    const ids = new Set(page1.json.items.map((c: { id: string }) => c.id));
    expect(page2.json.items.some((c: { id: string }) => ids.has(c.id))).toBe(false);

    const bad = await call(ctx, "/api/citations?status=lost&sort=colour", { cookie: safety });
    expect(bad.status).toBe(400);
  });

  it("exports the filtered set as CSV and Excel", async () => {
    const csv = await ctx.app.request("/api/citations/export?format=csv&status=disputed", {
      headers: { cookie: safety },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/citations-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain("Citation number,Driver,Date,Due date");
    expect(lines.slice(1).every((l) => l.includes(",disputed,"))).toBe(true);

    const xlsx = await ctx.app.request("/api/citations/export?format=xlsx", { headers: { cookie: safety } });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet("Citations");
    const total = (await call(ctx, "/api/citations", { cookie: safety })).json.total;
    expect(sheet?.rowCount).toBe(total + 1);
  });
});

describe("the file", () => {
  it("checks size and content, replaces and removes it", async () => {
    const c = await create();
    const text = await upload(safety, c.id, "just some text", "ticket.pdf", "application/pdf");
    expect(text.status).toBe(415);
    const empty = await upload(safety, c.id, "", "ticket.pdf", "application/pdf");
    expect(empty.status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect((await upload(safety, c.id, big, "big.pdf", "application/pdf")).status).toBe(413);

    const first = await upload(safety, c.id, PDF, "first.pdf", "application/pdf");
    expect(first.status).toBe(200);
    expect(first.json.file).toMatchObject({ fileName: "first.pdf", contentType: "application/pdf" });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    const second = await upload(safety, c.id, jpeg, "photo.jpg", "image/jpeg");
    expect(second.json.file).toMatchObject({ fileName: "photo.jpg", contentType: "image/jpeg" });
    const got = await download(safety, c.id);
    expect(got.body).toEqual(jpeg);

    const removed = await call(ctx, `/api/citations/${c.id}/file`, { method: "DELETE", cookie: safety });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ file: null, hasFile: false });
    expect((await download(safety, c.id)).status).toBe(404);
  });
});

describe("demo data", () => {
  it("gives both demo drivers open, paid and disputed-or-dismissed citations", async () => {
    const statuses = async (driverId: string) =>
      (await ctx.deps.db.select().from(citations).where(eq(citations.driverId, driverId))).map(
        (c) => c.status,
      );
    const j = await statuses(jakeId);
    const r = await statuses(rosaId);
    expect(j).toEqual(expect.arrayContaining(["open", "paid"]));
    expect(r).toEqual(expect.arrayContaining(["open", "paid", "disputed", "dismissed"]));
  });
});

describe("demo seed with the storage service", () => {
  it("attaches a PDF copy of the ticket to every citation", async () => {
    await ctx.deps.db.delete(citations);
    await ctx.deps.db.delete(accidents);
    await ctx.deps.db.transaction((tx) => seedSafetyDemo(tx, ctx.deps.storage));
    const rows = await ctx.deps.db.select().from(citations);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((r) => r.fileId)).toBe(true);
    const rosas = rows.find((r) => r.driverId === rosaId && r.status === "disputed");
    expect(rosas).toBeDefined();
    const file = await download(rosa, rosas!.id);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.body.slice(0, 5))).toBe("%PDF-");
    expect((await download(jake, rosas!.id)).status).toBe(404);
  });
});
