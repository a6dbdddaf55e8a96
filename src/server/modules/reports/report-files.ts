import type {
  Report,
  ReportFigure,
  ReportFormat,
  ReportLanguage,
  ReportTable,
  ValueFormat,
} from "@shared/reports/reports.schema";
import { VALUE_FORMATS } from "@shared/reports/reports.schema";
import ExcelJS from "exceljs";
import type { CompanyDetails } from "../../config";
import { PdfBuilder } from "../../platform/pdf/document";
import { CONTENT_TYPES, escapeCell } from "../../platform/sheets/sheets";
import { type ReportWords, reportWords } from "./report-words";

const PDF_TYPE = "application/pdf";

/** The change of a figure against the previous period, as the reader reads it ("+12.5 %"). */
export function change(f: Pick<ReportFigure, "value" | "previous" | "format">): number | null {
  if (f.value === null || f.previous === null || f.format === "percent") return null;
  const prev = Number(f.previous);
  if (!prev) return null;
  return Math.round(((Number(f.value) - prev) / Math.abs(prev)) * 1000) / 10;
}

function figureRows(w: ReportWords, figures: ReportFigure[]) {
  return figures.map((f) => {
    const c = change(f);
    return {
      name: w.t(`figures.${f.key}`),
      value: f.incomplete ? w.note(f.incomplete) : w.format(f.value, f.format),
      previous: f.previous === null ? "" : w.format(f.previous, f.format),
      change:
        f.format === "percent" && f.value !== null && f.previous !== null
          ? `${Number(f.value) - Number(f.previous) >= 0 ? "+" : ""}${w.format(String(Math.round((Number(f.value) - Number(f.previous)) * 10) / 10), "number")} pt`
          : c === null
            ? ""
            : `${c >= 0 ? "+" : ""}${w.format(String(c), "percent")}`,
    };
  });
}

/** The label and value cells of a table row as the reader reads them. */
function cellsOf(w: ReportWords, table: ReportTable, values: Array<string | null>) {
  return table.columns.map((c, i) => w.format(values[i] ?? null, c.format, c.labelKind));
}

/** The total row's cells: an incomplete column's total says why instead of a sum. */
function totalCells(w: ReportWords, table: ReportTable, total: Array<string | null>) {
  return table.columns.map((c, i) =>
    c.incomplete ? w.note(c.incomplete) : total[i] === null ? "" : w.format(total[i], c.format, c.labelKind),
  );
}

const titleOf = (w: ReportWords, report: Report) => w.t(`names.${report.id}`);
const periodText = (w: ReportWords, report: Report) =>
  w.t("pdf.period", { from: w.date(report.period.from), to: w.date(report.period.to) });

async function pdfFile(report: Report, w: ReportWords, company: CompanyDetails) {
  const doc = await PdfBuilder.create({
    company,
    title: titleOf(w, report),
    meta: [
      [w.t("pdf.periodLabel"), `${w.date(report.period.from)} – ${w.date(report.period.to)}`],
      [
        w.t("pdf.previousLabel"),
        `${w.date(report.period.previousFrom)} – ${w.date(report.period.previousTo)}`,
      ],
      [w.t("pdf.generatedLabel"), w.date(report.generatedAt.slice(0, 10))],
    ],
  });
  for (const section of report.sections) {
    doc.heading(w.t(`sections.${section.key}`));
    for (const warning of section.warnings) {
      doc.text(`${w.t("warning")}: ${w.note(warning)}`, { bold: true, size: 9 });
      doc.gap(4);
    }
    if (section.figures.length) {
      doc.table(
        [
          { header: w.t("columns.figure"), width: 3, value: (r) => r.name },
          { header: w.t("columns.value"), width: 2, align: "right", value: (r) => r.value },
          { header: w.t("columns.previous"), width: 2, align: "right", value: (r) => r.previous },
          { header: w.t("columns.change"), width: 1.5, align: "right", value: (r) => r.change },
        ],
        figureRows(w, section.figures),
      );
    }
    for (const chart of section.charts) {
      const table = section.tables.find((t) => t.key === chart.table);
      if (!table?.rows.length) continue;
      const indexes = chart.series
        .map((s) => table.columns.findIndex((c) => c.key === s))
        .filter((i) => i >= 0);
      doc.text(w.t(`tables.${chart.table}`), { bold: true, size: 10 });
      doc.gap(4);
      doc.barChart(
        table.rows.slice(0, 15).map((r) => ({
          label: w.label(r.label),
          values: indexes.map((i) => Number(r.values[i] ?? 0)),
          texts: indexes.map((i) => w.format(r.values[i] ?? null, table.columns[i].format)),
        })),
        indexes.map((i) => w.t(`columns.${table.columns[i].key}`)),
      );
    }
    for (const table of section.tables) {
      doc.text(w.t(`tables.${table.key}`), { bold: true, size: 10 });
      doc.gap(4);
      const rows = table.rows.map((r) => [w.label(r.label), ...cellsOf(w, table, r.values)]);
      if (table.total) rows.push([w.t("total"), ...totalCells(w, table, table.total)]);
      doc.table(
        [
          { header: w.t(`columns.${table.labelHeader}`), width: 3, value: (r: string[]) => r[0] },
          ...table.columns.map((c, i) => ({
            header: w.t(`columns.${c.key}`),
            width: c.format === "label" || c.format === "text" ? 2 : 1.6,
            align: (c.format === "label" || c.format === "text" || c.format === "date" ? "left" : "right") as
              | "left"
              | "right",
            value: (r: string[]) => r[i + 1],
          })),
        ],
        rows,
        { emptyText: w.t("empty.table"), fontSize: 8 },
      );
      if (table.truncated) doc.text(w.t("truncated"), { size: 8, muted: true });
    }
  }
  return doc.save();
}

/** A sheet cell: numbers stay numbers (the spreadsheet writes them in the reader's format). */
const NUMERIC: readonly ValueFormat[] = VALUE_FORMATS.filter(
  (f) => f !== "date" && f !== "text" && f !== "label",
);
const rawCell = (
  w: ReportWords,
  value: string | null,
  format: ValueFormat,
  kind?: Parameters<ReportWords["format"]>[2],
) => {
  if (value === null) return null;
  if (NUMERIC.includes(format)) return Number(value);
  if (format === "label") return w.label({ kind: kind ?? "text", value });
  return value;
};
const EXCEL_FORMATS: Partial<Record<ValueFormat, string>> = {
  money: "#,##0.00",
  rate: "#,##0.00##",
  percent: '0.0" %"',
  gallons: "#,##0.000",
  miles: "#,##0.0",
  hours: "#,##0.0",
  mpg: "0.00",
  count: "#,##0",
  days: "#,##0",
};

function sheetTables(w: ReportWords, report: Report) {
  const tables: Array<{
    title: string;
    header: string[];
    formats: ValueFormat[];
    rows: Array<Array<string | number | null>>;
  }> = [];
  const warnings = report.sections.flatMap((s) => s.warnings);
  if (warnings.length)
    tables.push({
      title: w.t("sheets.warnings"),
      header: [w.t("warning")],
      formats: ["text"],
      rows: warnings.map((n) => [w.note(n)]),
    });
  const figures = report.sections.flatMap((s) => s.figures);
  if (figures.length)
    tables.push({
      title: w.t("sheets.summary"),
      header: [w.t("columns.figure"), w.t("columns.value"), w.t("columns.previous")],
      formats: ["text", "number", "number"],
      rows: figures.map((f) => [
        w.t(`figures.${f.key}`),
        f.incomplete ? w.note(f.incomplete) : rawCell(w, f.value, f.format),
        rawCell(w, f.previous, f.format),
      ]),
    });
  for (const table of report.sections.flatMap((s) => s.tables)) {
    const rows = table.rows.map((r) => [
      w.label(r.label),
      ...table.columns.map((c, i) => rawCell(w, r.values[i] ?? null, c.format, c.labelKind)),
    ]);
    if (table.total)
      rows.push([
        w.t("total"),
        ...table.columns.map((c, i) =>
          c.incomplete ? w.note(c.incomplete) : rawCell(w, table.total?.[i] ?? null, c.format),
        ),
      ]);
    tables.push({
      title: w.t(`tables.${table.key}`),
      header: [w.t(`columns.${table.labelHeader}`), ...table.columns.map((c) => w.t(`columns.${c.key}`))],
      formats: ["text", ...table.columns.map((c) => c.format)],
      rows,
    });
  }
  return tables;
}

async function xlsxFile(report: Report, w: ReportWords) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Load Management System";
  const used = new Set<string>();
  for (const t of sheetTables(w, report)) {
    // Sheet names: at most 31 characters, none of []:*?/\ and unique.
    let name = t.title
      .replace(/[[\]:*?/\\]/g, " ")
      .slice(0, 31)
      .trim();
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${name.slice(0, 27)} (${n})`;
    used.add(name.toLowerCase());
    const sheet = workbook.addWorksheet(name);
    sheet.addRow([`${titleOf(w, report)} — ${periodText(w, report)}`]).font = { bold: true };
    sheet.addRow([]);
    const header = sheet.addRow(t.header);
    header.font = { bold: true };
    for (const r of t.rows) sheet.addRow(r.map((v) => (typeof v === "string" ? escapeCell(v) : v)));
    t.formats.forEach((f, i) => {
      const col = sheet.getColumn(i + 1);
      col.width = i === 0 ? 32 : 16;
      if (EXCEL_FORMATS[f]) col.numFmt = EXCEL_FORMATS[f];
    });
    sheet.views = [{ state: "frozen", ySplit: 3 }];
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/**
 * CSV: every table one after the other under its title, separated by an empty line. English uses
 * "," and a decimal point; Spanish and French use ";" and a decimal comma, as their spreadsheets
 * expect. Numbers carry no grouping or currency sign so they stay numbers.
 */
function csvFile(report: Report, w: ReportWords, lang: ReportLanguage) {
  const sep = lang === "en" ? "," : ";";
  const field = (v: string | number | null) => {
    if (v === null) return "";
    const s =
      typeof v === "number"
        ? lang === "en"
          ? String(v)
          : String(v).replace(".", ",")
        : String(escapeCell(v));
    return s.includes(sep) || /["\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [field(`${titleOf(w, report)} — ${periodText(w, report)}`), ""];
  for (const t of sheetTables(w, report)) {
    lines.push(
      field(t.title),
      t.header.map(field).join(sep),
      ...t.rows.map((r) => r.map(field).join(sep)),
      "",
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The report as a download: `report-overview-2026-11-01-2026-11-30.pdf`. */
export async function reportFile(
  report: Report,
  format: ReportFormat,
  lang: ReportLanguage,
  company: CompanyDetails,
) {
  const w = reportWords(lang, report.currency);
  const fileName = `report-${report.id}-${report.period.from}-${report.period.to}.${format}`;
  if (format === "pdf") return { fileName, contentType: PDF_TYPE, body: await pdfFile(report, w, company) };
  if (format === "xlsx")
    return { fileName, contentType: CONTENT_TYPES.xlsx, body: await xlsxFile(report, w) };
  return { fileName, contentType: CONTENT_TYPES.csv, body: csvFile(report, w, lang) };
}
