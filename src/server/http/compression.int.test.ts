import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../../scripts/precompress";
import { createApp } from "../app";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../testing/harness";
import { COMPRESS_THRESHOLD_BYTES, chooseEncoding } from "./compress";

/**
 * Decision 058: what the server sends is compressed — the build's files precompressed (brotli and
 * gzip, chosen by `Accept-Encoding`), the API's JSON of 1 KB or more compressed on the way out — and
 * nothing that must not be (event streams, small answers, ranges) is.
 */
let ctx: TestContext;
let web: ReturnType<typeof createApp>;
let dist: string;
let manager: string;
const BROWSER = "gzip, deflate, br, zstd"; // what Chromium sends

// A build in miniature: a hashed asset, the app shell and the sign-in document, each well over the
// precompression floor, then compressed by the build's own step.
const asset = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(", ")}];\n`;
const shell = `<!doctype html><html><head><title>App</title>${'<link rel="modulepreload" href="/assets/a.js">'.repeat(20)}</head><body><div id="root"></div></body></html>`;
const login = `<!doctype html><html><head><title>Sign in</title>${"<meta name=x>".repeat(40)}</head><body></body></html>`;
const driverHome = shell.replace(
  "</head>",
  `${'<link rel="modulepreload" href="/assets/driver.js">'.repeat(5)}</head>`,
);

const get = (url: string, headers: Record<string, string> = {}) =>
  web.request(url, { headers: { origin: TEST_ORIGIN, ...headers } });
const decoded = async (res: Response) => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
};

beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(path.join(tmpdir(), "lms-web-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "assets", "Ab12Cd34.js"), asset);
  writeFileSync(path.join(dist, "index.html"), shell);
  writeFileSync(path.join(dist, "login.html"), login);
  writeFileSync(path.join(dist, "driver-dashboard.html"), driverHome);
  await precompress(dist);
  web = createApp(ctx.deps, { serveWeb: true, webDist: dist });
  manager = await signIn(ctx, "manager@demo.test");
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await ctx?.close();
});

describe("the build's files", () => {
  it("sends a hashed asset as brotli to a browser that takes it, gzip to one that takes only gzip, plain otherwise — cached for good, varying on Accept-Encoding", async () => {
    const br = await get("/assets/Ab12Cd34.js", { "accept-encoding": BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    expect(Number(br.headers.get("content-length"))).toBeLessThan(asset.length / 3);
    expect(await decoded(br)).toBe(asset);

    const gz = await get("/assets/Ab12Cd34.js", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await decoded(gz)).toBe(asset);

    const plain = await get("/assets/Ab12Cd34.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(asset);
  });

  it("answers a range of an asset from the plain file, never a slice of the compressed one", async () => {
    const res = await get("/assets/Ab12Cd34.js", { "accept-encoding": BROWSER, range: "bytes=0-19" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-length")).toBe("20");
    expect(await res.text()).toBe(asset.slice(0, 20));
  });

  it("sends the app shell at / and on a client-side route, and the sign-in document, compressed and revalidated on every visit", async () => {
    for (const url of ["/", "/loads/123", "/driver-dashboard/elsewhere"]) {
      const res = await get(url, { "accept-encoding": BROWSER });
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type"), url).toMatch(/^text\/html/);
      expect(res.headers.get("content-encoding"), url).toBe("br");
      expect(res.headers.get("vary"), url).toMatch(/accept-encoding/i);
      expect(res.headers.get("cache-control"), url).toBe("no-cache");
      expect(await decoded(res), url).toBe(shell);
    }
    const signInPage = await get("/login", { "accept-encoding": "gzip" });
    expect(signInPage.headers.get("content-encoding")).toBe("gzip");
    expect(signInPage.headers.get("cache-control")).toBe("no-cache");
    expect(await decoded(signInPage)).toBe(login);
  });

  it("answers the driver's home with its own document (the shell with the screen's code preloaded), compressed and revalidated", async () => {
    const res = await get("/driver-dashboard", { "accept-encoding": BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await decoded(res)).toBe(driverHome);
  });
});

describe("the API's answers", () => {
  it("compresses a large JSON list with brotli (or gzip), and the decompressed body is the very answer sent uncompressed", async () => {
    const url = "/api/loads?pageSize=100";
    const plain = await ctx.app.request(url, { headers: { origin: TEST_ORIGIN, cookie: manager } });
    const original = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(original.length).toBeGreaterThan(10 * COMPRESS_THRESHOLD_BYTES);

    const br = await get(url, { cookie: manager, "accept-encoding": BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    const brBytes = Number(br.headers.get("content-length"));
    expect(brBytes).toBeLessThan(original.length / 4);
    const body = await decoded(br);
    expect(JSON.parse(body)).toEqual(JSON.parse(original));

    const gz = await get(url, { cookie: manager, "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(await decoded(gz))).toEqual(JSON.parse(original));
  });

  it("sends a large JSON answer as it is, with its exact length, to a client over a real socket that takes no encoding", async () => {
    // Issue 42: the body of such an answer is no longer read and wrapped again; the server writes it
    // and its Content-Length itself.
    const server = createAdaptorServer({ fetch: ctx.app.fetch }) as http.Server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const plain = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          http
            .get(
              { host: "127.0.0.1", port, path: "/api/loads?pageSize=100", headers: { cookie: manager } },
              (res) => {
                const chunks: Buffer[] = [];
                res.on("data", (c: Buffer) => chunks.push(c));
                res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
              },
            )
            .on("error", reject);
        },
      );
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers["content-type"]).toMatch(/^application\/json/);
      expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
      expect(plain.body.length).toBeGreaterThan(10 * COMPRESS_THRESHOLD_BYTES);
      const br = await get("/api/loads?pageSize=100", { cookie: manager, "accept-encoding": BROWSER });
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(await decoded(br)).toBe(plain.body.toString("utf8"));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("sends a small answer as it is", async () => {
    const res = await get("/api/health", { "accept-encoding": BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(Number(res.headers.get("content-length") ?? (await res.clone().text()).length)).toBeLessThan(
      COMPRESS_THRESHOLD_BYTES,
    );
    expect((await res.json()).status).toBeDefined();
  });

  it("never compresses the events stream (each event must reach the browser as it is written)", async () => {
    const res = await get("/api/events", { cookie: manager, "accept-encoding": BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("content-encoding")).toBeNull();
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("event: ready");
    await reader?.cancel();
  });

  it("keeps its error answers readable: a compressed 404 is the same error once decompressed", async () => {
    const res = await call({ app: web }, "/api/no-such-thing", {
      cookie: manager,
      headers: { "accept-encoding": BROWSER },
    });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("NOT_FOUND");
  });
});

describe("choosing an encoding", () => {
  it("prefers brotli, honours q-values and refusals, and sends nothing encoded to a client that accepts neither", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
