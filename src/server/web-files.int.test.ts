import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import { createTestContext, type TestContext } from "./testing/harness";

/*
 * The built web app as the server hands it out (decision 059): the service worker revalidated on every
 * check and allowed the whole site, the manifest with its media type, each document at its paths. A small stand-in build, so this test needs no `npm run build`.
 */
const dist = vi.hoisted(() => {
  const dir = `.tmp/web-files-test-${process.pid}`;
  process.env.WEB_DIST = dir;
  return dir;
});

let ctx: TestContext;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(path.join(dist, "manifest.webmanifest"), '{"name":"Load Management System"}\n');
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>\n");
  writeFileSync(path.join(dist, "login.html"), "<!doctype html><title>sign-in</title>\n");
  ctx = await createTestContext();
  app = createApp(ctx.deps, { serveWeb: true });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the web app's files", () => {
  it("serves the service worker never from a stale HTTP cache, allowed to control the whole site", async () => {
    const res = await app.request("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("service-worker-allowed")).toBe("/");
    expect(await res.text()).toContain("addEventListener");
  });

  it("serves the web app manifest with its media type", async () => {
    const res = await app.request("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
  });

  it("answers screens and the sign-in path with their documents, which the worker stores", async () => {
    expect(await (await app.request("/driver-dashboard")).text()).toContain("<title>app</title>");
    expect(await (await app.request("/login")).text()).toContain("<title>sign-in</title>");
  });
});
