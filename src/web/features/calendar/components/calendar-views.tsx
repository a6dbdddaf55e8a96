import type { CalendarEvent } from "@shared/calendar/time-off.schema";
import { CalendarX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { daysIn } from "../calendar-dates";
import type { CalendarFormat } from "../calendar-format";
import { EventItem } from "./event-item";

interface ViewProps {
  from: string;
  to: string;
  byDay: Map<string, CalendarEvent[]>;
  today: string;
  format: CalendarFormat;
  /** Opens the day view of a day. */
  onOpenDay: (day: string) => void;
}

/** Chips a month cell shows before "+N more". */
const MONTH_CELL_LIMIT = 3;

function DayNumber({
  day,
  today,
  format,
  onOpenDay,
  muted,
}: {
  day: string;
  today: string;
  format: CalendarFormat;
  onOpenDay: (day: string) => void;
  muted?: boolean;
}) {
  const { t } = useTranslation("calendar");
  const isToday = day === today;
  return (
    <button
      type="button"
      onClick={() => onOpenDay(day)}
      aria-label={t("openDay", { day: format.fullDay(day) })}
      aria-current={isToday ? "date" : undefined}
      className={cn(
        "inline-flex size-7 items-center justify-center rounded-full text-xs font-semibold tabular-nums hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        isToday ? "bg-brand-700 text-white hover:bg-brand-600" : muted ? "text-slate-500" : "text-slate-700",
      )}
    >
      {format.dayNumber(day)}
    </button>
  );
}

export function MonthView({
  from,
  to,
  byDay,
  today,
  format,
  onOpenDay,
  month,
}: ViewProps & { month: string }) {
  const { t } = useTranslation("calendar");
  const days = daysIn(from, to);
  const weekdays = days.slice(0, 7);
  return (
    <div className="grid grid-cols-7" data-testid="calendar-month">
      {weekdays.map((d) => (
        <div
          key={`h-${d}`}
          className="border-b border-slate-200 bg-slate-50 px-2 py-2 text-center text-xs font-semibold uppercase tracking-wide text-slate-500"
        >
          <abbr title={format.weekdayLong(d)} className="no-underline">
            {format.weekdayShort(d)}
          </abbr>
        </div>
      ))}
      {days.map((day, i) => {
        const events = byDay.get(day) ?? [];
        const extra = events.length - MONTH_CELL_LIMIT;
        const inMonth = day.slice(0, 7) === month.slice(0, 7);
        return (
          <div
            key={day}
            data-day={day}
            className={cn(
              "flex min-h-28 min-w-0 flex-col gap-1 border-b border-slate-100 p-1.5",
              i % 7 !== 6 && "border-r",
              !inMonth && "bg-slate-50/60",
            )}
          >
            <DayNumber day={day} today={today} format={format} onOpenDay={onOpenDay} muted={!inMonth} />
            <div className="grid min-w-0 gap-1">
              {events.slice(0, MONTH_CELL_LIMIT).map((e) => (
                <EventItem key={e.id} event={e} format={format} />
              ))}
              {extra > 0 ? (
                <button
                  type="button"
                  onClick={() => onOpenDay(day)}
                  className="rounded px-1.5 text-left text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  {t("more", { count: extra })}
                </button>
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}

export function WeekView({ from, to, byDay, today, format, onOpenDay }: ViewProps) {
  const { t } = useTranslation("calendar");
  return (
    <div className="grid grid-cols-7" data-testid="calendar-week">
      {daysIn(from, to).map((day, i) => {
        const events = byDay.get(day) ?? [];
        return (
          <section
            key={day}
            data-day={day}
            aria-label={format.fullDay(day)}
            className={cn("flex min-h-72 min-w-0 flex-col border-slate-100", i % 7 !== 6 && "border-r")}
          >
            <header className="flex flex-col items-center gap-0.5 border-b border-slate-200 bg-slate-50 py-2">
              <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {format.weekdayShort(day)}
              </span>
              <DayNumber day={day} today={today} format={format} onOpenDay={onOpenDay} />
            </header>
            <div className="grid min-w-0 content-start gap-1 p-1.5">
              {events.map((e) => (
                <EventItem key={e.id} event={e} format={format} variant="card" />
              ))}
              {events.length === 0 ? <span className="sr-only">{t("empty.day")}</span> : null}
            </div>
          </section>
        );
      })}
    </div>
  );
}

export function DayView({ from, byDay, format }: Pick<ViewProps, "from" | "byDay" | "format">) {
  const { t } = useTranslation("calendar");
  const events = byDay.get(from) ?? [];
  return (
    <div className="p-4" data-testid="calendar-day">
      {events.length === 0 ? (
        <NoEvents text={t("empty.day")} />
      ) : (
        <ul className="grid gap-2">
          {events.map((e) => (
            <li key={e.id}>
              <EventItem event={e} format={format} variant="row" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Phones: only the days that have something, as a list. */
export function AgendaView({ from, to, byDay, today, format }: Omit<ViewProps, "onOpenDay">) {
  const { t } = useTranslation("calendar");
  // A time off spanning several days is listed once, on its first day in view (it shows its dates).
  const firstDayOf = (e: CalendarEvent) => (e.start.slice(0, 10) < from ? from : e.start.slice(0, 10));
  const listed = new Map(
    daysIn(from, to).map((d) => [d, (byDay.get(d) ?? []).filter((e) => !e.allDay || firstDayOf(e) === d)]),
  );
  const days = [...listed.keys()].filter((d) => (listed.get(d) ?? []).length > 0);
  if (days.length === 0) return <NoEvents text={t("empty.period")} />;
  return (
    <ol className="divide-y divide-slate-100" data-testid="calendar-agenda">
      {days.map((day) => (
        <li key={day} data-day={day} className="grid gap-2 px-4 py-3">
          <h3 className={cn("text-sm font-semibold", day === today ? "text-brand-700" : "text-slate-800")}>
            {format.fullDay(day)}
            {day === today ? <span className="ml-2 text-xs font-medium">{t("todayMark")}</span> : null}
          </h3>
          <ul className="grid gap-2">
            {(listed.get(day) ?? []).map((e) => (
              <li key={e.id}>
                <EventItem event={e} format={format} variant="row" />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function NoEvents({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center text-sm text-slate-500">
      <CalendarX className="size-8 text-slate-300" aria-hidden />
      {text}
    </div>
  );
}
