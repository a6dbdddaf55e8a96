import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, vehicles } from "../db/schema";
import { PDF, uploadFile } from "../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../testing/harness";

let ctx: TestContext;
let dispatcher: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
});
afterAll(() => ctx.close());

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  ctx.app.request(path, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...headers },
    body,
    // A streamed body (no Content-Length) needs this in Node's fetch.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

const oversized = () => JSON.stringify({ email: `${"a".repeat(2 * 1024 * 1024)}@example.com` });

describe("request body size", () => {
  it("refuses a JSON body over 1 MB with 413 before parsing it, anonymous endpoints included", async () => {
    const body = oversized();
    for (const path of ["/api/registration", "/api/auth/sign-in/email"]) {
      const res = await post(path, body, { "content-length": String(body.length) });
      expect(res.status, path).toBe(413);
      expect((await res.json()).error).toMatchObject({
        code: "BODY_TOO_LARGE",
        message: "The request is larger than 1 MB.",
      });
    }
  });

  it("counts a streamed body as it arrives when no Content-Length is sent", async () => {
    const bytes = new TextEncoder().encode(oversized());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await post("/api/registration", stream);
    expect(res.status).toBe(413);
  });

  it("allows more only where an operation declares it (the customer import's confirmed rows)", async () => {
    const doc = (await call(ctx, "/api/openapi.json")).json;
    expect(doc.paths["/api/customers/import"].post["x-max-body-bytes"]).toBe(15 * 1024 * 1024);
    expect(doc.paths["/api/customers"].post["x-max-body-bytes"]).toBe(1024 * 1024);
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      row: i + 2,
      name: `Contact ${i}`,
      companyName: `Company ${i} ${"x".repeat(400)}`,
      email: `c${i}@import.test`,
    }));
    const body = JSON.stringify({ rows });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const res = await ctx.app.request("/api/customers/import", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: dispatcher },
      body,
    });
    expect(res.status).not.toBe(413);
  });
});

describe("NUL characters", () => {
  it("answers 400, never 500, wherever text arrives: path, query and JSON", async () => {
    expect((await call(ctx, "/api/public/track/%00")).status).toBe(400);
    const search = await call(ctx, "/api/customers?q=%00", { cookie: dispatcher });
    expect(search.status).toBe(400);
    expect(search.json.error.message).toBe("Text cannot contain NUL characters.");
    const created = await call(ctx, "/api/customers", {
      body: { name: "\u0000", companyName: "Nul Freight\u0000" },
      cookie: dispatcher,
    });
    expect(created.status).toBe(400);
    // An escaped backslash before "u0000" is ordinary text.
    const literal = await call(ctx, "/api/customers?q=%5Cu0000", { cookie: dispatcher });
    expect(literal.status).toBe(200);
  });

  it("reads a JSON body once and hands it on: to an upload's own limit, and never onto a GET", async () => {
    // JSON sent to a multipart operation: refused as the wrong type, not a 500 (stream already read).
    const wrongType = await post("/api/public/bol-upload/0123456789abcdef0123456789abcdef", "{}");
    expect(wrongType.status).toBeLessThan(500);
    // A GET that says its (empty) body is JSON is an ordinary GET.
    const get = await ctx.app.request("/api/lookups/customers", {
      headers: { origin: TEST_ORIGIN, cookie: dispatcher, "content-type": "application/json" },
    });
    expect(get.status).toBe(200);
  });

  it("answers 400 for a NUL in a multipart text field too, and stores nothing", async () => {
    const [truck] = await ctx.deps.db.select({ id: vehicles.id }).from(vehicles).limit(1);
    const before = (await ctx.deps.db.select({ id: files.id }).from(files)).length;
    const form = new FormData();
    form.set("name", "Cab card\u0000");
    form.set("file", new File([PDF], "cab-card.pdf", { type: "application/pdf" }));
    const res = await ctx.app.request(`/api/fleet/vehicles/${truck.id}/documents`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: dispatcher },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe("Text cannot contain NUL characters.");
    expect((await ctx.deps.db.select({ id: files.id }).from(files)).length).toBe(before);
  });
});

describe("stored file names", () => {
  it("keeps a PDF named .html as .pdf, and downloads it under that name", async () => {
    const loads = (await call(ctx, "/api/loads", { cookie: dispatcher })).json.items;
    const uploaded = await uploadFile(ctx, dispatcher, loads[0].id, { name: "bill-of-lading.html" });
    expect(uploaded.status).toBe(201);
    expect(uploaded.json).toMatchObject({ fileName: "bill-of-lading.pdf", contentType: "application/pdf" });
    const download = await ctx.app.request(`/api/loads/${loads[0].id}/files/${uploaded.json.id}`, {
      headers: { cookie: dispatcher },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain('filename="bill-of-lading.pdf"');
  });
});

describe("references to records that do not exist", () => {
  it("answer 400 on the field, never a database error", async () => {
    const manager = await signIn(ctx, "manager@demo.test");
    const res = await call(ctx, "/api/tolls", {
      body: {
        occurredAt: "2026-03-02T14:00:00.000Z",
        location: "I-90 Skyway",
        amount: "6.40",
        loadId: "0a2e8b7a-e1c1-49fc-80a6-73bb7c7e4a11",
      },
      cookie: manager,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toEqual({ loadId: "The selected record does not exist." });
  });
});
