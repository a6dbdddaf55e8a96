import { AGING_BUCKETS } from "@shared/invoices/invoices.schema";
import type { Statement, StatementEntry, StatementFormat } from "@shared/statements/statements.schema";
import ExcelJS from "exceljs";
import type { CompanyDetails } from "../../config";
import { addressLines, PdfBuilder } from "../../platform/pdf/document";
import { formatDate, formatMoney } from "../../platform/pdf/format";
import { CONTENT_TYPES, escapeCell } from "../../platform/sheets/sheets";
import { PAYMENT_METHOD_LABELS } from "../invoices/invoice-pdf";
import { BUCKET_LABELS } from "./statements.service";

const KIND = { invoice: "Invoice", payment: "Payment" } as const;

/** "Check 10457": how a payment came, and its reference. */
const paymentDetails = (e: StatementEntry) =>
  [e.method ? PAYMENT_METHOD_LABELS[e.method] : null, e.reference].filter(Boolean).join(" ");

function fileBase(s: Statement) {
  const slug = s.customer.companyName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return `statement-${slug || "customer"}-${s.from}-to-${s.to}`;
}

/** The statement as a PDF: summary, activity with running balance, aging and open invoices. */
export async function statementPdf(s: Statement, company: CompanyDetails): Promise<Uint8Array> {
  const doc = await PdfBuilder.create({
    company,
    title: "Statement",
    reference: `${s.customer.companyName}, ${formatDate(s.from)} - ${formatDate(s.to)}`,
    meta: [
      ["Statement date", formatDate(s.to)],
      ["Period", `${formatDate(s.from)} - ${formatDate(s.to)}`],
      ["Terms", s.customer.paymentTermsDays === 0 ? "Due on receipt" : `Net ${s.customer.paymentTermsDays}`],
      ["Amount due", formatMoney(s.closingBalance)],
    ],
  });
  doc.blocks([
    {
      title: "Customer",
      lines: [
        s.customer.companyName,
        ...(s.customer.name !== s.customer.companyName ? [`Attn: ${s.customer.name}`] : []),
        ...(s.customer.address ? addressLines(s.customer.address) : []),
        ...(s.customer.email ? [s.customer.email] : []),
      ],
    },
    { title: "Remit to", lines: [company.name, ...addressLines(company.address), company.email] },
  ]);
  doc.totals([
    { label: `Opening balance (${formatDate(s.from)})`, value: formatMoney(s.openingBalance) },
    { label: "Invoiced", value: formatMoney(s.invoiced) },
    { label: "Payments received", value: `-${formatMoney(s.paid)}` },
    { label: `Closing balance (${formatDate(s.to)})`, value: formatMoney(s.closingBalance), strong: true },
  ]);

  doc.heading("Account activity");
  doc.table(
    [
      { header: "Date", width: 1.2, value: (e) => formatDate(e.date) },
      { header: "Activity", width: 1, value: (e) => KIND[e.kind] },
      { header: "Invoice", width: 1.5, value: (e) => e.invoiceNumber },
      {
        header: "Details",
        width: 2,
        value: (e) =>
          e.kind === "invoice" && e.dueDate ? `Due ${formatDate(e.dueDate)}` : paymentDetails(e),
      },
      { header: "Charges", width: 1.2, align: "right", value: (e) => formatMoney(e.charge) },
      { header: "Payments", width: 1.2, align: "right", value: (e) => formatMoney(e.payment) },
      { header: "Balance", width: 1.2, align: "right", value: (e) => formatMoney(e.balance) },
    ],
    s.entries,
    { emptyText: "No invoices or payments in this period." },
  );

  doc.heading(`Aging as of ${formatDate(s.to)}`);
  doc.table(
    [
      ...AGING_BUCKETS.map((b) => ({
        header: BUCKET_LABELS[b],
        width: 1,
        align: "right" as const,
        value: (a: Statement["aging"]) => formatMoney(a[b]),
      })),
      { header: "Total due", width: 1, align: "right", value: (a) => formatMoney(a.total) },
    ],
    [s.aging],
  );

  if (s.openInvoices.length) {
    doc.heading("Open invoices");
    doc.table(
      [
        { header: "Invoice", width: 1.5, value: (i) => i.invoiceNumber },
        { header: "Issued", width: 1.2, value: (i) => formatDate(i.issueDate) },
        { header: "Due", width: 1.2, value: (i) => formatDate(i.dueDate) },
        { header: "Days past due", width: 1.1, align: "right", value: (i) => String(i.daysPastDue) },
        { header: "Total", width: 1.2, align: "right", value: (i) => formatMoney(i.total) },
        { header: "Open", width: 1.2, align: "right", value: (i) => formatMoney(i.balance) },
      ],
      s.openInvoices,
    );
  }
  doc.text(`Questions about this statement: ${company.email}, ${company.phone}.`, { size: 9, muted: true });
  return doc.save();
}

const csvField = (v: string | number) => {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csvLine = (cells: Array<string | number | null>) => cells.map((c) => csvField(escapeCell(c))).join(",");

/** The statement as CSV: the activity with opening and closing rows, then the aging. */
export function statementCsv(s: Statement): string {
  const lines = [
    csvLine(["Customer", s.customer.companyName]),
    csvLine(["Period", `${s.from} to ${s.to}`]),
    "",
    csvLine(["Date", "Activity", "Invoice", "Due date", "Reference", "Charges", "Payments", "Balance"]),
    csvLine([s.from, "Opening balance", "", "", "", "", "", s.openingBalance]),
    ...s.entries.map((e) =>
      csvLine([
        e.date,
        KIND[e.kind],
        e.invoiceNumber,
        e.dueDate,
        paymentDetails(e),
        e.charge,
        e.payment,
        e.balance,
      ]),
    ),
    csvLine([s.to, "Closing balance", "", "", "", s.invoiced, s.paid, s.closingBalance]),
    "",
    csvLine([`Aging as of ${s.to}`, ...AGING_BUCKETS.map((b) => BUCKET_LABELS[b]), "Total due"]),
    csvLine(["", ...AGING_BUCKETS.map((b) => s.aging[b]), s.aging.total]),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The statement as a workbook: "Statement" (summary and activity) and "Aging" (open invoices). */
export async function statementXlsx(s: Statement): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Load Management System";
  const money = '"$"#,##0.00;-"$"#,##0.00';
  const num = (v: string | null) => (v === null ? null : Number(v));

  const sheet = workbook.addWorksheet("Statement");
  sheet.columns = [
    { width: 14 },
    { width: 18 },
    { width: 18 },
    { width: 14 },
    { width: 24 },
    { width: 14 },
    { width: 14 },
    { width: 14 },
  ];
  sheet.addRow([escapeCell(s.customer.companyName)]).font = { bold: true, size: 13 };
  sheet.addRow([`Statement ${s.from} to ${s.to}`]);
  sheet.addRow([]);
  const summary: Array<[string, string]> = [
    ["Opening balance", s.openingBalance],
    ["Invoiced", s.invoiced],
    ["Payments received", s.paid],
    ["Closing balance", s.closingBalance],
  ];
  for (const [label, value] of summary) {
    const row = sheet.addRow([label, Number(value)]);
    row.getCell(2).numFmt = money;
  }
  sheet.addRow([]);
  const header = sheet.addRow([
    "Date",
    "Activity",
    "Invoice",
    "Due date",
    "Reference",
    "Charges",
    "Payments",
    "Balance",
  ]);
  header.font = { bold: true };
  for (const e of s.entries) {
    const row = sheet.addRow([
      e.date,
      KIND[e.kind],
      escapeCell(e.invoiceNumber),
      e.dueDate ?? "",
      escapeCell(paymentDetails(e)),
      num(e.charge),
      num(e.payment),
      Number(e.balance),
    ]);
    for (const c of [6, 7, 8]) row.getCell(c).numFmt = money;
  }

  const aging = workbook.addWorksheet("Aging");
  aging.columns = [{ width: 18 }, { width: 14 }, { width: 14 }, { width: 14 }, { width: 14 }, { width: 14 }];
  aging.addRow([`Aging as of ${s.to}`]).font = { bold: true };
  aging.addRow([...AGING_BUCKETS.map((b) => BUCKET_LABELS[b]), "Total due"]).font = { bold: true };
  const buckets = aging.addRow([...AGING_BUCKETS.map((b) => Number(s.aging[b])), Number(s.aging.total)]);
  buckets.eachCell((cell) => {
    cell.numFmt = money;
  });
  aging.addRow([]);
  aging.addRow(["Invoice", "Issued", "Due", "Days past due", "Total", "Open"]).font = { bold: true };
  for (const i of s.openInvoices) {
    const row = aging.addRow([
      escapeCell(i.invoiceNumber),
      i.issueDate,
      i.dueDate,
      i.daysPastDue,
      Number(i.total),
      Number(i.balance),
    ]);
    row.getCell(5).numFmt = money;
    row.getCell(6).numFmt = money;
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export async function statementFile(s: Statement, format: StatementFormat, company: CompanyDetails) {
  const fileName = `${fileBase(s)}.${format}`;
  if (format === "pdf")
    return { fileName, contentType: "application/pdf", body: await statementPdf(s, company) };
  if (format === "csv") return { fileName, contentType: CONTENT_TYPES.csv, body: statementCsv(s) };
  return { fileName, contentType: CONTENT_TYPES.xlsx, body: await statementXlsx(s) };
}
