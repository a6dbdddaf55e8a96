import { expect, test } from "@playwright/test";
import { loginAs, toast, totp } from "./fixtures";

const PASSWORD = "Quarry-Road-2026";

test("an admin requires two-factor sign-in for accountants; an accountant is walked through it at the next sign-in", async ({
  page,
  browser,
}) => {
  const email = `acct.${Date.now().toString(36)}@lakeshorefreight.test`;
  await loginAs(page, "admin@demo.test");
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/admin/users", {
    headers: { origin },
    data: {
      name: "Robin Ledger",
      email,
      role: "accountant",
      password: PASSWORD,
      requirePasswordChange: false,
    },
  });
  expect(created.status()).toBe(201);
  try {
    await page.goto("/settings?tab=security");
    const form = page.getByTestId("security-form");
    await form.getByLabel("Accountant").check();
    await form.getByTestId("save-security").click();
    await expect(toast(page)).toBeVisible();

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const accountant = await context.newPage();
    await loginAs(accountant, email, PASSWORD);
    // Anywhere they go, they are brought to the set-up first.
    await accountant.goto("/accounting/bills");
    await expect(accountant).toHaveURL(/\/two-factor$/);
    await expect(
      accountant.getByText("Your role signs in with two factors. Set it up now to continue."),
    ).toBeVisible();
    const card = accountant.getByTestId("two-factor-card");
    await card.getByTestId("two-factor-password").fill(PASSWORD);
    await card.getByTestId("two-factor-start").click();
    const key = (await card.getByTestId("two-factor-key").textContent()) ?? "";
    await card.getByTestId("two-factor-confirm-code").fill(totp(key));
    await card.getByTestId("two-factor-confirm").click();
    await expect(card.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    await card.getByTestId("two-factor-done").click();
    // Set up: the app is theirs again.
    await accountant.goto("/accounting/bills");
    await expect(accountant).toHaveURL(/\/accounting\/bills$/);
    await context.close();
  } finally {
    await page.request.put("/api/settings/security", { headers: { origin }, data: { twoFactorRoles: [] } });
  }
});
