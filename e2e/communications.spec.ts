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
});
