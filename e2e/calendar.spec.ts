import { expect, type Page, test } from "@playwright/test";
import { closeToast, loginAs, signOut, toast } from "./fixtures";

const pad = (n: number) => String(n).padStart(2, "0");
/** A local day `days` from today, as the date inputs and the calendar URL write it. */
function dayFromToday(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Far enough ahead (and random) to meet no other request of the demo drivers, and inside one month
 * (the 3rd to the 25th), so the month view opened on the first day also shows the last.
 */
function freeDates() {
  let offset = 400 + Math.floor(Math.random() * 300);
  while (!/-(0[3-9]|1\d|2[0-3])$/.test(dayFromToday(offset))) offset += 1;
  return { start: dayFromToday(offset), end: dayFromToday(offset + 2) };
}

async function requestTimeOff(page: Page, start: string, end: string, reason: string) {
  await page.getByRole("button", { name: "Request time off" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("First day off").fill(start);
  await dialog.getByLabel("Last day off").fill(end);
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(toast(page)).toContainText("Request sent");
  await expect(dialog).toHaveCount(0);
  await closeToast(page);
}

test.describe("company calendar and time off", () => {
  test("a driver requests time off, a manager approves it, it shows on the calendar, and the driver cancels it", async ({
    page,
  }) => {
    test.slow(); // several people sign in one after another
    const { start, end } = freeDates();
    const reason = `Family trip ${Math.random().toString(36).slice(2, 8)}`;

    await loginAs(page, "driver@demo.test");
    await page.goto("/operations/calendar");
    await expect(page.getByRole("heading", { name: "Company calendar" })).toBeVisible();

    // Empty form: the spec's wording, as a toast and under each field.
    await page.getByRole("button", { name: "Request time off" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(toast(page)).toContainText("Missing Information");
    await expect(toast(page)).toContainText("Please fill out all fields.");
    await expect(dialog.getByText("Please fill out all fields.")).toHaveCount(3);
    // The last day before the first: the toast says so, not "Missing Information".
    await dialog.getByLabel("First day off").fill(end);
    await dialog.getByLabel("Last day off").fill(start);
    await dialog.getByLabel("Reason").fill("Swapped dates");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(toast(page)).toContainText("The last day must be on or after the first day.");
    await expect(toast(page)).not.toContainText("Missing Information");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await requestTimeOff(page, start, end, reason);
    const mine = page.getByTestId("my-time-off").getByTestId("time-off-item").filter({ hasText: reason });
    await expect(mine.getByTestId("time-off-status")).toHaveText("Pending");

    // The same days again overlap the pending request.
    await page.getByRole("button", { name: "Request time off" }).click();
    await dialog.getByLabel("First day off").fill(start);
    await dialog.getByLabel("Last day off").fill(start);
    await dialog.getByLabel("Reason").fill("Again");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(toast(page)).toContainText("You already have a time-off request for some of these days.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await signOut(page);

    await loginAs(page, "manager@demo.test");
    await page.goto("/operations/calendar");
    const pending = page
      .getByTestId("time-off-requests")
      .getByTestId("time-off-item")
      .filter({ hasText: reason });
    await expect(pending).toContainText("Jake Wilson");
    await pending.getByRole("button", { name: "Approve" }).click();
    const review = page.getByRole("dialog");
    await review.getByLabel("Note to the driver (optional)").fill("Enjoy the trip");
    await review.getByRole("button", { name: "Approve" }).click();
    await expect(toast(page)).toContainText("Time off approved");
    await expect(pending).toHaveCount(0);

    // The approved days are on the calendar, in the month, week and day views.
    await page.goto(`/operations/calendar?date=${start}`);
    const startCell = page.locator(`[data-day="${start}"]`);
    await expect(
      startCell.locator('[data-kind="time_off"]').filter({ hasText: "Jake Wilson" }),
    ).toBeVisible();
    await expect(
      page.locator(`[data-day="${end}"] [data-kind="time_off"]`).filter({ hasText: "Jake Wilson" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Week", exact: true }).click();
    await expect(page).toHaveURL(/view=week/);
    await expect(page.getByTestId("calendar-week")).toBeVisible();
    await expect(
      startCell.locator('[data-kind="time_off"]').filter({ hasText: "Jake Wilson" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await expect(page.getByTestId("calendar-day").locator('[data-kind="time_off"]')).toContainText(
      "Jake Wilson",
    );
    await signOut(page);

    // Not started yet: the driver may still cancel it.
    await loginAs(page, "driver@demo.test");
    await page.goto("/operations/calendar");
    await expect(mine.getByTestId("time-off-status")).toHaveText("Approved");
    await expect(mine).toContainText("Enjoy the trip");
    await mine.getByRole("button", { name: "Cancel request" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel request" }).click();
    await expect(toast(page)).toContainText("Time off cancelled");
    await expect(mine.getByTestId("time-off-status")).toHaveText("Cancelled");
    await expect(mine.getByRole("button", { name: "Cancel request" })).toHaveCount(0);
  });

  test("a manager denies a request and the driver sees why", async ({ page }) => {
    test.slow(); // several people sign in one after another
    const { start, end } = freeDates();
    const reason = `Fishing ${Math.random().toString(36).slice(2, 8)}`;
    await loginAs(page, "driver2@demo.test");
    await page.goto("/operations/calendar");
    await requestTimeOff(page, start, end, reason);
    await signOut(page);

    await loginAs(page, "manager@demo.test");
    await page.goto("/operations/calendar");
    const item = page
      .getByTestId("time-off-requests")
      .getByTestId("time-off-item")
      .filter({ hasText: reason });
    await item.getByRole("button", { name: "Deny" }).click();
    await page
      .getByRole("dialog")
      .getByLabel("Note to the driver (optional)")
      .fill("Short-staffed that week");
    await page.getByRole("dialog").getByRole("button", { name: "Deny" }).click();
    await expect(toast(page)).toContainText("Time off denied");
    await page.getByLabel("Show requests").selectOption("denied");
    await expect(item.getByTestId("time-off-status")).toHaveText("Denied");
    await signOut(page);

    await loginAs(page, "driver2@demo.test");
    await page.goto("/operations/calendar");
    const mine = page.getByTestId("my-time-off").getByTestId("time-off-item").filter({ hasText: reason });
    await expect(mine.getByTestId("time-off-status")).toHaveText("Denied");
    await expect(mine).toContainText("Short-staffed that week");
  });

  test("a dispatcher browses the calendar and reads requests without deciding them", async ({ page }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/calendar");
    await expect(page.getByTestId("calendar-month")).toBeVisible();
    await expect(page.getByRole("button", { name: "Request time off" })).toHaveCount(0);
    const panel = page.getByTestId("time-off-requests");
    await expect(panel).toContainText("Managers approve or deny.");
    await expect(panel.getByRole("button", { name: "Approve" })).toHaveCount(0);

    const title = page.getByTestId("calendar-title");
    const thisMonth = await title.textContent();
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(title).not.toHaveText(thisMonth ?? "");
    await page.getByRole("button", { name: "Today" }).click();
    await expect(title).toHaveText(thisMonth ?? "");
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page).toHaveURL(new RegExp(`date=${dayFromToday(1)}`));
  });

  test("on a phone the month is an agenda list", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAs(page, "driver@demo.test");
    await page.goto("/operations/calendar");
    await expect(page.getByRole("button", { name: "Request time off" })).toBeVisible();
    await expect(page.getByTestId("calendar-month")).toHaveCount(0);
    await expect(
      page.getByTestId("calendar-agenda").or(page.getByText("Nothing scheduled in this period.")),
    ).toBeVisible();
  });
});
