import { expect, test } from "@playwright/test";
import { loginAs } from "./fixtures";

test("Ctrl+K finds a screen by name and a driver by name, in the user's language, and opens them", async ({
  page,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  // The shortcut listens once the shell is up.
  await expect(page.getByTestId("palette-open")).toBeVisible();
  await page.keyboard.press("Control+k");
  const input = page.getByTestId("palette-input");
  await expect(input).toBeFocused();
  await input.fill("calend");
  await expect(page.getByTestId("palette-hit").first()).toContainText("Calendar");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/operations\/calendar/);

  await page.getByTestId("palette-open").click();
  await input.fill("Rosa Mart");
  const driver = page.getByTestId("palette-hit").filter({ hasText: "Rosa Martinez" });
  await expect(driver).toContainText("Driver");
  await driver.click();
  await expect(page).toHaveURL(/\/drivers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Rosa Martinez", level: 1 })).toBeVisible();

  // In Spanish the screens are found by their Spanish names.
  await page.goto("/?lng=es");
  await expect(page.getByTestId("palette-open")).toBeVisible();
  await page.keyboard.press("Control+k");
  await input.fill("Clientes");
  await expect(page.getByTestId("palette-hit").first()).toContainText("Pantalla");
});
