import type { CalendarEvent } from "@shared/calendar/time-off.schema";

/**
 * Calendar date math on local days written as YYYY-MM-DD. A day key never goes through UTC, so
 * "2026-05-04" is the 4th wherever the browser is; load times (instants) land on their local day.
 */

export const CALENDAR_VIEWS = ["month", "week", "day"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const pad = (n: number) => String(n).padStart(2, "0");

export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const isDayKey = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(parseDay(value).getTime());

/** Local midnight of a day key. */
export function parseDay(key: string): Date {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(y, m - 1, d);
}

export const todayKey = () => dayKey(new Date());

export function addDays(key: string, days: number): string {
  const d = parseDay(key);
  d.setDate(d.getDate() + days);
  return dayKey(d);
}

/** The same day `months` later, clamped to the month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(key: string, months: number): string {
  const d = parseDay(key);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + months);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, last));
  return dayKey(d);
}

export const startOfMonth = (key: string) => `${key.slice(0, 8)}01`;

/** JavaScript weekday (0 = Sunday) a week starts on in `locale`; Monday when the browser cannot say. */
export function firstDayOfWeek(locale: string): number {
  try {
    const loc = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    // A bare "en" would read as en-US (Sunday); that is the product's English, so keep it.
    const info = loc.getWeekInfo?.() ?? loc.weekInfo;
    if (info) return info.firstDay % 7;
  } catch {
    // An unknown locale tag: fall through.
  }
  return 1;
}

export function startOfWeek(key: string, firstDay: number): string {
  const offset = (parseDay(key).getDay() - firstDay + 7) % 7;
  return addDays(key, -offset);
}

/** Every day key from `from` to `to`, inclusive. */
export function daysIn(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The days a view shows: a month as whole weeks, a week, or one day. */
export function viewRange(
  view: CalendarView,
  anchor: string,
  firstDay: number,
): { from: string; to: string } {
  if (view === "day") return { from: anchor, to: anchor };
  if (view === "week") {
    const from = startOfWeek(anchor, firstDay);
    return { from, to: addDays(from, 6) };
  }
  const first = startOfMonth(anchor);
  const last = addDays(addMonths(first, 1), -1);
  const from = startOfWeek(first, firstDay);
  const to = addDays(startOfWeek(last, firstDay), 6);
  return { from, to };
}

/** Where "previous" and "next" go from `anchor`. */
export function stepAnchor(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === "month") return addMonths(startOfMonth(anchor), direction);
  return addDays(anchor, direction * (view === "week" ? 7 : 1));
}

/** The local day an event starts on (time off: its first day). */
export const eventDay = (e: CalendarEvent) => (e.allDay ? e.start.slice(0, 10) : dayKey(new Date(e.start)));

/**
 * Events per local day between `from` and `to`: all-day time off on each of its days first, then
 * pickups and deliveries by time.
 */
export function eventsByDay(events: CalendarEvent[], from: string, to: string): Map<string, CalendarEvent[]> {
  const map = new Map<string, CalendarEvent[]>();
  const put = (day: string, e: CalendarEvent) => {
    if (day < from || day > to) return;
    const list = map.get(day);
    if (list) list.push(e);
    else map.set(day, [e]);
  };
  for (const e of events) {
    if (e.allDay) {
      const first = e.start.slice(0, 10) < from ? from : e.start.slice(0, 10);
      const last = (e.end ?? e.start).slice(0, 10) > to ? to : (e.end ?? e.start).slice(0, 10);
      for (let d = first; d <= last; d = addDays(d, 1)) put(d, e);
    } else {
      put(eventDay(e), e);
    }
  }
  for (const list of map.values()) {
    list.sort((a, b) => {
      if (a.allDay !== b.allDay) return a.allDay ? -1 : 1;
      return a.start < b.start ? -1 : a.start > b.start ? 1 : a.id.localeCompare(b.id);
    });
  }
  return map;
}

/** Inclusive number of days of a time off. */
export const dayCount = (startDate: string, endDate: string) =>
  Math.round((parseDay(endDate).getTime() - parseDay(startDate).getTime()) / 86_400_000) + 1;
