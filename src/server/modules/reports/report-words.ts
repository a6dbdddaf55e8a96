import accidentsEn from "@shared/i18n/locales/en/accidents.json";
import accountingEn from "@shared/i18n/locales/en/accounting.json";
import citationsEn from "@shared/i18n/locales/en/citations.json";
import driversEn from "@shared/i18n/locales/en/drivers.json";
import fleetEn from "@shared/i18n/locales/en/fleet.json";
import inspectionsEn from "@shared/i18n/locales/en/inspections.json";
import loadsEn from "@shared/i18n/locales/en/loads.json";
import reportsEn from "@shared/i18n/locales/en/reports.json";
import statementsEn from "@shared/i18n/locales/en/statements.json";
import accidentsEs from "@shared/i18n/locales/es/accidents.json";
import accountingEs from "@shared/i18n/locales/es/accounting.json";
import citationsEs from "@shared/i18n/locales/es/citations.json";
import driversEs from "@shared/i18n/locales/es/drivers.json";
import fleetEs from "@shared/i18n/locales/es/fleet.json";
import inspectionsEs from "@shared/i18n/locales/es/inspections.json";
import loadsEs from "@shared/i18n/locales/es/loads.json";
import reportsEs from "@shared/i18n/locales/es/reports.json";
import statementsEs from "@shared/i18n/locales/es/statements.json";
import accidentsFr from "@shared/i18n/locales/fr/accidents.json";
import accountingFr from "@shared/i18n/locales/fr/accounting.json";
import citationsFr from "@shared/i18n/locales/fr/citations.json";
import driversFr from "@shared/i18n/locales/fr/drivers.json";
import fleetFr from "@shared/i18n/locales/fr/fleet.json";
import inspectionsFr from "@shared/i18n/locales/fr/inspections.json";
import loadsFr from "@shared/i18n/locales/fr/loads.json";
import reportsFr from "@shared/i18n/locales/fr/reports.json";
import statementsFr from "@shared/i18n/locales/fr/statements.json";
import {
  LABEL_KEYS,
  type ReportLabel,
  type ReportLanguage,
  type ReportNote,
  type ValueFormat,
} from "@shared/reports/reports.schema";

/** The namespaces a report's words come from (the same the page loads), per language. */
const NAMESPACES: Record<ReportLanguage, Record<string, unknown>> = {
  en: {
    reports: reportsEn,
    loads: loadsEn,
    drivers: driversEn,
    fleet: fleetEn,
    accounting: accountingEn,
    statements: statementsEn,
    inspections: inspectionsEn,
    citations: citationsEn,
    accidents: accidentsEn,
  },
  es: {
    reports: reportsEs,
    loads: loadsEs,
    drivers: driversEs,
    fleet: fleetEs,
    accounting: accountingEs,
    statements: statementsEs,
    inspections: inspectionsEs,
    citations: citationsEs,
    accidents: accidentsEs,
  },
  fr: {
    reports: reportsFr,
    loads: loadsFr,
    drivers: driversFr,
    fleet: fleetFr,
    accounting: accountingFr,
    statements: statementsFr,
    inspections: inspectionsFr,
    citations: citationsFr,
    accidents: accidentsFr,
  },
};
export const LOCALES: Record<ReportLanguage, string> = { en: "en-US", es: "es-US", fr: "fr-CA" };

/** The words and number formats of one reader's language, for the PDF and the sheets. */
export function reportWords(lang: ReportLanguage, currency = "USD") {
  const locale = LOCALES[lang];
  const t = (key: string, values: Record<string, string> = {}, fallback?: string) => {
    const [ns, path] = key.includes(":") ? key.split(":", 2) : ["reports", key];
    let node: unknown = NAMESPACES[lang][ns];
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === "string" ? node : (fallback ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  };
  const moneyFormat = new Intl.NumberFormat(locale, { style: "currency", currency });
  const number = (digits: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: digits });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" });
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });

  const label = (l: ReportLabel): string => {
    if (l.kind === "text") return l.value;
    if (l.kind === "month") return monthFormat.format(new Date(`${l.value}-15T12:00:00Z`));
    return t(`${LABEL_KEYS[l.kind]}${l.value}`, {}, l.value);
  };

  /** A value as the reader reads it (the PDF and the page). */
  const format = (value: string | null, f: ValueFormat, labelKind?: ReportLabel["kind"]): string => {
    if (value === null || value === "") return "—";
    switch (f) {
      case "money":
        return moneyFormat.format(Number(value));
      case "rate":
        return new Intl.NumberFormat(locale, {
          style: "currency",
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 4,
        }).format(Number(value));
      case "percent":
        return `${number(1).format(Number(value))} %`;
      case "count":
      case "days":
        return number(0).format(Number(value));
      case "hours":
      case "miles":
        return number(1).format(Number(value));
      case "gallons":
        return number(3).format(Number(value));
      case "mpg":
      case "number":
        return number(2).format(Number(value));
      case "date":
        return dateFormat.format(new Date(`${value}T12:00:00Z`));
      case "label":
        return label({ kind: labelKind ?? "text", value });
      default:
        return value;
    }
  };
  const plural = new Intl.PluralRules(locale);
  /**
   * A report's sentence (a warning, an incomplete figure) with its values written like figures; a
   * `count` picks the `_one` / `_other` form as i18next does on the page.
   */
  const note = (n: ReportNote): string => {
    const values = Object.fromEntries(n.values.map((v) => [v.name, format(v.value, v.format)]));
    const count = n.values.find((v) => v.name === "count");
    if (!count) return t(`notes.${n.key}`, values);
    const form = plural.select(Number(count.value)) === "one" ? "one" : "other";
    return t(`notes.${n.key}_${form}`, values);
  };
  return {
    t,
    label,
    format,
    note,
    locale,
    date: (d: string) => dateFormat.format(new Date(`${d}T12:00:00Z`)),
  };
}
export type ReportWords = ReturnType<typeof reportWords>;
