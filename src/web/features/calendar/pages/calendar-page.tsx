import { can } from "@shared/access";
import { CalendarPlus, ChevronLeft, ChevronRight } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ListPage } from "../../../components/list/list-page";
import { ListError } from "../../../components/list/list-states";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { lazyDialog } from "../../../components/ui/lazy";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { useMe } from "../../../lib/session";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useCalendarEvents } from "../api/calendar";
import {
  addDays,
  addMonths,
  CALENDAR_VIEWS,
  type CalendarView,
  eventsByDay,
  firstDayOfWeek,
  isDayKey,
  startOfMonth,
  stepAnchor,
  todayKey,
  viewRange,
} from "../calendar-dates";
import { calendarFormat } from "../calendar-format";
import { AgendaView, DayView, MonthView, WeekView } from "../components/calendar-views";
import { CalendarLegend } from "../components/event-item";
import { MyTimeOffPanel, TimeOffRequestsPanel } from "../components/time-off-panels";
import { useTimeOffMessages } from "../time-off-messages";
import { useMediaQuery } from "../use-media-query";

const RequestTimeOffDialog = lazyDialog(() =>
  import("../components/request-time-off-dialog").then((m) => m.RequestTimeOffDialog),
);

/** The month itself, without the neighbouring days a grid shows to fill its weeks. */
const monthBounds = (anchor: string) => {
  const from = startOfMonth(anchor);
  return { from, to: addDays(addMonths(from, 1), -1) };
};

/** Below this width a month or week grid is too narrow to read: it becomes an agenda list. */
const NARROW = "(max-width: 767px)";

export default function CalendarPage() {
  const { t, i18n } = useTranslation("calendar");
  const { data: me } = useMe();
  const messages = useTimeOffMessages();
  const [params, setParams] = useSearchParams();
  const narrow = useMediaQuery(NARROW);
  const [requesting, setRequesting] = useState(false);
  useCreateParam(() => setRequesting(true), can(me ?? null, "timeOff:request"));

  const locale = i18n.resolvedLanguage ?? i18n.language ?? "en";
  const format = useMemo(() => calendarFormat(locale), [locale]);
  const firstDay = useMemo(() => firstDayOfWeek(locale), [locale]);

  const today = todayKey();
  const viewParam = params.get("view");
  const view: CalendarView = (CALENDAR_VIEWS as readonly string[]).includes(viewParam ?? "")
    ? (viewParam as CalendarView)
    : "month";
  const dateParam = params.get("date");
  const anchor = isDayKey(dateParam) ? dateParam : today;
  const range = viewRange(view, anchor, firstDay);

  const events = useCalendarEvents(range);
  useErrorToast(events, t("loadFailed"));
  const byDay = useMemo(
    () => eventsByDay(events.data?.items ?? [], range.from, range.to),
    [events.data, range.from, range.to],
  );

  // The URL holds the view and the day, so reload, back and shared links show the same page.
  const go = (next: { view?: CalendarView; date?: string }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        const v = next.view ?? view;
        const d = next.date ?? anchor;
        if (v === "month") p.delete("view");
        else p.set("view", v);
        if (d === today) p.delete("date");
        else p.set("date", d);
        return p;
      },
      { replace: false },
    );

  if (!me) return null;
  const isDriver = me.role === "driver";
  const title =
    view === "month"
      ? format.monthTitle(anchor)
      : view === "week"
        ? format.dayRange(range.from, range.to)
        : format.fullDay(anchor);
  const viewProps = {
    from: range.from,
    to: range.to,
    byDay,
    today,
    format,
    onOpenDay: (date: string) => go({ view: "day", date }),
  };

  return (
    <ListPage
      title={t("title")}
      description={isDriver ? t("descriptionDriver") : t("description")}
      actions={
        can(me, "timeOff:request") ? (
          <Button onClick={() => setRequesting(true)} className="w-full sm:w-auto">
            <CalendarPlus aria-hidden />
            {t("request.open")}
          </Button>
        ) : null
      }
    >
      {/* On phones the requests come first: the agenda below them can be long. */}
      <Card className="overflow-hidden max-md:order-2">
        <div className="grid gap-3 border-b border-slate-100 p-4 lg:flex lg:items-center lg:justify-between">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => go({ date: today })}>
              {t("today")}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t(`previous.${view}`)}
              onClick={() => go({ date: stepAnchor(view, anchor, -1) })}
            >
              <ChevronLeft aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t(`next.${view}`)}
              onClick={() => go({ date: stepAnchor(view, anchor, 1) })}
            >
              <ChevronRight aria-hidden />
            </Button>
            <h2
              className="order-first min-w-0 basis-full truncate text-lg font-semibold text-slate-900 sm:order-none sm:basis-auto"
              aria-live="polite"
              data-testid="calendar-title"
            >
              {title}
            </h2>
            {events.isFetching ? (
              <Spinner label={t("loading")} className="ml-1 text-xs [&>span]:sr-only" />
            ) : null}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CalendarLegend />
            <fieldset className="inline-flex rounded-md border border-slate-300 p-0.5">
              <legend className="sr-only">{t("viewLabel")}</legend>
              {CALENDAR_VIEWS.map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => go({ view: v })}
                  className={cn(
                    "rounded px-3 py-1 text-sm font-medium transition-colors max-sm:min-h-11 max-sm:min-w-11 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                    view === v ? "bg-brand-700 text-white" : "text-slate-600 hover:bg-slate-100",
                  )}
                >
                  {t(`views.${v}`)}
                </button>
              ))}
            </fieldset>
          </div>
        </div>

        {events.data?.truncated ? (
          <div className="border-b border-slate-100 p-3">
            <Alert tone="warning">{t("truncated")}</Alert>
          </div>
        ) : null}

        {events.isError && !events.data ? (
          <ListError
            title={t("loadFailed")}
            description={messages.error(events.error)}
            onRetry={() => void events.refetch()}
            retrying={events.isFetching}
          />
        ) : !events.data ? (
          <div
            role="status"
            aria-label={t("loading")}
            className="grid h-96 animate-pulse grid-cols-7 gap-px bg-slate-100 p-px"
          >
            {Array.from({ length: 35 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
              <div key={i} className="bg-white" />
            ))}
          </div>
        ) : (
          <div className={cn("transition-opacity", events.isPlaceholderData && "opacity-60")}>
            {view === "day" ? (
              <DayView {...viewProps} />
            ) : narrow ? (
              <AgendaView {...viewProps} {...(view === "month" ? monthBounds(anchor) : {})} />
            ) : view === "week" ? (
              <WeekView {...viewProps} />
            ) : (
              <MonthView {...viewProps} month={anchor} />
            )}
          </div>
        )}
      </Card>

      {isDriver ? (
        <MyTimeOffPanel format={format} className="max-md:order-1" />
      ) : can(me, "timeOff:read") ? (
        <TimeOffRequestsPanel user={me} format={format} className="max-md:order-1" />
      ) : null}

      {isDriver ? <RequestTimeOffDialog open={requesting} onOpenChange={setRequesting} /> : null}
    </ListPage>
  );
}
