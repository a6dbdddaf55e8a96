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
    // The refused attempt's toast is still up (the pointer resting on it holds it, as a reader's
    // does) when the signature goes through, from the keyboard…
    await toast(driver).hover();
    await expect(toast(driver)).toContainText("Please provide a signature.");
    await signButton.press("Enter");
    await expect(driver.getByTestId("contract-signed")).toBeVisible();
    // …and it leaves with the form: nothing red stays over "The contract is signed".
    await expect(toast(driver)).toHaveCount(0);
    // The page is the signed copy at once: the signature drawn and who signed.
    await expect(driver.getByTestId("signature-page")).toContainText(`Signed by ${name}`);

    // Then the account: the contract's email, fixed; a password only.
    const account = driver.getByTestId("create-account");
    await expect(account.getByLabel("Email")).toHaveValue(email);
    await expect(account.getByLabel("Email")).toHaveAttribute("readonly", "");
    await driver.getByTestId("account-password").fill("Welcome-2026!");
    await driver.getByTestId("account-repeat").fill("Welcome-2026!");
    await driver.getByTestId("create-account-submit").click();
    await expect(driver).toHaveURL(/\/driver-dashboard$/);
    await expect(driver.getByRole("heading", { level: 1 })).toBeVisible();
    // Reopened later, the link shows the signer a read-only copy with the signature page and the
    // signed PDF — no form to sign again.
    await driver.goto(new URL(link).pathname);
    await expect(driver.getByTestId("contract-signed")).toBeVisible();
    await expect(driver.getByTestId("signed-copy")).toContainText("$0.61 per mile");
    await expect(
      driver.getByTestId("signature-page").getByRole("img", { name: `Signature of ${name}` }),
    ).toBeVisible();
    await expect(driver.getByTestId("sign-contract")).toHaveCount(0);
    await expect(driver.getByTestId("create-account")).toHaveCount(0);
    const [copy] = await Promise.all([
      driver.waitForEvent("download"),
      driver.getByTestId("download-signed-copy").click(),
    ]);
    expect(
      readFileSync((await copy.path()) ?? "")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
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

  test("an expiry date that has passed is refused; an expired contract is found by its status and renewed with new dates", async ({
    page,
  }) => {
    // Days by this machine's clock; the server judges "past" by the company's day, which can be a
    // day behind or ahead of it: a past date here is two days back, never one.
    const day = (n: number) => {
      const d = new Date();
      d.setDate(d.getDate() + n);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    };
    await loginAs(page, "manager@demo.test");
    await page.goto("/accounting/contracts?lng=es");
    await page.getByTestId("new-contract").click();
    const form = page.getByTestId("contract-form");
    await form.getByLabel("Título").fill("Arrendamiento de temporada");
    await form.getByLabel("Nombre del firmante").fill("Nina Brooks");
    await form.getByLabel("Correo del firmante").fill("nina.brooks@example.test");
    await form.getByLabel("Fecha de vencimiento").fill(day(-2));
    await page.getByTestId("contract-content").fill("Condiciones del arrendamiento.");
    await page.getByTestId("save-contract").click();
    // Refused by the server with the field's message in the reader's language; nothing typed is lost.
    await expect(
      form.getByText("La fecha de vencimiento ya pasó. Elija hoy o una fecha posterior."),
    ).toBeVisible();
    await expect(toast(page)).toContainText("La fecha de vencimiento ya pasó");
    await expect(form.getByLabel("Título")).toHaveValue("Arrendamiento de temporada");
    await expect(page.getByTestId("contract-content")).toHaveValue("Condiciones del arrendamiento.");
    await page.keyboard.press("Escape");

    // The "Expired" filter is the server's: it finds the expired agreement.
    await page.goto("/accounting/contracts?status=expired&lng=en");
    const row = page.locator('[data-testid^="contract-row-"]', { hasText: "Emily Sanders" });
    await expect(row.getByTestId("contract-status")).toHaveText("Expired");
    const statuses = page.locator('[data-testid^="contract-row-"]').getByTestId("contract-status");
    await expect(statuses.filter({ hasNotText: "Expired" })).toHaveCount(0);
    await row.getByTestId("open-contract").click();
    const detail = page.getByTestId("contract-detail");
    await expect(detail).toContainText("Its expiry date has passed");
    await expect(detail.getByTestId("send-contract")).toHaveCount(0);
    await detail.getByTestId("renew-contract").click();
    const renew = page.getByTestId("renew-form");
    await renew.getByLabel("Expiry date").fill(day(-2));
    await renew.getByTestId("submit-renewal").click();
    await expect(renew.getByText("The expiry date has passed. Choose today or a later date.")).toBeVisible();
    await renew.getByLabel("Start date").fill(day(3));
    await renew.getByLabel("Expiry date").fill(day(3 + 365));
    await renew.getByTestId("submit-renewal").click();
    await expect(toast(page)).toContainText("Renewal drafted");
    // The new draft opens here; its trail names the contract it renews.
    await expect(detail.getByTestId("contract-status")).toHaveText("Draft");
    await expect(detail.getByTestId("contract-trail")).toContainText("Renewal of an earlier contract");
    await expect(detail.getByTestId("send-contract")).toBeVisible();
    await detail.getByTestId("open-related-contract").click();
    await expect(detail.getByTestId("contract-status")).toHaveText("Expired");
    await expect(detail.getByTestId("contract-trail")).toContainText("Renewed as a new draft");
  });

  test("the signing link of an expired contract says so, in the signer's language", async ({ page }) => {
    // The server's refusal (410 CONTRACT_EXPIRED) is the integration test's; here, the page it gives.
    await page.route("**/api/public/contracts/*", (route) =>
      route.fulfill({
        status: 410,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "CONTRACT_EXPIRED",
            message: "This contract has expired and can no longer be opened or signed here.",
          },
        }),
      }),
    );
    await page.goto(`/public/contract/${"A".repeat(43)}?lng=fr`);
    const expired = page.getByTestId("contract-expired");
    await expect(expired.getByRole("heading", { name: "Ce contrat a expiré" })).toBeVisible();
    await expect(expired).toContainText("Demandez un nouveau contrat à l’expéditeur.");
    await expect(page.getByTestId("sign-contract")).toHaveCount(0);
  });
});
