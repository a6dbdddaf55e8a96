import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

test.describe("meetings", () => {
  test("a manager schedules a meeting in a room with participants; a Zoom-type meeting without credentials says the service is not configured; cancelling tells everyone", async ({
    page,
  }) => {
    await loginAs(page, "manager@demo.test");
    await page.goto("/meetings");
    await expect(page.getByRole("heading", { name: "Meetings", level: 1 })).toBeVisible();
    await expect(
      page.getByTestId("meeting-row").filter({ hasText: "Weekly dispatch review" }).first(),
    ).toBeVisible();

    await page.getByTestId("new-meeting").click();
    const form = page.getByTestId("meeting-form");
    const topic = `Carrier onboarding ${Date.now().toString(36)}`;
    await form.getByLabel("Topic").fill(topic);
    await form.getByLabel(/Zoom-type service/).check();
    await form.getByLabel("Participants").fill("broker@partner.test, ops@partner.test");
    await form.getByTestId("schedule-meeting").click();
    await expect(toast(page)).toContainText("Zoom-type API not configured");

    await form.getByLabel(/A room on our meeting server/).check();
    await form.getByTestId("schedule-meeting").click();
    await expect(toast(page)).toContainText("Meeting scheduled");
    const row = page.getByTestId("meeting-row").filter({ hasText: topic });
    await expect(row).toContainText("broker@partner.test and 2 in all");
    await expect(row.getByRole("link", { name: "Meeting room" })).toHaveAttribute(
      "href",
      /^https:\/\/meet\.jit\.si\/lms-[A-Za-z0-9]+$/,
    );

    await row.getByRole("button", { name: `Actions for ${topic}` }).click();
    await page.getByRole("menuitem", { name: "Cancel meeting" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel meeting" }).click();
    await expect(toast(page)).toContainText("Meeting cancelled");
    await expect(row).toContainText("Cancelled");
  });
});
