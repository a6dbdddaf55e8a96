import { isTimeZone, zoneAbbreviation } from "@shared/geo/zoned-time";
import i18n from "i18next";

const locale = () => i18n.resolvedLanguage ?? i18n.language ?? "en";

/**
 * The locale whose short zone names a North American carrier reads: "CDT" in English and Spanish
 * (es-US), "HAC" in French (fr-CA) — plain "es"/"fr" would say "GMT-5".
 */
export const zoneLocale = (lng = locale()) =>
  lng.startsWith("fr") ? "fr-CA" : lng.startsWith("es") ? "es-US" : "en-US";

/** "CDT" for the zone at that instant, in the reader's language; "" without a zone. */
export const zoneName = (value: string | Date, timeZone: string | null | undefined) =>
  timeZone && isTimeZone(timeZone) ? zoneAbbreviation(value, timeZone, zoneLocale()) : "";

/**
 * A stop's time in the stop's own zone, the zone named (issue 40): "Nov 28, 2026, 8:00 AM CST". Without
 * a zone (an unplaced stop) the reader's device time, unnamed, as before.
 */
export function formatInZone(
  value: string | Date | null | undefined,
  timeZone: string | null | undefined,
  style: "dateTime" | "time" = "dateTime",
): string {
  if (!value) return "—";
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : undefined;
  const text = new Intl.DateTimeFormat(locale(), {
    ...(style === "dateTime" ? { dateStyle: "medium" } : { hour: "numeric", minute: "2-digit" }),
    ...(style === "dateTime" ? { timeStyle: "short" } : {}),
    timeZone: zone,
  }).format(new Date(value));
  const name = zone ? zoneName(value, zone) : "";
  return name ? `${text} ${name}` : text;
}

/** Whether two instants fall on the same calendar day in the zone (the device's without one). */
export function sameDayInZone(a: string, b: string, timeZone: string | null | undefined): boolean {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : undefined;
  const day = (v: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, dateStyle: "short" }).format(new Date(v));
  return day(a) === day(b);
}
