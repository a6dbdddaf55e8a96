import { expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { uniqueLoadNumber } from "./load-helpers";

/** Fills a stop's required fields (the appointment is left to the caller). */
async function fillStop(page: Page, index: number, place: string, city: string, at: string) {
  await page.getByTestId(`stop-${index}-locationName`).fill(place);
  await page.getByTestId(`stop-${index}-address`).fill("1 Dock St");
  await page.getByTestId(`stop-${index}-city`).fill(city);
  await page.getByTestId(`stop-${index}-state`).fill("WI");
  await page.getByTestId(`stop-${index}-scheduledAt`).fill(at);
}

test.describe("a load's stops (issue 38, point 13)", () => {
  test("Add pickup goes before the first delivery, the delivery keeps its window, and a load cannot end with a pickup", async ({
    page,
  }) => {
    const loadNumber = uniqueLoadNumber("SO");
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/loads/new");
    await expect(page.getByTestId("field-loadNumber")).not.toHaveValue("");
    await page.getByTestId("field-loadNumber").fill(loadNumber);
    await fillStop(page, 0, "Green Bay Mill", "Green Bay", "2026-12-14T08:00");
    // The delivery is booked in a window.
    await fillStop(page, 1, "Lakeside Market", "Racine", "2026-12-15T06:00");
    await page.getByTestId("stop-1-appointmentKind").selectOption("window");
    await page.getByTestId("stop-1-scheduledEnd").fill("2026-12-15T10:00");

    await page.getByTestId("add-pickup").click();
    await expect(page.getByTestId(/^stop-\d+$/)).toHaveCount(3);
    // The new pickup is stop 2, with a plain appointment; the delivery, now stop 3, keeps its window.
    await expect(page.getByTestId("stop-1-type")).toHaveValue("pickup");
    await expect(page.getByTestId("stop-1-locationName")).toHaveValue("");
    await expect(page.getByTestId("stop-1-appointmentKind")).toHaveValue("appointment");
    await expect(page.getByTestId("stop-1-scheduledEnd")).toHaveCount(0);
    await expect(page.getByTestId("stop-2-type")).toHaveValue("delivery");
    await expect(page.getByTestId("stop-2-locationName")).toHaveValue("Lakeside Market");
    await expect(page.getByTestId("stop-2-appointmentKind")).toHaveValue("window");
    await expect(page.getByTestId("stop-2-scheduledAt")).toHaveValue("2026-12-15T06:00");
    await expect(page.getByTestId("stop-2-scheduledEnd")).toHaveValue("2026-12-15T10:00");
    await fillStop(page, 1, "Appleton Paper", "Appleton", "2026-12-14T11:30");
    await page.getByTestId("field-baseRate").fill("1480");

    // Pickup → delivery → pickup (the load the issue found saved) breaks the rule: said under the
    // stops, before anything is sent, and nothing typed is lost.
    await page.getByTestId("stop-1-type").selectOption("delivery");
    await page.getByTestId("stop-2-type").selectOption("pickup");
    await page.getByTestId("save-load").click();
    const stops = page.getByTestId("stops-editor-error");
    await expect(stops).toHaveText("A load must start with a pickup and end with a delivery.");
    await expect(page.getByTestId("stop-1-locationName")).toHaveValue("Appleton Paper");
    await expect(page.getByTestId("stop-2-scheduledEnd")).toHaveValue("2026-12-15T10:00");
    await expect(page).toHaveURL(/\/operations\/loads\/new$/);

    await page.getByTestId("stop-1-type").selectOption("pickup");
    await page.getByTestId("stop-2-type").selectOption("delivery");
    await page.getByTestId("save-load").click();
    await expect(toast(page)).toContainText("Load created");
    await expect(page.getByTestId("load-number")).toHaveText(loadNumber);
    await expect(page.getByTestId("stop-view-1")).toContainText("Appleton Paper");
    const delivery = page.getByTestId("stop-view-2");
    await expect(delivery).toContainText("Stop 3 · Delivery");
    await expect(delivery.getByTestId("stop-appointment")).toContainText("–");
  });

  test("the rule reads in Spanish and French", async ({ page }) => {
    await loginAs(page, "dispatcher@demo.test");
    for (const [lng, text] of [
      ["es", "Una carga debe empezar con una recogida y terminar con una entrega."],
      ["fr", "Un chargement doit commencer par un enlèvement et finir par une livraison."],
    ] as const) {
      await page.goto(`/operations/loads/new?lng=${lng}`);
      await expect(page.getByTestId("field-loadNumber")).not.toHaveValue("");
      await fillStop(page, 0, "Lakeside Market", "Racine", "2026-12-15T06:00");
      await fillStop(page, 1, "Green Bay Mill", "Green Bay", "2026-12-14T08:00");
      await page.getByTestId("stop-0-type").selectOption("delivery");
      await page.getByTestId("stop-1-type").selectOption("pickup");
      await page.getByTestId("field-baseRate").fill("900");
      await page.getByTestId("save-load").click();
      await expect(page.getByTestId("stops-editor-error")).toHaveText(text);
      await expect(page.getByTestId("stop-0-locationName")).toHaveValue("Lakeside Market");
    }
  });
});
