import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { loginAs, toast } from "./fixtures";
import { openAs, stop, uniqueLoadNumber } from "./load-helpers";

/** A one-page PDF, as a scanned BOL is (the merged download counts real pages). */
async function scannedBol(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText("BILL OF LADING — received in good order", { x: 54, y: 720 });
  return Buffer.from(await doc.save());
}
const originOf = (page: Page) => ({ origin: new URL(page.url()).origin });

/**
 * A load of the demo driver, picked up and delivered, through the API as dispatch; `bol` uploads a
 * BOL as the driver. The test's own load: no other test reviews it.
 */
async function jakesDeliveredLoad(dispatcher: Page, driver: Page | null) {
  const headers = originOf(dispatcher);
  const drivers = await (await dispatcher.request.get("/api/lookups/drivers?q=Jake")).json();
  const jake = drivers.find((d: { fullName: string }) => d.fullName === "Jake Wilson");
  const loadNumber = uniqueLoadNumber("PW");
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const created = await dispatcher.request.post("/api/loads", {
    headers,
    data: {
      loadNumber,
      driverId: jake.id,
      baseRate: "1400.00",
      stops: [stop("pickup", "Gary", "IN", day(4)), stop("delivery", "Fort Wayne", "IN", day(3))],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const move = (status: string) =>
    dispatcher.request.post(`/api/loads/${id}/status`, { headers, data: { status } });
  expect((await move("in_progress")).status()).toBe(200);
  if (driver) {
    const bol = await driver.request.post(`/api/loads/${id}/files`, {
      headers: originOf(driver),
      multipart: {
        kind: "bol",
        file: { name: "bol-photo.pdf", mimeType: "application/pdf", buffer: await scannedBol() },
      },
    });
    expect(bol.status(), await bol.text()).toBe(201);
  }
  expect((await move("completed")).status()).toBe(200);
  return { id, loadNumber };
}

test.describe("the BOL manager", () => {
  test("an accountant rejects a BOL and the driver sees why on the load, then uploads again", async ({
    page,
    browser,
  }) => {
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    const driver = await openAs(browser, "driver@demo.test", { width: 390, height: 844 });
    const load = await jakesDeliveredLoad(dispatcher, driver);
    await dispatcher.context().close();

    await loginAs(page, "accountant@demo.test");
    await page.goto(`/accounting/bol-manager?q=${load.loadNumber}`);
    await expect(page.getByRole("heading", { name: "BOL manager" })).toBeVisible();
    const row = page.getByTestId(`paperwork-row-${load.loadNumber}`);
    await expect(row).toHaveAttribute("data-status", "received");
    await expect(page.getByTestId("paperwork-tile-received")).toContainText("1");

    // The documents open in the viewer, with the decision beside them.
    await row.getByRole("button", { name: `Review documents ${load.loadNumber}` }).click();
    const viewer = page.getByRole("dialog", { name: `Paperwork of load ${load.loadNumber}` });
    await expect(viewer.getByTestId("paperwork-preview")).toBeVisible();
    await expect(viewer).toContainText("bol-photo.pdf");
    await viewer.getByTestId("review-reject").click();

    const reject = page.getByRole("dialog", { name: `Reject the paperwork of load ${load.loadNumber}` });
    // A reason is required: the dialog says so and stays open.
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(reject).toContainText("Say why the paperwork is rejected, so the driver knows what to fix.");
    const reason = "The receiver's signature is cut off. Please upload the whole page.";
    await reject.getByTestId("reject-reason").fill(reason);
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(toast(page)).toContainText("Paperwork rejected");
    await expect(row).toHaveAttribute("data-status", "rejected");
    await expect(row.getByTestId("paperwork-reason")).toHaveText(reason);

    // The driver's load screen says what to fix, right above the upload.
    await driver.goto(`/operations/loads/${load.id}`);
    const notice = driver.getByTestId("paperwork-notice");
    await expect(notice).toHaveAttribute("data-status", "rejected");
    await expect(notice).toContainText("Paperwork rejected — please upload it again");
    await expect(notice).toContainText(reason);
    await driver.getByTestId("file-kind").selectOption("bol");
    await driver.getByTestId("file-input").setInputFiles({
      name: "bol-full-page.pdf",
      mimeType: "application/pdf",
      buffer: await scannedBol(),
    });
    await expect(notice).toHaveAttribute("data-status", "received");
    await driver.context().close();

    // Back in accounting's queue as "to review"; verified from the row's menu.
    await page.reload();
    await expect(row).toHaveAttribute("data-status", "received");
    await row.getByRole("button", { name: `Actions for load ${load.loadNumber}` }).click();
    await page.getByRole("menuitem", { name: "Verify" }).click();
    await expect(toast(page)).toContainText("Paperwork verified");
    await expect(row).toHaveAttribute("data-status", "verified");
  });

  test("asks the driver for a missing BOL, hands out an upload link, and downloads the paperwork as one PDF", async ({
    page,
    browser,
  }) => {
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    const missing = await jakesDeliveredLoad(dispatcher, null);
    const withBol = await jakesDeliveredLoad(dispatcher, dispatcher);
    await dispatcher.context().close();

    await loginAs(page, "accountant@demo.test");
    await page.goto(`/accounting/bol-manager?q=PW-&status=missing`);
    const row = page.getByTestId(`paperwork-row-${missing.loadNumber}`);
    await expect(row).toHaveAttribute("data-status", "missing");
    await row.getByRole("button", { name: `Actions for load ${missing.loadNumber}` }).click();
    await page.getByRole("menuitem", { name: "Ask the driver" }).click();
    await expect(toast(page)).toContainText("The driver was asked");
    await expect(row).toContainText("Driver asked");

    await row.getByRole("button", { name: `Actions for load ${missing.loadNumber}` }).click();
    await page.getByRole("menuitem", { name: "Upload link…" }).click();
    const linkDialog = page.getByRole("dialog", { name: `Upload link for load ${missing.loadNumber}` });
    await linkDialog.getByTestId("paperwork-link-email").fill("receiving@fortwayne-dc.example");
    await linkDialog.getByTestId("create-paperwork-link").click();
    await expect(linkDialog.getByTestId("paperwork-link-url")).toHaveValue(/\/public\/bol-upload\/\S{22,}$/);
    await expect(linkDialog).toContainText("receiving@fortwayne-dc.example");
    await linkDialog.getByRole("button", { name: "Close" }).first().click();

    // The selected loads' BOLs and PODs as one PDF.
    await page.goto(`/accounting/bol-manager?q=${withBol.loadNumber}`);
    await page.getByRole("checkbox", { name: `Select load ${withBol.loadNumber}` }).check();
    await expect(page.getByTestId("paperwork-selection")).toContainText("1 load selected");
    const download = page.waitForEvent("download");
    await page.getByTestId("paperwork-download").click();
    expect((await download).suggestedFilename()).toBe(`paperwork-${withBol.loadNumber}.pdf`);
  });
});
