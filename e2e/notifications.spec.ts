import { expect, type Page, test } from "@playwright/test";
import { loginAs, signOut, toast } from "./fixtures";
import { openAs } from "./load-helpers";
import { driverOnTheRoad, postFixes, southEastOf } from "./tracking-helpers";

/** The header bell's unread count, from its accessible name ("Notifications, 3 unread"). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId("notification-bell").getAttribute("aria-label")) ?? "";
  return Number(/(\d+)/.exec(label)?.[1] ?? Number.NaN);
}

/** A driver shows interest in a load on the board nobody showed interest in yet: dispatch is notified. */
async function showInterest(driver: Page): Promise<string> {
  const origin = new URL(driver.url()).origin;
  const board = await driver.request.get("/api/load-board?page=1&pageSize=50");
  const items = (await board.json()).items as Array<{ id: string; loadNumber: string; interested: boolean }>;
  // Withdrawn first if this driver had already shown interest (other tests use the board too).
  const load = items.find((l) => !l.interested) ?? items[0];
  if (!load) throw new Error("no load on the board");
  if (load.interested)
    expect(
      (await driver.request.delete(`/api/load-board/${load.id}/interest`, { headers: { origin } })).status(),
    ).toBeLessThan(300);
  const shown = await driver.request.post(`/api/load-board/${load.id}/interest`, { headers: { origin } });
  expect(shown.status()).toBeLessThan(300);
  return load.loadNumber;
}

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

  test("the bell counts live in every tab over one shared stream, and a new notification shows as a toast", async ({
    browser,
  }) => {
    const first = await openAs(browser, "dispatcher@demo.test");
    const context = first.context();
    const streams: string[] = [];
    context.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/events") streams.push(r.url());
    });
    await first.goto("/operations/loads");
    await expect(first.getByTestId("notification-bell")).toBeVisible();
    const second = await context.newPage();
    await second.goto("/");
    await expect(second.getByTestId("notification-bell")).toBeVisible();
    await expect.poll(() => streams.length).toBe(1); // the first tab leads; the second listens to it

    const driver = await openAs(browser, "driver@demo.test", { width: 390, height: 844 });
    const before = [await bellCount(first), await bellCount(second)];
    const loadNumber = await showInterest(driver);
    await expect.poll(() => bellCount(first)).toBeGreaterThan(before[0]);
    await expect.poll(() => bellCount(second)).toBeGreaterThan(before[1]);
    await second.bringToFront();
    await expect(toast(second)).toContainText(`interested in load ${loadNumber}`);
    expect(streams).toHaveLength(1);

    // The leading tab closes: the other takes the stream over and still hears what comes next.
    await first.close();
    await expect.poll(() => streams.length).toBe(2);
    expect(new URL(streams[1]).searchParams.get("lastEventId")).toMatch(/^[0-9a-f-]{36}$/);
    const now = await bellCount(second);
    const next = await showInterest(driver);
    await expect.poll(() => bellCount(second)).toBeGreaterThan(now);
    await expect(toast(second)).toContainText(`interested in load ${next}`);
    // Its "Open" goes to the load.
    await toast(second).getByRole("button", { name: "Open" }).click();
    await expect(second).toHaveURL(/\/operations\/loads\/[0-9a-f-]{36}$/);
    await context.close();
    await driver.context().close();
  });

  test("a departure proposed from GPS rings dispatch's bell and opens its load, where it waits to be confirmed", async ({
    page,
    browser,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    const driver = await driverOnTheRoad(browser, page, `Dee Left${Date.now().toString(36).toUpperCase()}`);
    // The phone reaches the pickup (the driver is asked), then drives on without checking out.
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await postFixes(driver.phone, [{ lat: driver.pickup.lat, lon: driver.pickup.lon, at: minutesAgo(30) }]);
    await page.goto("/operations/loads");
    const before = await bellCount(page);
    const left = await postFixes(driver.phone, [
      { ...southEastOf(driver.pickup, 3), at: minutesAgo(2) },
      { ...southEastOf(driver.pickup, 4), at: minutesAgo(1) },
    ]);
    expect(left.prompt).toMatchObject({ kind: "departed", stopId: driver.pickup.id });
    await driver.phone.context().close();

    // The bell counts it live; the notification names the stop and the load, and opens the load.
    await expect.poll(() => bellCount(page)).toBeGreaterThan(before);
    await page.getByTestId("notification-bell").click();
    const item = page.getByTestId("notification").filter({
      hasText: `Departure from ${driver.pickup.locationName} proposed on ${driver.load.loadNumber}`,
    });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("GPS shows the truck left at");
    await item.getByTestId("open-notification").click();
    await expect(page).toHaveURL(new RegExp(`/operations/loads/${driver.load.id}$`));
    const departure = page
      .getByTestId("load-tracking-panel")
      .getByTestId("geofence-event")
      .filter({ hasText: `Left ${driver.pickup.locationName}` });
    await expect(departure).toContainText("Proposed from GPS — not yet confirmed");
    await expect(departure.getByRole("button", { name: "Confirm" })).toBeVisible();
  });
});
