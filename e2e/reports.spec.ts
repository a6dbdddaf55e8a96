import { readFileSync } from "node:fs";
import { devices, expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { openAs, stop, uniqueLoadNumber } from "./load-helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const REPORTS = [
  ["overview", "Fleet overview"],
  ["financial", "Financial"],
  ["operational", "Operational"],
  ["maintenance", "Maintenance"],
  ["compliance", "Compliance"],
  ["profit-and-loss", "Profit and loss"],
  ["ifta", "IFTA fuel tax"],
] as const;

test.describe("reports", () => {
  test("a manager opens every report, switches the period, follows a figure to its rows and downloads the PDF and Excel", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await loginAs(page, "manager@demo.test");
    await page.goto("/reports");
    await expect(page).toHaveURL(/\/reports\/overview$/);
    for (const [id, name] of REPORTS) {
      await page
        .getByRole("navigation", { name: "Reports" })
        .getByRole("link", { name, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/reports/${id}`));
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId("report-section-summary")).toBeVisible();
    }

    // This year, then the comparison it is measured against.
    await page
      .getByRole("navigation", { name: "Reports" })
      .getByRole("link", { name: "Fleet overview" })
      .click();
    await page.getByTestId("report-period").selectOption("this-year");
    await expect(page).toHaveURL(/period=this-year/);
    const year = new Date().getFullYear();
    await expect(page.getByTestId("report-range")).toContainText(`Jan 1, ${year} – Dec 31, ${year}`);
    await expect(page.getByTestId("report-range")).toContainText(`Compared with Jan 1, ${year - 1}`);

    // A custom range is checked before it is applied.
    await page.getByTestId("report-period").selectOption("custom");
    await page.getByTestId("report-from").fill(`${year}-03-31`);
    await page.getByTestId("report-to").fill(`${year}-03-01`);
    await page.getByTestId("report-apply").click();
    await expect(page.getByRole("alert")).toHaveText(
      "The period's first day must not be after its last day.",
    );
    await page.getByTestId("report-period").selectOption("this-year");

    // A chart has its table one click away.
    await page.getByTestId("view-table-loadsByStatus").click();
    await expect(page.getByTestId("chart-loadsByStatus").getByRole("table")).toContainText("Completed");

    // Revenue opens the loads it is made of.
    const revenue = await page.getByTestId("figure-revenue").getByTestId("figure-value").textContent();
    expect(revenue).toMatch(/^\$[\d,]+\.\d{2}$/);
    await page.getByTestId("figure-revenue").click();
    await expect(page).toHaveURL(new RegExp(`/operations/loads\\?from=${year}-01-01&to=${year}-12-31`));
    await expect(page.getByRole("heading", { name: "Loads", level: 1 })).toBeVisible();
    await page.goBack();

    // Downloads: the PDF and the Excel workbook of the report on screen.
    await page.goto("/reports/profit-and-loss?period=this-year");
    await expect(page.getByTestId("report-section-summary")).toBeVisible();
    await page.getByTestId("report-download").click();
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-download-pdf").click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`report-profit-and-loss-${year}-01-01-${year}-12-31.pdf`);
    expect(
      readFileSync((await pdf.path()) ?? "")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    await page.getByTestId("report-download").click();
    const [xlsx] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-download-xlsx").click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`report-profit-and-loss-${year}-01-01-${year}-12-31.xlsx`);
    // An .xlsx is a zip archive.
    expect(
      readFileSync((await xlsx.path()) ?? "")
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
  });

  test("a dispatcher sees the fleet, operational, maintenance, compliance and IFTA reports only", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/reports/overview");
    const nav = page.getByRole("navigation", { name: "Reports" });
    await expect(nav.getByRole("link")).toHaveCount(5);
    await expect(nav.getByRole("link", { name: "Financial" })).toHaveCount(0);
    await page.goto("/reports/financial");
    await expect(page.getByText("This report holds the ledger's figures")).toBeVisible();
  });

  test("a manager enters the quarter's IFTA tax rates", async ({ page }) => {
    await loginAs(page, "manager@demo.test");
    await page.goto("/reports/ifta");
    await expect(page.getByTestId("figure-fleetMpg")).toBeVisible();
    await page.getByTestId("ifta-rates").click();
    const form = page.getByTestId("ifta-rates-form");
    await expect(form).toBeVisible();
    await form.getByRole("button", { name: "Add a jurisdiction" }).click();
    const rates = form.getByRole("textbox", { name: "Rate per gallon" });
    await rates.last().fill("abc");
    await page.getByTestId("ifta-rates-save").click();
    await expect(form.getByRole("alert").first()).toContainText("Enter the rate per gallon");
    // A jurisdiction the demo's rates leave out (they cover every state its lanes cross).
    await form.getByRole("combobox", { name: "Jurisdiction" }).last().selectOption("WY");
    await rates.last().fill("0.240");
    await page.getByTestId("ifta-rates-save").click();
    await expect(toast(page)).toContainText("Tax rates saved.");
  });

  test("the IFTA report says what each figure is, warns on missing rates and an implausible MPG, and calls the tax final only with every rate", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // A quarter of its own, years before the demo data: a load through three states (181 miles) and
    // 100 gallons bought in two of them, so the figures are this test's alone.
    const year = 2001 + Math.floor(Math.random() * 15);
    const quarter = `${year}-Q2`;
    const jake = await openAs(browser, "driver@demo.test");
    const headers = { origin: new URL(jake.url()).origin };
    const { items: trucks } = await (await jake.request.get("/api/fuel-entries/vehicles")).json();
    const fill = async (state: string, at: string, odometer: number, gallons: string, total: string) => {
      const res = await jake.request.post("/api/fuel-entries", {
        headers,
        multipart: {
          vehicleId: trucks[0].id,
          fueledAt: `${year}-${at}`,
          location: `${state} Truck Plaza`,
          state,
          odometer: String(odometer),
          fuelType: "diesel",
          gallons,
          pricePerGallon: "3.000",
          totalAmount: total,
          receipt: { name: "receipt.pdf", mimeType: "application/pdf", buffer: PDF },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    await fill("IL", "05-10T14:00:00-05:00", 1000, "60.000", "180.00");
    await fill("NE", "05-11T09:00:00-05:00", 1120, "40.000", "120.00");
    await jake.context().close();

    await loginAs(page, "manager@demo.test");
    const origin = { origin: new URL(page.url()).origin };
    const created = await page.request.post("/api/loads", {
      headers: origin,
      data: {
        loadNumber: uniqueLoadNumber("IFTA"),
        baseRate: "900",
        stops: [
          stop("pickup", "Chicago", "IL", `${year}-05-10T13:00:00.000Z`),
          stop("delivery", "Cheyenne", "WY", `${year}-05-12T13:00:00.000Z`),
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const miles = await page.request.put(`/api/loads/${(await created.json()).id}/state-miles`, {
      headers: origin,
      data: {
        items: [
          { jurisdiction: "IL", miles: "100" },
          { jurisdiction: "NE", miles: "50.5" },
          { jurisdiction: "WY", miles: "30.5" },
        ],
      },
    });
    expect(miles.status(), await miles.text()).toBe(200);
    const rates = (list: Array<{ jurisdiction: string; rate: string }>) =>
      page.request.put(`/api/reports/ifta/rates?quarter=${quarter}`, {
        headers: origin,
        data: { rates: list },
      });
    expect((await rates([{ jurisdiction: "IL", rate: "0.467" }])).status()).toBe(200);

    await page.goto(`/reports/ifta?period=custom&from=${year}-04-01&to=${year}-06-30`);
    const tile = (key: string) => page.getByTestId(`figure-${key}`);
    // Each figure named for what it is: 100 / 1.81 + 50.5 / 1.81 + 30.5 / 1.81 = 55.25 + 27.90 + 16.85.
    await expect(tile("taxableGallons")).toContainText("Taxable gallons (miles ÷ fleet MPG)");
    await expect(tile("taxableGallons").getByTestId("figure-value")).toHaveText("100");
    await expect(tile("taxPaidGallons")).toContainText("Tax-paid gallons (fuel bought)");
    await expect(tile("taxPaidGallons").getByTestId("figure-value")).toHaveText("100");
    await expect(tile("fleetMpg").getByTestId("figure-value")).toHaveText("1.81");
    const warnings = page.getByTestId("report-warnings");
    await expect(warnings).toContainText(`2 jurisdictions have no tax rate for ${quarter}: NE, WY.`);
    await expect(warnings).toContainText(
      "A fleet MPG of 1.81 is not plausible for trucks (expected between 3 and 12)",
    );
    await expect(tile("netTax").getByTestId("figure-value")).toHaveText(
      "Incomplete — 2 jurisdictions lack a rate",
    );
    await page.getByTestId("view-table-iftaByJurisdiction").click();
    const totals = page.getByTestId("chart-iftaByJurisdiction").locator('[data-incomplete="true"]');
    await expect(totals).toHaveCount(3);
    await expect(totals.first()).toHaveText("Incomplete — 2 jurisdictions lack a rate");

    // Every rate entered: final. Due 25.80 + 8.26 + 4.04 = 38.10; paid 28.02 + 11.84 = 39.86; net −1.76.
    expect(
      (
        await rates([
          { jurisdiction: "IL", rate: "0.467" },
          { jurisdiction: "NE", rate: "0.296" },
          { jurisdiction: "WY", rate: "0.24" },
        ])
      ).status(),
    ).toBe(200);
    await page.reload();
    await expect(tile("taxDue").getByTestId("figure-value")).toHaveText("$38.10");
    await expect(tile("taxPaid").getByTestId("figure-value")).toHaveText("$39.86");
    await expect(tile("netTax").getByTestId("figure-value")).toHaveText("-$1.76");
    await expect(warnings).not.toContainText("no tax rate");
    await expect(warnings).toContainText("A fleet MPG of 1.81 is not plausible");

    await page.goto(`/reports/ifta?period=custom&from=${year}-04-01&to=${year}-06-30&lng=es`);
    await expect(tile("taxableGallons")).toContainText("Galones gravables (millas ÷ MPG de la flota)");
    await expect(warnings).toContainText("Un MPG de la flota de 1,81 no es plausible");
  });
});

test.describe("dashboards", () => {
  const TILES: Record<string, { shown: string[]; hidden: string[] }> = {
    admin: { shown: ["tile-pickupsToday", "tile-revenueWeek", "tile-expired"], hidden: [] },
    manager: { shown: ["tile-pickupsToday", "tile-revenueWeek", "tile-expired"], hidden: [] },
    dispatcher: {
      shown: ["tile-pickupsToday", "tile-unassigned", "tile-requests"],
      hidden: ["tile-revenueWeek", "tile-expired"],
    },
    safety: {
      shown: ["tile-expired", "tile-citations", "tile-maintenance"],
      hidden: ["tile-pickupsToday", "tile-revenueWeek"],
    },
    accountant: {
      shown: ["tile-revenueWeek", "tile-overdue", "tile-bills"],
      hidden: ["tile-pickupsToday", "tile-expired"],
    },
  };
  for (const [role, { shown, hidden }] of Object.entries(TILES)) {
    test(`the ${role}'s dashboard shows the ${role}'s tiles and the week's activity`, async ({ page }) => {
      await loginAs(page, `${role}@demo.test`);
      await expect(page.getByTestId("recent-activity")).toBeVisible();
      await expect(page.getByText("What happened in the last 7 days")).toBeVisible();
      for (const id of shown) await expect(page.getByTestId(id)).toBeVisible();
      for (const id of hidden) await expect(page.getByTestId(id)).toHaveCount(0);
    });
  }

  test("the recent activity words a permission change and an automated-notification switch in the reader's language", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test");
    const origin = new URL(page.url()).origin;
    const permission = (granted: boolean) =>
      page.request.put("/api/permissions", {
        headers: { origin },
        data: { changes: [{ role: "dispatcher", permission: "reports:money", granted }] },
      });
    const billDue = (sms: boolean) =>
      page.request.put("/api/notifications/automated", {
        headers: { origin },
        data: { switches: [{ event: "bill.due", inApp: true, email: true, sms }] },
      });
    // Given and taken back at once (the other tests never see it); the audit log keeps both.
    expect((await permission(true)).status()).toBe(200);
    expect((await permission(false)).status()).toBe(200);
    expect((await billDue(true)).status()).toBe(200);
    expect((await billDue(false)).status()).toBe(200);

    await page.goto("/");
    const activity = page.getByTestId("recent-activity");
    await expect(activity).toContainText(
      "Changed role permissions · Open money reports: given to Dispatcher",
    );
    await expect(activity).toContainText("Open money reports: taken from Dispatcher");
    await expect(activity).toContainText("Bill due, SMS: on");
    await expect(activity).toContainText("Bill due, SMS: off");
    // No stored key shows: not the permission's, the role's, the channel's nor the event's.
    await expect(activity).not.toContainText(/reports:money|dispatcher [+−]|bill\.due|sms (on|off)/);

    await page.goto("/?lng=es");
    await expect(activity).toContainText("Abrir informes de dinero: concedido a Despachador");
    await expect(activity).toContainText("Abrir informes de dinero: retirado a Despachador");
    await expect(activity).toContainText("Cuenta por pagar, SMS: activado");
    await expect(activity).not.toContainText(/reports:money|dispatcher [+−]|bill\.due|sms (on|off)/);

    // The audit log words them with the same words, its details too.
    await page.goto("/admin/actions?lng=es");
    const log = page.getByRole("table");
    await expect(log).toContainText("Abrir informes de dinero: retirado a Despachador");
    await expect(log).toContainText("Cuenta por pagar, SMS: desactivado");
    await expect(log).not.toContainText(/reports:money|dispatcher [+−]|bill\.due|sms (on|off)/);
  });

  test("a money tile opens its screen; the bills list covers the next 7 days", async ({ page }) => {
    await loginAs(page, "accountant@demo.test");
    await expect(page.getByTestId("upcoming-bills")).toContainText("Upcoming bills · next 7 days");
    await page.getByTestId("tile-overdue").click();
    await expect(page).toHaveURL(/\/customers\/invoice\?status=overdue/);
  });

  test("a driver sees the week on the phone and records a load's state miles", async ({ browser }) => {
    const context = await browser.newContext({
      ...devices["Pixel 7"],
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await loginAs(page, "driver@demo.test");
    await expect(page).toHaveURL(/\/driver-dashboard/);
    await expect(page.getByTestId("my-week")).toContainText("Loads delivered");
    await page.getByRole("link", { name: "Open" }).first().click();
    const panel = page.getByTestId("state-miles");
    await expect(panel).toBeVisible();
    await panel.getByTestId("state-miles-edit").click();
    const form = page.getByTestId("state-miles-form");
    // Start from one row (the demo records a trip's states on delivery; one on the road may have none).
    const remove = form.getByRole("button", { name: "Delete" });
    while ((await remove.count()) > 1) await remove.last().click();
    const box = await form.getByRole("combobox", { name: "State or province" }).first().boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await form.getByRole("combobox", { name: "State or province" }).first().selectOption("WI");
    await form.getByRole("textbox", { name: "Miles" }).first().fill("212.4");
    await form.getByRole("button", { name: "Add a state" }).click();
    await form.getByRole("combobox", { name: "State or province" }).last().selectOption("IL");
    await form.getByRole("textbox", { name: "Miles" }).last().fill("98");
    await page.getByTestId("state-miles-save").click();
    await expect(toast(page)).toContainText("State miles saved.");
    await expect(page.getByTestId("state-miles-total")).toContainText("Total 310.4 mi");
    await context.close();
  });
});
