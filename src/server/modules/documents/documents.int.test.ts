import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyDocuments, files } from "../../db/schema";
import { assignedAssetsOfDriver } from "../../http/scope";
import { companyDay } from "../../platform/company-day";
import { driverIdOf, PDF } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { noticeExpiringDocuments } from "./expiry-notices";

let ctx: TestContext;
let accountant: string;
let dispatcher: string;
let safety: string;
let jake: string;
let rosa: string;
let today: string;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  accountant = await signIn(ctx, "accountant@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  safety = await signIn(ctx, "safety@demo.test");
  jake = await signIn(ctx, "driver@demo.test");
  rosa = await signIn(ctx, "driver2@demo.test");
  today = companyDay(new Date(), ctx.deps.config.company.timeZone);
});
afterAll(async () => {
  await ctx.close();
});

async function send(path: string, cookie: string, fields: Record<string, string | File>, method = "POST") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await ctx.app.request(path, { method, headers: { origin: TEST_ORIGIN, cookie }, body: form });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
const pdf = (name: string, content = PDF) => new File([content], name, { type: "application/pdf" });
const upload = (cookie: string, fields: Record<string, string | File>) =>
  send("/api/documents", cookie, fields);

async function fileOf(key: string, cookie: string) {
  const [owner, id] = key.split(":");
  const res = await ctx.app.request(`/api/documents/${owner}/${id}/file?disposition=inline`, {
    headers: { origin: TEST_ORIGIN, cookie },
  });
  return {
    status: res.status,
    disposition: res.headers.get("content-disposition"),
    frame: res.headers.get("x-frame-options"),
    text: await res.text(),
  };
}

const list = async (cookie: string, query = "") =>
  (await call(ctx, `/api/documents?pageSize=100${query}`, { cookie })).json as {
    items: Array<{
      key: string;
      name: string;
      owner: { kind: string; label: string | null };
      expiresOn: string | null;
    }>;
    total: number;
    counts: { expired: number; expiring: number; pending: number };
  };

describe("documents: the company's own", () => {
  it("needs a name and a file (the spec's words), checks the file by content, and edits and deletes", async () => {
    // The spec's sentence is the answer's message, once; each missing field says what it lacks.
    const noName = await upload(accountant, { type: "ucr", file: pdf("ucr.pdf") });
    expect(noName.status).toBe(400);
    expect(noName.json.error.message).toBe("Document upload needs a name and a file.");
    expect(noName.json.error.details.fields).toEqual({ name: "Enter the document's name." });
    const noFile = await upload(accountant, { name: "UCR 2027", type: "ucr" });
    expect(noFile.status).toBe(400);
    expect(noFile.json.error.message).toBe("Document upload needs a name and a file.");
    expect(noFile.json.error.details.fields).toEqual({ file: "Choose a file to upload." });
    const neither = await upload(accountant, { type: "ucr" });
    expect(neither.json.error.details.fields).toEqual({
      name: "Enter the document's name.",
      file: "Choose a file to upload.",
    });
    const fake = await upload(accountant, {
      name: "UCR 2027",
      type: "ucr",
      file: pdf("ucr.pdf", "not a pdf"),
    });
    expect(fake.status).toBe(415);
    // Drivers and safety do not file the company's papers.
    expect((await upload(jake, { name: "UCR 2027", type: "ucr", file: pdf("ucr.pdf") })).status).toBe(403);
    expect((await upload(safety, { name: "UCR 2027", type: "ucr", file: pdf("ucr.pdf") })).status).toBe(403);

    const made = await upload(accountant, {
      name: "UCR registration 2027",
      type: "ucr",
      expiresOn: addDays(today, 5),
      file: pdf("ucr-2027.pdf"),
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      key: `company:${made.json.id}`,
      owner: { kind: "company", id: null, label: null },
      type: "ucr",
      expiresOn: addDays(today, 5),
      visibleToDrivers: false,
      editable: true,
      file: { fileName: "ucr-2027.pdf", contentType: "application/pdf" },
    });
    const found = await list(dispatcher, "&q=UCR%20registration%202027");
    expect(found.items.map((d) => d.key)).toEqual([made.json.key]);
    expect((await list(dispatcher, "&q=UCR%20registration%202027&expiry=expiring")).total).toBe(1);
    expect((await list(dispatcher, "&q=UCR%20registration%202027&expiry=expired")).total).toBe(0);
    const inline = await fileOf(made.json.key, dispatcher);
    expect(inline.status).toBe(200);
    expect(inline.disposition).toMatch(/^inline/);
    // The viewer frames it (our origin only).
    expect(inline.frame).toBe("SAMEORIGIN");
    expect(inline.text).toBe(PDF);

    // A new file replaces the old one (its row goes); the details change with it.
    const [before] = await ctx.deps.db
      .select({ fileId: companyDocuments.fileId })
      .from(companyDocuments)
      .where(eq(companyDocuments.id, made.json.id));
    const edited = await send(
      `/api/documents/company/${made.json.id}`,
      accountant,
      {
        name: "UCR 2027 (paid)",
        type: "ucr",
        expiresOn: addDays(today, 400),
        file: pdf("ucr-2027-paid.pdf"),
      },
      "PUT",
    );
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ name: "UCR 2027 (paid)", file: { fileName: "ucr-2027-paid.pdf" } });
    expect(await ctx.deps.db.select().from(files).where(eq(files.id, before.fileId))).toHaveLength(0);
    const removed = await call(ctx, `/api/documents/company/${made.json.id}`, {
      method: "DELETE",
      cookie: accountant,
    });
    expect(removed.status).toBe(200);
    expect((await fileOf(made.json.key, accountant)).status).toBe(404);
  });

  it("a document whose bytes are gone answers the spec's words, not a blank file", async () => {
    const made = await upload(accountant, {
      name: "IFTA licence",
      type: "ifta_license",
      file: pdf("ifta.pdf"),
    });
    const [row] = await ctx.deps.db
      .select({ key: files.storageKey })
      .from(companyDocuments)
      .innerJoin(files, eq(files.id, companyDocuments.fileId))
      .where(eq(companyDocuments.id, made.json.id));
    await ctx.deps.storage.remove(row.key);
    const res = await ctx.app.request(`/api/documents/company/${made.json.id}/file`, {
      headers: { origin: TEST_ORIGIN, cookie: accountant },
    });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error).toMatchObject({
      code: "DOCUMENT_UNAVAILABLE",
      message: "The document data is not available.",
      details: { title: "Cannot open document" },
    });
  });
});

describe("documents: who sees what", () => {
  it("a driver sees their own, their truck's and the company's marked for drivers; others' are 404", async () => {
    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    const rosaId = await driverIdOf(ctx, "driver2@demo.test");
    const carried = await upload(accountant, {
      name: "IRP cab card",
      type: "irp_cab_card",
      expiresOn: addDays(today, 3),
      visibleToDrivers: "true",
      file: pdf("cab-card.pdf"),
    });
    const office = await upload(accountant, { name: "W-9", type: "w9", file: pdf("w9.pdf") });
    const medical = await send(`/api/drivers/${jakeId}/documents`, dispatcher, {
      kind: "medical_card",
      file: pdf("jake-medical.pdf"),
    });
    expect(medical.status).toBe(201);
    const hers = await send(`/api/drivers/${rosaId}/documents`, dispatcher, {
      kind: "medical_card",
      file: pdf("rosa-medical.pdf"),
    });
    const truck = (await assignedAssetsOfDriver(ctx.deps.db, jakeId)).vehicleId as string;
    const truckDoc = await send(`/api/fleet/vehicles/${truck}/documents`, dispatcher, {
      name: "Registration",
      expiresOn: addDays(today, -2),
      file: pdf("registration.pdf"),
    });
    expect(truckDoc.status).toBe(201);

    const mine = await list(jake);
    const keys = mine.items.map((d) => d.key);
    expect(keys).toContain(carried.json.key);
    expect(keys).toContain(`driver:${medical.json.id}`);
    expect(keys).toContain(`vehicle:${truckDoc.json.id}`);
    expect(keys).not.toContain(office.json.key);
    expect(keys).not.toContain(`driver:${hers.json.id}`);
    expect(mine.items.every((d) => d.owner.kind !== "driver" || d.owner.label === "Jake Wilson")).toBe(true);
    // What needs attention counts what the driver sees: the expired registration at least.
    expect(mine.counts.expired).toBeGreaterThanOrEqual(1);
    // Expiry first: the expired registration before the cab card expiring in three days.
    const dated = mine.items.filter((d) => d.expiresOn);
    expect(dated.map((d) => d.expiresOn)).toEqual([...dated.map((d) => d.expiresOn)].sort());

    expect((await fileOf(`driver:${medical.json.id}`, jake)).status).toBe(200);
    expect((await fileOf(`driver:${hers.json.id}`, jake)).status).toBe(404);
    expect((await fileOf(office.json.key, jake)).status).toBe(404);
    expect((await fileOf(`vehicle:${truckDoc.json.id}`, rosa)).status).toBe(404);
    expect((await fileOf(`driver:${medical.json.id}`, rosa)).status).toBe(404);
    // Staff see everything, filtered by owner.
    const drivers = await list(dispatcher, "&owner=driver&q=medical");
    expect(drivers.items.map((d) => d.key)).toEqual(
      expect.arrayContaining([`driver:${medical.json.id}`, `driver:${hers.json.id}`]),
    );
    expect(drivers.items.every((d) => d.owner.kind === "driver")).toBe(true);
    // A driver cannot edit the company's documents.
    const edit = await send(
      `/api/documents/company/${carried.json.id}`,
      jake,
      { name: "x", type: "other", file: pdf("x.pdf") },
      "PUT",
    );
    expect(edit.status).toBe(403);
  });
});

describe("documents: expiry notices", () => {
  it("tells the office 30, 7 and 1 days before and on the day, once each; a late entry once, at the nearest", async () => {
    const made = await upload(accountant, {
      name: "Hazmat registration",
      type: "permit",
      expiresOn: addDays(today, 5),
      file: pdf("hazmat.pdf"),
    });
    const noticesFor = async () =>
      (
        await ctx.deps.db.execute<{ data: { daysLeft: number }; email: string }>(sql`
          select n.data, u.email from notifications n join users u on u.id = n.recipient_id
          where n.kind = 'document.expiring' and n.data->>'documentId' = ${made.json.id}
          order by n.created_at`)
      ).rows;
    const run = (daysLater: number) =>
      noticeExpiringDocuments(
        ctx.deps.db,
        ctx.deps.config.company.timeZone,
        new Date(Date.now() + daysLater * 86_400_000),
      );
    await run(0);
    // Five days out: the 7-day notice (the 30-day one counts as told with it), to the office roles.
    let notices = await noticesFor();
    expect(notices.filter((n) => n.email === "accountant@demo.test").map((n) => n.data.daysLeft)).toEqual([
      5,
    ]);
    expect(notices.some((n) => n.email === "driver@demo.test")).toBe(false);
    await run(0);
    await run(2);
    expect(await noticesFor()).toHaveLength(notices.length);
    await run(4); // one day left
    await run(5); // the day itself
    await run(5);
    notices = await noticesFor();
    expect(notices.filter((n) => n.email === "accountant@demo.test").map((n) => n.data.daysLeft)).toEqual([
      5, 1, 0,
    ]);
    // Renewed with a new date: announced again when that one comes near.
    await send(
      `/api/documents/company/${made.json.id}`,
      accountant,
      { name: "Hazmat registration", type: "permit", expiresOn: addDays(today, 20) },
      "PUT",
    );
    await run(0);
    notices = await noticesFor();
    expect(notices.filter((n) => n.email === "accountant@demo.test").map((n) => n.data.daysLeft)).toEqual([
      5, 1, 0, 20,
    ]);
  });
});

describe("documents: a driver's own uploads", () => {
  it("a driver files a renewed medical card; dispatch confirms it onto the driver's record", async () => {
    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    const renewed = addDays(today, 700);
    const noFile = await send("/api/documents/mine", jake, { kind: "medical_card", expiresOn: renewed });
    expect(noFile.status).toBe(400);
    // A driver's upload has no name: its message speaks only of the file.
    expect(noFile.json.error.message).toBe("Choose a file to upload.");
    expect(noFile.json.error.details.fields).toEqual({ file: "Choose a file to upload." });
    const badKind = await send("/api/documents/mine", jake, { kind: "license_front", file: pdf("l.pdf") });
    expect(badKind.status).toBe(400);
    expect(badKind.json.error.details.fields.kind).toBe("Choose the kind of document.");
    // Staff do not file as a driver.
    expect(
      (await send("/api/documents/mine", dispatcher, { kind: "other", file: pdf("x.pdf") })).status,
    ).toBe(403);

    const filed = await send("/api/documents/mine", jake, {
      kind: "medical_card",
      expiresOn: renewed,
      file: pdf("medical-card-2028.pdf"),
    });
    expect(filed.status).toBe(201);
    expect(filed.json).toMatchObject({
      owner: { kind: "driver", label: "Jake Wilson" },
      type: "medical_card",
      expiresOn: renewed,
      pending: true,
      confirmable: false,
    });
    // Dispatch is told, sees it waiting, and confirms it; Rosa cannot see it.
    const told = await ctx.deps.db.execute(sql`
      select 1 from notifications n join users u on u.id = n.recipient_id
      where n.kind = 'document.submitted' and n.data->>'documentId' = ${filed.json.id} and u.email = 'dispatcher@demo.test'`);
    expect(told.rows).toHaveLength(1);
    const waiting = await list(dispatcher, "&status=pending");
    expect(waiting.items.map((d) => d.key)).toContain(filed.json.key);
    expect(waiting.items.find((d) => d.key === filed.json.key)).toMatchObject({
      pending: true,
      confirmable: true,
    });
    // The accountant reads it but does not confirm drivers' papers.
    const accountants = await list(accountant, "&status=pending");
    expect(accountants.items.find((d) => d.key === filed.json.key)).toMatchObject({ confirmable: false });
    expect(waiting.counts.pending).toBeGreaterThanOrEqual(1);
    expect((await fileOf(filed.json.key, rosa)).status).toBe(404);
    expect(
      (await call(ctx, `/api/documents/driver/${filed.json.id}/confirm`, { method: "POST", cookie: jake }))
        .status,
    ).toBe(403);
    const confirmed = await call(ctx, `/api/documents/driver/${filed.json.id}/confirm`, {
      method: "POST",
      cookie: dispatcher,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ pending: false, confirmable: false });
    const driver = await call(ctx, `/api/drivers/${jakeId}`, { cookie: dispatcher });
    expect(driver.json.medicalCardExpiry).toBe(renewed);
    expect((await list(dispatcher, "&status=pending")).items.map((d) => d.key)).not.toContain(filed.json.key);
  });
});
