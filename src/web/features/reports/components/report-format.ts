import {
  LABEL_KEYS,
  type LabelKind,
  type ReportLabel,
  type ReportNote,
  type ValueFormat,
} from "@shared/reports/reports.schema";
import type { TFunction } from "i18next";

/**
 * The reader's words and numbers for a report's labels and values (the server's PDF and sheets word
 * them the same way, modules/reports/report-words.ts).
 */
export function reportFormatter(t: TFunction, locale: string, currency: string) {
  const number = (digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
  const money = new Intl.NumberFormat(locale, { style: "currency", currency });
  const rate = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  const month = new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });

  const label = (l: ReportLabel): string => {
    if (l.kind === "text") return l.value;
    if (l.kind === "month") return month.format(new Date(`${l.value}-15T12:00:00Z`));
    return t(`${LABEL_KEYS[l.kind]}${l.value}`, { defaultValue: l.value });
  };

  const format = (value: string | null, f: ValueFormat, labelKind?: LabelKind): string => {
    if (value === null || value === "") return "—";
    const n = Number(value);
    switch (f) {
      case "money":
        return money.format(n);
      case "rate":
        return rate.format(n);
      case "percent":
        return `${number(1).format(n)} %`;
      case "count":
      case "days":
        return number(0).format(n);
      case "hours":
      case "miles":
        return number(1).format(n);
      case "gallons":
        return number(3).format(n);
      case "mpg":
      case "number":
        return number(2).format(n);
      case "date":
        return day.format(new Date(`${value}T12:00:00Z`));
      case "label":
        return label({ kind: labelKind ?? "text", value });
      default:
        return value;
    }
  };
  /** A report's sentence (a warning, an incomplete figure); a `count` value picks the plural form. */
  const note = (n: ReportNote): string => {
    const values: Record<string, string | number> = Object.fromEntries(
      n.values.map((v) => [v.name, format(v.value, v.format)]),
    );
    const count = n.values.find((v) => v.name === "count");
    if (count) values.count = Number(count.value);
    return t(`notes.${n.key}`, values); // `t` is the report page's: "reports" first
  };
  return { label, format, note, day: (d: string) => day.format(new Date(`${d}T12:00:00Z`)) };
}
export type ReportFormatter = ReturnType<typeof reportFormatter>;
