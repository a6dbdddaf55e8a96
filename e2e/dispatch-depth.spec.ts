import { expect, test } from "@playwright/test";
import { loginAs, TINY_PDF, toast } from "./fixtures";
import {
  dockIn,
  hoursFromNow,
  loadStatus,
  lookup,
  openAs,
  searchList,
  send,
  uniqueLoadNumber,
} from "./load-helpers";

const PHONE = { width: 375, height: 740 };
const PDF = TINY_PDF;

/** A `datetime-local` value some hours from now, in the browser's time zone. */
/**
 * A time `hours` from now as typed in a Wisconsin stop's own zone (issue 40: check-in times are typed
 * and shown in the stop's time zone, whatever the browser's).
 */
const chicagoIn = (hours: number) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(new Date(Date.now() + hours * 3_600_000))
    .replace(" ", "T");

test.describe("dispatch depth", () => {
  test("a dispatcher books a reefer load from the address book, with a delivery window", async ({ page }) => {
    const tag = Date.now().toString(36);
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/loads");
    await send(page, "post", "/api/locations", {
      name: `Polar Cold Storage ${tag}`,
      address: "4400 Ice House Rd",
      city: "Green Bay",
      state: "WI",
      postalCode: "54304",
      contactName: "Dana Frost",
      contactPhone: "+1 920 555 0144",
      hours: "Mon–Sat 05:00–17:00",
    });
    await send(page, "post", "/api/locations", {
      name: `Lakeside Grocers DC ${tag}`,
      address: "900 Harbor Way",
      city: "Chicago",
      state: "IL",
      postalCode: "60617",
    });

    const loadNumber = uniqueLoadNumber("RF");
    await page.getByTestId("new-load").click();
    await expect(page.getByTestId("field-loadNumber")).not.toHaveValue("");
    await page.getByTestId("field-loadNumber").fill(loadNumber);
    // What is required is said before saving.
    await expect(page.getByText("* Required field.")).toBeVisible();
    await expect(page.getByTestId("field-baseRate")).toHaveAttribute("aria-required", "true");
    await expect(page.getByTestId("stop-0-contactName")).not.toHaveAttribute("aria-required", "true");

    await page.getByTestId("field-equipmentType").selectOption("reefer");
    await page.getByTestId("field-commodity").fill("Frozen vegetables");
    await page.getByTestId("field-tempMinF").fill("-10");
    await page.getByTestId("field-tempMaxF").fill("0");
    await page.getByTestId("field-palletCount").fill("22");
    await page.getByTestId("field-poNumber").fill(`PO-${tag}`);

    // Stop 1 from the address book: typing finds it, choosing fills the address and the contact.
    await page.getByTestId("stop-0-locationName").fill(`Polar Cold ${tag}`);
    await page
      .getByTestId("location-option")
      .filter({ hasText: `Polar Cold Storage ${tag}` })
      .click();
    await expect(page.getByTestId("stop-0-address")).toHaveValue("4400 Ice House Rd");
    await expect(page.getByTestId("stop-0-contactName")).toHaveValue("Dana Frost");
    await expect(page.getByTestId("stop-0")).toContainText("From the address book");
    await page.getByTestId("stop-0-scheduledAt").fill("2026-12-14T08:00");
    await page.getByTestId("stop-0-referenceNumber").fill("PU-7781");

    // Stop 2 from the address book too (with the keyboard), delivered in a window.
    await page.getByTestId("stop-1-locationName").fill(`Lakeside ${tag}`);
    await expect(page.getByTestId("location-option")).toHaveCount(1);
    await page.getByTestId("stop-1-locationName").press("Enter");
    await expect(page.getByTestId("stop-1-city")).toHaveValue("Chicago");
    await page.getByTestId("stop-1-appointmentKind").selectOption("window");
    await page.getByTestId("stop-1-scheduledAt").fill("2026-12-15T06:00");
    await page.getByTestId("stop-1-scheduledEnd").fill("2026-12-15T04:00");
    await page.getByTestId("field-baseRate").fill("1480");
    await page.getByTestId("save-load").click();
    // The window's end is checked before anything is sent, and the form keeps what was typed.
    await expect(page.getByTestId("stop-1")).toContainText("The window must end after it starts.");
    await expect(page.getByTestId("field-tempMinF")).toHaveValue("-10");
    await page.getByTestId("stop-1-scheduledEnd").fill("2026-12-15T10:00");
    await page.getByTestId("save-load").click();
    await expect(toast(page)).toContainText("Load created");
    await expect(page.getByTestId("load-number")).toHaveText(loadNumber);

    await expect(page.getByTestId("load-equipment")).toHaveText("Reefer · -10 to 0 °F");
    const delivery = page.getByTestId("stop-view-1");
    await expect(delivery).toContainText(`Lakeside Grocers DC ${tag}`);
    await expect(delivery.getByTestId("stop-appointment")).toContainText("–");
    await expect(page.getByTestId("stop-view-0")).toContainText("Pickup number: PU-7781");
    // The address opens the phone's maps; the saved places stay linked.
    await expect(page.getByTestId("stop-view-0").getByRole("link").first()).toHaveAttribute(
      "href",
      /google\.com\/maps\/dir\/\?api=1&destination=4400%20Ice%20House%20Rd/,
    );
    await page.goto(`/operations/loads?q=${loadNumber}`);
    await expect(page.getByTestId(`load-row-${loadNumber}`)).toBeVisible();
  });

  test("the address book: a dispatcher adds a place with its dock hours, finds it, edits and deletes it", async ({
    page,
  }) => {
    const tag = Date.now().toString(36);
    const name = `Harbor Freezer ${tag}`;
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/locations");
    await expect(page.getByRole("heading", { name: "Address book" })).toBeVisible();
    await page.getByTestId("new-location").click();
    const form = page.getByTestId("location-form");
    await form.getByTestId("location-name").fill(name);
    await form.getByTestId("save-location").click();
    // Required fields say so, and what was typed stays.
    await expect(form).toContainText("Required.");
    await expect(form.getByTestId("location-name")).toHaveValue(name);
    await form.getByTestId("location-address").fill("12 Pier Rd");
    await form.getByTestId("location-city").fill("Duluth");
    await form.getByTestId("location-state").fill("MN");
    await form.getByTestId("location-hours").fill("Mon–Fri 04:00–12:00, appointment only");
    await form.getByTestId("save-location").click();
    await expect(toast(page)).toContainText(`${name} saved`);
    await searchList(page, "Search the address book", tag);
    const row = page.getByTestId("location-row").filter({ hasText: name });
    await expect(row).toContainText("Mon–Fri 04:00–12:00, appointment only");
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    await form.getByTestId("location-contactName").fill("Lee Dockman");
    await form.getByTestId("save-location").click();
    await expect(row).toContainText("Lee Dockman");
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText(`${name} deleted`);
    await expect(row).toHaveCount(0);
  });

  test("the driver checks in and out of each stop on a phone; staff accept the detention onto the invoice", async ({
    page,
    browser,
  }) => {
    test.slow();
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/loads");
    const loadNumber = uniqueLoadNumber("CK");
    const customerId = await lookup(page, "customers", "Great Lakes");
    const driverId = await lookup(page, "drivers", "Jake Wilson");
    const at = hoursFromNow;
    const place = dockIn;
    const load = await send<{ id: string }>(page, "post", "/api/loads", {
      loadNumber,
      customerId,
      driverId,
      baseRate: "1200",
      customerRate: "1500",
      stops: [
        {
          type: "pickup",
          ...place("North Dairy", "Milwaukee"),
          scheduledAt: at(-3),
          contactPhone: "+1 414 555 0101",
        },
        { type: "pickup", ...place("South Dairy", "Kenosha"), scheduledAt: at(-1) },
        {
          type: "delivery",
          ...place("Lakeside Market", "Racine"),
          appointmentKind: "window",
          scheduledAt: at(1),
          scheduledEnd: at(4),
        },
      ],
    });

    // Jake, on his phone: the next stop is on top, with directions and a call button.
    const phone = await openAs(browser, "driver@demo.test", PHONE);
    await phone.goto(`/operations/loads/${load.id}`);
    await phone.getByTestId("driver-action-accept").click();
    await expect(toast(phone)).toContainText("Load accepted");
    const next = phone.getByTestId("next-stop");
    await expect(next).toContainText("Next stop · 1 of 3");
    await expect(next).toContainText("North Dairy");
    await expect(next.getByTestId("navigate")).toHaveAttribute("href", /google\.com\/maps\/dir/);
    await expect(next.getByTestId("call-stop")).toHaveAttribute("href", "tel:+14145550101");
    const tapHeight = (await next.getByTestId("check-in-arrived").boundingBox())?.height ?? 0;
    expect(tapHeight).toBeGreaterThanOrEqual(44);

    const checkIn = async (event: string, recorded: string) => {
      await next.getByTestId(`check-in-${event}`).click();
      await expect(toast(phone)).toContainText(`${recorded}: recorded`);
    };
    await checkIn("arrived", "Arrived");
    await checkIn("done", "Loaded");
    await checkIn("departed", "Departed");
    // The first departure puts the load on the road.
    await expect(loadStatus(phone)).toHaveAttribute("data-status", "in_progress");
    await expect(next).toContainText("Next stop · 2 of 3");
    await checkIn("arrived", "Arrived");
    await checkIn("done", "Loaded");
    await checkIn("departed", "Departed");
    await expect(next).toContainText("Lakeside Market");
    await checkIn("arrived", "Arrived");
    await checkIn("done", "Unloaded");
    // Leaving the last stop delivers the load: the signed BOL comes first.
    await expect(loadStatus(phone)).toHaveAttribute("data-status", "in_progress");
    await next.getByTestId("check-in-departed").click();
    const dialog = phone.getByRole("dialog", { name: "Add the signed BOL" });
    await dialog
      .getByTestId("bol-file-input")
      .setInputFiles({ name: "pod.pdf", mimeType: "application/pdf", buffer: PDF });
    await dialog.getByTestId("deliver-submit").click();
    await expect(toast(phone)).toContainText("Departed: recorded");
    await expect(loadStatus(phone)).toHaveAttribute("data-status", "completed");
    await expect(next).toHaveCount(0);
    await expect(phone.getByTestId("stop-view-2").getByTestId("check-in-times")).toContainText("Departed");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.context().close();

    // Dispatch: the driver tapped "arrived" late at the first dock; the gate log says on time.
    await page.bringToFront();
    await page.goto(`/operations/loads/${load.id}`);
    await expect(page.getByTestId("stop-view-0").getByTestId("check-in-times")).toContainText("Departed");
    await page.getByTestId("correct-stop-0").click();
    const correct = page.getByRole("dialog", { name: "Check-in times at North Dairy" });
    await correct.getByTestId("correct-event").selectOption("arrived");
    await correct.getByTestId("correct-at").fill(chicagoIn(-3));
    await correct.getByTestId("correct-reason").fill("Gate log: in at the appointment");
    await correct.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Check-in time corrected");
    // Three hours at the dock, two free (the customer's default), $75 an hour: about one hour proposed.
    const detention = page.getByTestId("stop-view-0").getByTestId("detention");
    await expect(detention).toContainText("Detention proposed");
    await expect(detention).toContainText("over the free time");
    await detention.getByTestId("accept-detention").click();
    await expect(toast(page)).toContainText("accepted");
    await expect(detention).toContainText("accepted");
    const timeline = page.getByTestId("status-timeline");
    await expect(timeline).toContainText("Gate log: in at the appointment");

    const detail = (await (await page.request.get(`/api/loads/${load.id}`)).json()) as {
      detention: string;
      customerRate: string;
    };
    expect(Number(detail.detention)).toBeGreaterThan(70);
    // The invoice bills it as its own line.
    const accounts = await openAs(browser, "accountant@demo.test");
    await accounts.goto("/customers/invoice");
    const invoice = await send<{ id: string }>(accounts, "post", "/api/invoices", {
      customerId,
      loadIds: [load.id],
    });
    await accounts.goto(`/customers/invoice?invoice=${invoice.id}`);
    const shown = accounts.getByTestId("invoice-detail");
    await expect(shown).toContainText("Detention");
    await expect(shown).toContainText(`$${Number(detail.detention).toFixed(2)}`);
    await accounts.context().close();
  });
});
