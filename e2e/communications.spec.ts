import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

test.describe("communications hub", () => {
  test("a mass email with an empty subject shows the spec's message and keeps the text; sent, it is in the log per recipient", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/communications?tab=signature");
    await page.getByTestId("signature").fill("Dan Carter\nDispatch, Lakeshore Freight Lines");
    await page.getByTestId("save-signature").click();
    await expect(toast(page)).toContainText("Signature saved");

    await page.getByRole("tab", { name: "Mass email" }).click();
    const form = page.getByTestId("mass-email-form");
    await expect(form.getByTestId("signature-preview")).toContainText("Dispatch, Lakeshore Freight Lines");
    const body = "The south yard is closed Saturday for resurfacing. Park in the north lot.";
    await form.getByLabel("Message").fill(body);
    await form.getByLabel("Safety").check();
    await form.getByTestId("send-email").click();
    await expect(toast(page)).toContainText("Missing Information");
    await expect(toast(page)).toContainText("Subject and body cannot be empty.");
    await expect(form.getByText("Subject cannot be empty.")).toBeVisible();
    await expect(form.getByLabel("Message")).toHaveValue(body);

    // Drivers too: the preview lists anyone without an email before anything is sent.
    await form.getByTestId("who-drivers").selectOption("all");
    await expect(form.getByTestId("recipient-preview")).toContainText(/address(es)? will receive it/);
    const subject = `Yard closed Saturday ${Date.now().toString(36)}`;
    await form.getByLabel("Subject").fill(subject);
    await form.getByTestId("send-email").click();
    await expect(toast(page)).toContainText("Email on its way");
    await expect(page).toHaveURL(/tab=log/);
    await page.getByRole("searchbox").fill(subject);
    const rows = page.getByTestId("log-row");
    await expect(rows.first()).toContainText(subject);
    await expect(rows.filter({ hasText: "safety@demo.test" })).toHaveCount(1);
    // Without an SMTP server here, copies wait in the mail outbox: the log says so.
    await expect(rows.filter({ hasText: "safety@demo.test" })).toContainText(/Stored|Sent|Queued/);

    // In Spanish, the same screen.
    await page.goto("/communications?lng=es");
    await expect(page.getByRole("tab", { name: "Correo masivo" })).toBeVisible();
  });

  test("an admin records SMS consent; the SMS blast counts segments, says no provider is configured and texts only consenting numbers", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test");
    await page.goto("/admin/sms-consent");
    await expect(page.getByRole("heading", { name: "SMS consent", level: 1 })).toBeVisible();
    await page.getByTestId("record-consent").click();
    const form = page.getByTestId("consent-form");
    await form.getByLabel("Phone").fill("(312) 555-0199");
    await form.getByLabel("Name").fill("Night Receiving Desk");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Consent recorded");
    await page.getByRole("searchbox").fill("Night Receiving");
    const row = page.getByTestId("consent-row").filter({ hasText: "Night Receiving Desk" });
    await expect(row).toContainText("+13125550199");
    await expect(row).toContainText("Opted in");
    await expect(row).toContainText("Signed form");

    await page.goto("/communications?tab=sms");
    const sms = page.getByTestId("sms-form");
    await expect(sms.getByText("No SMS provider is configured")).toBeVisible();
    await sms.getByLabel("Text message").fill("Yard closed Saturday.");
    await expect(sms.getByTestId("sms-as-sent")).toHaveText(
      /: Yard closed Saturday\. Reply STOP to opt out\.$/,
    );
    await expect(sms.getByTestId("sms-counter")).toContainText("1 segment (GSM-7)");
    await sms.getByTestId("who-drivers").selectOption("all");
    await expect(sms.getByTestId("sms-preview")).toContainText(/with consent will receive it/);
    await sms.getByTestId("send-sms").click();
    await expect(toast(page)).toContainText("Texts on their way");
    await expect(page).toHaveURL(/tab=log/);
    await page.getByTestId("log-status").selectOption("no_consent");
    await expect(page.getByTestId("log-row").first()).toContainText("No consent");
  });
});
