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
});
