import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { addressLines } from "../../platform/pdf/document";
import { formatMoney } from "../../platform/pdf/format";

/** What one Form 1099-NEC prints. */
export interface NecForm {
  taxYear: number;
  corrected: boolean;
  payer: { name: string; address: string; phone: string; tin: string };
  recipient: { tin: string; name: string; street: string; cityStateZip: string; account: string };
  box1: string;
  box4: string;
  state: { code: string; income: string } | null;
}

const INK = rgb(0.1, 0.1, 0.1);
const RED = rgb(0.75, 0.1, 0.1);
const LIGHT = rgb(0.45, 0.45, 0.45);

/**
 * Form 1099-NEC laid out like the official form (payer and recipient on the left, boxes 1–7 on the
 * right, the year, "Nonemployee Compensation", the copy and the CORRECTED box), one form a page,
 * US Letter. `copy` says which: Copy B for the recipient (their TIN masked as the IRS allows), Copy C
 * for the payer's records.
 */
export async function renderNecForms(forms: NecForm[], copy: "B" | "C"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(`Form 1099-NEC ${forms[0]?.taxYear ?? ""} Copy ${copy}`);
  pdf.setProducer("Load Management System (pdf-lib)");
  for (const form of forms) drawForm(pdf.addPage(PageSizes.Letter), form, copy, regular, bold);
  return pdf.save();
}

function drawForm(page: PDFPage, f: NecForm, copy: "B" | "C", regular: PDFFont, bold: PDFFont) {
  const left = 36;
  const top = 740;
  const width = 540;
  const split = left + 300;
  const text = (s: string, x: number, y: number, size = 8, font = regular, color = INK): void => {
    page.drawText(clean(s, font), { x, y, size, font, color });
  };
  const box = (x: number, y: number, w: number, h: number) =>
    page.drawRectangle({ x, y, width: w, height: h, borderColor: INK, borderWidth: 0.7 });

  // The CORRECTED box and the form's title block.
  box(left, top + 8, 8, 8);
  if (f.corrected) text("X", left + 1.5, top + 9.5, 8, bold);
  text("CORRECTED (if checked)", left + 12, top + 9, 8, bold);

  // Left column: payer, TINs, recipient.
  const rows: Array<{ label: string; lines: string[]; h: number }> = [
    {
      label:
        "PAYER'S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.",
      lines: [f.payer.name, ...addressLines(f.payer.address), f.payer.phone],
      h: 96,
    },
    { label: "", lines: [], h: 36 },
    { label: "RECIPIENT'S name", lines: [f.recipient.name], h: 36 },
    { label: "Street address (including apt. no.)", lines: [f.recipient.street], h: 30 },
    {
      label: "City or town, state or province, country, and ZIP or foreign postal code",
      lines: [f.recipient.cityStateZip],
      h: 30,
    },
    { label: "Account number (see instructions)", lines: [f.recipient.account], h: 30 },
  ];
  let y = top;
  rows.forEach((r, i) => {
    y -= r.h;
    if (i === 1) {
      // The two TINs side by side.
      const half = (split - left) / 2;
      box(left, y, half, r.h);
      box(left + half, y, half, r.h);
      text("PAYER'S TIN", left + 3, y + r.h - 9, 6.5);
      text(f.payer.tin, left + 6, y + 8, 10, bold);
      text("RECIPIENT'S TIN", left + half + 3, y + r.h - 9, 6.5);
      text(f.recipient.tin, left + half + 6, y + 8, 10, bold);
      return;
    }
    box(left, y, split - left, r.h);
    wrap(r.label, 60).forEach((line, n) => {
      text(line, left + 3, y + r.h - 9 - n * 8, 6.5);
    });
    r.lines
      .filter(Boolean)
      .slice(0, 5)
      .forEach((line, n) => {
        text(line, left + 6, y + r.h - (r.label.length > 60 ? 28 : 20) - n * 11, 9.5);
      });
  });
  const bottom = y;

  // Right column: the year and title, then boxes 1–7.
  const rightWidth = left + width - split;
  const titleH = 66;
  box(split, top - titleH, rightWidth, titleH);
  text("OMB No. 1545-0116", split + 6, top - 12, 6.5, regular, LIGHT);
  text("Form 1099-NEC", split + 6, top - 26, 11, bold);
  text(`For calendar year ${f.taxYear}`, split + 6, top - 40, 8);
  text("Nonemployee", split + 140, top - 26, 11, bold);
  text("Compensation", split + 140, top - 40, 11, bold);
  text(`Copy ${copy}`, split + 6, top - 58, 9, bold, copy === "B" ? INK : RED);
  text(copy === "B" ? "For Recipient" : "For Payer", split + 50, top - 58, 8);

  const money = (v: string) => (Number(v) ? formatMoney(v) : "");
  const boxes: Array<{ label: string; value: string; h: number }> = [
    { label: "1 Nonemployee compensation", value: money(f.box1), h: 40 },
    {
      label: "2 Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale",
      value: "",
      h: 32,
    },
    { label: "3", value: "", h: 24 },
    { label: "4 Federal income tax withheld", value: money(f.box4), h: 32 },
    { label: "5 State tax withheld", value: "", h: 28 },
    { label: "6 State/Payer's state no.", value: f.state?.code ?? "", h: 28 },
    { label: "7 State income", value: f.state ? money(f.state.income) : "", h: 28 },
  ];
  let by = top - titleH;
  for (const b of boxes) {
    by -= b.h;
    box(split, by, rightWidth, b.h);
    wrap(b.label, 55).forEach((line, n) => {
      text(line, split + 3, by + b.h - 9 - n * 8, 6.5);
    });
    if (b.value) text(b.value, split + 10, by + 6, 11, bold);
  }

  const footY = Math.min(bottom, by) - 18;
  text(
    copy === "B"
      ? "This is important tax information and is being furnished to the IRS. If you are required to file a return, a negligence"
      : "Keep for your records. File Copy A with the IRS (electronically through IRIS).",
    left,
    footY,
    7,
    regular,
    LIGHT,
  );
  if (copy === "B") {
    text(
      "penalty or other sanction may be imposed on you if this income is taxable and the IRS determines that it has not been reported.",
      left,
      footY - 9,
      7,
      regular,
      LIGHT,
    );
  }
  text(
    `Form 1099-NEC (Rev. 1-${f.taxYear >= 2025 ? "2026" : "2024"})  ·  Department of the Treasury - Internal Revenue Service`,
    left,
    footY - 24,
    7,
    regular,
    LIGHT,
  );
}

/** Words to lines of at most `max` characters. */
function wrap(s: string, max: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of s.split(" ")) {
    if ((line ? `${line} ${word}` : word).length > max && line) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/** The standard fonts speak WinAnsi only: anything else becomes "?". */
function clean(s: string, font: PDFFont): string {
  const set = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of s) out += set.has(ch.codePointAt(0) ?? 63) ? ch : "?";
  return out;
}
