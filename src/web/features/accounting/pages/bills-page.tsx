import {
  BILL_SERVICE_TYPES,
  BILL_SORTS,
  BILL_TYPES,
  BILL_VIEWS,
  type Bill,
  billListQuerySchema,
} from "@shared/accounting/bills.schema";
import { CheckCircle2, History, Pencil, Plus, Trash2, Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { ListTabs } from "../../../components/list/list-tabs";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { formatDate, formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useAccountingMessages } from "../accounting-messages";
import { useBills, useRemoveBill, useRemoveBillPayment } from "../api/bills";

const BillFormDialog = lazyDialog(() =>
  import("../components/bill-form-dialog").then((m) => m.BillFormDialog),
);
const PayBillDialog = lazyDialog(() => import("../components/pay-bill-dialog").then((m) => m.PayBillDialog));
const BillHistoryDialog = lazyDialog(() =>
  import("../components/bill-history-dialog").then((m) => m.BillHistoryDialog),
);

const FILTERS = ["billType", "serviceType"] as const;

/**
 * How far a bill's due date is, in words and tone. On the "Paid" view every bill reads by its last
 * payment — a subscription stays open at its next due date once paid.
 */
function DueLabel({ bill, paidView }: { bill: Bill; paidView: boolean }) {
  const { t } = useTranslation("accounting");
  if (bill.status === "cancelled" && !paidView)
    return <Badge tone="neutral">{t("bills.due.cancelled")}</Badge>;
  if (bill.status === "paid" || (paidView && bill.lastPaidOn))
    return (
      <Badge tone="success">
        {t("bills.due.paidOn", { date: bill.lastPaidOn ? formatDate(bill.lastPaidOn) : "—" })}
      </Badge>
    );
  const days = bill.dueInDays ?? 0;
  if (days < 0) return <Badge tone="danger">{t("bills.due.overdue", { count: -days })}</Badge>;
  if (days === 0) return <Badge tone="warning">{t("bills.due.today")}</Badge>;
  return <Badge tone={days < 7 ? "warning" : "neutral"}>{t("bills.due.inDays", { count: days })}</Badge>;
}

/** /accounting/bills: the bills the company pays, what is due this week, and mark as paid. */
export default function BillsPage() {
  const { t } = useTranslation("accounting");
  const messages = useAccountingMessages();
  const list = useListScreen(billListQuerySchema, useBills, {
    filters: FILTERS,
    fetchFailed: t("bills.list.fetchFailed"),
  });
  const { filter, update, data } = list;
  const view = filter.view ?? "open";

  const [editing, setEditing] = useState<Bill | null | undefined>(undefined);
  const [paying, setPaying] = useState<Bill | null>(null);
  const [history, setHistory] = useState<Bill | null>(null);
  const [undoing, setUndoing] = useState<Bill | null>(null);
  const [removing, setRemoving] = useState<Bill | null>(null);
  useCreateParam(() => setEditing(null), true);
  const undo = useRemoveBillPayment();
  const remove = useRemoveBill();

  const confirmUndo = () => {
    const payment = undoing?.payments[0];
    if (!undoing || !payment) return;
    undo.mutate(
      { id: undoing.id, paymentId: payment.id },
      {
        onSuccess: () => {
          notify({ title: t("bills.undo.done"), variant: "success" });
          setUndoing(null);
        },
        onError: (error) =>
          notify({ title: t("bills.undo.failed"), description: messages.error(error), variant: "error" }),
      },
    );
  };
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: (result) => {
        notify({
          title: t(result.cancelled ? "bills.remove.cancelled" : "bills.remove.deleted"),
          variant: "success",
        });
        setRemoving(null);
      },
      onError: (error) =>
        notify({ title: t("bills.remove.failed"), description: messages.error(error), variant: "error" }),
    });

  const cols = {
    bill: t("bills.list.columns.bill"),
    service: t("bills.list.columns.service"),
    due: t("bills.list.columns.due"),
    amount: t("bills.list.columns.amount"),
  };

  return (
    <ListPage
      title={t("bills.title")}
      description={t("bills.description")}
      actions={
        <Button className="flex-1 sm:flex-none" onClick={() => setEditing(null)} data-testid="new-bill">
          <Plus aria-hidden />
          {t("bills.form.new")}
        </Button>
      }
    >
      {data ? (
        <section
          aria-label={t("bills.summary.label")}
          className="grid gap-3 sm:grid-cols-3"
          data-testid="bill-summary"
        >
          <SummaryTile
            label={t("bills.summary.upcoming")}
            value={formatMoney(data.summary.upcomingAmount)}
            hint={t("bills.summary.count", { count: data.summary.upcomingCount })}
            tone={data.summary.upcomingCount ? "warning" : "neutral"}
            onClick={() => update({ view: view === "upcoming" ? null : "upcoming" })}
            active={view === "upcoming"}
            testId="bills-upcoming"
          />
          <SummaryTile
            label={t("bills.summary.overdue")}
            value={formatMoney(data.summary.overdueAmount)}
            hint={t("bills.summary.count", { count: data.summary.overdueCount })}
            tone={data.summary.overdueCount ? "danger" : "neutral"}
            onClick={() => update({ view: view === "overdue" ? null : "overdue" })}
            active={view === "overdue"}
            testId="bills-overdue"
          />
          <SummaryTile
            label={t("bills.summary.paidThisMonth")}
            value={formatMoney(data.summary.paidThisMonth)}
            testId="bills-paid-month"
          />
        </section>
      ) : null}

      <ListPanel
        list={list}
        tabs={
          <ListTabs
            list={list}
            name="view"
            values={BILL_VIEWS}
            fallback="open"
            label={t("bills.list.tabs")}
            tabLabel={(v) => t(`bills.views.${v}`)}
          />
        }
        search={{ label: t("bills.list.searchLabel"), hint: t("bills.list.searchHint") }}
        filters={
          <FilterGroup
            list={list}
            words={(word) => t(`bills.list.filters.${word}`)}
            statuses={[
              {
                name: "billType",
                options: BILL_TYPES,
                label: t("bills.list.filters.type"),
                all: t("bills.list.filters.allTypes"),
                optionLabel: (type) => t(`bills.types.${type}`),
              },
              {
                name: "serviceType",
                options: BILL_SERVICE_TYPES,
                label: t("bills.list.filters.service"),
                all: t("bills.list.filters.allServices"),
                optionLabel: (s) => t(`bills.services.${s}`),
              },
            ]}
          />
        }
        sortMenu={{
          columns: BILL_SORTS,
          field: (column) => t(`bills.list.sorts.${column}`),
          directions: ["asc", "desc"],
        }}
        errorTitle={t("bills.list.fetchFailed")}
        empty={{
          title: t(view === "open" ? "bills.list.empty.title" : "bills.list.empty.filteredTitle"),
          text: t(view === "open" ? "bills.list.empty.text" : "bills.list.empty.filteredText"),
          filteredTitle: t("bills.list.empty.filteredTitle"),
          filteredText: t("bills.list.empty.filteredText"),
          action: (
            <Button size="sm" onClick={() => setEditing(null)}>
              <Plus aria-hidden />
              {t("bills.form.new")}
            </Button>
          ),
        }}
        tableLabel={t("bills.title")}
        columns={[
          { label: cols.bill, sort: "name", className: "pl-4" },
          { label: cols.service },
          { label: cols.due, sort: "dueDate" },
          { label: cols.amount, sort: "amount", className: "text-right [&>button]:ml-auto" },
          { label: <span className="sr-only">{t("bills.list.actions")}</span>, className: "pr-4" },
        ]}
        row={(b) => (
          <Tr className={stacked.row} data-testid={`bill-row-${b.id}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <div className="flex items-start justify-between gap-3">
                <span className="grid min-w-0">
                  <span className="font-medium text-slate-900">{b.name}</span>
                  <span className="truncate text-sm text-slate-600">
                    {[b.vendor, b.vehicleLabel].filter(Boolean).join(" · ") || "—"}
                  </span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums lg:hidden">{formatMoney(b.amount)}</span>
              </div>
            </Td>
            <Td data-label={cols.service} className={stacked.cell}>
              <span className="grid max-lg:justify-items-end">
                <span className="text-sm">{t(`bills.services.${b.serviceType}`)}</span>
                <span className="text-xs text-slate-500">
                  {b.frequency ? t(`bills.frequencies.${b.frequency}`) : t("bills.types.one_time")}
                </span>
              </span>
            </Td>
            <Td data-label={cols.due} className={stacked.cell}>
              <span className="grid justify-items-start gap-1 max-lg:justify-items-end">
                <time dateTime={b.dueDate} className="whitespace-nowrap text-sm font-medium text-slate-900">
                  {formatDate(b.dueDate)}
                </time>
                <DueLabel bill={b} paidView={view === "paid"} />
              </span>
            </Td>
            <Td
              data-label={cols.amount}
              className={cn(stacked.cell, "font-medium tabular-nums max-lg:hidden lg:text-right")}
            >
              {formatMoney(b.amount)}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <div className="flex items-center justify-end gap-1">
                {b.status === "open" ? (
                  <Button
                    size="sm"
                    variant="outline"
                    className="max-lg:hidden"
                    onClick={() => setPaying(b)}
                    data-testid={`pay-bill-${b.id}`}
                  >
                    <CheckCircle2 aria-hidden />
                    {t("bills.list.pay")}
                  </Button>
                ) : null}
                <RowMenu label={`${t("bills.list.actions")} ${b.name}`}>
                  {b.status === "open" ? (
                    <DropdownMenuItem onSelect={() => setPaying(b)}>
                      <CheckCircle2 aria-hidden />
                      {t("bills.list.pay")}
                    </DropdownMenuItem>
                  ) : null}
                  {b.status !== "cancelled" ? (
                    <DropdownMenuItem onSelect={() => setEditing(b)}>
                      <Pencil aria-hidden />
                      {t("bills.list.edit")}
                    </DropdownMenuItem>
                  ) : null}
                  <DropdownMenuItem onSelect={() => setHistory(b)}>
                    <History aria-hidden />
                    {t("bills.list.history")}
                  </DropdownMenuItem>
                  {b.payments.length ? (
                    <DropdownMenuItem onSelect={() => setUndoing(b)}>
                      <Undo2 aria-hidden />
                      {t("bills.list.undoPayment")}
                    </DropdownMenuItem>
                  ) : null}
                  {b.status !== "cancelled" ? (
                    <DropdownMenuItem onSelect={() => setRemoving(b)} className="text-red-700">
                      <Trash2 aria-hidden />
                      {t("bills.list.delete")}
                    </DropdownMenuItem>
                  ) : null}
                </RowMenu>
              </div>
            </Td>
          </Tr>
        )}
      />

      <BillFormDialog
        open={editing !== undefined}
        bill={editing ?? null}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
      <PayBillDialog bill={paying} open={!!paying} onOpenChange={(o) => !o && setPaying(null)} />
      <BillHistoryDialog bill={history} open={!!history} onOpenChange={(o) => !o && setHistory(null)} />
      <ConfirmDialog
        open={!!undoing}
        onOpenChange={(o) => !o && setUndoing(null)}
        title={t("bills.undo.title")}
        description={
          undoing?.payments[0]
            ? t("bills.undo.description", {
                amount: formatMoney(undoing.payments[0].amount),
                date: formatDate(undoing.payments[0].paidOn),
                due: formatDate(undoing.payments[0].dueDate),
              })
            : undefined
        }
        confirmLabel={t("bills.undo.confirm")}
        destructive
        pending={undo.isPending}
        onConfirm={confirmUndo}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("bills.remove.title")}
        description={t("bills.remove.description")}
        confirmLabel={t("bills.remove.confirm")}
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </ListPage>
  );
}
