import { routePath } from "@shared/access";
import {
  TOLL_MATCH_FILTERS,
  TOLL_SORTS,
  TOLL_SOURCES,
  type Toll,
  type TollSort,
  tollFilterSchema,
} from "@shared/tolls/tolls.schema";
import { MoreHorizontal, Pencil, Plus, Trash2, Upload } from "lucide-react";
import { Tabs } from "radix-ui";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DateRangeFilter } from "../../../components/list/date-range-filter";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { ListToolbar } from "../../../components/list/list-toolbar";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader, type SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListQuery } from "../../../lib/use-list-query";
import { useRetainedData } from "../../../lib/use-retained-data";
import { DriverPicker, VehiclePicker } from "../../loads/components/entity-pickers";
import { exportTolls, type TollListQuery, useDeleteToll, useTolls } from "../api/tolls";
import { TollFormDialog } from "../components/toll-form-dialog";
import { TollImportDialog } from "../components/toll-import-dialog";
import { useTollMessages } from "../toll-messages";

const tabClass =
  "inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-500 transition-colors hover:text-slate-800 focus-visible:rounded-t focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700";

/** /operations/tolls: every toll, statement imports with a preview, and tolls entered by hand. */
export default function TollsPage() {
  const { t } = useTranslation("tolls");
  const messages = useTollMessages();
  const { filter, values, page, pageSize, update } = useListQuery(tollFilterSchema);
  const { sort, dir } = filter;
  const query: TollListQuery = { ...filter, page, pageSize };
  const tolls = useTolls(query);
  useErrorToast(tolls, t("list.fetchFailed"));
  const { data, retained } = useRetainedData(tolls);

  const [editing, setEditing] = useState<Toll | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<Toll | null>(null);
  const remove = useDeleteToll();

  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify({ title: t("delete.done"), variant: "success" });
        setRemoving(null);
      },
      onError: (error) =>
        notify({ title: t("delete.failed"), description: messages.error(error), variant: "error" }),
    });

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: TollSort, next: SortDir) => update({ sort: column, dir: next });
  const activeFilters = [filter.source, filter.vehicleId, filter.driverId, filter.from, filter.to].filter(
    Boolean,
  ).length;
  const filtered = !!filter.q || !!filter.match || activeFilters > 0;
  const clear = () =>
    update({ q: null, source: null, vehicleId: null, driverId: null, from: null, to: null });
  const clearAll = () =>
    update({ q: null, match: null, source: null, vehicleId: null, driverId: null, from: null, to: null });
  const labelOf = (key: "vehicle" | "driver") => {
    const row = data?.items.find((r) =>
      key === "vehicle" ? r.vehicleId === filter.vehicleId : r.driverId === filter.driverId,
    );
    return (key === "vehicle" ? row?.vehicleLabel : row?.driverName) ?? undefined;
  };
  const cols = {
    when: t("fields.occurredAt"),
    location: t("fields.location"),
    transponder: t("fields.transponder"),
    vehicle: t("fields.vehicle"),
    driver: t("fields.driver"),
    load: t("fields.load"),
    amount: t("fields.amount"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <>
            <ExportMenu
              testId="export-tolls"
              filtered={filtered}
              run={(format) => exportTolls(format, filter)}
              heading={{ all: t("list.exportAll"), filtered: t("list.exportFiltered") }}
            />
            <Button
              variant="outline"
              className="flex-1 sm:flex-none"
              onClick={() => setImporting(true)}
              data-testid="import-tolls"
            >
              <Upload aria-hidden />
              {t("import.open")}
            </Button>
            <Button className="flex-1 sm:flex-none" onClick={() => setEditing(null)} data-testid="new-toll">
              <Plus aria-hidden />
              {t("form.new")}
            </Button>
          </>
        }
      />

      {data ? (
        <dl
          aria-label={t("list.stats.label")}
          className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:max-w-md"
        >
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-slate-500">{t("list.stats.count")}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatNumber(data.total)}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-slate-500">{t("list.stats.amount")}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatMoney(data.totalAmount)}</dd>
          </div>
        </dl>
      ) : null}

      <Card className="overflow-hidden">
        <Tabs.Root
          value={filter.match ?? "all"}
          onValueChange={(v) => update({ match: v === "all" ? null : v })}
        >
          <Tabs.List
            aria-label={t("list.tabs")}
            className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 [scrollbar-width:none]"
          >
            {(["all", ...TOLL_MATCH_FILTERS] as const).map((m) => (
              <Tabs.Trigger key={m} value={m} className={tabClass}>
                {t(`match.${m}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        <ListToolbar
          search={values.q}
          onSearch={onSearch}
          searchLabel={t("list.searchLabel")}
          searchHint={t("list.searchHint")}
          activeFilters={activeFilters}
          filtered={activeFilters > 0 || !!filter.q}
          onClear={clear}
          updating={!!(tolls.isFetching && data)}
        >
          <Select
            aria-label={t("list.filters.source")}
            value={filter.source ?? ""}
            onChange={(e) => update({ source: e.target.value })}
            className="lg:w-auto"
          >
            <option value="">{t("list.filters.allSources")}</option>
            {TOLL_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`sources.${s}`)}
              </option>
            ))}
          </Select>
          <VehiclePicker
            aria-label={t("list.filters.vehicle")}
            placeholder={t("list.filters.allVehicles")}
            value={filter.vehicleId ?? null}
            selectedLabel={filter.vehicleId ? labelOf("vehicle") : undefined}
            onChange={(id) => update({ vehicleId: id })}
            className="lg:w-44"
          />
          <DriverPicker
            aria-label={t("list.filters.driver")}
            placeholder={t("list.filters.allDrivers")}
            value={filter.driverId ?? null}
            selectedLabel={filter.driverId ? labelOf("driver") : undefined}
            onChange={(id) => update({ driverId: id })}
            className="lg:w-52"
          />
          <SortSelect
            columns={TOLL_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            field={(column) => t(`list.sorts.${column}`)}
            directions={["desc", "asc"]}
          />
          <DateRangeFilter
            from={filter.from}
            to={filter.to}
            label={(edge) => t(`list.filters.${edge}`)}
            onChange={update}
          />
        </ListToolbar>

        <ListContent
          query={tolls}
          data={data}
          errorTitle={t("list.fetchFailed")}
          empty={
            <EmptyState
              title={t(filtered ? "list.empty.filteredTitle" : "list.empty.title")}
              description={t(filtered ? "list.empty.filteredText" : "list.empty.text")}
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={clearAll}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : (
                  <Button size="sm" onClick={() => setImporting(true)}>
                    <Upload aria-hidden />
                    {t("import.open")}
                  </Button>
                )
              }
            />
          }
        >
          {(pageData) => (
            <>
              <Table className={stacked.table} aria-label={t("title")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader
                      column="occurredAt"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="pl-4"
                    >
                      {cols.when}
                    </SortableHeader>
                    <SortableHeader column="location" sort={sort} dir={dir} onSort={onSort}>
                      {cols.location}
                    </SortableHeader>
                    <SortableHeader column="transponder" sort={sort} dir={dir} onSort={onSort}>
                      {cols.transponder}
                    </SortableHeader>
                    <Th>{cols.vehicle}</Th>
                    <Th>{cols.driver}</Th>
                    <Th>{cols.load}</Th>
                    <SortableHeader
                      column="amount"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="text-right [&>button]:ml-auto"
                    >
                      {cols.amount}
                    </SortableHeader>
                    <Th className="pr-4">
                      <span className="sr-only">{t("list.actions")}</span>
                    </Th>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {pageData.items.map((toll) => (
                    <Tr key={toll.id} className={stacked.row} data-testid={`toll-row-${toll.id}`}>
                      <Td className={cn(stacked.primary, "pl-4")}>
                        <div className="flex items-start justify-between gap-3">
                          <span className="grid min-w-0">
                            <time
                              dateTime={toll.occurredAt}
                              className="whitespace-nowrap font-medium text-slate-900"
                            >
                              {formatDateTime(toll.occurredAt)}
                            </time>
                            <span className="truncate text-sm text-slate-600 lg:hidden">{toll.location}</span>
                          </span>
                          <span className="shrink-0 font-semibold tabular-nums lg:hidden">
                            {formatMoney(toll.amount)}
                          </span>
                        </div>
                        <Badge
                          tone={toll.source === "import" ? "info" : "neutral"}
                          className="mt-1 max-lg:hidden"
                        >
                          {t(`sources.${toll.source}`)}
                        </Badge>
                      </Td>
                      <Td data-label={cols.location} className={cn(stacked.cell, "max-lg:hidden")}>
                        <span className="line-clamp-2 max-w-52">{toll.location}</span>
                      </Td>
                      <Td data-label={cols.transponder} className={stacked.cell}>
                        {toll.transponder ? (
                          <span className="font-mono text-xs">{toll.transponder}</span>
                        ) : (
                          <span className="text-slate-400">{t("list.noTransponder")}</span>
                        )}
                      </Td>
                      <Td data-label={cols.vehicle} className={stacked.cell}>
                        {toll.vehicleLabel ? (
                          <span className="font-medium">{toll.vehicleLabel}</span>
                        ) : (
                          <Badge tone="warning" className="whitespace-nowrap">
                            {t("list.unassigned")}
                          </Badge>
                        )}
                      </Td>
                      <Td data-label={cols.driver} className={cn(stacked.cell, "text-slate-700")}>
                        {toll.driverName ?? "—"}
                      </Td>
                      <Td data-label={cols.load} className={stacked.cell}>
                        {toll.loadId && toll.loadNumber ? (
                          <Link
                            to={routePath("loadDetail", { loadId: toll.loadId })}
                            className="whitespace-nowrap font-mono text-sm text-brand-700 hover:underline"
                          >
                            {toll.loadNumber}
                          </Link>
                        ) : (
                          "—"
                        )}
                      </Td>
                      <Td
                        data-label={cols.amount}
                        className={cn(stacked.cell, "font-medium tabular-nums max-lg:hidden lg:text-right")}
                      >
                        {formatMoney(toll.amount)}
                      </Td>
                      <Td className={cn(stacked.corner, "pr-4 text-right")}>
                        <DropdownMenu>
                          <DropdownMenuTrigger asChild>
                            <Button
                              variant="ghost"
                              size="icon"
                              className="size-8"
                              aria-label={`${t("list.actions")} ${toll.location}`}
                            >
                              <MoreHorizontal aria-hidden />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent align="end">
                            <DropdownMenuItem onSelect={() => setEditing(toll)}>
                              <Pencil aria-hidden />
                              {t("list.edit")}
                            </DropdownMenuItem>
                            <DropdownMenuItem onSelect={() => setRemoving(toll)} className="text-red-700">
                              <Trash2 aria-hidden />
                              {t("list.delete")}
                            </DropdownMenuItem>
                          </DropdownMenuContent>
                        </DropdownMenu>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <ListPagination of={pageData} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>

      <TollFormDialog
        open={editing !== undefined}
        toll={editing ?? null}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
      <TollImportDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("delete.title")}
        description={
          removing
            ? t("delete.description", {
                amount: formatMoney(removing.amount),
                location: removing.location,
                date: formatDateTime(removing.occurredAt),
              })
            : undefined
        }
        confirmLabel={t("delete.confirm")}
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </div>
  );
}
