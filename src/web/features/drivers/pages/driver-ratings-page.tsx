import { routePath } from "@shared/access";
import {
  ON_TIME_GRACE_MINUTES,
  SCORECARD_SORTS,
  type ScorecardFilter,
  type ScorecardRow,
  type ScorecardSort,
} from "@shared/drivers/ratings.schema";
import { Star } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader, type SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListParams } from "../../../lib/use-list-params";
import { useRetainedData } from "../../../lib/use-retained-data";
import { exportScorecards, type ScorecardListQuery, useScorecards } from "../api/ratings";
import { percent } from "../components/driver-ratings-tab";
import { InactiveBadge } from "../components/driver-status-badge";
import { formatDay } from "../components/expiry";
import { PERIODS, type Period, PeriodPicker, periodRange } from "../components/period-picker";
import { RateDriverDialog } from "../components/rate-driver-dialog";
import { Stars } from "../components/stars";

const PARAM_DEFAULTS = {
  q: "",
  period: "month",
  from: "",
  to: "",
  inactive: "",
  sort: "driverName",
  dir: "asc",
};

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Driver ratings: a scorecard per driver over a period, and rating a completed load. */
export default function DriverRatingsPage() {
  const { t } = useTranslation("drivers");
  const [rating, setRating] = useState(false);
  const { values, page, pageSize, update } = useListParams(PARAM_DEFAULTS);
  const period = oneOf(PERIODS, values.period) ?? "month";
  const range = periodRange(period, values);
  const sort: ScorecardSort = oneOf(SCORECARD_SORTS, values.sort) ?? "driverName";
  const dir: SortDir = values.dir === "desc" ? "desc" : "asc";
  const filter: Partial<ScorecardFilter> = {
    q: values.q || undefined,
    ...range,
    includeInactive: values.inactive === "true" || undefined,
    sort,
    dir,
  };
  const query: ScorecardListQuery = { ...filter, page, pageSize };
  const cards = useScorecards(query);
  useErrorToast(cards, t("scorecards.fetchFailed"));
  const { data, retained } = useRetainedData(cards);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: ScorecardSort, nextDir: SortDir) => update({ sort: column, dir: nextDir });
  const filtered = !!(filter.q || filter.includeInactive);

  const columns = {
    driver: t("scorecards.driver"),
    loads: t("scorecard.loadsCompleted"),
    onTime: t("scorecard.onTime"),
    rating: t("scorecard.rating"),
    inspections: t("scorecard.inspectionsFailed"),
    citations: t("scorecard.citations"),
    accidents: t("scorecard.accidents"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t("scorecards.title")}
        description={t("scorecards.description", { minutes: ON_TIME_GRACE_MINUTES })}
        actions={
          <>
            <ExportMenu
              filtered={filtered}
              run={(format) => exportScorecards(format, filter)}
              testId="export-scorecards"
              heading={{ all: t("export.all"), filtered: t("export.filtered") }}
            />
            <Button className="flex-1 sm:flex-none" onClick={() => setRating(true)} data-testid="rate-load">
              <Star aria-hidden />
              {t("scorecards.rate")}
            </Button>
          </>
        }
      />

      <Card className="overflow-hidden">
        <div className="grid gap-3 border-b border-slate-100 p-4 lg:flex lg:flex-wrap lg:items-center">
          <SearchInput
            value={values.q}
            onSearch={onSearch}
            label={t("scorecards.searchLabel")}
            hint={t("scorecards.searchHint")}
            className="min-w-0 lg:w-72"
          />
          <PeriodPicker
            period={period as Period}
            from={range.from}
            to={range.to}
            onChange={(patch) => update(patch)}
          />
          <Select
            aria-label={t("scorecards.who")}
            value={values.inactive === "true" ? "true" : ""}
            onChange={(e) => update({ inactive: e.target.value })}
            className="lg:w-auto"
          >
            <option value="">{t("scorecards.activeOnly")}</option>
            <option value="true">{t("scorecards.includeInactive")}</option>
          </Select>
          <SortSelect
            columns={SCORECARD_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            field={(column) => t(`scorecards.sorts.${column}`)}
          />
          <div className="flex items-center gap-3 text-xs text-slate-500 lg:ml-auto">
            {cards.isFetching && data ? <Spinner label={t("common:list.updating")} /> : null}
            {data ? (
              <span data-testid="scorecard-period">
                {t("scorecard.period", { from: formatDay(data.from), to: formatDay(data.to) })}
              </span>
            ) : null}
          </div>
        </div>

        <ListContent
          query={cards}
          data={data}
          errorTitle={t("scorecards.fetchFailed")}
          empty={<EmptyState title={t("scorecards.empty")} description={t("scorecards.emptyText")} />}
        >
          {(pageData) => (
            <>
              <Table className={stacked.table} aria-label={t("scorecards.title")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader
                      column="driverName"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="pl-4"
                    >
                      {columns.driver}
                    </SortableHeader>
                    <SortableHeader column="loadsCompleted" sort={sort} dir={dir} onSort={onSort}>
                      {columns.loads}
                    </SortableHeader>
                    <SortableHeader column="onTimeRate" sort={sort} dir={dir} onSort={onSort}>
                      {columns.onTime}
                    </SortableHeader>
                    <SortableHeader column="rating" sort={sort} dir={dir} onSort={onSort}>
                      {columns.rating}
                    </SortableHeader>
                    <SortableHeader column="inspectionsFailed" sort={sort} dir={dir} onSort={onSort}>
                      {columns.inspections}
                    </SortableHeader>
                    <SortableHeader column="citations" sort={sort} dir={dir} onSort={onSort}>
                      {columns.citations}
                    </SortableHeader>
                    <SortableHeader column="accidents" sort={sort} dir={dir} onSort={onSort} className="pr-4">
                      {columns.accidents}
                    </SortableHeader>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {pageData.items.map((row) => (
                    <ScorecardLine key={row.driverId} row={row} columns={columns} />
                  ))}
                </TBody>
              </Table>
              <ListPagination of={pageData} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>

      <RateDriverDialog open={rating} onOpenChange={setRating} />
    </div>
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
