import { can, routePath } from "@shared/access";
import {
  LOAD_SORTS,
  LOAD_STATUSES,
  type LoadFilter,
  type LoadListItem,
  loadFilterSchema,
} from "@shared/loads/loads.schema";
import { ArrowRight, PackagePlus } from "lucide-react";
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
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListQuery } from "../../../lib/use-list-query";
import { useRetainedData } from "../../../lib/use-retained-data";
import { exportLoads, type LoadListQuery, useLoads } from "../api/loads";
import { CustomerPicker, DriverPicker } from "../components/entity-pickers";
import { LoadStatusBadge } from "../components/load-status-badge";

type Sort = (typeof LOAD_SORTS)[number];

/** Loads: staff see and filter every load; a driver sees their own, in a simpler layout. */
export default function LoadsPage() {
  const { t } = useTranslation("loads");
  const me = useMe().data;
  const staff = can(me ?? null, "loads:write");
  const lookups = can(me ?? null, "dispatch:lookups");

  const { filter: parsed, values, page, pageSize, update } = useListQuery(loadFilterSchema);
  const { sort, dir } = parsed;
  const filter: Partial<LoadFilter> = {
    ...parsed,
    customerId: lookups ? parsed.customerId : undefined,
    driverId: lookups ? parsed.driverId : undefined,
  };
  const query: LoadListQuery = { ...filter, page, pageSize };
  const loads = useLoads(query);
  useErrorToast(loads, t("list.fetchFailed"));
  const { data, retained } = useRetainedData(loads);

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: Sort, nextDir: SortDir) => update({ sort: column, dir: nextDir });
  const filtered = !!(
    filter.q ||
    filter.status ||
    filter.customerId ||
    filter.driverId ||
    filter.from ||
    filter.to
  );
  const activeFilters = [filter.status, filter.customerId, filter.driverId, filter.from, filter.to].filter(
    Boolean,
  ).length;
  const clear = () =>
    update({ q: null, status: null, customerId: null, driverId: null, from: null, to: null });
  const labelOf = (key: "customer" | "driver") => {
    const id = key === "customer" ? filter.customerId : filter.driverId;
    const row = data?.items.find((r) => (key === "customer" ? r.customerId : r.driverId) === id);
    return (key === "customer" ? row?.customerName : row?.driverName) ?? t("list.selected");
  };

  const columns = {
    loadNumber: t("fields.loadNumber"),
    status: t("fields.status"),
    customer: t("fields.customer"),
    driver: t("fields.driver"),
    pickup: t("fields.pickup"),
    delivery: t("fields.delivery"),
    totalRate: t("fields.totalRate"),
    miles: t("fields.loadedMiles"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t(staff ? "list.title" : "list.driverTitle")}
        description={t(staff ? "list.description" : "list.driverDescription")}
        actions={
          <>
            <ExportMenu
              testId="export-loads"
              filtered={filtered}
              run={(format) => exportLoads(format, filter)}
              heading={{ all: t("list.exportAll"), filtered: t("list.exportFiltered") }}
            />
            {staff ? (
              <Button asChild className="flex-1 sm:flex-none">
                <Link to={routePath("loadNew")} data-testid="new-load">
                  <PackagePlus aria-hidden />
                  {t("list.new")}
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      <Card className="overflow-hidden">
        <ListToolbar
          search={values.q}
          onSearch={onSearch}
          searchLabel={t("list.searchLabel")}
          searchHint={t(staff ? "list.searchHint" : "list.searchHintDriver")}
          activeFilters={activeFilters}
          filtered={filtered}
          onClear={clear}
          updating={!!(loads.isFetching && data)}
        >
          <Select
            aria-label={t("list.filters.status")}
            value={filter.status ?? ""}
            onChange={(e) => update({ status: e.target.value })}
            className="lg:w-auto"
            data-testid="filter-status"
          >
            <option value="">{t("list.filters.allStatuses")}</option>
            {LOAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Select>
          <SortSelect
            label={t("list.sortBy")}
            columns={LOAD_SORTS.filter((c) => staff || c !== "totalRate")}
            sort={sort}
            dir={dir}
            onSort={onSort}
            optionLabel={(column, d) =>
              t("list.sortOption", { field: t(`list.sorts.${column}`), dir: t(`list.dir.${d}`) })
            }
          />
          {lookups ? (
            <>
              <CustomerPicker
                aria-label={t("list.filters.customer")}
                placeholder={t("list.filters.allCustomers")}
                value={filter.customerId ?? null}
                selectedLabel={filter.customerId ? labelOf("customer") : undefined}
                onChange={(id) => update({ customerId: id })}
                className="lg:w-52"
              />
              <DriverPicker
                aria-label={t("list.filters.driver")}
                placeholder={t("list.filters.allDrivers")}
                value={filter.driverId ?? null}
                selectedLabel={filter.driverId ? labelOf("driver") : undefined}
                onChange={(id) => update({ driverId: id })}
                className="lg:w-52"
              />
            </>
          ) : null}
          <DateRangeFilter
            from={filter.from}
            to={filter.to}
            label={(edge) => t(`list.filters.${edge}`)}
            onChange={update}
            testIdPrefix="filter"
          />
        </ListToolbar>

        <ListContent
          query={loads}
          data={data}
          errorTitle={t("list.fetchFailed")}
          empty={
            <EmptyState
              title={
                filtered
                  ? t("list.empty.filteredTitle")
                  : t(staff ? "list.empty.title" : "list.empty.driverTitle")
              }
              description={
                filtered
                  ? t("list.empty.filteredText")
                  : t(staff ? "list.empty.text" : "list.empty.driverText")
              }
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={clear}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : staff ? (
                  <Button asChild size="sm">
                    <Link to={routePath("loadNew")}>
                      <PackagePlus aria-hidden />
                      {t("list.new")}
                    </Link>
                  </Button>
                ) : null
              }
            />
          }
        >
          {(data) => (
            <>
              <Table className={stacked.table} aria-label={t("list.title")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader
                      column="loadNumber"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="pl-4"
                    >
                      {columns.loadNumber}
                    </SortableHeader>
                    <SortableHeader column="status" sort={sort} dir={dir} onSort={onSort}>
                      {columns.status}
                    </SortableHeader>
                    {staff ? <Th>{columns.customer}</Th> : null}
                    {staff ? <Th>{columns.driver}</Th> : null}
                    <SortableHeader column="pickupAt" sort={sort} dir={dir} onSort={onSort}>
                      {columns.pickup}
                    </SortableHeader>
                    <SortableHeader column="deliveryAt" sort={sort} dir={dir} onSort={onSort}>
                      {columns.delivery}
                    </SortableHeader>
                    {staff ? (
                      <SortableHeader
                        column="totalRate"
                        sort={sort}
                        dir={dir}
                        onSort={onSort}
                        className="pr-4 text-right [&>button]:ml-auto"
                      >
                        {columns.totalRate}
                      </SortableHeader>
                    ) : (
                      <Th className="pr-4 text-right">{columns.miles}</Th>
                    )}
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {data.items.map((load) => (
                    <LoadRow key={load.id} load={load} staff={staff} columns={columns} />
                  ))}
                </TBody>
              </Table>
              <ListPagination of={data} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>
    </div>
  );
}

function LoadRow({
  load,
  staff,
  columns,
}: {
  load: LoadListItem;
  staff: boolean;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation("loads");
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid={`load-row-${load.loadNumber}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          {/* The link's overlay makes the whole row (or card) open the load. */}
          <Link
            to={routePath("loadDetail", { loadId: load.id })}
            className="whitespace-nowrap font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {load.loadNumber}
          </Link>
          <span className="lg:hidden">
            <LoadStatusBadge status={load.status} />
          </span>
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 lg:hidden">
          <span className="truncate">
            {load.pickupCity}, {load.pickupState}
          </span>
          <ArrowRight className="size-3.5 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">
            {load.deliveryCity}, {load.deliveryState}
          </span>
        </p>
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "max-lg:hidden")}>
        <LoadStatusBadge status={load.status} />
      </Td>
      {staff ? (
        <Td data-label={columns.customer} className={cn(stacked.cell, "text-slate-700")}>
          <span className="truncate">{load.customerName ?? "—"}</span>
        </Td>
      ) : null}
      {staff ? (
        <Td data-label={columns.driver} className={cn(stacked.cell, "text-slate-700")}>
          {load.driverName ? (
            <span className="truncate">{load.driverName}</span>
          ) : (
            <span className="text-slate-400">{t("list.unassigned")}</span>
          )}
        </Td>
      ) : null}
      <Td data-label={columns.pickup} className={stacked.cell}>
        <Place city={load.pickupCity} state={load.pickupState} at={load.pickupAt} />
      </Td>
      <Td data-label={columns.delivery} className={stacked.cell}>
        <Place city={load.deliveryCity} state={load.deliveryState} at={load.deliveryAt} />
      </Td>
      <Td
        data-label={staff ? columns.totalRate : columns.miles}
        className={cn(stacked.cell, "pr-4 text-right tabular-nums lg:whitespace-nowrap")}
      >
        {staff ? (
          <span className="font-medium text-slate-900">{formatMoney(load.totalRate)}</span>
        ) : load.loadedMiles !== null ? (
          t("units.miles", { value: formatNumber(load.loadedMiles) })
        ) : (
          "—"
        )}
      </Td>
    </Tr>
  );
}

function Place({ city, state, at }: { city: string; state: string; at: string }) {
  return (
    <span className="grid min-w-0 lg:min-w-36">
      <span className="truncate text-slate-900 max-lg:hidden">
        {city}, {state}
      </span>
      <time
        dateTime={at}
        className="whitespace-nowrap text-xs text-slate-500 max-lg:text-sm max-lg:text-slate-700"
      >
        {formatDateTime(at)}
      </time>
    </span>
  );
}
