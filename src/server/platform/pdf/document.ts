import { LOGO_MAX_PIXELS } from "@shared/settings/settings.schema";
import {
  PageSizes,
  PDFDocument,
  PDFEmbeddedPage,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  rgb,
  StandardFonts,
} from "pdf-lib";
import type { CompanyDetails } from "../../config";
import { imageSize, pixelsOf } from "../storage/image-size";
import { runInWorker } from "../workers/run-in-worker";
import { INLINE_PNG_PIXELS } from "./append";

/**
 * A small document builder on pdf-lib for business documents (invoices, statements): the company
 * header on every page, text, side-by-side address blocks, tables that continue on the next page
 * with their header repeated, a totals box and "Page n of m" footers. US Letter, Helvetica.
 */

export interface TableColumn<T> {
  header: string;
  /** Relative width: the columns share the table width in proportion to these. */
  width: number;
  align?: "left" | "right";
  value: (row: T) => string;
}

export interface DocumentOptions {
  company: CompanyDetails;
  /** "Invoice", "Statement": large on the first page, small on the others. */
  title: string;
  /** Printed next to the title on continuation pages (e.g. the invoice number). */
  reference?: string;
  /** Label/value lines under the title on the first page (number, dates, amount due). */
  meta?: Array<[string, string]>;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  align?: "left" | "right";
  /** Points from the left margin (a list item's text). */
  indent?: number;
}

export interface TotalLine {
  label: string;
  value: string;
  strong?: boolean;
}

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.Letter;
const MARGIN = 48;
const FOOTER = 28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const COLOR = {
  text: rgb(0.09, 0.11, 0.16),
  muted: rgb(0.39, 0.45, 0.53),
  rule: rgb(0.83, 0.86, 0.9),
  band: rgb(0.95, 0.96, 0.98),
  brand: rgb(0.09, 0.3, 0.6),
};

/** Series colours of the charts (the web charts' palette). */
const CHART_COLORS = [
  rgb(0.15, 0.39, 0.92),
  rgb(0.58, 0.64, 0.72),
  rgb(0.06, 0.6, 0.51),
  rgb(0.92, 0.35, 0.05),
];

/** The address as printed lines: ";" or a newline splits; a single line splits at its first comma. */
export function addressLines(address: string): string[] {
  const parts = address
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length !== 1) return parts;
  const comma = parts[0].indexOf(",");
  return comma > 0 ? [parts[0].slice(0, comma).trim(), parts[0].slice(comma + 1).trim()] : parts;
}

export class PdfBuilder {
  private page!: PDFPage;
  private y = 0;
  private finished = false;
  /** The pages this builder drew (files appended later get no header or footer). */
  readonly pages: PDFPage[] = [];
  private readonly charset: Set<number>;

  private constructor(
    readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly options: DocumentOptions,
    private readonly logo: PDFImage | null,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.newPage(true);
  }

  static async create(options: DocumentOptions): Promise<PdfBuilder> {
    const pdf = await PDFDocument.create();
    const title = options.reference ? `${options.title} ${options.reference}` : options.title;
    pdf.setTitle(title);
    pdf.setAuthor(options.company.name);
    pdf.setCreator("Load Management System");
    pdf.setProducer("Load Management System (pdf-lib)");
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    // The company's logo (Settings → Company); a file that will not embed prints the name alone, and
    // so does a PNG larger than a logo may be (embedding decodes it, on every document).
    const source = options.company.logo;
    const fits =
      source && (source.contentType !== "image/png" || pixelsOf(imageSize(source.bytes)) <= LOGO_MAX_PIXELS);
    const logo = fits
      ? await (source.contentType === "image/png"
          ? pdf.embedPng(source.bytes)
          : pdf.embedJpg(source.bytes)
        ).catch(() => null)
      : null;
    return new PdfBuilder(pdf, regular, bold, options, logo);
  }

  /** The standard fonts speak WinAnsi only: anything else becomes "?" instead of failing the document. */
  clean(text: string): string {
    let out = "";
    for (const ch of text.replace(/[\t\r\n]+/g, " ")) {
      const code = ch.codePointAt(0) ?? 63;
      if (this.charset.has(code)) {
        out += ch;
        continue;
      }
      const plain = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += [...plain].every((c) => this.charset.has(c.codePointAt(0) ?? 0)) && plain ? plain : "?";
    }
    return out;
  }

  private font(bold?: boolean) {
    return bold ? this.bold : this.regular;
  }

  private width(text: string, size: number, bold?: boolean) {
    return this.font(bold).widthOfTextAtSize(text, size);
  }

  /** Words wrapped to `maxWidth` (a newline starts a new line); a word longer than the line is cut. */
  wrap(text: string, size: number, maxWidth: number, bold?: boolean): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/).map((p) => this.clean(p))) {
      let line = "";
      for (const word of paragraph.split(" ").filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, size, bold) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        while (this.width(rest, size, bold) > maxWidth && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && this.width(rest.slice(0, cut), size, bold) > maxWidth) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines.length ? lines : [""];
  }

  private draw(text: string, x: number, y: number, opts: TextOptions & { maxWidth?: number } = {}) {
    const size = opts.size ?? 10;
    const clean = this.clean(text);
    const w = this.width(clean, size, opts.bold);
    this.page.drawText(clean, {
      x: opts.align === "right" ? x - w : x,
      y,
      size,
      font: this.font(opts.bold),
      color: opts.muted ? COLOR.muted : COLOR.text,
    });
  }

  private rule(y: number, x1 = MARGIN, x2 = PAGE_WIDTH - MARGIN) {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness: 0.75, color: COLOR.rule });
  }

  private newPage(first = false) {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    if (first) this.firstHeader();
    else this.continuationHeader();
  }

  private firstHeader() {
    const { company, title, meta = [] } = this.options;
    const top = this.y;
    let left = top - 14;
    if (this.logo) {
      // At most 44 pt high and 160 pt wide, above the name.
      const scale = Math.min(44 / this.logo.height, 160 / this.logo.width, 1);
      const height = this.logo.height * scale;
      this.page.drawImage(this.logo, { x: MARGIN, y: top - height, width: this.logo.width * scale, height });
      left = top - height - 16;
    }
    this.draw(company.name, MARGIN, left, { size: 15, bold: true });
    left -= 14;
    const authority = [company.usdot ? `USDOT ${company.usdot}` : "", company.mc ? `MC ${company.mc}` : ""]
      .filter(Boolean)
      .join("  ·  ");
    for (const line of [...addressLines(company.address), company.phone, company.email, authority].filter(
      Boolean,
    )) {
      this.draw(line, MARGIN, left, { size: 9, muted: true });
      left -= 11;
    }
    const right = PAGE_WIDTH - MARGIN;
    let r = top - 18;
    const clean = this.clean(title.toUpperCase());
    this.page.drawText(clean, {
      x: right - this.width(clean, 20, true),
      y: r,
      size: 20,
      font: this.bold,
      color: COLOR.brand,
    });
    r -= 18;
    for (const [label, value] of meta) {
      this.draw(value, right, r, { size: 9.5, bold: true, align: "right" });
      this.draw(label, right - 120, r, { size: 9, muted: true, align: "right" });
      r -= 12.5;
    }
    this.y = Math.min(left, r) - 8;
    this.rule(this.y);
    this.y -= 18;
  }

  private continuationHeader() {
    const { company, title, reference } = this.options;
    this.draw(company.name, MARGIN, this.y - 10, { size: 10, bold: true });
    this.draw([title, reference].filter(Boolean).join(" "), PAGE_WIDTH - MARGIN, this.y - 10, {
      size: 10,
      muted: true,
      align: "right",
    });
    this.y -= 18;
    this.rule(this.y);
    this.y -= 16;
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  gap(height = 10) {
    this.y -= height;
  }

  /** A paragraph, wrapped to the content width. */
  text(text: string, opts: TextOptions = {}) {
    const size = opts.size ?? 10;
    const lineHeight = size * 1.3;
    const indent = opts.indent ?? 0;
    for (const line of this.wrap(text, size, CONTENT_WIDTH - indent, opts.bold)) {
      this.ensure(lineHeight);
      this.y -= size;
      this.draw(line, opts.align === "right" ? PAGE_WIDTH - MARGIN : MARGIN + indent, this.y, opts);
      this.y -= lineHeight - size;
    }
  }

  /** A list item: the marker ("•", "3.") in the gutter, the text wrapped beside it. */
  listItem(marker: string, text: string, opts: TextOptions = {}) {
    const size = opts.size ?? 10;
    this.ensure(size * 1.3);
    this.draw(marker, MARGIN + 4, this.y - size, { size });
    this.text(text, { ...opts, indent: 20 });
  }

  /**
   * A PNG (a drawn signature) scaled to fit `maxWidth` × `maxHeight`, on the left. Embedding decodes
   * every pixel: a large one is decoded on a worker thread and placed as a page of its own (issue 38).
   */
  async image(png: Uint8Array, maxWidth: number, maxHeight: number) {
    const image =
      pixelsOf(imageSize(png)) <= INLINE_PNG_PIXELS
        ? await this.pdf.embedPng(png)
        : (
            await this.pdf.embedPdf(
              await runInWorker<Uint8Array, Uint8Array>(
                { module: new URL("./pdf-tasks.ts", import.meta.url), name: "pngAsPdf" },
                png,
                { timeoutMs: 60_000, maxMemoryMb: 512 },
              ),
            )
          )[0];
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const w = image.width * scale;
    const h = image.height * scale;
    this.ensure(h + 4);
    this.y -= h;
    const box = { x: MARGIN, y: this.y, width: w, height: h };
    if (image instanceof PDFEmbeddedPage) this.page.drawPage(image, box);
    else this.page.drawImage(image, box);
    this.y -= 4;
  }

  /** Starts the next content on a new page (a final audit page). */
  pageBreak() {
    this.newPage();
  }

  /** A section title with a rule under it. */
  heading(text: string) {
    this.ensure(40);
    this.y -= 11;
    this.draw(text, MARGIN, this.y, { size: 11, bold: true });
    this.y -= 6;
    this.rule(this.y);
    this.y -= 12;
  }

  /** Side-by-side blocks ("Bill to", "Remit to"): a small caption, then lines. */
  blocks(blocks: Array<{ title: string; lines: string[] }>) {
    const colWidth = CONTENT_WIDTH / blocks.length;
    const wrapped = blocks.map((b) => b.lines.flatMap((l) => this.wrap(l, 10, colWidth - 16)));
    const height = 14 + Math.max(...wrapped.map((w) => w.length)) * 13;
    this.ensure(height);
    blocks.forEach((block, i) => {
      const x = MARGIN + i * colWidth;
      this.draw(block.title.toUpperCase(), x, this.y - 8, { size: 8, bold: true, muted: true });
      wrapped[i].forEach((line, n) => {
        this.draw(line, x, this.y - 23 - n * 13, { size: 10, bold: n === 0 });
      });
    });
    this.y -= height + 8;
  }

  /**
   * A table: header row, rows wrapped per cell, a page break between rows when one does not fit
   * (the header is drawn again on the new page).
   */
  table<T>(columns: TableColumn<T>[], rows: T[], opts: { emptyText?: string; fontSize?: number } = {}) {
    const size = opts.fontSize ?? 9;
    const lineHeight = size * 1.35;
    const pad = 5;
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * CONTENT_WIDTH);
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));

    const drawHeader = () => {
      const height = lineHeight + 2 * pad;
      this.page.drawRectangle({
        x: MARGIN,
        y: this.y - height,
        width: CONTENT_WIDTH,
        height,
        color: COLOR.band,
      });
      columns.forEach((c, i) => {
        const x = c.align === "right" ? xs[i] + widths[i] - pad : xs[i] + pad;
        this.draw(c.header, x, this.y - pad - size, { size, bold: true, muted: true, align: c.align });
      });
      this.y -= height;
    };

    this.ensure(2 * (lineHeight + 2 * pad));
    drawHeader();
    if (!rows.length && opts.emptyText) {
      this.y -= pad + size;
      this.draw(opts.emptyText, MARGIN + pad, this.y, { size, muted: true });
      this.y -= pad + 2;
      this.rule(this.y);
    }
    for (const row of rows) {
      const cells = columns.map((c, i) => this.wrap(c.value(row), size, widths[i] - 2 * pad));
      const height = Math.max(...cells.map((l) => l.length)) * lineHeight + 2 * pad;
      if (this.y - height < MARGIN + FOOTER) {
        this.newPage();
        drawHeader();
      }
      cells.forEach((lines, i) => {
        const c = columns[i];
        const x = c.align === "right" ? xs[i] + widths[i] - pad : xs[i] + pad;
        lines.forEach((line, n) => {
          this.draw(line, x, this.y - pad - size - n * lineHeight, { size, align: c.align });
        });
      });
      this.y -= height;
      this.rule(this.y);
    }
    this.y -= 10;
  }

  /**
   * A horizontal bar chart drawn as vectors: one group of bars per item (one bar per series, scaled
   * to the largest value; a negative value draws no bar), the label on the left, each printed value
   * after its bar, a legend when there is more than one series.
   */
  barChart(items: Array<{ label: string; values: number[]; texts: string[] }>, series: string[]) {
    const size = 8;
    const bar = 7;
    const labelWidth = CONTENT_WIDTH * 0.28;
    const valueWidth = 70;
    const plot = CONTENT_WIDTH - labelWidth - valueWidth;
    const max = Math.max(0, ...items.flatMap((i) => i.values.filter((v) => Number.isFinite(v))));
    if (series.length > 1) {
      this.ensure(14);
      let x = MARGIN + labelWidth;
      series.forEach((name, s) => {
        this.page.drawRectangle({
          x,
          y: this.y - 8,
          width: 8,
          height: 8,
          color: CHART_COLORS[s % CHART_COLORS.length],
        });
        this.draw(name, x + 11, this.y - 7.5, { size, muted: true });
        x += 11 + this.width(this.clean(name), size) + 14;
      });
      this.y -= 14;
    }
    for (const item of items) {
      const height = series.length * (bar + 2) + 4;
      this.ensure(height);
      const [line] = this.wrap(item.label, size, labelWidth - 6);
      this.draw(line, MARGIN, this.y - 2 - size, { size });
      item.values.forEach((v, s) => {
        const top = this.y - 2 - s * (bar + 2);
        const width = max > 0 && v > 0 ? (v / max) * plot : 0;
        if (width > 0)
          this.page.drawRectangle({
            x: MARGIN + labelWidth,
            y: top - bar,
            width,
            height: bar,
            color: CHART_COLORS[s % CHART_COLORS.length],
          });
        this.draw(item.texts[s] ?? "", MARGIN + labelWidth + width + 4, top - bar + 1, {
          size: 7,
          muted: true,
        });
      });
      this.y -= height;
    }
    this.y -= 8;
  }

  /** Right-aligned label/value lines under a table; `strong` lines are bold with a rule above. */
  totals(lines: TotalLine[]) {
    const height = lines.length * 16 + 8;
    this.ensure(height);
    const right = PAGE_WIDTH - MARGIN;
    const labelRight = right - 120;
    for (const line of lines) {
      if (line.strong) {
        this.rule(this.y + 2, labelRight - 120, right);
        this.y -= 4;
      }
      this.y -= 12;
      const size = line.strong ? 11 : 10;
      this.draw(line.label, labelRight, this.y, {
        size,
        bold: line.strong,
        muted: !line.strong,
        align: "right",
      });
      this.draw(line.value, right, this.y, { size, bold: line.strong, align: "right" });
      this.y -= 4;
    }
    this.y -= 8;
  }

  /** Footers ("Page n of m") on the builder's own pages. Call before appending other files. */
  finish(): PDFDocument {
    if (this.finished) return this.pdf;
    this.finished = true;
    const count = this.pages.length;
    const { company } = this.options;
    this.pages.forEach((page, i) => {
      this.page = page;
      this.rule(MARGIN + 6);
      this.draw(
        [company.name, company.phone, company.email].filter(Boolean).join("  |  "),
        MARGIN,
        MARGIN - 6,
        {
          size: 8,
          muted: true,
        },
      );
      this.draw(`Page ${i + 1} of ${count}`, PAGE_WIDTH - MARGIN, MARGIN - 6, {
        size: 8,
        muted: true,
        align: "right",
      });
    });
    return this.pdf;
  }

  async save(): Promise<Uint8Array> {
    this.finish();
    return this.pdf.save();
  }
}
