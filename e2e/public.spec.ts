import { type Browser, expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { stop, uniqueLoadNumber } from "./load-helpers";

/** A small but real PDF: the server checks the bytes, not the name. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

test("anyone checks a delivery by load number, and an unknown number says so", async ({
  browser,
  page,
  baseURL,
}) => {
  const known = await deliveredLoad(browser, baseURL!);

  // A visitor without an account starts from the sign-in page.
  await page.goto("/login");
  await page.getByRole("link", { name: "Check a delivery status" }).click();
  await expect(page).toHaveURL(/\/track$/);
  await page.getByLabel("Load number").fill(known.toLowerCase());
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?number=${known}$`));
  const result = page.getByTestId("track-result");
  await expect(result).toContainText(known);
  await expect(page.getByTestId("track-status")).toHaveText("Delivered");
  await expect(result).toContainText("Pickup");
  await expect(result).toContainText("Delivery");
  await expect(page.getByTestId("track-last-update")).toContainText("Last update");
  // Nothing but status, cities and dates.
  await expect(result).not.toContainText("$");

  // The URL can be shared: opening it shows the same status.
  await page.goto(`/track?number=${known}`);
  await expect(page.getByTestId("track-status")).toHaveText("Delivered");

  await page.getByLabel("Load number").fill("LD-1999-99999");
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(toast(page)).toContainText("Load Not Found");
  await expect(toast(page)).toContainText("We couldn't find a load with the number you entered.");
  await expect(page.getByTestId("track-result")).toHaveCount(0);
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
 * The number of a delivered demo load (history no other flow changes), read the way staff would:
 * the load list.
 */
async function deliveredLoad(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const staff = await context.newPage();
  await loginAs(staff, "dispatcher@demo.test");
  const res = await staff.request.get("/api/loads?status=completed&pageSize=10");
  const number = (await res.json()).items[0].loadNumber as string;
  await context.close();
  return number;
}
