import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, loginAs, signOut, toast } from "./fixtures";

const LANDINGS: Array<[string, RegExp]> = [
  ["admin@demo.test", /\/$/],
  ["manager@demo.test", /\/$/],
  ["dispatcher@demo.test", /\/$/],
  ["safety@demo.test", /\/$/],
  ["accountant@demo.test", /\/$/],
  ["driver@demo.test", /\/driver-dashboard$/],
  ["driver2@demo.test", /\/driver-dashboard$/],
  ["customer@demo.test", /\/customer-portal$/],
  ["customer2@demo.test", /\/customer-portal$/],
];

test.describe("signing in", () => {
  for (const [email, landing] of LANDINGS) {
    test(`${email} lands where the spec says`, async ({ page }) => {
      await loginAs(page, email);
      await expect(page).toHaveURL(landing);
      await expect(page.getByTestId("user-menu")).toBeVisible();
    });
  }

  test("the demo account list fills the form", async ({ page }) => {
    await page.goto("/login");
    await page.getByTestId("demo-account-dispatcher@demo.test").click();
    await expect(page.getByLabel("Email")).toHaveValue("dispatcher@demo.test");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a wrong password shows the spec's message and keeps the email", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("manager@demo.test");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(toast(page)).toContainText("Login failed");
    await expect(toast(page)).toContainText("Invalid email or password. Please try again.");
    await expect(page.getByLabel("Email")).toHaveValue("manager@demo.test");
  });

  test("empty fields get field errors, not a request", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email is required.")).toBeVisible();
  });
});

test.describe("session states and route guards", () => {
  test("a protected route sends a visitor to /login, and back after signing in", async ({ page }) => {
    await page.goto("/operations/loads");
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email").fill("dispatcher@demo.test");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/operations\/loads$/);
  });

  test("a driver opening /accounting is sent to / (and on to the driver dashboard)", async ({ page }) => {
    await loginAs(page, "driver@demo.test");
    await page.goto("/accounting");
    await expect(page).toHaveURL(/\/driver-dashboard$/);
  });

  test("the sidebar shows only what the role may open", async ({ page }) => {
    await loginAs(page, "accountant@demo.test");
    const nav = page.getByRole("navigation").first();
    await expect(nav.getByRole("link", { name: "Paid statements" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "User management" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Loads" })).toHaveCount(0);
  });

  test("signing out clears the session", async ({ page }) => {
    await loginAs(page, "safety@demo.test");
    await signOut(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a driver on a phone opens the menu drawer", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await loginAs(page, "driver2@demo.test");
    await expect(page).toHaveURL(/\/driver-dashboard$/);
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await expect(page.getByRole("link", { name: "Fuel log" }).first()).toBeVisible();
    await context.close();
  });

  test("signing in at an address the app does not serve says where to go, in the user's language", async ({
    page,
    baseURL,
  }) => {
    // The test server's PUBLIC_URL is http://localhost:<port>; the same server answers on 127.0.0.1.
    const other = baseURL!.replace("localhost", "127.0.0.1");
    await page.goto(`${other}/login?lng=es`);
    await page.getByLabel("Correo electrónico").fill("manager@demo.test");
    await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(toast(page)).toContainText(`Abra ${baseURL}`);
    await expect(toast(page)).not.toContainText("Invalid origin");
  });
});
