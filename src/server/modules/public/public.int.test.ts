import { LOAD_FILE_MAX_BYTES } from "@shared/loads/loads.schema";
import { PUBLIC_RATE_LIMITS } from "@shared/public/public.schema";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bolUploadLinks, files, loadFiles, loads, notifications } from "../../db/schema";
import { hashToken } from "../../platform/tokens/tokens";
import { call, createTestContext, TEST_ORIGIN, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let completed: typeof loads.$inferSelect;
let inTransit: typeof loads.$inferSelect;

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

/** Each test its own client address, so rate limits never leak between tests. */
let nextIp = 10;
const freshIp = () => `198.51.100.${nextIp++}`;

beforeAll(async () => {
  ctx = await createTestContext();
  // The demo seed gives every test database a living dispatch office.
  [completed] = await ctx.deps.db.select().from(loads).where(eq(loads.status, "completed")).limit(1);
  [inTransit] = await ctx.deps.db.select().from(loads).where(eq(loads.status, "in_progress")).limit(1);
});
afterAll(() => ctx.close());

async function createLink(token: string, overrides: Partial<typeof bolUploadLinks.$inferInsert> = {}) {
  await ctx.deps.db.insert(bolUploadLinks).values({
    loadId: inTransit.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
    ...overrides,
  });
}

function upload(token: string, bytes: Uint8Array<ArrayBuffer>, name = "bol.pdf", ip = freshIp()) {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type: "application/pdf" }));
  return ctx.app.request(`/api/public/bol-upload/${token}`, {
    method: "POST",
    body: form,
    headers: { origin: TEST_ORIGIN, "x-forwarded-for": ip },
  });
}

const counts = async () => {
  const [f] = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(files);
  const [l] = await ctx.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(loadFiles)
    .where(eq(loadFiles.loadId, inTransit.id));
  const [n] = await ctx.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.kind, "load.bol_uploaded"));
  return { files: f.n, loadFiles: l.n, notifications: n.n };
};

describe("public delivery status", () => {
  it("answers status, cities, dates and last update, and nothing else", async () => {
    const res = await call(ctx, `/api/public/track/${completed.loadNumber}`, {
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(
      ["deliveredAt", "delivery", "lastUpdate", "loadNumber", "pickup", "status"].sort(),
    );
    expect(Object.keys(res.json.pickup).sort()).toEqual(["city", "date", "state"]);
    expect(Object.keys(res.json.delivery).sort()).toEqual(["city", "date", "state"]);
    expect(res.json).toMatchObject({
      loadNumber: completed.loadNumber,
      status: "completed",
      pickup: { city: completed.pickupCity, state: completed.pickupState },
      delivery: { city: completed.deliveryCity, state: completed.deliveryState },
    });
    expect(res.json.deliveredAt).toBeTruthy();
    // No rates, names, phone numbers or street addresses anywhere in the answer.
    const text = JSON.stringify(res.json);
    expect(text).not.toMatch(/rate|pay|driver|customer|phone|contact|address|name/i);
    expect(text).not.toContain(completed.totalRate);
  });

  it("matches the number case-insensitively and leaves deliveredAt empty until delivery", async () => {
    const res = await call(ctx, `/api/public/track/${inTransit.loadNumber.toLowerCase()}`, {
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(res.status).toBe(200);
    expect(res.json.loadNumber).toBe(inTransit.loadNumber);
    expect(res.json.status).toBe("in_progress");
    expect(res.json.deliveredAt).toBeNull();
  });

  it("answers 404 with the spec's message for an unknown number", async () => {
    const res = await call(ctx, "/api/public/track/LD-1999-99999", {
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({
      code: "LOAD_NOT_FOUND",
      message: "We couldn't find a load with the number you entered.",
    });
  });

  it("limits lookups per client address with 429 and Retry-After", async () => {
    const ip = freshIp();
    const { limit } = PUBLIC_RATE_LIMITS.track;
    for (let i = 0; i < limit; i++) {
      const res = await call(ctx, `/api/public/track/LD-1999-${String(i).padStart(5, "0")}`, {
        headers: { "x-forwarded-for": ip },
      });
      expect(res.status).toBe(404);
    }
    const blocked = await call(ctx, `/api/public/track/${completed.loadNumber}`, {
      headers: { "x-forwarded-for": ip },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.code).toBe("RATE_LIMITED");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await call(ctx, `/api/public/track/${completed.loadNumber}`, {
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(other.status).toBe(200);
  });
});

describe("public BOL upload", () => {
  it("shows the load number of an active link", async () => {
    await createLink("active-token-for-info");
    const res = await call(ctx, "/api/public/bol-upload/active-token-for-info", {
      headers: { "x-forwarded-for": freshIp() },
    });
    expect(res.status).toBe(200);
    expect(res.json.loadNumber).toBe(inTransit.loadNumber);
    expect(new Date(res.json.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("stores the file on the load, counts the use and notifies admin, manager and dispatcher", async () => {
    await createLink("valid-upload-token");
    const before = await counts();
    const res = await upload("valid-upload-token", PDF, "signed-bol.pdf");
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      loadNumber: inTransit.loadNumber,
      fileName: "signed-bol.pdf",
      size: PDF.length,
    });

    const after = await counts();
    expect(after.files).toBe(before.files + 1);
    expect(after.loadFiles).toBe(before.loadFiles + 1);
    const [linked] = await ctx.deps.db
      .select()
      .from(loadFiles)
      .where(and(eq(loadFiles.loadId, inTransit.id), eq(loadFiles.uploadedVia, "public_link")));
    expect(linked.kind).toBe("bol");
    const [link] = await ctx.deps.db
      .select()
      .from(bolUploadLinks)
      .where(eq(bolUploadLinks.tokenHash, hashToken("valid-upload-token")));
    expect(link.uploads).toBe(1);
    expect(link.lastUsedAt).not.toBeNull();

    const rows = await ctx.deps.db.execute<{ role: string; data: Record<string, string>; link: string }>(sql`
      select a.role, n.data, n.link from notifications n join app_users a on a.user_id = n.recipient_id
      where n.kind = 'load.bol_uploaded'`);
    expect(rows.rows.map((r) => r.role).sort()).toEqual(["admin", "dispatcher", "manager"]);
    for (const r of rows.rows) {
      expect(r.data).toMatchObject({ loadId: inTransit.id, loadNumber: inTransit.loadNumber });
      expect(r.data.fileName).toMatch(/\.pdf$/);
      expect(r.link).toBe(`/operations/loads/${inTransit.id}`);
    }
  });

  for (const [label, token, overrides] of [
    ["expired", "expired-token", { expiresAt: new Date(Date.now() - 60_000) }],
    ["revoked", "revoked-token", { revokedAt: new Date() }],
    ["unknown", "never-issued-token", null],
  ] as const) {
    it(`answers 404 INVALID_LINK for an ${label} link and stores nothing`, async () => {
      if (overrides) await createLink(token, overrides);
      const info = await call(ctx, `/api/public/bol-upload/${token}`, {
        headers: { "x-forwarded-for": freshIp() },
      });
      expect(info.status).toBe(404);
      expect(info.json.error).toEqual({
        code: "INVALID_LINK",
        message: "This upload link is invalid or has expired. Ask the dispatcher for a new one.",
      });
      const before = await counts();
      const res = await upload(token, PDF);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("INVALID_LINK");
      expect(await counts()).toEqual(before);
    });
  }

  it("refuses bytes that are not a PDF or image, whatever the name says (415), and stores nothing", async () => {
    await createLink("type-check-token");
    const before = await counts();
    const res = await upload(
      "type-check-token",
      new TextEncoder().encode("MZ\x90\x00 not really a pdf"),
      "bol.pdf",
    );
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe("FILE_TYPE_NOT_ALLOWED");
    expect(await counts()).toEqual(before);
    const [link] = await ctx.deps.db
      .select()
      .from(bolUploadLinks)
      .where(eq(bolUploadLinks.tokenHash, hashToken("type-check-token")));
    expect(link.uploads).toBe(0);
  });

  it("refuses a file over the size limit (413) before storing anything", async () => {
    await createLink("too-large-token");
    const before = await counts();
    const big = new Uint8Array(LOAD_FILE_MAX_BYTES + 1024);
    big.set(PDF);
    const res = await upload("too-large-token", big, "huge.pdf");
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("FILE_TOO_LARGE");
    expect(await counts()).toEqual(before);
  });

  it("asks for a file when none is sent", async () => {
    await createLink("no-file-token");
    const res = await ctx.app.request("/api/public/bol-upload/no-file-token", {
      method: "POST",
      body: new FormData(),
      headers: { origin: TEST_ORIGIN, "x-forwarded-for": freshIp() },
    });
    expect(res.status).toBe(400);
  });

  it("limits uploads per client address", async () => {
    const ip = freshIp();
    const { limit } = PUBLIC_RATE_LIMITS.bolUpload;
    for (let i = 0; i < limit; i++)
      expect((await upload("never-issued-token", PDF, "x.pdf", ip)).status).toBe(404);
    const blocked = await upload("never-issued-token", PDF, "x.pdf", ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBeTruthy();
  });
});
