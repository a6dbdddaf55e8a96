import { can } from "@shared/access";
import { maskTaxId, TAX_ID_PATTERN } from "@shared/drivers/management.schema";
import {
  E_FILE_THRESHOLD,
  IRIS_ONLY_FROM_TAX_YEAR,
  type IssueResult,
  necDueDate,
  necThreshold,
  type PayerBlocker,
  TAX_FORM_MESSAGES,
  type TaxFormBlocker,
  type TaxFormRow,
  type TaxYear,
} from "@shared/tax-forms/tax-forms.schema";
import { eq, sql } from "drizzle-orm";
import { paySettings, taxForms } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, forbidden, notFound } from "../../http/errors";
import { iso } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { signed } from "../../platform/mail/signature";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { type NecForm, renderNecForms } from "./nec-pdf";

const digits = (tin: string | null) => (tin ?? "").replace(/\D/g, "");
const tinTypeOf = (tin: string | null): "SSN" | "EIN" | null => {
  if (!tin || !TAX_ID_PATTERN.test(tin.trim())) return null;
  return /^\d{2}-?\d{7}$/.test(tin.trim()) ? "EIN" : "SSN";
};

type Row = {
  id: string;
  full_name: string;
  tax_id: string | null;
  email: string | null;
  mailing_street: string;
  mailing_city: string;
  mailing_state: string;
  mailing_postal_code: string;
  tax_forms_econsent: boolean;
  box1: string;
  box4: string;
  issued_at: Date | string | null;
  issued_box1: string | null;
  issued_box4: string | null;
  issued_corrected: boolean | null;
  emailed_at: Date | string | null;
};

/**
 * 1099-NEC forms for independent-contractor drivers (decision 025). Box 1 is what the paid
 * settlements of the calendar year (by payment date) paid for services: loads and additions, less
 * the carry-forward lines (no money moved) and escrow returns (the driver's own money back); box 4
 * the backup withholding deducted. A form is produced only when nothing blocks it.
 */
export function createTaxFormsService({ db, config, mailer, log }: Deps) {
  async function payerOf(actor: Actor | null) {
    const [row] = await db
      .select({ tin: paySettings.payerTin })
      .from(paySettings)
      .where(eq(paySettings.id, 1));
    const tin = row?.tin ?? "";
    const blockers: PayerBlocker[] = !tin
      ? ["missing_payer_tin"]
      : /^\d{2}-?\d{7}$/.test(tin)
        ? []
        : ["malformed_payer_tin"];
    const { company } = config;
    return {
      blockers,
      tin,
      shown: {
        name: company.name,
        tin: actor && !can(actor, "drivers:taxId") ? (maskTaxId(tin) ?? "") : tin,
        address: company.address,
        phone: company.phone,
      },
    };
  }

  async function rowsOf(taxYear: number, driverId?: string): Promise<Row[]> {
    const { rows } = await db.execute<Row>(sql`
      with paid as (
        select s.driver_id,
          coalesce(sum(sl.amount) filter (where sl.section in ('earning', 'addition')
            and sl.kind not in ('carry_forward', 'escrow_return')), 0)::numeric(12,2)::text as box1,
          coalesce(sum(sl.amount) filter (where sl.kind = 'backup_withholding'), 0)::numeric(12,2)::text as box4
        from settlements s join settlement_lines sl on sl.settlement_id = s.id
        where s.status = 'paid' and s.paid_on >= ${`${taxYear}-01-01`}::date and s.paid_on < ${`${taxYear + 1}-01-01`}::date
          ${driverId ? sql`and s.driver_id = ${driverId}` : sql``}
        group by s.driver_id
      ), issued as (
        select distinct on (driver_id) driver_id, issued_at, box1, box4, corrected, emailed_at
        from tax_forms where tax_year = ${taxYear}
        order by driver_id, issued_at desc
      )
      select d.id, d.full_name, d.tax_id, d.email, d.mailing_street, d.mailing_city, d.mailing_state,
        d.mailing_postal_code, d.tax_forms_econsent, p.box1, p.box4,
        i.issued_at, i.box1::text as issued_box1, i.box4::text as issued_box4, i.corrected as issued_corrected,
        i.emailed_at
      from paid p join drivers d on d.id = p.driver_id
      left join issued i on i.driver_id = d.id
      where d.worker_type = 'contractor' or i.driver_id is not null
      order by lower(d.full_name)`);
    return rows;
  }

  const threshold = (taxYear: number) => Number(necThreshold(taxYear));

  function toItem(r: Row, taxYear: number, whole: boolean): TaxFormRow {
    const blockers: TaxFormBlocker[] = [];
    if (!r.tax_id) blockers.push("missing_tin");
    else if (!TAX_ID_PATTERN.test(r.tax_id.trim())) blockers.push("malformed_tin");
    if (!r.mailing_street || !r.mailing_city || !r.mailing_state || !r.mailing_postal_code)
      blockers.push("missing_address");
    const issued = r.issued_at
      ? {
          at: new Date(r.issued_at).toISOString(),
          box1: r.issued_box1 ?? "0.00",
          box4: r.issued_box4 ?? "0.00",
          corrected: !!r.issued_corrected,
          emailedAt: r.emailed_at ? new Date(r.emailed_at).toISOString() : null,
        }
      : null;
    return {
      driverId: r.id,
      driverName: r.full_name,
      tin: whole ? r.tax_id : maskTaxId(r.tax_id),
      tinType: tinTypeOf(r.tax_id),
      address: {
        street: r.mailing_street,
        city: r.mailing_city,
        state: r.mailing_state,
        zip: r.mailing_postal_code,
      },
      email: r.email,
      econsent: r.tax_forms_econsent,
      box1: r.box1,
      box4: r.box4,
      reportable: Number(r.box1) >= threshold(taxYear) || Number(r.box4) > 0,
      blockers,
      issued,
      needsCorrection:
        !!issued && (Number(issued.box1) !== Number(r.box1) || Number(issued.box4) !== Number(r.box4)),
    };
  }

  function formOf(
    r: Row,
    taxYear: number,
    payer: { name: string; address: string; phone: string; tin: string },
    copy: "B" | "C",
    corrected: boolean,
  ): NecForm {
    const recipientTin = copy === "B" ? (maskTaxId(r.tax_id) ?? "") : (r.tax_id ?? "");
    return {
      taxYear,
      corrected,
      payer,
      recipient: {
        tin: recipientTin,
        name: r.full_name,
        street: r.mailing_street,
        cityStateZip: `${r.mailing_city}, ${r.mailing_state} ${r.mailing_postal_code}`,
        account: r.id.slice(0, 8).toUpperCase(),
      },
      box1: r.box1,
      box4: r.box4,
      state: r.mailing_state ? { code: r.mailing_state, income: r.box1 } : null,
    };
  }

  /** The forms that can be produced: reportable, nothing blocking (payer included). */
  async function producible(taxYear: number, driverId?: string) {
    const payer = await payerOf(null);
    if (payer.blockers.length) throw conflict(TAX_FORM_MESSAGES.payerBlocked, "PAYER_TIN_MISSING");
    const rows = (await rowsOf(taxYear, driverId)).filter((r) => {
      const item = toItem(r, taxYear, true);
      return item.reportable && !item.blockers.length;
    });
    return {
      rows,
      payer: {
        name: payer.shown.name,
        address: payer.shown.address,
        phone: payer.shown.phone,
        tin: payer.tin,
      },
    };
  }

  return {
    async year(actor: Actor, taxYear: number): Promise<TaxYear> {
      const whole = can(actor, "drivers:taxId");
      const [rows, payer] = await Promise.all([rowsOf(taxYear), payerOf(actor)]);
      const items = rows.map((r) => toItem(r, taxYear, whole));
      const reportableCount = items.filter((i) => i.reportable).length;
      return {
        taxYear,
        threshold: necThreshold(taxYear),
        dueDate: necDueDate(taxYear),
        reportableCount,
        eFileRequired: reportableCount >= E_FILE_THRESHOLD,
        irisOnly: taxYear >= IRIS_ONLY_FROM_TAX_YEAR,
        payer: payer.shown,
        payerBlockers: payer.blockers,
        items,
      };
    },

    /** Copy B (recipient; TIN masked) of one driver's form, or of every producible form in one PDF. */
    async pdf(actor: Actor, taxYear: number, driverId?: string) {
      const { rows, payer } = await producible(taxYear, driverId);
      if (!rows.length) {
        if (driverId) throw notFound("The form");
        throw conflict(TAX_FORM_MESSAGES.nothingToProduce, "NOTHING_TO_PRODUCE");
      }
      const issued = new Map((await rowsOf(taxYear, driverId)).map((r) => [r.id, r]));
      const bytes = await renderNecForms(
        rows.map((r) =>
          formOf(
            r,
            taxYear,
            payer,
            "B",
            !!issued.get(r.id)?.issued_at && toItem(r, taxYear, true).needsCorrection,
          ),
        ),
        "B",
      );
      await recordAudit(db, actor, {
        action: "tax_forms.downloaded",
        targetType: "tax_forms",
        targetLabel: String(taxYear),
        details: { rows: rows.length },
      });
      const name = driverId
        ? `1099-NEC-${taxYear}-${rows[0].full_name.replace(/[^A-Za-z0-9]+/g, "-")}.pdf`
        : `1099-NEC-${taxYear}.pdf`;
      return { bytes, fileName: name };
    },

    /**
     * Issue the year's forms: record each producible form with its amounts (a form whose amounts
     * changed since it was issued is issued again as CORRECTED; an unchanged one is skipped) and email
     * Copy B to the drivers who consented to electronic delivery.
     */
    async issue(actor: Actor, taxYear: number): Promise<IssueResult> {
      const all = await rowsOf(taxYear);
      const { rows, payer } = await producible(taxYear);
      const result = { issued: 0, corrected: 0, emailed: 0, skipped: all.length - rows.length };
      for (const r of rows) {
        const item = toItem(r, taxYear, true);
        if (item.issued && !item.needsCorrection) {
          result.skipped += 1;
          continue;
        }
        const corrected = !!item.issued;
        const [saved] = await db
          .insert(taxForms)
          .values({ driverId: r.id, taxYear, box1: r.box1, box4: r.box4, corrected, issuedBy: actor.userId })
          .returning({ id: taxForms.id });
        if (corrected) result.corrected += 1;
        else result.issued += 1;
        if (r.tax_forms_econsent && r.email && mailer) {
          const bytes = await renderNecForms([formOf(r, taxYear, payer, "B", corrected)], "B");
          const mail = await mailer.send({
            to: r.email,
            subject: `${corrected ? "Corrected " : ""}Form 1099-NEC for ${taxYear} from ${config.company.name}`,
            text: await signed(
              db,
              actor.userId,
              [
                `Hello ${r.full_name},`,
                "",
                `Your ${corrected ? "corrected " : ""}Form 1099-NEC for ${taxYear} is attached (Copy B, for your records).`,
                "You receive it by email because you agreed to electronic delivery of your tax forms.",
                "",
                config.company.name,
              ].join("\n"),
            ),
            replyTo: config.company.email,
            attachments: [
              { filename: `1099-NEC-${taxYear}.pdf`, contentType: "application/pdf", content: bytes },
            ],
          });
          if (mail.status === "failed") log.warn("1099-NEC not mailed", { driverId: r.id, taxYear });
          else {
            await db.update(taxForms).set({ emailedAt: new Date() }).where(eq(taxForms.id, saved.id));
            result.emailed += 1;
          }
        }
      }
      await recordAudit(db, actor, {
        action: "tax_forms.issued",
        targetType: "tax_forms",
        targetLabel: String(taxYear),
        details: { imported: result.issued, replaced: result.corrected, skipped: result.skipped },
      });
      return result;
    },

    /**
     * The producible forms in the column layout of the IRS IRIS 1099-NEC bulk-upload template (TINs
     * whole, 9 digits): only roles that may read tax ids.
     */
    async iris(actor: Actor, taxYear: number) {
      if (!can(actor, "drivers:taxId")) throw forbidden();
      const { rows, payer } = await producible(taxYear);
      const issued = new Map((await rowsOf(taxYear)).map((r) => [r.id, toItem(r, taxYear, true)]));
      type Line = { r: Row; corrected: boolean };
      const columns: Column<Line>[] = [
        { header: "Form Type", value: () => "1099-NEC", width: 10 },
        { header: "Tax Year", value: () => taxYear, width: 8 },
        { header: "Corrected Return Indicator", value: (l) => (l.corrected ? "X" : ""), width: 10 },
        { header: "Payer TIN Type", value: () => "EIN", width: 8 },
        { header: "Payer TIN", value: () => digits(payer.tin), width: 12 },
        { header: "Payer Name", value: () => payer.name.slice(0, 40), width: 30 },
        { header: "Payer Address", value: () => payer.address, width: 40 },
        { header: "Payer Phone", value: () => payer.phone, width: 16 },
        { header: "Recipient TIN Type", value: (l) => tinTypeOf(l.r.tax_id) ?? "", width: 8 },
        { header: "Recipient TIN", value: (l) => digits(l.r.tax_id), width: 12 },
        { header: "Recipient Name", value: (l) => l.r.full_name.slice(0, 40), width: 30 },
        { header: "Recipient Address", value: (l) => l.r.mailing_street, width: 30 },
        { header: "Recipient City", value: (l) => l.r.mailing_city, width: 16 },
        { header: "Recipient State", value: (l) => l.r.mailing_state, width: 6 },
        { header: "Recipient ZIP", value: (l) => l.r.mailing_postal_code, width: 10 },
        { header: "Account Number", value: (l) => l.r.id.slice(0, 8).toUpperCase(), width: 12 },
        { header: "Box 1 Nonemployee Compensation", value: (l) => Number(l.r.box1), width: 14 },
        { header: "Box 4 Federal Income Tax Withheld", value: (l) => Number(l.r.box4), width: 14 },
        { header: "State Code", value: (l) => l.r.mailing_state, width: 6 },
        { header: "State Income", value: (l) => Number(l.r.box1), width: 12 },
      ];
      const lines = rows.map((r) => ({
        r,
        corrected: !!issued.get(r.id)?.issued && !!issued.get(r.id)?.needsCorrection,
      }));
      return sheetFile(lines, columns, "csv", {
        file: `iris-1099-nec-${taxYear}`,
        sheet: "1099-NEC",
        stamp: iso(new Date())?.slice(0, 10) ?? "",
      });
    },
  };
}
