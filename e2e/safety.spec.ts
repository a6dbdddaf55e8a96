import { expect, type Locator, type Page, test } from "@playwright/test";
import { loginAs, pickOption, toast } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** Real images (1×1 PNG and JPEG), so the photo grid can show them. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

const pad = (n: number) => String(n).padStart(2, "0");
/** A `datetime-local` value `hours` before now, in the browser's (and this process's) time zone. */
function localDateTime(hoursAgo: number) {
  const d = new Date(Date.now() - hoursAgo * 3_600_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function localDate(daysFromToday: number) {
  const d = new Date(Date.now() + daysFromToday * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function pick(page: Page, scope: Locator | Page, label: string, search: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("searchbox", { name: /^Search/ }).fill(search);
  await pickOption(page, new RegExp(option));
}

test.describe("accidents and claims", () => {
  test("safety records an accident with two photos, adds a note and closes the claim", async ({ page }) => {
    test.slow(); // one long flow: form, two uploads, a note and the claim
    const place = `E2E-${tag()} I-55 northbound, mile 241, Springfield, IL`;
    await loginAs(page, "safety@demo.test");
    await page.goto("/operations/accidents");
    await expect(page.getByRole("heading", { name: "Accidents and claims" })).toBeVisible();
    // The demo's settled and open claims are listed.
    await expect(page.getByTestId("accident-row").filter({ hasText: "Claim closed" }).first()).toBeVisible();

    await page.getByTestId("new-accident").click();
    await expect(page.getByRole("heading", { name: "Record an accident" })).toBeVisible();

    // Empty required fields: the spec's "Missing Information", and the data typed so far stays.
    await page.getByLabel("Location").fill(place);
    await page.getByTestId("save-accident").click();
    await expect(toast(page)).toContainText("Missing Information");
    await expect(page.getByText("Enter the date and time of the accident.")).toBeVisible();
    await expect(page.getByLabel("Location")).toHaveValue(place);

    await page.getByLabel("Date and time").fill(localDateTime(20));
    await page
      .getByLabel("What happened")
      .fill("Hit by a car running a red light at the ramp. Front bumper and left headlight damaged.");
    await page.getByRole("checkbox", { name: /Injuries/ }).check();
    await pick(page, page, "Driver", "Tyrone", "Tyrone Brooks");
    // Tyrone's assigned truck and trailer are filled in (no other flow reassigns them).
    await expect(page.getByRole("combobox", { name: "Truck" })).toContainText("105");
    await expect(page.getByRole("combobox", { name: "Trailer or container" })).toContainText("T-205");
    await page.getByLabel("Police report number").fill("SPD-26-55120");
    await page.getByLabel("Claim amount").fill("4200.50");
    await page.getByLabel("Insurer").fill("Great West Casualty");
    await page.getByLabel("Claim number").fill("GW-E2E-1");
    await page.getByTestId("accident-photos-input").setInputFiles([
      { name: "front-bumper.png", mimeType: "image/png", buffer: PNG },
      { name: "headlight.jpg", mimeType: "image/jpeg", buffer: JPEG },
    ]);
    await expect(page.getByTestId("chosen-photos").getByRole("listitem")).toHaveCount(2);

    await page.getByTestId("save-accident").click();
    await expect(toast(page)).toContainText("Accident recorded");
    await expect(page).toHaveURL(/\/operations\/accidents\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("accident-reference")).toHaveText(/^ACC-\d{4}-\d{4}$/);
    const header = page.getByTestId("accident-header");
    await expect(header).toContainText(place);
    await expect(header).toContainText("Tyrone Brooks");
    await expect(header).toContainText("$4,200.50");
    await expect(header.getByTestId("claim-status")).toHaveText("Claim open");
    await expect(page.getByTestId("accident-photo")).toHaveCount(2);
    await expect(page.getByRole("img", { name: "front-bumper.png" })).toBeVisible();

    const timeline = page.getByTestId("accident-timeline");
    await expect(timeline.locator('[data-kind="image_added"]')).toHaveCount(2);
    await expect(timeline.locator('[data-kind="created"]')).toContainText("Accident recorded");

    await page
      .getByTestId("accident-note-input")
      .fill("Other driver's insurer acknowledged liability by phone.");
    await page.getByTestId("add-note").click();
    await expect(toast(page)).toContainText("Note added");
    await expect(page.getByTestId("accident-note-input")).toHaveValue("");
    await expect(timeline.locator('[data-kind="note"]')).toContainText(
      "Other driver's insurer acknowledged liability by phone.",
    );

    await page.getByTestId("close-claim").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Close the claim of");
    await dialog.getByTestId("claim-note").fill("Settled in full: $4,200.50 received.");
    await dialog.getByRole("button", { name: "Close claim" }).click();
    await expect(toast(page)).toContainText("Claim closed");
    await expect(dialog).toHaveCount(0);
    await expect(header.getByTestId("claim-status")).toHaveText("Claim closed");
    await expect(page.getByTestId("reopen-claim")).toBeVisible();

    // The timeline, newest first: the closing with its note, then the note, then the photos and the report.
    const entries = timeline.getByTestId("timeline-entry");
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(0)).toContainText("Claim closed");
    await expect(entries.nth(0)).toContainText("Settled in full: $4,200.50 received.");
    await expect(entries.nth(1)).toContainText("acknowledged liability");
    await expect(entries.last()).toContainText("Accident recorded");
    await expect(entries.first()).toContainText("Sam Patel"); // the author: the demo safety user

    // Back on the list, the accident is found by its location and shows its closed claim.
    await page.getByRole("link", { name: "Accidents and claims" }).first().click();
    await page.getByRole("searchbox", { name: "Search accidents" }).fill(place.slice(0, 9));
    const row = page.getByTestId("accident-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Claim closed");
    await expect(row).toContainText("Tyrone Brooks");
  });
});

test.describe("citations", () => {
  test("safety records a citation and the driver disputes it from a phone", async ({ page, browser }) => {
    test.slow();
    const number = `E2E-${tag()}`;
    await loginAs(page, "safety@demo.test");
    await page.goto("/operations/citations");
    await expect(page.getByRole("heading", { name: "Citations" })).toBeVisible();

    await page.getByTestId("new-citation").click();
    const form = page.getByRole("dialog");
    await pick(page, form, "Driver", "Jake", "Jake Wilson");
    await form.getByLabel("Citation number").fill(number);
    await form.getByLabel("Date", { exact: true }).fill(localDate(-2));
    await form.getByLabel("Due date").fill(localDate(28));
    await form.getByLabel("City").fill("Rockford");
    await form.getByLabel("State").fill("IL");
    await form.getByLabel("Violation").fill("Failure to obey a lane-use sign");
    await form.getByLabel("Fine").fill("164.00");
    await form.getByTestId("save-citation").click();
    await expect(toast(page)).toContainText("Citation recorded");
    await expect(form).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search citations" }).fill(number);
    await expect(page.getByTestId("citation-row")).toHaveCount(1);
    await expect(page.getByTestId("citation-row")).toContainText("Jake Wilson");
    await expect(page.getByTestId("citation-row")).toContainText("Open");

    // Jake, on his phone.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const driver = await phone.newPage();
    await loginAs(driver, "driver@demo.test");
    await driver.goto("/operations/citations");
    await expect(driver.getByRole("heading", { name: "My citations" })).toBeVisible();
    // Only his own: no other driver's name appears anywhere in his list.
    await expect(driver.getByTestId("citation-row").first()).toBeVisible();
    await expect(driver.getByText("Rosa Martinez")).toHaveCount(0);

    await driver.getByRole("searchbox", { name: "Search citations" }).fill(number);
    const row = driver.getByTestId("citation-row");
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: /Failure to obey a lane-use sign/ }).click();
    const detail = driver.getByRole("dialog");
    await expect(detail).toContainText("Failure to obey a lane-use sign");
    await expect(detail).toContainText("$164.00");
    await detail.getByTestId("dispute-citation").click();
    await detail.getByTestId("dispute-submit").click();
    await expect(detail.getByText("Give the reason for the dispute.")).toBeVisible();
    await detail
      .getByTestId("dispute-reason-input")
      .fill("The sign was covered by a fallen branch; I have dash-camera video.");
    await detail.getByTestId("dispute-submit").click();
    await expect(toast(driver)).toContainText("Dispute sent");
    await expect(detail.getByTestId("citation-status").first()).toHaveText("Disputed");
    await expect(detail.getByTestId("dispute-reason")).toHaveText(
      "The sign was covered by a fallen branch; I have dash-camera video.",
    );
    await expect(detail.getByTestId("dispute-citation")).toHaveCount(0);
    await detail.getByRole("button", { name: "Close" }).click();
    await expect(row).toContainText("Disputed");
    await phone.close();

    // Safety sees the dispute and its reason.
    await page.reload();
    const staffRow = page.getByTestId("citation-row");
    await expect(staffRow).toContainText("Disputed");
    await staffRow.getByRole("button").first().click();
    await expect(page.getByRole("dialog").getByTestId("dispute-reason")).toContainText("fallen branch");
  });
});
