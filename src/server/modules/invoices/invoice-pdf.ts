import type { InvoiceDetail, PaymentMethod } from "@shared/invoices/invoices.schema";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { files, loadFiles } from "../../db/schema";
import type { Deps } from "../../deps";
import { type AppendableFile, appendFiles } from "../../platform/pdf/append";
import { addressLines, PdfBuilder } from "../../platform/pdf/document";
import { formatDate, formatMoney } from "../../platform/pdf/format";
import { INVOICE_FILE_KINDS } from "./invoice-detail";

const KIND_LABELS: Record<(typeof INVOICE_FILE_KINDS)[number], string> = {
  rate_confirmation: "Rate confirmation",
  bol: "Bill of lading",
  pod: "Proof of delivery",
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ach: "ACH transfer",
  check: "Check",
  wire: "Wire transfer",
  card: "Card",
  cash: "Cash",
  other: "Other",
};

const STATUS_LABELS: Record<InvoiceDetail["status"], string> = {
  draft: "Draft",
  sent: "Open",
  overdue: "Past due",
  paid: "Paid",
  void: "Void",
};

/** The loads' rate confirmations, bills of lading and proofs of delivery, in invoice order. */
async function supportingFiles(deps: Deps, invoice: InvoiceDetail) {
  const loadIds = invoice.loads.map((l) => l.id);
  if (!loadIds.length) return [];
  const rows = await deps.db
    .select({
      loadId: loadFiles.loadId,
      kind: loadFiles.kind,
      storageKey: files.storageKey,
      fileName: files.fileName,
    })
    .from(loadFiles)
    .innerJoin(files, eq(files.id, loadFiles.fileId))
    .where(and(inArray(loadFiles.loadId, loadIds), inArray(loadFiles.kind, [...INVOICE_FILE_KINDS])))
    .orderBy(
      sql`array_position(array['rate_confirmation','bol','pod']::load_file_kind[], ${loadFiles.kind})`,
      asc(loadFiles.createdAt),
    );
  const order = new Map(loadIds.map((id, i) => [id, i]));
  return rows
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => (order.get(a.loadId) ?? 0) - (order.get(b.loadId) ?? 0) || a.i - b.i)
    .map((r) => ({
      ...r,
      loadNumber: invoice.loads.find((l) => l.id === r.loadId)?.loadNumber ?? "",
      kind: r.kind as (typeof INVOICE_FILE_KINDS)[number],
    }));
}

export interface RenderedInvoice {
  bytes: Uint8Array;
  fileName: string;
  /** Files that could not be put into the document. */
  skipped: string[];
  pageCount: number;
}

/**
 * The invoice as one PDF: the company's details, bill-to, lines per load, totals and payments,
 * then each load's rate confirmation, bill of lading and proof of delivery (all pages; photos one
 * per page). `draft` marks an unsent invoice as such.
 */
export async function renderInvoicePdf(deps: Deps, invoice: InvoiceDetail, opts: { draft?: boolean } = {}) {
  const { company } = deps.config;
  const doc = await PdfBuilder.create({
    company,
    title: opts.draft ? "Draft invoice" : "Invoice",
    reference: invoice.invoiceNumber,
    meta: [
      ["Invoice number", invoice.invoiceNumber],
      ["Issue date", formatDate(invoice.issueDate)],
      ["Due date", formatDate(invoice.dueDate)],
      ["Terms", invoice.paymentTermsDays === 0 ? "Due on receipt" : `Net ${invoice.paymentTermsDays}`],
      ["Balance due", formatMoney(invoice.balance)],
    ],
  });

  const billTo = invoice.billTo;
  doc.blocks([
    {
      title: "Bill to",
      lines: [
        billTo.companyName,
        ...(billTo.name && billTo.name !== billTo.companyName ? [`Attn: ${billTo.name}`] : []),
        ...(billTo.address ? addressLines(billTo.address) : []),
        ...[billTo.email, billTo.phone].filter((v): v is string => !!v),
      ],
    },
    {
      title: "Remit to",
      lines: [company.name, ...addressLines(company.address), company.email],
    },
    {
      title: "Status",
      lines: [
        STATUS_LABELS[invoice.status],
        ...(invoice.status === "overdue" ? [`${invoice.daysOverdue} days past due`] : []),
        `${invoice.loadCount} ${invoice.loadCount === 1 ? "load" : "loads"}`,
      ],
    },
  ]);

  doc.table(
    [
      { header: "Load", width: 1.3, value: (l) => l.loadNumber ?? "" },
      { header: "Description", width: 4, value: (l) => l.description },
      { header: "Amount", width: 1.2, align: "right", value: (l) => formatMoney(l.amount) },
    ],
    invoice.lines,
  );
  doc.totals([
    { label: "Total", value: formatMoney(invoice.total) },
    ...(Number(invoice.amountPaid) > 0
      ? [{ label: "Paid", value: `-${formatMoney(invoice.amountPaid)}` }]
      : []),
    { label: "Balance due", value: formatMoney(invoice.balance), strong: true },
  ]);

  if (invoice.payments.length) {
    doc.heading("Payments received");
    doc.table(
      [
        { header: "Date", width: 1.3, value: (p) => formatDate(p.paidOn) },
        { header: "Method", width: 1.5, value: (p) => PAYMENT_METHOD_LABELS[p.method] },
        { header: "Reference", width: 2.5, value: (p) => p.reference },
        { header: "Amount", width: 1.2, align: "right", value: (p) => formatMoney(p.amount) },
      ],
      invoice.payments,
    );
  }

  if (invoice.notes) {
    doc.heading("Notes");
    doc.text(invoice.notes);
    doc.gap(6);
  }

  // The supporting documents go into a side document first, so the invoice can list what made it in.
  const attachments = await supportingFiles(deps, invoice);
  const collector = await PDFDocument.create();
  const toAppend: AppendableFile[] = [];
  const labels = new Map<string, string>();
  for (const [n, file] of attachments.entries()) {
    const name = `${n}:${file.fileName}`;
    labels.set(name, `${file.loadNumber} ${KIND_LABELS[file.kind]} (${file.fileName})`);
    try {
      toAppend.push({ name, bytes: await deps.storage.read(file.storageKey) });
    } catch {
      toAppend.push({ name, bytes: new Uint8Array() });
    }
  }
  const result = await appendFiles(collector, toAppend);

  doc.heading("Supporting documents");
  if (!attachments.length) {
    doc.text("No rate confirmations or bills of lading are on file for these loads.", { muted: true });
  }
  let page = 0;
  for (const a of result.appended) {
    const label = labels.get(a.name) ?? a.name;
    doc.text(`${label}: ${a.pages} ${a.pages === 1 ? "page" : "pages"}, attached`, { size: 9 });
    page += a.pages;
  }
  for (const s of result.skipped) {
    doc.text(
      `${labels.get(s.name) ?? s.name}: not attached (the file could not be read as a PDF, JPEG or PNG)`,
      {
        size: 9,
        muted: true,
      },
    );
  }
  doc.gap(8);
  doc.text(
    `Please include ${invoice.invoiceNumber} with your payment. Questions: ${company.email}, ${company.phone}.`,
    {
      size: 9,
      muted: true,
    },
  );

  const pdf = doc.finish();
  if (page > 0) {
    const copied = await pdf.copyPages(collector, collector.getPageIndices());
    for (const p of copied) pdf.addPage(p);
  }
  const bytes = await pdf.save();
  return {
    bytes,
    fileName: `${invoice.invoiceNumber}.pdf`,
    skipped: result.skipped.map((s) => {
      const file = attachments[Number(s.name.split(":")[0])];
      return file ? `${file.loadNumber} ${file.fileName}` : s.name;
    }),
    pageCount: pdf.getPageCount(),
  } satisfies RenderedInvoice;
}
