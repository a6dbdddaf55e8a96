import type { DriverDetail } from "@shared/drivers/management.schema";
import { ON_TIME_GRACE_MINUTES, RATING_CATEGORIES, type Rating } from "@shared/drivers/ratings.schema";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { EmptyState } from "../../../components/ui/feedback";
import { formatNumber } from "../../../lib/format";
import { useRatings, useScorecards } from "../api/ratings";
import { formatDay } from "./expiry";
import { type Period, PeriodPicker, periodRange } from "./period-picker";
import { ReviewCard } from "./review-card";
import { ReviewDialogs } from "./review-dialogs";
import { formatScore, Stars } from "./stars";

export const percent = (rate: number | null) => (rate === null ? "—" : `${formatNumber(rate * 100, 1)} %`);

/** The profile's ratings: the scorecard over a period, the averages per category and every review. */
export function DriverRatingsTab({ driver, canRate }: { driver: DriverDetail; canRate: boolean }) {
  const { t } = useTranslation("drivers");
  const [period, setPeriod] = useState<{ period: Period; from?: string; to?: string }>({ period: "year" });
  const range = periodRange(period.period, period);
  const card = useScorecards({ driverId: driver.id, includeInactive: true, ...range, page: 1, pageSize: 10 });
  const row = card.data?.items[0];
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const ratings = useRatings({ driverId: driver.id, ...page });
  const [editing, setEditing] = useState<Rating | null>(null);
  const [removing, setRemoving] = useState<Rating | null>(null);

  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby="scorecard-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h3 id="scorecard-title" className="text-sm font-semibold text-slate-900">
              {t("scorecard.title")}
            </h3>
            {card.data ? (
              <p className="text-xs text-slate-500">
                {t("scorecard.period", { from: formatDay(card.data.from), to: formatDay(card.data.to) })}
              </p>
            ) : null}
          </div>
          <PeriodPicker
            period={period.period}
            from={period.from}
            to={period.to}
            onChange={(patch) =>
              setPeriod((p) => ({
                period: patch.period ?? p.period,
                from: patch.from === null ? undefined : (patch.from ?? p.from),
                to: patch.to === null ? undefined : (patch.to ?? p.to),
              }))
            }
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="driver-scorecard">
          <Metric
            label={t("scorecard.loadsCompleted")}
            value={row ? formatNumber(row.loadsCompleted) : "—"}
          />
          <Metric
            label={t("scorecard.onTime")}
            value={row ? percent(row.onTimeRate) : "—"}
            hint={t("scorecard.onTimeHint", { minutes: ON_TIME_GRACE_MINUTES })}
          />
          <Metric
            label={t("scorecard.rating")}
            value={row?.ratingAverage ? <Stars value={row.ratingAverage} /> : "—"}
          />
          <Metric
            label={t("scorecard.inspectionsFailed")}
            value={row ? formatNumber(row.inspectionsFailed) : "—"}
          />
          <Metric label={t("scorecard.citations")} value={row ? formatNumber(row.citations) : "—"} />
          <Metric label={t("scorecard.accidents")} value={row ? formatNumber(row.accidents) : "—"} />
        </dl>
      </section>

      <section className="grid gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{t("ratingsTab.allTime")}</h3>
        <div className="flex flex-wrap items-center gap-4">
          <Stars value={driver.ratingAverage} count={driver.ratingCount} size="md" />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {RATING_CATEGORIES.map((c) => (
            <Metric
              key={c}
              label={t(`categories.${c}`)}
              value={driver.ratingCategories[c] ? formatScore(driver.ratingCategories[c] ?? 0) : "—"}
            />
          ))}
        </dl>
      </section>

      <section className="grid gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{t("ratingsTab.reviews")}</h3>
        <div className="overflow-hidden rounded-md border border-slate-200" data-testid="driver-reviews">
          <ListContent
            query={ratings}
            data={ratings.data}
            errorTitle={t("reviews.fetchFailed")}
            empty={<EmptyState title={t("ratingsTab.empty")} description={t("ratingsTab.emptyText")} />}
            skeletonRows={3}
          >
            {(data) => (
              <>
                <div className="divide-y divide-slate-100">
                  {data.items.map((r) => (
                    <ReviewCard
                      key={r.id}
                      rating={r}
                      onEdit={canRate ? setEditing : undefined}
                      onDelete={canRate ? setRemoving : undefined}
                    />
                  ))}
                </div>
                <ListPagination
                  of={data}
                  onChange={(patch) =>
                    setPage((p) => ("page" in patch ? { ...p, ...patch } : { page: 1, ...patch }))
                  }
                />
              </>
            )}
          </ListContent>
        </div>
      </section>

      <ReviewDialogs
        editing={editing}
        setEditing={setEditing}
        removing={removing}
        setRemoving={setRemoving}
      />
    </div>
  );
}

export function Metric({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="grid content-start gap-1 rounded-md border border-slate-200 px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
