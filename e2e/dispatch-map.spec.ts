import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page, test } from "@playwright/test";
import type { AxeResults } from "axe-core";
import type { LoadTracking } from "../src/shared/tracking/tracking.schema";
import { loginAs } from "./fixtures";
import { openAs } from "./load-helpers";
import { driverOnTheRoad, etaOf, type Place, postFixes, southEastOf } from "./tracking-helpers";

/**
 * The dispatch map (issue 40, decision 053), against the real tracking server: each test signs in a
 * driver of its own (a second browser) whose phone posts real fixes to `POST /api/tracking/positions`;
 * the map reads `GET /api/tracking/map` and moves through the real event stream. The map draws with
 * WebGL: SwiftShader (software WebGL) stands in for a GPU, and the assertions read the trucks' list
 * and DOM markers, never pixels.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-first-run"],
  },
});

const NAPERVILLE: Place = { lat: 41.7508, lon: -88.1535 };
const MISSOULA: Place = { lat: 46.8721, lon: -113.994 };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/** Serious and critical axe violations of the page as it stands (the trucks and markers drawn). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));
  const found = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } };
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  return found
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.id}: ${v.targets.join(" | ")}`);
}

/** The map's requests to the server, to show the filters travel to it. */
function mapRequests(page: Page): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/tracking/map") asked.push(url.searchParams);
  });
  return asked;
}

test("dispatch watches a driver's truck move, filters the trucks, opens its load, reads the ETA and decides the GPS proposals", async ({
  page,
  browser,
}) => {
  // The ETA comes from the `tracking-minute` job, which runs once a minute: up to 90 s of this test
  // wait for it (tracking-helpers.ts#etaOf).
  test.setTimeout(180_000);
  await loginAs(page, "dispatcher@demo.test");
  const driver = await driverOnTheRoad(browser, page, `Gina Fix${stamp()}`);
  const unitKey = `driver:${driver.driverId}`;
  // Five minutes ago the phone was in Naperville, 15 miles north of the pickup.
  await postFixes(driver.phone, [{ ...NAPERVILLE, at: minutesAgo(5) }]);

  const asked = mapRequests(page);
  await page.getByRole("navigation").first().getByRole("link", { name: "Dispatch map" }).click();
  await expect(page).toHaveURL(/\/operations\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dispatch map" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search trucks" }).fill(driver.name);

  // The server's answer: the truck with its place (the gazetteer's nearest city) and the age of its fix.
  const rows = page.getByTestId("truck-row");
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: driver.name });
  await expect(row).toHaveAttribute("data-unit-key", unitKey);
  await expect(row.getByTestId("truck-place")).toHaveText("near Naperville, IL");
  await expect(row.getByTestId("truck-age")).toHaveText(/^[56] minutes ago$/);
  await expect(row).toContainText(`load ${driver.load.loadNumber}`);
  expect(asked.at(-1)?.get("q")).toBe(driver.name);
  await expect(page.getByTestId("map-view")).toBeVisible();
  const marker = page.locator(`[data-marker="point"][data-unit-key="${unitKey}"]`);
  await expect(marker).toHaveAttribute(
    "aria-label",
    new RegExp(
      `^Driver's phone · ${driver.name} · load ${driver.load.loadNumber} · near Naperville, IL · last position [56] minutes ago$`,
    ),
  );
  const before = await marker.boundingBox();
  // The accessibility spec sees this screen without positions; here with a truck, its marker and a choice open.
  await row.getByRole("button").click();
  await expect(page.getByTestId("truck-details")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole("button").first().click();
  await expect(page.getByTestId("truck-details")).toHaveCount(0);

  // The phone reaches the pickup dock: the stream brings the fix and the truck moves in place, with no
  // new request. The arrival is proposed from it.
  const requests = asked.length;
  const arrived = await postFixes(driver.phone, [
    { lat: driver.pickup.lat, lon: driver.pickup.lon, at: new Date() },
  ]);
  expect(arrived.prompt).toMatchObject({ kind: "arrived", stopId: driver.pickup.id });
  // Within a few seconds: the issue asks for 2 s from the phone to an open map; this allows for a busy machine.
  await expect(row.getByTestId("truck-age")).toHaveText("now", { timeout: 5_000 });
  // 15 miles from where "near Naperville" was named: the stream's event names the new place itself.
  await expect(row.getByTestId("truck-place")).toHaveText("near Joliet, IL");
  await expect(marker).toHaveAttribute("data-lon", driver.pickup.lon.toFixed(4));
  await expect(marker).toHaveAttribute("aria-label", /last position now$/);
  expect((await marker.boundingBox())?.y).not.toBe(before?.y);
  expect(asked.length).toBe(requests);

  // Filters are the server's: each request carries them, and the list shows what it answers.
  await page.getByTestId("map-status-filter").selectOption("idle");
  await expect(page.getByText("No truck matches")).toBeVisible();
  await expect(rows).toHaveCount(0);
  expect(asked.at(-1)?.get("status")).toBe("idle");
  await page.getByTestId("map-status-filter").selectOption("in_progress");
  await expect(rows).toHaveCount(1);
  expect(asked.at(-1)?.get("status")).toBe("in_progress");
  // Asked again, the server names the new place.
  await expect(row.getByTestId("truck-place")).toHaveText("near Joliet, IL");
  await page.getByTestId("map-status-filter").selectOption("");
  await page.getByTestId("map-stale-filter").selectOption("true");
  await expect(rows).toHaveCount(0);
  expect(asked.at(-1)?.get("stale")).toBe("true");
  await page.getByTestId("map-stale-filter").selectOption("");
  await expect(rows).toHaveCount(1);

  // The truck leaves the dock: two fixes well beyond the geofence propose the departure.
  const left = await postFixes(driver.phone, [
    { ...southEastOf(driver.pickup, 3), at: new Date() },
    { ...southEastOf(driver.pickup, 4), at: new Date(Date.now() + 1_000) },
  ]);
  expect(left.prompt).toMatchObject({ kind: "departed", stopId: driver.pickup.id });
  const gone = southEastOf(driver.pickup, 4);
  await expect(marker).toHaveAttribute("data-lon", gone.lon.toFixed(4), { timeout: 5_000 });
  // Named by the stream as it comes: still near Joliet.
  await expect(row.getByTestId("truck-place")).toHaveText("near Joliet, IL");

  const eta = await etaOf(page, driver.load.id);

  // Choosing the truck on the map shows its load; its link opens the load.
  await marker.click();
  const details = page.getByTestId("truck-details");
  await expect(details).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`truck=${encodeURIComponent(unitKey)}`));
  await details.getByRole("link", { name: `Open load ${driver.load.loadNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/operations/loads/${driver.load.id}$`));
  await expect(page.getByTestId("load-number")).toHaveText(driver.load.loadNumber);

  // The load's panel: the phone's last fix, the ETA the job computed, and the two proposals.
  const panel = page.getByTestId("load-tracking-panel");
  await expect(panel.getByTestId("tracking-last-fix")).toContainText("Driver's phone");
  await expect(panel.getByTestId("tracking-eta")).toContainText(
    `${Math.round(eta.remainingMiles ?? 0)} mi to go`,
  );
  await expect(panel.getByTestId("tracking-eta")).toContainText(`at ${Math.round(eta.avgSpeedMph ?? 0)} mph`);
  await expect(panel).toContainText("ETA at");
  // The ETA is read in its stop's zone, named (the pickup near Joliet: Central time), like its appointment.
  await expect(panel.getByTestId("tracking-eta")).toContainText(/\d{1,2}:\d{2} [AP]M C[SD]T/);
  const arrival = panel
    .getByTestId("geofence-event")
    .filter({ hasText: `Arrived at ${driver.pickup.locationName}` });
  const departure = panel
    .getByTestId("geofence-event")
    .filter({ hasText: `Left ${driver.pickup.locationName}` });
  await expect(arrival).toContainText("Proposed from GPS — not yet confirmed");
  await expect(departure).toContainText("Proposed from GPS — not yet confirmed");
  await arrival.getByRole("button", { name: "Confirm" }).click();
  await expect(arrival).toContainText("Confirmed");
  await expect(arrival.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await departure.getByRole("button", { name: "Dismiss" }).click();
  await expect(departure).toContainText("Dismissed");

  // Decided on the server: the arrival became the stop's check-in time, the departure was refused.
  const after = (await (
    await page.request.get(`/api/loads/${driver.load.id}/tracking`)
  ).json()) as LoadTracking;
  expect(after.geofenceEvents.map((e) => [e.kind, e.status])).toEqual([
    ["arrived", "confirmed"],
    ["departed", "dismissed"],
  ]);
  const load = (await (await page.request.get(`/api/loads/${driver.load.id}`)).json()) as {
    stops: Array<{ id: string; arrivedAt: string | null }>;
  };
  expect(load.stops.find((s) => s.id === driver.pickup.id)?.arrivedAt).toBe(arrived.prompt?.at);
  await driver.phone.context().close();
});

test("zoomed out, nearby trucks gather into one cluster that zooms in when pressed", async ({
  page,
  browser,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  // Three drivers of this test (one word in common): two a mile apart in Missoula, one in Naperville.
  const crew = `Clu${stamp()}`;
  const [a, b, c] = [
    await driverOnTheRoad(browser, page, `Ann ${crew}`),
    await driverOnTheRoad(browser, page, `Ben ${crew}`),
    await driverOnTheRoad(browser, page, `Cal ${crew}`),
  ];
  await postFixes(a.phone, [{ ...MISSOULA, at: minutesAgo(2) }]);
  await postFixes(b.phone, [{ lat: MISSOULA.lat + 0.0145, lon: MISSOULA.lon, at: minutesAgo(2) }]);
  await postFixes(c.phone, [{ ...NAPERVILLE, at: minutesAgo(2) }]);
  for (const d of [a, b, c]) await d.phone.context().close();

  await page.goto(`/operations/map?q=${crew}`);
  await expect(page.getByTestId("truck-row")).toHaveCount(3);
  const cluster = page.locator('[data-marker="cluster"]');
  // The first view fits every truck: Missoula and Naperville far apart, the two Missoula trucks together.
  await expect(cluster).toHaveCount(1);
  await expect(cluster).toHaveAttribute("aria-label", "2 trucks here — zoom in");
  await expect(page.locator('[data-marker="point"]')).toHaveCount(1);
  await cluster.click();
  // Zoomed in on Missoula: the two trucks apart (Naperville is now out of view, so not drawn).
  await expect(cluster).toHaveCount(0);
  await expect(page.locator(`[data-marker="point"][data-unit-key="driver:${a.driverId}"]`)).toBeVisible();
  await expect(page.locator(`[data-marker="point"][data-unit-key="driver:${b.driverId}"]`)).toBeVisible();
});

test("without WebGL the screen says so and the list carries every truck", async ({ page, browser }) => {
  // A browser with no WebGL 2 (old hardware, a locked-down machine).
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      return kind === "webgl2"
        ? null
        : (getContext as (...a: unknown[]) => unknown).call(this, kind, ...rest);
    } as typeof getContext;
  });
  await loginAs(page, "dispatcher@demo.test");
  const driver = await driverOnTheRoad(browser, page, `Noa Gl${stamp()}`);
  await postFixes(driver.phone, [{ ...NAPERVILLE, at: minutesAgo(5) }]);
  await driver.phone.context().close();

  await page.goto("/operations/map");
  await expect(page.getByTestId("map-unavailable")).toHaveText(
    "This browser cannot draw the map (it needs WebGL 2). Every truck is in the list.",
  );
  await expect(page.getByTestId("map-view")).toHaveCount(0);
  // Every truck the server knows is listed: the demo's and this test's.
  await expect(page.getByTestId("truck-row").filter({ hasText: driver.name })).toHaveCount(1);
  expect(await page.getByTestId("truck-row").count()).toBeGreaterThan(1);
  // The row is the marker's stand-in: one button that reads the truck, its driver, place, fix and load.
  await page
    .getByRole("button", {
      name: new RegExp(
        `^Driver's phone ${driver.name} near Naperville, IL [56] minutes ago load ${driver.load.loadNumber}$`,
      ),
    })
    .click();
  await expect(page.getByTestId("truck-details")).toContainText(`Open load ${driver.load.loadNumber}`);
});

test("a search no truck matches says so; drivers cannot open the map", async ({ page, browser }) => {
  await loginAs(page, "dispatcher@demo.test");
  await page.goto(`/operations/map?q=nobody-${stamp()}`);
  await expect(page.getByText("No truck matches")).toBeVisible();
  await expect(page.getByTestId("truck-row")).toHaveCount(0);
  // The base map's settings come from the real server: no tile style set, so the shipped outlines.
  const base = await page.request.get("/api/geo/map-base");
  expect(await base.json()).toEqual({ tileStyleUrl: null });

  const driver = await openAs(browser, "driver@demo.test");
  await expect(
    driver.getByRole("navigation").first().getByRole("link", { name: "Dispatch map" }),
  ).toHaveCount(0);
  await driver.goto("/operations/map");
  await expect(driver.getByRole("heading", { name: "Dispatch map" })).toHaveCount(0);
  expect((await driver.request.get("/api/tracking/map")).status()).toBe(403);
  await driver.context().close();
});
