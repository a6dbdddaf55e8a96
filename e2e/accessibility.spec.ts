import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { canOpen, homePathFor, ROUTES, type Role, type RouteDef, type RouteKey } from "../src/shared/access";
import { loginAs, toast } from "./fixtures";

/**
 * Every role's main screens hold WCAG 2.1 A and AA as axe-core checks them: no critical and no serious
 * violation. The staff roles share most screens (they differ in buttons, not in markup), so each staff
 * screen is checked once, as the first role below whose sidebar lists it — the role whose work it is —
 * plus every staff role's own dashboard; the driver's and the customer's screens are their own views
 * and are all checked.
 *
 * Fast enough for CI: one sign-in per role, and the screens are reached through the sidebar as a user
 * does (no page reload), so axe-core is put into the page once per sign-in and each screen costs one
 * render and one axe run. (@axe-core/playwright's AxeBuilder injects axe and opens a blank page to
 * assemble the results on every check: four times slower here; it also pins an older axe-core than
 * the project's.)
 */
const STAFF_ORDER = ["accountant", "safety", "dispatcher", "manager", "admin"] as const;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
};

// A toast that arrives while axe reads the page (a live notification from another test's work) is
// checked as it is shown, not half-faded in: the toaster honours reduced motion.
test.use({ reducedMotion: "reduce" });

/** The sidebar of a role with the default permissions (`lib/navigation.ts#navSectionsFor`). */
function sidebarPaths(role: Role): string[] {
  return (Object.keys(ROUTES) as RouteKey[])
    .filter((key) => {
      const def: RouteDef = ROUTES[key];
      if (!def.nav || !canOpen(role, key)) return false;
      return key !== "home" || homePathFor(role) === ROUTES.home.path;
    })
    .map((key) => (key === "reports" ? "/reports/overview" : ROUTES[key].path));
}

function screensOf(role: Role): string[] {
  const at = STAFF_ORDER.indexOf(role as (typeof STAFF_ORDER)[number]);
  if (at < 0) return sidebarPaths(role);
  const seen = new Set(STAFF_ORDER.slice(0, at).flatMap(sidebarPaths));
  return sidebarPaths(role).filter((path) => path === ROUTES.home.path || !seen.has(path));
}

/** The screen has drawn its data: its heading is up and no skeleton or spinner is left in the page. */
async function settled(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator("main .animate-pulse, main [role=status] .animate-spin")).toHaveCount(0);
}

/** Critical and serious violations, one line each (rule, impact, up to three elements) for a readable failure. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as {
      axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> };
    };
    return (await axe.run(document, options)).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  }, AXE_OPTIONS);
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.id} (${v.impact}, ${v.targets.length}): ${v.targets.slice(0, 3).join(" | ")}`);
}

/** Opens a screen the way its user does — the sidebar's link, or the address for a page outside the shell — and checks it. */
async function checkScreen(page: Page, path: string) {
  await test.step(path, async () => {
    const link = page.locator(`nav a[href="${path}"]`).first();
    const here = page.url().startsWith("http") && new URL(page.url()).pathname === path;
    if (!here && (await link.isVisible())) await link.click();
    else if (!here) await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await settled(page);
    expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([]);
  });
}

for (const role of [...STAFF_ORDER, "driver", "customer"] as const) {
  const screens = screensOf(role);
  test(`${role}: the home screen and the sidebar's screens have no serious accessibility violation`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + screens.length * 15_000);
    await loginAs(page, `${role}@demo.test`);
    // The list above is the sidebar the role sees (a screen added to the sidebar is checked too).
    const sidebar = page.getByRole("navigation").first().locator("a[href]");
    await expect(sidebar.first()).toBeVisible();
    const links = await sidebar.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toEqual(expect.arrayContaining(screens));
    for (const path of screens) await checkScreen(page, path);
  });
}

test("the public pages have no serious accessibility violation", async ({ browser, page, baseURL }) => {
  await loginAs(page, "dispatcher@demo.test");
  const bolUpload = await bolUploadPath(page, baseURL as string);
  const visitor = await (browser as Browser).newContext({ baseURL });
  const anonymous = await visitor.newPage();
  for (const path of ["/login", "/register", "/track", bolUpload]) await checkScreen(anonymous, path);
  await visitor.close();
});

/** A BOL upload link for a demo load, as dispatch hands it to a driver (nothing is uploaded). */
async function bolUploadPath(page: Page, baseURL: string): Promise<string> {
  const loads = await (await page.request.get("/api/loads")).json();
  const created = await page.request.post(`/api/loads/${loads.items[0].id}/bol-links`, {
    data: {},
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  return new URL(((await created.json()) as { url: string }).url).pathname;
}

test("an open dialog and phone-width screens have no serious accessibility violation", async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  await page.goto("/customers");
  await settled(page);
  await page.getByTestId("new-customer").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("customer-form")).toBeVisible();
  expect.soft(await seriousViolations(page), "axe with the new-customer dialog open").toEqual([]);

  const phone = await (browser as Browser).newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const driver = await phone.newPage();
  await loginAs(driver, "driver@demo.test");
  await checkScreen(driver, "/driver-dashboard");
  await driver.getByTestId("open-menu").click();
  await expect(driver.getByRole("dialog")).toBeVisible();
  expect.soft(await seriousViolations(driver), "axe with the phone's menu open").toEqual([]);
  await phone.close();
});

test("focus returns to the menu button when the phone's menu closes", async ({ browser, baseURL }) => {
  const phone = await (browser as Browser).newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await loginAs(page, "dispatcher@demo.test");
  const menuButton = page.getByTestId("open-menu");
  const menu = page.getByRole("dialog");

  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // Choosing a screen closes the menu too; the focus is back on its button, on the new screen.
  await menuButton.click();
  await menu.getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await phone.close();
});

test("after a create the new record's heading has the focus", async ({ page }) => {
  await loginAs(page, "dispatcher@demo.test");
  await page.goto("/customers");
  await page.getByTestId("new-customer").click();
  const form = page.getByTestId("customer-form");
  const tag = Date.now().toString(36);
  await form.getByLabel("Company name").fill(`Focus Freight ${tag}`);
  await form.getByLabel("Customer name").fill("Nia Focus");
  await form.getByTestId("save-customer").click();
  await expect(toast(page)).toContainText("Customer created");
  await expect(page.getByTestId("customer-name")).toHaveText(`Focus Freight ${tag}`);
  await expect(page.getByTestId("customer-name")).toBeFocused();
});

test("the loads list's “Pickup from” date shows a focus ring when reached with the keyboard", async ({
  page,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  await page.goto("/operations/loads");
  const from = page.getByLabel("Pickup from");
  // Back from its "to" neighbour with Shift+Tab, as a keyboard user moves through the filters.
  await page.locator('input[type="date"]').nth(1).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(from).toBeFocused();
  // Tailwind's ring is a box shadow in the brand colour (rgb(59, 130, 246)).
  await expect(from).toHaveCSS("box-shadow", /rgb\(59, 130, 246\) 0px 0px 0px 2px/);
});

test("a table wider than its place is a tab stop a keyboard scrolls; one that fits is not", async ({
  page,
}) => {
  await loginAs(page, "admin@demo.test");
  await page.goto("/admin/actions");
  await settled(page);
  const frame = page.locator("main div.overflow-x-auto:has(> table)").first();
  const place = (width: string) =>
    frame.evaluate((el, w) => {
      (el.parentElement as HTMLElement).style.width = w;
    }, width);
  // Given room (a wide screen, a short log), the audit log fits: no stop of its own. How wide the
  // desk's window must be depends on the entries other tests wrote, so the room is set here.
  await place("4000px");
  await expect.poll(() => frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
  await expect(frame).not.toHaveAttribute("tabindex", "0");

  // Squeezed (a long entry, a narrow window, a zoomed page), it scrolls sideways and takes the focus.
  await place("360px");
  await expect(frame).toHaveAttribute("tabindex", "0");
  await frame.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);

  await place("4000px");
  await expect(frame).not.toHaveAttribute("tabindex", "0");
});
