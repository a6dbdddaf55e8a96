import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import {
  createLoad,
  loadStatus,
  openAs,
  pickDriver,
  STOP_FIELDS,
  searchList,
  stop,
  uniqueLoadNumber,
} from "./load-helpers";

const PHONE = { width: 375, height: 740 };

test.describe("loads", () => {
  test("dispatch creates a multi-stop load for Jake; he accepts, starts and delivers it with a BOL from his phone", async ({
    page,
    browser,
  }) => {
    // Several people in their own browsers: more work than one screen.
    test.slow();
    const loadNumber = uniqueLoadNumber("MS");
    await loginAs(page, "dispatcher@demo.test");
    const url = await createLoad(page, {
      loadNumber,
      fuelSurcharge: "187.50",
      driver: "Jake Wilson",
      stops: [
        stop("pickup", "Green Bay", "WI", "2026-12-01T08:00"),
        stop("pickup", "Appleton", "WI", "2026-12-01T11:30"),
        stop("delivery", "Chicago", "IL", "2026-12-02T09:00"),
      ],
    });
    await expect(loadStatus(page)).toHaveAttribute("data-status", "assigned");
    await expect(page.getByTestId("load-driver")).toHaveText("Jake Wilson");
    const route = page.getByTestId("stops-timeline");
    await expect(route.getByTestId(/^stop-view-/)).toHaveCount(3);
    await expect(route.getByTestId("stop-view-0")).toContainText("Stop 1 · Pickup");
    await expect(route.getByTestId("stop-view-1")).toContainText("Appleton");
    await expect(route.getByTestId("stop-view-2")).toContainText("Stop 3 · Delivery");
    await expect(page.getByText("of which fuel surcharge")).toBeVisible();
    await expect(page.getByText("$187.50")).toBeVisible();

    // The driver, on a phone, finds the load in his list.
    const phone = await openAs(browser, "driver@demo.test", PHONE);
    await phone.goto("/operations/loads");
    await searchList(phone, "Search loads", loadNumber);
    await phone.getByRole("link", { name: loadNumber }).click();
    await expect(phone.getByTestId("load-number")).toHaveText(loadNumber);

    await phone.getByTestId("driver-action-accept").click();
    await expect(toast(phone)).toContainText("Load accepted");
    // The first pickup is days away: starting now asks first.
    await phone.getByTestId("driver-action-start").click();
    const early = phone.getByRole("dialog", { name: "Start the trip this early?" });
    await expect(early).toContainText("The first pickup is not until");
    await early.getByRole("button", { name: "Start trip" }).click();
    await expect(toast(phone)).toContainText("Trip started");
    await expect(loadStatus(phone)).toHaveAttribute("data-status", "in_progress");

    // No BOL yet: delivering asks for one, uploads it, then completes.
    await phone.getByTestId("driver-action-deliver").click();
    const dialog = phone.getByRole("dialog", { name: "Add the signed BOL" });
    await expect(dialog).toBeVisible();
    const input = dialog.getByTestId("bol-file-input");
    await expect(input).toHaveAttribute("capture", "environment");
    await expect(input).toHaveAttribute("accept", "application/pdf,image/*");
    await input.setInputFiles({
      name: "signed-bol.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
      ),
    });
    await expect(dialog.getByTestId("bol-chosen")).toContainText("signed-bol.pdf");
    await dialog.getByTestId("deliver-submit").click();
    await expect(toast(phone)).toContainText("Load delivered");
    await expect(dialog).toBeHidden();
    await expect(loadStatus(phone)).toHaveAttribute("data-status", "completed");
    await expect(phone.getByTestId("load-file-bol")).toContainText("signed-bol.pdf");
    // Big enough to hit with a thumb, and nothing spills sideways at 375 px.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.context().close();

    // Dispatch sees it completed, with every step on the timeline.
    await page.bringToFront();
    await page.goto(url);
    await expect(loadStatus(page)).toHaveAttribute("data-status", "completed");
    const timeline = page.getByTestId("status-timeline");
    await expect(timeline.getByTestId("timeline-event")).toHaveCount(4);
    await expect(timeline.getByTestId("timeline-event").first()).toContainText("Completed");
    await expect(timeline.getByTestId("timeline-event").first()).toContainText("Jake Wilson");
    await expect(timeline).toContainText("In progress");
    // Each step says what happened; the acceptance is its own step, not "Assigned → Assigned".
    await expect(timeline.getByTestId("timeline-text")).toHaveText([
      "Delivered",
      "Trip started",
      "Driver accepted the load",
      "Booked and assigned to Jake Wilson",
    ]);
    // …in the reader's language: the server stores what happened, not an English sentence.
    await page.goto(`${url}?lng=es`);
    await expect(timeline.getByTestId("timeline-text")).toHaveText([
      "Entregada",
      "Viaje iniciado",
      "El conductor aceptó la carga",
      "Registrada y asignada a Jake Wilson",
    ]);
    await page.goto(`${url}?lng=en`);
    await expect(page.getByTestId("load-file-bol")).toContainText("signed-bol.pdf");

    await page.goto(`/operations/loads?q=${loadNumber}`);
    await expect(page.getByTestId(`load-row-${loadNumber}`).locator("[data-status]").first()).toHaveAttribute(
      "data-status",
      "completed",
    );
  });

  test("a driver declines an assigned load and management sees it back to pending", async ({
    page,
    browser,
  }) => {
    // Several people in their own browsers: more work than one screen.
    test.slow();
    const loadNumber = uniqueLoadNumber("DC");
    await loginAs(page, "dispatcher@demo.test");
    const url = await createLoad(page, {
      loadNumber,
      driver: "Rosa Martinez",
      stops: [
        stop("pickup", "Tulsa", "OK", "2026-12-05T07:00"),
        stop("delivery", "Omaha", "NE", "2026-12-05T18:00"),
      ],
    });
    await expect(loadStatus(page)).toHaveAttribute("data-status", "assigned");

    const driver = await openAs(browser, "driver2@demo.test", PHONE);
    await driver.goto(url);
    await driver.getByTestId("driver-action-decline").click();
    const dialog = driver.getByRole("dialog", { name: `Decline load ${loadNumber}?` });
    await dialog.getByTestId("decline-reason").fill("Truck in the shop until Monday");
    await dialog.getByRole("button", { name: "Decline" }).click();
    await expect(toast(driver)).toContainText("Load declined");
    // No longer hers: she is sent home, and the load is gone from her list.
    await expect(driver).toHaveURL(/\/driver-dashboard$/);
    await driver.goto(url);
    await expect(driver.getByTestId("load-not-found")).toBeVisible();
    await driver.context().close();

    const manager = await openAs(browser, "manager@demo.test");
    await manager.goto(url);
    await expect(loadStatus(manager)).toHaveAttribute("data-status", "pending");
    await expect(manager.getByTestId("load-driver")).toHaveText("Unassigned");
    const latest = manager.getByTestId("timeline-event").first();
    await expect(latest).toContainText("Pending");
    await expect(latest).toContainText("Rosa Martinez");
    await expect(latest.getByTestId("timeline-text")).toHaveText("Driver declined the load");
    await expect(latest).toContainText("Truck in the shop until Monday");
    await manager.context().close();
  });

  test("choosing a driver fills in their truck and trailer; an expired license is flagged and blocks the save", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/loads/new");
    // Jake drives truck 101 with trailer T-202 (the demo's asset assignments): both come in, editable.
    await pickDriver(page, "Jake Wilson");
    await expect(page.getByLabel("Vehicle", { exact: true })).toContainText("101");
    await expect(page.getByLabel("Trailer", { exact: true })).toContainText("T-202");
    await expect(page.getByTestId("driver-paper-notice")).toHaveCount(0);

    // Marcus's license lapsed three days ago (demo data): the form says so as soon as he is chosen…
    await pickDriver(page, "Marcus Johnson");
    const notice = page.getByTestId("driver-paper-notice");
    await expect(notice).toContainText(/Marcus Johnson's driver's license expired on \w{3} \d{1,2}, \d{4}\./);
    // …and the server refuses the save, the message landing on the driver field; nothing typed is lost.
    const loadNumber = uniqueLoadNumber("EXP");
    await page.getByTestId("field-loadNumber").fill(loadNumber);
    const stops = [
      stop("pickup", "Peoria", "IL", "2026-12-10T08:00"),
      stop("delivery", "Joliet", "IL", "2026-12-10T15:00"),
    ];
    for (const [i, s] of stops.entries()) {
      for (const field of STOP_FIELDS) await page.getByTestId(`stop-${i}-${field}`).fill(s[field]);
    }
    await page.getByTestId("field-baseRate").fill("900");
    await page.getByTestId("save-load").click();
    await expect(toast(page)).toContainText("This driver can't take the load");
    await expect(page).toHaveURL(/\/operations\/loads\/new$/);
    await expect(page.getByText(/Renew it before assigning loads\./).first()).toBeVisible();
    await expect(page.getByTestId("field-loadNumber")).toHaveValue(loadNumber);
    await expect(page.getByTestId("stop-1-city")).toHaveValue("Joliet");
  });

  test("a duplicate load number is refused with Duplicate Load Number, and the form keeps its data", async ({
    page,
  }) => {
    const loadNumber = uniqueLoadNumber("DUP");
    await loginAs(page, "dispatcher@demo.test");
    const stops = [
      stop("pickup", "Denver", "CO", "2026-12-08T08:00"),
      stop("delivery", "Boise", "ID", "2026-12-09T12:00"),
    ];
    await createLoad(page, { loadNumber, stops });

    await page.goto("/operations/loads/new");
    await expect(page.getByTestId("field-loadNumber")).not.toHaveValue("");
    await page.getByTestId("field-loadNumber").fill(loadNumber);
    await page.getByTestId("save-load").click();
    // Empty stops and rate first: Missing Information, nothing sent.
    await expect(toast(page)).toContainText("Missing Information");
    await expect(page.getByTestId("field-loadNumber")).toHaveValue(loadNumber);

    for (const [i, s] of stops.entries())
      for (const [field, value] of Object.entries(s))
        if (field !== "type") await page.getByTestId(`stop-${i}-${field}`).fill(value);
    await page.getByTestId("field-baseRate").fill("900");
    // The fuel surcharge is part of the base rate: more than it is refused before anything is sent.
    await page.getByTestId("field-fuelSurcharge").fill("950");
    await page.getByTestId("save-load").click();
    await expect(
      page.getByText("The fuel surcharge is part of the base rate and cannot be more than it."),
    ).toBeVisible();
    await page.getByTestId("field-fuelSurcharge").fill("95");
    await page.getByTestId("save-load").click();
    await expect(toast(page)).toContainText("Duplicate Load Number");
    await expect(toast(page)).toContainText("A load with this number already exists");
    await expect(page).toHaveURL(/\/operations\/loads\/new$/);
    await expect(page.getByTestId("field-loadNumber")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("stop-1-city")).toHaveValue("Boise");
  });
});
