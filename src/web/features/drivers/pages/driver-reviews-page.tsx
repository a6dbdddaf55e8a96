import { can } from "@shared/access";
import { RATING_MAX, RATING_SORTS, type Rating, ratingListQuerySchema } from "@shared/drivers/ratings.schema";
import { Star } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPanel } from "../../../components/list/list-panel";
import { PageHeader } from "../../../components/page-header";
import { DriverPicker } from "../../../components/pickers/entity-pickers";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { cn } from "../../../lib/cn";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportRatings, useRatings } from "../api/ratings";
import { PERIODS, type Period, PeriodPicker, periodRange } from "../components/period-picker";
import { ReviewCard } from "../components/review-card";
import { ReviewDialogs } from "../components/review-dialogs";

const RateDriverDialog = lazyDialog(() =>
  import("../components/rate-driver-dialog").then((m) => m.RateDriverDialog),
);

const SCORES = ["low", "high"] as const;
/** The screen's URL state: a period preset instead of raw dates, a score band instead of bounds. */
const screenSchema = ratingListQuerySchema.omit({ maxScore: true, minScore: true }).extend({
  period: z.enum(PERIODS).optional(),
  score: z.enum(SCORES).optional(),
});
type ScreenFilter = Omit<z.output<typeof screenSchema>, "page" | "pageSize">;
const toApi = ({ period, score, from, to, ...rest }: ScreenFilter) => ({
  ...rest,
  ...(period ? periodRange(period, { from, to }) : {}),
  // Low: 3 or less overall; high: 4 or more.
  maxScore: score === "low" ? 3 : undefined,
  minScore: score === "high" ? 4 : undefined,
});
const useReviewPage = ({ page, pageSize, ...filter }: ScreenFilter & { page: number; pageSize: number }) =>
  useRatings({ ...toApi(filter), page, pageSize });
const FILTERS = ["driverId", "period", "score"] as const;

/** Driver reviews: every rating with its comment, by driver and period. */
export default function DriverReviewsPage() {
  const { t } = useTranslation("drivers");
  const me = useMe().data ?? null;
  const canRate = can(me, "driverRatings:write");
  const list = useListScreen(screenSchema, useReviewPage, {
    filters: FILTERS,
    fetchFailed: t("reviews.fetchFailed"),
  });
  const { filter, update, data } = list;
  const { period } = filter;
  const range = period ? periodRange(period, filter) : {};
  const [driverLabel, setDriverLabel] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Rating | null>(null);
  const [removing, setRemoving] = useState<Rating | null>(null);
  const selectedDriver =
    driverLabel ??
    data?.items.find((r) => r.driverId === filter.driverId)?.driverName ??
    t("reviews.selected");

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <PageHeader
        title={t("reviews.title")}
        description={t("reviews.description")}
        actions={
          <>
            <ExportMenu
              filtered={list.filtered}
              run={(format) => exportRatings(format, toApi(filter))}
              testId="export-reviews"
              heading={{ all: t("export.all"), filtered: t("export.filtered") }}
            />
            {canRate ? (
              <Button className="flex-1 sm:flex-none" onClick={() => setCreating(true)}>
                <Star aria-hidden />
                {t("scorecards.rate")}
              </Button>
            ) : null}
          </>
        }
      />

      <ListPanel
        list={list}
        search={{ label: t("reviews.searchLabel"), hint: t("reviews.searchHint") }}
        filters={
          <>
            <DriverPicker
              aria-label={t("reviews.driverFilter")}
              placeholder={t("reviews.allDrivers")}
              value={filter.driverId ?? null}
              selectedLabel={filter.driverId ? selectedDriver : undefined}
              onChange={(id, row) => {
                setDriverLabel(row?.fullName ?? null);
                update({ driverId: id });
              }}
              className="lg:w-56"
            />
            <Select
              aria-label={t("period.label")}
              value={period ?? ""}
              onChange={(e) => update({ period: e.target.value || null, from: null, to: null })}
              className="lg:w-auto"
              data-testid="reviews-period"
            >
              <option value="">{t("period.all")}</option>
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`period.${p}`)}
                </option>
              ))}
            </Select>
            {period === "custom" ? (
              <PeriodPicker
                period={period as Period}
                from={range.from}
                to={range.to}
                onChange={({ period: next, ...rest }) =>
                  update({ ...rest, ...(next ? { period: next } : {}) })
                }
              />
            ) : null}
            <Select
              aria-label={t("reviews.scoreFilter")}
              value={filter.score ?? ""}
              onChange={(e) => update({ score: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("reviews.anyScore")}</option>
              <option value="high">{t("reviews.high", { max: RATING_MAX })}</option>
              <option value="low">{t("reviews.low")}</option>
            </Select>
          </>
        }
        sortMenu={{
          columns: RATING_SORTS,
          field: (column) => t(`reviews.sorts.${column}`),
          directions: ["desc", "asc"],
          // No sortable headers here (the reviews are cards): the sort menu shows at every width.
          className: "lg:w-auto",
        }}
        errorTitle={t("reviews.fetchFailed")}
        empty={{
          title: t("reviews.empty"),
          text: t("reviews.emptyText"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
        }}
        render={(pageData) => (
          <div className={cn("divide-y divide-slate-100", list.retained && "opacity-60 transition-opacity")}>
            {pageData.items.map((r) => (
              <ReviewCard
                key={r.id}
                rating={r}
                showDriver
                onEdit={canRate ? setEditing : undefined}
                onDelete={canRate ? setRemoving : undefined}
              />
            ))}
          </div>
        )}
      />

      <RateDriverDialog open={creating} onOpenChange={setCreating} />
      <ReviewDialogs
        editing={editing}
        setEditing={setEditing}
        removing={removing}
        setRemoving={setRemoving}
      />
    </div>
  );
}
