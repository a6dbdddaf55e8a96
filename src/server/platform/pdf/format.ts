/**
 * Money and dates as printed on documents. Amounts arrive as decimal strings ("1234.50", never a
 * float); calendar dates as YYYY-MM-DD, which are printed as that day in every time zone.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** The company's currency shown (Settings → Company; set when the settings load). */
let shownCurrency = "USD";
export const showMoneyIn = (currency: string) => {
  shownCurrency = currency;
};
/** The currency money is shown in now (notifications' words use it too). */
export const currencyShown = () => shownCurrency;

export function formatMoney(
  value: string | number | null | undefined,
  currency = shownCurrency,
  locale = "en-US",
) {
  if (value === null || value === undefined || value === "") return "";
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    moneyFormats.set(key, format);
  }
  return format.format(Number(value));
}

/** A calendar date (YYYY-MM-DD) or an instant, as "Mar 4, 2026". */
export function formatDate(value: string | Date | null | undefined, locale = "en-US") {
  if (!value) return "";
  const date =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : value;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(date));
}
