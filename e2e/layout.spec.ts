import { expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

/**
 * Issue 10, point 17: every screen fits at 1440 px and 375 px in English, Spanish and French —
 * tables, filter dropdowns and the sidebar inside their boxes, nothing scrolling sideways, thumb-sized
 * targets on the driver's phone screens, and toasts below the header.
 */
const LANGUAGES = ["en", "es", "fr"] as const;
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 800 };

async function open(page: Page, path: string, lng: string) {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
  await expect(page.locator("main")).toBeVisible({ timeout: 20_000 }); // eight screens in a row on a busy CI machine
  await expect(page.getByText(/Loading…|Cargando…|Chargement…/)).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/** What does not fit, as readable lines (empty when all is well). */
const problems = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push(`page scrolls sideways by ${document.documentElement.scrollWidth - window.innerWidth}px`);
    if (window.innerWidth >= 1024) {
      for (const table of document.querySelectorAll("main table")) {
        let box = table.parentElement;
        while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
        if (box && box.scrollWidth > box.clientWidth + 1)
          out.push(`table cut off by ${box.scrollWidth - box.clientWidth}px`);
      }
    }
    const ctx = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    for (const select of document.querySelectorAll<HTMLSelectElement>("main select")) {
      if (!shown(select)) continue;
      const cs = getComputedStyle(select);
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const text = select.options[select.selectedIndex]?.text ?? "";
      const needs = ctx.measureText(text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
      if (needs > select.clientWidth + 1) out.push(`select clips "${text}"`);
    }
    if (window.innerWidth < 1024) {
      // Tables turn into cards on phones: every line of a card stays on the screen, whatever its text.
      for (const cell of document.querySelectorAll("main tbody td")) {
        const right = cell.getBoundingClientRect().right;
        if (shown(cell) && right > window.innerWidth + 1)
          out.push(
            `card line "${cell.textContent?.slice(0, 30)}" runs off the screen by ${Math.round(right - window.innerWidth)}px`,
          );
      }
    }
    const nav = document.querySelector("aside nav");
    if (nav && shown(nav)) {
      const edge = nav.getBoundingClientRect().right;
      for (const label of nav.querySelectorAll("a span")) {
        if (label.getBoundingClientRect().right > edge + 1)
          out.push(`sidebar label overflows: "${label.textContent}"`);
      }
    }
    return out;
  });

/** Interactive elements under 44 px on a phone (stretched row links count as their row). */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll(
      "main a[href], main button, main select, main input:not([type=hidden])",
    )) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.closest(".sr-only")) continue;
      const stretched = getComputedStyle(el, "::after").position === "absolute";
      if (!stretched && (r.height < 44 || r.width < 44))
        out.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    }
    return out;
  });

test.describe("layout", () => {
  test("staff screens fit at 1440 px in every language", async ({ page }) => {
    test.slow();
    await page.setViewportSize(DESK);
    await loginAs(page, "admin@demo.test");
    const screens = [
      "/admin/actions",
      "/operations/tolls",
      "/drivers",
      "/customers",
      "/fleet/maintenance",
      "/fleet/inspections",
    ];
    for (const lng of LANGUAGES) {
      for (const path of screens) {
        await open(page, path, lng);
        expect(await problems(page), `${path} in ${lng}`).toEqual([]);
      }
    }
    await open(page, "/drivers", "en");
  });

  test("staff list screens fit at 375 px in every language", async ({ page }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await loginAs(page, "admin@demo.test");
    for (const lng of LANGUAGES) {
      for (const path of [
        "/customers",
        "/fleet/inspections",
        "/operations/accidents",
        "/admin/user-management",
      ]) {
        await open(page, path, lng);
        expect(await problems(page), `${path} in ${lng}`).toEqual([]);
      }
    }
    await open(page, "/customers", "en");
  });

  // One test per size and language (eight screens each), so none runs long under the full suite.
  for (const size of [DESK, PHONE])
    for (const lng of LANGUAGES)
      test(`the lists on the shared list kit fit at ${size.width} px in ${lng}`, async ({ page }) => {
        test.slow();
        await page.setViewportSize(size);
        await loginAs(page, "admin@demo.test");
        for (const path of [
          "/operations/parking",
          "/operations/parking?tab=reservations",
          "/operations/citations",
          "/operations/assignments",
          "/operations/load-requests",
          "/drivers/ratings",
          "/drivers/reviews",
          "/admin/account-review",
          "/accounting/transactions",
          "/accounting/bills",
          "/accounting?view=pending",
          "/accounting/bill-customer",
          "/accounting/bol-manager",
          "/accounting/settlements",
          "/accounting/settlements?tab=deductions",
          "/accounting/statements",
          "/accounting/tax-forms",
        ]) {
          await open(page, path, lng);
          expect(await problems(page), `${path} in ${lng} at ${size.width} px`).toEqual([]);
        }
      });

  test("the driver's phone screens fit at 375 px with thumb-sized targets, in every language", async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await loginAs(page, "driver@demo.test");
    for (const lng of LANGUAGES) {
      for (const path of ["/driver-dashboard", "/fuel-log", "/operations/calendar"]) {
        await open(page, path, lng);
        expect(await problems(page), `${path} in ${lng}`).toEqual([]);
        expect(await smallTargets(page), `${path} in ${lng}`).toEqual([]);
      }
    }
    // The current load's stop times are shown whole.
    await open(page, "/driver-dashboard", "en");
    for (const time of await page.getByTestId("stop-time").all()) {
      expect(
        await time.evaluate(
          (el) =>
            el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth,
        ),
      ).toBe(true);
    }
  });

  test("a toast opens below the header and the impersonation banner, not over them", async ({ page }) => {
    await page.setViewportSize(DESK);
    await loginAs(page, "admin@demo.test");
    await page.goto("/admin/user-management");
    await page.getByTestId("user-actions-driver@demo.test").click();
    await page.getByRole("menuitem", { name: "Impersonate" }).click();
    await expect(toast(page)).toContainText("Impersonation Started");
    // Hovering pauses the toast's 5 s, so it is still there to measure on a slow machine.
    await toast(page).hover();
    // The shell returns once the driver's dashboard is on screen (the switch shows a loading page).
    await expect(page.getByTestId("impersonation-banner")).toBeVisible();
    const bar = await page.getByTestId("app-header").boundingBox();
    const shown = await toast(page).boundingBox();
    expect(bar && shown && shown.y >= bar.y + bar.height).toBe(true);
    const back = page.getByTestId("impersonation-banner").getByRole("button", { name: "Return to admin" });
    await back.click(); // not covered: the click lands
    await expect(page).toHaveURL(/\/admin\/user-management$/);
  });
});
