import { type Browser, expect, type Page, test } from "@playwright/test";
import { loginAs, pickOption, toast } from "./fixtures";

export interface StopData {
  type: "pickup" | "delivery";
  locationName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  /** `datetime-local` value, local time. */
  scheduledAt: string;
  contactName: string;
  contactPhone: string;
}

export const STOP_FIELDS = [
  "locationName",
  "address",
  "city",
  "state",
  "postalCode",
  "scheduledAt",
  "contactName",
  "contactPhone",
] as const;

export const stop = (type: StopData["type"], city: string, state: string, scheduledAt: string): StopData => ({
  type,
  locationName: `${city} ${type === "pickup" ? "Warehouse" : "Distribution Center"}`,
  address: "100 Commerce Dr",
  city,
  state,
  postalCode: "60601",
  scheduledAt,
  contactName: "Pat Reyes",
  contactPhone: "+1 312 555 0100",
});

/** A number no seeded or earlier load has: each test makes its own loads. */
export const uniqueLoadNumber = (prefix: string) =>
  `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

/** A separate signed-in browser for a second user in the same test. */
export async function openAs(
  browser: Browser,
  email: string,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
  password?: string,
): Promise<Page> {
  const mobile = viewport.width < 640;
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport,
    isMobile: mobile,
    hasTouch: mobile,
  });
  const page = await context.newPage();
  await loginAs(page, email, password);
  // Headless Chromium paces animation frames of background pages; toasts need them.
  await page.bringToFront();
  return page;
}

/** Chooses a driver in the load form's picker by name and checks the choice took. */
export async function pickDriver(page: Page, name: string) {
  await page.getByLabel("Driver", { exact: true }).click();
  await page.getByPlaceholder("Type to search…").fill(name);
  await pickOption(page, new RegExp(name));
  await expect(page.getByLabel("Driver", { exact: true })).toContainText(name);
}

/** Fills the new-load form like a dispatcher and saves; resolves on the new load's page. */
export async function createLoad(
  page: Page,
  options: {
    loadNumber: string;
    stops: StopData[];
    baseRate?: string;
    fuelSurcharge?: string;
    driver?: string;
    postToBoard?: boolean;
  },
): Promise<string> {
  await page.goto("/operations/loads");
  await page.getByTestId("new-load").click();
  await expect(page).toHaveURL(/\/operations\/loads\/new$/);
  // The number comes prefilled from the sequence; this test picks its own.
  await expect(page.getByTestId("field-loadNumber")).not.toHaveValue("");
  await page.getByTestId("field-loadNumber").fill(options.loadNumber);
  for (let i = 2; i < options.stops.length; i++) {
    await page
      .getByRole("button", { name: options.stops[i].type === "pickup" ? "Add pickup" : "Add delivery" })
      .click();
  }
  for (const [i, s] of options.stops.entries()) {
    await page.getByTestId(`stop-${i}-type`).selectOption(s.type);
    for (const field of STOP_FIELDS) await page.getByTestId(`stop-${i}-${field}`).fill(s[field]);
  }
  await page.getByTestId("field-baseRate").fill(options.baseRate ?? "1250");
  if (options.fuelSurcharge) await page.getByTestId("field-fuelSurcharge").fill(options.fuelSurcharge);
  if (options.driver) await pickDriver(page, options.driver);
  if (options.postToBoard) await page.getByTestId("field-postedToBoard").check();
  await page.getByTestId("save-load").click();
  // The toast comes with the answer, before the load's page has drawn: on a busy machine the page can
  // take longer than the toast's 5 s, so it is read first.
  await expect(toast(page)).toContainText("Load created");
  await expect(page).toHaveURL(/\/operations\/loads\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("load-number")).toHaveText(options.loadNumber);
  return page.url();
}

export const loadStatus = (page: Page) => page.getByTestId("load-header").locator("[data-status]").first();

/**
 * Types into a list's search box and waits for the server's answer: the query lands in the URL
 * (after the box's pause), then the "Updating…" spinner of the refetch goes away.
 */
export async function searchList(page: Page, box: string, text: string) {
  await page.getByRole("searchbox", { name: box }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
  await expect(page.getByText("Updating…")).toHaveCount(0);
}

/** The Origin header a write through `page.request` needs (the server checks it, as a browser sends it). */
export const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** A JSON write through the API as the signed-in user; a failure names the path and the answer. */
export async function send<T>(page: Page, method: "post" | "put", path: string, data: unknown): Promise<T> {
  const res = await page.request[method](path, { headers: origin(page), data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The id of the first customer or driver whose name matches `q`. */
export async function lookup(page: Page, kind: "customers" | "drivers", q: string): Promise<string> {
  const res = await page.request.get(`/api/lookups/${kind}?q=${encodeURIComponent(q)}`);
  const rows = (await res.json()) as Array<{ id: string }>;
  return rows[0].id;
}

/** An instant some hours from now (negative: ago), as the API takes it. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A stop's place at a Wisconsin dock, for loads a spec writes through the API. */
export const dockIn = (locationName: string, city: string) => ({
  locationName,
  address: "1 Dock St",
  city,
  state: "WI",
  postalCode: "53202",
});
