import type { LedgerPaymentMethod } from "@shared/accounting/ledger.schema";
import accountingEn from "@shared/i18n/locales/en/accounting.json";
import settlementsEn from "@shared/i18n/locales/en/settlements.json";
import accountingEs from "@shared/i18n/locales/es/accounting.json";
import settlementsEs from "@shared/i18n/locales/es/settlements.json";
import accountingFr from "@shared/i18n/locales/fr/accounting.json";
import settlementsFr from "@shared/i18n/locales/fr/settlements.json";
import { lineEffect } from "@shared/settlements/pay";
import type { Settlement, SettlementLine } from "@shared/settlements/settlements.schema";
import type { CompanyDetails } from "../../config";
import { PdfBuilder } from "../../platform/pdf/document";
import { formatDate, formatMoney } from "../../platform/pdf/format";

export const PDF_LANGUAGES = ["en", "es", "fr"] as const;
export type PdfLanguage = (typeof PDF_LANGUAGES)[number];

const WORDS = {
  en: { s: settlementsEn, a: accountingEn, locale: "en-US" },
  es: { s: settlementsEs, a: accountingEs, locale: "es-US" },
  fr: { s: settlementsFr, a: accountingFr, locale: "fr-CA" },
} as const;

/** `lines.percentage` → the words of the reader's language, with {{placeholders}} filled. */
function translator(lang: PdfLanguage) {
  const { s } = WORDS[lang];
  return (key: string, values: Record<string, string> = {}) => {
    let node: unknown = s;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === "string" ? node : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  };
}

export interface SettlementPdfInput {
  settlement: Settlement;
  driver: { mailingStreet: string; mailingCity: string; mailingState: string; mailingPostalCode: string };
  company: CompanyDetails;
  lang: PdfLanguage;
}

/**
 * The settlement statement a driver receives (decision 025), in their language: the company, the
 * period, each load with its route and how its pay was computed, additions, deductions with what is
 * left of each standing one, escrow held and the year's gross. The same document for a draft, an
 * approved and a paid settlement — its status is printed.
 */
export async function renderSettlementPdf({ settlement: s, driver, company, lang }: SettlementPdfInput) {
  const t = translator(lang);
  const { locale, a } = WORDS[lang];
  const money = (v: string | null) => formatMoney(v, "USD", locale);
  const date = (v: string | null) => formatDate(v, locale);
  const computation = (l: SettlementLine) => {
    if (!l.payType || !l.payRate) return t("lines.noPay");
    const rate =
      l.payType === "percentage"
        ? t("lines.percentage", {
            rate: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(l.payRate)),
            base: t(`bases.${l.percentageBase ?? "total"}`),
            amount: money(l.baseAmount),
          })
        : l.payType === "per_mile"
          ? t("lines.perMile", {
              rate: money(l.payRate),
              miles: new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(Number(l.miles ?? 0)),
            }) + (l.milesEstimated ? ` ${t("lines.estimated")}` : "")
          : t("lines.fixed");
    return l.fromDriverDefault ? `${rate} · ${t("lines.driverDefault")}` : rate;
  };
  const method = (m: LedgerPaymentMethod | null) =>
    m ? ((a.methods as Record<string, string>)[m] ?? m) : "";

  const doc = await PdfBuilder.create({
    company,
    title: t("pdf.title"),
    reference: s.number,
    meta: [
      [t("pdf.number"), s.number],
      [t("pdf.period"), `${date(s.periodStart)} – ${date(s.periodEnd)}`],
      [t("pdf.status"), t(`statuses.${s.status}`)],
      ...(s.paidOn ? ([[t("pdf.paidOn"), date(s.paidOn)]] as Array<[string, string]>) : []),
      [t("figures.net"), money(s.net)],
    ],
  });
  const address = [
    driver.mailingStreet,
    [driver.mailingCity, [driver.mailingState, driver.mailingPostalCode].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join(", "),
  ].filter(Boolean);
  doc.blocks([
    {
      title: t("pdf.driver"),
      lines: [s.driver.fullName, t(`workerTypes.${s.driver.workerType}`), ...address],
    },
    {
      title: t("pdf.payment"),
      lines: s.paidOn
        ? [date(s.paidOn), [method(s.payMethod), s.payReference].filter(Boolean).join(" · ")]
        : [t(`statuses.${s.status}`)],
    },
  ]);

  const loads = s.lines.filter((l) => l.section === "earning");
  doc.heading(t("sections.earning"));
  doc.table(
    [
      { header: t("pdf.load"), width: 1.4, value: (l) => l.load?.loadNumber ?? l.description },
      {
        header: t("pdf.route"),
        width: 2.6,
        value: (l) =>
          l.load
            ? `${l.load.pickupCity}, ${l.load.pickupState} - ${l.load.deliveryCity}, ${l.load.deliveryState}`
            : "",
      },
      { header: t("pdf.delivered"), width: 1.2, value: (l) => date(l.load?.deliveredAt ?? null) },
      { header: t("pdf.computation"), width: 2.8, value: computation },
      { header: t("pdf.amount"), width: 1.1, align: "right", value: (l) => money(l.amount) },
    ],
    loads,
    { emptyText: t("lines.noLoads") },
  );

  const describe = (l: SettlementLine) =>
    [
      l.kind === "carried_over" ? t("lines.carriedFrom", { number: l.description }) : l.description,
      l.adjustsSettlement ? t("lines.adjusts", { number: l.adjustsSettlement.number }) : "",
    ]
      .filter(Boolean)
      .join(" · ");
  for (const section of ["addition", "deduction"] as const) {
    const lines = s.lines.filter((l) => l.section === section);
    if (!lines.length) continue;
    doc.heading(t(`sections.${section}`));
    doc.table(
      [
        { header: t("pdf.what"), width: 2, value: (l) => t(`kinds.${l.kind}`) },
        { header: t("pdf.description"), width: 3.4, value: describe },
        {
          header: t("pdf.remaining"),
          width: 1.4,
          align: "right",
          value: (l) => (l.remainingAfter === null ? "" : money(l.remainingAfter)),
        },
        {
          header: t("pdf.amount"),
          width: 1.2,
          align: "right",
          // Deductions print with their sign: "-" for what is deducted, "+" for the part carried
          // to the next settlement (a deduction handed on).
          value: (l) => {
            const effect = lineEffect(l);
            if (effect.startsWith("-")) return `-${money(effect.slice(1))}`;
            return section === "deduction" ? `+${money(effect)}` : money(effect);
          },
        },
      ],
      lines,
    );
  }

  doc.totals([
    { label: t("figures.gross"), value: money(s.gross) },
    { label: t("figures.deductions"), value: `${Number(s.deductions) > 0 ? "-" : ""}${money(s.deductions)}` },
    { label: t("figures.net"), value: money(s.net), strong: true },
    // What the next settlement deducts: a deduction handed on, never pay.
    ...(Number(s.carriedForward) > 0
      ? [{ label: t("figures.carriedForward"), value: money(s.carriedForward) }]
      : []),
    { label: t("figures.escrow"), value: money(s.escrowBalance) },
    { label: t("figures.ytd"), value: money(s.yearToDateGross) },
  ]);
  if (s.notes) {
    doc.heading(t("pdf.notes"));
    doc.text(s.notes);
  }
  const pdf = doc.finish();
  return { bytes: await pdf.save(), fileName: `${s.number}.pdf` };
}
