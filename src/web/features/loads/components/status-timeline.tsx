import type { LoadDetail } from "@shared/loads/loads.schema";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LOAD_STATUS_STYLES, LoadStatusBadge } from "../../../components/status/load-status-badge";
import { SentLateMark } from "../../../components/status/sent-late-mark";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { useLoadEventText } from "./load-event-text";

/**
 * What happened to the load, newest first: the event in the reader's language, from → to when the
 * status changed, who and when, and the reason a person gave.
 */
export function StatusTimeline({ events }: { events: LoadDetail["timeline"] }) {
  const { t } = useTranslation("loads");
  const eventText = useLoadEventText();
  const ordered = [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (ordered.length === 0) return <p className="text-sm text-slate-500">{t("timeline.empty")}</p>;
  return (
    <ol className="grid" data-testid="status-timeline">
      {ordered.map((event, index) => (
        <li key={event.id} className="relative flex gap-3 pb-5 last:pb-0" data-testid="timeline-event">
          {index === ordered.length - 1 ? null : (
            <span className="absolute left-[5px] top-4 bottom-0 w-px bg-slate-200" aria-hidden />
          )}
          <span
            className={cn(
              "relative mt-1.5 size-2.5 shrink-0 rounded-full ring-4 ring-white",
              LOAD_STATUS_STYLES[event.toStatus].dot,
            )}
            aria-hidden
          />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-slate-900" data-testid="timeline-text">
              {eventText(event)}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              {event.fromStatus === event.toStatus ? null : event.fromStatus ? (
                <>
                  <LoadStatusBadge status={event.fromStatus} />
                  <ArrowRight className="size-3.5 text-slate-500" aria-label={t("timeline.to")} />
                </>
              ) : (
                <span className="text-xs text-slate-500">{t("timeline.created")}</span>
              )}
              {event.fromStatus === event.toStatus ? null : <LoadStatusBadge status={event.toStatus} />}
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-1 gap-y-1 text-xs text-slate-500">
              {/* A driver's check-in or action from the phone: when it happened (issue 41). */}
              <time dateTime={event.data.occurredAt ?? event.createdAt}>
                {formatDateTime(event.data.occurredAt ?? event.createdAt)}
              </time>
              <span>·</span>
              <span>{event.actorName ?? t("timeline.system")}</span>
              <SentLateMark record={event.data} className="ml-1" />
            </p>
            {event.note ? (
              <p className="mt-1.5 rounded-md bg-slate-50 px-2.5 py-1.5 text-sm text-slate-700">
                {event.note}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
