import { can } from "@shared/access";
import { maskTaxId, TAX_ID_PATTERN, taxIdKind } from "@shared/drivers/management.schema";
import {
  E_FILE_THRESHOLD,
  IRIS_ONLY_FROM_TAX_YEAR,
  type IssueAction,
  type IssuePreview,
  type IssueResult,
  type IssueSkipReason,
  type IssueTaxFormsValues,
  necDueDate,
  necThreshold,
  type PayerBlocker,
  TAX_FORM_MESSAGES,
  type TaxFormBlocker,
  type TaxFormRow,
  type TaxYear,
} from "@shared/tax-forms/tax-forms.schema";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { paySettings, taxForms } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, forbidden, HttpError, notFound } from "../../http/errors";
import { iso } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { companyDay } from "../../platform/company-day";
import { signed } from "../../platform/mail/signature";
import { type Column, dataCsvFile } from "../../platform/sheets/sheets";
import { type NecForm, renderNecForms } from "./nec-pdf";

const digits = (tin: string | null) => (tin ?? "").replace(/\D/g, "");

/** `nina.owner@drivers.test` → `n***@drivers.test`: enough to recognise, not to copy. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

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
 * escrow returns (the driver's own money back) — a carry-forward is a deduction, never in it; box 4
 * the backup withholding deducted. A form is produced only when nothing blocks it. Issuing and
 * correcting are separate, previewed actions; a year not over yet needs "issue early" with a reason.
 */
export function createTaxFormsService({ db, config, mailer, log }: Deps) {
  async function payerOf(actor: Actor | null, exec: Tx = db) {
    const [row] = await exec
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

  async function rowsOf(taxYear: number, driverId?: string, exec: Tx = db): Promise<Row[]> {
    const { rows } = await exec.execute<Row>(sql`
      with paid as (
        select s.driver_id,
          coalesce(sum(sl.amount) filter (where sl.section in ('earning', 'addition')
            and sl.kind <> 'escrow_return'), 0)::numeric(12,2)::text as box1,
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

  function toItem(r: Row, taxYear: number): TaxFormRow {
    const blockers: TaxFormBlocker[] = [];
    if (!r.tax_id) blockers.push("missing_tin");
    else if (!TAX_ID_PATTERN.test(r.tax_id.trim())) blockers.push("malformed_tin");
    else if (!taxIdKind(r.tax_id)) blockers.push("tin_kind_unknown");
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
      // Masked for every role: the screen never needs the whole TIN (the IRIS file carries it).
      tin: maskTaxId(r.tax_id),
      tinType: taxIdKind(r.tax_id),
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
      const item = toItem(r, taxYear);
      return item.reportable && !item.blockers.length;
    });
    return { rows, payer: payerOnForm(payer) };
  }

  const payerOnForm = (payer: Awaited<ReturnType<typeof payerOf>>) => ({
    name: payer.shown.name,
    address: payer.shown.address,
    phone: payer.shown.phone,
    tin: payer.tin,
  });

  /**
   * A tax year is over on January 1 after it, in the company's time zone. Until then pay can still
   * change (December's settlements are not paid yet), so its forms go out only "early", with a reason.
   */
  function yearNotOver(taxYear: number) {
    const today = companyDay(new Date(), config.company.timeZone);
    return { open: taxYear >= Number(today.slice(0, 4)), overOn: `${taxYear + 1}-01-01` };
  }

  /**
   * What an action would send: every driver of the year with the reason it is left out, or none
   * when the action sends their form. Issuing takes the reportable forms never issued; correcting the
   * issued ones whose amounts changed since (a form issued again is always a correction).
   */
  function plan(rows: Row[], taxYear: number, action: IssueAction) {
    const planned = rows.map((r) => {
      const item = toItem(r, taxYear);
      let skipped: IssueSkipReason | null = null;
      if (action === "issue") {
        if (!item.reportable) skipped = "not_required";
        else if (item.blockers.length) skipped = "blocked";
        else if (item.issued) skipped = item.needsCorrection ? "needs_correction" : "issued";
      } else if (!item.issued) skipped = item.reportable ? "not_issued" : "not_required";
      else if (!item.needsCorrection) skipped = "issued";
      else if (item.blockers.length) skipped = "blocked";
      return { r, item, skipped };
    });
    // The forms sent first, in name order; then those left out.
    return [...planned.filter((p) => !p.skipped), ...planned.filter((p) => p.skipped)];
  }

  const emailOf = (r: Row) => (r.tax_forms_econsent && r.email ? r.email : null);

  /** Copy B by email to a driver who consented; the form stands whether or not the mail goes out. */
  async function mailForm(
    actor: Actor,
    r: Row,
    formId: string,
    taxYear: number,
    payer: NecForm["payer"],
    corrected: boolean,
  ) {
    const to = emailOf(r);
    if (!to || !mailer) return false;
    const bytes = await renderNecForms([formOf(r, taxYear, payer, "B", corrected)], "B");
    const mail = await mailer.send({
      to,
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
      attachments: [{ filename: `1099-NEC-${taxYear}.pdf`, contentType: "application/pdf", content: bytes }],
    });
    if (mail.status === "failed") {
      log.warn("1099-NEC not mailed", { driverId: r.id, taxYear });
      return false;
    }
    await db.update(taxForms).set({ emailedAt: new Date() }).where(eq(taxForms.id, formId));
    return true;
  }

  /**
   * Issue or correct: refuses a year not over without `early` and a reason (400 ISSUE_EARLY_REQUIRED),
   * records the forms in one transaction (one run at a time per year), then emails Copy B.
   */
  async function send(actor: Actor, action: IssueAction, input: IssueTaxFormsValues): Promise<IssueResult> {
    const taxYear = input.year;
    const year = yearNotOver(taxYear);
    if (year.open && !input.early) {
      throw new HttpError(400, "ISSUE_EARLY_REQUIRED", TAX_FORM_MESSAGES.earlyRequired, {
        yearOverOn: year.overOn,
        fields: { early: TAX_FORM_MESSAGES.earlyRequired },
      });
    }
    const earlyReason = year.open ? input.reason : null;
    const { chosen, skipped, payer, saved } = await db.transaction(async (tx) => {
      // Two clicks, or two people: the second waits and then finds the forms issued.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax-forms:${taxYear}`}))`);
      const payerRow = await payerOf(null, tx);
      if (payerRow.blockers.length) throw conflict(TAX_FORM_MESSAGES.payerBlocked, "PAYER_TIN_MISSING");
      const planned = plan(await rowsOf(taxYear, undefined, tx), taxYear, action);
      const chosen = planned.filter((p) => !p.skipped);
      if (!chosen.length) {
        if (action === "correct") throw conflict(TAX_FORM_MESSAGES.nothingToCorrect, "NOTHING_TO_CORRECT");
        if (planned.some((p) => p.skipped === "needs_correction"))
          throw conflict(TAX_FORM_MESSAGES.correctInstead, "CORRECTION_REQUIRED");
        throw conflict(TAX_FORM_MESSAGES.nothingToIssue, "NOTHING_TO_ISSUE");
      }
      const saved = await tx
        .insert(taxForms)
        .values(
          chosen.map(({ r }) => ({
            driverId: r.id,
            taxYear,
            box1: r.box1,
            box4: r.box4,
            corrected: action === "correct",
            issuedBy: actor.userId,
            earlyReason,
          })),
        )
        .returning({ id: taxForms.id, driverId: taxForms.driverId });
      await recordAudit(tx, actor, {
        action: action === "issue" ? "tax_forms.issued" : "tax_forms.corrected",
        targetType: "tax_forms",
        targetLabel: String(taxYear),
        details: {
          rows: chosen.length,
          skipped: planned.length - chosen.length,
          ...(earlyReason ? { reason: earlyReason } : {}),
        },
      });
      return { chosen, skipped: planned.length - chosen.length, payer: payerOnForm(payerRow), saved };
    });
    const formIds = new Map(saved.map((f) => [f.driverId, f.id]));
    let emailed = 0;
    for (const { r } of chosen) {
      const formId = formIds.get(r.id);
      if (formId && (await mailForm(actor, r, formId, taxYear, payer, action === "correct"))) emailed += 1;
    }
    return {
      issued: action === "issue" ? chosen.length : 0,
      corrected: action === "correct" ? chosen.length : 0,
      emailed,
      skipped,
    };
  }

  return {
    async year(actor: Actor, taxYear: number): Promise<TaxYear> {
      const [rows, payer] = await Promise.all([rowsOf(taxYear), payerOf(actor)]);
      const items = rows.map((r) => toItem(r, taxYear));
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
      const bytes = await renderNecForms(
        rows.map((r) => {
          const item = toItem(r, taxYear);
          return formOf(r, taxYear, payer, "B", !!item.issued && item.needsCorrection);
        }),
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
     * What issuing (or correcting) would send, without sending anything: each driver of the year, the
     * box amounts, where Copy B would be emailed (masked) or that it goes by mail, and who is left
     * out and why; whether the year is over or needs "issue early".
     */
    async preview(taxYear: number, action: IssueAction): Promise<IssuePreview> {
      const [rows, payer] = await Promise.all([rowsOf(taxYear), payerOf(null)]);
      const planned = plan(rows, taxYear, action);
      const items = planned.map(({ r, item, skipped }) => {
        const email = emailOf(r);
        return {
          driverId: r.id,
          driverName: r.full_name,
          tin: item.tin,
          box1: r.box1,
          box4: r.box4,
          skipped,
          blockers: item.blockers,
          emailTo: email ? maskEmail(email) : null,
        };
      });
      const included = items.filter((i) => !i.skipped);
      return {
        taxYear,
        action,
        early: yearNotOver(taxYear).open,
        yearOverOn: yearNotOver(taxYear).overOn,
        payerBlockers: payer.blockers,
        items,
        included: included.length,
        emailed: included.filter((i) => i.emailTo).length,
        skipped: items.length - included.length,
      };
    },

    /** Issue the year's new forms (never one issued before: that is `correct`). */
    issue: (actor: Actor, input: IssueTaxFormsValues) => send(actor, "issue", input),

    /** Send CORRECTED forms for the issued ones whose amounts changed since. */
    correct: (actor: Actor, input: IssueTaxFormsValues) => send(actor, "correct", input),

    /**
     * The producible forms in the column layout of the IRS IRIS 1099-NEC bulk-upload template (TINs
     * whole, 9 digits): only roles that may read tax ids. A data file for the IRS, not a spreadsheet:
     * written without the formula guard.
     */
    async iris(actor: Actor, taxYear: number) {
      if (!can(actor, "drivers:taxId")) throw forbidden();
      const { rows, payer } = await producible(taxYear);
      type Line = { r: Row; corrected: boolean };
      const columns: Column<Line>[] = [
        { header: "Form Type", value: () => "1099-NEC" },
        { header: "Tax Year", value: () => taxYear },
        { header: "Corrected Return Indicator", value: (l) => (l.corrected ? "X" : "") },
        { header: "Payer TIN Type", value: () => "EIN" },
        { header: "Payer TIN", value: () => digits(payer.tin) },
        { header: "Payer Name", value: () => payer.name.slice(0, 40) },
        { header: "Payer Address", value: () => payer.address },
        { header: "Payer Phone", value: () => payer.phone },
        { header: "Recipient TIN Type", value: (l) => taxIdKind(l.r.tax_id) ?? "" },
        { header: "Recipient TIN", value: (l) => digits(l.r.tax_id) },
        { header: "Recipient Name", value: (l) => l.r.full_name.slice(0, 40) },
        { header: "Recipient Address", value: (l) => l.r.mailing_street },
        { header: "Recipient City", value: (l) => l.r.mailing_city },
        { header: "Recipient State", value: (l) => l.r.mailing_state },
        { header: "Recipient ZIP", value: (l) => l.r.mailing_postal_code },
        { header: "Account Number", value: (l) => l.r.id.slice(0, 8).toUpperCase() },
        { header: "Box 1 Nonemployee Compensation", value: (l) => Number(l.r.box1) },
        { header: "Box 4 Federal Income Tax Withheld", value: (l) => Number(l.r.box4) },
        { header: "State Code", value: (l) => l.r.mailing_state },
        { header: "State Income", value: (l) => Number(l.r.box1) },
      ];
      const lines = rows.map((r) => {
        const item = toItem(r, taxYear);
        return { r, corrected: !!item.issued && item.needsCorrection };
      });
      return dataCsvFile(lines, columns, {
        file: `iris-1099-nec-${taxYear}`,
        stamp: iso(new Date())?.slice(0, 10) ?? "",
      });
    },
  };
}
