import { routePath } from "@shared/access";
import settlementsEn from "@shared/i18n/locales/en/settlements.json";
import { SETTLEMENT_MESSAGES, type Settlement } from "@shared/settlements/settlements.schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict } from "../../http/errors";
import { notifyUsers } from "../../platform/notifications/notify";
import { formatDate, formatMoney } from "../../platform/pdf/format";
import { postToLedger } from "../accounting/ledger-posting";
import { readSettlement } from "./settlement-detail";
import { auditSettlement, lockAny } from "./settlement-guards";
import { type PdfLanguage, renderSettlementPdf } from "./settlement-pdf";
import { driverNameOf, driverUserId, mailingOf, retireLines, updateSettlement } from "./settlements.repo";

/**
 * A settlement's way out (decision 025): approve (locked — the database refuses any change to an
 * approved or paid one's amounts and lines), pay once with the ledger's driver-pay expense and the
 * statement mailed to the driver, or void an unpaid one with a reason; the statement PDF.
 */
export function createPayoutService({ db, config, mailer, log }: Deps) {
  const get = (actor: Actor, id: string) => readSettlement(db, actor, id);

  /**
   * The paid statement to the driver's email, through the mail service (SMTP or the stored outbox).
   * The payment stands whether or not the mail goes out; a failure is logged (the outbox shows it).
   * English until a user's language is stored (settings issue).
   */
  async function mailStatement(settlement: Settlement) {
    if (!mailer) return; // the demo seed pays without mailing anyone
    const driver = await mailingOf(db, settlement.driver.id);
    if (!driver.email) return;
    const lang: PdfLanguage = "en";
    const pdf = await renderSettlementPdf({ settlement, driver, company: config.company, lang });
    const words = {
      number: settlement.number,
      company: config.company.name,
      name: settlement.driver.fullName,
      period: `${formatDate(settlement.periodStart)} – ${formatDate(settlement.periodEnd)}`,
      date: formatDate(settlement.paidOn),
      amount: formatMoney(settlement.net),
    };
    const fill = (text: string) =>
      text.replace(/\{\{(\w+)\}\}/g, (_, k: keyof typeof words) => words[k] ?? "");
    const mail = await mailer.send({
      to: driver.email,
      subject: fill(settlementsEn.pdf.mailSubject),
      text: fill(settlementsEn.pdf.mailBody),
      replyTo: config.company.email,
      attachments: [{ filename: pdf.fileName, contentType: "application/pdf", content: pdf.bytes }],
    });
    if (mail.status === "failed")
      log.warn("settlement statement not mailed", { settlementId: settlement.id });
  }

  return {
    async approve(actor: Actor, id: string): Promise<Settlement> {
      await db.transaction(async (tx) => {
        const s = await lockAny(tx, id);
        if (s.status !== "draft") throw conflict(SETTLEMENT_MESSAGES.notDraft, "SETTLEMENT_LOCKED");
        if (s.missingPay > 0)
          throw conflict(SETTLEMENT_MESSAGES.missingPay, "MISSING_PAY", { count: s.missingPay });
        await updateSettlement(tx, id, {
          status: "approved",
          approvedAt: new Date(),
          approvedBy: actor.userId,
          updatedAt: new Date(),
        });
        await auditSettlement(tx, actor, "settlement.approved", s, { amount: s.net });
      });
      return get(actor, id);
    },

    /** Pays an approved settlement: once (409 twice), with the ledger's driver-pay expense in the same transaction. */
    async pay(
      actor: Actor,
      id: string,
      input: { paidOn: string; method: Settlement["payMethod"] & string; reference: string },
    ): Promise<Settlement> {
      await db.transaction(async (tx) => {
        const s = await lockAny(tx, id);
        if (s.status === "paid") throw conflict(SETTLEMENT_MESSAGES.alreadyPaid, "SETTLEMENT_ALREADY_PAID");
        if (s.status !== "approved")
          throw conflict(SETTLEMENT_MESSAGES.notApproved, "SETTLEMENT_NOT_APPROVED");
        await updateSettlement(tx, id, {
          status: "paid",
          paidOn: input.paidOn,
          payMethod: input.method,
          payReference: input.reference,
          paidAt: new Date(),
          paidBy: actor.userId,
          updatedAt: new Date(),
        });
        await postToLedger(tx, {
          source: "settlement",
          sourceId: id,
          occurredOn: input.paidOn,
          direction: "expense",
          category: "driver_pay",
          amount: s.net,
          counterparty: await driverNameOf(tx, s.driverId),
          paymentMethod: input.method,
          reference: input.reference || s.number,
          notes: `${s.number} ${s.periodStart} – ${s.periodEnd}`,
          driverId: s.driverId,
          userId: actor.userId,
        });
        await auditSettlement(tx, actor, "settlement.paid", s, {
          amount: s.net,
          paidOn: input.paidOn,
          method: input.method,
        });
        // The driver hears it was paid (issue 41): in the app, and as a push where they turned it on.
        const driverUser = await driverUserId(tx, s.driverId);
        if (driverUser)
          await notifyUsers(tx, [driverUser], {
            kind: "settlement.paid",
            link: routePath("driverDashboard"),
            data: { settlementId: id, number: s.number, amount: s.net, paidOn: input.paidOn },
          });
      });
      const paid = await get(actor, id);
      await mailStatement(paid);
      return paid;
    },

    /** The settlement statement as a PDF in `lang` (whoever may read the settlement may download it). */
    async pdf(actor: Actor, id: string, lang: PdfLanguage) {
      const settlement = await get(actor, id);
      return renderSettlementPdf({
        settlement,
        driver: await mailingOf(db, settlement.driver.id),
        company: config.company,
        lang,
      });
    },

    async void(actor: Actor, id: string, reason: string): Promise<Settlement> {
      await db.transaction(async (tx) => {
        const s = await lockAny(tx, id);
        if (s.status === "paid")
          throw conflict(SETTLEMENT_MESSAGES.paidCannotVoid, "SETTLEMENT_ALREADY_PAID");
        if (s.status === "void") throw conflict(SETTLEMENT_MESSAGES.locked, "SETTLEMENT_LOCKED");
        await updateSettlement(tx, id, {
          status: "void",
          voidReason: reason,
          voidedAt: new Date(),
          voidedBy: actor.userId,
          updatedAt: new Date(),
        });
        // Frees the loads, fuel purchases, citations and carried amounts for another settlement.
        await retireLines(tx, id);
        await auditSettlement(tx, actor, "settlement.voided", s, { reason });
      });
      return get(actor, id);
    },
  };
}
