import type { ContractEvent } from "@shared/contracts/contracts.schema";
import { ESIGN_DISCLOSURE_VERSION } from "@shared/contracts/contracts.schema";
import { parseRichText, spansText } from "@shared/contracts/rich-text";
import type { CompanyDetails } from "../../config";
import { appendFiles } from "../../platform/pdf/append";
import { PdfBuilder } from "../../platform/pdf/document";

export interface SignedContractPdfInput {
  company: CompanyDetails;
  title: string;
  content: string;
  attachment: { name: string; bytes: Uint8Array } | null;
  signer: { name: string; email: string; typedName: string };
  signature: Uint8Array;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  contentSha256: string;
  events: ContractEvent[];
}

const EVENT_WORDS: Record<ContractEvent["kind"], string> = {
  created: "Created",
  sent: "Sent for signing",
  link_revoked: "Signing link withdrawn",
  viewed: "Opened by the signer",
  signed: "Signed",
  account_created: "Driver account created",
  expired: "Expired",
  renewed: "Renewed as a new draft",
};

const stamp = (iso: string | Date) => `${new Date(iso).toISOString().replace("T", " ").slice(0, 19)} UTC`;

/**
 * The signed contract: its content as the signer read it (the same rich-text rules as the page), the
 * signature block with the drawn signature, the attachment, and a final signing record — every event
 * with its time, address and browser, the typed name, the consent and the SHA-256 the signature binds.
 * The contract's language is the company's (its templates), so the record is written in English.
 */
export async function signedContractPdf(input: SignedContractPdfInput): Promise<Uint8Array> {
  const doc = await PdfBuilder.create({
    company: input.company,
    title: "Contract",
    meta: [
      ["Signed", stamp(input.signedAt)],
      ["Signer", input.signer.name],
    ],
  });
  doc.text(input.title, { size: 14, bold: true });
  doc.gap(8);
  for (const block of parseRichText(input.content)) {
    const text = spansText(block.spans);
    if (block.kind === "heading") {
      doc.gap(4);
      doc.text(text, { size: block.level === 1 ? 13 : 11, bold: true });
      doc.gap(2);
    } else if (block.kind === "bullet") doc.listItem("•", text);
    else if (block.kind === "numbered") doc.listItem(`${block.number}.`, text);
    else {
      doc.text(text, { bold: block.spans.length > 0 && block.spans.every((s) => s.bold) });
      doc.gap(6);
    }
  }
  doc.gap(16);
  doc.heading("Signature");
  await doc.image(input.signature, 220, 70);
  doc.text(`${input.signer.typedName} (typed name), ${input.signer.email}`, { size: 9 });
  doc.text(`Signed electronically on ${stamp(input.signedAt)}`, { size: 9, muted: true });
  if (input.attachment) {
    doc.gap(8);
    doc.text(`Attachment: ${input.attachment.name} (follows)`, { size: 9, muted: true });
  }
  const pdf = doc.finish();
  if (input.attachment)
    await appendFiles(pdf, [{ name: input.attachment.name, bytes: input.attachment.bytes }]);

  const audit = await PdfBuilder.create({ company: input.company, title: "Signing record" });
  audit.text(input.title, { size: 12, bold: true });
  audit.gap(6);
  audit.table(
    [
      { header: "Event", width: 2, value: (e: ContractEvent) => EVENT_WORDS[e.kind] },
      { header: "Time", width: 2.2, value: (e) => stamp(e.at) },
      { header: "By", width: 2, value: (e) => e.actorName ?? "" },
      { header: "Address", width: 1.6, value: (e) => e.ip ?? "" },
      { header: "Browser", width: 4, value: (e) => e.userAgent ?? "" },
    ],
    input.events,
    { fontSize: 8 },
  );
  audit.gap(10);
  audit.heading("Signature facts");
  for (const line of [
    `Signer: ${input.signer.name} <${input.signer.email}>`,
    `Typed name: ${input.signer.typedName}`,
    `Signed at: ${stamp(input.signedAt)}`,
    `From address: ${input.ip ?? "unknown"}`,
    `Browser: ${input.userAgent ?? "unknown"}`,
    `Consent to sign electronically (ESIGN Act, UETA), disclosure ${ESIGN_DISCLOSURE_VERSION}: given`,
    "SHA-256 of the content shown (title, content and attachment):",
    input.contentSha256,
  ]) {
    audit.text(line, { size: 9 });
  }
  const record = audit.finish();
  const pages = await pdf.copyPages(record, record.getPageIndices());
  for (const page of pages) pdf.addPage(page);
  return pdf.save();
}
