import { LOAD_FILE_MAX_BYTES } from "@shared/loads/loads.schema";
import { PUBLIC_RATE_LIMITS } from "@shared/public/public.schema";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bolUploadLinks, files, loadFiles, loadStops, loads, notifications } from "../../db/schema";
import { companyDay } from "../../platform/company-day";
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
  const track = (number: string, check?: string, ip = freshIp()) =>
    call(
      ctx,
      `/api/public/track/${number}${check === undefined ? "" : `?check=${encodeURIComponent(check)}`}`,
      {
        headers: { "x-forwarded-for": ip },
      },
    );
  /** The delivery stop's postal code: what the receiver knows. */
  const deliveryZip = async (load: typeof loads.$inferSelect) => {
    const [stop] = await ctx.deps.db
      .select({ postalCode: loadStops.postalCode })
      .from(loadStops)
      .where(and(eq(loadStops.loadId, load.id), eq(loadStops.type, "delivery")))
      .orderBy(desc(loadStops.sequence))
      .limit(1);
    return stop.postalCode;
  };

  it("answers the number alone with the status and the day only: no city, time, name or reference", async () => {
    const res = await track(completed.loadNumber);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      view: "status",
      loadNumber: completed.loadNumber,
      status: "completed",
      day: companyDay(completed.deliveredAt as Date, ctx.deps.config.company.timeZone),
    });
    const text = JSON.stringify(res.json);
    for (const secret of [
      completed.pickupCity,
      completed.deliveryCity,
      completed.poNumber,
      completed.bolNumber,
      completed.totalRate,
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/pickup|delivery|city|lastUpdate|\d{2}:\d{2}/i);
  });

  it("gives a load on its way the day delivery is expected, and a cancelled one no day", async () => {
    const res = await track(inTransit.loadNumber.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      view: "status",
      loadNumber: inTransit.loadNumber,
      status: "in_progress",
      day: companyDay(inTransit.deliveryAt, ctx.deps.config.company.timeZone),
    });
    const [cancelled] = await ctx.deps.db.select().from(loads).where(eq(loads.status, "cancelled")).limit(1);
    expect((await track(cancelled.loadNumber)).json).toEqual({
      view: "status",
      loadNumber: cancelled.loadNumber,
      status: "cancelled",
      day: null,
    });
  });

  it("shows cities, dates and last update with the delivery ZIP, a PO or a BOL number of the load", async () => {
    const zip = await deliveryZip(completed);
    expect(zip).toMatch(/^\d{5}$/);
    const digits = completed.poNumber.replace(/\D/g, "");
    // Case, spaces and dashes do not count; a ZIP+4 is its ZIP.
    for (const check of [
      zip,
      `${zip}-0042`,
      ` ${completed.poNumber.toLowerCase()} `,
      `PO ${digits}`,
      completed.bolNumber.replace("-", ""),
    ]) {
      const res = await track(completed.loadNumber, check);
      expect(res.status, check).toBe(200);
      expect(Object.keys(res.json).sort(), check).toEqual(
        ["deliveredAt", "delivery", "lastUpdate", "loadNumber", "pickup", "status", "view"].sort(),
      );
      expect(res.json, check).toMatchObject({
        view: "full",
        loadNumber: completed.loadNumber,
        status: "completed",
        pickup: { city: completed.pickupCity, state: completed.pickupState },
        delivery: { city: completed.deliveryCity, state: completed.deliveryState },
      });
      // The city's time zone (issue 40: the time is shown there, named) and nothing finer.
      expect(Object.keys(res.json.pickup).sort()).toEqual(["city", "date", "state", "timeZone"]);
      expect(res.json.deliveredAt).toBeTruthy();
      // Still no rates, names, phone numbers or street addresses.
      const text = JSON.stringify(res.json);
      expect(text).not.toMatch(/rate|pay|driver|customer|phone|contact|address|name/i);
      expect(text).not.toContain(completed.totalRate);
    }
  });

  it("answers a wrong second factor exactly like the number alone", async () => {
    const alone = (await track(completed.loadNumber)).json;
    const zip = await deliveryZip(completed);
    const wrong = [
      inTransit.poNumber,
      String((Number(zip) + 1) % 100000).padStart(5, "0"),
      zip.slice(0, 4),
      "PO",
      "",
      completed.loadNumber,
      "x".repeat(60),
    ];
    for (const check of wrong) {
      const res = await track(completed.loadNumber, check);
      expect(res.status, check).toBe(200);
      expect(res.json, check).toEqual(alone);
    }
    // A load without a BOL number yet: an empty reference is no key.
    expect(inTransit.bolNumber).toBe("");
    expect((await track(inTransit.loadNumber, " - ")).json.view).toBe("status");
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

  it("limits lookups per client address with 429 and Retry-After, second-factor guesses included", async () => {
    const ip = freshIp();
    const { limit } = PUBLIC_RATE_LIMITS.track;
    for (let i = 0; i < limit; i++) {
      const res =
        i % 2
          ? await track(`LD-1999-${String(i).padStart(5, "0")}`, undefined, ip)
          : await track(completed.loadNumber, String(10_000 + i), ip);
      expect(res.status).toBe(i % 2 ? 404 : 200);
    }
    const blocked = await track(completed.loadNumber, await deliveryZip(completed), ip);
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
