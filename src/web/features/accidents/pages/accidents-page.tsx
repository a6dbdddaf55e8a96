import { ROUTES, routePath } from "@shared/access";
import {
  ACCIDENT_SORTS,
  type AccidentFilterInput,
  type AccidentListItem,
  type AccidentSort,
  CLAIM_STATUSES,
} from "@shared/accidents/accidents.schema";
import { Images, Plus } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DateRangeFilter } from "../../../components/list/date-range-filter";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { ListToolbar } from "../../../components/list/list-toolbar";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader, type SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { SummaryTile } from "../../../components/summary-tile";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListParams } from "../../../lib/use-list-params";
import { useRetainedData } from "../../../lib/use-retained-data";
import { SafetyPicker } from "../../citations/components/safety-picker";
import { useSafetyMessages } from "../../citations/safety-messages";
import { exportAccidents, useAccidentSummary, useAccidents } from "../api/accidents";
import { ClaimStatusBadge, InjuriesBadge } from "../components/claim-status-badge";

const PARAM_DEFAULTS = {
  q: "",
  claimStatus: "",
  injuries: "",
  driverId: "",
  vehicleId: "",
  from: "",
  to: "",
  sort: "occurredAt",
  dir: "desc",
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Accidents and claims: every report, filtered and searched on the server, with its claim's state. */
export default function AccidentsPage() {
  const { t } = useTranslation(["accidents", "safety"]);
  const messages = useSafetyMessages();
  const { values, page, pageSize, update } = useListParams(PARAM_DEFAULTS);
  const sort: AccidentSort = oneOf(ACCIDENT_SORTS, values.sort) ?? "occurredAt";
  const dir: SortDir = values.dir === "asc" ? "asc" : "desc";
  const filter: Partial<AccidentFilterInput> = {
    q: values.q || undefined,
    claimStatus: oneOf(CLAIM_STATUSES, values.claimStatus),
    injuries: oneOf(["true", "false"] as const, values.injuries),
    driverId: UUID.test(values.driverId) ? values.driverId : undefined,
    vehicleId: UUID.test(values.vehicleId) ? values.vehicleId : undefined,
    from: DATE.test(values.from) ? values.from : undefined,
    to: DATE.test(values.to) ? values.to : undefined,
    sort,
    dir,
  };
  const list = useAccidents({ ...filter, page, pageSize });
  const summary = useAccidentSummary();
  useErrorToast(list, t("list.fetchFailed"));
  const { data, retained } = useRetainedData(list);

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: AccidentSort, nextDir: SortDir) => update({ sort: column, dir: nextDir });
  const chosen = [
    filter.claimStatus,
    filter.injuries,
    filter.driverId,
    filter.vehicleId,
    filter.from,
    filter.to,
  ];
  const filtered = !!filter.q || chosen.some(Boolean);
  const activeFilters = chosen.filter(Boolean).length;
  const clear = () =>
    update({
      q: null,
      claimStatus: null,
      injuries: null,
      driverId: null,
      vehicleId: null,
      from: null,
      to: null,
    });
  const labelOf = (key: "driver" | "vehicle") => {
    const row = data?.items.find((a) =>
      key === "driver" ? a.driverId === filter.driverId : a.vehicleId === filter.vehicleId,
    );
    return (key === "driver" ? row?.driverName : row?.vehicleLabel) ?? t("filters.selected");
  };
  const s = summary.data;

  const columns = {
    reference: t("fields.reference"),
    occurredAt: t("fields.occurredAt"),
    location: t("fields.location"),
    driver: t("fields.driver"),
    equipment: t("fields.equipment"),
    claimAmount: t("fields.claimAmount"),
    claimStatus: t("fields.claimStatus"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <>
            <ExportMenu
              testId="export-accidents"
              filtered={filtered}
              run={(format) => exportAccidents(format, filter)}
              heading={{ all: t("safety:export.all"), filtered: t("safety:export.filtered") }}
              describe={(error) => messages.error(error)}
            />
            <Button asChild className="flex-1 sm:flex-none">
              <Link to={ROUTES.accidentNew.path} data-testid="new-accident">
                <Plus aria-hidden />
                {t("list.new")}
              </Link>
            </Button>
          </>
        }
      />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryTile
          label={t("summary.openClaims")}
          value={s ? formatNumber(s.openClaims) : "—"}
          tone={s && s.openClaims > 0 ? "warning" : "neutral"}
          onClick={() => update({ claimStatus: filter.claimStatus === "open" ? null : "open" })}
          active={filter.claimStatus === "open"}
          testId="summary-open-claims"
        />
        <SummaryTile
          label={t("summary.openClaimAmount")}
          value={s ? formatMoney(s.openClaimAmount) : "—"}
          testId="summary-open-amount"
        />
        <SummaryTile
          label={t("summary.thisYear")}
          value={s ? formatNumber(s.accidentsThisYear) : "—"}
          testId="summary-this-year"
        />
        <SummaryTile
          label={t("summary.injuriesThisYear")}
          value={s ? formatNumber(s.injuriesThisYear) : "—"}
          tone={s && s.injuriesThisYear > 0 ? "danger" : "neutral"}
          onClick={() => update({ injuries: filter.injuries === "true" ? null : "true" })}
          active={filter.injuries === "true"}
          testId="summary-injuries"
        />
      </div>

      <Card className="overflow-hidden">
        <ListToolbar
          search={values.q}
          onSearch={onSearch}
          searchLabel={t("list.searchLabel")}
          searchHint={t("list.searchHint")}
          activeFilters={activeFilters}
          filtered={filtered}
          onClear={clear}
          updating={!!(list.isFetching && data)}
        >
          <Select
            aria-label={t("filters.claimStatus")}
            value={filter.claimStatus ?? ""}
            onChange={(e) => update({ claimStatus: e.target.value })}
            className="lg:w-auto"
            data-testid="filter-claim-status"
          >
            <option value="">{t("filters.allClaims")}</option>
            {CLAIM_STATUSES.map((st) => (
              <option key={st} value={st}>
                {t(`claimStatus.${st}`)}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t("filters.injuries")}
            value={filter.injuries ?? ""}
            onChange={(e) => update({ injuries: e.target.value })}
            className="lg:w-auto"
          >
            <option value="">{t("filters.injuriesAny")}</option>
            <option value="true">{t("filters.injuriesYes")}</option>
            <option value="false">{t("filters.injuriesNo")}</option>
          </Select>
          <SafetyPicker
            kind="drivers"
            aria-label={t("filters.driver")}
            placeholder={t("filters.allDrivers")}
            value={filter.driverId ?? null}
            selectedLabel={filter.driverId ? labelOf("driver") : undefined}
            onChange={(id) => update({ driverId: id })}
            className="lg:w-48"
          />
          <SafetyPicker
            kind="vehicles"
            aria-label={t("filters.vehicle")}
            placeholder={t("filters.allVehicles")}
            value={filter.vehicleId ?? null}
            selectedLabel={filter.vehicleId ? labelOf("vehicle") : undefined}
            onChange={(id) => update({ vehicleId: id })}
            className="lg:w-40"
          />
          <SortSelect
            label={t("safety:list.sortBy")}
            columns={ACCIDENT_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            optionLabel={(column, d) =>
              t("safety:list.sortOption", {
                field: t(`sorts.${column}`),
                dir: t(`safety:list.dir.${d}`),
              })
            }
          />
          <DateRangeFilter
            from={filter.from}
            to={filter.to}
            label={(edge) => t(`filters.${edge}`)}
            onChange={update}
          />
        </ListToolbar>

        <ListContent
          query={list}
          data={data}
          errorTitle={t("list.fetchFailed")}
          empty={
            <EmptyState
              title={filtered ? t("list.empty.filteredTitle") : t("list.empty.title")}
              description={filtered ? t("list.empty.filteredText") : t("list.empty.text")}
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={clear}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : (
                  <Button asChild size="sm">
                    <Link to={ROUTES.accidentNew.path}>
                      <Plus aria-hidden />
                      {t("list.new")}
                    </Link>
                  </Button>
                )
              }
            />
          }
        >
          {(page) => (
            <>
              <Table className={stacked.table} aria-label={t("list.title")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader column="reference" sort={sort} dir={dir} onSort={onSort} className="pl-4">
                      {columns.reference}
                    </SortableHeader>
                    <SortableHeader column="occurredAt" sort={sort} dir={dir} onSort={onSort}>
                      {columns.occurredAt}
                    </SortableHeader>
                    <Th>{columns.location}</Th>
                    <SortableHeader column="driverName" sort={sort} dir={dir} onSort={onSort}>
                      {columns.driver}
                    </SortableHeader>
                    <Th>{columns.equipment}</Th>
                    <SortableHeader
                      column="claimAmount"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="text-right [&>button]:ml-auto"
                    >
                      {columns.claimAmount}
                    </SortableHeader>
                    <SortableHeader
                      column="claimStatus"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="pr-4"
                    >
                      {columns.claimStatus}
                    </SortableHeader>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {page.items.map((a) => (
                    <AccidentRow key={a.id} accident={a} columns={columns} />
                  ))}
                </TBody>
              </Table>
              <ListPagination of={page} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>
    </div>
  );
}

function AccidentRow({
  accident: a,
  columns,
}: {
  accident: AccidentListItem;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation(["accidents", "safety"]);
  const equipment = [a.vehicleLabel, a.trailerLabel].filter(Boolean).join(" · ");
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid="accident-row">
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          {/* The link's overlay makes the whole row (or card) open the accident. */}
          <Link
            to={routePath("accidentDetail", { accidentId: a.id })}
            className="whitespace-nowrap font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {a.reference}
          </Link>
          <span className="flex gap-1 lg:hidden">
            <ClaimStatusBadge status={a.claimStatus} />
            {a.injuries ? <InjuriesBadge /> : null}
          </span>
        </div>
        <p className="mt-1 truncate text-sm text-slate-700 lg:hidden">{a.location}</p>
      </Td>
      <Td data-label={columns.occurredAt} className={cn(stacked.cell, "text-slate-700 lg:whitespace-nowrap")}>
        <time dateTime={a.occurredAt}>{formatDateTime(a.occurredAt)}</time>
      </Td>
      <Td data-label={columns.location} className={cn(stacked.cell, "max-lg:hidden")}>
        <span className="grid min-w-0 max-w-xs">
          <span className="truncate text-slate-900">{a.location}</span>
          <span className="flex items-center gap-2 text-xs text-slate-500">
            {a.injuries ? <InjuriesBadge /> : null}
            {a.imageCount ? (
              <span className="inline-flex items-center gap-1">
                <Images className="size-3.5" aria-hidden />
                {t("list.photos", { count: a.imageCount })}
              </span>
            ) : null}
          </span>
        </span>
      </Td>
      <Td data-label={columns.driver} className={cn(stacked.cell, "text-slate-700")}>
        <span className="truncate">{a.driverName ?? "—"}</span>
      </Td>
      <Td data-label={columns.equipment} className={cn(stacked.cell, "text-slate-700 lg:whitespace-nowrap")}>
        {equipment || "—"}
      </Td>
      <Td
        data-label={columns.claimAmount}
        className={cn(
          stacked.cell,
          "text-right font-medium tabular-nums text-slate-900 lg:whitespace-nowrap",
        )}
      >
        {a.claimAmount === null ? "—" : formatMoney(a.claimAmount)}
      </Td>
      <Td data-label={columns.claimStatus} className={cn(stacked.cell, "pr-4 max-lg:hidden")}>
        <ClaimStatusBadge status={a.claimStatus} />
      </Td>
    </Tr>
  );
}
