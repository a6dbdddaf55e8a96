import { parseDay } from "./calendar-dates";

/** Locale-aware labels for the calendar; `locale` is i18next's resolved language. */
export function calendarFormat(locale: string) {
  const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options);
  const monthYear = fmt({ month: "long", year: "numeric" });
  const fullDay = fmt({ dateStyle: "full" });
  const mediumDay = fmt({ dateStyle: "medium" });
  const weekdayShort = fmt({ weekday: "short" });
  const weekdayLong = fmt({ weekday: "long" });
  const dayMonth = fmt({ day: "numeric", month: "short" });
  const time = fmt({ timeStyle: "short" });
  const hourOnly = fmt({ hour: "numeric" });
  const hourMinute = fmt({ hour: "numeric", minute: "2-digit" });
  const range = fmt({ day: "numeric", month: "short", year: "numeric" });
  return {
    /** "May 2026" */
    monthTitle: (day: string) => capitalize(monthYear.format(parseDay(day))),
    /** "Monday, May 4, 2026" */
    fullDay: (day: string) => capitalize(fullDay.format(parseDay(day))),
    /** "May 4, 2026" */
    day: (day: string) => mediumDay.format(parseDay(day)),
    /** "May 4 – 10, 2026" */
    dayRange: (from: string, to: string) =>
      from === to ? mediumDay.format(parseDay(from)) : range.formatRange(parseDay(from), parseDay(to)),
    weekdayShort: (day: string) => capitalize(weekdayShort.format(parseDay(day))),
    weekdayLong: (day: string) => capitalize(weekdayLong.format(parseDay(day))),
    /** "4 May" / "May 4" */
    dayMonth: (day: string) => dayMonth.format(parseDay(day)),
    dayNumber: (day: string) => String(parseDay(day).getDate()),
    /** "3:00 PM" for an instant, in local time. */
    time: (iso: string) => time.format(new Date(iso)),
    /** "3 PM" on the hour, "3:30 PM" otherwise: room for the load number in a month cell. */
    compactTime: (iso: string) => {
      const d = new Date(iso);
      return (d.getMinutes() === 0 ? hourOnly : hourMinute).format(d);
    },
  };
}
export type CalendarFormat = ReturnType<typeof calendarFormat>;

/** Spanish and French month and weekday names are lower case; a heading starts with a capital. */
const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);
