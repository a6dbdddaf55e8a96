import {
  EXPENSE_SORTS,
  type ExpenseSort,
  expenseFilterSchema,
  PARKING_PAYMENT_METHODS,
  type ParkingExpense,
} from "@shared/parking/parking.schema";
import { MoreHorizontal, Paperclip, Pencil, Plus, SlidersHorizontal, Trash2 } from "lucide-react";
import { useCallback, useId, useState } from "react";
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
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDate, formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListQuery } from "../../../lib/use-list-query";
import { useRetainedData } from "../../../lib/use-retained-data";
import { DriverPicker, VehiclePicker } from "../../loads/components/entity-pickers";
import {
  downloadExpenseReceipt,
  type ExpenseListQuery,
  exportExpenses,
  useDeleteExpense,
  useExpenses,
} from "../api/parking";
import { useParkingMessages } from "../parking-messages";
import { ExpenseFormDialog } from "./expense-form-dialog";

/** Parking expenses: search, payment method, vehicle, driver, period, sort, pages, totals, export. */
export function ExpensesTab() {
  const { t } = useTranslation("parking");
  const messages = useParkingMessages();
  const { filter, values, page, pageSize, update } = useListQuery(expenseFilterSchema);
  const { sort, dir } = filter;
  const query: ExpenseListQuery = { ...filter, page, pageSize };
  const expenses = useExpenses(query);
  useErrorToast(expenses, t("expenses.fetchFailed"));
  const { data, retained } = useRetainedData(expenses);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const [editing, setEditing] = useState<ParkingExpense | null | undefined>(undefined);
  const [removing, setRemoving] = useState<ParkingExpense | null>(null);
  const remove = useDeleteExpense();

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: ExpenseSort, next: SortDir) => update({ sort: column, dir: next });
  const activeFilters = [
    filter.paymentMethod,
    filter.vehicleId,
    filter.driverId,
    filter.from,
    filter.to,
  ].filter(Boolean).length;
  const filtered = !!filter.q || activeFilters > 0;
  const clear = () =>
    update({ q: null, paymentMethod: null, vehicleId: null, driverId: null, from: null, to: null });
  const labelOf = (key: "vehicle" | "driver") => {
    const row = data?.items.find((r) =>
      key === "vehicle" ? r.vehicleId === filter.vehicleId : r.driverId === filter.driverId,
    );
    return (key === "vehicle" ? row?.vehicleLabel : row?.driverName) ?? undefined;
  };
  const openReceipt = async (e: ParkingExpense) => {
    if (!e.receipt) return;
    try {
      await downloadExpenseReceipt(e.id, e.receipt.fileName);
    } catch (error) {
      notify({ title: t("list.receiptFailed"), description: describeError(error, t), variant: "error" });
    }
  };
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify({ title: t("expenses.deleted"), variant: "success" });
        setRemoving(null);
      },
      onError: (error) =>
        notify({ title: t("expenses.deleteFailed"), description: messages.error(error), variant: "error" }),
    });

  const cols = {
    date: t("fields.date"),
    location: t("fields.location"),
    method: t("fields.paymentMethod"),
    vehicle: t("fields.vehicle"),
    driver: t("fields.driver"),
    amount: t("fields.amount"),
  };

  return (
    <>
      <div className="grid grid-cols-1 gap-3 border-b border-slate-100 p-4">
        <div className="flex flex-wrap gap-2 lg:gap-3">
          <SearchInput
            value={values.q}
            onSearch={onSearch}
            label={t("expenses.searchLabel")}
            hint={t("expenses.searchHint")}
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
              run={(format) => exportExpenses(format, filter)}
              heading={{ all: t("list.exportAll"), filtered: t("list.exportFiltered") }}
            />
            <Button
              className="flex-1 sm:flex-none"
              onClick={() => setEditing(null)}
              data-testid="new-expense"
            >
              <Plus aria-hidden />
              {t("expenses.new")}
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
          <Select
            aria-label={t("fields.paymentMethod")}
            value={filter.paymentMethod ?? ""}
            onChange={(e) => update({ paymentMethod: e.target.value })}
            className="lg:w-auto"
          >
            <option value="">{t("list.allMethods")}</option>
            {PARKING_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`paymentMethods.${m}`)}
              </option>
            ))}
          </Select>
          <VehiclePicker
            aria-label={t("fields.vehicle")}
            placeholder={t("list.allVehicles")}
            value={filter.vehicleId ?? null}
            selectedLabel={filter.vehicleId ? labelOf("vehicle") : undefined}
            onChange={(id) => update({ vehicleId: id })}
            className="lg:w-44"
          />
          <DriverPicker
            aria-label={t("fields.driver")}
            placeholder={t("list.allDrivers")}
            value={filter.driverId ?? null}
            selectedLabel={filter.driverId ? labelOf("driver") : undefined}
            onChange={(id) => update({ driverId: id })}
            className="lg:w-52"
          />
          <SortSelect
            columns={EXPENSE_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            field={(column) => t(`expenses.sorts.${column}`)}
            directions={["desc", "asc"]}
          />
          <DateRangeFilter
            from={filter.from}
            to={filter.to}
            label={(edge) => t(`list.${edge}`)}
            onChange={update}
            unbounded
          />
          <div className="flex items-center gap-3 empty:hidden sm:col-span-2 lg:ml-auto">
            {expenses.isFetching && data ? (
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
        query={expenses}
        data={data}
        errorTitle={t("expenses.fetchFailed")}
        empty={
          <EmptyState
            title={filtered ? t("list.filteredTitle") : t("expenses.emptyTitle")}
            description={filtered ? t("list.filteredText") : t("expenses.emptyText")}
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
            <Table className={stacked.table} aria-label={t("tabs.expenses")}>
              <THead className={stacked.head}>
                <tr>
                  <SortableHeader column="date" sort={sort} dir={dir} onSort={onSort} className="pl-4">
                    {cols.date}
                  </SortableHeader>
                  <SortableHeader column="location" sort={sort} dir={dir} onSort={onSort}>
                    {cols.location}
                  </SortableHeader>
                  <Th>{cols.method}</Th>
                  <Th>{cols.vehicle}</Th>
                  <Th>{cols.driver}</Th>
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
                {pageData.items.map((e) => (
                  <Tr key={e.id} className={stacked.row} data-testid={`expense-row-${e.id}`}>
                    <Td className={cn(stacked.primary, "pl-4")}>
                      <div className="flex items-start justify-between gap-3">
                        <span className="grid min-w-0">
                          <span className="whitespace-nowrap font-medium text-slate-900">
                            {formatDate(`${e.date}T12:00:00`)}
                          </span>
                          <span className="truncate text-sm text-slate-600 lg:hidden">{e.location}</span>
                        </span>
                        <span className="shrink-0 font-semibold tabular-nums lg:hidden">
                          {formatMoney(e.amount)}
                        </span>
                      </div>
                    </Td>
                    <Td data-label={cols.location} className={cn(stacked.cell, "max-lg:hidden")}>
                      <span className="grid min-w-0">
                        <span className="block max-w-64 truncate">{e.location}</span>
                        {e.notes ? (
                          <span className="block max-w-64 truncate text-xs text-slate-500">{e.notes}</span>
                        ) : null}
                      </span>
                    </Td>
                    <Td data-label={cols.method} className={stacked.cell}>
                      <Badge tone={e.paymentMethod === "invoice" ? "info" : "neutral"}>
                        {t(`paymentMethods.${e.paymentMethod}`)}
                      </Badge>
                    </Td>
                    <Td data-label={cols.vehicle} className={cn(stacked.cell, "font-medium")}>
                      {e.vehicleLabel ?? "—"}
                    </Td>
                    <Td data-label={cols.driver} className={cn(stacked.cell, "text-slate-700")}>
                      {e.driverName ?? "—"}
                    </Td>
                    <Td
                      data-label={cols.amount}
                      className={cn(stacked.cell, "font-medium tabular-nums max-lg:hidden lg:text-right")}
                    >
                      {formatMoney(e.amount)}
                    </Td>
                    <Td className={cn(stacked.corner, "whitespace-nowrap pr-4 text-right")}>
                      {e.receipt ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-8 max-lg:hidden"
                          aria-label={t("list.openReceipt", { name: e.receipt.fileName })}
                          onClick={() => void openReceipt(e)}
                        >
                          <Paperclip aria-hidden />
                        </Button>
                      ) : null}
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-8"
                            aria-label={`${t("list.actions")} ${e.location}`}
                          >
                            <MoreHorizontal aria-hidden />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          {e.receipt ? (
                            <DropdownMenuItem onSelect={() => void openReceipt(e)}>
                              <Paperclip aria-hidden />
                              {t("list.receipt")}
                            </DropdownMenuItem>
                          ) : null}
                          <DropdownMenuItem onSelect={() => setEditing(e)}>
                            <Pencil aria-hidden />
                            {t("list.edit")}
                          </DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => setRemoving(e)} className="text-red-700">
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
            <div className="border-t border-slate-100 px-4 py-2 text-right text-sm text-slate-600">
              {t("list.total", { amount: formatMoney(pageData.totalAmount) })}
            </div>
            <ListPagination of={pageData} onChange={update} />
          </>
        )}
      </ListContent>

      <ExpenseFormDialog
        open={editing !== undefined}
        expense={editing ?? null}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("expenses.deleteTitle")}
        description={
          removing
            ? t("expenses.deleteText", {
                amount: formatMoney(removing.amount),
                location: removing.location,
                date: formatDate(`${removing.date}T12:00:00`),
              })
            : undefined
        }
        confirmLabel={t("expenses.deleteConfirm")}
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
