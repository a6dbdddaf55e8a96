import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";

/**
 * Issue 38, point 1: a 2 KB workbook with two cells (A1 and ZZ5000) sent to an import kept the only
 * event loop busy for minutes (the reader asked the sheet's width inside its row loop, and counted
 * rows only after building the whole grid). Every import now refuses such a file at once, from what
 * the workbook declares, while the server goes on answering everyone else.
 */
let ctx: TestContext;
let dispatcher: string;
let twoCells: Uint8Array<ArrayBuffer>;
let tenThousandAndOneRows: Uint8Array<ArrayBuffer>;

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void) {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet("Sheet1"));
  return new Uint8Array(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  twoCells = await workbook((sheet) => {
    sheet.getCell("A1").value = "name";
    sheet.getCell("ZZ5000").value = "x";
  });
  tenThousandAndOneRows = await workbook((sheet) => {
    sheet.addRow(["name", "companyName", "email", "transponder", "amount"]);
    for (let i = 1; i <= 10_001; i++)
      sheet.addRow([`Contact ${i}`, `Company ${i}`, `c${i}@rows.test`, "T1", "1.00"]);
  });
});
afterAll(() => ctx.close());

const upload = async (path: string, bytes: Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  form.set("file", new File([bytes], "statement.xlsx"));
  form.set("timeZone", "UTC");
  const res = await ctx.app.request(path, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie: dispatcher },
    body: form,
  });
  return { status: res.status, json: await res.json() };
};

describe("a spreadsheet past the import limits (issue 38, point 1)", () => {
  it("is a small file that declares a huge sheet", () => {
    expect(twoCells.length).toBeLessThan(8 * 1024);
  });

  for (const path of ["/api/customers/import/preview", "/api/tolls/import/preview"])
    for (const [file, code] of [
      ["two cells, A1 and ZZ5000", "TOO_MANY_COLUMNS"],
      ["10,001 data rows", "TOO_MANY_ROWS"],
    ] as const)
      it(`${path}: ${file} → 400 ${code} at once, while another request is answered`, async () => {
        const bytes = file.startsWith("two") ? twoCells : tenThousandAndOneRows;
        const started = performance.now();
        const [refused, health, me] = await Promise.all([
          upload(path, bytes).then((r) => ({ ...r, ms: performance.now() - started })),
          call(ctx, "/api/health"),
          call(ctx, "/api/me", { cookie: dispatcher }),
        ]);
        expect(refused.status).toBe(400);
        expect(refused.json.error.code).toBe(code);
        expect(refused.json.error.message).toMatch(/^The file has more than [\d,]+ (rows|columns)\./);
        expect(health.status).toBe(200);
        expect(me.status).toBe(200);
        // The one timed assertion the issue asks for: refused "within a second" (it took minutes).
        // The refusal comes from the workbook's declared <dimension>, read in a millisecond; the
        // second is generous for a busy test machine (multipart parsing, the session's lookup).
        expect(refused.ms).toBeLessThan(1000);
      });
});
