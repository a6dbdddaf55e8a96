import type { LoadStatus } from "@shared/loads/loads.schema";
import type { TrackFull, TrackStatus } from "@shared/public/public.schema";
import { Ban, CalendarCheck, Check, Flag, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatWeekday } from "../../../lib/format";
import { formatInZone } from "../../../lib/format-zone";

/** The road a load travels, in order; cancelled leaves it. */
const STEPS = ["pending", "assigned", "in_progress", "completed"] as const satisfies readonly LoadStatus[];

const TONES: Record<LoadStatus, "neutral" | "info" | "success" | "warning" | "danger"> = {
  pending: "neutral",
  assigned: "info",
  in_progress: "warning",
  completed: "success",
  cancelled: "danger",
};

/** The full public view: status steps, pickup and delivery cities and dates, last update. */
export function TrackResultCard({ result }: { result: TrackFull }) {
  const { t } = useTranslation("public");
  const cancelled = result.status === "cancelled";
  const current = cancelled ? -1 : STEPS.indexOf(result.status as (typeof STEPS)[number]);

  return (
    <ResultCard loadNumber={result.loadNumber} status={result.status}>
      {cancelled ? (
        <Cancelled>{t("track.result.cancelled")}</Cancelled>
      ) : (
        <ol className="mt-6 grid gap-0 sm:grid-cols-4 sm:gap-2" aria-label={t("track.result.progress")}>
          {STEPS.map((step, i) => {
            const done = i < current || (i === current && step === "completed");
            const active = i === current && step !== "completed";
            const last = i === STEPS.length - 1;
            return (
              <li
                key={step}
                className="relative flex gap-3 pb-5 sm:flex-col sm:items-center sm:pb-0 sm:text-center"
                aria-current={i === current ? "step" : undefined}
              >
                {/* The line to the next step: down on phones, across on wider screens. */}
                {last ? null : (
                  <span
                    aria-hidden
                    className={cn(
                      "absolute left-[0.9375rem] top-8 h-[calc(100%-2rem)] w-0.5 sm:left-[calc(50%+1.25rem)] sm:top-[0.9375rem] sm:h-0.5 sm:w-[calc(100%-2.5rem+0.5rem)]",
                      i < current ? "bg-emerald-500" : "bg-slate-200",
                    )}
                  />
                )}
                <span
                  className={cn(
                    "relative z-10 grid size-8 shrink-0 place-items-center rounded-full border-2",
                    done && "border-emerald-500 bg-emerald-500 text-white",
                    active && "border-brand-600 bg-white text-brand-700",
                    !done && !active && "border-slate-200 bg-white text-slate-300",
                  )}
                >
                  {done ? (
                    <Check className="size-4" aria-hidden />
                  ) : active ? (
                    <span className="size-2.5 animate-pulse rounded-full bg-brand-600" aria-hidden />
                  ) : (
                    <span className="size-2 rounded-full bg-slate-300" aria-hidden />
                  )}
                </span>
                <span className="pt-1 sm:pt-0">
                  <span
                    className={cn(
                      "block text-sm font-medium",
                      done || active ? "text-slate-900" : "text-slate-500",
                    )}
                  >
                    {t(`track.steps.${step}`)}
                  </span>
                  {step === "completed" && result.deliveredAt ? (
                    <span className="block text-xs text-slate-500">
                      {formatInZone(result.deliveredAt, result.delivery.timeZone)}
                    </span>
                  ) : null}
                  <span className="sr-only">
                    {done ? t("track.result.stepDone") : active ? t("track.result.stepCurrent") : ""}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}

      <dl className="mt-6 grid gap-3 sm:grid-cols-2">
        <Place
          icon={<MapPin className="size-4" aria-hidden />}
          label={t("track.result.pickup")}
          city={result.pickup.city}
          state={result.pickup.state}
          date={result.pickup.date}
          timeZone={result.pickup.timeZone}
        />
        <Place
          icon={<Flag className="size-4" aria-hidden />}
          label={t("track.result.delivery")}
          city={result.delivery.city}
          state={result.delivery.state}
          date={result.delivery.date}
          timeZone={result.delivery.timeZone}
        />
      </dl>

      <p
        className="mt-5 border-t border-slate-100 pt-4 text-xs text-slate-500"
        data-testid="track-last-update"
      >
        {t("track.result.lastUpdate", { date: formatDateTime(result.lastUpdate) })}
      </p>
    </ResultCard>
  );
}

/**
 * What the load number alone tells: the status and the day (delivered on, or delivery expected),
 * and how to see more.
 */
export function TrackStatusCard({ result }: { result: TrackStatus }) {
  const { t } = useTranslation("public");
  const day = formatWeekday(result.day);
  return (
    <ResultCard loadNumber={result.loadNumber} status={result.status}>
      {result.status === "cancelled" ? (
        <Cancelled>{t("track.brief.cancelled")}</Cancelled>
      ) : (
        <p
          className="mt-5 flex items-center gap-2 text-lg font-semibold text-slate-900"
          data-testid="track-day"
        >
          <CalendarCheck className="size-5 shrink-0 text-brand-600" aria-hidden />
          {result.status === "completed"
            ? t("track.brief.deliveredOn", { day })
            : t("track.brief.expected", { day })}
        </p>
      )}
      <div className="mt-5 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600" data-testid="track-more">
        <p className="font-medium text-slate-800">{t("track.brief.moreTitle")}</p>
        <p className="mt-0.5">{t("track.brief.moreText")}</p>
      </div>
    </ResultCard>
  );
}

/** Either view's card: the load number and its status over what the view tells. */
function ResultCard({
  loadNumber,
  status,
  children,
}: {
  loadNumber: string;
  status: LoadStatus;
  children: ReactNode;
}) {
  const { t } = useTranslation("public");
  return (
    <section
      aria-labelledby="track-result-title"
      data-testid="track-result"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {t("track.result.load")}
          </p>
          <h2 id="track-result-title" className="truncate font-mono text-lg font-semibold text-slate-900">
            {loadNumber}
          </h2>
        </div>
        <Badge tone={TONES[status]} className="px-3 py-1 text-sm" data-testid="track-status">
          {t(`track.status.${status}`)}
        </Badge>
      </div>
      {children}
    </section>
  );
}

/** What either view says instead of the road for a cancelled load. */
function Cancelled({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-5 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <Ban className="mt-0.5 size-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}

function Place({
  icon,
  label,
  city,
  state,
  date,
  timeZone,
}: {
  icon: ReactNode;
  label: string;
  city: string;
  state: string;
  date: string;
  /** The stop's zone: its time is read there, named ("8:00 AM CST"), whatever the reader's zone. */
  timeZone: string | null;
}) {
  const { t } = useTranslation("public");
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-base font-semibold text-slate-900">
        {city}, {state}
      </dd>
      <dd className="text-sm text-slate-600" data-testid="track-place-time">
        {t("track.result.scheduled", { date: formatInZone(date, timeZone) })}
      </dd>
    </div>
  );
}
