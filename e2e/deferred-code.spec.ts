import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

/**
 * The built file that holds a source module (chunks are named by their hash): from the build's
 * manifest, as a pattern for `page.route`.
 */
function chunkOf(source: string): RegExp {
  const dist = path.resolve(process.env.WEB_DIST ?? "dist/web");
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string; src?: string }
  >;
  const entry = Object.entries(manifest).find(([key, c]) => key.includes(source) || c.src?.includes(source));
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return new RegExp(`/${entry[1].file.replace(/[.]/g, "\\.")}$`);
}

/**
 * Decision 023: a screen renders before the code of its dialogs, menus, pickers and later tabs has
 * arrived. These tests hold that code back — slow, then failing — and check that every control still
 * works for someone who reaches for it first.
 */
test.describe("code that arrives after the screen", () => {
  test("a menu whose code cannot be fetched says so, and opens once it can", async ({ page }) => {
    await loginAs(page, "dispatcher@demo.test");
    let blocked = true;
    await page.route(chunkOf("components/ui/radix-overlays.ts"), (route) =>
      blocked ? route.abort() : route.continue(),
    );
    await page.goto("/drivers");
    await expect(page.getByRole("heading", { name: "Drivers" })).toBeVisible();

    // The trigger is there and reads as a menu button before its code is.
    const menu = page.getByTestId("user-menu");
    await expect(menu).toHaveAttribute("aria-haspopup", "menu");
    await menu.click();
    await expect(toast(page)).toContainText("Could not reach the server");
    await expect(page.getByRole("menu")).toHaveCount(0);

    blocked = false;
    await menu.click();
    await expect(page.getByRole("menuitem", { name: "Change password" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(menu).toBeFocused(); // the menu hands the focus back to its button
  });

  test("a dialog, a picker and a later tab opened before their code arrives appear when it does", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    // The deferred chunks take their time: the overlays and the driver form 1.5 s, the ratings tab 3 s.
    const ratings = chunkOf("drivers/components/driver-ratings-tab.tsx");
    for (const pattern of [
      chunkOf("components/ui/radix-overlays.ts"),
      chunkOf("drivers/components/driver-form-dialog.tsx"),
      ratings,
    ])
      await page.route(pattern, async (route) => {
        const slow = ratings.test(new URL(route.request().url()).pathname) ? 3000 : 1500;
        await new Promise((resolve) => setTimeout(resolve, slow));
        await route.continue();
      });
    await page.goto("/drivers");
    await page.getByTestId("new-driver").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Full name")).toBeVisible();
    await dialog.getByLabel("Full name").fill("Slow Network");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // A driver's profile: the tabs follow the arrow keys; a later tab shows a spinner, then itself.
    await page.goto("/drivers");
    await page.getByRole("link", { name: "Jake Wilson" }).click();
    const tabs = page.getByRole("tablist");
    const first = tabs.getByRole("tab").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await first.focus();
    await page.keyboard.press("ArrowRight");
    const second = tabs.getByRole("tab").nth(1);
    await expect(second).toHaveAttribute("aria-selected", "true");
    await expect(second).toBeFocused();
    await page.keyboard.press("End");
    await expect(tabs.getByRole("tab").last()).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute("aria-selected", "true");

    // Opened at once on a fresh page (its code not yet fetched): a spinner, then the tab.
    await page.reload();
    await page.getByTestId("tab-ratings").click();
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByRole("status")).toBeVisible();
    await expect(panel.getByRole("heading", { name: "All-time rating" })).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByRole("status")).toHaveCount(0);
  });
});
