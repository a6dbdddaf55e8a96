/**
 * A moment written for the people who read an email — "December 11, 2026 at 10:00 AM CST" — in the
 * company's time zone and the email's language, never an RFC timestamp ("Fri, 11 Dec 2026 16:00:00
 * GMT"). The emails these go in are written in the company's language (English), hence the default.
 */
export function mailDateTime(at: Date, timeZone: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(at);
}
