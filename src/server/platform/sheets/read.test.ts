import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { parseCsv, readTable, SheetParseError } from "./read";
import { toCsv, toXlsx } from "./sheets";
import { unzip, zipOf } from "./zip.testing";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("readTable", () => {
  it("reads a CSV with a BOM, quotes, doubled quotes, embedded newlines and CRLF", async () => {
    const csv =
      '\uFEFFname,companyName,email\r\n"Okafor, Linda","Harbor ""Fresh""",a@x.test\r\nBo,"Multi\nline",b@x.test\r\n';
    const t = await readTable(bytes(csv));
    expect(t.headers).toEqual(["name", "companyName", "email"]);
    expect(t.rows).toEqual([
      { name: "Okafor, Linda", companyName: 'Harbor "Fresh"', email: "a@x.test" },
      { name: "Bo", companyName: "Multi\nline", email: "b@x.test" },
    ]);
  });

  it("detects semicolon and tab separators and skips blank lines; short rows read as empty", async () => {
    const t = await readTable(bytes("a;b\n1;2\n\n3\n"));
    expect(t.rows).toEqual([
      { a: "1", b: "2" },
      { a: "3", b: "" },
    ]);
    const tab = await readTable(bytes("a\tb\nx\ty\n"));
    expect(tab.rows).toEqual([{ a: "x", b: "y" }]);
  });

  it("reads the first sheet of a workbook, including what our own export writes", async () => {
    const data = await toXlsx(
      [{ n: "Acme", v: 12.5 }],
      [
        { header: "name", value: (r) => r.n },
        { header: "amount", value: (r) => r.v },
      ],
      "Sheet",
    );
    const t = await readTable(data);
    expect(t.headers).toEqual(["name", "amount"]);
    expect(t.rows).toEqual([{ name: "Acme", amount: "12.5" }]);
  });

  it("round-trips our CSV export", async () => {
    const csv = toCsv(
      [{ a: "x,y", b: 'q"' }],
      [
        { header: "a", value: (r) => r.a },
        { header: "b", value: (r) => r.b },
      ],
    );
    expect((await readTable(bytes(csv))).rows).toEqual([{ a: "x,y", b: 'q"' }]);
  });

  it("reads formula results and rich text cells as text", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("S");
    ws.addRow(["h1", "h2"]);
    ws.addRow([{ formula: "1+1", result: 2 }, { richText: [{ text: "Ri" }, { text: "ch" }] }]);
    const t = await readTable(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(t.rows).toEqual([{ h1: "2", h2: "Rich" }]);
  });

  it.each([
    ["an empty file", new Uint8Array()],
    ["binary data", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2])],
    ["a broken zip", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])],
    ["an unterminated quote", bytes('a,b\n"x,y\n')],
    ["only blank lines", bytes("\n\n")],
  ])("refuses %s with SheetParseError", async (_name, data) => {
    await expect(readTable(data)).rejects.toBeInstanceOf(SheetParseError);
  });

  it("refuses a workbook past its limits from its declared <dimension>, before reading it", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("S");
    ws.getCell("A1").value = "name";
    ws.getCell("ZZ5000").value = "far away";
    const twoCells = new Uint8Array(await wb.xlsx.writeBuffer());
    await expect(readTable(twoCells)).rejects.toMatchObject({ status: 400, code: "TOO_MANY_COLUMNS" });
    await expect(readTable(twoCells, { maxColumns: 1000, maxRows: 10 })).rejects.toMatchObject({
      code: "TOO_MANY_ROWS",
      details: { maxRows: 10 },
    });
  });

  it("counts rows and columns as it reads when the workbook declares no dimension", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("S");
    ws.addRow(["h"]);
    for (let i = 0; i < 4; i++) ws.addRow([`r${i}`]);
    const files = unzip(new Uint8Array(await wb.xlsx.writeBuffer()));
    const sheet = new TextDecoder().decode(files["xl/worksheets/sheet1.xml"]);
    expect(sheet).toContain("<dimension");
    const undeclared = zipOf({
      ...files,
      "xl/worksheets/sheet1.xml": sheet.replace(/<dimension[^>]*\/>/, ""),
    });
    expect((await readTable(undeclared, { maxRows: 4 })).rows).toHaveLength(4);
    await expect(readTable(undeclared, { maxRows: 3 })).rejects.toMatchObject({ code: "TOO_MANY_ROWS" });
  });

  it("refuses a workbook that unpacks past the limit, or lies about its sizes", async () => {
    const bomb = zipOf({ "xl/sharedStrings.xml": "x".repeat(41 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(readTable(bomb)).rejects.toMatchObject({ code: "SHEET_TOO_LARGE" });
    // The same archive, its directory claiming 1 KB: unpacking stops at the declared size.
    const view = new DataView(bomb.buffer);
    for (let at = 0; at < bomb.length - 4; at++)
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 1024, true);
    await expect(readTable(bomb)).rejects.toBeInstanceOf(SheetParseError);
  });

  it("stops a CSV at the first row or column past the limits", async () => {
    await expect(readTable(bytes("h\n1\n2\n3\n"), { maxRows: 2 })).rejects.toMatchObject({
      code: "TOO_MANY_ROWS",
    });
    expect((await readTable(bytes("h\n1\n\n2\n"), { maxRows: 2 })).rows).toHaveLength(2);
    await expect(readTable(bytes(`${",".repeat(150)}x\n`))).rejects.toMatchObject({
      code: "TOO_MANY_COLUMNS",
    });
  });

  it("parseCsv keeps empty trailing fields", () => {
    expect(parseCsv("a,b,\n")).toEqual([["a", "b", ""]]);
  });
});
