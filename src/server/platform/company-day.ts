import { sql } from "drizzle-orm";

/** The company's calendar day of an instant: a fuel stop at 01:30 UTC is the evening before in Chicago. */
export function companyDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** "2026-11-28 14:05" in the company's time zone, for a notification's words (the
 * running-late and late check-in notices). */
export function wallTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}

/** The instant the company's day `day` begins: `timestamp at time zone` keeps an index usable. */
export const dayStart = (day: string, timeZone: string) =>
  sql`(${day}::date::timestamp at time zone ${timeZone})`;
/** The instant after the company's day `day` ends (the next day's start). */
export const dayAfter = (day: string, timeZone: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;
