import i18n from "i18next";

const locale = () => i18n.resolvedLanguage ?? i18n.language ?? "en";

/** Dates, numbers and money in the user's language. */
export const formatDateTime = (value: string | Date | null | undefined) =>
  value
    ? new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(value))
    : "—";

/** A time of day ("10:42", "10:42 AM"), for a time whose day is plain from what is beside it. */
export const formatTime = (value: string | Date | null | undefined) =>
  value ? new Intl.DateTimeFormat(locale(), { timeStyle: "short" }).format(new Date(value)) : "—";

/** A moment as its clock time ("07:42"), or with its date when it was not today. */
export const formatTimeOrDateTime = (value: string | Date | number, now = new Date()) => {
  const date = new Date(value);
  return date.toDateString() === now.toDateString()
    ? new Intl.DateTimeFormat(locale(), { timeStyle: "short" }).format(date)
    : formatDateTime(date);
};

export const formatDate = (value: string | Date | null | undefined) =>
  value ? new Intl.DateTimeFormat(locale(), { dateStyle: "medium" }).format(new Date(value)) : "—";

export const formatNumber = (value: number | string | null | undefined, digits = 0) =>
  value === null || value === undefined || value === ""
    ? "—"
    : new Intl.NumberFormat(locale(), { maximumFractionDigits: digits }).format(Number(value));

/** The company's currency (from /api/me; Settings → Company): amounts are shown in it, never converted. */
let shownCurrency = "USD";
export const showMoneyIn = (currency: string) => {
  shownCurrency = currency;
};
export const currencyShown = () => shownCurrency;

export const formatMoney = (value: number | string | null | undefined, currency = shownCurrency) =>
  value === null || value === undefined || value === ""
    ? "—"
    : new Intl.NumberFormat(locale(), { style: "currency", currency }).format(Number(value));

/** A calendar day (YYYY-MM-DD: due dates, issue dates) as that same day in every time zone. */
export const formatDay = (value: string | null | undefined) =>
  value
    ? new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(`${value.slice(0, 10)}T00:00:00Z`),
      )
    : "—";

/**
 * A calendar day with its weekday, the way one says it on the phone: "Tue, Dec 1" (the year too
 * when it is not this year's).
 */
export const formatWeekday = (value: string | null | undefined) => {
  if (!value) return "—";
  const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  const thisYear = day.getUTCFullYear() === new Date().getFullYear();
  return new Intl.DateTimeFormat(locale(), {
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(thisYear ? {} : { year: "numeric" }),
    timeZone: "UTC",
  }).format(day);
};

/** Today in the browser's time zone, as YYYY-MM-DD (built from local date parts, never toISOString). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
