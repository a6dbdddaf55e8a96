import type { CompanyDocumentType } from "@shared/documents/documents.schema";
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES_ALLOWED } from "@shared/documents/documents.schema";
import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Tx } from "../db/client";
import { companyDocuments, users } from "../db/schema";
import type { Storage } from "../platform/storage/storage";

const DAY = 86_400_000;

/** A one-page letter-size PDF with a title and a few lines: what a scanned certificate would say. */
export async function paperPdf(title: string, lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const page = doc.addPage([612, 792]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 56, y: 720, size: 18, font: bold });
  lines.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 680 - i * 20, size: 11, font });
  });
  return doc.save();
}

/**
 * The company's papers for the demo's document centre: authority and registrations, the cab card and
 * insurance card drivers carry (shown to drivers), policies and permits — one expiring this week, one
 * expired, the rest later or undated. Needs the storage service (the app's seed passes it).
 */
export async function seedDocumentsDemo(tx: Tx, storage?: Storage, now = new Date()): Promise<void> {
  if (!storage) return;
  const [already] = await tx.select({ id: companyDocuments.id }).from(companyDocuments).limit(1);
  if (already) return;
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
  const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString().slice(0, 10);
  const year = now.getUTCFullYear();
  // biome-ignore format: one document per line reads as a table
  const papers: Array<{ name: string; type: CompanyDocumentType; expiresOn: string | null; drivers?: boolean; lines: string[] }> = [
    { name: "FMCSA operating authority (MC-884213)", type: "operating_authority", expiresOn: null, lines: ["Docket MC-884213 · USDOT 3184420", "Motor carrier of property (except household goods)", "Authority granted: common and contract"] },
    { name: "USDOT number assignment letter", type: "usdot_mc_letter", expiresOn: null, lines: ["USDOT 3184420", "Interstate carrier, property"] },
    { name: `IRP cab card ${year}`, type: "irp_cab_card", expiresOn: day(4), drivers: true, lines: ["Apportioned registration, Illinois base plate", "Jurisdictions: IL IN WI MI OH IA MO KY"] },
    { name: `IFTA licence ${year}`, type: "ifta_license", expiresOn: `${year}-12-31`, drivers: true, lines: ["Illinois IFTA licence 36-2918475", "Decals issued: 6"] },
    { name: `UCR registration ${year - 1}`, type: "ucr", expiresOn: `${year - 1}-12-31`, lines: ["Unified Carrier Registration, bracket 6-20 power units", "Paid in full"] },
    { name: "Auto liability policy — Great West Casualty", type: "insurance_policy", expiresOn: day(212), lines: ["Policy GWC-AL-7781204", "Combined single limit $1,000,000", "NAIC 11371"] },
    { name: "Insurance card (all power units)", type: "insurance_policy", expiresOn: day(212), drivers: true, lines: ["Carry in every cab", "Policy GWC-AL-7781204"] },
    { name: "Motor truck cargo policy", type: "insurance_policy", expiresOn: day(26), lines: ["Policy MTC-554019", "Limit $100,000 per load, reefer breakdown included"] },
    { name: "Oversize permit — Wisconsin (expired run)", type: "permit", expiresOn: day(-9), lines: ["Single trip, 8'6\" wide load", "Route: I-94 Kenosha – Madison"] },
    { name: "W-9 (signed)", type: "w9", expiresOn: null, lines: ["Request for Taxpayer Identification Number", "EIN 36-2918475"] },
    { name: "Yard lease — Joliet terminal", type: "lease", expiresOn: day(400), lines: ["Lot 14, 2.1 acres, 36 months"] },
  ];
  for (const paper of papers) {
    const bytes = (await paperPdf(paper.name, paper.lines)) as Uint8Array<ArrayBuffer>;
    const slug = paper.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    const stored = await storage.save(
      tx,
      new File([bytes], `${slug}.pdf`, { type: "application/pdf" }),
      { maxBytes: DOCUMENT_MAX_BYTES, allowedTypes: DOCUMENT_TYPES_ALLOWED },
      admin?.id ?? null,
    );
    await tx.insert(companyDocuments).values({
      name: paper.name,
      type: paper.type,
      expiresOn: paper.expiresOn,
      visibleToDrivers: !!paper.drivers,
      fileId: stored.id,
      uploadedBy: admin?.id ?? null,
    });
  }
}
