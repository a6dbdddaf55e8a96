import { type Browser, expect, type Page, type Route, test } from "@playwright/test";
import { dockIn, hoursFromNow, lookup, openAs, origin, send, uniqueLoadNumber } from "./load-helpers";

// The driver's first screen (issue 41 point 6, decision 064): the server writes the current load and
// its next tap into the home document, so on a weak signal the driver can act before the app's code
// has arrived. Here the app's code is held back at the network: the first screen shows, its tap
// reaches the server through the phone's outbox, and once the code is let through the app takes the
// screen over with the load as it now is, and opens what the first screen handed to it.

const PHONE = { width: 390, height: 844 };
const PASSWORD = "First-screen-2026!";
type Action = { testId: string; direct: boolean; url: string; json: Record<string, string> };

/** Holds every request for the app's JavaScript until `release` (the first screen's own is inline). */
async function holdAppCode(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route("**/assets/*.js", (route) => (holding ? held.push(route) : route.continue()));
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  };
}

const actionsOf = (page: Page) =>
  page
    .locator("#first-screen [data-first-action]")
    .evaluateAll((buttons) =>
      buttons.map((b) => JSON.parse((b as HTMLElement).dataset.firstAction ?? "{}") as Action),
    );

/**
 * A driver of this test's own (no other spec's load can become their current one) with one load
 * waiting for their answer: the admin opens the account, dispatch assigns the load.
 */
async function driverWithLoad(browser: Browser) {
  const unique = Date.now().toString(36);
  const name = `Fay Quill ${unique}`;
  const email = `fay-${unique}@first-screen.test`;
  const admin = await openAs(browser, "admin@demo.test");
  const created = await admin.request.post("/api/admin/users", {
    headers: origin(admin),
    data: { name, email, role: "driver", password: PASSWORD, requirePasswordChange: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.context().close();
  const dispatch = await openAs(browser, "dispatcher@demo.test");
  await dispatch.goto("/operations/loads");
  const loadNumber = uniqueLoadNumber("FS");
  const load = await send<{ id: string }>(dispatch, "post", "/api/loads", {
    loadNumber,
    customerId: await lookup(dispatch, "customers", "Great Lakes"),
    driverId: await lookup(dispatch, "drivers", name),
    baseRate: "900",
    stops: [
      { type: "pickup", ...dockIn("Harbor Cheese", "Sheboygan"), scheduledAt: hoursFromNow(2) },
      { type: "delivery", ...dockIn("Lakeside Market", "Racine"), scheduledAt: hoursFromNow(6) },
    ],
  });
  await dispatch.context().close();
  const phone = await openAs(browser, email, PHONE, PASSWORD);
  return { phone, loadNumber, loadId: load.id, firstName: "Fay" };
}

test.describe("the driver's first screen", () => {
  test("before the app's code arrives the driver sees the load and accepts it; the app then takes over", async ({
    browser,
  }) => {
    test.slow();
    const { phone, loadNumber, loadId } = await driverWithLoad(browser);
    const release = await holdAppCode(phone);
    await phone.goto("/driver-dashboard", { waitUntil: "commit" });
    const first = phone.getByTestId("first-current-load");
    await expect(first).toBeVisible();
    await expect(first).toContainText(loadNumber);
    await expect(first).toContainText("Harbor Cheese");
    // The app's root is there but hidden: nothing of it shows or can be tapped.
    await expect(phone.getByTestId("current-load")).toHaveCount(0);
    await expect(phone.locator("#first-screen h1")).toHaveText(/^Good (morning|afternoon|evening), Fay$/);

    const actions = await actionsOf(phone);
    expect(actions.map((a) => [a.testId, a.direct])).toEqual([
      ["driver-action-accept", true],
      ["driver-action-decline", false],
    ]);
    const accept = phone.getByTestId("first-driver-action-accept");
    await accept.click();
    // Sent through the outbox with its key and tap time, and answered: the button says so.
    await expect(accept).toHaveText("✓ Load accepted");
    await expect(accept).toBeDisabled();
    const load = await (await phone.request.get(`/api/loads/${loadId}`)).json();
    expect(load.acceptedAt).not.toBeNull();
    // Nothing waits in the phone's outbox: it was sent, once.
    const waiting = await phone.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open("lms-driver");
          open.onsuccess = () => {
            const req = open.result.transaction("outbox").objectStore("outbox").count();
            req.onsuccess = () => resolve(req.result);
          };
          open.onerror = () => resolve(-1);
        }),
    );
    expect(waiting).toBe(0);

    await release();
    // The app takes over: one card, the app's, showing the load as it now is (accepted: no Accept).
    const card = phone.getByTestId("current-load");
    await expect(card.getByTestId("current-load-link")).toContainText(loadNumber);
    await expect(phone.locator("#first-screen")).toHaveCount(0);
    await expect(card.getByTestId("driver-action-accept")).toHaveCount(0);
    await expect(card.getByTestId("driver-action-start")).toBeVisible();
    await phone.context().close();
  });

  test("a tap that needs the app's dialog is handed to it: declining asks for the reason once the app is in", async ({
    browser,
  }) => {
    test.slow();
    const { phone, loadNumber } = await driverWithLoad(browser);
    const release = await holdAppCode(phone);
    await phone.goto("/driver-dashboard", { waitUntil: "commit" });
    await phone.getByTestId("first-driver-action-decline").click();
    await expect(phone.locator("#first-screen [role=status]")).toHaveText("Opening…");
    await expect(phone.getByTestId("first-driver-action-accept")).toBeDisabled();
    await release();
    await expect(phone.locator("#first-screen")).toHaveCount(0);
    const dialog = phone.getByRole("dialog", { name: `Decline load ${loadNumber}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("decline-reason").fill("Truck in the shop");
    await dialog.getByRole("button", { name: "Decline", exact: true }).click();
    await expect(phone.getByTestId("current-load")).not.toContainText(loadNumber);
    await phone.context().close();
  });
});
