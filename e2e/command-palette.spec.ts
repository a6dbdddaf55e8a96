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

test("Ctrl+K 'add a bill' as an accountant opens the Bills screen with its new-bill form", async ({
  page,
}) => {
  await loginAs(page, "accountant@demo.test");
  await expect(page.getByTestId("palette-open")).toBeVisible();
  await page.keyboard.press("Control+k");
  const input = page.getByTestId("palette-input");
  await input.fill("where do I add a bill");
  const first = page.getByTestId("palette-hit").first();
  await expect(first).toContainText("Action");
  await expect(first).toContainText("Add bill");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/accounting\/bills$/); // the form's parameter is used, then dropped
  const dialog = page.getByRole("dialog", { name: "Add a bill" });
  await expect(dialog.getByTestId("bill-form")).toBeVisible();
  await expect(dialog.getByLabel("Bill", { exact: true })).toBeFocused(); // ready to type
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // By what it is for, accents or not, in French: "dépense" finds the Bills screen and the action.
  await page.goto("/accounting/transactions?lng=fr");
  await expect(page.getByTestId("palette-open")).toBeVisible();
  await page.keyboard.press("Control+k");
  await input.fill("depense");
  await expect(page.getByTestId("palette-hit").filter({ hasText: "Ajouter une charge" })).toBeVisible();
  await expect(page.getByTestId("palette-hit").filter({ hasText: "Charges" }).first()).toBeVisible();
});

test("a driver's palette offers the driver's own actions, never the office's", async ({ page }) => {
  await loginAs(page, "driver@demo.test");
  await expect(page.getByTestId("palette-open")).toBeVisible();
  await page.keyboard.press("Control+k");
  const input = page.getByTestId("palette-input");
  const hits = page.getByTestId("palette-hit");
  for (const office of ["new load", "add bill", "new customer"]) {
    await input.fill(office);
    // The palette has answered this query (its screens are listed at once; records follow).
    await expect(page.getByText("Searching…")).toHaveCount(0);
    await expect(hits.filter({ hasText: "Action" })).toHaveCount(0);
  }
  await input.fill("log fuel");
  await expect(hits.first()).toContainText("Log fuel");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/fuel-log$/);
  await expect(page.getByRole("dialog").getByTestId("fuel-form")).toBeVisible();
});
