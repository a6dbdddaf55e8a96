import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { customerIdOf, driverIdOf, emptyDispatchOffice, loadInput } from "../../testing/fixtures";
import {
  type AppInstance,
  call,
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from "../../testing/harness";
import { type S3Server, startS3Server } from "../../testing/s3-server";
import { samplePdf } from "../pdf/pdf.testing";
import { s3Store } from "./s3-store";

/** The driver's settings for the loopback store. */
const settingsOf = (server: S3Server) => ({
  bucket: server.bucket,
  region: "us-east-1",
  endpoint: server.url,
  accessKeyId: server.accessKeyId,
  secretAccessKey: server.secretAccessKey,
  forcePathStyle: true,
});

let s3: S3Server;
let ctx: TestContext;
let other: AppInstance;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext({ s3: settingsOf(s3) });
  other = await ctx.anotherInstance();
  await emptyDispatchOffice(ctx);
});
/** A GET answered by instance B, as a signed-in browser sends it. */
const fromB = (path: string, cookie: string) =>
  other.app.request(path, { headers: { origin: TEST_ORIGIN, cookie } });

afterAll(async () => {
  await ctx.close();
  await s3.close();
});

describe("the S3-compatible storage driver (decision 035)", () => {
  it("is chosen by the settings, which say what is missing", () => {
    const env = { DATA_DIR: "/tmp/lms-s3-config", BETTER_AUTH_SECRET: "x".repeat(40) };
    expect(loadConfig(env).s3).toBeUndefined();
    expect(() => loadConfig({ ...env, STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET: is required/);
    expect(() =>
      loadConfig({ ...env, STORAGE_DRIVER: "s3", S3_BUCKET: "lms-files", S3_ACCESS_KEY_ID: "k" }),
    ).toThrow(/set both or neither/);
    expect(
      loadConfig({
        ...env,
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "lms",
        S3_ENDPOINT: "http://minio:9000",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      bucket: "lms",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
    });
  });

  it("writes, reads and deletes signed objects; a wrong key is refused; a missing object is ENOENT", async () => {
    const store = s3Store(settingsOf(s3));
    const bytes = new Uint8Array([1, 2, 3, 250, 251, 252]);
    await store.put("2026/11/a b+c.pdf", bytes);
    expect(s3.objects.get("2026/11/a b+c.pdf")).toEqual(Buffer.from(bytes));
    expect(await store.get("2026/11/a b+c.pdf")).toEqual(bytes);
    await store.remove("2026/11/a b+c.pdf");
    await expect(store.get("2026/11/a b+c.pdf")).rejects.toMatchObject({ code: "ENOENT" });
    await expect(store.put("../escape.pdf", bytes)).rejects.toThrow("Invalid storage key");

    const refusedBefore = s3.refused;
    const forged = s3Store({ ...settingsOf(s3), secretAccessKey: "not-the-secret" });
    await expect(forged.put("2026/11/x.pdf", bytes)).rejects.toThrow();
    expect(s3.refused).toBe(refusedBefore + 1);
    expect(s3.objects.has("2026/11/x.pdf")).toBe(false);
  });

  it("a file uploaded through one instance downloads from another, and merges into an invoice PDF there", async () => {
    const [dispatcher, jake, accountant] = await Promise.all([
      signIn(ctx, "dispatcher@demo.test"),
      signIn(ctx, "driver@demo.test"),
      signIn(ctx, "accountant@demo.test"),
    ]);
    const base = loadInput();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const load = (
      await call(ctx, "/api/loads", {
        cookie: dispatcher,
        body: {
          ...base,
          customerId,
          driverId: await driverIdOf(ctx, "driver@demo.test"),
          stops: [
            { ...base.stops[0], scheduledAt: hoursAgo(6) },
            { ...base.stops[1], scheduledAt: hoursAgo(1) },
          ],
        },
      })
    ).json as { id: string };
    for (const action of ["accept", "start"])
      expect(
        (await call(ctx, `/api/loads/${load.id}/actions/${action}`, { body: {}, cookie: jake })).status,
      ).toBe(200);

    // Instance A takes the upload: the bytes land in the bucket, not on A's disk.
    const pod = await samplePdf(1, "Signed POD");
    const form = new FormData();
    form.set("file", new File([pod], "pod.pdf", { type: "application/pdf" }));
    form.set("kind", "pod");
    const up = await ctx.app.request(`/api/loads/${load.id}/files`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: jake },
      body: form,
    });
    expect(up.status).toBe(201);
    const file = (await up.json()) as { id: string };
    expect([...s3.objects.values()].some((b) => b.equals(Buffer.from(pod)))).toBe(true);

    // Instance B serves it with the same headers as from disk.
    const down = await fromB(`/api/loads/${load.id}/files/${file.id}`, dispatcher);
    expect(down.status).toBe(200);
    expect(down.headers.get("content-type")).toBe("application/pdf");
    expect(down.headers.get("content-disposition")).toContain("pod.pdf");
    expect(new Uint8Array(await down.arrayBuffer())).toEqual(pod);

    // Delivered and invoiced: B's invoice PDF carries the POD read back from the bucket.
    expect(
      (await call(ctx, `/api/loads/${load.id}/actions/deliver`, { body: {}, cookie: jake })).status,
    ).toBe(200);
    const invoice = await call(ctx, "/api/invoices", {
      body: { customerId, loadIds: [load.id] },
      cookie: accountant,
    });
    expect(invoice.status).toBe(201);
    const bare = await fromB(`/api/invoices/${invoice.json.id}/pdf`, accountant);
    expect(bare.status).toBe(200);
    const pages = (await PDFDocument.load(new Uint8Array(await bare.arrayBuffer()))).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(2); // the invoice and the one-page POD
  });

  it("backups and exports go to the bucket: any instance lists and downloads them", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    const made = await call(ctx, "/api/data/backups", { method: "POST", cookie: admin });
    expect(made.status).toBe(201);
    const backup = made.json as { name: string; bytes: number };
    expect(s3.objects.get(`backups/${backup.name}`)?.length).toBe(backup.bytes);

    // Instance B lists it (where it is, for an administrator) and serves it.
    await other.deps.events.sync();
    const list = await call(other, "/api/data/backups", { cookie: admin });
    expect(list.json).toEqual({
      items: [{ name: backup.name, bytes: backup.bytes, createdAt: expect.any(String) }],
      directory: `s3://${s3.bucket}/backups`,
    });
    const down = await fromB(`/api/data/backups/${backup.name}`, admin);
    expect(down.status).toBe(200);
    const bytes = Buffer.from(await down.arrayBuffer());
    expect(bytes.equals(s3.objects.get(`backups/${backup.name}`) as Buffer)).toBe(true);
    expect(Number(down.headers.get("content-length"))).toBe(backup.bytes);

    // An export started on A downloads from B; nothing is written to A's disk.
    const started = await call(ctx, "/api/data/exports", { method: "POST", cookie: admin });
    expect(started.status).toBe(202);
    let item = started.json as { id: string; status: string; bytes: number | null };
    for (let i = 0; i < 200 && item.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      item = (await call(other, `/api/data/exports/${item.id}`, { cookie: admin })).json;
    }
    expect(item.status).toBe("done");
    expect(s3.objects.get(`exports/${item.id}.tar.gz`)?.length).toBe(item.bytes);
    const archive = await fromB(`/api/data/exports/${item.id}/download`, admin);
    expect(archive.status).toBe(200);
    expect((await archive.arrayBuffer()).byteLength).toBe(item.bytes);

    // A backup gone from the bucket answers the archive's 404, not a server error.
    s3.objects.delete(`backups/${backup.name}`);
    const gone = await fromB(`/api/data/backups/${backup.name}`, admin);
    expect(gone.status).toBe(404);
  });
});
