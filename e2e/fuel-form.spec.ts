import { expect, type Locator, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** Truck 101's odometer on record, as the fuel form's vehicle picker reports it. */
async function lastReading(page: Page): Promise<number> {
  const res = await page.request.get("/api/fuel-entries/vehicles");
  const body = (await res.json()) as { items: Array<{ unitNumber: string; mileage: number }> };
  return body.items.find((v) => v.unitNumber === "101")?.mileage ?? 0;
}

async function openForm(page: Page): Promise<Locator> {
  await page.goto("/fuel-log");
  await page.getByTestId("log-fuel").click();
  const dialog = page.getByRole("dialog", { name: "Log fuel" });
  await expect(dialog.getByRole("combobox", { name: "Vehicle" })).toHaveText(/101/);
  return dialog;
}

/** Fills everything but the receipt; the station name is unique to the test. */
async function fill(page: Page, dialog: Locator, gallons: string, price: string): Promise<string> {
  const station = `Pilot #E2E-${Math.random().toString(36).slice(2, 7)}, Joliet`;
  await dialog.getByLabel("Location").fill(station);
  await dialog.getByLabel("State/province").selectOption("IL");
  await dialog.getByLabel("Odometer").fill(String((await lastReading(page)) + 380));
  await dialog.getByLabel("Gallons").fill(gallons);
  await dialog.getByLabel("Price per gallon").fill(price);
  return station;
}

/** Odd gallons nobody else logs, so the duplicate check only ever sees this test's entries. */
const oddGallons = () =>
  `${60 + Math.floor(Math.random() * 30)}.${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;

test.describe("the fuel form on a phone (issue 38, point 19)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the form says where the typed fuel stop is, or that it cannot be placed, before it is saved", async ({
    page,
  }) => {
    await loginAs(page, "driver@demo.test");
    const dialog = await openForm(page);
    const status = dialog.getByTestId("fuel-place");
    await expect(status).toHaveAttribute("data-place", "none");
    await dialog.getByLabel("Location").fill("Pilot #612, Joliet");
    await dialog.getByLabel("State/province").selectOption("IL");
    await expect(status).toHaveText("Placed: Joliet, IL (city) · America/Chicago");
    await expect(status).toHaveAttribute("role", "status");
    // Joliet is no city of Ohio: said plainly, never guessed.
    await dialog.getByLabel("State/province").selectOption("OH");
    await expect(status).toHaveText("We could not place this address — check the ZIP or city.");
    // A ZIP in the text places it at the ZIP.
    await dialog.getByLabel("Location").fill("Love's Travel Stop, exit 236, 43140");
    await expect(status).toContainText(/^Placed: .*, OH 43140 \(ZIP\) · America\/New_York$/);
  });

  test("amounts bring up the number pad, and letters never make a total of $NaN.NaN", async ({ page }) => {
    await loginAs(page, "driver@demo.test");
    const dialog = await openForm(page);
    await expect(dialog.getByLabel("Odometer")).toHaveAttribute("inputmode", "numeric");
    for (const label of ["Gallons", "Price per gallon", "Total amount"])
      await expect(dialog.getByLabel(label)).toHaveAttribute("inputmode", "decimal");

    await fill(page, dialog, "abc", "abc");
    await expect(dialog.getByLabel("Total amount")).toHaveValue("");
    await dialog.getByLabel("Total amount").fill("abc");
    await dialog
      .getByTestId("fuel-receipt")
      .setInputFiles({ name: "pump-receipt.pdf", mimeType: "application/pdf", buffer: PDF });
    await dialog.getByTestId("fuel-submit").click();
    await expect(dialog.getByText("Enter gallons like 112.5.")).toBeVisible();
    await expect(dialog.getByText("Enter a price like 3.899.")).toBeVisible();
    await expect(dialog.getByText("Enter an amount like 412.50.")).toBeVisible();
    await expect(dialog).not.toContainText("NaN");
  });

  test("after a refused receipt, a good file chosen in the same dialog saves", async ({ page }) => {
    await loginAs(page, "driver@demo.test");
    const dialog = await openForm(page);
    const station = await fill(page, dialog, oddGallons(), "3.759");
    await dialog.getByTestId("fuel-receipt").setInputFiles({
      name: "receipt.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("just some text"),
    });
    await dialog.getByTestId("fuel-submit").click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Upload a PDF or an image" })).toBeVisible();
    // The refused file is let go, and the picker is empty again: any file chosen next counts.
    await expect(dialog.getByText("receipt.pdf")).toHaveCount(0);
    await expect(dialog.getByTestId("fuel-receipt")).toHaveValue("");

    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Photo or file" }).click();
    await (await chooser).setFiles({ name: "pump-receipt.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(dialog.getByText("pump-receipt.pdf")).toBeVisible();
    await expect(dialog.getByRole("alert").filter({ hasText: "Upload a PDF or an image" })).toHaveCount(0);
    await dialog.getByTestId("fuel-submit").click();
    await expect(toast(page)).toContainText("Fuel entry saved");
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('[data-testid^="fuel-row-"]').filter({ hasText: station })).toBeVisible();
  });

  test("a receipt over 10 MB is refused before it is sent; a good one then saves", async ({ page }) => {
    await loginAs(page, "driver@demo.test");
    const dialog = await openForm(page);
    await fill(page, dialog, oddGallons(), "3.659");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/fuel-entries")) posts.push(r.url());
    });
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 32)]);
    await dialog
      .getByTestId("fuel-receipt")
      .setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: big });
    // Said at once, on a phone's data plan, without uploading 11 MB to hear it.
    await expect(
      dialog.getByRole("alert").filter({ hasText: "The file is larger than 10 MB." }),
    ).toBeVisible();
    await expect(dialog.getByText("scan.pdf")).toHaveCount(0);
    await dialog
      .getByTestId("fuel-receipt")
      .setInputFiles({ name: "pump-receipt.pdf", mimeType: "application/pdf", buffer: PDF });
    await dialog.getByTestId("fuel-submit").click();
    await expect(toast(page)).toContainText("Fuel entry saved");
    expect(posts).toHaveLength(1);
  });

  test("the same fill-up sent twice within minutes asks before it is logged again", async ({ page }) => {
    await loginAs(page, "driver@demo.test");
    const gallons = oddGallons();
    let dialog = await openForm(page);
    const station = await fill(page, dialog, gallons, "3.899");
    const receipt = { name: "pump-receipt.pdf", mimeType: "application/pdf", buffer: PDF };
    await dialog.getByTestId("fuel-receipt").setInputFiles(receipt);
    await dialog.getByTestId("fuel-submit").click();
    await expect(toast(page)).toContainText("Fuel entry saved");

    // A second tap on the same receipt: same truck, gallons, total, state and day.
    dialog = await openForm(page);
    await fill(page, dialog, gallons, "3.899");
    await dialog.getByTestId("fuel-receipt").setInputFiles(receipt);
    await dialog.getByTestId("fuel-submit").click();
    const ask = page.getByRole("dialog", { name: "Log it again?" });
    await expect(ask).toContainText(station);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toHaveCount(0);
    // Nothing logged; the form is still open with what was typed.
    await expect(dialog.getByLabel("Gallons")).toHaveValue(gallons);
    await dialog.getByTestId("fuel-submit").click();
    await ask.getByRole("button", { name: "Log it again" }).click();
    await expect(toast(page)).toContainText("Fuel entry saved");
    await expect(dialog).toHaveCount(0);
    const mine = (await (await page.request.get("/api/fuel-entries?pageSize=100")).json()) as {
      items: Array<{ gallons: string }>;
    };
    expect(mine.items.filter((e) => e.gallons === gallons)).toHaveLength(2);
  });
});
