import { expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

const applicant = {
  name: "Hannah Reyes",
  company: "Coastal Citrus Co-op",
  email: `hannah.${Date.now()}@coastalcitrus.test`,
  phone: "+1 863 555 0147",
  password: "Oranges2026!",
};

test("registration → admin approval → the new customer signs in to the customer portal", async ({
  browser,
}) => {
  test.slow(); // three parties, two sign-ins each way and an approval: longer than one screen's flow
  // The applicant registers.
  const visitor = await browser.newPage();
  await visitor.goto("/login");
  await visitor.getByRole("link", { name: "Register as a customer" }).click();
  await expect(visitor).toHaveURL(/\/register$/);
  await visitor.getByLabel("Contact name").fill(applicant.name);
  await visitor.getByLabel("Company name").fill(applicant.company);
  await visitor.getByLabel("Email").fill(applicant.email);
  await visitor.getByLabel("Phone").fill(applicant.phone);
  await visitor.getByLabel("Password", { exact: true }).fill(applicant.password);
  await visitor.getByLabel("Confirm password").fill(applicant.password);
  await visitor.getByRole("button", { name: "Submit registration" }).click();
  await expect(toast(visitor)).toContainText("Registration Submitted!");
  await expect(toast(visitor)).toContainText(
    "Your account is pending review. You will be notified once it's approved.",
  );

  // A second request for the same email (another case) changes nothing and says it is pending.
  await visitor.goto("/register");
  await visitor.getByLabel("Contact name").fill("Someone Else");
  await visitor.getByLabel("Company name").fill(applicant.company);
  await visitor.getByLabel("Email").fill(applicant.email.toUpperCase());
  await visitor.getByLabel("Phone").fill(applicant.phone);
  await visitor.getByLabel("Password", { exact: true }).fill("Another2026!");
  await visitor.getByLabel("Confirm password").fill("Another2026!");
  await visitor.getByRole("button", { name: "Submit registration" }).click();
  await expect(toast(visitor)).toContainText("Already pending review");
  await expect(visitor.getByLabel("Contact name")).toHaveValue("Someone Else");

  // Before approval they cannot sign in: with their password they learn why; with another, nothing.
  await visitor.goto("/login");
  await visitor.getByLabel("Email").fill(applicant.email);
  await visitor.getByLabel("Password", { exact: true }).fill(applicant.password);
  await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(toast(visitor)).toContainText("Account pending review");
  await expect(toast(visitor)).toContainText("You will be notified once it's approved.");
  await visitor.getByLabel("Password", { exact: true }).fill("Another2026!");
  await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(toast(visitor)).toContainText("Login failed");

  // The admin approves.
  const admin = await browser.newPage();
  await loginAs(admin, "admin@demo.test");
  await admin.goto("/admin/account-review");
  const card = admin.getByTestId(`review-row-${applicant.email}`);
  await expect(card).toContainText(applicant.company);
  await card.getByRole("button", { name: "Approve" }).click();
  await admin.getByRole("button", { name: "Approve and create account" }).click();
  await expect(toast(admin)).toContainText("Account approved");

  // The approval email is in the outbox (no SMTP in this run).
  await admin.goto("/admin/actions");
  await admin.getByRole("tab", { name: /Mail outbox/ }).click();
  await expect(admin.getByText(applicant.email).first()).toBeVisible();

  // The new customer signs in with the password they chose and lands on the portal.
  await loginAs(visitor, applicant.email, applicant.password);
  await expect(visitor).toHaveURL(/\/customer-portal$/);
});

test("registering with an email that has an account says so and stores nothing", async ({ page }) => {
  // The existence check is part of the complete submission: the page asks no bare "does it exist?".
  const asked: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/registration")) asked.push(path);
  });
  await page.goto("/register");
  await page.getByLabel("Contact name").fill("Tom Becker");
  await page.getByLabel("Company name").fill("Great Lakes Foods Inc.");
  await page.getByLabel("Email").fill("customer@demo.test");
  await page.getByLabel("Phone").fill("+1 414 555 0110");
  await page.getByLabel("Password", { exact: true }).fill("Whatever2026!");
  await page.getByLabel("Confirm password").fill("Whatever2026!");
  await page.getByRole("button", { name: "Submit registration" }).click();
  await expect(toast(page)).toContainText("Account Exists");
  await expect(toast(page)).toContainText("An account with this email already exists. Please log in.");
  await expect(page.getByLabel("Company name")).toHaveValue("Great Lakes Foods Inc.");
  expect(asked).toEqual(["/api/registration"]);
});

test("a phone that is not a phone number is refused on the form, in the reader's language", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/registration")) sent.push(r.url());
  });
  await page.goto("/register?lng=es");
  await page.getByLabel("Nombre de contacto").fill("Tom Becker");
  await page.getByLabel("Nombre de la empresa").fill("Great Lakes Foods Inc.");
  await page.getByLabel("Correo electrónico").fill(`tom.${Date.now()}@greatlakes.test`);
  await page.getByLabel("Teléfono").fill("abc");
  await page.getByLabel("Contraseña", { exact: true }).fill("Whatever2026!");
  await page.getByLabel("Confirmar contraseña").fill("Whatever2026!");
  await page.getByRole("button", { name: "Enviar registro" }).click();
  await expect(page.getByText("Introduzca un número de teléfono válido.")).toBeVisible();
  await expect(page.getByLabel("Teléfono")).toHaveAttribute("aria-invalid", "true");
  // Nothing reached the server; what was typed stays.
  expect(sent).toEqual([]);
  await expect(page.getByLabel("Nombre de la empresa")).toHaveValue("Great Lakes Foods Inc.");
  // A real number (written the American way, without +1) goes through the form's check.
  await page.getByLabel("Teléfono").fill("(414) 555-0110");
  await page.getByRole("button", { name: "Enviar registro" }).click();
  await expect(page.getByText("Introduzca un número de teléfono válido.")).toHaveCount(0);
});
