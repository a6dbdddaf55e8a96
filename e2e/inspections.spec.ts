import path from "node:path";
import { expect, test } from "@playwright/test";
import { toast } from "./fixtures";
import { openAs } from "./load-helpers";

const PHONE = { width: 375, height: 812 };
const PHOTO = path.join(import.meta.dirname, "assets", "tire-defect.png");
const DEFECT = `Air leak at the rear drive axle, audible with the brakes applied (${Date.now()}).`;

test.describe("inspections", () => {
  test("a driver files a failing pre-trip from his phone with a photo; staff find the maintenance item it opened", async ({
    browser,
  }) => {
    test.slow();
    const phone = await openAs(browser, "driver@demo.test", PHONE);
    await phone.goto("/fleet/inspections");
    await expect(phone.getByRole("heading", { name: "My inspections" })).toBeVisible();
    await phone.getByTestId("new-inspection").click();
    await expect(phone.getByRole("heading", { name: "Vehicle inspection" })).toBeVisible();

    // His assigned truck is chosen for him; pre-trip is the default for a driver.
    await expect(phone.getByRole("radio", { name: /Truck 101/ })).toBeChecked();
    await expect(phone.getByRole("radio", { name: /Trailer T-202/ })).not.toBeChecked();
    await expect(phone.getByRole("radio", { name: "Pre-trip" })).toBeChecked();
    await expect(phone.getByRole("radio", { name: "Annual" })).toHaveCount(0);
    await phone.getByTestId("field-location").fill("Milwaukee, WI");

    // Filing with nothing checked: told what is missing, and nothing typed is lost.
    await phone.getByTestId("submit-inspection").click();
    await expect(toast(phone)).toContainText("Please check the inspection");
    await expect(phone.getByTestId("check-service_brakes")).toContainText("Mark this item pass or fail.");
    await expect(phone.getByTestId("field-location")).toHaveValue("Milwaukee, WI");

    // The checklist, with a thumb: fail the service brakes, describe it, pass the rest.
    const brakes = phone.getByTestId("check-service_brakes");
    const fail = brakes.getByText("Fail", { exact: true });
    const failBox = await fail.boundingBox();
    expect(failBox?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(failBox?.width ?? 0).toBeGreaterThanOrEqual(44);
    await fail.click();
    await expect(brakes.getByRole("radio", { name: "Fail" })).toBeChecked();
    await brakes.getByTestId("note-service_brakes").fill(DEFECT);
    await phone.getByTestId("pass-remaining").click();
    await expect(phone.getByTestId("checklist-progress")).toContainText("17 of 17 items checked");
    await expect(phone.getByTestId("checklist-progress")).toContainText("Defects: 1");

    // A failed item rules out "pass"; the asset is unsafe, so it fails.
    await expect(phone.getByTestId("status-pass").getByRole("radio")).toBeDisabled();
    await phone.getByTestId("status-fail").click();
    await expect(phone.getByText("Filing this opens a maintenance item")).toBeVisible();
    await phone.getByTestId("field-comments").fill("Did not leave the yard.");

    // A photo from the camera.
    const camera = phone.getByTestId("photo-camera");
    await expect(camera).toHaveAttribute("accept", "image/*");
    await expect(camera).toHaveAttribute("capture", "environment");
    await camera.setInputFiles(PHOTO);
    await expect(phone.getByTestId("photo-previews").getByRole("img")).toHaveCount(1);

    // Nothing spills sideways at 375 px.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await phone.getByTestId("submit-inspection").click();
    await expect(toast(phone)).toContainText("Inspection filed");
    await expect(phone).toHaveURL(/\/fleet\/inspections\/[0-9a-f-]{36}$/);
    const detailUrl = phone.url();
    await expect(phone.getByTestId("inspection-asset")).toHaveText("Truck 101");
    await expect(phone.getByTestId("inspection-header")).toContainText("Fail");
    await expect(phone.getByTestId("failed-items")).toContainText(DEFECT);
    await expect(phone.getByTestId("inspection-maintenance")).toContainText("Maintenance item opened");
    const photo = phone.getByTestId("inspection-photos").getByRole("img");
    await expect(photo).toHaveCount(1);
    // The stored photo is served back and decodes as an image.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // His list shows it at the top.
    await phone.goto("/fleet/inspections");
    const mine = phone.getByTestId("inspection-row").first();
    await expect(mine).toContainText("Truck 101");
    await expect(mine).toContainText("Fail");
    await phone.context().close();

    // Staff: the failing inspection is in the fleet's list, and its maintenance item is open on Truck 101.
    const office = await openAs(browser, "manager@demo.test");
    await office.goto("/fleet/inspections?status=fail");
    const row = office.getByTestId("inspection-row").first();
    await expect(row).toContainText("Truck 101");
    await expect(row).toContainText("Jake Wilson");
    await row.getByRole("link").click();
    await expect(office).toHaveURL(detailUrl);
    const maintenance = office.getByTestId("inspection-maintenance");
    await expect(maintenance).toContainText("Open");
    // The defect is on the inspection (its checklist) and, as data, on the item it opened (below).
    await expect(office.getByText(DEFECT).first()).toBeVisible();

    // The maintenance log lists it as an open repair on Truck 101, opened by the inspection.
    await maintenance.getByTestId("open-maintenance").click();
    await expect(office).toHaveURL(/\/fleet\/maintenance\?vehicleId=[0-9a-f-]{36}$/);
    await expect(office.getByTestId("asset-filter")).toContainText("101");
    const item = office.locator('[data-testid^="maintenance-row-"]').filter({ hasText: DEFECT });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("101");
    await expect(item).toContainText("Repair");
    await expect(item).toContainText("Open");
    await expect(item).toContainText("From an inspection");
    // And a search of the whole log finds it too.
    await office.goto(`/fleet/maintenance?q=${encodeURIComponent(DEFECT.slice(-16, -2))}`);
    await expect(office.locator('[data-testid^="maintenance-row-"]').filter({ hasText: DEFECT })).toHaveCount(
      1,
    );
    await office.context().close();
  });

  test("a driver cannot open another driver's inspection", async ({ browser }) => {
    const rosa = await openAs(browser, "driver2@demo.test", PHONE);
    await rosa.goto("/fleet/inspections");
    const first = rosa.getByTestId("inspection-row").first();
    await expect(first).toBeVisible();
    await first.getByRole("link").click();
    await expect(rosa).toHaveURL(/\/fleet\/inspections\/[0-9a-f-]{36}$/);
    const own = rosa.url();
    await rosa.context().close();

    const jake = await openAs(browser, "driver@demo.test", PHONE);
    await jake.goto(own);
    await expect(jake.getByText("Inspection not found")).toBeVisible();
    await jake.context().close();
  });
});
