import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.describe("certificates of insurance", () => {
  test("a manager records a broker's request, attaches the agent's certificate and emails it; the holder shows as lapsing", async ({
    page,
  }) => {
    const broker = `Northstar Logistics ${Date.now().toString(36)}`;
    await loginAs(page, "manager@demo.test");
    await page.goto("/accounting/coi-manager");
    await expect(page.getByRole("heading", { name: "Certificates of insurance", level: 1 })).toBeVisible();
    // The demo: our ACORD 25 with five lines, its cargo policy lapsing within the month.
    const ours = page.locator('[data-testid^="certificate-row-"]', {
      hasText: "Midwest Transportation Insurance Agency",
    });
    await expect(ours).toContainText("Cargo");
    await expect(ours).toContainText(/Expires in \d+ days/);

    await page.getByTestId("tab-holders").click();
    await expect(page).toHaveURL(/tab=holders/);
    await page.getByTestId("new-holder").click();
    const form = page.getByTestId("holder-form");
    await form.getByLabel("Holder type").selectOption("broker");
    await form.getByLabel("Certificate holder").fill(broker);
    await page.getByTestId("save-holder").click();
    await expect(toast(page)).toContainText(`Request of ${broker} saved`);

    await page.getByRole("searchbox", { name: "Search holders" }).fill(broker);
    const row = page.locator('[data-testid^="holder-row-"]', { hasText: broker });
    await expect(row.getByTestId("holder-status")).toHaveText("Requested");
    // The agent's certificate arrives: attach it.
    await row.getByRole("button", { name: `Actions for ${broker}` }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("menuitem", { name: "Attach the issued certificate" }).click();
    await (await chooser).setFiles({ name: "coi-northstar.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(row.getByTestId("holder-status")).toHaveText("Issued");
    // No email on file: the spec's words, nothing sent.
    await row.getByRole("button", { name: `Actions for ${broker}` }).click();
    await page.getByRole("menuitem", { name: "Email it to the holder" }).click();
    await expect(toast(page)).toContainText("No Email Found");
    await expect(row.getByTestId("holder-status")).toHaveText("Issued");

    await row.getByRole("button", { name: `${broker} Broker` }).click();
    await form.getByLabel("Email").fill("certs@northstar.test");
    await page.getByTestId("save-holder").click();
    await expect(toast(page)).toContainText("saved");
    await row.getByRole("button", { name: `Actions for ${broker}` }).click();
    await page.getByRole("menuitem", { name: "Email it to the holder" }).click();
    await expect(toast(page)).toContainText("Certificate emailed to certs@northstar.test");
    await expect(row.getByTestId("holder-status")).toHaveText("Sent");
    // It rests on our certificate, whose cargo policy lapses this month: the holder is listed as lapsing.
    await page.getByTestId("tile-holders-lapsing").click();
    await expect(row).toBeVisible();
    await expect(row).toContainText(/Expires in \d+ days/);
  });

  test("a Customer holder's request is not saved without the customer", async ({ page }) => {
    await loginAs(page, "manager@demo.test");
    await page.goto("/accounting/coi-manager?tab=holders&lng=fr");
    await page.getByTestId("new-holder").click();
    const form = page.getByTestId("holder-form");
    await form.getByLabel("Type de titulaire").selectOption("customer");
    await form.getByLabel("Titulaire de l’attestation").fill("Summit Foods");
    await page.getByTestId("save-holder").click();
    await expect(form.getByText("Choisissez le client.")).toBeVisible();
    await expect(toast(page)).toBeVisible();
    // Nothing was recorded: the dialog is still open with what was typed.
    await expect(form.getByLabel("Titulaire de l’attestation")).toHaveValue("Summit Foods");
  });
});
