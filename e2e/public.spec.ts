import { type Browser, expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { send, stop, uniqueLoadNumber } from "./load-helpers";
import { driverOnTheRoad, etaOf, postFixes, southEastOf } from "./tracking-helpers";

/** A small but real PDF: the server checks the bytes, not the name. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

test("a stranger sees only the status and the day; the delivery ZIP shows the cities and dates", async ({
  browser,
  page,
  baseURL,
}) => {
  const known = await deliveredLoad(browser, baseURL!);

  // A visitor without an account starts from the sign-in page.
  await page.goto("/login");
  await page.getByRole("link", { name: "Check a delivery status" }).click();
  await expect(page).toHaveURL(/\/track$/);
  await page.getByLabel("Load number").fill(known.number.toLowerCase());
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?number=${known.number}$`));
  const result = page.getByTestId("track-result");
  await expect(result).toContainText(known.number);
  await expect(page.getByTestId("track-status")).toHaveText("Delivered");
  await expect(page.getByTestId("track-day")).toContainText(/^Delivered on \w{3}, \w{3} \d{1,2}/);
  // What a carrier tells a stranger on the phone, and nothing more.
  for (const secret of [known.pickupCity, known.deliveryCity, "Pickup", "Last update", "$"])
    await expect(result).not.toContainText(secret);
  await expect(page.getByTestId("track-last-update")).toHaveCount(0);

  // A wrong ZIP answers the same.
  await page.getByLabel("Delivery ZIP code, PO or BOL number (optional)").fill("00000");
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(page.getByTestId("track-day")).toBeVisible();
  await expect(result).not.toContainText(known.deliveryCity);

  // The receiver knows the delivery ZIP: cities and dates.
  await page.getByLabel("Delivery ZIP code, PO or BOL number (optional)").fill(known.zip);
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(result).toContainText(`${known.pickupCity}, `);
  await expect(result).toContainText(`${known.deliveryCity}, `);
  await expect(result).toContainText("Pickup");
  await expect(page.getByTestId("track-last-update")).toContainText("Last update");
  await expect(result).not.toContainText("$");
  // The ZIP never goes in the address: a shared link shows the status only.
  await expect(page).toHaveURL(new RegExp(`\\?number=${known.number}$`));
  await page.goto(`/track?number=${known.number}`);
  await expect(page.getByTestId("track-status")).toHaveText("Delivered");
  await expect(page.getByTestId("track-result")).not.toContainText(known.deliveryCity);

  await page.getByLabel("Load number").fill("LD-1999-99999");
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(toast(page)).toContainText("Load Not Found");
  await expect(toast(page)).toContainText("We couldn't find a load with the number you entered.");
  await expect(page.getByTestId("track-result")).toHaveCount(0);
});

test("dispatch emails the shipper a tracking link that opens the load; the portal gives the customer theirs", async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  await loginAs(page, "dispatcher@demo.test");
  // A load of this test's own for the demo customer, so flows running alongside never see its links.
  const customers = await page.request.get(`/api/customers?q=${encodeURIComponent("customer@demo.test")}`);
  const customer = (await customers.json()).items[0] as { id: string; email: string };
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const made = await page.request.post("/api/loads", {
    data: {
      loadNumber: uniqueLoadNumber("TRK"),
      baseRate: "1875",
      customerId: customer.id,
      stops: [
        { ...stop("pickup", "Green Bay", "WI", ""), scheduledAt: at(1) },
        { ...stop("delivery", "Des Moines", "IA", ""), scheduledAt: at(2) },
      ],
    },
    headers: { origin: baseURL! },
  });
  expect(made.status()).toBe(201);
  const load = (await made.json()) as { id: string; loadNumber: string };

  await page.goto(`/operations/loads/${load.id}`);
  const panel = page.getByTestId("tracking-links");
  await expect(panel.getByTestId("tracking-contact")).toContainText(customer.email);
  await panel.getByTestId("email-tracking-link").click();
  await expect(toast(page)).toContainText(customer.email);
  const url = await panel.getByTestId("tracking-link-url").inputValue();
  expect(url).toMatch(/\/track\/[\w-]{22,}$/);
  await expect(panel.getByTestId("tracking-link-list")).toContainText(`Sent to ${customer.email}`);

  // The shipper opens it on a phone, signed in nowhere, without knowing the number.
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const shipper = await phone.newPage();
  await shipper.goto(new URL(url).pathname);
  await expect(shipper.getByTestId("track-result")).toContainText(load.loadNumber);
  await expect(shipper.getByTestId("track-result")).toContainText("Green Bay, WI");
  await expect(shipper.getByTestId("track-result")).toContainText("Des Moines, IA");
  await expect(shipper.getByTestId("track-status")).toHaveText("Booked");
  await expect(shipper.getByTestId("tracking-expires")).toContainText("This link works until");
  await expect(shipper.getByTestId("track-result")).not.toContainText("$");
  // Dispatch makes a new one: the first stops working, with a clear message.
  await page.reload();
  await expect(page.getByTestId("tracking-link-list")).toContainText("Last opened");
  await page.getByTestId("create-tracking-link").click();
  await expect(page.getByTestId("tracking-link-url")).not.toHaveValue(url);
  await shipper.reload();
  await expect(shipper.getByTestId("tracking-invalid")).toContainText(
    "This tracking link has expired or was replaced. Ask the company that shipped your load for a new one.",
  );

  // The customer gets their own link from the portal's load dialog.
  const portal = await browser.newContext({ baseURL });
  const customerPage = await portal.newPage();
  await loginAs(customerPage, "customer@demo.test");
  await customerPage.goto(`/customer-portal?load=${load.id}`);
  const dialog = customerPage.getByRole("dialog");
  await dialog.getByTestId("portal-tracking-get").click();
  const portalUrl = await dialog.getByTestId("portal-tracking-url").inputValue();
  expect(portalUrl).toMatch(/\/track\/[\w-]{22,}$/);
  await expect(dialog).not.toContainText("1875");
  await shipper.goto(new URL(portalUrl).pathname);
  await expect(shipper.getByTestId("track-result")).toContainText("Des Moines, IA");
  await portal.close();
  await phone.close();
});

test("a dispatcher's BOL link lets a driver upload the signed PDF without signing in", async ({
  browser,
  page,
  baseURL,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  // A load of this test's own, so flows running alongside never see its upload.
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const made = await page.request.post("/api/loads", {
    data: {
      loadNumber: uniqueLoadNumber("PUB"),
      baseRate: "1450",
      stops: [
        { ...stop("pickup", "Omaha", "NE", ""), scheduledAt: at(1) },
        { ...stop("delivery", "Denver", "CO", ""), scheduledAt: at(2) },
      ],
    },
    headers: { origin: baseURL! },
  });
  expect(made.status()).toBe(201);
  const load = (await made.json()) as { id: string; loadNumber: string };
  const created = await page.request.post(`/api/loads/${load.id}/bol-links`, {
    data: {},
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  expect(url).toContain("/public/bol-upload/");

  // Whoever gets the link (no session: a fresh browser context) opens it on a phone.
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const visitor = await phone.newPage();
  await visitor.goto(new URL(url).pathname);
  await expect(visitor.getByTestId("bol-load-number")).toHaveText(load.loadNumber);
  await visitor.getByTestId("bol-file-input").setInputFiles({
    name: "signed-bol.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await expect(visitor.getByTestId("bol-file-name")).toHaveText("signed-bol.pdf");
  await visitor.getByRole("button", { name: "Upload bill of lading" }).click();
  await expect(visitor.getByTestId("bol-success")).toContainText("Bill of lading received");

  // The file is on the load, and the link counts the upload.
  const detail = await page.request.get(`/api/loads/${load.id}`);
  const files = (await detail.json()).files as Array<{ kind: string; fileName: string; uploadedVia: string }>;
  expect(files).toContainEqual(
    expect.objectContaining({ kind: "bol", fileName: "signed-bol.pdf", uploadedVia: "public_link" }),
  );
  const links = await (await page.request.get(`/api/loads/${load.id}/bol-links`)).json();
  expect(links[0].uploads).toBe(1);

  // A made-up link shows a clear message and offers no upload.
  await visitor.goto("/public/bol-upload/this-link-was-never-issued");
  await expect(visitor.getByTestId("bol-invalid")).toContainText(
    "This upload link is invalid or has expired. Ask the dispatcher for a new one.",
  );
  await expect(visitor.getByTestId("bol-file-input")).toHaveCount(0);
  await phone.close();
});

/**
 * A delivered demo load (history no other flow changes) as staff read it: its number, cities and
 * delivery ZIP.
 */
async function deliveredLoad(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const staff = await context.newPage();
  await loginAs(staff, "dispatcher@demo.test");
  const res = await staff.request.get("/api/loads?status=completed&pageSize=10");
  const { id, loadNumber } = (await res.json()).items[0] as { id: string; loadNumber: string };
  const detail = (await (await staff.request.get(`/api/loads/${id}`)).json()) as {
    pickupCity: string;
    deliveryCity: string;
    stops: Array<{ type: string; postalCode: string }>;
  };
  await context.close();
  const deliveries = detail.stops.filter((s) => s.type === "delivery");
  return {
    number: loadNumber,
    pickupCity: detail.pickupCity,
    deliveryCity: detail.deliveryCity,
    zip: deliveries[deliveries.length - 1].postalCode,
  };
}

test("while the load is on its way, the link shows near which city the truck is and its ETA — never the driver", async ({
  browser,
  page,
  baseURL,
}) => {
  // The ETA comes from the `tracking-minute` job, once a minute: up to 90 s of this test wait for it.
  test.setTimeout(150_000);
  await loginAs(page, "dispatcher@demo.test");
  // A driver of this test's own on a load from Joliet to Indianapolis: picked up, then five miles on.
  const driver = await driverOnTheRoad(browser, page, `Lena Link${Date.now().toString(36)}`);
  for (const event of ["arrived", "done", "departed"])
    await send(driver.phone, "post", `/api/loads/${driver.load.id}/stops/${driver.pickup.id}/check-in`, {
      event,
    });
  const recordedAt = new Date();
  await postFixes(driver.phone, [{ ...southEastOf(driver.pickup, 5), at: recordedAt }]);
  await driver.phone.context().close();
  const eta = await etaOf(page, driver.load.id);

  const made = await page.request.post(`/api/loads/${driver.load.id}/tracking-links`, {
    data: {},
    headers: { origin: baseURL! },
  });
  expect(made.status()).toBe(201);
  const path = new URL(((await made.json()) as { url: string }).url).pathname;

  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const shipper = await phone.newPage();
  await shipper.goto(path);
  await expect(shipper.getByTestId("track-result")).toContainText(driver.load.loadNumber);
  const time = (at: Date) => new Intl.DateTimeFormat("en", { timeStyle: "short" }).format(at);
  const live = shipper.getByTestId("live-position");
  // The fix coarsened to a tenth of a degree (41.5, -88.0), named by the gazetteer's nearest city.
  await expect(live.getByTestId("live-near")).toHaveText(`Near Joliet, IL · ${time(recordedAt)}`);
  // The ETA in the next stop's zone, named, like its appointment: "around 2:14 PM EST" in Indianapolis.
  const etaAt = new Date(eta.etaAt as string);
  const indy = (at: Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Indiana/Indianapolis", ...options }).format(at);
  const sameDay = indy(etaAt, { dateStyle: "short" }) === indy(new Date(), { dateStyle: "short" });
  if (sameDay)
    await expect(live.getByTestId("live-eta")).toHaveText(
      `Expected in Indianapolis, IN around ${indy(etaAt, { hour: "numeric", minute: "2-digit", timeZoneName: "short" })}`,
    );
  else
    await expect(live.getByTestId("live-eta")).toContainText(/Expected in Indianapolis, IN around .* E[SD]T/);
  // The whole page, not only the section: no driver's name, no phone.
  await expect(shipper.locator("body")).toContainText("Near Joliet, IL");
  await expect(shipper.locator("body")).not.toContainText(driver.name);
  await expect(shipper.locator("body")).not.toContainText(driver.phoneNumber);
  await expect(shipper.locator("body")).not.toContainText(driver.phoneNumber.replace(/\D/g, "").slice(1));
  await phone.close();
});
