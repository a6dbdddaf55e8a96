import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { DEFAULT_COMPANY } from "../../config";
import { imageSize } from "../storage/image-size";
import { appendFiles } from "./append";
import { addressLines, PdfBuilder } from "./document";
import { formatDate, formatMoney } from "./format";
import { pngDeclaring, SAMPLE_JPEG, samplePdf, samplePng } from "./pdf.testing";

const reopen = async (bytes: Uint8Array) => PDFDocument.load(bytes);

describe("document builder", () => {
  it("writes a real PDF with the title and the company as author", async () => {
    const doc = await PdfBuilder.create({
      company: DEFAULT_COMPANY,
      title: "Invoice",
      reference: "INV-2026-00042",
      meta: [["Invoice number", "INV-2026-00042"]],
    });
    doc.blocks([
      { title: "Bill to", lines: ["Great Lakes Foods Inc.", "5600 W Mill Rd"] },
      { title: "Remit to", lines: [DEFAULT_COMPANY.name] },
    ]);
    doc.totals([{ label: "Total", value: "$1.00", strong: true }]);
    const bytes = await doc.save();
    expect(Buffer.from(bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    const pdf = await reopen(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe("Invoice INV-2026-00042");
    expect(pdf.getAuthor()).toBe(DEFAULT_COMPANY.name);
  });

  it("continues a long table on new pages", async () => {
    const doc = await PdfBuilder.create({ company: DEFAULT_COMPANY, title: "Statement" });
    const rows = Array.from({ length: 120 }, (_, i) => ({ n: i + 1, text: `Row ${i + 1}` }));
    doc.table(
      [
        { header: "#", width: 1, value: (r) => String(r.n) },
        { header: "Text", width: 4, value: (r) => r.text },
        { header: "Amount", width: 2, align: "right", value: () => formatMoney("12.50") },
      ],
      rows,
    );
    const pdf = await reopen(await doc.save());
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(doc.pages.length).toBe(pdf.getPageCount());
  });

  it("prints text the standard fonts cannot encode instead of failing", async () => {
    const doc = await PdfBuilder.create({ company: DEFAULT_COMPANY, title: "Invoice" });
    expect(doc.clean("Café → Zürich 北京 – 34°F")).toBe("Café ? Zürich ?? – 34°F");
    doc.text("Emoji 🚚 and arrows → are replaced.");
    expect((await reopen(await doc.save())).getPageCount()).toBe(1);
  });

  it("wraps long words and keeps lines inside the width", async () => {
    const doc = await PdfBuilder.create({ company: DEFAULT_COMPANY, title: "Invoice" });
    const lines = doc.wrap(`${"W".repeat(200)} short words`, 10, 100);
    expect(lines.length).toBeGreaterThan(3);
    expect(doc.wrap("one\ntwo", 10, 500)).toEqual(["one", "two"]);
  });

  it("splits the company address into printed lines", () => {
    expect(addressLines("2750 S Archer Ave, Chicago, IL 60608")).toEqual([
      "2750 S Archer Ave",
      "Chicago, IL 60608",
    ]);
    expect(addressLines("Suite 4; 10 Main St; Springfield, IL")).toEqual([
      "Suite 4",
      "10 Main St",
      "Springfield, IL",
    ]);
  });
});

describe("appendFiles", () => {
  it("appends every page of PDFs and one page per JPEG or PNG, and reports what it skipped", async () => {
    const doc = await PdfBuilder.create({ company: DEFAULT_COMPANY, title: "Invoice" });
    const pdf = doc.finish();
    const webp = new Uint8Array([...Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1")]);
    const result = await appendFiles(pdf, [
      { name: "rate-con.pdf", bytes: await samplePdf(2) },
      { name: "bol.png", bytes: samplePng(800, 400) },
      { name: "pod.jpg", bytes: SAMPLE_JPEG },
      { name: "photo.webp", bytes: webp },
      { name: "broken.pdf", bytes: new TextEncoder().encode("%PDF-1.4 nonsense") },
    ]);
    expect(result.appended).toEqual([
      { name: "rate-con.pdf", pages: 2 },
      { name: "bol.png", pages: 1 },
      { name: "pod.jpg", pages: 1 },
    ]);
    expect(result.skipped).toEqual([
      { name: "photo.webp", reason: "unsupported_type" },
      { name: "broken.pdf", reason: "unreadable" },
    ]);
    const saved = await reopen(await pdf.save());
    expect(saved.getPageCount()).toBe(1 + 2 + 1 + 1);
    // A landscape image gets a landscape page, scaled inside the margins.
    const { width, height } = saved.getPage(3).getSize();
    expect(width).toBeGreaterThan(height);
  });

  it("skips a PNG that declares more pixels than it may, before decoding it (issue 38)", async () => {
    const pdf = await PDFDocument.create();
    // 300 bytes declaring 20,000 × 20,000 pixels: decoding would allocate 1.6 GB.
    const result = await appendFiles(pdf, [
      { name: "huge.png", bytes: pngDeclaring(20_000, 20_000) },
      { name: "pod.jpg", bytes: SAMPLE_JPEG },
    ]);
    expect(result.skipped).toEqual([{ name: "huge.png", reason: "too_large" }]);
    expect(result.appended).toEqual([{ name: "pod.jpg", pages: 1 }]);
  });

  it("appends large files on a worker thread, the same pages in the same order", async () => {
    const pdf = await PDFDocument.create();
    const result = await appendFiles(pdf, [
      { name: "scan.png", bytes: samplePng(1400, 1000) }, // 1.4 million pixels: past the inline limit
      { name: "rate-con.pdf", bytes: await samplePdf(3) },
    ]);
    expect(result.appended).toEqual([
      { name: "scan.png", pages: 1 },
      { name: "rate-con.pdf", pages: 3 },
    ]);
    const saved = await reopen(await pdf.save());
    expect(saved.getPageCount()).toBe(4);
    const { width, height } = saved.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
  });

  it("reads a Buffer that is a slice of a larger pool", async () => {
    const pool = Buffer.concat([Buffer.from("padding"), Buffer.from(SAMPLE_JPEG)]);
    const slice = pool.subarray(7);
    const pdf = await PDFDocument.create();
    const result = await appendFiles(pdf, [{ name: "slice.jpg", bytes: slice }]);
    expect(result.appended).toEqual([{ name: "slice.jpg", pages: 1 }]);
  });
});

describe("image sizes from the header", () => {
  it("reads a PNG's and a JPEG's declared size without decoding them", () => {
    expect(imageSize(samplePng(640, 200))).toEqual({ width: 640, height: 200 });
    expect(imageSize(pngDeclaring(20_000, 9_000))).toEqual({ width: 20_000, height: 9_000 });
    expect(imageSize(SAMPLE_JPEG)).toEqual({ width: 1, height: 1 });
    expect(imageSize(new TextEncoder().encode("%PDF-1.4"))).toBeNull();
  });

  it("places a large drawn image through a worker thread", async () => {
    const doc = await PdfBuilder.create({ company: DEFAULT_COMPANY, title: "Contract" });
    await doc.image(samplePng(1600, 800), 200, 60);
    const saved = await reopen(await doc.finish().save());
    expect(saved.getPageCount()).toBe(1);
  });
});

describe("document formats", () => {
  it("prints money from decimal strings and calendar dates as that day", () => {
    expect(formatMoney("1234.5")).toBe("$1,234.50");
    expect(formatMoney("-20.00")).toBe("-$20.00");
    expect(formatDate("2026-03-01")).toBe("Mar 1, 2026");
    expect(formatDate("2026-12-31")).toBe("Dec 31, 2026");
  });
});
