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
    // The admin is told where the text-message service is set up.
    await expect(sms.getByTestId("sms-no-provider")).toContainText(
      "Texts cannot be sent: no text-message service is set up. Connect one in the server's settings",
    );
    await expect(sms).not.toContainText("SMS_* settings");
    await sms.getByLabel("Text message").fill("Yard closed Saturday.");
    await expect(sms.getByTestId("sms-as-sent")).toHaveText(
      /: Yard closed Saturday\. Reply STOP to opt out\.$/,
    );
    await expect(sms.getByTestId("sms-counter")).toContainText("1 segment (GSM-7)");
    await sms.getByTestId("who-drivers").selectOption("all");
    await expect(sms.getByTestId("sms-preview")).toContainText(/with consent will receive it/);
    await sms.getByTestId("send-sms").click();
    // What happened, with its count: nothing went out (never "on their way").
    await expect(toast(page)).toContainText(/\d+ texts? (was|were) not sent/);
    await expect(toast(page)).toContainText("no text-message service is set up");
    await expect(toast(page)).not.toContainText("on their way");
    await expect(page).toHaveURL(/tab=log/);
    await page.getByTestId("log-status").selectOption("no_consent");
    await expect(page.getByTestId("log-row").first()).toContainText("No consent");
  });

  test("an office user sending texts without a text-message service is told so in their words and language", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/communications?tab=sms&lng=fr");
    const sms = page.getByTestId("sms-form");
    await expect(sms.getByTestId("sms-no-provider")).toHaveText(
      "Les SMS ne peuvent pas être envoyés : aucun service de SMS n’est configuré. Demandez à votre administrateur d’en connecter un.",
    );
    await sms.getByRole("textbox").first().fill("Le dépôt ferme samedi.");
    await sms.getByTestId("who-drivers").selectOption("all");
    await expect(sms.getByTestId("sms-preview")).toBeVisible();
    await sms.getByTestId("send-sms").click();
    await expect(toast(page)).toContainText(/\d+ SMS (n’a|n’ont) pas été envoyés?/);
    await expect(toast(page)).toContainText("Demandez à votre administrateur d’en connecter un.");
    await expect(page).toHaveURL(/tab=log/);
    await page.getByTestId("log-status").selectOption("not_sent_no_provider");
    await expect(page.getByTestId("log-row").first()).toContainText(
      "Non envoyé : aucun service de SMS configuré",
    );
  });

  test("at 375 px in Spanish and French the tab strip scrolls, with a fading edge where tabs are cut, and reaches every tab", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await loginAs(page, "manager@demo.test");
    for (const [lng, log] of [
      ["es", "Registro de comunicaciones"],
      ["fr", "Journal des communications"],
    ] as const) {
      await page.goto(`/communications?lng=${lng}`);
      const strip = page.getByRole("tablist");
      const third = strip.getByRole("tab", { name: log });
      await expect(third).toBeVisible();
      // The third tab runs past the phone's edge: that edge fades, saying there is more.
      const [stripBox, thirdBox] = [await strip.boundingBox(), await third.boundingBox()];
      expect((thirdBox?.x ?? 0) + (thirdBox?.width ?? 0)).toBeGreaterThan(
        (stripBox?.x ?? 0) + (stripBox?.width ?? 0),
      );
      await expect(strip).toHaveAttribute("data-overflow", "end");
      expect(await strip.evaluate((el) => el.style.maskImage || el.style.webkitMaskImage)).toContain(
        "linear-gradient",
      );
      // Chosen, it comes into view whole; now tabs lie beyond the start edge too.
      await third.click();
      await expect(page).toHaveURL(/tab=log/);
      await expect(third).toHaveAttribute("aria-selected", "true");
      const box = await strip.boundingBox();
      const tab = await third.boundingBox();
      expect(tab?.x ?? -1).toBeGreaterThanOrEqual(box?.x ?? 0);
      expect((tab?.x ?? 0) + (tab?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
      await expect(strip).toHaveAttribute("data-overflow", /start|both/);
      // Scrolled back to the start, the start edge is clean again.
      await strip.evaluate((el) => {
        el.scrollLeft = 0;
      });
      await expect(strip).toHaveAttribute("data-overflow", "end");
    }
    // Where every tab fits (a desktop), nothing fades.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/communications?lng=en");
    await expect(page.getByRole("tablist")).toHaveAttribute("data-overflow", "none");
  });
});
