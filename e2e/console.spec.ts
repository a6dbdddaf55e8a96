import { expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

/**
 * Issue 10, point 18: an expected answer (nobody signed in on a public page, a page left behind by an
 * identity switch) must not show up as an error in the browser's console.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test.describe("a quiet console", () => {
  test("public pages, signed out, log no errors", async ({ page }) => {
    const errors = consoleErrors(page);
    for (const path of ["/login", "/register", "/track"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await expect(page.locator("body")).not.toBeEmpty();
    expect(errors).toEqual([]);
  });

  test("starting and stopping an impersonation logs no errors", async ({ page }) => {
    await loginAs(page, "admin@demo.test");
    const errors = consoleErrors(page);
    await page.goto("/admin/user-management");
    await page.getByTestId("user-actions-driver2@demo.test").click();
    await page.getByRole("menuitem", { name: "Impersonate" }).click();
    await expect(toast(page)).toContainText("Impersonation Started");
    await expect(page).toHaveURL(/\/driver-dashboard$/);
    await page.waitForLoadState("networkidle");
    await page.getByTestId("impersonation-banner").getByRole("button", { name: "Return to admin" }).click();
    await expect(page).toHaveURL(/\/admin\/user-management$/);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
});
