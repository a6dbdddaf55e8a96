import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { loginAs, toast } from "./fixtures";

const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1000);

test.describe("customers", () => {
  test("dispatch imports a customer CSV: upload with progress, a preview of every row, then the import", async ({
    page,
  }) => {
    test.slow();
    const tag = unique();
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/customers");
    await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
    await page.getByTestId("import-customers").click();
    const dialog = page.getByRole("dialog", { name: "Import customers" });
    await expect(dialog).toBeVisible();

    // No file yet: the spec's message.
    await dialog.getByTestId("import-upload").click();
    await expect(toast(page)).toContainText("Please select a file to import.");

    // Two new customers, one without an email, one already on file; a wide ignored column makes the
    // upload long enough to watch its progress on a throttled connection.
    const csv = [
      "name,companyName,email,phone,paymentTerms,creditLimit,Attachment",
      `Lena Fischer,Badger Dairy ${tag},lena.${tag}@badgerdairy.test,+1 608 555 0101,Net 30,"$25,000.00",${"x".repeat(400_000)}`,
      `Ole Olson,Cheese Haulers ${tag},ole.${tag}@cheesehaulers.test,,45,,`,
      `Jo Blank,No Email ${tag},,,,,`,
      "Tom Becker,Great Lakes Foods Inc.,customer@demo.test,,,,",
    ].join("\n");
    await dialog.getByTestId("import-file").setInputFiles({
      name: "new-customers.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await expect(dialog).toContainText("new-customers.csv");

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: 5_000_000,
      uploadThroughput: 150_000,
    });
    await dialog.getByTestId("import-upload").click();
    const progress = dialog.getByTestId("import-progress");
    await expect(progress).toBeVisible();
    await expect(progress.getByRole("progressbar")).toBeVisible();

    const preview = dialog.getByTestId("import-preview");
    await expect(preview).toBeVisible({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(preview.getByTestId("preview-ready")).toHaveText("Ready: 2");
    await expect(preview.getByTestId("preview-invalid")).toHaveText("With errors: 1");
    await expect(preview.getByTestId("preview-duplicates")).toHaveText("Duplicates: 1");
    await expect(preview.getByTestId("preview-row-4")).toHaveAttribute("data-status", "invalid");
    await expect(preview.getByTestId("preview-row-4")).toContainText("Email is required.");
    // The message names its field already: not "Email: Email is required.".
    await expect(preview.getByTestId("preview-row-4")).not.toContainText("Email: Email");
    await expect(preview.getByTestId("preview-row-5")).toHaveAttribute("data-status", "exists");
    await expect(preview).toContainText("Columns not imported: Attachment");

    await preview.getByTestId("import-commit").click();
    const result = dialog.getByTestId("import-result");
    await expect(result).toContainText("Customers imported: 2");
    await expect(toast(page)).toContainText("Import complete");
    await result.getByTestId("import-close").click();

    // The new customers are in the list, found by the server-side search, with their terms.
    await page.getByRole("searchbox", { name: "Search customers" }).fill(`Badger Dairy ${tag}`);
    const row = page.locator('[data-testid^="customer-row-"]', { hasText: `Badger Dairy ${tag}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Net 30");
    await expect(row).toContainText("$25,000.00");
    await row.getByRole("link", { name: `Badger Dairy ${tag}` }).click();
    await expect(page.getByTestId("customer-name")).toHaveText(`Badger Dairy ${tag}`);

    // Importing the same file again adds nobody: all are reported as already on file.
    await page.goto("/customers");
    await page.getByTestId("import-customers").click();
    await dialog.getByTestId("import-file").setInputFiles({
      name: "again.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await dialog.getByTestId("import-upload").click();
    await expect(dialog.getByTestId("preview-ready")).toHaveText("Ready: 0");
    await expect(dialog.getByTestId("import-commit")).toBeDisabled();
    await expect(dialog.getByTestId("import-commit")).toHaveText("Nothing new to import");
  });

  test("a file that is not a spreadsheet is refused with the spec's message", async ({ page }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/customers");
    await page.getByTestId("import-customers").click();
    const dialog = page.getByRole("dialog", { name: "Import customers" });
    await dialog.getByTestId("import-file").setInputFiles({
      name: "photo.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0x4a, 0x46]),
    });
    await dialog.getByTestId("import-upload").click();
    await expect(toast(page)).toContainText("Import failed");
    await expect(toast(page)).toContainText("Failed to parse the file.");

    await dialog.getByTestId("import-file").setInputFiles({
      name: "wrong-columns.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("company,phone\nAcme,555\n"),
    });
    await dialog.getByTestId("import-upload").click();
    await expect(toast(page)).toContainText("No valid customer data found");
    // …and which columns the file lacks (company maps; the contact's name and email do not).
    await expect(toast(page)).toContainText("no column for");
    await expect(toast(page)).toContainText("(name)");
    await expect(toast(page)).toContainText("(email)");
    await expect(toast(page)).not.toContainText("(companyName)");
  });

  test("a workbook past the import limits is refused at once, in the reader's language", async ({ page }) => {
    // Issue 38, point 1: two cells, A1 and ZZ5000 — a few KB that once froze the server for minutes.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Sheet1");
    sheet.getCell("A1").value = "name";
    sheet.getCell("ZZ5000").value = "x";
    const twoCells = {
      name: "two-cells.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    };
    await loginAs(page, "dispatcher@demo.test");
    for (const [lng, words] of [
      ["en", "The file has more than 100 columns. Keep only the columns the import reads."],
      ["es", "El archivo tiene más de 100 columnas. Deje solo las columnas que lee la importación."],
      ["fr", "Le fichier compte plus de 100 colonnes. Ne gardez que les colonnes lues par l’import."],
    ] as const) {
      await page.goto(`/customers?lng=${lng}`);
      await page.getByTestId("import-customers").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("import-file").setInputFiles(twoCells);
      await dialog.getByTestId("import-upload").click();
      await expect(toast(page)).toContainText(words);
    }
    // The tolls import reads files the same way, and says it under the file.
    await page.goto("/operations/tolls?lng=en");
    await page.getByTestId("import-tolls").click();
    const tolls = page.getByRole("dialog");
    await tolls.getByTestId("toll-import-file").setInputFiles(twoCells);
    await tolls.getByTestId("toll-import-preview").click();
    await expect(tolls).toContainText("The file has more than 100 columns.");
  });

  test("dispatch adds a customer with contacts, and exports the list with formulas defused", async ({
    page,
  }) => {
    const tag = unique();
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/customers");
    await page.getByTestId("new-customer").click();
    const form = page.getByTestId("customer-form");
    await form.getByTestId("save-customer").click();
    await expect(toast(page)).toContainText("Customer Name and Company Name are required.");

    const company = `=HYPERLINK("http://x.test") ${tag}`;
    await form.getByLabel("Company name").fill(company);
    await form.getByLabel("Customer name").fill("Mara Quinn");
    await form.getByLabel("Email").first().fill(`mara.${tag}@quinnfreight.test`);
    await form.getByLabel("Payment terms").selectOption("45");
    await form.getByLabel("Credit limit").fill("15000");
    await form.getByTestId("add-contact").click();
    await form.getByTestId("contact-0").getByLabel("Name").fill("Ray Quinn");
    await form.getByTestId("contact-0").getByLabel("Role").fill("Accounts payable");
    await form.getByTestId("save-customer").click();
    await expect(toast(page)).toContainText("Customer created");
    await expect(page.getByTestId("customer-name")).toHaveText(company);
    await expect(page.getByTestId("customer-contacts")).toContainText("Ray Quinn");
    await expect(page.getByTestId("customer-header")).toContainText("$15,000.00");

    await page.goto(`/customers?q=${encodeURIComponent(tag)}`);
    await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(1);
    await page.getByTestId("export-customers").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, "utf8");
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(csv).toContain(`"'=HYPERLINK(""http://x.test"") ${tag}"`);
  });
});
