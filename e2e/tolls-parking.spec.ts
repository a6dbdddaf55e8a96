import { expect, test } from "@playwright/test";
import { loginAs, pickOption, toast } from "./fixtures";

const pad = (n: number) => String(n).padStart(2, "0");
/** `datetime-local` text for a local time `days` ahead at `hour`. */
function localAt(days: number, hour: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

test.describe("tolls and parking", () => {
  test("a dispatcher previews a transponder statement, then imports it", async ({ page }) => {
    await loginAs(page, "dispatcher@demo.test");
    // Truck 101's transponder, from one of its demo tolls.
    const tolls = await (await page.request.get("/api/tolls?q=101&pageSize=100")).json();
    const known = tolls.items.find((t: { vehicleLabel: string | null }) => t.vehicleLabel === "101");
    expect(known).toBeTruthy();
    const plaza = `E2E Plaza ${Math.random().toString(36).slice(2, 7)}`;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const csv = [
      "Date,Time,Location,Amount,Transponder",
      `${yesterday},08:15,${plaza} North,$5.25,${known.transponder}`,
      `${yesterday},09:40,${plaza} South,3.10,ZZ-NOT-OURS-1`,
      // The same charge as a stored demo toll: reported, not doubled.
      `${known.occurredAt},,"${known.location}",${known.amount},${known.transponder}`,
    ].join("\n");

    await page.goto("/operations/tolls");
    await expect(page.getByRole("heading", { name: "Tolls" })).toBeVisible();
    await page.getByTestId("import-tolls").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("toll-import-file").setInputFiles({
      name: "ipass-march.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await dialog.getByTestId("toll-import-preview").click();
    await expect(dialog.getByTestId("toll-import-count-matched")).toContainText("1");
    await expect(dialog.getByTestId("toll-import-count-unmatched")).toContainText("1");
    await expect(dialog.getByTestId("toll-import-count-duplicate")).toContainText("1");
    await expect(dialog.getByTestId("toll-import-count-invalid")).toContainText("0");
    await expect(dialog.getByTestId("toll-import-row-2")).toContainText("101");
    await expect(dialog.getByTestId("toll-import-row-4")).toContainText("Already recorded");

    await dialog.getByTestId("toll-import-commit").click();
    await expect(toast(page)).toContainText("Statement imported");
    await expect(toast(page)).toContainText(
      "2 tolls added (1 matched, 1 need a truck). 1 duplicates skipped.",
    );
    await expect(dialog).toHaveCount(0);

    await page.getByRole("searchbox", { name: "Search tolls" }).fill(plaza);
    const rows = page.locator('[data-testid^="toll-row-"]');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `${plaza} North` })).toContainText("101");
    await page.getByRole("tab", { name: "Needs a truck" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`${plaza} South`);

    // The row's "…" menu edits the toll it names.
    await rows.getByRole("button", { name: `Actions ${plaza} South` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog");
    await expect(edit.getByText("Edit toll")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(edit).toHaveCount(0);
  });

  test("an overlapping parking reservation for the same truck is refused with a clear message", async ({
    page,
  }) => {
    await loginAs(page, "dispatcher@demo.test");
    await page.goto("/operations/parking");
    await page.getByTestId("parking-tab-reservations").click();
    await expect(page).toHaveURL(/tab=reservations/);

    // Far ahead and random, so no demo reservation is in the way.
    const day = 300 + Math.floor(Math.random() * 300);
    const reserve = async (location: string, from: string, to: string) => {
      await page.getByTestId("new-reservation").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("combobox").first().click();
      await page.getByPlaceholder("Type to search…").fill("101");
      await pickOption(page, /^101/);
      await dialog.getByLabel("Location").fill(location);
      await dialog.getByLabel("Starts").fill(from);
      await dialog.getByLabel("Ends").fill(to);
      await dialog.getByLabel("Cost").fill("35");
      await dialog.getByTestId("reservation-submit").click();
      return dialog;
    };

    const first = await reserve("Gary Secure Truck Lot", localAt(day, 18), localAt(day + 1, 6));
    await expect(toast(page)).toContainText("Reservation saved");
    await expect(first).toHaveCount(0);

    const second = await reserve("Gary Secure Truck Lot, row B", localAt(day + 1, 5), localAt(day + 1, 12));
    await expect(toast(page)).toContainText("Overlapping reservation");
    await expect(toast(page)).toContainText("Truck 101 is already booked at Gary Secure Truck Lot");
    await expect(second.getByTestId("reservation-overlap")).toBeVisible();
    // Back-to-back is fine: move the start to when the first one ends.
    await second.getByLabel("Starts").fill(localAt(day + 1, 6));
    await second.getByTestId("reservation-submit").click();
    await expect(toast(page)).toContainText("Reservation saved");
    await expect(second).toHaveCount(0);
  });
});
