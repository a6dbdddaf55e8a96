import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.describe("document centre", () => {
  test("an accountant uploads a company document (a name and a file first), finds it by expiry and opens it", async ({
    page,
  }) => {
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/documents");
    await expect(page.getByRole("heading", { name: "Documents", level: 1 })).toBeVisible();
    // The demo's papers: an expired permit and a cab card expiring this week stand out.
    await expect(page.getByTestId("tile-expired")).not.toContainText("0");
    await page.getByTestId("tile-expiring").click();
    await expect(page.locator('[data-testid^="document-row-"]', { hasText: "IRP cab card" })).toContainText(
      /Expires in \d days?/,
    );

    await page.getByTestId("upload-document").click();
    const form = page.getByTestId("company-document-form");
    await form.getByLabel("Type").selectOption("permit");
    await page.getByTestId("save-document").click();
    // Neither name nor file: the spec's sentence once (the toast), each field its own words.
    await expect(toast(page)).toContainText("Document upload needs a name and a file.");
    await expect(page.getByText("Document upload needs a name and a file.")).toHaveCount(1);
    await expect(form.getByText("Enter the document's name.")).toBeVisible();
    await expect(form.getByText("Choose a file to upload.")).toBeVisible();
    await form.getByLabel("Name").fill("Hazmat registration");
    await page.getByTestId("save-document").click();
    // No file: the file says so, and the name stays.
    await expect(form.getByText("Choose a file to upload.")).toBeVisible();
    await expect(form.getByText("Enter the document's name.")).toHaveCount(0);
    await expect(form.getByLabel("Name")).toHaveValue("Hazmat registration");
    await page.getByTestId("document-file").setInputFiles({
      name: "hazmat-registration.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel("Expires on").fill(inTwoDays);
    await page.getByTestId("save-document").click();
    await expect(toast(page)).toContainText("Hazmat registration uploaded");

    await page.getByRole("searchbox", { name: "Search documents" }).fill("Hazmat registration");
    const row = page.locator('[data-testid^="document-row-company:"]', { hasText: "Hazmat registration" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Expires in 2 days");
    await row.getByTestId("open-document").click();
    await expect(page.getByTestId("document-preview")).toBeVisible();
  });

  test("a driver on a phone sees the cab card the company shows drivers, not the office's papers", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, "driver@demo.test");
    await page.goto("/accounting/documents");
    const rows = page.locator('[data-testid^="document-row-"]');
    await expect(rows.filter({ hasText: "IRP cab card" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "W-9" })).toHaveCount(0);
    await expect(page.getByTestId("upload-document")).toHaveCount(0);
  });

  test("a driver sends a renewed medical card from the phone; dispatch confirms it", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, "driver2@demo.test");
    await page.goto("/accounting/documents");
    const open = page.getByTestId("upload-own-document");
    expect((await open.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await open.click();
    const form = page.getByTestId("driver-upload-form");
    await form.getByLabel("Expires on").fill("2028-05-31");
    await page.getByTestId("send-own-document").click();
    // The driver's form has no name field: the message speaks only of the file.
    await expect(form.getByText("Choose a file to upload.")).toBeVisible();
    await expect(page.getByText(/needs a name/)).toHaveCount(0);
    await page.getByTestId("own-document-file").setInputFiles({
      name: "rosa-medical-card-2028.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await page.getByTestId("send-own-document").click();
    await expect(toast(page)).toContainText("Document sent");
    const mine = page.locator('[data-testid^="document-row-driver:"]', {
      hasText: "rosa-medical-card-2028.pdf",
    });
    await expect(mine).toContainText("Waiting for confirmation");

    const office = await browser.newPage();
    await loginAs(office, "dispatcher@demo.test");
    await office.goto("/accounting/documents");
    await office.getByTestId("tile-pending").click();
    const row = office.locator('[data-testid^="document-row-driver:"]', {
      hasText: "rosa-medical-card-2028.pdf",
    });
    await expect(row).toContainText("Rosa Martinez");
    await row.getByRole("button", { name: /^Actions for/ }).click();
    await office.getByRole("menuitem", { name: "Confirm" }).click();
    await expect(toast(office)).toContainText("rosa-medical-card-2028.pdf confirmed");
    await expect(row).toHaveCount(0);
    await office.close();
  });
});

test.describe("document centre: missing bytes", () => {
  test("a document whose file is gone says so in the viewer instead of a blank frame", async ({ page }) => {
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/documents");
    const marker = `lost-${Date.now().toString(36)}`;
    const bytes = Buffer.from(
      `%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    );
    const uploaded = await page.request.post("/api/documents", {
      headers: { origin: new URL(page.url()).origin },
      multipart: {
        name: `Lost paper ${marker}`,
        type: "other",
        file: { name: `${marker}.pdf`, mimeType: "application/pdf", buffer: bytes },
      },
    });
    expect(uploaded.status()).toBe(201);
    // The server's files live under its DATA_DIR (scripts/e2e-server.mjs): remove this one's bytes.
    const root = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? "3100"}/files`);
    const stored = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => path.join(f.parentPath, f.name))
      .find((file) => readFileSync(file).includes(marker));
    expect(stored).toBeTruthy();
    rmSync(stored as string);

    await page.getByRole("searchbox", { name: "Search documents" }).fill(marker);
    const row = page.locator('[data-testid^="document-row-company:"]', { hasText: marker });
    await row.getByTestId("open-document").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Cannot open document")).toBeVisible();
    await expect(dialog.getByText("The document data is not available.")).toBeVisible();
    await expect(page.getByTestId("document-preview")).toHaveCount(0);
  });
});
