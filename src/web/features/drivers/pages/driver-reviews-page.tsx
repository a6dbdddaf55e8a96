import { can } from "@shared/access";
import {
  RATING_MAX,
  RATING_SORTS,
  type Rating,
  type RatingFilter,
  type RatingSort,
} from "@shared/drivers/ratings.schema";
import { SlidersHorizontal, Star } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { SortSelect } from "../../../components/list/sort-select";
import type { SortDir } from "../../../components/list/sortable-header";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListParams } from "../../../lib/use-list-params";
import { useRetainedData } from "../../../lib/use-retained-data";
import { DriverPicker } from "../../loads/components/entity-pickers";
import { exportRatings, type RatingListQuery, useDeleteRating, useRatings } from "../api/ratings";
import { PERIODS, type Period, PeriodPicker, periodRange } from "../components/period-picker";
import { RateDriverDialog } from "../components/rate-driver-dialog";
import { ReviewCard } from "../components/review-card";
import { useDriverMessages } from "../driver-messages";

const PARAM_DEFAULTS = {
  q: "",
  driverId: "",
  period: "all",
  from: "",
  to: "",
  score: "",
  sort: "createdAt",
  dir: "desc",
};
const SCORES = ["low", "high"] as const;

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Driver reviews: every rating with its comment, by driver and period. */
export default function DriverReviewsPage() {
  const { t } = useTranslation("drivers");
  const me = useMe().data ?? null;
  const canRate = can(me, "driverRatings:write");
  const messages = useDriverMessages();
  const { values, page, pageSize, update } = useListParams(PARAM_DEFAULTS);
  const period = oneOf(PERIODS, values.period);
  const range = period ? periodRange(period, values) : {};
  const sort: RatingSort = oneOf(RATING_SORTS, values.sort) ?? "createdAt";
  const dir: SortDir = values.dir === "asc" ? "asc" : "desc";
  const score = oneOf(SCORES, values.score);
  const filter: Partial<RatingFilter> = {
    q: values.q || undefined,
    driverId: values.driverId || undefined,
    ...range,
    // Low: 3 or less overall; high: 4 or more.
    maxScore: score === "low" ? 3 : undefined,
    minScore: score === "high" ? 4 : undefined,
    sort,
    dir,
  };
  const query: RatingListQuery = { ...filter, page, pageSize };
  const ratings = useRatings(query);
  useErrorToast(ratings, t("reviews.fetchFailed"));
  const { data, retained } = useRetainedData(ratings);
  const [driverLabel, setDriverLabel] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Rating | null>(null);
  const [removing, setRemoving] = useState<Rating | null>(null);
  const remove = useDeleteRating();
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const filtered = !!(filter.q || filter.driverId || period || score);
  const activeFilters = [filter.driverId, period, score].filter(Boolean).length;
  const clear = () => update({ q: null, driverId: null, period: null, from: null, to: null, score: null });
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
              filtered={filtered}
              run={(format) => exportRatings(format, filter)}
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

      <Card className="overflow-hidden">
        <div className="grid gap-3 border-b border-slate-100 p-4">
          <div className="flex gap-2">
            <SearchInput
              value={values.q}
              onSearch={onSearch}
              label={t("reviews.searchLabel")}
              hint={t("reviews.searchHint")}
              className="min-w-0 flex-1"
            />
            <Button
              variant="outline"
              className="shrink-0 lg:hidden"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((o) => !o)}
            >
              <SlidersHorizontal aria-hidden />
              <span className="sr-only sm:not-sr-only">{t("list.filters.toggle")}</span>
              {activeFilters > 0 ? (
                <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
                  {activeFilters}
                </span>
              ) : null}
            </Button>
          </div>
          <div
            id={filtersId}
            className={cn(
              "gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center",
              filtersOpen ? "grid" : "hidden lg:flex",
            )}
          >
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
              value={score ?? ""}
              onChange={(e) => update({ score: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("reviews.anyScore")}</option>
              <option value="high">{t("reviews.high", { max: RATING_MAX })}</option>
              <option value="low">{t("reviews.low")}</option>
            </Select>
            {/* No sortable headers here (the reviews are cards): the sort menu shows at every width. */}
            <SortSelect
              columns={RATING_SORTS}
              sort={sort}
              dir={dir}
              onSort={(column, nextDir) => update({ sort: column, dir: nextDir })}
              field={(column) => t(`reviews.sorts.${column}`)}
              directions={["desc", "asc"]}
              className="lg:w-auto"
            />
            <div className="flex items-center gap-3 empty:hidden lg:ml-auto">
              {ratings.isFetching && data ? (
                <Spinner label={t("common:list.updating")} className="text-xs" />
              ) : null}
              {filtered ? (
                <Button variant="ghost" size="sm" onClick={clear}>
                  {t("common:actions.clearFilters")}
                </Button>
              ) : null}
            </div>
          </div>
        </div>
        <ListContent
          query={ratings}
          data={data}
          errorTitle={t("reviews.fetchFailed")}
          empty={
            <EmptyState
              title={filtered ? t("list.empty.filteredTitle") : t("reviews.empty")}
              description={filtered ? t("list.empty.filteredText") : t("reviews.emptyText")}
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={clear}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : null
              }
            />
          }
        >
          {(pageData) => (
            <>
              <div className={cn("divide-y divide-slate-100", retained && "opacity-60 transition-opacity")}>
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
              <ListPagination of={pageData} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>

      <RateDriverDialog open={creating} onOpenChange={setCreating} />
      <RateDriverDialog
        open={!!editing}
        onOpenChange={(o) => !o && setEditing(null)}
        rating={editing ?? undefined}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("reviews.deleteTitle")}
        description={removing ? t("reviews.deleteText", { load: removing.loadNumber }) : undefined}
        confirmLabel={t("reviews.deleteConfirm")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify({ title: t("reviews.deleted"), variant: "success" });
              setRemoving(null);
            },
            onError: (error) =>
              notify({
                title: t("reviews.deleteFailed"),
                description: messages.error(error),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}
