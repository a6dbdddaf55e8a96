import { expect, test } from "@playwright/test";
import { loginAs, toast, totp } from "./fixtures";

const PASSWORD = "Quiet-Harbor-2026";

test("an admin browsing as a user with two-factor sign-in shows in that user's security history", async ({
  browser,
}) => {
  test.slow(); // two people, a two-factor set-up and an impersonation
  // A user of this test's own: two-factor sign-in on a shared demo account would stop the other tests.
  const email = `sh.${Date.now().toString(36)}@lakeshorefreight.test`;
  const admin = await browser.newPage();
  await loginAs(admin, "admin@demo.test");
  const origin = new URL(admin.url()).origin;
  const created = await admin.request.post("/api/admin/users", {
    headers: { origin },
    data: { name: "Sasha Holt", email, role: "safety", password: PASSWORD, requirePasswordChange: false },
  });
  expect(created.status()).toBe(201);

  // The user turns two-factor sign-in on (the set-up screens have their own test: two-factor.spec.ts).
  const user = await browser.newPage();
  await loginAs(user, email, PASSWORD);
  const enrolment = await user.request.post("/api/me/two-factor/enable", {
    headers: { origin },
    data: { password: PASSWORD },
  });
  const key = ((await enrolment.json()) as { manualKey: string }).manualKey.replace(/\s/g, "");
  const confirmed = await user.request.post("/api/me/two-factor/confirm", {
    headers: { origin },
    data: { code: totp(key) },
  });
  expect(confirmed.status()).toBe(200);
  await user.goto("/profile");
  const history = user.getByTestId("security-history");
  await expect(history).toContainText("Two-factor sign-in turned on");
  await expect(history).not.toContainText("browsing as you");

  // The admin browses as them: no code is asked.
  await admin.goto("/admin/user-management");
  await admin.getByTestId(`user-actions-${email}`).click();
  await admin.getByRole("menuitem", { name: "Impersonate" }).click();
  await expect(toast(admin)).toContainText(`You are now browsing as ${email}`);
  await admin.getByTestId("impersonation-banner").getByRole("button", { name: "Return to admin" }).click();
  await expect(toast(admin)).toContainText("You are back to your admin account.");

  // The user sees it on their profile: who, when, and that their two-factor code was not asked.
  await user.reload();
  const skipped = history.getByTestId("security-event-impersonation.started_two_factor");
  await expect(skipped).toContainText("An administrator began browsing as you, without your two-factor code");
  await expect(skipped).toContainText("by admin@demo.test");
  await expect(history.getByTestId("security-event-impersonation.stopped")).toContainText(
    "The administrator stopped browsing as you",
  );
  // In the reader's language.
  await user.goto("/profile?lng=es");
  await expect(history.getByTestId("security-event-impersonation.started_two_factor")).toContainText(
    "Un administrador empezó a navegar como usted, sin su código de dos pasos",
  );
  await user.goto("/profile?lng=en");

  // The admin's audit log words it too.
  await admin.goto("/admin/actions");
  await expect(
    admin
      .getByRole("table")
      .getByText("Started impersonation of a user with two-factor sign-in (no code asked)")
      .first(),
  ).toBeVisible();
});
