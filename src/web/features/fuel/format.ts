import i18n from "i18next";

/** Pump prices carry tenths of a cent: $3.899. */
export const formatPricePerGallon = (value: string | number) =>
  new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language ?? "en", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(Number(value));
