import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { openAs } from "./load-helpers";

test.describe("permissions editor", () => {
  test("an admin revokes filing inspections from dispatchers and a dispatcher's screen loses the action", async ({
    page,
    browser,
  }) => {
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    await dispatcher.goto("/fleet/inspections");
    await expect(dispatcher.getByTestId("new-inspection")).toBeVisible();

    await loginAs(page, "admin@demo.test");
    try {
      await page.goto("/permissions");
      await expect(page.getByTestId("permissions-status")).toContainText("default permissions");
      // Locked: admin's column and admin-only powers.
      await expect(page.getByTestId("permission-users:manage").getByRole("checkbox")).toHaveCount(0);
      await page.getByTestId("permissions-search").fill("file inspections");
      const cell = page.getByTestId("cell-dispatcher-inspections:file");
      await expect(cell).toBeChecked();
      await cell.uncheck();
      await expect(page.getByText("1 unsaved change")).toBeVisible();
      await page.getByTestId("save-permissions").click();
      await expect(toast(page)).toContainText("1 permission saved");
      await expect(page.getByTestId("permissions-status")).toContainText("1 change from the defaults");

      // The dispatcher's next visit: no button, and the form's address sends them home.
      await dispatcher.goto("/fleet/inspections");
      await expect(dispatcher.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(dispatcher.getByTestId("new-inspection")).toHaveCount(0);
      await dispatcher.goto("/fleet/inspections/new");
      await expect(dispatcher).toHaveURL(/\/$/);

      await page.getByTestId("reset-permissions").click();
      await page.getByRole("button", { name: "Reset", exact: true }).click();
      await expect(toast(page)).toContainText("Every role has the default permissions again");
      await dispatcher.goto("/fleet/inspections");
      await expect(dispatcher.getByTestId("new-inspection")).toBeVisible();
    } finally {
      // Left as the other tests found it, whatever happened above.
      await page.request.post("/api/permissions/reset", { headers: { origin: new URL(page.url()).origin } });
      await dispatcher.context().close();
    }
  });

  test("a permission granted or taken away reaches a signed-in dispatcher's sidebar at once, without a navigation", async ({
    page,
    browser,
  }) => {
    await loginAs(page, "admin@demo.test");
    const origin = new URL(page.url()).origin;
    // Dispatchers start without tolls, so granting it adds a sidebar entry.
    const revoke = await page.request.put("/api/permissions", {
      headers: { origin },
      data: { changes: [{ role: "dispatcher", permission: "tolls:manage", granted: false }] },
    });
    expect(revoke.status()).toBe(200);
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    try {
      await dispatcher.goto("/");
      const sidebar = dispatcher.getByRole("navigation", { name: "Main navigation" });
      const tolls = sidebar.getByRole("link", { name: "Tolls", exact: true });
      await expect(sidebar.getByRole("link", { name: "Loads", exact: true })).toBeVisible();
      await expect(tolls).toHaveCount(0);
      // Marks this document: a reload or a full navigation would drop the mark.
      await dispatcher.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      const at = dispatcher.url();

      await page.goto("/permissions");
      await page.getByTestId("permissions-search").fill("tolls");
      const cell = page.getByTestId("cell-dispatcher-tolls:manage");
      await expect(cell).not.toBeChecked();
      await cell.check();
      await page.getByTestId("save-permissions").click();
      await expect(toast(page)).toContainText("1 permission saved");
      await expect(tolls).toBeVisible();

      await cell.uncheck();
      await page.getByTestId("save-permissions").click();
      await expect(page.getByTestId("permissions-status")).toContainText("1 change from the defaults");
      await expect(tolls).toHaveCount(0);

      expect(dispatcher.url()).toBe(at);
      expect(await dispatcher.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } finally {
      await page.request.post("/api/permissions/reset", { headers: { origin } });
      await dispatcher.context().close();
    }
  });
});
