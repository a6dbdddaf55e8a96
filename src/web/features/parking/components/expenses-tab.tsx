import {
  EXPENSE_SORTS,
  expenseListQuerySchema,
  PARKING_PAYMENT_METHODS,
  type ParkingExpense,
} from "@shared/parking/parking.schema";
import { Paperclip, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ExportMenu } from "../../../components/list/export-menu";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPanel } from "../../../components/list/list-panel";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDate, formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { downloadExpenseReceipt, exportExpenses, useDeleteExpense, useExpenses } from "../api/parking";
import { useParkingMessages } from "../parking-messages";

const ExpenseFormDialog = lazyDialog(() => import("./expense-form-dialog").then((m) => m.ExpenseFormDialog));

const FILTERS = ["paymentMethod", "vehicleId", "driverId", "from", "to"] as const;

/** Parking expenses: search, payment method, vehicle, driver, period, sort, pages, totals, export. */
export function ExpensesTab() {
  const { t } = useTranslation("parking");
  const messages = useParkingMessages();
  const list = useListScreen(expenseListQuerySchema, useExpenses, {
    filters: FILTERS,
    fetchFailed: t("expenses.fetchFailed"),
  });
  const { filter } = list;

  const [editing, setEditing] = useState<ParkingExpense | null | undefined>(undefined);
  const [removing, setRemoving] = useState<ParkingExpense | null>(null);
  const remove = useDeleteExpense();

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
      <ListPanel
        list={list}
        bare
        search={{ label: t("expenses.searchLabel"), hint: t("expenses.searchHint") }}
        actions={
          <>
            <ExportMenu
              filtered={list.filtered}
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
          </>
        }
        filters={
          <FilterGroup
            list={list}
            words={(word) => t(word === "vehicle" || word === "driver" ? `fields.${word}` : `list.${word}`)}
            statuses={[
              {
                name: "paymentMethod",
                options: PARKING_PAYMENT_METHODS,
                label: t("fields.paymentMethod"),
                all: t("list.allMethods"),
                optionLabel: (m) => t(`paymentMethods.${m}`),
              },
            ]}
            vehicle
            driver
            period={{ unbounded: true }}
          />
        }
        sortMenu={{
          columns: EXPENSE_SORTS,
          field: (column) => t(`expenses.sorts.${column}`),
          directions: ["desc", "asc"],
        }}
        errorTitle={t("expenses.fetchFailed")}
        empty={{
          title: t("expenses.emptyTitle"),
          text: t("expenses.emptyText"),
          filteredTitle: t("list.filteredTitle"),
          filteredText: t("list.filteredText"),
        }}
        summary={(pageData) => (
          <div className="border-b border-slate-100 px-4 py-2 text-right text-sm text-slate-600">
            {t("list.total", { amount: formatMoney(pageData.totalAmount) })}
          </div>
        )}
        tableLabel={t("tabs.expenses")}
        columns={[
          { label: cols.date, sort: "date", className: "pl-4" },
          { label: cols.location, sort: "location" },
          { label: cols.method },
          { label: cols.vehicle },
          { label: cols.driver },
          { label: cols.amount, sort: "amount", className: "text-right [&>button]:ml-auto" },
          { label: <span className="sr-only">{t("list.actions")}</span>, className: "pr-4" },
        ]}
        row={(e) => (
          <Tr className={stacked.row} data-testid={`expense-row-${e.id}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <div className="flex items-start justify-between gap-3">
                <span className="grid min-w-0">
                  <span className="whitespace-nowrap font-medium text-slate-900">
                    {formatDate(`${e.date}T12:00:00`)}
                  </span>
                  <span className="truncate text-sm text-slate-600 lg:hidden">{e.location}</span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums lg:hidden">{formatMoney(e.amount)}</span>
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
              <RowMenu label={`${t("list.actions")} ${e.location}`}>
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
              </RowMenu>
            </Td>
          </Tr>
        )}
      />

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
