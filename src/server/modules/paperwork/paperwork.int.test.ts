import { and, eq, like, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, loadPaperworkReviews, loads, notifications } from "../../db/schema";
import { seedPaperworkDemo } from "../../seed/paperwork-demo";
import { customerIdOf, driverIdOf, loadInput, uploadFile, userIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { startSmtpSink } from "../../testing/smtp-sink";

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let accountant: string;
let dispatcher: string;
let driver: string;
let driverUserId: string;
let driverId: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url });
  [accountant, dispatcher, driver] = await Promise.all([
    signIn(ctx, "accountant@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "driver@demo.test"),
  ]);
  driverUserId = await userIdOf(ctx, "driver@demo.test");
  driverId = await driverIdOf(ctx, "driver@demo.test");
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** A real PDF of `pages` pages (the merge counts them). */
async function pdfOf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 50, y: 700 });
  return new Uint8Array(await doc.save());
}

/** A load of the demo driver, delivered today, with no paperwork. */
async function deliveredLoad(status: "completed" | "in_progress" | "pending" = "completed") {
  const customerId = await customerIdOf(ctx, "customer@demo.test");
  const created = await call(ctx, "/api/loads", {
    method: "POST",
    body: loadInput({ customerId, driverId }),
    cookie: dispatcher,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  await ctx.deps.db
    .update(loads)
    .set({ status, deliveredAt: status === "completed" ? new Date() : null })
    .where(eq(loads.id, created.json.id));
  return created.json as { id: string; loadNumber: string };
}

const row = async (loadNumber: string) => {
  const page = (await call(ctx, `/api/paperwork?q=${loadNumber}`, { cookie: accountant })).json;
  expect(page.total).toBe(1);
  return page.items[0];
};
const post = (path: string, body: unknown = {}, cookie = accountant) =>
  call(ctx, path, { method: "POST", body, cookie });

const notificationsOf = (kind: string, loadId: string) =>
  ctx.deps.db
    .select({ note: notifications.note, link: notifications.link, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.recipientId, driverUserId), eq(notifications.kind, kind)))
    .then((rows) => rows.filter((r) => (r.data as { loadId?: string }).loadId === loadId));

describe("the BOL manager", () => {
  it("has demo paperwork: the driver's latest delivered BOL rejected, his load on the road asked for", async () => {
    // The test database's demo has no stored files: give the driver's unbilled delivered loads a BOL
    // (as `npm start`'s demo does) and seed the reviews again.
    const db = ctx.deps.db;
    await db.delete(loadPaperworkReviews);
    await db.delete(notifications).where(like(notifications.kind, "paperwork.%"));
    const unbilled = (
      await db.execute<{ id: string; load_number: string }>(sql`
        select l.id, l.load_number from loads l where l.driver_id = ${driverId} and l.status = 'completed'
          and not exists (select 1 from invoice_loads il where il.load_id = l.id) order by l.delivered_at`)
    ).rows;
    expect(unbilled.length).toBeGreaterThan(0);
    for (const l of unbilled) await uploadFile(ctx, dispatcher, l.id, { content: await pdfOf(1) });
    await db.transaction((tx) => seedPaperworkDemo(tx));

    const jakeSees = (await call(ctx, `/api/loads/${unbilled.at(-1)?.id}`, { cookie: driver })).json;
    expect(jakeSees.paperwork).toMatchObject({ status: "rejected", reviewedByName: "Ava Chen" });
    expect(jakeSees.paperwork.reason).toMatch(/signature/);
    const all = (await call(ctx, "/api/paperwork?pageSize=100", { cookie: accountant })).json;
    expect(all.counts.rejected).toBe(1);
    const [road] = all.items.filter(
      (i: { loadStatus: string; driverId: string }) =>
        i.loadStatus === "in_progress" && i.driverId === driverId,
    );
    expect(road.paperwork).toMatchObject({ status: "missing" });
    expect(road.paperwork.requestedAt).not.toBeNull();
    expect((await notificationsOf("paperwork.requested", road.id)).length).toBe(1);
  });

  it("walks a load from missing to received, rejected (the driver is told why), received again and verified", async () => {
    const load = await deliveredLoad();
    expect((await row(load.loadNumber)).paperwork).toEqual({
      status: "missing",
      reason: null,
      reviewedAt: null,
      reviewedByName: null,
      requestedAt: null,
    });
    // Nothing to review yet.
    const early = await post(`/api/paperwork/${load.id}/verify`);
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("NO_PAPERWORK");

    // Ask the driver: a notification that opens the load, and the request shows while it is missing.
    const asked = await post(`/api/paperwork/${load.id}/request`, { note: "Receiver stamp needed" });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    expect(asked.json.status).toBe("missing");
    expect(asked.json.requestedAt).not.toBeNull();
    expect(await notificationsOf("paperwork.requested", load.id)).toEqual([
      {
        note: "Receiver stamp needed",
        link: `/operations/loads/${load.id}`,
        data: { loadId: load.id, loadNumber: load.loadNumber },
      },
    ]);

    // The driver uploads a BOL from the load screen: received.
    const bol = await uploadFile(ctx, driver, load.id, { content: await pdfOf(1), name: "bol-blurry.pdf" });
    expect(bol.status, JSON.stringify(bol.json)).toBe(201);
    const received = await row(load.loadNumber);
    expect(received.paperwork.status).toBe("received");
    expect(received.files.map((f: { fileName: string }) => f.fileName)).toEqual(["bol-blurry.pdf"]);

    // Accounting sees it inline, though they do not read loads otherwise.
    const inline = await ctx.app.request(`/api/paperwork/${load.id}/files/${bol.json.id}`, {
      headers: { cookie: accountant, origin: TEST_ORIGIN },
    });
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("application/pdf");
    expect(inline.headers.get("content-disposition")).toMatch(/^inline;/);
    // Our own viewer frames it; nothing in the upload may run, and no other site may frame it.
    expect(inline.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(inline.headers.get("content-security-policy")).toBe(
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
    );
    const list = await ctx.app.request("/api/paperwork", { headers: { cookie: accountant } });
    expect(list.headers.get("x-frame-options")).toBe("DENY");
    expect(
      (await call(ctx, `/api/loads/${load.id}/files/${bol.json.id}`, { cookie: accountant })).status,
    ).toBe(403);

    // A rejection needs a reason; with one, the driver is notified and sees it on the load.
    const bare = await post(`/api/paperwork/${load.id}/reject`, { reason: "  " });
    expect(bare.status).toBe(400);
    expect(bare.json.error.details.fields.reason).toBe(
      "Say why the paperwork is rejected, so the driver knows what to fix.",
    );
    const reason = "The receiver's signature cannot be read — please upload a sharper photo.";
    const rejected = await post(`/api/paperwork/${load.id}/reject`, { reason });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ status: "rejected", reason, reviewedByName: "Ava Chen" });
    expect((await notificationsOf("paperwork.rejected", load.id)).map((n) => n.note)).toEqual([reason]);
    const seen = (await call(ctx, `/api/loads/${load.id}`, { cookie: driver })).json;
    expect(seen.paperwork).toMatchObject({ status: "rejected", reason });
    const rejectedOnly = (
      await call(ctx, `/api/paperwork?status=rejected&q=${load.loadNumber}`, { cookie: accountant })
    ).json;
    expect(rejectedOnly.total).toBe(1);
    expect(rejectedOnly.counts).toMatchObject({ rejected: 1, missing: 0, received: 0, verified: 0 });

    // A new upload puts it back in the accountant's queue; verifying settles it.
    expect((await uploadFile(ctx, driver, load.id, { content: await pdfOf(2), kind: "pod" })).status).toBe(
      201,
    );
    expect((await row(load.loadNumber)).paperwork).toMatchObject({ status: "received", reason: null });
    const verified = await post(`/api/paperwork/${load.id}/verify`);
    expect(verified.json).toMatchObject({ status: "verified", reason: null });
    expect((await call(ctx, `/api/loads/${load.id}`, { cookie: driver })).json.paperwork.status).toBe(
      "verified",
    );

    const audited = await ctx.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, load.id));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "load.paperwork_requested",
        "load.paperwork_rejected",
        "load.paperwork_verified",
      ]),
    );
  });

  it("filters by status, customer, driver and delivery date, and counts each status", async () => {
    const load = await deliveredLoad();
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    // The company's calendar day (the configured time zone decides which day "delivered today" is).
    const tz = ctx.deps.config.company.timeZone;
    const today = (
      await ctx.deps.db.execute<{ d: string }>(sql`select (now() at time zone ${tz})::date::text as d`)
    ).rows[0].d;
    const q = `q=${load.loadNumber}`;
    const count = async (filters: string) =>
      (await call(ctx, `/api/paperwork?${q}&${filters}`, { cookie: accountant })).json.total;
    expect(await count(`customerId=${customerId}`)).toBe(1);
    expect(await count(`driverId=${driverId}`)).toBe(1);
    expect(await count("driverId=00000000-0000-4000-8000-000000000000")).toBe(0);
    expect(await count(`from=${today}&to=${today}`)).toBe(1);
    expect(await count("to=2020-01-01")).toBe(0);
    expect(await count("status=missing")).toBe(1);
    expect(await count("status=verified")).toBe(0);

    // Sorted either way by the same index; a status filter joins the files instead of probing them.
    for (const dir of ["asc", "desc"] as const) {
      const numbers = (
        await call(ctx, `/api/paperwork?sort=loadNumber&dir=${dir}&pageSize=50`, { cookie: accountant })
      ).json.items.map((i: { loadNumber: string }) => i.loadNumber);
      const sorted = [...numbers].sort();
      expect(numbers).toEqual(dir === "asc" ? sorted : sorted.reverse());
    }
    const missing = (await call(ctx, "/api/paperwork?status=missing&pageSize=100", { cookie: accountant }))
      .json;
    expect(missing.total).toBe(missing.counts.missing);
    expect(
      missing.items.every((i: { paperwork: { status: string } }) => i.paperwork.status === "missing"),
    ).toBe(true);

    // Every status is counted under the other filters, over the whole office.
    const all = (await call(ctx, "/api/paperwork?pageSize=10", { cookie: accountant })).json;
    const sum = Object.values(all.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(all.total);
    expect(all.items.length).toBeLessThanOrEqual(10);
  });

  it("leaves loads not yet picked up out, refuses bad input without a 500, and needs a driver who signs in to ask", async () => {
    const pending = await deliveredLoad("pending");
    expect(
      (await call(ctx, `/api/paperwork?q=${pending.loadNumber}`, { cookie: accountant })).json.total,
    ).toBe(0);
    expect((await post(`/api/paperwork/${pending.id}/verify`)).status).toBe(404);
    expect((await call(ctx, "/api/paperwork?status=lost", { cookie: accountant })).status).toBe(400);
    // A date PostgreSQL cannot hold is the caller's mistake, not a 500.
    const yearZero = await call(ctx, "/api/paperwork?to=0000-01-01", { cookie: accountant });
    expect(yearZero.status).toBe(400);
    expect(yearZero.json.error.message).toBe("Enter a real date.");
    expect((await post("/api/paperwork/not-a-uuid/verify")).status).toBe(400);

    const unassigned = await deliveredLoad("in_progress");
    await ctx.deps.db.update(loads).set({ driverId: null }).where(eq(loads.id, unassigned.id));
    const ask = await post(`/api/paperwork/${unassigned.id}/request`);
    expect(ask.status).toBe(409);
    expect(ask.json.error).toMatchObject({
      code: "NO_DRIVER_ACCOUNT",
      message: "The load has no driver with a sign-in to ask.",
    });
    expect((await row(unassigned.loadNumber)).driverCanBeAsked).toBe(false);
  });

  it("downloads the selected loads' BOLs and PODs as one PDF, load by load", async () => {
    const a = await deliveredLoad();
    const b = await deliveredLoad();
    const empty = await deliveredLoad();
    await uploadFile(ctx, dispatcher, a.id, { content: await pdfOf(1) });
    await uploadFile(ctx, dispatcher, a.id, { content: await pdfOf(1), kind: "pod" });
    await uploadFile(ctx, dispatcher, b.id, { content: await pdfOf(2), kind: "pod" });
    // A rate confirmation is not paperwork for the BOL manager.
    await uploadFile(ctx, dispatcher, b.id, { content: await pdfOf(5), kind: "rate_confirmation" });

    const res = await ctx.app.request("/api/paperwork/merged", {
      method: "POST",
      headers: { cookie: accountant, origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ loadIds: [a.id, b.id, empty.id] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("paperwork-3-loads.pdf");
    const merged = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(merged.getPageCount()).toBe(4);

    const none = await post("/api/paperwork/merged", { loadIds: [empty.id] });
    expect(none.status).toBe(409);
    expect((await post("/api/paperwork/merged", { loadIds: [] })).json.error.details.fields.loadIds).toBe(
      "Select at least one load.",
    );
  });

  it("hands out a public upload link and emails it to the receiver", async () => {
    const load = await deliveredLoad();
    const made = await post(`/api/paperwork/${load.id}/upload-link`, {
      expiresInDays: 3,
      email: "receiving@acme-foods.example",
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json.url).toMatch(/\/public\/bol-upload\/[A-Za-z0-9_-]{22,}$/);
    expect(made.json.emailed).toBe("sent");
    const mail = await smtp.waitFor("receiving@acme-foods.example");
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain(made.json.url.split("/").pop());
    // The link works on the public page, and the upload shows up as received.
    const token = made.json.url.split("/").pop();
    const form = new FormData();
    form.set("file", new File([await pdfOf(1)], "signed-bol.pdf", { type: "application/pdf" }));
    const uploaded = await ctx.app.request(`/api/public/bol-upload/${token}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    expect((await row(load.loadNumber)).paperwork.status).toBe("received");

    const bad = await post(`/api/paperwork/${load.id}/upload-link`, { email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields.email).toBe("Enter a valid email address.");
  });
});
