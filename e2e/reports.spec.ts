import { readFileSync } from "node:fs";
import { devices, expect, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";

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
    await form.getByRole("combobox", { name: "Jurisdiction" }).last().selectOption("NE");
    await rates.last().fill("0.296");
    await page.getByTestId("ifta-rates-save").click();
    await expect(toast(page)).toContainText("Tax rates saved.");
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
