import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { openAs } from "./load-helpers";

test.describe("who hears what, and how", () => {
  test("a driver on a phone chooses which notifications also come by email or text", async ({ browser }) => {
    const page = await openAs(browser, "driver@demo.test", { width: 390, height: 844 });
    await page.goto("/notifications");
    await page.getByTestId("open-preferences").click();
    const form = page.getByTestId("notification-preferences");
    await expect(form).toContainText("Emails go to driver@demo.test.");
    // The demo records Jake's paper consent: texts go to his number.
    await expect(form).toContainText(/Texts go to \+1\d{10}\./);
    const email = form.getByTestId("pref-email-announcement");
    const sms = form.getByTestId("pref-sms-load.assigned");
    await expect(form.getByTestId("pref-email-load.assigned")).toBeChecked();
    await expect(email).not.toBeChecked();
    await expect(sms).toBeEnabled();
    // Tap targets for a driver's thumb.
    const box = await email.locator("xpath=..").boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await email.check();
    await form.getByTestId("save-preferences").click();
    await expect(toast(page)).toContainText("Preferences saved.");
    await expect(page).not.toHaveURL(/preferences=1/);

    // The footer link of every notification email opens the same choices, kept.
    await page.goto("/notifications?preferences=1");
    await expect(page.getByTestId("pref-email-announcement")).toBeChecked();
    await page.getByTestId("pref-email-announcement").uncheck();
    await page.getByTestId("save-preferences").click();
    await expect(toast(page)).toContainText("Preferences saved.");
    await page.context().close();
  });

  test("a manager switches an automated notification per channel; a dispatcher sees it read-only", async ({
    page,
    browser,
  }) => {
    await loginAs(page, "manager@demo.test");
    await page.goto("/communications?tab=automated");
    const row = page.getByTestId("automated-time_off.reviewed");
    await expect(row).toContainText("Time off reviewed");
    await expect(page.getByTestId("automated-contract.sent")).toContainText("Always");
    const sms = page.getByTestId("switch-time_off.reviewed-sms");
    await expect(sms).not.toBeChecked();
    await sms.check();
    await page.getByTestId("save-automated").click();
    await expect(toast(page)).toContainText("Automated notifications saved.");
    await expect(row).toContainText("changed by Maria Lopez");

    const dispatch = await openAs(browser, "dispatcher@demo.test");
    await dispatch.goto("/communications?tab=automated");
    await expect(dispatch.getByText("Only admins and managers change these.")).toBeVisible();
    await expect(dispatch.getByTestId("switch-time_off.reviewed-sms")).toBeChecked();
    await expect(dispatch.getByTestId("switch-time_off.reviewed-sms")).toBeDisabled();
    await expect(dispatch.getByTestId("save-automated")).toHaveCount(0);
    await dispatch.context().close();

    await sms.uncheck();
    await page.getByTestId("save-automated").click();
    await expect(toast(page)).toContainText("Automated notifications saved.");

    // The log tells people's messages from the automated ones.
    await page.goto("/communications?tab=log");
    await page.getByTestId("log-source").selectOption("automated");
    await expect(page.getByTestId("log-row").first()).toContainText("Automated notification");
  });

  test("a dispatcher saves chosen recipients as a group and reloads it into a new email", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/communications");
    const form = page.getByTestId("mass-email-form");
    const groups = form.getByTestId("recipient-groups");
    // The demo's groups.
    await groups.getByTestId("group-select").selectOption({ label: "Chicago yard drivers" });
    await expect(form.getByTestId("who-drivers")).toHaveValue("chosen");
    await expect(form).toContainText("Jake Wilson");
    await expect(form).toContainText("Rosa Martinez");

    await page.reload();
    await form.getByLabel("Accountant").check();
    await form.getByLabel("Safety").check();
    await groups.getByTestId("group-save-open").click();
    const name = `Back office ${Date.now().toString(36)}`;
    await groups.getByTestId("group-name").fill("office and safety");
    await groups.getByTestId("group-save").click();
    await expect(groups.getByRole("alert")).toHaveText("A group with this name exists. Choose another name.");
    await groups.getByTestId("group-name").fill(name);
    await groups.getByTestId("group-save").click();
    await expect(toast(page)).toContainText(`Group “${name}” saved.`);

    await page.reload();
    await expect(form.getByLabel("Accountant")).not.toBeChecked();
    await groups.getByTestId("group-select").selectOption({ label: name });
    await expect(form.getByLabel("Accountant")).toBeChecked();
    await expect(form.getByLabel("Safety")).toBeChecked();
    await groups.getByTestId("group-delete").click();
    await expect(toast(page)).toContainText(`Group “${name}” deleted.`);
    await expect(groups.getByTestId("group-select").locator("option", { hasText: name })).toHaveCount(0);
  });
});
