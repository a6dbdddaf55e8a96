import { expect, type Page, test } from "@playwright/test";
import { toast } from "./fixtures";
import { openAs } from "./load-helpers";

async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId("notification-bell").getAttribute("aria-label")) ?? "";
  return Number(/(\d+)/.exec(label)?.[1] ?? Number.NaN);
}

test.describe("custom notifications", () => {
  test("a manager sends an announcement visible to drivers and the driver's bell rises live; a scheduled one is edited and cancelled", async ({
    browser,
  }) => {
    const driver = await openAs(browser, "driver@demo.test", { width: 390, height: 844 });
    const streaming = driver.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
    await driver.goto("/driver-dashboard");
    await streaming;
    await expect(driver.getByTestId("notification-bell")).toBeVisible();
    const before = await bellCount(driver);

    const manager = await openAs(browser, "manager@demo.test");
    await manager.goto("/notifications/custom");
    await expect(manager.getByRole("heading", { name: "Custom notifications", level: 1 })).toBeVisible();
    await manager.getByTestId("new-announcement").click();
    const form = manager.getByTestId("announcement-form");
    // Without a title: the spec's plain message, and the description typed stays.
    await form.getByLabel("Description").fill("The north gate is closed for paving. Use the south gate.");
    await form.getByTestId("announcement-save").click();
    await expect(form.getByText("Enter a title.")).toBeVisible();
    await expect(form.getByLabel("Description")).toHaveValue(
      "The north gate is closed for paving. Use the south gate.",
    );
    const title = `Yard gate closed ${Date.now().toString(36)}`;
    await form.getByLabel("Title").fill(title);
    await form.getByTestId("visible-to-drivers").check();
    await form.getByTestId("announcement-save").click();
    await expect(toast(manager)).toContainText("Announcement sent to");
    const row = manager.getByTestId("announcement-row").filter({ hasText: title });
    await expect(row).toContainText("Delivered");
    await expect(row.getByTestId("read-count")).toHaveText(/^0 of \d+$/);

    // The driver, on a phone, sees the bell rise and the announcement as a toast.
    await driver.bringToFront();
    await expect.poll(() => bellCount(driver)).toBeGreaterThan(before);
    await expect(toast(driver)).toContainText(title);
    await driver.getByTestId("notification-bell").click();
    const item = driver.getByTestId("notification").filter({ hasText: title });
    await expect(item).toContainText("The north gate is closed");
    await item.getByTestId("mark-read").click();

    // The manager sees who has read it.
    await manager.bringToFront();
    await manager.reload();
    await manager
      .getByTestId("announcement-row")
      .filter({ hasText: title })
      .getByTestId("read-count")
      .click();
    await expect(manager.getByTestId("recipients")).toContainText("Jake Wilson");
    await manager.getByRole("tab", { name: "Read", exact: true }).click();
    await expect(manager.getByTestId("recipients")).toContainText("Jake Wilson");
    await manager.keyboard.press("Escape");

    // Scheduled for tomorrow: edited, then cancelled.
    await manager.getByTestId("new-announcement").click();
    const later = `Safety meeting ${Date.now().toString(36)}`;
    await form.getByLabel("Title").fill(later);
    await form.getByLabel("At a date and time").check();
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
    await form.getByLabel("Date", { exact: true }).fill(day);
    await form.getByLabel("Time", { exact: true }).fill("07:30");
    await form.getByLabel("Chosen roles").check();
    await form.getByLabel("Dispatcher").check();
    await form.getByTestId("announcement-save").click();
    await expect(toast(manager)).toContainText("Announcement scheduled");
    const scheduled = manager.getByTestId("announcement-row").filter({ hasText: later });
    await expect(scheduled).toContainText("Scheduled");
    await expect(scheduled).toContainText("Dispatcher");
    await scheduled.getByRole("button", { name: `Actions for ${later}` }).click();
    await manager.getByRole("menuitem", { name: "Edit" }).click();
    await expect(form.getByLabel("Title")).toHaveValue(later);
    await form.getByLabel("Time", { exact: true }).fill("08:00");
    await form.getByTestId("announcement-save").click();
    await expect(toast(manager)).toContainText("Announcement scheduled");
    await scheduled.getByRole("button", { name: `Actions for ${later}` }).click();
    await manager.getByRole("menuitem", { name: "Cancel announcement" }).click();
    await manager.getByRole("dialog").getByRole("button", { name: "Cancel announcement" }).click();
    await expect(scheduled).toContainText("Cancelled");
    await manager.context().close();
    await driver.context().close();
  });
});
