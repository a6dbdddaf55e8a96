import { expect, test } from "@playwright/test";
import { loginAs, signOut } from "./fixtures";

test.describe("notifications centre", () => {
  test("a driver's interest reaches dispatch: the dispatcher finds it unread, opens it on the load and marks the rest read", async ({
    page,
  }) => {
    // The driver shows interest in a load on the board (dispatch is notified).
    await loginAs(page, "driver@demo.test");
    const origin = new URL(page.url()).origin;
    const board = await page.request.get("/api/load-board?page=1&pageSize=25");
    expect(board.status()).toBe(200);
    const items = (await board.json()).items as Array<{
      id: string;
      loadNumber: string;
      interested: boolean;
    }>;
    // Two loads, so one stays unread after the other is opened.
    const [load, second] = items.filter((l) => !l.interested);
    for (const l of [load, second]) {
      const shown = await page.request.post(`/api/load-board/${l.id}/interest`, { headers: { origin } });
      expect(shown.status()).toBeLessThan(300);
    }
    await signOut(page);

    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/notifications");
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await page.getByTestId("filter-unread").selectOption("true");
    await expect(page).toHaveURL(/unread=true/);
    const item = page
      .getByTestId("notification")
      .filter({ hasText: `interested in load ${load.loadNumber}` })
      .first();
    await expect(item).toBeVisible();
    await expect(item).toContainText("Unread:");
    await item.getByTestId("open-notification").click();
    await expect(page).toHaveURL(new RegExp(`/operations/loads/${load.id}`));

    await page.goto("/notifications?unread=true");
    await expect(page.getByTestId("notification").filter({ hasText: second.loadNumber })).toBeVisible();
    await expect(page.getByTestId("notification").filter({ hasText: `load ${load.loadNumber}` })).toHaveCount(
      0,
    );
    await page.getByTestId("mark-all-read").click();
    await expect(page.getByTestId("mark-all-read")).toBeDisabled();
    await expect(page.getByText("0 unread.")).toBeVisible();

    // In Spanish, the same notification in the reader's language.
    await page.goto("/notifications?lng=es");
    await expect(page.getByTestId("notification").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Notificaciones", level: 1 })).toBeVisible();
  });
});
