import path from "node:path";
import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { openAs } from "./load-helpers";

test.describe("settings", () => {
  test("an admin sets the company's USDOT and MC numbers and its logo; a bad number keeps the form", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test");
    await page.goto("/settings?tab=company");
    const form = page.getByTestId("company-form");
    await expect(form.getByLabel("Legal name")).toHaveValue(/\S/);
    const usdot = form.getByLabel("USDOT number");
    const mc = form.getByLabel("MC number");
    const before = { usdot: await usdot.inputValue(), mc: await mc.inputValue() };

    await usdot.fill("12AB");
    await mc.fill("MC-271828");
    await form.getByTestId("save-company").click();
    await expect(form.getByText("A USDOT number is 1 to 8 digits.")).toBeVisible();
    await expect(mc).toHaveValue("MC-271828");

    await usdot.fill("3141592");
    await form.getByTestId("save-company").click();
    await expect(toast(page)).toContainText("Company profile saved.");
    await expect(form).toContainText("Last changed by Alex Morgan");
    await page.reload();
    await expect(usdot).toHaveValue("3141592");
    await expect(mc).toHaveValue("271828");

    await form
      .getByTestId("company-logo-file")
      .setInputFiles(path.join(import.meta.dirname, "assets", "tire-defect.png"));
    await expect(toast(page)).toContainText("Logo saved.");
    await expect(form.getByTestId("company-logo")).toContainText("tire-defect.png");
    await form.getByRole("button", { name: "Remove logo" }).click();
    await expect(toast(page)).toContainText("Logo removed.");

    // Left as the other tests found it.
    await usdot.fill(before.usdot);
    await mc.fill(before.mc);
    await form.getByTestId("save-company").click();
    await expect(toast(page)).toContainText("Company profile saved.");

    // The other tabs: the user's own choices and the company's switches, and the signature.
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(page.getByTestId("notification-preferences")).toBeVisible();
    await expect(page.getByTestId("automated-switches")).toBeVisible();
    await page.getByRole("tab", { name: "Signature" }).click();
    await expect(page.getByTestId("signature")).toBeVisible();
  });

  test("a driver on a phone opens their profile from the user menu and switches the app to Spanish", async ({
    browser,
  }) => {
    const page = await openAs(browser, "driver2@demo.test", { width: 390, height: 844 });
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByTestId("my-profile").click();
    await expect(page).toHaveURL(/\/profile$/);
    const form = page.getByTestId("profile-form");
    await expect(form).toContainText("On your driver record");
    await form.getByLabel("Phone").fill("(773) 555-0187");
    await form.getByTestId("profile-language").selectOption("es");
    await form.getByTestId("save-profile").click();
    await expect(page.getByRole("heading", { name: "Mi perfil", level: 1 })).toBeVisible();
    await expect(page.getByTestId("notification-preferences")).toContainText("en Español");
    // Back to English for the other tests.
    await form.getByTestId("profile-language").selectOption("en");
    await form.getByTestId("save-profile").click();
    await expect(page.getByRole("heading", { name: "My profile", level: 1 })).toBeVisible();
    await page.context().close();
  });
});
