import { type Browser, expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

/*
 * Issue 38, point 20: on a phone every control is at least 44 × 44 CSS px (WCAG 2.5.5's size, which
 * the product holds on phone screens), and the page title in the header is never cut to "My …".
 *
 * A control counts with its tap area: the control itself, the <label> it sits in (a radio or a
 * checkbox inside a 44 px row), or the row a "stretched" link covers with its ::after (a list's
 * card opens its record wherever it is tapped). Not counted, with the reason:
 * - a link inside running text (WCAG 2.5.8's "inline" exception: a sentence cannot grow to 44 px);
 * - visually hidden inputs (`sr-only`): a radio or checkbox is measured by its label instead; a file
 *   input by nothing (the visible "Photo or file" button beside it is a control of its own);
 * - controls off the screen sideways (the closed phone drawer slides out of view).
 */
const PHONE = { width: 390, height: 844 };
const MIN = 44;

async function phoneAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

/** Every visible control smaller than 44 × 44 px, described for the failure message. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      '[role="button"]',
      '[role="tab"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="combobox"]',
    ].join(",");
    const inRunningText = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const own = (el.textContent ?? "").trim();
      const around = (parent.textContent ?? "").trim();
      return around.length > own.length + 3;
    };
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      if (el.closest('[aria-hidden="true"],[inert]')) continue;
      // A visually hidden input is tapped through its label (a segmented choice, a photo button's
      // file input): the label is measured; with no label, the visible button beside it is.
      let target: Element = el;
      if (r.width <= 2 && r.height <= 2) {
        const id = el.getAttribute("id");
        const label =
          el.closest("label") ?? (id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null);
        if (!label || el.getAttribute("type") === "file") continue;
        target = label;
      }
      if (r.right <= 0 || r.left >= window.innerWidth) continue;
      const t = target.getBoundingClientRect();
      let width = t.width;
      let height = t.height;
      const grow = (box: Element | null) => {
        if (!box) return;
        const b = box.getBoundingClientRect();
        width = Math.max(width, b.width);
        height = Math.max(height, b.height);
      };
      // A control inside a label: the whole label is tapped.
      grow(el.closest("label"));
      // A "stretched" link or button (an absolute ::after over its row): the row is tapped.
      const after = getComputedStyle(el, "::after");
      if (after.position === "absolute" && after.content !== "none") {
        let box: Element | null = el;
        while (box && getComputedStyle(box).position === "static") box = box.parentElement;
        grow(box);
      }
      if (width >= min - 0.5 && height >= min - 0.5) continue;
      if (inRunningText(el)) continue;
      const name =
        el.getAttribute("aria-label") ??
        el.getAttribute("data-testid") ??
        (el.textContent ?? "").trim().slice(0, 40) ??
        "";
      out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(width)}×${Math.round(height)}`);
    }
    return out;
  }, MIN);
}

/** The header's title shows whole: no ellipsis ("My …"), nor a third line clipped off. */
function titleCut(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const title = document.querySelector('[data-testid="header-title"]');
    if (!title) return "no header title";
    const cut = title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1;
    return cut ? (title.textContent ?? "") : null;
  });
}

/** A screen, or a screen with a panel opened by the control of this test id (scanned on its own). */
type Screen = string | { path: string; open: string };
const SCREENS: Record<string, { email: string; paths: Screen[] }> = {
  driver: {
    email: "driver@demo.test",
    paths: [
      "/driver-dashboard",
      { path: "/driver-dashboard", open: "open-menu" },
      "/operations/loads",
      "/fuel-log",
      { path: "/fuel-log", open: "log-fuel" },
      "/communications/chat",
      "/accounting/documents",
      "/operations/load-board",
      "/operations/calendar",
      "/notifications",
    ],
  },
  customer: { email: "customer@demo.test", paths: ["/customer-portal"] },
  dispatcher: { email: "dispatcher@demo.test", paths: ["/", "/operations/loads"] },
};

for (const lng of ["en", "es", "fr"]) {
  for (const [role, { email, paths }] of Object.entries(SCREENS)) {
    test(`every control is a 44 px tap target for the ${role} on a phone, titles whole (${lng})`, async ({
      browser,
    }) => {
      test.slow();
      // Signed in in English (the helper reads the English form), then each screen asks for its language.
      const page = await phoneAs(browser, email);
      const found: string[] = [];
      for (const screen of paths) {
        const { path, open } = typeof screen === "string" ? { path: screen, open: null } : screen;
        await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        await page.waitForLoadState("networkidle");
        await expect(page.getByRole("status", { name: /loading|cargando|chargement/i })).toHaveCount(0);
        // An open panel hides the page behind it (aria-hidden), so the scan reads the panel alone.
        if (open) {
          await page.getByTestId(open).click();
          await expect(page.getByRole("dialog")).toBeVisible();
          await page.waitForTimeout(300); // the panel's entry animation
        }
        const where = open ? `${path} (${open})` : path;
        for (const small of await smallTargets(page)) found.push(`${where}: ${small}`);
        const cut = await titleCut(page);
        if (cut) found.push(`${path}: header title cut: "${cut}"`);
      }
      expect(found).toEqual([]);
      await page.context().close();
    });
  }
}

test("a toast's close button is a 44 px tap target on a phone, inside the toast", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill("dispatcher@demo.test");
  await page.getByLabel("Password", { exact: true }).fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(toast(page)).toBeVisible();
  const close = toast(page).getByRole("button", { name: "Close" });
  await expect.poll(async () => (await close.boundingBox())?.width).toBeGreaterThanOrEqual(MIN);
  const [button, card] = [await close.boundingBox(), await toast(page).boundingBox()];
  expect(button?.height).toBeGreaterThanOrEqual(MIN);
  // Inside the toast's corner, not astride its edge.
  expect(button && card && button.x + button.width <= card.x + card.width + 1 && button.y >= card.y - 1).toBe(
    true,
  );
  await close.click();
  await expect(toast(page)).toHaveCount(0);
  await context.close();
});
