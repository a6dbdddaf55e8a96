import { expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

/** Truck 101's odometer on record, as the fuel form's vehicle picker reports it. */
async function lastReading(page: Page): Promise<number> {
  const res = await page.request.get("/api/fuel-entries/vehicles");
  const body = (await res.json()) as { items: Array<{ unitNumber: string; mileage: number }> };
  return body.items.find((v) => v.unitNumber === "101")?.mileage ?? 0;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.describe("fuel log", () => {
  test("a driver logs fuel with a receipt on a phone and sees it in the list", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAs(page, "driver@demo.test");
    await page.goto("/fuel-log");
    await expect(page.getByRole("heading", { name: "Fuel log" })).toBeVisible();

    await page.getByTestId("log-fuel").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Log fuel" })).toBeVisible();
    // The driver's own truck is chosen already.
    await expect(dialog.getByRole("combobox", { name: "Vehicle" })).toHaveText(/101/);

    // Saving too early names every empty field, the receipt included (spec: Missing Information).
    await dialog.getByTestId("fuel-submit").click();
    await expect(toast(page)).toContainText("Missing Information");
    await expect(toast(page)).toContainText("Location");
    await expect(toast(page)).toContainText("Receipt");
    await expect(dialog.getByText("Receipt is required.")).toBeVisible();

    const station = `Pilot #E2E-${Math.random().toString(36).slice(2, 7)}, Gary`;
    await dialog.getByLabel("Location").fill(station);
    await dialog.getByLabel("State/province").selectOption("IN");
    // A reading far past the truck's last one is refused, naming that reading; the form keeps the rest.
    const last = await lastReading(page);
    await dialog.getByLabel("Odometer").fill(String(last + 90_000));
    await dialog.getByLabel("Gallons").fill("100");
    await dialog.getByLabel("Price per gallon").fill("3.999");
    // The total follows gallons × price.
    await expect(dialog.getByLabel("Total amount")).toHaveValue("399.90");
    await dialog
      .getByTestId("fuel-receipt")
      .setInputFiles({ name: "pump-receipt.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(dialog.getByText("pump-receipt.pdf")).toBeVisible();
    await dialog.getByTestId("fuel-submit").click();
    const lastText = `last reading (${last.toLocaleString("en-US")} mi)`;
    await expect(dialog.getByText(lastText)).toBeVisible();
    await expect(dialog.getByLabel("Location")).toHaveValue(station);
    await dialog.getByLabel("Odometer").fill(String(last + 310));
    await dialog.getByTestId("fuel-submit").click();

    await expect(toast(page)).toContainText("Fuel entry saved");
    await expect(dialog).toHaveCount(0);
    const row = page.locator('[data-testid^="fuel-row-"]').filter({ hasText: station });
    await expect(row).toBeVisible();
    await expect(row).toContainText("$399.90");
    await expect(row.getByTestId("fuel-receipt-link")).toBeVisible();
    // The phone layout stacks the list: nothing scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The receipt downloads.
    const download = page.waitForEvent("download");
    await row.getByTestId("fuel-receipt-link").click();
    expect((await download).suggestedFilename()).toBe("pump-receipt.pdf");
  });

  test("a text file named .pdf is refused as a receipt", async ({ page }) => {
    // Jake: the assignments flow may move Rosa's truck, and the form needs an assigned one.
    await loginAs(page, "driver@demo.test");
    await page.goto("/fuel-log");
    await page.getByTestId("log-fuel").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("combobox", { name: "Vehicle" })).toHaveText(/101/);
    await dialog.getByLabel("Location").fill("Love's #412, Effingham");
    await dialog.getByLabel("State/province").selectOption("IL");
    await dialog.getByLabel("Odometer").fill(String((await lastReading(page)) + 420));
    await dialog.getByLabel("Gallons").fill("80");
    await dialog.getByLabel("Price per gallon").fill("3.759");
    await dialog.getByTestId("fuel-receipt").setInputFiles({
      name: "receipt.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("just some text"),
    });
    await dialog.getByTestId("fuel-submit").click();
    await expect(toast(page)).toContainText("Upload a PDF or an image");
    await expect(dialog.getByRole("alert").filter({ hasText: "Upload a PDF or an image" })).toBeVisible();
    // The form keeps what was typed.
    await expect(dialog.getByLabel("Location")).toHaveValue("Love's #412, Effingham");
  });
});

test("the office corrects a truck's odometer, and must say why", async ({ page }) => {
  await loginAs(page, "manager@demo.test");
  // Truck 104 by its unit number: "104" is also in every demo plate (P10428…), so the search's first
  // row is truck 101 — the truck the driver's fuel specs log against at the same time.
  const list = (await (await page.request.get("/api/fleet/vehicles?q=104")).json()) as {
    items: Array<{ id: string; unitNumber: string }>;
  };
  const truck = list.items.find((v) => v.unitNumber === "104");
  expect(truck).toBeDefined();
  await page.goto(`/fleet/vehicles/${truck?.id}`);
  await page.getByTestId("correct-odometer").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("odometer-value").fill("350123");
  await dialog.getByTestId("save-odometer").click();
  await expect(dialog.getByText("Say why the reading is corrected (3 to 500 characters).")).toBeVisible();
  await dialog.getByTestId("odometer-reason").fill("Last reading was mistyped by a digit");
  await dialog.getByTestId("save-odometer").click();
  await expect(toast(page)).toContainText("Odometer corrected");
  await expect(page.getByTestId("vehicle-mileage")).toContainText("350,123 mi");
});
