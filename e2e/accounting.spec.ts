import { expect, type Page, test } from "@playwright/test";
import { loginAs, toast } from "./fixtures";
import { openAs, stop, uniqueLoadNumber } from "./load-helpers";

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

const originOf = (page: Page) => ({ origin: new URL(page.url()).origin });

async function newCustomer(dispatcher: Page, companyName: string): Promise<string> {
  const res = await dispatcher.request.post("/api/customers", {
    headers: originOf(dispatcher),
    data: {
      name: "Accounts payable",
      companyName,
      email: `ap-${companyName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}@example.test`,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

/** A load booked, driven and delivered with its signed BOL, through the API as dispatch. */
async function deliveredLoad(dispatcher: Page, customerId: string, baseRate: string): Promise<string> {
  const headers = originOf(dispatcher);
  const drivers = await (await dispatcher.request.get("/api/lookups/drivers?q=")).json();
  const driver = drivers.find(
    (d: { fullName: string; status: string }) => d.status === "available" && d.fullName !== "Jake Wilson",
  );
  const loadNumber = uniqueLoadNumber("BQ");
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const created = await dispatcher.request.post("/api/loads", {
    headers,
    data: {
      loadNumber,
      customerId,
      driverId: driver.id,
      baseRate,
      stops: [stop("pickup", "Joliet", "IL", day(3)), stop("delivery", "Peoria", "IL", day(2))],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const move = (status: string) =>
    dispatcher.request.post(`/api/loads/${id}/status`, { headers, data: { status } });
  expect((await move("in_progress")).status()).toBe(200);
  const bol = await dispatcher.request.post(`/api/loads/${id}/files`, {
    headers,
    multipart: {
      kind: "bol",
      file: { name: "signed-bol.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF) },
    },
  });
  expect(bol.status()).toBe(201);
  expect((await move("completed")).status()).toBe(200);
  return loadNumber;
}

test.describe("the ledger", () => {
  test("an accountant enters an expense with its receipt, finds it in the totals, then voids it with a reason", async ({
    page,
  }) => {
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/transactions");
    await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
    // The demo ledger is alive: sources posted their money, the totals are there.
    await expect(page.locator('[data-testid^="ledger-row-"]').first()).toBeVisible();
    await expect(page.getByTestId("total-income")).toContainText("$");

    const payee = `E2E Storage ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByTestId("new-ledger-entry").click();
    const dialog = page.getByRole("dialog");
    // Nothing but the payee: the form names what is missing and keeps what was typed.
    await dialog.getByLabel("Paid to or received from").fill(payee);
    await dialog.getByLabel("Date").fill("");
    await dialog.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page)).toContainText("Missing Information");
    await expect(dialog.getByText("Enter the date.")).toBeVisible();
    await expect(dialog.getByText("Choose a category.")).toBeVisible();
    await expect(dialog.getByText("Enter the amount.")).toBeVisible();
    await expect(dialog.getByLabel("Paid to or received from")).toHaveValue(payee);

    await dialog.getByLabel("Date").fill("2026-11-02");
    await dialog.getByLabel("Amount").fill("1234.56");
    await dialog.getByLabel("Category").selectOption("office");
    await dialog.getByLabel("Payment method").selectOption("check");
    await dialog.getByLabel("Reference").fill("CHK 7781");
    await dialog.getByTestId("ledger-form-receipt").setInputFiles({
      name: "storage-invoice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(PDF),
    });
    await dialog.getByRole("button", { name: "Add transaction" }).click();
    await expect(toast(page)).toContainText("Transaction saved");
    await expect(dialog).toHaveCount(0);

    await page.getByRole("searchbox", { name: "Search transactions" }).fill(payee);
    const rows = page.locator('[data-testid^="ledger-row-"]');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("−$1,234.56");
    await expect(rows).toContainText("CHK 7781");
    await expect(page.getByTestId("total-expense")).toContainText("$1,234.56");
    await expect(page.getByTestId("total-net")).toContainText("-$1,234.56");

    // Its receipt opens from the row's menu.
    await rows.getByRole("button", { name: /Actions/ }).click();
    await expect(page.getByRole("menuitem", { name: "View receipt" })).toHaveAttribute("href", /\/receipt$/);
    await page.getByRole("menuitem", { name: "Void" }).click();
    const confirm = page.getByRole("dialog");
    await confirm.getByRole("button", { name: "Void transaction" }).click();
    await expect(confirm.getByText("Say why this transaction is void.")).toBeVisible();
    await confirm.getByLabel("Reason").fill("Entered on the wrong month");
    await confirm.getByRole("button", { name: "Void transaction" }).click();
    await expect(toast(page)).toContainText("Transaction voided");

    // Posted only (the default): gone, and out of the totals. With void ones: there, struck through.
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId("total-expense")).toContainText("$0.00");
    await page.getByRole("combobox", { name: "Status" }).selectOption("all");
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId("void-reason")).toContainText(
      "Voided by Ava Chen: Entered on the wrong month",
    );
  });

  test("an accountant adds a monthly subscription bill, pays it, and sees the next due date and the expense", async ({
    page,
  }) => {
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/bills");
    await expect(page.getByRole("heading", { name: "Bills" })).toBeVisible();
    // The demo has bills due this week and an overdue truck payment.
    await expect(page.getByTestId("bills-overdue")).toContainText("bills");

    const name = `E2E trailer lease ${Math.random().toString(36).slice(2, 6)}`;
    await page.getByTestId("new-bill").click();
    const form = page.getByRole("dialog");
    await form.getByLabel("Bill", { exact: true }).fill(name);
    await form.getByLabel("Vendor").fill("XTRA Lease");
    await form.getByLabel("Service").selectOption("truck_payment");
    await form.getByLabel("Amount").fill("890");
    await form.getByLabel("Due date").fill("2026-12-10");
    await form.getByRole("button", { name: "Add bill" }).click();
    await expect(toast(page)).toContainText("Bill saved");

    await page.getByRole("searchbox", { name: "Search bills" }).fill(name);
    const row = page.locator('[data-testid^="bill-row-"]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Dec 10, 2026");
    await expect(row).toContainText("$890.00");
    await row.getByRole("button", { name: "Mark as paid" }).click();
    const pay = page.getByRole("dialog");
    await expect(pay.getByTestId("pay-bill-next")).toContainText("The next due date will be Jan 10, 2027.");
    await pay.getByLabel("Payment method").selectOption("check");
    await pay.getByLabel(/Reference/).fill("CHK 2201");
    await pay.getByRole("button", { name: "Mark as paid" }).click();
    await expect(toast(page)).toContainText("Paid. Next due Jan 10, 2027.");
    await expect(row).toContainText("Jan 10, 2027");

    // The payment is an expense in the ledger, posted by its bill.
    await page.goto(`/accounting/transactions?q=${encodeURIComponent("XTRA Lease")}`);
    const entry = page.locator('[data-testid^="ledger-row-"]');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("−$890.00");
    await expect(entry).toContainText("Bill payment");
    await expect(entry).toContainText("Truck and trailer payments");
  });

  test("from the sidebar's pending payments, an accountant pays an overdue bill and finds it in the paid history", async ({
    page,
  }) => {
    await loginAs(page, "accountant@demo.test");
    await page.goto("/accounting/bills");
    // Its own overdue bill (a retry or the other worker never finds the demo's one already paid).
    const name = `Cargo insurance endorsement ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const created = await page.request.post("/api/bills", {
      headers: originOf(page),
      data: {
        name,
        vendor: "Progressive Commercial",
        billType: "one_time",
        serviceType: "insurance",
        amount: "1250.00",
        dueDate: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
        accountNumber: "PGR-0048812",
      },
    });
    expect(created.status()).toBe(201);
    const nav = page.getByRole("navigation", { name: /main/i });
    await nav.getByRole("link", { name: "Pending payments" }).click();
    await expect(page).toHaveURL(/\/accounting\?view=pending$/);
    await expect(page.getByRole("heading", { name: "Pending payments" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pending payments" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "All payments" })).not.toHaveAttribute("aria-current", "page");

    await page.getByRole("searchbox", { name: "Search payments" }).fill(name);
    const row = page.locator('[data-testid^="payment-row-"]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Overdue");
    await expect(row).toContainText("−$1,250.00");
    await row.getByRole("button", { name: "Mark as paid" }).click();
    const pay = page.getByRole("dialog");
    await pay.getByRole("button", { name: "Mark as paid" }).click();
    await expect(toast(page)).toContainText("Bill paid");
    await expect(row).toHaveCount(0);

    await nav.getByRole("link", { name: "Paid history" }).click();
    await expect(page.getByRole("heading", { name: "Paid history" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search payments" }).fill(name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Bill paid");
    await expect(row).toContainText("Paid");
  });

  test("an accountant bills three delivered loads for two customers from the billing queue", async ({
    page,
    browser,
  }) => {
    // Dispatch delivers three loads for two new customers (their own, so no other test bills them).
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
    const [north, south] = [
      await newCustomer(dispatcher, `North ${tag} Foods`),
      await newCustomer(dispatcher, `South ${tag} Steel`),
    ];
    const picked = [
      await deliveredLoad(dispatcher, north, "1200.00"),
      await deliveredLoad(dispatcher, north, "800.00"),
      await deliveredLoad(dispatcher, south, "950.00"),
    ];
    await dispatcher.context().close();

    await loginAs(page, "accountant@demo.test");
    await page.goto(`/accounting/bill-customer?q=${tag}`);
    await expect(page.getByRole("heading", { name: "Bill a customer" })).toBeVisible();
    await expect(page.getByTestId("queue-group")).toHaveCount(2);
    await expect(page.getByTestId("queue-summary")).toContainText(
      "3 loads for 2 customers waiting to be billed: $2,950.00.",
    );
    await page.getByRole("checkbox", { name: `Select every load of North ${tag} Foods` }).check();
    await page.getByRole("checkbox", { name: `Select load ${picked[2]}` }).check();
    await expect(page.getByTestId("queue-actions")).toContainText("3 loads selected · $2,950.00");
    await page.getByLabel("Email each invoice").check();
    await page.getByTestId("queue-create").click();
    const progress = page.getByRole("dialog");
    await expect(progress).toContainText("2 of 2 done");
    await expect(progress.locator('[data-state="done"]')).toHaveCount(2);
    await expect(progress.getByRole("link", { name: /^Invoice / })).toHaveCount(2);
    await progress.getByRole("button", { name: "Close" }).first().click();

    await expect(page.getByTestId("queue-group")).toHaveCount(0);
    const invoices = await (await page.request.get(`/api/invoices?q=${picked[0]}`)).json();
    expect(invoices.items[0].status).toBe("sent");
    expect(invoices.items[0].total).toBe("2000.00");
  });

  test("a load whose BOL was rejected waits in the queue and says why, in the reader's language", async ({
    page,
    browser,
  }) => {
    const dispatcher = await openAs(browser, "dispatcher@demo.test");
    const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
    const customer = await newCustomer(dispatcher, `Held ${tag} Paper`);
    const loadNumber = await deliveredLoad(dispatcher, customer, "700.00");
    await dispatcher.context().close();

    await loginAs(page, "accountant@demo.test");
    const [queued] = (await (await page.request.get(`/api/billing-queue?q=${loadNumber}`)).json()).items;
    const reason = "Receiver signature missing";
    const rejected = await page.request.post(`/api/paperwork/${queued.id}/reject`, {
      headers: originOf(page),
      data: { reason },
    });
    expect(rejected.status()).toBe(200);

    await page.goto(`/accounting/bill-customer?q=${tag}`);
    const row = page.getByTestId(`queue-load-${queued.id}`);
    await expect(row.getByTestId("queue-hold")).toHaveText(`BOL rejected: ${reason}`);
    // Billed without the override, it stays in the queue and the progress says why.
    await row.getByRole("checkbox", { name: `Select load ${loadNumber}` }).check();
    await page.getByTestId("queue-create").click();
    const progress = page.getByRole("dialog");
    await expect(progress.locator('[data-state="held"]')).toContainText(
      `Held back: ${loadNumber} (BOL rejected: ${reason}).`,
    );
    await progress.getByRole("button", { name: "Close" }).first().click();
    await expect(row).toBeVisible();

    await page.goto(`/accounting/bill-customer?q=${tag}&lng=es`);
    await expect(row.getByTestId("queue-hold")).toHaveText(`BOL rechazado: ${reason}`);
    await page.goto(`/accounting/bill-customer?q=${tag}&lng=fr`);
    await expect(row.getByTestId("queue-hold")).toHaveText(`BOL refusé : ${reason}`);
  });

  test("a search's estimated totals say so — about N, estimated, from a sample — in en, es and fr, at 1440 and 375 px", async ({
    page,
  }) => {
    await loginAs(page, "accountant@demo.test");
    // The demo ledger is far below the 20,000 matches past which a search's count and sums are
    // estimated: the server's own answer comes back flagged as an estimate, as it is at a million loads.
    await page.route(/\/api\/ledger\?/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, total: 123_456, totalIsEstimate: true } });
    });
    const words = {
      en: [
        "about 123,456",
        "Estimated",
        "More than 20,000 match: estimated from a sample",
        "of about 123,456",
      ],
      es: [
        "aprox. 123.456",
        "Estimado",
        "Coinciden más de 20.000: estimado a partir de una muestra",
        "123.456",
      ],
      fr: ["environ 123", "Estimation", "Plus de 20", "123"],
    } as const;
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      for (const lng of ["en", "es", "fr"] as const) {
        await page.goto(`/accounting/transactions?q=LD&lng=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        const [about, estimated, why, pager] = words[lng];
        await expect(page.getByTestId("ledger-totals")).toHaveAttribute("data-estimate", "true");
        await expect(page.getByTestId("total-count")).toContainText(about);
        await expect(page.getByTestId("total-count")).toContainText(why);
        for (const tile of ["total-income", "total-expense", "total-net"])
          await expect(page.getByTestId(tile)).toContainText(estimated);
        await expect(page.getByText(new RegExp(pager.replace(/[.]/g, "\\.")))).not.toHaveCount(0);
        // Nothing runs off the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.getByTestId("ledger-totals").screenshot({
          path: test.info().outputPath(`ledger-estimate-${width}-${lng}.png`),
        });
      }
    }
  });

  test("a dispatcher has no way in", async ({ page }) => {
    await loginAs(page, "dispatcher@demo.test");
    expect((await page.request.get("/api/ledger")).status()).toBe(403);
    await page.goto("/accounting/transactions");
    await expect(page).not.toHaveURL(/\/accounting\/transactions/);
  });
});
