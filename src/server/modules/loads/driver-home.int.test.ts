import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { customerIdOf, driverIdOf, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { renderFirstScreen } from "./driver-first-screen";

/*
 * The driver's home document with its first screen written in (issue 41 point 6, decision 064), from a
 * small stand-in build (the document, its stylesheet, the first screen's script): the first screen and
 * the app's first answers for a signed-in driver, the stylesheet inline, the script allowed by its hash
 * alone, in the reader's language; everyone else gets the static document.
 */
const dist = `.tmp/driver-home-test-${process.pid}`;
const SCRIPT = "window.__firstScreenRan=true;";
const CSS = ".bg-brand-700{background:#1d4ed8}";
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Load Management System</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <link rel="preload" as="fetch" crossorigin href="/api/session">
    <link rel="preload" as="fetch" crossorigin href="/api/driver-dashboard">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let driver: string;
let dispatcher: string;

beforeAll(async () => {
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>\n");
  writeFileSync(path.join(dist, "driver-dashboard.html"), TEMPLATE);
  writeFileSync(path.join(dist, "assets/index-abc.css"), CSS);
  writeFileSync(path.join(dist, "first-screen.js"), `${SCRIPT}\n`);
  ctx = await createTestContext();
  app = createApp(ctx.deps, { serveWeb: true, webDist: dist });
  [driver, dispatcher] = await Promise.all([
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
  ]);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const open = (headers: Record<string, string>) => app.request("/driver-dashboard", { headers });
const between = (html: string, id: string) => {
  const m = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html);
  if (!m) throw new Error(`no #${id}`);
  return JSON.parse(m[1]);
};

describe("the driver's home document", () => {
  it("writes in the first screen and the app's first answers, the stylesheet inline, its script allowed by hash", async () => {
    const res = await open({ cookie: driver });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    const html = await res.text();
    expect(html).toContain('<div id="first-screen"');
    expect(html).toContain('data-testid="first-current-load"');
    // One round trip less: the stylesheet is in the document; the two answers are too.
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('rel="preload" as="fetch"');
    // The app's root comes after the first screen, hidden by the rule in the head until it takes over.
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain("#first-screen~#root{display:none}");

    // The answers are exactly what the app would have fetched.
    const answers = between(html, "first-answers");
    const dashboard = await call(ctx, "/api/driver-dashboard", { cookie: driver });
    const session = await call(ctx, "/api/session", { cookie: driver });
    expect(answers.dashboard).toEqual(dashboard.json);
    expect(answers.session).toEqual(session.json);
    expect(between(html, "first-screen-data").userId).toBe(session.json.me.user.id);

    // The inline script runs under the policy by its hash; no other inline script would.
    const hash = createHash("sha256").update(SCRIPT).digest("base64");
    expect(html).toContain(`<script>${SCRIPT}</script>`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
  });

  it("shows the current load, and each button's request is the one the API takes", async () => {
    // Jake's load, accepted: the first stop's "I've arrived" is the tap the card expects.
    const jakeId = await driverIdOf(ctx, "driver@demo.test");
    const customerId = await customerIdOf(ctx, "customer@demo.test");
    const created = await call(ctx, "/api/loads", {
      body: { ...loadInput(), driverId: jakeId, customerId },
      cookie: dispatcher,
    });
    expect(created.status).toBe(201);
    const html = await (await open({ cookie: driver })).text();
    const { dashboard } = between(html, "first-answers");
    const load = dashboard.currentLoad;
    expect(load).not.toBeNull();
    expect(html).toContain(load.loadNumber);
    // The load number opens the load's page, where the app routes it.
    expect(html).toContain(`href="/operations/loads/${load.id}" data-testid="first-current-load-link"`);
    const actions = [...html.matchAll(/data-first-action="([^"]*)"/g)].map((m) =>
      JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&")),
    );
    expect(actions.length).toBeGreaterThan(0);
    // Every one-tap button names a real operation of the driver's: sending it as the driver is accepted.
    const direct = actions.find((a) => a.direct);
    expect(direct.url).toMatch(/^\/api\/loads\/[^/]+\/(actions\/(accept|start)|stops\/[^/]+\/check-in)$/);
    expect(html).toContain(`data-testid="first-${direct.testId}"`);
    const sent = await call(ctx, direct.url, { body: direct.json, cookie: driver });
    expect(sent.status).toBe(200);
    // A dialog's action (decline, deliver) is handed to the app, never sent from the first screen.
    for (const a of actions.filter((x) => /decline|deliver/.test(x.testId))) expect(a.direct).toBe(false);
  });

  it("is written in the language the app will show: ?lng, the app's cookie, then the browser's", async () => {
    const es = await (await open({ cookie: driver, "accept-language": "es-MX,es;q=0.9,en;q=0.5" })).text();
    expect(es).toContain('<html lang="es"');
    expect(es).toContain("Carga actual");
    const fr = await (await open({ cookie: `${driver}; i18next=fr`, "accept-language": "es" })).text();
    expect(fr).toContain('<html lang="fr"');
    expect(fr).toContain("Chargement en cours");
    const en = await (await app.request("/driver-dashboard?lng=en", { headers: { cookie: driver } })).text();
    expect(en).toContain("Current load");
  });

  it("goes out compressed when the browser takes it", async () => {
    const res = await open({ cookie: driver, "accept-encoding": "br, gzip" });
    expect(res.headers.get("content-encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(html).toContain('id="first-screen"');
  });

  it("gives anyone else the static document: signed out, another role", async () => {
    const visitors: Record<string, string>[] = [
      {},
      { cookie: dispatcher },
      { cookie: "lms.session_token=forged" },
    ];
    for (const headers of visitors) {
      const res = await open(headers);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain("first-screen");
      expect(html).not.toContain("first-answers");
      expect(res.headers.get("content-security-policy") ?? "").not.toContain("sha256-");
    }
  });
});

describe("the first screen's HTML", () => {
  it("escapes what users typed: a stop's name cannot become markup", async () => {
    const session = (await call(ctx, "/api/session", { cookie: driver })).json;
    const dashboard = (await call(ctx, "/api/driver-dashboard", { cookie: driver })).json;
    expect(dashboard.currentLoad).not.toBeNull();
    dashboard.currentLoad.stops[0].locationName = '<img src=x onerror="alert(1)">';
    const { html } = renderFirstScreen({ me: session.me, dashboard, lang: "en", title: "My dashboard" });
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});
