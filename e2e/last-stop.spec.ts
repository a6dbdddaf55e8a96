import { expect, type Page, test } from "@playwright/test";
import { loginAs, TINY_PDF, toast } from "./fixtures";
import {
  dockIn,
  hoursFromNow,
  loadStatus,
  lookup,
  openAs,
  origin,
  send,
  uniqueLoadNumber,
} from "./load-helpers";

const PHONE = { width: 390, height: 800 };
const PDF = TINY_PDF;

const at = hoursFromNow;
const place = dockIn;
type Load = { id: string; stops: Array<{ id: string; scheduledAt: string }> };

/** A load for Rosa Martinez: picked up eight hours ago, due at the receiver three hours ago. */
async function rosasLoad(page: Page, loadNumber: string): Promise<Load> {
  await page.goto("/operations/loads");
  return send<Load>(page, "post", "/api/loads", {
    loadNumber,
    customerId: await lookup(page, "customers", "Great Lakes"),
    driverId: await lookup(page, "drivers", "Rosa"),
    baseRate: "1100",
    stops: [
      { type: "pickup", ...place("Harbor Cheese", "Sheboygan"), scheduledAt: at(-8) },
      { type: "delivery", ...place("Lakeside Market", "Racine"), scheduledAt: at(-3) },
    ],
  });
}

test.describe("the last stop (issue 38, points 17 and 18)", () => {
  test("the driver taps arrived, unloaded and departed at the last stop from the dashboard; leaving delivers the load and proposes the receiver's detention", async ({
    page,
    browser,
  }) => {
    test.slow();
    await loginAs(page, "dispatcher@demo.test");
    const loadNumber = uniqueLoadNumber("LS");
    const load = await rosasLoad(page, loadNumber);

    const phone = await openAs(browser, "driver2@demo.test", PHONE);
    await phone.goto("/driver-dashboard");
    const current = phone.getByTestId("current-load");
    await expect(current.getByTestId("current-load-link")).toContainText(loadNumber);
    await current.getByTestId("driver-action-accept").click();
    await expect(toast(phone)).toContainText("Load accepted");
    const next = current.getByTestId("next-stop");
    const checkIn = async (event: string, recorded: string) => {
      await next.getByTestId(`check-in-${event}`).click();
      await expect(toast(phone)).toContainText(`${recorded}: recorded`);
    };
    await checkIn("arrived", "Arrived");
    await checkIn("done", "Loaded");
    await checkIn("departed", "Departed");
    await expect(next).toContainText("Next stop · 2 of 2");
    await checkIn("arrived", "Arrived");
    // Mid-route, checking in: no "Mark as delivered" one tap away from the check-ins (point 18).
    await expect(current.getByTestId("driver-action-deliver")).toHaveCount(0);
    await expect(next.getByTestId("last-stop-hint")).toHaveText(
      "Last stop: the load is delivered when you tap “Departed”.",
    );

    // The receiver's gate log: in at the appointment, three hours ago.
    await send(page, "put", `/api/loads/${load.id}/stops/${load.stops[1].id}/check-in`, {
      event: "arrived",
      at: load.stops[1].scheduledAt,
      reason: "Receiver's gate log",
    });

    await checkIn("done", "Unloaded");
    // Unloaded is not delivered: the load is still on its way, the card asks for the departure.
    await expect(current.getByTestId("current-load-link")).toContainText(loadNumber);
    await expect(current).toContainText("In progress");
    await expect(next.getByTestId("check-in-departed")).toBeVisible();
    const tap = await next.getByTestId("check-in-departed").boundingBox();
    expect(tap?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expect(current.getByTestId("driver-action-deliver")).toHaveCount(0);

    // Leaving delivers; no BOL or POD on file yet, so the signed paper comes first.
    await next.getByTestId("check-in-departed").click();
    const dialog = phone.getByRole("dialog", { name: "Add the signed BOL" });
    await dialog
      .getByTestId("bol-file-input")
      .setInputFiles({ name: "pod.pdf", mimeType: "application/pdf", buffer: PDF });
    await dialog.getByTestId("deliver-submit").click();
    await expect(toast(phone)).toContainText("Departed: recorded");
    // The dashboard moves on: the delivered load is no longer the current one.
    await expect(current.getByTestId("current-load-link")).not.toContainText(loadNumber);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.context().close();

    // Dispatch: delivered, and the three hours at the receiver's dock propose detention.
    await page.bringToFront();
    await page.goto(`/operations/loads/${load.id}`);
    await expect(loadStatus(page)).toHaveAttribute("data-status", "completed");
    const receiver = page.getByTestId("stop-view-1");
    await expect(receiver.getByTestId("check-in-times")).toContainText("Departed");
    await expect(receiver.getByTestId("detention")).toContainText("Detention proposed");
  });

  test("'Mark as delivered' asks before it completes a load with its paper on file", async ({
    page,
    browser,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    const loadNumber = uniqueLoadNumber("MD");
    const load = await rosasLoad(page, loadNumber);
    const phone = await openAs(browser, "driver2@demo.test", PHONE);
    await phone.goto(`/operations/loads/${load.id}`);
    await phone.getByTestId("driver-action-accept").click();
    await expect(toast(phone)).toContainText("Load accepted");
    // A driver who does not check in stop by stop starts the trip and marks it delivered.
    await phone.getByTestId("driver-action-start").click();
    await expect(loadStatus(phone)).toHaveAttribute("data-status", "in_progress");
    const upload = await phone.request.post(`/api/loads/${load.id}/files`, {
      headers: origin(phone),
      multipart: { kind: "bol", file: { name: "bol.pdf", mimeType: "application/pdf", buffer: PDF } },
    });
    expect(upload.status()).toBe(201);
    await phone.reload();

    await phone.getByTestId("driver-action-deliver").click();
    const confirm = phone.getByRole("dialog", { name: `Mark ${loadNumber} as delivered?` });
    await expect(confirm).toContainText("Only do this once the freight is off the truck.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(loadStatus(phone)).toHaveAttribute("data-status", "in_progress");

    await phone.getByTestId("driver-action-deliver").click();
    await confirm.getByRole("button", { name: "Mark as delivered" }).click();
    await expect(toast(phone)).toContainText("Load delivered");
    await expect(loadStatus(phone)).toHaveAttribute("data-status", "completed");
    await phone.context().close();
  });

  test("a manager finds when loads count as delivered under Settings → Company", async ({ page }) => {
    await loginAs(page, "manager@demo.test");
    await page.goto("/settings?tab=company");
    const card = page.getByTestId("deliveries-form");
    await expect(card.getByRole("heading", { name: "Deliveries" })).toBeVisible();
    // The default: the departure from the last stop. (Saved as it is: the rule is company-wide and
    // other tests run beside this one; the POD rule is covered by the integration tests.)
    await expect(card.getByTestId("load-completion-departure")).toBeChecked();
    await expect(card.getByTestId("load-completion-pod")).not.toBeChecked();
    await card.getByTestId("save-deliveries").click();
    await expect(toast(page)).toContainText("Delivery rule saved.");
    await expect(card).toContainText("Last changed by Maria Lopez");
  });
});
