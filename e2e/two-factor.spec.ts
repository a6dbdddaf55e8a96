import { expect, test } from "@playwright/test";
import { loginAs, signOut, toast, totp } from "./fixtures";

const PASSWORD = "Harbor-Lights-2026";

test("a user sets up two-factor sign-in from their profile and signs in again with a code", async ({
  page,
}) => {
  // A user of this test's own: turning two-factor on for a shared demo account would stop the others.
  const email = `tf.${Date.now().toString(36)}@lakeshorefreight.test`;
  await loginAs(page, "admin@demo.test");
  // As the browser would send it: from our origin.
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/admin/users", {
    headers: { origin },
    data: { name: "Terry Fields", email, role: "safety", password: PASSWORD, requirePasswordChange: false },
  });
  expect(created.status()).toBe(201);
  await signOut(page);

  await loginAs(page, email, PASSWORD);
  await page.goto("/profile");
  const card = page.getByTestId("two-factor-card");
  await expect(card.getByTestId("two-factor-status")).toHaveText("Off: your password alone signs you in.");
  await card.getByTestId("two-factor-password").fill("wrong password");
  await card.getByTestId("two-factor-start").click();
  await expect(card.getByText("The password is incorrect.")).toBeVisible();
  await card.getByTestId("two-factor-password").fill(PASSWORD);
  await card.getByTestId("two-factor-start").click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await card.getByTestId("two-factor-key").textContent()) ?? "";
  await card.getByTestId("two-factor-confirm-code").fill("000000");
  await card.getByTestId("two-factor-confirm").click();
  await expect(card.getByText(/^That code is not right/)).toBeVisible();
  await card.getByTestId("two-factor-confirm-code").fill(totp(key));
  await card.getByTestId("two-factor-confirm").click();
  await expect(toast(page)).toContainText("Two-factor sign-in is on.");
  const codes = card.getByTestId("recovery-codes").locator("li");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? "";
  await card.getByTestId("two-factor-done").click();
  await expect(card.getByTestId("two-factor-status")).toHaveText(/^On:/);
  await signOut(page);

  // Password, then the code from the app.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const step = page.getByTestId("two-factor-step");
  await step.getByTestId("two-factor-code").fill("12345");
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(step.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  // The next period's code: the one used to confirm is not accepted twice.
  await step.getByTestId("two-factor-code").fill(totp(key, Date.now() + 30_000));
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await signOut(page);

  // A recovery code instead.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByTestId("two-factor-code").fill(recovery);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
});
