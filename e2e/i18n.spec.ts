import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { loginAs } from "./fixtures";

/**
 * Opens the switcher and picks a language. Retried as a whole: a menu opened while the page behind it
 * is still loading closes when that page takes focus, and the item is gone before the click lands.
 */
async function chooseLanguage(page: Page, name: string) {
  await expect(async () => {
    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitemradio", { name }).click({ timeout: 2000 });
  }).toPass();
}

test.describe("languages", () => {
  test("the switcher changes the language to Spanish and French, and the choice sticks", async ({ page }) => {
    await loginAs(page, "manager@demo.test");
    await chooseLanguage(page, "Español");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("navigation").first().getByRole("link", { name: "Cargas" })).toBeVisible();

    await chooseLanguage(page, "Français");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("fr");
  });

  test("the query string picks the language first", async ({ page }) => {
    await page.goto("/login?lng=fr");
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
    await page.goto("/login?lng=es");
    await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  });

  test("a screen downloads only its own namespaces in the reader's language, and never shows a raw key", async ({
    page,
  }) => {
    // Every key of the English files ("title", "list.empty.title", "loads:status.delivered"): a text
    // node equal to one of them is a key shown before its translation arrived.
    const keys: string[] = [];
    const dir = path.resolve("src/shared/i18n/locales/en");
    const walk = (ns: string, value: unknown, prefix: string) => {
      if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) walk(ns, v, prefix ? `${prefix}.${k}` : k);
      else if (value !== prefix) keys.push(prefix, `${ns}:${prefix}`);
    };
    for (const file of readdirSync(dir))
      walk(file.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(dir, file), "utf8")), "");
    await page.addInitScript((known: string[]) => {
      const set = new Set(known);
      const shown: string[] = [];
      (window as unknown as { rawKeys: string[] }).rawKeys = shown;
      new MutationObserver(() => {
        if (!document.body) return;
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const text = walker.currentNode.textContent?.trim() ?? "";
          if (set.has(text)) shown.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, keys);
    // Slow translations make a flash of keys, if there were one, last long enough to be seen.
    const downloaded: string[] = [];
    await page.route("**/assets/locale-*.js", async (route) => {
      downloaded.push(
        /locale-(\w+-\w+)-[\w-]{8}\.js$/.exec(new URL(route.request().url()).pathname)?.[1] ?? "",
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });

    await loginAs(page, "manager@demo.test");
    await page.goto("/operations/loads");
    await expect(page.getByRole("heading", { name: "Loads", level: 1 })).toBeVisible();
    await page.goto("/fleet");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(downloaded).toContain("en-common");
    expect(downloaded).toContain("en-loads");
    expect(downloaded).toContain("en-fleet");
    // Only what was opened: nothing of accounting's or the portal's, nothing in another language.
    expect(downloaded).not.toContain("en-portal");
    expect(downloaded.filter((d) => !d.startsWith("en-"))).toEqual([]);

    downloaded.length = 0;
    await chooseLanguage(page, "Français");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    // The switch fetches the French of what is open (no English fallback: French is complete).
    expect(downloaded).toContain("fr-fleet");
    await page.goto("/customers");
    await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
    expect(downloaded).toContain("fr-customers");
    // A live notification from the tests running alongside (a manager gets many) can arrive while the
    // switch is still loading French; its toast then loads its words in the language still in effect.
    expect(downloaded.filter((d) => !d.startsWith("fr-") && d !== "en-notifications")).toEqual([]);

    expect(await page.evaluate(() => (window as unknown as { rawKeys: string[] }).rawKeys)).toEqual([]);
  });
});
