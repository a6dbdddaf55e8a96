import { readFileSync } from "node:fs";
import { devices, expect, test } from "@playwright/test";
import { loginAs, pickOption, toast } from "./fixtures";

test.describe("contracts", () => {
  test("a manager sends an employment contract; the new driver signs on a phone, creates the account and lands on the dashboard; the manager downloads the signed PDF", async ({
    page,
    browser,
  }) => {
    const stamp = Date.now().toString(36);
    const name = `Nadia Okafor ${stamp}`;
    const email = `nadia.${stamp}@drivers.test`;
    await loginAs(page, "manager@demo.test");
    // A new hire on file, without a sign-in account (as hiring enters them).
    const created = await page.request.post("/api/drivers", {
      headers: { origin: new URL(page.url()).origin },
      data: { fullName: name, email, defaultPayType: "per_mile", defaultPayRate: "0.61" },
    });
    expect(created.status()).toBe(201);

    await page.goto("/accounting/contracts");
    await expect(page.getByRole("heading", { name: "Contracts", level: 1 })).toBeVisible();
    await page.getByTestId("new-contract").click();
    const form = page.getByTestId("contract-form");
    await form.getByRole("combobox", { name: "Driver" }).click();
    await page.keyboard.type(stamp);
    await pickOption(page, new RegExp(name));
    await expect(form.getByLabel("Signer's email")).toHaveValue(email);
    await form.getByLabel("Start date").fill("2026-12-07");
    await page.getByTestId("fill-template").click();
    // The template is filled for this driver: name, pay and start date.
    await expect(page.getByTestId("contract-content")).toHaveValue(new RegExp(`\\*\\*${name}\\*\\*`));
    await expect(page.getByTestId("contract-content")).toHaveValue(/\$0\.61 per mile/);
    await expect(page.getByTestId("contract-content")).toHaveValue(/December 7, 2026/);
    await expect(form.getByLabel("Title")).toHaveValue("Driver Employment Agreement");
    await form.getByLabel("Title").fill(`Driver Employment Agreement — ${name}`);
    await page.getByTestId("save-contract").click();
    await expect(toast(page)).toContainText("created as a draft");

    // The draft opens: send it; the link is shown once to copy (and emailed to the signer).
    const detail = page.getByTestId("contract-detail");
    await expect(detail.getByTestId("contract-status")).toHaveText("Draft");
    await detail.getByTestId("send-contract").click();
    const link = (await page.getByTestId("signing-link").textContent()) ?? "";
    expect(link).toMatch(/\/public\/contract\/[A-Za-z0-9_-]{43}$/);
    await expect(detail.getByTestId("contract-status")).toHaveText("Sent");

    // The new driver, in a fresh browser on a phone.
    const phone = await browser.newContext({ ...devices["Pixel 7"] });
    const driver = await phone.newPage();
    await driver.goto(new URL(link).pathname);
    await expect(
      driver.getByRole("heading", { name: `Driver Employment Agreement — ${name}` }),
    ).toBeVisible();
    await expect(driver.getByTestId("public-contract")).toContainText("$0.61 per mile");
    // Signing without a signature: the spec's words, nothing signed.
    await driver.getByTestId("consent").check();
    await driver.getByTestId("full-name").fill(name);
    await driver.getByTestId("sign-contract").click();
    await expect(driver.getByTestId("signature-error")).toHaveText("Please provide a signature.");
    // Draw with a finger.
    const pad = driver.getByTestId("signature-pad");
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error("no signature pad");
    await driver.mouse.move(box.x + 30, box.y + box.height / 2);
    await driver.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await driver.mouse.move(box.x + 30 + i * 18, box.y + box.height / 2 + (i % 2 ? -25 : 25));
    }
    await driver.mouse.up();
    await expect(driver.getByTestId("signature-error")).toHaveCount(0);
    const signButton = driver.getByTestId("sign-contract");
    expect((await signButton.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await signButton.click();
    await expect(driver.getByTestId("contract-signed")).toBeVisible();

    // Then the account: the contract's email, fixed; a password only.
    const account = driver.getByTestId("create-account");
    await expect(account.getByLabel("Email")).toHaveValue(email);
    await expect(account.getByLabel("Email")).toHaveAttribute("readonly", "");
    await driver.getByTestId("account-password").fill("Welcome-2026!");
    await driver.getByTestId("account-repeat").fill("Welcome-2026!");
    await driver.getByTestId("create-account-submit").click();
    await expect(driver).toHaveURL(/\/driver-dashboard$/);
    await expect(driver.getByRole("heading", { level: 1 })).toBeVisible();
    // The used link shows a clear page, not the contract.
    await driver.goto(new URL(link).pathname);
    await expect(driver.getByTestId("contract-invalid")).toBeVisible();
    await phone.close();

    // The manager sees it signed and downloads the signed PDF.
    await page.goto(`/accounting/contracts?q=${encodeURIComponent(name)}`);
    const row = page.locator('[data-testid^="contract-row-"]', { hasText: name });
    await expect(row.getByTestId("contract-status")).toHaveText("Signed");
    await row.getByTestId("open-contract").click();
    await expect(page.getByTestId("contract-trail")).toContainText("Driver account created");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("download-signed").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/signed\.pdf$/);
    const bytes = readFileSync((await download.path()) ?? "");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
