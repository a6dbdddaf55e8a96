import { routePath } from "@shared/access";
import type { CalendarEvent, CalendarEventKind } from "@shared/calendar/time-off.schema";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import type { CalendarFormat } from "../calendar-format";

/** One colour per kind, used by the chips, the legend and the agenda. */
export const KIND_STYLES: Record<CalendarEventKind, { chip: string; dot: string }> = {
  pickup: { chip: "border-sky-500 bg-sky-50 text-sky-900 hover:bg-sky-100", dot: "bg-sky-500" },
  delivery: {
    chip: "border-emerald-500 bg-emerald-50 text-emerald-900 hover:bg-emerald-100",
    dot: "bg-emerald-500",
  },
  time_off: { chip: "border-amber-500 bg-amber-50 text-amber-900", dot: "bg-amber-500" },
};

/** "Pickup · LD-2026-00042 · Dallas, TX" or "Time off · Rosa Martinez", in the user's language. */
export function useEventLabel() {
  const { t } = useTranslation("calendar");
  return (e: CalendarEvent) =>
    e.kind === "time_off"
      ? t("event.timeOffOf", { name: e.driverName ?? e.title })
      : t(`event.${e.kind}Of`, { load: e.loadNumber ?? e.title, city: e.city ?? "" });
}

/**
 * An event as a compact chip (month and week grids) or a roomy row (day view, agenda). Pickups
 * and deliveries link to their load.
 */
export function EventItem({
  event,
  format,
  variant = "chip",
}: {
  event: CalendarEvent;
  format: CalendarFormat;
  variant?: "chip" | "card" | "row";
}) {
  const { t } = useTranslation("calendar");
  const label = useEventLabel()(event);
  const time = event.allDay ? t("event.allDay") : format.time(event.start);
  const style = KIND_STYLES[event.kind];
  const kindLabel = t(`kinds.${event.kind}`);

  const name = event.kind === "time_off" ? (event.driverName ?? event.title) : event.loadNumber;
  const content =
    variant === "chip" ? (
      <>
        {event.allDay ? null : (
          <span className="shrink-0 font-medium tabular-nums">{format.compactTime(event.start)}</span>
        )}
        <span className="truncate">{name}</span>
      </>
    ) : variant === "card" ? (
      <span className="grid min-w-0">
        <span className="truncate font-medium">
          {event.allDay ? kindLabel : `${format.compactTime(event.start)} · ${kindLabel}`}
        </span>
        <span className="truncate">{name}</span>
        {event.city ? <span className="truncate opacity-75">{event.city}</span> : null}
      </span>
    ) : (
      <>
        <span className="w-16 shrink-0 pt-0.5 text-xs font-semibold tabular-nums sm:w-20">{time}</span>
        <span className="grid min-w-0 gap-0.5">
          <span className="text-xs font-semibold uppercase tracking-wide opacity-80">{kindLabel}</span>
          <span className="truncate font-medium">{name}</span>
          {event.kind !== "time_off" ? (
            <span className="truncate text-xs opacity-80">
              {[event.city, event.driverName ?? t("event.unassigned")].filter(Boolean).join(" · ")}
            </span>
          ) : event.end && event.end !== event.start ? (
            <span className="truncate text-xs opacity-80">
              {format.dayRange(event.start.slice(0, 10), event.end.slice(0, 10))}
            </span>
          ) : null}
        </span>
      </>
    );

  const className = cn(
    "flex min-w-0 border-l-4 text-left",
    variant === "chip"
      ? "items-center gap-1 rounded-sm px-1.5 py-0.5 text-[11px] leading-5"
      : variant === "card"
        ? "rounded-sm px-1.5 py-1 text-xs leading-4"
        : "items-start gap-2 rounded-md px-3 py-2 text-sm",
    style.chip,
  );
  const title = `${kindLabel}: ${label}${event.allDay ? "" : ` · ${time}`}`;

  if (event.loadId) {
    return (
      <Link
        to={routePath("loadDetail", { loadId: event.loadId })}
        className={cn(
          className,
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        )}
        title={title}
        data-testid="calendar-event"
        data-kind={event.kind}
      >
        {/* Named in words, like the chip without a link below: the chip's "8a" and number are its shorthand. */}
        <span className="sr-only">{title}</span>
        <span aria-hidden className="contents">
          {content}
        </span>
      </Link>
    );
  }
  return (
    <div className={className} title={title} data-testid="calendar-event" data-kind={event.kind}>
      <span className="sr-only">{title}</span>
      <span aria-hidden className="contents">
        {content}
      </span>
    </div>
  );
}

export function CalendarLegend() {
  const { t } = useTranslation("calendar");
  return (
    <ul
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600"
      aria-label={t("legend")}
    >
      {(Object.keys(KIND_STYLES) as CalendarEventKind[]).map((kind) => (
        <li key={kind} className="inline-flex items-center gap-1.5">
          <span className={cn("size-2.5 rounded-full", KIND_STYLES[kind].dot)} aria-hidden />
          {t(`kinds.${kind}`)}
        </li>
      ))}
    </ul>
  );
}
