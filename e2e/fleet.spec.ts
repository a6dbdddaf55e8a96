import { type Browser, expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The id of a demo truck, looked up as the manager in a context of its own. */
async function vehicleIdOf(browser: Browser, unit: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, "manager@demo.test");
  const res = await page.request.get(`/api/fleet/vehicles?q=${unit}`);
  const body = await res.json();
  await context.close();
  return body.items.find((v: { unitNumber: string }) => v.unitNumber === unit).id;
}

async function openNewVehicle(page: Page) {
  await page.goto("/fleet");
  await expect(page.getByRole("heading", { name: "Vehicles", exact: true })).toBeVisible();
  await page.getByTestId("new-vehicle").click();
  return page.getByRole("dialog");
}

test.describe("fleet and maintenance", () => {
  test("staff add a truck with a schedule, see it overdue, log the service and see it good", async ({
    page,
  }) => {
    test.slow();
    const unit = `E2E-${tag()}`;
    await loginAs(page, "manager@demo.test");
    const dialog = await openNewVehicle(page);

    await dialog.getByTestId("vehicle-unit").fill(unit);
    await dialog.getByTestId("vehicle-make").fill("Kenworth");
    await dialog.getByTestId("vehicle-model").fill("W990");
    await dialog.getByTestId("vehicle-year").fill("2024");
    await dialog.getByTestId("vehicle-mileage").fill("120000");
    await dialog.getByTestId("vehicle-plate").fill("P 5521");
    await dialog.getByTestId("vehicle-plate-expires").fill(day(10));
    // A VIN with an O is refused in the form, with the reason under the field; the data stays.
    await dialog.getByTestId("vehicle-vin").fill("1XKWD49X0PO123456");
    await dialog.getByTestId("save-vehicle").click();
    await expect(dialog.getByText("A VIN uses only digits and letters other than I, O and Q.")).toBeVisible();
    await expect(dialog.getByTestId("vehicle-unit")).toHaveValue(unit);
    await dialog.getByTestId("vehicle-vin").fill("1XKWD49X0PJ123456");

    // Two schedules come ready (oil change, annual inspection); the last oil change was at 100,000 mi.
    await expect(dialog.getByTestId("schedule-0-type")).toHaveValue("oil_change");
    await expect(dialog.getByTestId("schedule-0-miles")).toHaveValue("15000");
    await dialog.getByTestId("schedule-0-last-odometer").fill("100000");
    await dialog.getByTestId("save-vehicle").click();
    await expect(toast(page)).toContainText("Vehicle added");

    // The truck's page: overdue by 5,000 miles, plate expiring in 10 days.
    await expect(page).toHaveURL(/\/fleet\/vehicles\//);
    await expect(page.getByTestId("vehicle-title")).toHaveText(`Unit ${unit}`);
    const header = page.getByTestId("vehicle-header");
    await expect(header.getByTestId("maintenance-status")).toHaveText("Overdue");
    await expect(header.getByTestId("vehicle-alerts")).toContainText("Expires in 10 days");
    await expect(page.getByTestId("schedule-oil_change")).toContainText("5,000 mi overdue");

    // Log the oil change at 120,500 mi: the schedule counts from it and the truck is good again.
    await page.getByTestId("log-maintenance").click();
    const form = page.getByRole("dialog");
    await expect(form.getByRole("combobox", { name: "Vehicle or trailer" })).toContainText(unit);
    await form.getByTestId("maintenance-service-type").selectOption("oil_change");
    await form.getByTestId("maintenance-odometer").fill("120500");
    await form.getByTestId("maintenance-cost").fill("389.5O");
    await form.getByTestId("save-maintenance").click();
    await expect(form.getByText("Enter an amount like 389 or 389.50.")).toBeVisible();
    await form.getByTestId("maintenance-cost").fill("389.50");
    await form.getByTestId("maintenance-vendor").fill("Love's Truck Care, Joliet");
    await form.getByTestId("save-maintenance").click();
    await expect(toast(page)).toContainText("Service logged");
    await expect(header.getByTestId("maintenance-status")).toHaveText("Good");
    await expect(page.getByTestId("vehicle-mileage")).toHaveText("120,500 mi");
    await expect(page.getByTestId("recent-maintenance")).toContainText("Love's Truck Care, Joliet");

    // The list finds it under "Good", and the log shows the entry with its cost.
    await page.goto(`/fleet?q=${unit}&maintenanceStatus=good`);
    await expect(page.getByTestId(`vehicle-row-${unit}`)).toBeVisible();
    await page.goto(`/fleet?q=${unit}&maintenanceStatus=overdue`);
    await expect(page.getByText("Nothing matches")).toBeVisible();
    await page.goto(`/fleet/maintenance?q=${unit}`);
    await expect(page.getByTestId("maintenance-totals")).toContainText("$389.50");
    await expect(page.getByText("Love's Truck Care, Joliet")).toBeVisible();
  });

  test("a driver on a phone sees only their own truck and logs maintenance for it", async ({
    page,
    browser,
  }) => {
    test.slow();
    const rosasTruck = await vehicleIdOf(browser, "102");
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAs(page, "driver@demo.test");
    await page.goto("/fleet");
    await expect(page.getByRole("heading", { name: "My vehicle" })).toBeVisible();
    await expect(page.locator('[data-testid^="vehicle-row-"]')).toHaveCount(1);
    await page.getByTestId("vehicle-row-101").getByRole("link").click();
    await expect(page.getByTestId("vehicle-title")).toHaveText("Unit 101");
    await expect(page.getByTestId("edit-vehicle")).toHaveCount(0);
    await expect(page.getByTestId("schedules")).toBeVisible();

    // Report a defect on the road: the truck is chosen for him.
    await page.goto("/fleet/maintenance");
    await page.getByTestId("report-defect").click();
    const form = page.getByRole("dialog");
    await expect(form.getByRole("combobox", { name: "Vehicle or trailer" })).toContainText("101");
    await expect(form.getByTestId("out-of-service")).toHaveCount(0);
    await form.getByTestId("maintenance-service-type").selectOption("electrical");
    await form.getByTestId("maintenance-notes").fill("Left headlight out");
    await form.getByTestId("save-maintenance").click();
    await expect(toast(page)).toContainText("Defect reported");
    await expect(page.getByText("Left headlight out")).toBeVisible();

    // Another driver's truck is simply not there.
    await page.goto(`/fleet/vehicles/${rosasTruck}`);
    await expect(page.getByTestId("asset-not-found")).toBeVisible();
    const res = await page.request.get(`/api/fleet/vehicles/${rosasTruck}`);
    expect(res.status()).toBe(404);
  });
});
