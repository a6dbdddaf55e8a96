import { type Browser, devices, expect, type Page, test } from "@playwright/test";
import { loginAs, TINY_PDF, toast } from "./fixtures";
import { hoursFromNow, lookup, origin, send, uniqueLoadNumber } from "./load-helpers";

/*
 * The outbox on the driver's phone (issue 41, point 4; decision 061), end to end against the real
 * server in Chromium with its offline emulation: what the driver does with no network is kept on the
 * phone with its client id and tap time, listed as "Waiting to send (n)", and sent in order when the
 * network returns; a replay whose first answer was lost creates nothing twice.
 */

const PIXEL_7 = devices["Pixel 7"];
type Stop = { id: string; arrivedAt: string | null };
type Load = {
  id: string;
  loadNumber: string;
  status: string;
  stops: Stop[];
  files: Array<{ kind: string; fileName: string }>;
  timeline: Array<{ kind: string; data?: { checkIn?: string; occurredAt?: string; receivedAt?: string } }>;
};

/** A load of the test's own for Jake (the demo driver), accepted and on its way to its shipper. */
async function loadOnItsWay(dispatcher: Page, phone: Page): Promise<Load> {
  await dispatcher.goto("/operations/loads");
  const load = await send<Load>(dispatcher, "post", "/api/loads", {
    loadNumber: uniqueLoadNumber("OBX"),
    customerId: await lookup(dispatcher, "customers", "Great Lakes"),
    driverId: await lookup(dispatcher, "drivers", "Jake"),
    baseRate: "700",
    stops: [
      {
        type: "pickup",
        locationName: "Outbox Shipper",
        address: "5600 W Mill Rd",
        city: "Milwaukee",
        state: "WI",
        postalCode: "53218",
        scheduledAt: hoursFromNow(-1),
      },
      {
        type: "delivery",
        locationName: "Outbox Receiver",
        address: "4400 S Kildare Ave",
        city: "Chicago",
        state: "IL",
        postalCode: "60632",
        scheduledAt: hoursFromNow(3),
      },
    ],
  });
  await send(phone, "post", `/api/loads/${load.id}/actions/accept`, {});
  await send(phone, "post", `/api/loads/${load.id}/actions/start`, { confirmEarly: true });
  return load;
}

async function phoneOf(browser: Browser, serviceWorkers: "allow" | "block" = "block"): Promise<Page> {
  const context = await browser.newContext({
    ...PIXEL_7,
    baseURL: test.info().project.use.baseURL,
    serviceWorkers,
  });
  const page = await context.newPage();
  await loginAs(page, "driver@demo.test");
  return page;
}

const loadOf = async (staff: Page, id: string) =>
  (await (await staff.request.get(`/api/loads/${id}`)).json()) as Load;

const oddGallons = () =>
  `${40 + Math.floor(Math.random() * 30)}.${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;

/** The phone's fuel entries with these gallons (the driver's own list, through the API). */
async function fuelWith(phone: Page, gallons: string) {
  const res = await phone.request.get("/api/fuel-entries?pageSize=100");
  const body = (await res.json()) as {
    items: Array<{ id: string; gallons: string; location: string; occurredAt: string | null; late: boolean }>;
  };
  return body.items.filter((e) => e.gallons === gallons);
}

/** Truck 101's odometer on record (the fuel form refuses a reading below it). */
async function lastReading(page: Page): Promise<number> {
  const res = await page.request.get("/api/fuel-entries/vehicles");
  const body = (await res.json()) as { items: Array<{ unitNumber: string; mileage: number }> };
  return body.items.find((v) => v.unitNumber === "101")?.mileage ?? 0;
}

/** The kinds of what waits in the phone's outbox (IndexedDB `lms-driver` › `outbox`), oldest first. */
function outboxOnThePhone(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("lms-driver");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("outbox").objectStore("outbox").getAll();
          all.onsuccess = () => {
            const rows = all.result as Array<{ kind: string; seq: number }>;
            resolve(rows.sort((a, b) => a.seq - b.seq).map((r) => r.kind));
            open.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

let cleanup: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

test.describe("the driver's outbox (issue 41)", () => {
  test("offline, a check-in, a POD photo and a fuel entry wait on the phone, then reach the server in order with their own times", async ({
    page: dispatcher,
    browser,
  }) => {
    test.slow();
    await loginAs(dispatcher, "dispatcher@demo.test");
    // The app's service worker on (decision 059): the phone reloads with no network below.
    const phone = await phoneOf(browser, "allow");
    const load = await loadOnItsWay(dispatcher, phone);
    cleanup = async () => {
      await dispatcher.request.post(`/api/loads/${load.id}/status`, {
        headers: origin(dispatcher),
        data: { status: "cancelled" },
      });
      await phone.context().close();
    };

    // Online first: the load on the phone, and the fuel form open in a second tab, its truck chosen.
    // (The driver's day offline — forms with their choices — is another part of issue 41; both tabs
    // share the one outbox, which this also shows.)
    const odometer = String((await lastReading(phone)) + 240);
    const fuelTab = await phone.context().newPage();
    await fuelTab.goto("/fuel-log");
    await fuelTab.getByTestId("log-fuel").click();
    const fuel = fuelTab.getByRole("dialog", { name: "Log fuel" });
    await expect(fuel.getByRole("combobox", { name: "Vehicle" })).not.toHaveText("Choose a vehicle");
    await phone.goto(`/operations/loads/${load.id}`);
    await phone.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
        );
    });
    const card = phone.getByTestId("next-stop");
    await expect(card.getByTestId("check-in-arrived")).toBeVisible();

    // The dock has no signal.
    await phone.context().setOffline(true);
    const tappedAt = Date.now();
    await card.getByTestId("check-in-arrived").click();
    await expect(toast(phone)).toContainText("Saved on this phone");
    // Done-but-waiting: the card moves on to the next check-in and says the arrival waits to be sent.
    await expect(card.getByTestId("check-in-waiting")).toContainText("Waiting to send");
    await expect(card.getByTestId("check-in-done")).toBeVisible();
    const indicator = phone.getByTestId("outbox-indicator");
    await expect(indicator).toHaveText(/Waiting to send \(1\)/);

    // The signed POD, photographed.
    await phone.getByTestId("file-kind").selectOption("pod");
    await phone
      .getByTestId("file-input")
      .setInputFiles({ name: "pod-signed.pdf", mimeType: "application/pdf", buffer: TINY_PDF });
    await expect(phone.getByTestId("load-files-waiting")).toContainText("pod-signed.pdf");
    await expect(indicator).toHaveText(/Waiting to send \(2\)/);

    // Fuel, with its receipt.
    const gallons = oddGallons();
    await fuel.getByLabel("Location").fill("Pilot #OUTBOX, Joliet");
    await fuel.getByLabel("State/province").selectOption("IL");
    await fuel.getByLabel("Odometer").fill(odometer);
    await fuel.getByLabel("Gallons").fill(gallons);
    await fuel.getByLabel("Price per gallon").fill("3.659");
    await fuel
      .getByTestId("fuel-receipt")
      .setInputFiles({ name: "pump.pdf", mimeType: "application/pdf", buffer: TINY_PDF });
    // This fill-up was logged 15 minutes ago (the phone's clock says so): received now, more than
    // LATE_SYNC_MINUTES (10) after it happened, dispatch sees it "sent late". The clock only changes
    // the time the app reads; timers run on.
    const fueledAt = Date.now() - 15 * 60_000;
    await fuelTab.clock.setFixedTime(fueledAt);
    await fuel.getByTestId("fuel-submit").click();
    await expect(toast(fuelTab)).toContainText("Saved on this phone");
    await expect(fuel).toHaveCount(0);
    await fuelTab.close();
    await expect(indicator).toHaveText(/Waiting to send \(3\)/);

    // The list: each with the time it was done, waiting; "Send now" is off with no network.
    await indicator.click();
    const sheet = phone.getByRole("dialog", { name: "Waiting to send" });
    await expect(sheet.getByTestId("outbox-item")).toHaveCount(3);
    await expect(sheet.getByTestId("outbox-item").nth(0)).toHaveAttribute("data-kind", "check-in");
    await expect(sheet.getByTestId("outbox-item").nth(1)).toHaveAttribute("data-kind", "load-file");
    await expect(sheet.getByTestId("outbox-item").nth(2)).toHaveAttribute("data-kind", "fuel");
    await expect(sheet.getByTestId("outbox-send-now")).toBeDisabled();
    await expect(sheet).toContainText("No network right now");
    // Still nothing on the server.
    expect((await loadOf(dispatcher, load.id)).stops[0].arrivedAt).toBeNull();
    expect(await fuelWith(dispatcher, gallons)).toHaveLength(0);
    await sheet.getByRole("button", { name: "Close" }).first().click();

    // A reload with no network: the app opens (from the service worker), the driver's kept day names who
    // is signed in, and the three are still on the phone, in order — the strip says so.
    const reload = await phone.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await expect(indicator).toHaveText(/Waiting to send \(3\)/);
    expect(await outboxOnThePhone(phone)).toEqual(["check-in", "load-file", "fuel"]);

    // Signal again: the outbox empties by itself, in order.
    const sent: { path: string; key: string }[] = [];
    // (The context's requests: the service worker's Background Sync may be the one that sends them.)
    phone.context().on("request", (r) => {
      const key = r.headers()["idempotency-key"];
      if (r.method() === "POST" && key) sent.push({ path: new URL(r.url()).pathname, key });
    });
    // At least 5 s offline since the tap (the photo and the form took most of it), so the times below
    // tell the tap time (within 2 s of the click) from the time it reached the server.
    const offlineFor = Date.now() - tappedAt;
    if (offlineFor < 5_000) await phone.waitForTimeout(5_000 - offlineFor);
    await phone.context().setOffline(false);
    // Back online, the app starts again and sends what waited (the `online` event does the same on a
    // page that stayed open: the replay spec below).
    await phone.reload();
    await expect(card.getByTestId("check-in-done")).toBeVisible();
    await expect.poll(() => outboxOnThePhone(phone), { timeout: 30_000 }).toEqual([]);
    await expect(indicator).toHaveCount(0);
    await expect(phone.getByTestId("outbox-refusal")).toHaveCount(0);
    // In order, each under its own key. An item may go twice — the `online` event starts a send that the
    // reload below cuts off before its answer — but only ever again under the same key (one row each,
    // checked below), never as a new action.
    const firstSends = sent.filter((s, i) => sent.findIndex((o) => o.key === s.key) === i);
    for (const s of sent) expect(firstSends.find((f) => f.key === s.key)?.path).toBe(s.path);
    expect(firstSends.map((s) => s.path)).toEqual([
      `/api/loads/${load.id}/stops/${load.stops[0].id}/check-in`,
      `/api/loads/${load.id}/files`,
      "/api/fuel-entries",
    ]);

    // Dispatch sees each with the time it was done on the phone, not the time it arrived.
    const after = await loadOf(dispatcher, load.id);
    const arrivedAt = Date.parse(after.stops[0].arrivedAt ?? "");
    expect(arrivedAt).toBeGreaterThanOrEqual(tappedAt - 1000);
    expect(arrivedAt).toBeLessThan(tappedAt + 2_000);
    const pod = after.files.filter((f) => f.fileName === "pod-signed.pdf");
    expect(pod).toHaveLength(1);
    // The timeline's check-in carries both times: the tap, and when the server received it.
    expect(after.timeline.filter((e) => e.data?.checkIn === "arrived")).toHaveLength(1);
    const checkIn = after.timeline.find((e) => e.data?.checkIn === "arrived");
    expect(Date.parse(checkIn?.data?.occurredAt ?? "")).toBe(arrivedAt);
    expect(Date.parse(checkIn?.data?.receivedAt ?? "")).toBeGreaterThanOrEqual(tappedAt + 5_000);
    // The fuel entry, logged 15 minutes before it arrived: its own time, marked sent late.
    const [entry] = await fuelWith(phone, gallons);
    expect(await fuelWith(phone, gallons)).toHaveLength(1);
    expect(Math.abs(Date.parse(entry.occurredAt ?? "") - fueledAt)).toBeLessThan(1_000);
    expect(entry.late).toBe(true);
    // The screen refreshed from the server: the arrival is recorded, nothing waits.
    await expect(card.getByTestId("check-in-waiting")).toHaveCount(0);
    await expect(phone.getByTestId("load-files-waiting")).toHaveCount(0);
  });

  test("a replay whose first answer was lost creates nothing twice", async ({ browser }) => {
    const phone = await phoneOf(browser);
    cleanup = () => phone.context().close();
    await phone.goto("/fuel-log");
    // The server takes the entry, but its answer never reaches the phone (the signal drops on the way back).
    const keys: string[] = [];
    let lost = false;
    await phone.route("**/api/fuel-entries", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (lost) return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await phone.getByTestId("log-fuel").click();
    const fuel = phone.getByRole("dialog", { name: "Log fuel" });
    await expect(fuel.getByRole("combobox", { name: "Vehicle" })).not.toHaveText("Choose a vehicle");
    const gallons = oddGallons();
    await fuel.getByLabel("Location").fill("Pilot #REPLAY, Joliet");
    await fuel.getByLabel("State/province").selectOption("IL");
    await fuel.getByLabel("Odometer").fill(String((await lastReading(phone)) + 260));
    await fuel.getByLabel("Gallons").fill(gallons);
    await fuel.getByLabel("Price per gallon").fill("3.799");
    await fuel
      .getByTestId("fuel-receipt")
      .setInputFiles({ name: "pump.pdf", mimeType: "application/pdf", buffer: TINY_PDF });
    await fuel.getByTestId("fuel-submit").click();
    await expect(toast(phone)).toContainText("Saved on this phone");
    await expect(phone.getByTestId("outbox-indicator")).toHaveText(/Waiting to send \(1\)/);

    // "Send now": the same key again; the server answers its first answer and stores nothing new.
    await phone.getByTestId("outbox-indicator").click();
    const replayed = phone.waitForResponse(
      (r) => r.url().endsWith("/api/fuel-entries") && r.request().method() === "POST",
    );
    await phone.getByTestId("outbox-send-now").click();
    const answer = await replayed;
    expect(answer.status()).toBe(201);
    expect(answer.headers()["idempotent-replayed"]).toBe("true");
    await expect(phone.getByTestId("outbox-items")).toHaveCount(0);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await fuelWith(phone, gallons)).toHaveLength(1);
  });
});
