import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page, type Route, test } from "@playwright/test";
import type { AxeResults } from "axe-core";
import type {
  GeofenceEvent,
  LoadTracking,
  MapResponse,
  MapTruck,
  StreamPosition,
} from "../src/shared/tracking/tracking.schema";
import { loginAs } from "./fixtures";

/**
 * The dispatch map (issue 40, decision 053). The map draws with WebGL: SwiftShader (software WebGL)
 * stands in for a GPU, and the assertions read the trucks' list and DOM markers, never pixels.
 *
 * The trucks' positions come from the tracking server (`GET /api/tracking/map`, the stream's
 * `position` event), written beside these screens: until it is on this branch, these tests answer
 * those two calls with fixtures of exactly the shared contract's shape (tracking.schema.ts) and let
 * every other call — sign-in, the load page, the base map — reach the real server.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-first-run"],
  },
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** Three trucks: one on a real demo load (so its link opens a real page), one idle and stale, one late. */
function fleet(load: { id: string; loadNumber: string }): MapTruck[] {
  return [
    {
      unitKey: "vehicle:t-101",
      vehicleId: "t-101",
      unitNumber: "101",
      driverId: "d-1",
      driverName: "Maria Lopez",
      lat: 41.525,
      lon: -88.082,
      heading: 90,
      speedMph: 58,
      recordedAt: minutesAgo(12),
      source: "phone",
      place: "Joliet, IL",
      load: {
        id: load.id,
        loadNumber: load.loadNumber,
        status: "in_progress",
        customerName: "Acme Foods",
        nextStop: { id: "s-2", locationName: "Midway Cold Storage", city: "Columbus", state: "OH" },
        etaAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
        late: false,
      },
    },
    {
      unitKey: "vehicle:t-202",
      vehicleId: "t-202",
      unitNumber: "202",
      driverId: "d-2",
      driverName: "Sam Carter",
      lat: 39.768,
      lon: -86.158,
      heading: null,
      speedMph: null,
      recordedAt: minutesAgo(180),
      source: "samsara",
      place: "Indianapolis, IN",
      load: null,
    },
    {
      unitKey: "driver:d-3",
      vehicleId: null,
      unitNumber: null,
      driverId: "d-3",
      driverName: "Ana Ruiz",
      lat: 32.78,
      lon: -96.8,
      heading: 180,
      speedMph: 61,
      recordedAt: minutesAgo(3),
      source: "phone",
      place: "Dallas, TX",
      load: {
        id: "00000000-0000-4000-8000-000000000003",
        loadNumber: "L-LATE-3",
        status: "assigned",
        customerName: null,
        nextStop: { id: "s-9", locationName: "Lone Star Steel", city: "Houston", state: "TX" },
        etaAt: new Date(Date.now() + 9 * 3_600_000).toISOString(),
        late: true,
      },
    },
  ];
}

/** The server's filters, as `mapQuerySchema` reads them, applied to the fixture fleet. */
function answerMap(trucks: MapTruck[], asked: URLSearchParams[]) {
  return (route: Route) => {
    const query = new URL(route.request().url()).searchParams;
    asked.push(query);
    const q = (query.get("q") ?? "").toLowerCase();
    const status = query.get("status") ?? "all";
    const stale = query.get("stale") === "true";
    const items = trucks.filter((t) => {
      const words = [t.unitNumber, t.driverName, t.load?.loadNumber].join(" ").toLowerCase();
      if (q && !words.includes(q)) return false;
      if (status === "idle" && t.load) return false;
      if ((status === "in_progress" || status === "assigned") && t.load?.status !== status) return false;
      return !stale || Date.now() - new Date(t.recordedAt).getTime() > 30 * 60_000;
    });
    const body: MapResponse = { trucks: items, at: new Date().toISOString() };
    return route.fulfill({ json: body });
  };
}

/**
 * The events stream: the first connection says "ready"; each later one (EventSource reconnects 300 ms
 * after an answer ends) carries the positions queued since — a stream cut into short answers.
 */
function answerEvents(queue: StreamPosition[]) {
  let first = true;
  return (route: Route) => {
    const lines = ["retry: 300", ""];
    if (first) lines.push("event: ready", "data: {}", "");
    first = false;
    for (const position of queue.splice(0))
      lines.push("event: position", `data: ${JSON.stringify(position)}`, "");
    return route.fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream", "cache-control": "no-store" },
      body: `${lines.join("\n")}\n`,
    });
  };
}

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

async function demoLoad(page: Page) {
  const res = await page.request.get("/api/loads?status=in_progress");
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: { id: string; loadNumber: string }[] }).items[0];
}

test("dispatch watches a truck move on the map, filters the trucks and opens a truck's load", async ({
  page,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  const load = await demoLoad(page);
  const asked: URLSearchParams[] = [];
  const positions: StreamPosition[] = [];
  await page.route("**/api/tracking/map?*", answerMap(fleet(load), asked));
  await page.route("**/api/events*", answerEvents(positions));

  await page.getByRole("navigation").first().getByRole("link", { name: "Dispatch map" }).click();
  await expect(page).toHaveURL(/\/operations\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dispatch map" })).toBeVisible();

  // Every truck in the list, with its place and the age of its fix; and on the map as a labelled button.
  const rows = page.getByTestId("truck-row");
  await expect(rows).toHaveCount(3);
  const maria = rows.filter({ hasText: "Maria Lopez" });
  await expect(maria.getByTestId("truck-place")).toHaveText("near Joliet, IL");
  await expect(maria.getByTestId("truck-age")).toHaveText("12 minutes ago");
  await expect(page.getByTestId("map-view")).toBeVisible();
  const marker = page.locator('[data-marker="point"][data-unit-key="vehicle:t-101"]');
  await expect(marker).toHaveAttribute(
    "aria-label",
    /Truck 101 · Maria Lopez · load .* · near Joliet, IL · last position 12 minutes ago/,
  );
  const before = await marker.boundingBox();
  // The accessibility spec sees this screen without positions; here with its trucks, markers and a choice open.
  await maria.getByRole("button").click();
  await expect(page.getByTestId("truck-details")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await maria.getByRole("button").first().click();
  await expect(page.getByTestId("truck-details")).toHaveCount(0);

  // The driver's phone sends a new fix; the stream brings it and the truck moves in place, no new request.
  const requests = asked.length;
  positions.push({
    unitKey: "vehicle:t-101",
    vehicleId: "t-101",
    driverId: "d-1",
    lat: 41.59,
    lon: -86.9,
    heading: 95,
    speedMph: 60,
    recordedAt: new Date().toISOString(),
    source: "phone",
  });
  // Within a few seconds (the stream's reconnect here is 300 ms; the issue asks for 2 s end to end).
  await expect(maria.getByTestId("truck-age")).toHaveText("now", { timeout: 5_000 });
  // 65 miles east: "near Joliet" no longer holds, so the row says where it is by coordinates.
  await expect(maria.getByTestId("truck-place")).toHaveText("at 41.59, -86.9");
  await expect(marker).toHaveAttribute("data-lon", "-86.9000");
  await expect(marker).toHaveAttribute("aria-label", /last position now/);
  expect((await marker.boundingBox())?.x).not.toBe(before?.x);
  expect(asked.length).toBe(requests);

  // Filters are the server's: the request carries them and the list shows what it answers.
  await page.getByTestId("map-status-filter").selectOption("idle");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Sam Carter");
  expect(asked.at(-1)?.get("status")).toBe("idle");
  await page.getByTestId("map-status-filter").selectOption("");
  await page.getByTestId("map-stale-filter").selectOption("true");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Sam Carter");
  await page.getByTestId("map-stale-filter").selectOption("");
  await page.getByRole("searchbox", { name: "Search trucks" }).fill("ruiz");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Ana Ruiz");
  await expect(rows.first()).toContainText("Late");
  expect(asked.at(-1)?.get("q")).toBe("ruiz");
  await page.getByRole("searchbox", { name: "Search trucks" }).fill("");
  await expect(rows).toHaveCount(3);

  // Choosing the truck on the map shows its load, next stop and ETA; its link opens the load.
  await marker.click();
  const details = page.getByTestId("truck-details");
  await expect(details).toContainText("Midway Cold Storage — Columbus, OH");
  await expect(details).toContainText("Acme Foods");
  await expect(page).toHaveURL(/truck=vehicle%3At-101/);
  await details.getByRole("link", { name: `Open load ${load.loadNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/operations/loads/${load.id}$`));
  await expect(page.getByTestId("load-number")).toHaveText(load.loadNumber);
});

test("zoomed out, nearby trucks gather into one cluster that zooms in when pressed", async ({ page }) => {
  await loginAs(page, "dispatcher@demo.test");
  const load = await demoLoad(page);
  // Two trucks a mile apart near Joliet and one in Dallas: seen from the whole country, the two are one.
  const trucks = fleet(load);
  trucks[1] = { ...trucks[1], lat: 41.54, lon: -88.07 };
  await page.route("**/api/tracking/map?*", answerMap(trucks, []));
  await page.goto("/operations/map");
  await expect(page.getByTestId("truck-row")).toHaveCount(3);
  const cluster = page.locator('[data-marker="cluster"]');
  // The first view fits every truck: Joliet and Dallas far apart, the two Joliet trucks together.
  await expect(cluster).toHaveCount(1);
  await expect(cluster).toHaveAttribute("aria-label", "2 trucks here — zoom in");
  await expect(page.locator('[data-marker="point"]')).toHaveCount(1);
  await cluster.click();
  // Zoomed in on Joliet: the two trucks apart (Dallas is now out of view, so not drawn).
  await expect(cluster).toHaveCount(0);
  await expect(page.locator('[data-marker="point"][data-unit-key="vehicle:t-101"]')).toBeVisible();
  await expect(page.locator('[data-marker="point"][data-unit-key="vehicle:t-202"]')).toBeVisible();
});

test("without WebGL the screen says so and the list carries every truck", async ({ page }) => {
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
  const load = await demoLoad(page);
  await page.route("**/api/tracking/map?*", answerMap(fleet(load), []));
  await page.goto("/operations/map");
  await expect(page.getByTestId("map-unavailable")).toHaveText(
    "This browser cannot draw the map (it needs WebGL 2). Every truck is in the list.",
  );
  await expect(page.getByTestId("map-view")).toHaveCount(0);
  await expect(page.getByTestId("truck-row")).toHaveCount(3);
  // The row is the marker's stand-in: one button that reads the truck, its driver, place, fix and load.
  await page
    .getByRole("button", { name: /^Truck 202 Sam Carter near Indianapolis, IN 3 hours ago no load$/ })
    .click();
  await expect(page.getByTestId("truck-details")).toContainText("This truck has no load right now.");
});

test("with no truck reporting, the map says how trucks appear; drivers cannot open it", async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  await page.route("**/api/tracking/map?*", (route) =>
    route.fulfill({ json: { trucks: [], at: new Date().toISOString() } satisfies MapResponse }),
  );
  await page.goto("/operations/map");
  await expect(page.getByText("No truck to show yet")).toBeVisible();
  // The base map's settings come from the real server: no tile style set, so the shipped outlines.
  const base = await page.request.get("/api/geo/map-base");
  expect(await base.json()).toEqual({ tileStyleUrl: null });

  const context = await browser.newContext({ baseURL });
  const driver = await context.newPage();
  await loginAs(driver, "driver@demo.test");
  await expect(
    driver.getByRole("navigation").first().getByRole("link", { name: "Dispatch map" }),
  ).toHaveCount(0);
  await driver.goto("/operations/map");
  await expect(driver.getByRole("heading", { name: "Dispatch map" })).toHaveCount(0);
  await context.close();
});

/** A load's tracking as `GET /api/loads/{id}/tracking` answers it (loadTrackingSchema). */
function loadTracking(status: GeofenceEvent["status"]): LoadTracking {
  return {
    breadcrumb: [
      [41.88, -87.63],
      [41.7, -87.9],
      [41.525, -88.082],
    ],
    route: [
      [41.88, -87.63],
      [41.525, -88.082],
      [39.96, -82.99],
    ],
    // Half a minute more than the six read: the screen reads the age against a clock a moment older.
    last: { lat: 41.525, lon: -88.082, recordedAt: minutesAgo(6.5), source: "phone" },
    eta: {
      nextStopId: "s-2",
      remainingMiles: 612,
      etaAt: new Date(Date.now() + 23 * 3_600_000).toISOString(),
      basis: "estimated",
      avgSpeedMph: 50,
      hosBufferMinutes: 630,
      late: true,
      computedAt: minutesAgo(1),
    },
    geofenceEvents: [{ id: "g-1", stopId: "s-1", kind: "departed", at: minutesAgo(90), status }],
    stops: [
      { id: "s-1", locationName: "Lakeshore Foods", lat: 41.88, lon: -87.63 },
      { id: "s-2", locationName: "Buckeye Distribution", lat: 39.96, lon: -82.99 },
    ],
  };
}

test("the load page shows the truck, its ETA with the rest it includes, and dispatch confirms a GPS departure", async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAs(page, "dispatcher@demo.test");
  const load = await demoLoad(page);
  let decided: string | null = null;
  await page.route(`**/api/loads/${load.id}/tracking`, (route) =>
    route.fulfill({ json: loadTracking(decided ? "confirmed" : "proposed") }),
  );
  await page.route(`**/api/loads/${load.id}/geofence-events/*/*`, (route) => {
    decided = new URL(route.request().url()).pathname;
    return route.fulfill({
      json: { id: "g-1", stopId: "s-1", kind: "departed", at: minutesAgo(90), status: "confirmed" },
    });
  });
  await page.goto(`/operations/loads/${load.id}`);
  const panel = page.getByTestId("load-tracking-panel");
  await expect(panel.getByTestId("tracking-last-fix")).toContainText("Driver's phone · 6 minutes ago");
  await expect(panel.getByTestId("tracking-eta")).toContainText("Late");
  await expect(panel.getByTestId("tracking-eta")).toContainText("About 612 mi to go (estimated) at 50 mph");
  await expect(panel.getByTestId("tracking-hos")).toHaveText(
    "Includes 10 h 30 min for the breaks and rest the driver must take on the way (11 hours of driving, a 14-hour day, a 30-minute break after 8 hours).",
  );
  await expect(panel).toContainText("ETA at Buckeye Distribution");
  await expect(
    panel.locator('[data-marker="point"][aria-label^="The truck, last position 6 minutes ago"]'),
  ).toBeVisible();
  const event = panel.getByTestId("geofence-event");
  await expect(event).toContainText("Left Lakeshore Foods");
  await expect(event).toContainText("Proposed from GPS — not yet confirmed");
  await event.getByRole("button", { name: "Confirm" }).click();
  await expect(event).toContainText("Confirmed");
  await expect(event.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  expect(decided).toBe(`/api/loads/${load.id}/geofence-events/g-1/confirm`);

  // The load's own driver reads the same panel, without dispatch's decision.
  const context = await browser.newContext({ baseURL });
  const driver = await context.newPage();
  await loginAs(driver, "driver@demo.test");
  const own = (await (await driver.request.get("/api/loads?status=in_progress")).json()) as {
    items: { id: string }[];
  };
  expect(own.items.length).toBeGreaterThan(0);
  await driver.route(`**/api/loads/${own.items[0].id}/tracking`, (route) =>
    route.fulfill({ json: loadTracking("proposed") }),
  );
  await driver.goto(`/operations/loads/${own.items[0].id}`);
  await expect(driver.getByTestId("geofence-event")).toContainText("Proposed from GPS");
  await expect(
    driver.getByTestId("load-tracking-panel").getByRole("button", { name: "Confirm" }),
  ).toHaveCount(0);
  await context.close();
});
