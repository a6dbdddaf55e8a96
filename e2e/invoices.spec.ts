import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { loginAs, pickOption, signOut, toast } from "./fixtures";

/** Clicks `trigger`, waits for the browser download it starts and returns the file's bytes and name. */
async function downloadOf(page: Page, trigger: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test.describe("customer invoices", () => {
  test("an accountant invoices a delivered demo load, gets its PDF with the load's documents and emails it", async ({
    page,
  }) => {
    // A whole billing day in one journey (invoice, PDF, email, payment, then the manager's view of the load).
    test.slow();
    await loginAs(page, "accountant@demo.test");
    await page.goto("/customers/invoice");
    await expect(page.getByRole("heading", { name: "Customer invoices" })).toBeVisible();
    // The demo's billing history is there, overdue invoices included.
    await page.getByTestId("filter-status").selectOption("overdue");
    await expect(page.locator('[data-testid^="invoice-row-"]').first()).toBeVisible();
    await page.getByTestId("filter-status").selectOption("");

    await page.getByTestId("new-invoice").click();
    const form = page.getByTestId("invoice-form");
    await form.getByRole("combobox", { name: "Customer" }).click();
    await page.getByRole("searchbox", { name: "Search customers" }).fill("Great Lakes");
    await pickOption(page, /Great Lakes Foods Inc\./);

    // The most recent deliveries are not invoiced yet: bill the first one offered.
    const first = form.locator('[data-testid^="billable-"]').first();
    await expect(first).toBeVisible();
    const loadNumber = (await first.getAttribute("data-testid"))?.replace("billable-", "") ?? "";
    await first.getByRole("checkbox").check();
    await expect(form.getByTestId("invoice-total-preview")).not.toHaveText("$0.00");
    await form.getByTestId("save-invoice").click();
    await expect(toast(page)).toContainText(/Invoice INV-\d{4}-\d{5} created/);

    const detail = page.getByTestId("invoice-detail");
    await expect(detail).toBeVisible();
    const invoiceNumber = (await detail.getByTestId("invoice-number").textContent()) ?? "";
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
    await expect(detail.locator('[data-status="draft"]')).toBeVisible();
    await expect(detail.getByText(loadNumber).first()).toBeVisible();

    // The PDF: the invoice page(s), then the load's rate confirmation and bill of lading.
    const pdf = await downloadOf(page, () => detail.getByTestId("download-pdf").click());
    expect(pdf.name).toBe(`${invoiceNumber}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getTitle()).toBe(`Draft invoice ${invoiceNumber}`);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);

    // Email it: the customer's address is filled in; without SMTP it lands in the outbox.
    await detail.getByTestId("send-invoice").click();
    const send = page.getByTestId("send-form");
    await expect(send.getByTestId("field-to")).toHaveValue("customer@demo.test");
    await send.getByTestId("confirm-send").click();
    await expect(toast(page)).toContainText(`${invoiceNumber} is in the mail outbox`);
    await expect(detail.locator('[data-status="sent"]')).toBeVisible();

    // A partial payment leaves it open, marked partly paid.
    await detail.getByTestId("record-payment").click();
    const payment = page.getByTestId("payment-form");
    await payment.getByTestId("field-amount").fill("100");
    await payment.getByTestId("field-method").selectOption("check");
    await payment.getByTestId("save-payment").click();
    await expect(toast(page)).toContainText(`Payment recorded on ${invoiceNumber}`);
    await expect(detail.getByText("Partly paid")).toBeVisible();

    // The list shows it, found by the load number.
    await page.keyboard.press("Escape");
    await page.getByRole("searchbox", { name: "Search invoices" }).fill(loadNumber);
    await expect(page.getByTestId(`invoice-row-${invoiceNumber}`)).toBeVisible();

    // The load now names its invoice and can no longer be reopened; the number leads to the invoice.
    await signOut(page);
    await loginAs(page, "manager@demo.test");
    await page.goto(`/operations/loads?q=${loadNumber}`);
    await page.getByRole("link", { name: loadNumber }).click();
    await expect(page.getByTestId("load-number")).toHaveText(loadNumber);
    await expect(page.getByTestId("change-status")).toBeDisabled();
    await page.getByTestId("load-invoice").getByRole("link", { name: invoiceNumber }).click();
    await expect(page.getByTestId(`invoice-row-${invoiceNumber}`)).toBeVisible();
  });

  test("choosing a customer but no load shows the rule in the form", async ({ page }) => {
    await loginAs(page, "manager@demo.test");
    await page.goto("/customers/invoice");
    await page.getByTestId("new-invoice").click();
    const form = page.getByTestId("invoice-form");
    await form.getByRole("combobox", { name: "Customer" }).click();
    await page.getByRole("searchbox", { name: "Search customers" }).fill("Prairie");
    await pickOption(page, /Prairie Steel Supply LLC/);
    await expect(form.locator('[data-testid^="billable-"]').first()).toBeVisible();
    // Submitting with nothing chosen shows the rule under the list, in the form.
    await form.getByTestId("save-invoice").click();
    await expect(form.getByText("Choose at least one completed load.")).toBeVisible();
  });
});

test.describe("customer statements", () => {
  test("a dispatcher opens a customer's statement and downloads it as PDF, CSV and Excel", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/customers/statements");
    await expect(page.getByRole("heading", { name: "Customer statements" })).toBeVisible();

    // Receivables by customer: the demo customers owe money; open one from the list.
    const row = page.getByTestId("receivable-Prairie Steel Supply LLC");
    await expect(row).toBeVisible();
    // The receivables list itself downloads as a spreadsheet, one row per customer.
    await page.getByTestId("export-receivables").click();
    await expect(page.getByRole("menu")).toContainText("All customers");
    const receivables = await downloadOf(page, () => page.getByRole("menuitem", { name: "CSV" }).click());
    expect(receivables.name).toMatch(/\.csv$/);
    expect(receivables.bytes.toString("utf8")).toContain("Prairie Steel Supply LLC");
    await row.getByRole("button", { name: "Prairie Steel Supply LLC" }).click();

    // A period covering the demo's two months of invoices.
    const today = new Date();
    const from = new Date(today.getTime() - 90 * 86_400_000);
    const ymd = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    await page.getByTestId("period-from").fill(ymd(from));
    await page.getByTestId("period-to").fill(ymd(today));

    const view = page.getByTestId("statement-view");
    await expect(view).toBeVisible();
    await expect(view.getByText(/^INV-\d{4}-\d{5}$/).first()).toBeVisible();
    await expect(view.getByTestId("closing-balance")).not.toHaveText("$0.00");

    const pdf = await downloadOf(page, async () => {
      await page.getByTestId("statement-download").click();
      await page.getByTestId("statement-download-pdf").click();
    });
    expect(pdf.name).toMatch(/^statement-prairie-steel-supply-llc-.*\.pdf$/);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);

    const csv = await downloadOf(page, async () => {
      await page.getByTestId("statement-download").click();
      await page.getByTestId("statement-download-csv").click();
    });
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.bytes.toString("utf8")).toContain("Opening balance");

    const xlsx = await downloadOf(page, async () => {
      await page.getByTestId("statement-download").click();
      await page.getByTestId("statement-download-xlsx").click();
    });
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  });
});

test.describe("customer portal billing", () => {
  test("a customer sees only their own invoices, downloads one as PDF and their statement", async ({
    page,
  }) => {
    await loginAs(page, "customer2@demo.test");
    await expect(page).toHaveURL(/\/customer-portal/);
    await page.getByTestId("tab-billing").click();
    const billing = page.getByTestId("portal-billing");
    await expect(billing).toBeVisible();
    const rows = billing.locator('[data-testid^="portal-invoice-"]');
    await expect(rows.first()).toBeVisible();
    // Prairie Steel's sent and paid invoices only: the overdue one is marked, no drafts.
    await expect(billing.locator('[data-status="overdue"]:visible').first()).toBeVisible();
    await expect(billing.locator('[data-status="draft"]')).toHaveCount(0);

    const number = ((await rows.first().getAttribute("data-testid")) ?? "").replace("portal-invoice-", "");
    const pdf = await downloadOf(page, () =>
      rows
        .first()
        .getByRole("button", { name: `Download ${number} as PDF` })
        .click(),
    );
    expect(pdf.name).toBe(`${number}.pdf`);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);

    await expect(billing.getByTestId("statement-view")).toBeVisible();
    const statement = await downloadOf(page, async () => {
      await billing.getByTestId("statement-download").click();
      await page.getByTestId("statement-download-pdf").click();
    });
    expect(statement.name).toMatch(/^statement-prairie-steel-supply-llc-.*\.pdf$/);
  });
});
