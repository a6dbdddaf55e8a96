import { mkdirSync } from "node:fs";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { startPushService } from "../src/server/testing/push-service";
import type { PushPayload } from "../src/shared/push/push.schema";
import { loginAs, toast } from "./fixtures";
import { dockIn, hoursFromNow, lookup, send, uniqueLoadNumber } from "./load-helpers";

// Web Push (issue 41, decision 063). The service worker runs here (the production build). Chromium
// headless has no browser push service to subscribe to (no network, no GCM), so the page's
// `pushManager.subscribe` hands back a subscription of the loopback push service instead (an init
// script): everything from the button to the server, the server's encrypted, VAPID-signed push and
// the loopback service's decryption is real; the last hop — the browser's push service waking the
// worker — is Chrome DevTools' ServiceWorker.deliverPushMessage with the payload the server sent.
test.use({ serviceWorkers: "allow" });
test.describe.configure({ mode: "serial" });

const PHONE = { width: 390, height: 844 };

type LoopbackSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The page's PushManager answers with the loopback subscription (see the top of this file). */
async function answerWithLoopbackSubscription(context: BrowserContext, sub: LoopbackSubscription) {
  await context.addInitScript((s: LoopbackSubscription) => {
    let current: unknown = null;
    const make = () => ({
      endpoint: s.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe() {
      current = make();
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current as PushSubscription | null;
    };
  }, sub);
}

async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test("a driver turns on notifications on this phone; dispatch assigns a load; the push shows on the device", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const push = await startPushService();
  try {
    const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    await context.grantPermissions(["notifications"], { origin: baseURL });
    const phone = await context.newPage();
    await loginAs(phone, "driver@demo.test");
    await phone.goto("/notifications?preferences=1");
    await workerReady(phone);
    const key = await (await phone.request.get("/api/push/key")).json();
    await answerWithLoopbackSubscription(context, push.subscribe(key.publicKey));
    await phone.reload();

    const device = phone.getByTestId("push-device");
    await expect(device.getByTestId("push-device-state")).toHaveAttribute("data-state", "off");
    await expect(device).toContainText("Off for this device.");
    const turnOn = device.getByTestId("push-turn-on");
    expect((await turnOn.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await turnOn.click();
    await expect(toast(phone)).toContainText("Notifications are on for this device.");
    await expect(device.getByTestId("push-device-state")).toHaveAttribute("data-state", "on");
    const stored = await (await phone.request.get("/api/push/subscriptions")).json();
    expect(stored.subscriptions).toHaveLength(1);
    const endpoint = stored.subscriptions[0].endpoint as string;
    // The Push column: the events on until chosen otherwise, chat included.
    await expect(phone.getByTestId("pref-push-load.assigned")).toBeChecked();
    await expect(phone.getByTestId("pref-push-chat")).toBeChecked();

    // Dispatch assigns Jake a load.
    const office = await (await browser.newContext({ baseURL })).newPage();
    await loginAs(office, "dispatcher@demo.test");
    const loadNumber = uniqueLoadNumber("PUSH");
    await office.goto("/operations/loads");
    await send(office, "post", "/api/loads", {
      loadNumber,
      customerId: await lookup(office, "customers", "Great Lakes"),
      driverId: await lookup(office, "drivers", "Jake"),
      baseRate: "900",
      stops: [
        { type: "pickup", ...dockIn("Harbor Cheese", "Sheboygan"), scheduledAt: hoursFromNow(20) },
        { type: "delivery", ...dockIn("Lakeside Market", "Racine"), scheduledAt: hoursFromNow(26) },
      ],
    });

    // The server pushes at once (it hears its own queue); the loopback service checks the VAPID JWT
    // and decrypts the body.
    await expect.poll(() => push.to<PushPayload>(endpoint).length, { timeout: 30_000 }).toBe(1);
    const sent = push.to<PushPayload>(endpoint)[0];
    expect(sent.title).toBe(`Load ${loadNumber} assigned to you`);
    expect(push.refused).toEqual([]);

    // The browser's push service would now wake the worker with those bytes: DevTools does it.
    const cdp = await context.newCDPSession(phone);
    const registrations = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
        const ours = list.find((r: { scopeURL: string }) => r.scopeURL.startsWith(String(baseURL)));
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registrations;
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(String(baseURL)).origin,
      registrationId,
      data: push.received.find((r) => r.endpoint === endpoint)?.text ?? "",
    });
    await expect
      .poll(() =>
        phone.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            link: (n.data as { link: string }).link,
          })),
        ),
      )
      .toEqual([{ title: sent.title, body: sent.body, tag: sent.tag, link: sent.link }]);

    // Off again: gone on the server too.
    await device.getByTestId("push-turn-off").click();
    await expect(device.getByTestId("push-device-state")).toHaveAttribute("data-state", "off");
    expect((await (await phone.request.get("/api/push/subscriptions")).json()).subscriptions).toEqual([]);
    await context.close();
    await office.context().close();
  } finally {
    await push.close();
  }
});

test("a staff browser without push says so honestly", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => {
    // A browser with no Push API (an iPhone's Safari outside the home screen).
    delete (window as { PushManager?: unknown }).PushManager;
  });
  const page = await context.newPage();
  await loginAs(page, "manager@demo.test");
  await page.goto("/settings?tab=notifications");
  const device = page.getByTestId("push-device");
  await expect(device.getByTestId("push-device-state")).toHaveAttribute("data-state", "unsupported");
  await expect(device).toContainText("This browser cannot show push notifications.");
  await expect(device.getByTestId("push-turn-on")).toHaveCount(0);
  await context.close();
});

// Looked at by eye (docs: every screen changed at 375 and 1440 px, en/es/fr): the preferences with the
// device section and the Push column.
test("screenshots of the push preferences", async ({ browser, baseURL }) => {
  mkdirSync("/tmp/f-shots", { recursive: true });
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height } });
    await context.grantPermissions(["notifications"], { origin: baseURL });
    const page = await context.newPage();
    await loginAs(page, "driver@demo.test");
    for (const lng of ["en", "es", "fr"]) {
      await page.goto(`/notifications?preferences=1&lng=${lng}`);
      await expect(page.getByTestId("push-device-state")).not.toHaveAttribute("data-state", "checking");
      await page.screenshot({ path: `/tmp/f-shots/push-${width}-${lng}.png`, fullPage: true });
    }
    await context.close();
  }
});
