import { expect, type Page, test } from "@playwright/test";
import { loginAs, pickOption, toast } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

async function chooseDriver(page: Page, name: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "Driver" }).click();
  await page.getByRole("searchbox", { name: "Search drivers" }).fill(name);
  await pickOption(page, new RegExp(name));
}

test.describe("asset assignments", () => {
  test("a dispatcher adds a truck and a trailer, assigns them, is refused a second driver, and ends the assignment", async ({
    page,
  }) => {
    test.slow(); // one long flow: two dialogs, a refusal and the end
    const unit = `E2E-${tag()}`;
    const trailer = `TR-${tag()}`;
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/assignments");
    await expect(page.getByRole("heading", { name: "Asset assignments" })).toBeVisible();

    await page.getByRole("button", { name: "Assign assets" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(toast(page)).toContainText("Missing Information");

    await chooseDriver(page, "Rosa Martinez");
    await dialog.getByRole("button", { name: "New vehicle" }).click();
    await dialog.getByLabel("Unit number").fill(unit);
    await dialog.getByLabel("Make").fill("Volvo");
    await dialog.getByLabel("Model").fill("VNL 860");
    await dialog.getByRole("button", { name: "Add vehicle" }).click();
    await expect(toast(page)).toContainText("Vehicle added");
    await expect(dialog.getByRole("combobox", { name: "Vehicle" })).toContainText(unit);

    await dialog.getByRole("button", { name: "New trailer" }).click();
    await dialog.getByLabel("Identifier").fill(trailer);
    await dialog.getByLabel("Type").selectOption("reefer");
    await dialog.getByRole("button", { name: "Add trailer" }).click();
    await expect(dialog.getByRole("combobox", { name: "Trailer or container" })).toContainText(trailer);
    await dialog.getByLabel("Notes").fill("Chicago dedicated lane");
    await dialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(toast(page)).toContainText("Assets assigned");
    await expect(toast(page)).toContainText("Rosa Martinez");
    await expect(dialog).toHaveCount(0);

    await page.getByRole("searchbox", { name: "Search assignments" }).fill(unit);
    const row = page.getByTestId("assignment-row").filter({ hasText: unit });
    await expect(page.getByTestId("assignment-row")).toHaveCount(1);
    await expect(row).toContainText("Rosa Martinez");
    await expect(row).toContainText(trailer);
    await expect(row).toContainText("Chicago dedicated lane");

    // The truck belongs to Rosa: giving it to Jake is refused, naming her.
    await page.getByRole("button", { name: "Assign assets" }).first().click();
    await chooseDriver(page, "Jake Wilson");
    await dialog.getByRole("combobox", { name: "Vehicle" }).click();
    await page.getByRole("searchbox", { name: /Search unit number/ }).fill(unit);
    const option = page.getByRole("option", { name: new RegExp(unit) });
    await expect(option).toContainText("Assigned to Rosa Martinez");
    await option.click();
    await dialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(toast(page)).toContainText("Error saving assignments");
    await expect(toast(page)).toContainText(
      `Truck ${unit} is assigned to Rosa Martinez. End that assignment first.`,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await row.getByRole("button", { name: "End" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End assignment" }).click();
    await expect(toast(page)).toContainText("Assignment ended");
    await expect(page.getByTestId("assignment-row")).toHaveCount(0);

    await page.getByRole("tab", { name: "Past" }).click();
    await expect(page).toHaveURL(/state=past/);
    await expect(page.getByTestId("assignment-row").filter({ hasText: unit })).toContainText("Rosa Martinez");
  });

  test("a duplicate unit number is refused inline", async ({ page }) => {
    const unit = `DUP-${tag()}`;
    await loginAs(page, "manager@demo.test");
    await page.goto("/operations/assignments");
    await page.getByRole("button", { name: "Assign assets" }).first().click();
    const dialog = page.getByRole("dialog");
    for (const attempt of [0, 1]) {
      await dialog.getByRole("button", { name: "New vehicle" }).click();
      await dialog.getByLabel("Unit number").fill(attempt ? unit.toLowerCase() : unit);
      await dialog.getByRole("button", { name: "Add vehicle" }).click();
      if (attempt === 0) await expect(toast(page)).toContainText("Vehicle added");
    }
    await expect(toast(page)).toContainText("Could not add the vehicle");
    await expect(dialog.getByTestId("new-vehicle-form")).toContainText(
      "A vehicle with this unit number already exists.",
    );
  });

  test("on a phone the assignments are cards", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/assignments");
    await expect(page.getByRole("button", { name: "Assign assets" }).first()).toBeVisible();
    await expect(page.locator("thead")).toBeHidden();
  });
});
