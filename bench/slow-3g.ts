/**
 * The driver's dashboard on a weak signal (issue 41): Chromium's "Slow 3G" preset — 2 s of latency on
 * every request, 400 kbit/s (50,000 bytes/s) down and up — set through the DevTools protocol
 * (`Network.emulateNetworkConditions`). Starts the real server (`src/server/main.ts`, embedded
 * PostgreSQL, demo data) on the build already in `dist/web` (run `npm run build` first: this script
 * builds nothing) in a scratch DATA_DIR, signs in as the demo driver over HTTP, then per run:
 *
 *  1. first visit: a new browser context (empty cache, no service worker) opens /driver-dashboard;
 *  2. repeat visit: the same context opens it again (cache warm; once the service worker the first
 *     visit registered is active, offline-first).
 *
 * "Interactive" is when the current-load card's first check-in or load action button is visible and
 * enabled, timed by the page itself (performance.now() from the navigation's start): the server's first
 * screen's (decision 064: its buttons work before the app has loaded) or the app's, whichever comes
 * first; "the app's" is when the app's own card is (after it took the first screen over). Also
 * counted: requests and bytes that crossed the network until the app's.
 *
 *   npx tsx bench/slow-3g.ts
 *
 * Settings: BENCH_RUNS (5; the median is reported), BENCH_PORT (3420), BENCH_DATA_DIR (a new temporary
 * directory, removed afterwards unless given), CHROMIUM_PATH (/usr/bin/chromium), BENCH_JSON=<file> to
 * also write the numbers as JSON. The browser, the server and its database share the machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { DEMO_PASSWORD } from "../src/server/seed/demo-accounts";
import { waitHealthy } from "./real-server";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3420);
const BASE = `http://localhost:${PORT}`;
const DRIVER = "driver@demo.test";
/** Chromium DevTools' "Slow 3G" preset. */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
/** The app's card and its first check-in or load action; the server's first screen's (decision 064). */
const APP_INTERACTIVE =
  '[data-testid="current-load"] :is([data-testid^="check-in-"], [data-testid^="driver-action-"])';
const FIRST_INTERACTIVE =
  '[data-testid="first-current-load"] :is([data-testid^="first-check-in-"], [data-testid^="first-driver-action-"])';

const dist = path.resolve(process.env.WEB_DIST ?? "dist/web");
if (!existsSync(path.join(dist, "index.html"))) {
  console.error(`No build in ${dist}: run npm run build first.`);
  process.exit(1);
}
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "lms-bench-3g-"));

function startServer(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), PUBLIC_URL: BASE, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** The session cookie of the demo driver, signed in over HTTP (the sign-in page is not what is measured). */
async function signIn(): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ email: DRIVER, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Signing in as ${DRIVER} failed (${res.status})`);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

interface Visit {
  /** Interactive: the first screen's buttons or the app's, whichever came first. */
  ms: number;
  /** The app's own card and buttons (after it took the first screen over). */
  appMs: number;
  requests: number;
  bytes: number;
  fromCache: number;
}

/** Opens the dashboard in a new tab of `context` on slow 3G and times it until it can be used. */
async function visit(context: BrowserContext): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  let requests = 0;
  let bytes = 0;
  let fromCache = 0;
  let done = false;
  const started = new Map<string, { url: string; at: number }>();
  cdp.on(
    "Network.requestWillBeSent",
    (e: { requestId: string; timestamp: number; request: { url: string } }) => {
      started.set(e.requestId, { url: e.request.url, at: e.timestamp });
    },
  );
  const waterfall: string[] = [];
  cdp.on(
    "Network.loadingFinished",
    (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      if (done || e.encodedDataLength === 0) return; // served by a cache or the service worker
      const s = started.get(e.requestId);
      if (process.env.BENCH_WATERFALL && s)
        waterfall.push(
          `${s.at.toFixed(2)} → ${e.timestamp.toFixed(2)}  ${e.encodedDataLength}  ${s.url.replace(BASE, "")}`,
        );
      requests++;
      bytes += e.encodedDataLength;
    },
  );
  cdp.on("Network.requestServedFromCache", () => {
    if (!done) fromCache++;
  });
  await page.goto(`${BASE}/driver-dashboard`, { waitUntil: "commit" });
  // No named function inside: tsx's name-keeping helper does not exist in the page.
  const usable = (selector: string) =>
    page
      .waitForFunction(
        (sel) => {
          const button = document.querySelector<HTMLButtonElement>(sel);
          return button && button.getClientRects().length > 0 && !button.disabled ? performance.now() : false;
        },
        selector,
        { polling: "raf", timeout: 180_000 },
      )
      .then((h) => h.jsonValue() as Promise<number>);
  // The first of the two the driver can tap (the first screen, or the app on a visit that has no
  // first screen: the service worker's stored document); then the app's own, once it has taken over.
  const ms = await Promise.race([usable(FIRST_INTERACTIVE), usable(APP_INTERACTIVE)]);
  const appMs = await usable(APP_INTERACTIVE);
  done = true;
  if (waterfall.length) console.log(waterfall.join("\n"));
  // A service worker the visit registered stores its files now (on slow 3G too): the repeat visit is
  // measured once it is active, as a driver's second opening of the app would be.
  const t = performance.now();
  const worker = await page.evaluate(async () => {
    for (let i = 0; i < 40 && !(await navigator.serviceWorker?.getRegistration()); i++)
      await new Promise((r) => setTimeout(r, 250));
    if (!(await navigator.serviceWorker?.getRegistration())) return false;
    await navigator.serviceWorker.ready;
    return true;
  });
  if (worker && process.env.BENCH_WATERFALL)
    console.log(`service worker active ${((performance.now() - t) / 1000).toFixed(1)} s after interactive`);
  // And once the driver's day is kept on the phone (decision 062), as it is a few seconds after any
  // opening: the repeat visit shows it while the server confirms the session (decision 064).
  // No named function inside (tsx's name-keeping helper does not exist in the page).
  const kept = await page.evaluate(async () => {
    for (let i = 0; i < 240; i++) {
      const n = await new Promise<number>((resolve) => {
        const open = indexedDB.open("lms-driver");
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("dayQueries")) {
            db.close();
            resolve(0);
            return;
          }
          const req = db.transaction("dayQueries").objectStore("dayQueries").count();
          req.onsuccess = () => {
            db.close();
            resolve(req.result);
          };
          req.onerror = () => resolve(0);
        };
      });
      if (n >= 2) return true;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  });
  if (process.env.BENCH_WATERFALL)
    console.log(`day kept: ${kept} ${((performance.now() - t) / 1000).toFixed(1)} s after interactive`);
  await page.close();
  return { ms, appMs, requests, bytes, fromCache };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const server = startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    await waitHealthy(BASE, undefined, server);
    const cookies = await signIn();
    const first: Visit[] = [];
    const repeat: Visit[] = [];
    for (let run = 1; run <= RUNS; run++) {
      // A phone-sized context, its cache empty: what a driver's browser holds after installing nothing.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        locale: "en-US",
      });
      await context.addCookies(cookies.map((c) => ({ ...c, url: BASE })));
      first.push(await visit(context));
      repeat.push(await visit(context));
      await context.close();
      const f = first.at(-1);
      const r = repeat.at(-1);
      console.log(
        `run ${run}: first ${(f?.ms ?? 0).toFixed(0)} ms, the app's ${(f?.appMs ?? 0).toFixed(0)} ms (${f?.requests} requests, ${((f?.bytes ?? 0) / 1000).toFixed(1)} KB); ` +
          `repeat ${(r?.ms ?? 0).toFixed(0)} ms, the app's ${(r?.appMs ?? 0).toFixed(0)} ms (${r?.requests} over the network, ${((r?.bytes ?? 0) / 1000).toFixed(1)} KB, ${r?.fromCache} from the memory/disk cache)`,
      );
    }
    const summary = {
      runs: RUNS,
      network: SLOW_3G,
      firstVisit: {
        medianMs: Math.round(median(first.map((v) => v.ms))),
        appMedianMs: Math.round(median(first.map((v) => v.appMs))),
        requests: median(first.map((v) => v.requests)),
        kb: Math.round(median(first.map((v) => v.bytes)) / 100) / 10,
      },
      repeatVisit: {
        medianMs: Math.round(median(repeat.map((v) => v.ms))),
        appMedianMs: Math.round(median(repeat.map((v) => v.appMs))),
        requests: median(repeat.map((v) => v.requests)),
        kb: Math.round(median(repeat.map((v) => v.bytes)) / 100) / 10,
      },
      load: os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" "),
    };
    console.log(JSON.stringify(summary, null, 2));
    if (process.env.BENCH_JSON)
      writeFileSync(process.env.BENCH_JSON, JSON.stringify({ summary, first, repeat }, null, 2));
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
