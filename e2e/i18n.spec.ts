import { expect, test } from "@playwright/test";
import { loginAs } from "./fixtures";

test.describe("languages", () => {
  test("the switcher changes the language to Spanish and French, and the choice sticks", async ({ page }) => {
    await loginAs(page, "manager@demo.test");
    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitemradio", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("navigation").first().getByRole("link", { name: "Cargas" })).toBeVisible();

    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitemradio", { name: "Français" }).click();
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
