import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, type Page, test } from "@playwright/test";
import { DRIVER_DAY, precacheList, routerPages } from "../scripts/sw-precache";
import { loginAs } from "./fixtures";

// The installable app (decision 059): these specs alone let the service worker run (playwright.config.ts
// blocks it for every other spec). They run on the production build, as the e2e server serves it: a
// copy of dist/web (scripts/e2e-server.mjs), where the update spec puts a next version of the worker.
test.use({ serviceWorkers: "allow" });
test.describe.configure({ mode: "serial" });

const servedBuild = path.resolve(`.tmp/e2e-web-${process.env.E2E_PORT ?? "3100"}`);

/** Waits until a worker has activated and controls this page (the first one takes its page at once). */
async function controlledByWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
  });
}

const precacheNames = async (page: Page) =>
  (await page.evaluate(() => caches.keys())).filter((name) => name.startsWith("lms-precache-"));

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

test("the manifest is served with icons of the sizes it declares, and Chromium finds the app installable", async ({
  page,
  request,
  baseURL,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await response.json();
  expect(manifest).toMatchObject({ start_url: "/", scope: "/", display: "standalone" });
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toContain(icon.type);
    if (icon.type === "image/png") expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    purposes.add(`${icon.purpose} ${icon.sizes}`);
  }
  expect([...purposes]).toEqual(
    expect.arrayContaining(["any 192x192", "any 512x512", "maskable 512x512", "any any"]),
  );

  // Both documents name it (the sign-in page is most users' first), and the iPhone's home-screen icon.
  for (const document of ["/login", "/track"]) {
    await page.goto(document);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(pngSize(await (await request.get(touchIcon ?? "")).body())).toBe("180x180");
  }

  // Chromium's own installability check, in a browser profile on disk (a test context is incognito,
  // where nothing installs): the manifest parses and nothing stops the install.
  const profile = mkdtempSync(path.join(tmpdir(), "lms-pwa-"));
  const browser = await chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    baseURL,
  });
  try {
    const installable = browser.pages()[0] ?? (await browser.newPage());
    await installable.goto("/login");
    await controlledByWorker(installable);
    const cdp = await browser.newCDPSession(installable);
    const { errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("the worker stores the app and the driver's screens, and a reload with no network opens the app", async ({
  page,
  context,
}) => {
  await loginAs(page, "driver@demo.test");
  await expect(page).toHaveURL(/\/driver-dashboard$/);
  await controlledByWorker(page);

  // Everything the build's list names is stored (the shell, the sign-in page, the driver's screens
  // with their words in en/es/fr), in one cache of this version.
  const [precache] = await precacheNames(page);
  const stored = await page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname),
    precache,
  );
  const expected = precacheList(servedBuild).map((entry) => entry.url);
  expect(stored.sort()).toEqual(expected.sort());

  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  // The app itself opened (not the browser's "no internet" page): its frame and words render. What a
  // driver sees of their loads offline comes from the driver's-day store, not from this worker.
  await expect(page.getByText("Load Management System").first()).toBeVisible();

  // The driver's screens' code is there with no network: each page of the driver's day, and the
  // French words of its feature.
  const manifest = JSON.parse(readFileSync(path.join(servedBuild, ".vite/manifest.json"), "utf8"));
  const pages = routerPages();
  for (const key of DRIVER_DAY) {
    const page_ = pages.get(key);
    const code = `/${manifest[page_?.module ?? ""]?.file}`;
    const status = await page.evaluate(async (url) => (await fetch(url)).status, code);
    expect(status, `${key}: ${code}`).toBe(200);
  }

  // The sign-in page opens offline too (its own document, decision 022).
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeVisible();
  await context.setOffline(false);
});

test("a new version waits behind a Reload banner, and Reload switches the page to it", async ({ page }) => {
  await loginAs(page, "driver@demo.test");
  await controlledByWorker(page);
  const [first] = await precacheNames(page);
  const version = first.replace("lms-precache-", "");

  // The next deployment: the same build with another version, as the server would serve it.
  const worker = path.join(servedBuild, "sw.js");
  const current = readFileSync(worker, "utf8");
  writeFileSync(worker, current.replaceAll(version, "next-build"));
  try {
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const banner = page.getByTestId("update-banner");
    await expect(banner).toContainText("A new version of the app is available.");

    // Until the user reloads, the page stays on its version: the new worker waits beside it.
    const before = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: !!registration?.waiting, controlled: !!navigator.serviceWorker.controller };
    });
    expect(before).toEqual({ waiting: true, controlled: true });
    expect((await precacheNames(page)).sort()).toEqual([first, "lms-precache-next-build"].sort());

    await Promise.all([page.waitForEvent("load"), banner.getByRole("button", { name: "Reload" }).click()]);
    await expect(banner).toHaveCount(0);
    await controlledByWorker(page);
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: !!registration?.waiting, active: registration?.active?.state };
    });
    expect(after).toEqual({ waiting: false, active: "activated" });
    // The old version's files are gone: the page now runs the new one alone.
    await expect.poll(() => precacheNames(page)).toEqual(["lms-precache-next-build"]);
  } finally {
    writeFileSync(worker, current);
  }
});
