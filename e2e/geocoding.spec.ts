import { expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { uniqueLoadNumber } from "./load-helpers";

async function fillStop(
  page: Page,
  index: number,
  s: { name: string; address: string; city: string; state: string; zip: string; at: string },
) {
  await page.getByTestId(`stop-${index}-locationName`).fill(s.name);
  await page.getByTestId(`stop-${index}-address`).fill(s.address);
  await page.getByTestId(`stop-${index}-city`).fill(s.city);
  await page.getByTestId(`stop-${index}-state`).fill(s.state);
  await page.getByTestId(`stop-${index}-postalCode`).fill(s.zip);
  await page.getByTestId(`stop-${index}-scheduledAt`).fill(s.at);
}

test.describe("geocoded stops (issue 40)", () => {
  test("a dispatcher typing a stop sees it placed with its zone, an unplaceable address is flagged, and the appointment is kept in the stop's zone", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/loads/new");
    await expect(page.getByTestId("field-loadNumber")).not.toHaveValue("");
    const loadNumber = uniqueLoadNumber("GEO");
    await page.getByTestId("field-loadNumber").fill(loadNumber);

    await fillStop(page, 0, {
      name: "Midway Cold Storage",
      address: "4400 S Kildare Ave",
      city: "Chicago",
      state: "IL",
      zip: "60632",
      at: "2026-12-14T08:00",
    });
    const first = page.getByTestId("stop-0-place");
    await expect(first).toHaveText("Placed: Chicago, IL 60632 (ZIP) · America/Chicago");
    await expect(first).toHaveAttribute("data-place", "placed");
    // The appointment field names the zone it is typed in.
    await expect(page.getByTestId("stop-0").getByText("Times in America/Chicago (CST)")).toBeVisible();

    // A typo in the city with no ZIP: the form says so, never silently.
    await fillStop(page, 1, {
      name: "Lakeside Market",
      address: "5 Main St",
      city: "Colombuss",
      state: "OH",
      zip: "",
      at: "2026-12-15T09:00",
    });
    const second = page.getByTestId("stop-1-place");
    await expect(second).toHaveText("We could not place this address — check the ZIP or city.");
    await expect(second).toHaveAttribute("data-place", "unplaced");

    // Fixed: placed by its city, in Ohio's eastern time.
    await page.getByTestId("stop-1-city").fill("Columbus");
    await expect(second).toHaveText("Placed: Columbus, OH (city) · America/New_York");

    await page.getByTestId("field-baseRate").fill("1800");
    await page.getByTestId("save-load").click();
    await expect(toast(page)).toContainText("Load created");
    // The detail shows each appointment in its stop's own zone, named, whatever the browser's zone.
    const stops = page.getByTestId("stops-timeline");
    await expect(stops).toContainText("8:00 AM CST");
    await expect(stops).toContainText("9:00 AM EST");
  });
});

test.describe("Settings → Maps & tracking (issue 40)", () => {
  test("a manager sets the tracking rules but cannot choose a provider; Test says the built-in list answered", async ({
    page,
  }) => {
    await loginAs(page, "manager@demo.test");
    await page.goto("/settings?tab=maps");
    const form = page.getByTestId("geo-form");
    await expect(form).toBeVisible();
    // Choosing a provider is the admin's: the manager's list offers only the built-in one.
    await expect(page.getByTestId("geo-geocoder-kind").locator("option")).toHaveCount(1);
    await expect(
      form.getByText("Only an administrator may choose a provider or change its address."),
    ).toHaveCount(3);
    const radiusBefore = await page.getByTestId("geo-radius").inputValue();
    // A radius out of range keeps the form and says why.
    await page.getByTestId("geo-radius").fill("9");
    await page.getByTestId("save-geo").click();
    await expect(form.getByText("The geofence radius is between 0.1 and 5 miles.")).toBeVisible();
    await page.getByTestId("geo-radius").fill("0.75");
    await page.getByTestId("save-geo").click();
    await expect(toast(page)).toContainText("Maps & tracking saved");
    await page.reload();
    await expect(page.getByTestId("geo-radius")).toHaveValue("0.75");

    await page.getByTestId("geo-test").click();
    await expect(page.getByTestId("geo-test-result")).toContainText(
      "No geocoder is configured: the built-in list answered. Result: Chicago, IL 60638 (ZIP",
    );
    // The radius goes back to what it was: other specs drive phones into geofences.
    await page.getByTestId("geo-radius").fill(radiusBefore);
    await page.getByTestId("save-geo").click();
    await expect(toast(page)).toContainText("Maps & tracking saved");
  });
});
