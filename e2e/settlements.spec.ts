import { type Browser, expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { openAs, stop, uniqueLoadNumber } from "./load-helpers";

const originOf = (page: Page) => ({ origin: new URL(page.url()).origin });

/** A new driver paid 0.60 per mile by default, with one load delivered today (this pay period). */
async function driverWithDeliveredLoad(dispatcher: Page) {
  const headers = originOf(dispatcher);
  const name = `Pat Settle ${Math.random().toString(36).slice(2, 7)}`;
  const driver = await dispatcher.request.post("/api/drivers", {
    headers,
    data: { fullName: name, defaultPayType: "per_mile", defaultPayRate: "0.60" },
  });
  expect(driver.status(), await driver.text()).toBe(201);
  const driverId = (await driver.json()).id;
  const hours = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();
  const created = await dispatcher.request.post("/api/loads", {
    headers,
    data: {
      loadNumber: uniqueLoadNumber("ST"),
      driverId,
      baseRate: "1500.00",
      loadedMiles: 1234.5,
      // Typed miles differ from the route's: an override, with its reason (issue 40).
      milesOverrideReason: "Agreed lane miles",
      stops: [stop("pickup", "Joliet", "IL", hours(10)), stop("delivery", "Indianapolis", "IN", hours(4))],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  for (const status of ["in_progress", "completed"]) {
    const moved = await dispatcher.request.post(`/api/loads/${id}/status`, { headers, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return { name, driverId, loadId: id as string };
}

/** As the accountant, this week's drafts generated and the draft of a new driver's delivered load opened. */
async function newDriversDraft(page: Page, browser: Browser) {
  const dispatcher = await openAs(browser, "dispatcher@demo.test");
  const { name } = await driverWithDeliveredLoad(dispatcher);
  await dispatcher.context().close();

  await loginAs(page, "accountant@demo.test");
  await page.goto("/accounting/settlements");
  await page.getByTestId("generate-drafts").click();
  await expect(toast(page)).toContainText("Drafts generated");
  await page.getByRole("searchbox", { name: "Search settlements" }).fill(name);
  await page
    .locator('[data-testid^="settlement-row-"]', { hasText: name })
    .getByRole("button", { name })
    .click();
  return page.getByTestId("settlement-dialog");
}

test.describe("settlements", () => {
  test("an accountant generates the week's drafts, adds a fuel advance, approves and pays one", async ({
    page,
    browser,
  }) => {
    // The whole pay cycle, from the load to the paid statement's export: longer than one screen.
    test.slow();
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    const { name } = await driverWithDeliveredLoad(dispatcher);
    await dispatcher.context().close();

    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/settlements");
    await expect(page.getByRole("heading", { name: "Settlements", level: 1 })).toBeVisible();
    await expect(page.getByTestId("pay-period")).toContainText("–");
    await page.getByTestId("generate-drafts").click();
    await expect(toast(page)).toContainText("Drafts generated");

    await page.getByRole("searchbox", { name: "Search settlements" }).fill(name);
    const row = page.locator('[data-testid^="settlement-row-"]', { hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name }).click();

    const dialog = page.getByTestId("settlement-dialog");
    // 0.60 × 1234.5 loaded miles = 740.70, from the driver's default rate.
    await expect(dialog.getByTestId("line-load")).toContainText("$740.70");
    await expect(dialog.getByTestId("line-load")).toContainText("driver's default");
    await expect(dialog.getByTestId("figure-net")).toHaveText("$740.70");

    const form = dialog.getByTestId("add-line-form");
    await form.getByLabel("Adds or deducts").selectOption("deduction");
    await form.getByTestId("add-line-kind").selectOption("fuel_advance");
    await form.getByLabel("Amount").fill("120.4");
    await form.getByLabel("Description").fill("Comchek at Love's #512");
    await form.getByTestId("add-line-submit").click();
    await expect(dialog.getByTestId("line-fuel_advance")).toContainText("−$120.40");
    // 740.70 − 120.40 = 620.30
    await expect(dialog.getByTestId("figure-net")).toHaveText("$620.30");

    await dialog.getByTestId("approve").click();
    await expect(dialog.getByTestId("settlement-status")).toHaveText("Approved");
    await expect(dialog.getByTestId("add-line-form")).toHaveCount(0);

    await dialog.getByTestId("pay-open").click();
    const pay = dialog.getByTestId("pay-form");
    await pay.getByLabel("Reference").fill("ACH 77120");
    await pay.getByTestId("pay-submit").click();
    await expect(dialog.getByTestId("settlement-status")).toHaveText("Paid");
    await expect(dialog).toContainText("ACH 77120");
    await page.keyboard.press("Escape");

    // The ledger has the driver-pay expense, and the payments' paid history the payment.
    await page.goto(`/accounting?view=paid&q=${encodeURIComponent(name)}`);
    const paidRow = page.locator("tr", { hasText: name }).first();
    await expect(paidRow).toContainText("Driver paid");
    await expect(paidRow).toContainText("−$620.30");

    // The paid statement: listed with its loads and total, exported as CSV.
    await page.goto("/accounting/statements");
    await page.getByRole("searchbox", { name: "Search paid statements" }).fill(name);
    const statement = page.locator('[data-testid^="statement-row-"]', { hasText: name });
    await expect(statement).toHaveCount(1);
    await expect(statement).toContainText("$620.30");
    await page.getByTestId("export-statements").click();
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "CSV" }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^paid-statements.*\.csv$/);
  });

  test("a draft says when a load's miles changed after its pay was computed, and Refresh takes them", async ({
    page,
    browser,
  }) => {
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    const { name, loadId } = await driverWithDeliveredLoad(dispatcher);
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/settlements");
    await page.getByTestId("generate-drafts").click();
    await expect(toast(page)).toContainText("Drafts generated");
    await page.getByRole("searchbox", { name: "Search settlements" }).fill(name);
    await page
      .locator('[data-testid^="settlement-row-"]', { hasText: name })
      .getByRole("button", { name })
      .click();
    const dialog = page.getByTestId("settlement-dialog");
    // 0.60 × 1234.5 mi = 740.70.
    await expect(dialog.getByTestId("line-load")).toContainText("$740.70");
    await expect(dialog.getByTestId("miles-changed")).toHaveCount(0);

    // Dispatch corrects the delivered load's miles from the odometer: 1,250 mi.
    const corrected = await dispatcher.request.put(`/api/loads/${loadId}/miles`, {
      headers: originOf(dispatcher),
      data: { loadedMiles: 1250, reason: "Odometer" },
    });
    expect(corrected.status(), await corrected.text()).toBe(200);
    await dispatcher.context().close();

    // The open settlement is in the address: read again, it shows the change.
    await page.reload();
    const notice = dialog.getByTestId("miles-changed");
    await expect(notice).toContainText("Miles changed since this was calculated");
    await expect(notice).toContainText("1,234.5 → 1,250 mi");
    // The line keeps the figure it was computed on until Refresh: 0.60 × 1250 mi = 750.00.
    await expect(dialog.getByTestId("figure-net")).toHaveText("$740.70");
    await notice.getByRole("button", { name: "Refresh" }).click();
    await expect(toast(page)).toContainText("Pay recomputed");
    await expect(dialog.getByTestId("line-load")).toContainText("$750.00");
    await expect(dialog.getByTestId("figure-net")).toHaveText("$750.00");
    await expect(notice).toHaveCount(0);
  });

  test("a lumper reimbursement carries the driver's receipt: attached with the line, opened, a wrong file refused", async ({
    page,
    browser,
  }) => {
    const dialog = await newDriversDraft(page, browser);
    const form = dialog.getByTestId("add-line-form");
    await form.getByLabel("Adds or deducts").selectOption("addition");
    await form.getByTestId("add-line-kind").selectOption("reimbursement_lumper");
    await form.getByLabel("Amount").fill("85");
    await form.getByLabel("Description").fill("Lumper at the Kroger DC");
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    await form.getByTestId("add-line-receipt").setInputFiles({
      name: "lumper-kroger.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await form.getByTestId("add-line-submit").click();
    await expect(toast(page)).toContainText("Line added with its receipt");
    const line = dialog.getByTestId("line-reimbursement_lumper");
    await expect(line).toContainText("$85.00");
    const open = line.getByRole("button", { name: "Open receipt lumper-kroger.pdf" });
    const [file] = await Promise.all([page.waitForEvent("download"), open.click()]);
    expect(file.suggestedFilename()).toBe("lumper-kroger.pdf");

    // A text file is refused by its content, in words, and the line keeps the receipt it had.
    await line.locator('input[type="file"]').setInputFiles({
      name: "scan.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("not really a pdf"),
    });
    await expect(toast(page)).toContainText("The receipt must be a PDF or a photo");
    await expect(open).toBeVisible();
  });

  test("a deduction above the settlement asks first, and what is carried stays a deduction, not gross", async ({
    page,
    browser,
  }) => {
    const dialog = await newDriversDraft(page, browser);
    await expect(dialog.getByTestId("figure-gross")).toHaveText("$740.70");

    const form = dialog.getByTestId("add-line-form");
    await form.getByLabel("Adds or deducts").selectOption("deduction");
    await form.getByTestId("add-line-kind").selectOption("fuel_advance");
    await form.getByLabel("Amount").fill("100000");
    await form.getByTestId("add-line-submit").click();

    // 740.70 earned, 100,000.00 advanced: 99,259.30 would go to the next settlement — asked first.
    const confirm = page.getByRole("dialog", {
      name: "Carry part of this deduction to the next settlement?",
    });
    await expect(confirm.getByTestId("carry-confirm")).toContainText("$99,259.30 will be carried");
    await expect(dialog.getByTestId("line-fuel_advance")).toHaveCount(0);
    // Not confirmed: nothing added.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(dialog.getByTestId("line-fuel_advance")).toHaveCount(0);
    await expect(dialog.getByTestId("figure-net")).toHaveText("$740.70");

    await form.getByTestId("add-line-submit").click();
    await confirm.getByRole("button", { name: "Add and carry $99,259.30" }).click();
    await expect(dialog.getByTestId("line-fuel_advance")).toContainText("−$100,000.00");
    // The carry sits under the deductions, signed; gross is what was earned; nothing is an addition.
    await expect(dialog.getByTestId("section-deduction").getByTestId("line-carry_forward")).toContainText(
      "+$99,259.30",
    );
    await expect(dialog.getByTestId("section-addition")).toHaveCount(0);
    await expect(dialog.getByTestId("figure-gross")).toHaveText("$740.70");
    await expect(dialog.getByTestId("figure-net")).toHaveText("$0.00");
    await expect(dialog.getByTestId("figure-carriedForward")).toHaveText("$99,259.30");
  });

  test("a bad amount keeps the form's text and says why, in Spanish too", async ({ page }) => {
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/settlements?status=draft&lng=es");
    const first = page.locator('[data-testid^="settlement-row-"]').first();
    await first.locator("button").first().click();
    const form = page.getByTestId("add-line-form");
    await form.getByLabel("Importe").fill("12.345");
    await form.getByLabel("Descripción").fill("Bono de seguridad");
    await form.getByTestId("add-line-submit").click();
    await expect(form.getByText("Escriba un importe como 1250 o 1250.50.")).toBeVisible();
    await expect(form.getByLabel("Descripción")).toHaveValue("Bono de seguridad");
  });

  test("a driver opens their settlement statement from the dashboard on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, "driver@demo.test");
    const list = page.getByTestId("my-settlements");
    await expect(list).toBeVisible();
    const button = list.getByRole("button", { name: /Download statement ST-\d+/ }).first();
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(file.suggestedFilename()).toMatch(/^ST-\d+\.pdf$/);
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("the 1099 page lists a blocker and produces a form", async ({ page }) => {
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/tax-forms");
    const lastYear = String(new Date().getFullYear() - 1);
    await page.getByTestId("tax-year").selectOption(lastYear);
    await expect(page.getByTestId("tax-deadline")).toContainText(`Forms for ${lastYear} are due`);
    const emily = page.locator('[data-testid^="tax-row-"]', { hasText: "Emily Sanders" });
    await expect(emily.getByTestId("blockers")).toHaveText("TIN missing");
    const rosa = page.locator('[data-testid^="tax-row-"]', { hasText: "Rosa Martinez" });
    const [form] = await Promise.all([
      page.waitForEvent("download"),
      rosa.getByRole("button", { name: "Form 1099-NEC of Rosa Martinez as PDF" }).click(),
    ]);
    expect(form.suggestedFilename()).toMatch(/^1099-NEC-\d{4}-Rosa-Martinez\.pdf$/);
    const bytes = Buffer.concat(await (await form.createReadStream()).toArray());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });

  test('issuing 1099s is confirmed on the server\'s preview, and a year not over needs "issue early" with a reason', async ({
    page,
  }) => {
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/tax-forms");
    const thisYear = String(new Date().getFullYear());
    await page.getByTestId("tax-year").selectOption(thisYear);
    await expect(page.getByTestId("tax-deadline")).toContainText(`Forms for ${thisYear} are due`);
    // The screen never shows a whole TIN: Rosa's EIN in an EIN's shape.
    const rosa = page.locator('[data-testid^="tax-row-"]', { hasText: "Rosa Martinez" });
    await expect(rosa).toContainText("**-***9175");
    await expect(page.getByText("36-4829175")).toHaveCount(0);

    await page.getByTestId("issue-forms").click();
    const dialog = page.getByRole("dialog", { name: `Issue the ${thisYear} 1099-NEC forms` });
    // What would go, and where: Rosa by email (address masked), Tyrone on paper; Emily left out.
    const rosaForm = dialog.getByTestId("issue-item").filter({ hasText: "Rosa Martinez" });
    await expect(rosaForm).toContainText(/By email to \w\*\*\*@/);
    await expect(dialog.getByTestId("issue-item").filter({ hasText: "Tyrone Brooks" })).toContainText(
      "To print and mail",
    );
    await expect(dialog.getByTestId("issue-summary")).toContainText("will be issued");
    const confirm = dialog.getByRole("button", { name: /^Issue \d+ forms?$/ });
    // The year is not over: no issuing without "Issue early" and a reason.
    await expect(dialog.getByTestId("issue-early")).toContainText(`The ${thisYear} tax year is not over`);
    await expect(confirm).toBeDisabled();
    await dialog.getByTestId("issue-early-check").check();
    await confirm.click();
    await expect(dialog.getByText("Give the reason for issuing early.")).toBeVisible();
    await dialog.getByLabel("Why issue early").fill("Rosa sells her truck and leaves the fleet on Friday.");
    await confirm.click();
    await expect(toast(page)).toContainText("Forms issued");
    await expect(dialog).toHaveCount(0);
    await expect(rosa).toContainText("Issued");
  });
});
