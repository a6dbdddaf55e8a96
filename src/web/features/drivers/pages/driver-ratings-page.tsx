import { routePath } from "@shared/access";
import { pageQuerySchema } from "@shared/api/api.schema";
import {
  ON_TIME_GRACE_MINUTES,
  SCORECARD_SORTS,
  type ScorecardRow,
  scorecardFilter,
} from "@shared/drivers/ratings.schema";
import { Star } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportScorecards, useScorecards } from "../api/ratings";
import { percent } from "../components/driver-ratings-tab";
import { InactiveBadge } from "../components/driver-status-badge";
import { formatDay } from "../components/expiry";
import { PERIODS, type Period, PeriodPicker, periodRange } from "../components/period-picker";
import { Stars } from "../components/stars";

const RateDriverDialog = lazyDialog(() =>
  import("../components/rate-driver-dialog").then((m) => m.RateDriverDialog),
);

/** The screen's URL state: a period preset (this month by default) and "inactive" for the API's flag. */
const screenSchema = scorecardFilter
  .omit({ includeInactive: true })
  .extend({
    period: z.enum(PERIODS).default("month"),
    inactive: z.enum(["true"]).optional(),
  })
  .extend(pageQuerySchema.shape);
type ScreenFilter = Omit<z.output<typeof screenSchema>, "page" | "pageSize">;
const toApi = ({ period, inactive, from, to, ...rest }: ScreenFilter) => ({
  ...rest,
  ...periodRange(period, { from, to }),
  includeInactive: inactive === "true" || undefined,
});
const useScorecardPage = ({ page, pageSize, ...filter }: ScreenFilter & { page: number; pageSize: number }) =>
  useScorecards({ ...toApi(filter), page, pageSize });
const FILTERS = ["period", "inactive"] as const;

/** Driver ratings: a scorecard per driver over a period, and rating a completed load. */
export default function DriverRatingsPage() {
  const { t } = useTranslation("drivers");
  const [rating, setRating] = useState(false);
  const list = useListScreen(screenSchema, useScorecardPage, {
    filters: FILTERS,
    fetchFailed: t("scorecards.fetchFailed"),
  });
  const { filter, update } = list;
  const range = periodRange(filter.period, filter);

  return (
    <ListPage
      title={t("scorecards.title")}
      description={t("scorecards.description", { minutes: ON_TIME_GRACE_MINUTES })}
      exportMenu={{
        filtered: list.filtered,
        run: (format) => exportScorecards(format, toApi(filter)),
        testId: "export-scorecards",
        heading: { all: t("export.all"), filtered: t("export.filtered") },
      }}
      actions={
        <Button className="flex-1 sm:flex-none" onClick={() => setRating(true)} data-testid="rate-load">
          <Star aria-hidden />
          {t("scorecards.rate")}
        </Button>
      }
    >
      <ListPanel
        list={list}
        search={{ label: t("scorecards.searchLabel"), hint: t("scorecards.searchHint") }}
        filters={
          <>
            <PeriodPicker
              period={filter.period as Period}
              from={range.from}
              to={range.to}
              onChange={(patch) => update(patch)}
            />
            <Select
              aria-label={t("scorecards.who")}
              value={filter.inactive ?? ""}
              onChange={(e) => update({ inactive: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("scorecards.activeOnly")}</option>
              <option value="true">{t("scorecards.includeInactive")}</option>
            </Select>
          </>
        }
        sortMenu={{ columns: SCORECARD_SORTS, field: (column) => t(`scorecards.sorts.${column}`) }}
        errorTitle={t("scorecards.fetchFailed")}
        empty={{
          title: t("scorecards.empty"),
          text: t("scorecards.emptyText"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
        }}
        summary={(p) => (
          <p className="px-4 pt-3 text-xs text-slate-500" data-testid="scorecard-period">
            {t("scorecard.period", { from: formatDay(p.from), to: formatDay(p.to) })}
          </p>
        )}
        tableLabel={t("scorecards.title")}
        columns={[
          { key: "driver", label: t("scorecards.driver"), sort: "driverName", className: "pl-4" },
          { key: "loads", label: t("scorecard.loadsCompleted"), sort: "loadsCompleted" },
          { key: "onTime", label: t("scorecard.onTime"), sort: "onTimeRate" },
          { key: "rating", label: t("scorecard.rating"), sort: "rating" },
          { key: "inspections", label: t("scorecard.inspectionsFailed"), sort: "inspectionsFailed" },
          { key: "citations", label: t("scorecard.citations"), sort: "citations" },
          { key: "accidents", label: t("scorecard.accidents"), sort: "accidents", className: "pr-4" },
        ]}
        row={(row, _page, labels) => <ScorecardLine row={row} columns={labels} />}
      />

      <RateDriverDialog open={rating} onOpenChange={setRating} />
    </ListPage>
  );
}

function ScorecardLine({ row, columns }: { row: ScorecardRow; columns: Record<string, string> }) {
  const { t } = useTranslation("drivers");
  const warn = (n: number) => (n > 0 ? "font-semibold text-red-700" : "text-slate-700");
  return (
    <Tr className={cn(stacked.row, "relative max-lg:grid-cols-1")} data-testid={`scorecard-${row.driverId}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <span className="flex items-center gap-2">
          <Link
            to={`${routePath("driverDetail", { driverId: row.driverId })}?tab=ratings`}
            className="whitespace-nowrap font-medium text-brand-700 after:absolute after:inset-0 hover:underline"
          >
            {row.driverName}
          </Link>
          {!row.active ? <InactiveBadge /> : null}
        </span>
      </Td>
      <Td data-label={columns.loads} className={cn(stacked.cell, "tabular-nums")}>
        {formatNumber(row.loadsCompleted)}
      </Td>
      <Td data-label={columns.onTime} className={cn(stacked.cell, "tabular-nums")}>
        <span className="grid">
          <span className="font-medium">{percent(row.onTimeRate)}</span>
          {row.loadsCompleted > 0 ? (
            <span className="text-xs text-slate-500">
              {t("scorecards.onTimeOf", { onTime: row.onTimeCount, total: row.loadsCompleted })}
            </span>
          ) : null}
        </span>
      </Td>
      <Td data-label={columns.rating} className={stacked.cell}>
        <Stars value={row.ratingAverage} count={row.ratingCount} compact />
      </Td>
      <Td
        data-label={columns.inspections}
        className={cn(stacked.cell, "tabular-nums", warn(row.inspectionsFailed))}
      >
        {formatNumber(row.inspectionsFailed)}
      </Td>
      <Td data-label={columns.citations} className={cn(stacked.cell, "tabular-nums", warn(row.citations))}>
        {formatNumber(row.citations)}
      </Td>
      <Td
        data-label={columns.accidents}
        className={cn(stacked.cell, "pr-4 tabular-nums", warn(row.accidents))}
      >
        {formatNumber(row.accidents)}
      </Td>
    </Tr>
  );
}
