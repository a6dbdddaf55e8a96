import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { send, uniqueLoadNumber } from "./load-helpers";

/*
 * Miles (issue 40): a new load gets the offline estimate, labelled as such; staff override it with a
 * reason, which the page and the load's history show.
 */

const stop = (type: "pickup" | "delivery", city: string, state: string, postalCode: string, at: string) => ({
  type,
  locationName: `${city} dock`,
  address: "1 Main St",
  city,
  state,
  postalCode,
  scheduledAt: at,
  contactName: "Pat Reyes",
  contactPhone: "+1 312 555 0100",
});

test("the load page shows estimated miles, and an override with its reason", async ({ page }) => {
  await loginAs(page, "dispatcher@demo.test");
  const loadNumber = uniqueLoadNumber("MI");
  const load = await send<{ id: string; loadedMiles: number; milesSource: string }>(
    page,
    "post",
    "/api/loads",
    {
      loadNumber,
      description: "Steel coils",
      baseRate: "2400.00",
      stops: [
        stop("pickup", "Chicago", "IL", "60601", "2030-03-02T14:00:00Z"),
        stop("delivery", "Dallas", "TX", "75201", "2030-03-04T18:00:00Z"),
      ],
    },
  );
  expect(load.milesSource).toBe("estimated");

  await page.goto(`/operations/loads/${load.id}`);
  const panel = page.getByTestId("miles-panel");
  await expect(panel.getByText("Estimated", { exact: true })).toBeVisible();
  await expect(panel.getByTestId("miles-loaded")).toHaveText(
    `${load.loadedMiles.toLocaleString("en-US", { maximumFractionDigits: 1 })} mi`,
  );
  await expect(panel.getByText(/great circle between the stops × 1\.18/)).toBeVisible();

  await panel.getByTestId("miles-override").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("override-loaded").fill("1010");
  // No reason: the dialog asks for one and sends nothing.
  await dialog.getByRole("button", { name: "Save miles" }).click();
  await expect(dialog.getByText("Say why the miles differ from the route.")).toBeVisible();
  await dialog.getByTestId("override-reason").fill("Detour around the I-44 bridge work");
  await dialog.getByRole("button", { name: "Save miles" }).click();
  await expect(toast(page)).toContainText("Miles saved");
  await expect(dialog).toHaveCount(0);

  await expect(panel.getByText("Override: Detour around the I-44 bridge work")).toBeVisible();
  await expect(panel.getByTestId("miles-loaded")).toHaveText("1,010 mi");
  await expect(page.getByText("Miles set to 1,010 mi by hand")).toBeVisible();

  // Back to the route's miles.
  await panel.getByTestId("miles-clear").click();
  await expect(panel.getByText("Estimated", { exact: true })).toBeVisible();
});

test("GPS miles that differ from the load's are offered, and taken through the override with its reason", async ({
  page,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  const load = await send<{ id: string; loadedMiles: number }>(page, "post", "/api/loads", {
    loadNumber: uniqueLoadNumber("MG"),
    baseRate: "2400.00",
    stops: [
      stop("pickup", "Chicago", "IL", "60601", "2030-03-02T14:00:00Z"),
      stop("delivery", "Dallas", "TX", "75201", "2030-03-04T18:00:00Z"),
    ],
  });
  // The nightly job writes GPS state miles from a delivered load's breadcrumb; the browser cannot run
  // a night, so the panel's read gets them added (IL, MO, OK, TX: 1,012.4 mi). The override is real.
  const gps = [
    { jurisdiction: "IL", leg: "loaded", source: "gps", miles: 288.3 },
    { jurisdiction: "MO", leg: "loaded", source: "gps", miles: 290.4 },
    { jurisdiction: "OK", leg: "loaded", source: "gps", miles: 236.1 },
    { jurisdiction: "TX", leg: "loaded", source: "gps", miles: 197.6 },
  ];
  await page.route(`**/api/loads/${load.id}/miles`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({
      response,
      json: {
        ...body,
        stateMiles: [...gps, ...body.stateMiles.filter((s: { leg: string }) => s.leg !== "loaded")],
      },
    });
  });

  await page.goto(`/operations/loads/${load.id}`);
  const panel = page.getByTestId("miles-panel");
  const offer = panel.getByTestId("miles-gps");
  await expect(offer).toHaveText(/GPS measured 1,012\.4 mi driven on this load\./);
  await offer.getByRole("button", { name: "Use GPS miles" }).click();
  await expect(toast(page)).toContainText("The load now has the GPS miles");
  await expect(panel.getByTestId("miles-loaded")).toHaveText("1,012.4 mi");
  await expect(panel.getByText("Override: GPS miles")).toBeVisible();
  // Taken: nothing more to offer; the history says who set the miles and why.
  await expect(offer).toHaveCount(0);
  await expect(page.getByText("Miles set to 1,012.4 mi by hand")).toBeVisible();
  const saved = await (await page.request.get(`/api/loads/${load.id}`)).json();
  expect(saved).toMatchObject({ loadedMiles: 1012.4, milesSource: "override" });
  expect(saved.timeline.find((e: { kind: string }) => e.kind === "miles_overridden")?.note).toBe("GPS miles");

  // In Spanish the reason reads in the reader's words.
  await page.goto(`/operations/loads/${load.id}?lng=es`);
  await expect(panel.getByText("Corregidas: millas GPS")).toBeVisible();
});
