import { readFileSync } from "node:fs";
import { expect, type Page, type Route, test } from "@playwright/test";
import { loginAs, signOut, TINY_PDF } from "./fixtures";
import { openAs, origin } from "./load-helpers";

// The driver's day offline (issue 41 point 3, decision 062): the dashboard, the current load, its
// papers, the fuel and DVIR forms and the conversation with dispatch open with no network from what
// the phone kept in IndexedDB; back online, fresh answers replace the kept ones; nobody else's
// session ever reads them. Run on the production build, as the e2e server serves it.

type Kept = { queries: { userId: string; hash: string; data: unknown }[]; files: string[][] };

/** What the phone keeps (the lms-driver database), read as the page would; empty before the app made it. */
const kept = (page: Page): Promise<Kept> =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === "lms-driver"))
      return { queries: [], files: [] };
    return new Promise<Kept>((resolve, reject) => {
      const open = indexedDB.open("lms-driver");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction(["dayQueries", "dayFiles"]);
        const queries = tx.objectStore("dayQueries").getAll();
        const files = tx.objectStore("dayFiles").getAllKeys();
        tx.oncomplete = () => {
          db.close();
          resolve({
            queries: queries.result.map((r: { userId: string; queryHash: string; data: unknown }) => ({
              userId: r.userId,
              hash: r.queryHash,
              data: r.data,
            })),
            files: files.result as string[][],
          });
        };
      };
    });
  });

const hashes = async (page: Page) => (await kept(page)).queries.map((q) => q.hash);

/** A move inside the app as its own links make it (the router hears the history), no page load. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);

type Stop = {
  referenceNumber: string | null;
  address: string;
  city: string;
  contactName: string | null;
  contactPhone: string | null;
};
type DriverDay = {
  userId: string;
  driverId: string;
  load: { id: string; loadNumber: string; stops: Stop[] };
  truck: string;
  lastMessage: string;
};

/** The driver's day as the API gives it online: what the offline screens must show. */
async function dayOf(page: Page): Promise<DriverDay> {
  const session = await (await page.request.get("/api/session")).json();
  const dashboard = await (await page.request.get("/api/driver-dashboard")).json();
  expect(dashboard.currentLoad, "the demo driver has a load in hand").not.toBeNull();
  const detail = await (await page.request.get(`/api/loads/${dashboard.currentLoad.id}`)).json();
  const vehicles = await (await page.request.get("/api/fuel-entries/vehicles?q=")).json();
  const truck = vehicles.items.find((v: { id: string }) => v.id === vehicles.assignedVehicleId);
  const driverId = session.me.driver.id as string;
  const history = await (await page.request.get(`/api/chat/threads/${driverId}/messages`)).json();
  expect(history.items.length, "the demo conversation has messages").toBeGreaterThan(0);
  return {
    userId: session.me.user.id,
    driverId,
    load: detail,
    truck: truck.unitNumber,
    lastMessage: history.items.at(-1).body,
  };
}

/** Waits until the phone holds the day: the session, the dashboard, the load, the forms' options, the chat. */
async function dayKept(page: Page, day: DriverDay, fileUrl?: string) {
  await expect
    .poll(() => hashes(page), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        '["me"]',
        '["loads","driver-dashboard"]',
        `["loads","detail","${day.load.id}"]`,
        `["chat","history","${day.driverId}"]`,
        '["fuel","vehicles",""]',
        '["inspections","assets","",""]',
      ]),
    );
  if (fileUrl)
    await expect
      .poll(async () => (await kept(page)).files.map(([, url]) => url), { timeout: 20_000 })
      .toContain(fileUrl);
}

/** Dispatch attaches the load's rate confirmation (the paper a driver shows at the dock). */
async function addPaper(page: Page, loadId: string): Promise<{ url: string; name: string }> {
  const name = `rate-confirmation-${Date.now().toString(36)}.pdf`;
  const res = await page.request.post(`/api/loads/${loadId}/files`, {
    headers: origin(page),
    multipart: { kind: "rate_confirmation", file: { name, mimeType: "application/pdf", buffer: TINY_PDF } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const detail = await (await page.request.get(`/api/loads/${loadId}`)).json();
  const file = detail.files.find((f: { fileName: string }) => f.fileName === name);
  return { url: `/api/loads/${loadId}/files/${file.id}`, name };
}

/** Dispatch sends the driver a photo in their conversation (a seal, a damaged tire): its file's address. */
async function sendPhoto(page: Page, driverId: string): Promise<{ url: string; name: string }> {
  const name = `tire-${Date.now().toString(36)}.png`;
  const res = await page.request.post(`/api/chat/threads/${driverId}/messages`, {
    headers: origin(page),
    multipart: {
      body: "Check this tire before you leave",
      file: { name, mimeType: "image/png", buffer: readFileSync("e2e/assets/tire-defect.png") },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const message = await res.json();
  return { url: `/api/chat/messages/${message.id}/file`, name };
}

async function expectLoadOffline(page: Page, day: DriverDay, nextAction: string | null) {
  await expect(page.getByTestId("load-number")).toHaveText(day.load.loadNumber);
  await expect(page.getByTestId("offline-notice")).toContainText(/^Offline — showing what was saved at /);
  const stops = page.getByTestId("stops-timeline");
  for (const stop of day.load.stops) {
    await expect(stops).toContainText(stop.address);
    await expect(stops).toContainText(stop.city);
    if (stop.referenceNumber) await expect(stops).toContainText(stop.referenceNumber);
    if (stop.contactName) await expect(stops).toContainText(stop.contactName);
    if (stop.contactPhone) await expect(stops).toContainText(stop.contactPhone);
  }
  // The check-in state: the same next step the dashboard offered online.
  if (nextAction) await expect(page.getByTestId("next-stop").getByTestId(nextAction)).toBeVisible();
}

async function expectFormsOffline(page: Page, day: DriverDay) {
  await goInApp(page, "/fuel-log");
  await page.getByTestId("log-fuel").click();
  const fuel = page.getByRole("dialog", { name: "Log fuel" });
  await expect(fuel.getByRole("combobox", { name: "Vehicle" })).toHaveText(new RegExp(day.truck));
  await fuel.getByLabel("State/province").selectOption("IL");
  await fuel.getByLabel("Gallons").fill("80.5");
  await expect(fuel.getByLabel("Gallons")).toHaveValue("80.5");
  await fuel.getByRole("button", { name: "Cancel" }).click();

  await goInApp(page, "/fleet/inspections/new");
  await expect(page.getByRole("heading", { name: "Vehicle inspection" })).toBeVisible();
  await expect(page.getByRole("radio", { name: new RegExp(`Truck ${day.truck}`) })).toBeChecked();
  await expect(page.getByTestId("offline-notice")).toBeVisible();
}

test.describe("the driver's day offline", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("with no network the driver reads the current load, opens its paper, fills the forms and reads the chat; back online, dispatch's change replaces what was kept", async ({
    page,
    context,
    browser,
  }) => {
    await loginAs(page, "driver@demo.test");
    await expect(page).toHaveURL(/\/driver-dashboard$/);
    const day = await dayOf(page);
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    const paper = await addPaper(dispatcher, day.load.id);
    const photo = await sendPhoto(dispatcher, day.driverId);
    // The dashboard opened online (again, so the new paper is part of the day).
    await page.reload();
    await expect(page.getByTestId("current-load-link")).toContainText(day.load.loadNumber);
    const action = page.getByTestId("next-stop").locator('[data-testid^="check-in-"]');
    const nextAction = (await action.count()) ? await action.first().getAttribute("data-testid") : null;
    await dayKept(page, day, paper.url);
    await dayKept(page, day, photo.url);

    await context.setOffline(true);
    await expect(page.getByTestId("offline-notice")).toBeVisible();
    await page.getByTestId("current-load-link").click();
    await expect(page).toHaveURL(new RegExp(`/operations/loads/${day.load.id}$`));
    await expectLoadOffline(page, day, nextAction);

    // The paper opens from the phone: the very bytes the server sent.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `Download ${paper.name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(paper.name);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>)
      chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(TINY_PDF)).toBe(true);

    // Dispatch changes the load while the phone has no signal: nothing arrives until the signal
    // returns, then the fresh load replaces the kept one, on screen and on the phone.
    const revised = await addPaper(dispatcher, day.load.id);
    await dispatcher.context().close();
    await expect(page.getByRole("link", { name: `Download ${revised.name}` })).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.getByRole("link", { name: `Download ${revised.name}` })).toBeVisible();
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
    await expect
      .poll(async () =>
        JSON.stringify((await kept(page)).queries.find((q) => q.hash.includes(`"detail","${day.load.id}"`))),
      )
      .toContain(revised.name);
    await dayKept(page, day, revised.url);

    await context.setOffline(true);
    await expectFormsOffline(page, day);
    await goInApp(page, "/communications/chat");
    const conversation = page.getByTestId("conversation");
    await expect(conversation.getByTestId("messages")).toContainText(day.lastMessage);
    await expect(conversation.getByTestId("offline-notice")).toBeVisible();
    // Dispatch's photo shows from the phone's copy: drawn, not a broken image.
    const image = conversation.getByRole("img", { name: photo.name });
    await expect(image).toHaveAttribute("src", /^blob:/);
    await expect.poll(() => image.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await context.setOffline(false);
    await expect(conversation.getByTestId("offline-notice")).toHaveCount(0);
  });

  test("another user on the same phone never sees the first one's kept day", async ({ page, context }) => {
    await loginAs(page, "driver@demo.test");
    const jake = await dayOf(page);
    await dayKept(page, jake);

    // Signing out takes the kept day with it.
    await signOut(page);
    expect(await kept(page)).toEqual({ queries: [], files: [] });

    // A session that ended without signing out (cookies gone), then someone else signs in here: the
    // server names another user, and the first one's day is deleted before any screen reads it.
    await loginAs(page, "driver@demo.test");
    await dayKept(page, jake);
    await context.clearCookies();
    await loginAs(page, "driver2@demo.test");
    await expect(page).toHaveURL(/\/driver-dashboard$/);
    const other = (await (await page.request.get("/api/session")).json()).me.user.id as string;
    await expect.poll(async () => (await kept(page)).queries.some((q) => q.userId === other)).toBe(true);
    const left = await kept(page);
    expect(left.queries.filter((q) => q.userId !== other)).toEqual([]);
    expect(left.files.filter(([userId]) => userId !== other)).toEqual([]);
    expect(JSON.stringify(left)).not.toContain(jake.load.loadNumber);

    // Offline, the first driver's load is nowhere to be read.
    await context.setOffline(true);
    await goInApp(page, `/operations/loads/${jake.load.id}`);
    await expect(page.getByTestId("load-number")).toHaveCount(0);
    await expect(page.getByText(jake.load.loadNumber)).toHaveCount(0);
    await context.setOffline(false);
  });
});

test.describe("a reload with no network (the service worker, decision 059)", () => {
  test.use({
    serviceWorkers: "allow",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  /** Signs the driver in and waits until the service worker controls the page. */
  async function driverWithWorker(page: Page) {
    await loginAs(page, "driver@demo.test");
    await expect(page).toHaveURL(/\/driver-dashboard$/);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
        );
    });
  }

  test("a reload on a weak signal shows the kept day before the server has answered (decision 064)", async ({
    page,
    context,
  }) => {
    await driverWithWorker(page);
    const day = await dayOf(page);
    await dayKept(page, day);
    // The server is slow to say who is signed in and to send the day: nothing comes back until let through.
    const held: Route[] = [];
    const slow = /\/api\/(session|driver-dashboard)$/;
    await context.route(slow, (route) => {
      held.push(route);
    });
    await page.reload();
    await expect(page.getByTestId("current-load-link")).toContainText(day.load.loadNumber);
    expect(held.length, "the session was asked for and is not answered yet").toBeGreaterThan(0);
    // The answer arrives: the same driver, the day stays and is refreshed.
    for (const route of held.splice(0)) await route.continue();
    await context.unroute(slow);
    await expect(page.getByTestId("current-load-link")).toContainText(day.load.loadNumber);
    await expect(page).toHaveURL(/\/driver-dashboard$/);
  });

  test("the reloaded app shows the kept day: dashboard, current load, forms", async ({ page, context }) => {
    await driverWithWorker(page);
    const day = await dayOf(page);
    await dayKept(page, day);
    const action = page.getByTestId("next-stop").locator('[data-testid^="check-in-"]');
    const nextAction = (await action.count()) ? await action.first().getAttribute("data-testid") : null;

    await context.setOffline(true);
    await page.reload();
    // Not the sign-in page: the last session is shown again, with the day it kept.
    await expect(page).toHaveURL(/\/driver-dashboard$/);
    await expect(page.getByTestId("offline-notice")).toContainText("Offline — showing what was saved at");
    await expect(page.getByTestId("current-load-link")).toContainText(day.load.loadNumber);
    await page.getByTestId("current-load-link").click();
    await expectLoadOffline(page, day, nextAction);
    await expectFormsOffline(page, day);
    await context.setOffline(false);
  });
});
