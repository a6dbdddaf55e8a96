import {
  type ParkingReservation,
  RESERVATION_SORTS,
  RESERVATION_STATES,
  type ReservationSort,
  type ReservationState,
  reservationListQuerySchema,
} from "@shared/parking/parking.schema";
import { CalendarPlus, MoreHorizontal, Pencil, SlidersHorizontal, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DateRangeFilter } from "../../../components/list/date-range-filter";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader, type SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { VehiclePicker } from "../../loads/components/entity-pickers";
import { exportReservations, useDeleteReservation, useReservations } from "../api/parking";
import { useParkingMessages } from "../parking-messages";
import { ReservationFormDialog } from "./reservation-form-dialog";

const FILTERS = ["vehicleId", "from", "to"] as const;

/** Parking reservations: upcoming (soonest first), past (latest first) or all; overlap refused per truck. */
export function ReservationsTab() {
  const { t } = useTranslation("parking");
  const messages = useParkingMessages();
  // The state is the pills' choice, not a filter: "Clear filters" keeps it.
  const list = useListScreen(reservationListQuerySchema, useReservations, {
    filters: FILTERS,
    fetchFailed: t("reservations.fetchFailed"),
  });
  const { filter, update, data, retained, onSearch, search, filtered, activeFilters, clear } = list;
  const reservations = list.query;
  const state: ReservationState = filter.state;
  // No sort in the address: upcoming soonest first, past most recent first (as the API does).
  const sort: ReservationSort = filter.sort ?? "startsAt";
  const dir: SortDir = filter.dir ?? (state === "upcoming" ? "asc" : "desc");

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const [editing, setEditing] = useState<ParkingReservation | null | undefined>(undefined);
  const [removing, setRemoving] = useState<ParkingReservation | null>(null);
  const remove = useDeleteReservation();

  const onSort = (column: ReservationSort, next: SortDir) => update({ sort: column, dir: next });
  const now = Date.now();
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify({ title: t("reservations.deleted"), variant: "success" });
        setRemoving(null);
      },
      onError: (error) =>
        notify({
          title: t("reservations.deleteFailed"),
          description: messages.error(error),
          variant: "error",
        }),
    });
  const cols = {
    starts: t("fields.startsAt"),
    ends: t("fields.endsAt"),
    location: t("fields.reservationLocation"),
    vehicle: t("fields.vehicle"),
    driver: t("fields.driver"),
    cost: t("fields.cost"),
  };

  return (
    <>
      <fieldset className="flex gap-1 overflow-x-auto border-b border-slate-100 px-4 pt-3">
        <legend className="sr-only">{t("tabs.reservations")}</legend>
        {RESERVATION_STATES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === state ? "secondary" : "ghost"}
            aria-pressed={s === state}
            onClick={() => update({ state: s, sort: null, dir: null })}
            className="mb-3"
          >
            {t(`states.${s}`)}
          </Button>
        ))}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 border-b border-slate-100 p-4">
        <div className="flex flex-wrap gap-2 lg:gap-3">
          <SearchInput
            value={search}
            onSearch={onSearch}
            label={t("reservations.searchLabel")}
            hint={t("reservations.searchHint")}
            className="min-w-0 flex-1 basis-64"
          />
          <Button
            variant="outline"
            className="shrink-0 lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <SlidersHorizontal aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("list.filtersToggle")}</span>
            {activeFilters > 0 ? (
              <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
                {activeFilters}
              </span>
            ) : null}
          </Button>
          <div className="flex w-full gap-2 sm:w-auto">
            <ExportMenu
              filtered={filtered}
              run={(format) => exportReservations(format, filter)}
              heading={{ all: t("list.exportAll"), filtered: t("list.exportFiltered") }}
            />
            <Button
              className="flex-1 sm:flex-none"
              onClick={() => setEditing(null)}
              data-testid="new-reservation"
            >
              <CalendarPlus aria-hidden />
              {t("reservations.new")}
            </Button>
          </div>
        </div>
        <div
          id={filtersId}
          className={cn(
            "gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-center",
            filtersOpen ? "grid" : "hidden lg:flex",
          )}
        >
          <VehiclePicker
            aria-label={t("fields.vehicle")}
            placeholder={t("list.allVehicles")}
            value={filter.vehicleId ?? null}
            selectedLabel={
              filter.vehicleId
                ? (data?.items.find((r) => r.vehicleId === filter.vehicleId)?.vehicleLabel ?? undefined)
                : undefined
            }
            onChange={(id) => update({ vehicleId: id })}
            className="lg:w-44"
          />
          <SortSelect
            columns={RESERVATION_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            field={(column) => t(`reservations.sorts.${column}`)}
          />
          <DateRangeFilter
            from={filter.from}
            to={filter.to}
            label={(edge) => t(`list.${edge}`)}
            onChange={update}
            unbounded
          />
          <div className="flex items-center gap-3 empty:hidden sm:col-span-2 lg:ml-auto">
            {reservations.isFetching && data ? (
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
        query={reservations}
        data={data}
        errorTitle={t("reservations.fetchFailed")}
        empty={
          <EmptyState
            title={filtered ? t("list.filteredTitle") : t(`reservations.emptyTitle.${state}`)}
            description={filtered ? t("list.filteredText") : t("reservations.emptyText")}
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
            <Table className={stacked.table} aria-label={t("tabs.reservations")}>
              <THead className={stacked.head}>
                <tr>
                  <SortableHeader column="startsAt" sort={sort} dir={dir} onSort={onSort} className="pl-4">
                    {cols.starts}
                  </SortableHeader>
                  <SortableHeader column="endsAt" sort={sort} dir={dir} onSort={onSort}>
                    {cols.ends}
                  </SortableHeader>
                  <SortableHeader column="location" sort={sort} dir={dir} onSort={onSort}>
                    {cols.location}
                  </SortableHeader>
                  <Th>{cols.vehicle}</Th>
                  <Th>{cols.driver}</Th>
                  <SortableHeader
                    column="cost"
                    sort={sort}
                    dir={dir}
                    onSort={onSort}
                    className="text-right [&>button]:ml-auto"
                  >
                    {cols.cost}
                  </SortableHeader>
                  <Th className="pr-4">
                    <span className="sr-only">{t("list.actions")}</span>
                  </Th>
                </tr>
              </THead>
              <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                {pageData.items.map((r) => {
                  const running = Date.parse(r.startsAt) <= now && Date.parse(r.endsAt) > now;
                  const hours = (Date.parse(r.endsAt) - Date.parse(r.startsAt)) / 3_600_000;
                  return (
                    <Tr key={r.id} className={stacked.row} data-testid={`reservation-row-${r.id}`}>
                      <Td className={cn(stacked.primary, "pl-4")}>
                        <span className="grid min-w-0">
                          <span className="flex items-center gap-2">
                            <time
                              dateTime={r.startsAt}
                              className="whitespace-nowrap font-medium text-slate-900"
                            >
                              {formatDateTime(r.startsAt)}
                            </time>
                            {running ? <Badge tone="success">{t("reservations.now")}</Badge> : null}
                          </span>
                          <span className="truncate text-sm text-slate-600 lg:hidden">{r.location}</span>
                        </span>
                      </Td>
                      <Td data-label={cols.ends} className={stacked.cell}>
                        <span className="grid">
                          <time dateTime={r.endsAt} className="whitespace-nowrap">
                            {formatDateTime(r.endsAt)}
                          </time>
                          <span className="text-xs text-slate-500">
                            {t("reservations.duration", { hours: formatNumber(hours, 1) })}
                          </span>
                        </span>
                      </Td>
                      <Td data-label={cols.location} className={cn(stacked.cell, "max-lg:hidden")}>
                        <span className="grid min-w-0">
                          <span className="block max-w-64 truncate">{r.location}</span>
                          {r.notes ? (
                            <span className="block max-w-64 truncate text-xs text-slate-500">{r.notes}</span>
                          ) : null}
                        </span>
                      </Td>
                      <Td data-label={cols.vehicle} className={cn(stacked.cell, "font-medium")}>
                        {r.vehicleLabel ?? "—"}
                      </Td>
                      <Td data-label={cols.driver} className={cn(stacked.cell, "text-slate-700")}>
                        {r.driverName ?? "—"}
                      </Td>
                      <Td data-label={cols.cost} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                        {formatMoney(r.cost)}
                      </Td>
                      <Td className={cn(stacked.corner, "pr-4 text-right")}>
                        <DropdownMenu>
                          <DropdownMenuTrigger asChild>
                            <Button
                              variant="ghost"
                              size="icon"
                              className="size-8"
                              aria-label={`${t("list.actions")} ${r.location}`}
                            >
                              <MoreHorizontal aria-hidden />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent align="end">
                            <DropdownMenuItem onSelect={() => setEditing(r)}>
                              <Pencil aria-hidden />
                              {t("list.edit")}
                            </DropdownMenuItem>
                            <DropdownMenuItem onSelect={() => setRemoving(r)} className="text-red-700">
                              <Trash2 aria-hidden />
                              {t("reservations.deleteConfirm")}
                            </DropdownMenuItem>
                          </DropdownMenuContent>
                        </DropdownMenu>
                      </Td>
                    </Tr>
                  );
                })}
              </TBody>
            </Table>
            <div className="border-t border-slate-100 px-4 py-2 text-right text-sm text-slate-600">
              {t("list.total", { amount: formatMoney(pageData.totalCost) })}
            </div>
            <ListPagination of={pageData} onChange={update} />
          </>
        )}
      </ListContent>

      <ReservationFormDialog
        open={editing !== undefined}
        reservation={editing ?? null}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("reservations.deleteTitle")}
        description={
          removing
            ? t("reservations.deleteText", {
                location: removing.location,
                from: formatDateTime(removing.startsAt),
              })
            : undefined
        }
        confirmLabel={t("reservations.deleteConfirm")}
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
