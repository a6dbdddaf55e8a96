import { routePath } from "@shared/access";
import { LEDGER_DIRECTIONS } from "@shared/accounting/ledger.schema";
import {
  PAYMENT_SORTS,
  PAYMENT_VIEWS,
  type PaymentRow,
  paymentListQuerySchema,
} from "@shared/accounting/payments.schema";
import { CheckCircle2, ExternalLink } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { ListTabs } from "../../../components/list/list-tabs";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatMoney } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { useBill } from "../api/bills";
import { usePayments } from "../api/payments";

const PayBillDialog = lazyDialog(() => import("../components/pay-bill-dialog").then((m) => m.PayBillDialog));

const FILTERS = ["direction", "from", "to"] as const;
const STATUS_TONES = { overdue: "danger", pending: "warning", paid: "success" } as const;

/** Mark as paid from the payments list: the bill is read, then the bills' own dialog pays it. */
function PayBill({ billId, onClose }: { billId: string | null; onClose: () => void }) {
  const bill = useBill(billId);
  return (
    <PayBillDialog
      bill={bill.data ?? null}
      open={!!billId && !!bill.data}
      onOpenChange={(o) => !o && onClose()}
    />
  );
}

/** /accounting: all payments, pending payments and paid history (the sidebar's three links). */
export default function PaymentsPage() {
  const { t } = useTranslation("accounting");
  const list = useListScreen(paymentListQuerySchema, usePayments, {
    filters: FILTERS,
    fetchFailed: t("payments.list.fetchFailed"),
  });
  const { filter, data } = list;
  const view = filter.view ?? "all";
  const [paying, setPaying] = useState<string | null>(null);

  const cols = {
    day: t("payments.list.columns.day"),
    what: t("payments.list.columns.what"),
    status: t("payments.list.columns.status"),
    amount: t("payments.list.columns.amount"),
  };
  const signed = (r: PaymentRow) => `${r.direction === "expense" ? "−" : "+"}${formatMoney(r.amount)}`;
  const action = (r: PaymentRow) => {
    if (r.kind === "bill")
      return (
        <Button size="sm" variant="outline" onClick={() => setPaying(r.id)} data-testid={`pay-${r.id}`}>
          <CheckCircle2 aria-hidden />
          {t("payments.list.pay")}
        </Button>
      );
    const invoice = r.kind === "invoice" || r.kind === "invoice_payment";
    const settlement = r.kind === "settlement" || r.kind === "settlement_payment";
    return (
      <Link
        to={
          invoice
            ? `${routePath("customerInvoices")}?invoice=${encodeURIComponent(r.parentId)}`
            : settlement
              ? `${routePath("settlements")}?settlement=${encodeURIComponent(r.parentId)}`
              : `${routePath("bills")}?view=all&q=${encodeURIComponent(r.title)}`
        }
        className="inline-flex min-h-9 items-center gap-1 whitespace-nowrap text-sm text-brand-700 hover:underline"
      >
        {t(
          invoice
            ? "payments.list.openInvoice"
            : settlement
              ? "payments.list.openSettlement"
              : "payments.list.openBill",
        )}
        <ExternalLink className="size-3.5 shrink-0" aria-hidden />
      </Link>
    );
  };

  return (
    <ListPage title={t(`payments.views.${view}`)} description={t("payments.description")}>
      {data ? (
        <section
          aria-label={t("payments.totals.label")}
          className="grid gap-3 sm:grid-cols-3"
          data-testid="payment-totals"
        >
          <SummaryTile
            label={t("payments.totals.income")}
            value={formatMoney(data.totals.income)}
            testId="payments-in"
          />
          <SummaryTile
            label={t("payments.totals.expense")}
            value={formatMoney(data.totals.expense)}
            testId="payments-out"
          />
          <SummaryTile
            label={t("payments.totals.net")}
            value={formatMoney(data.totals.net)}
            tone={data.totals.net.startsWith("-") ? "danger" : "neutral"}
            testId="payments-net"
          />
        </section>
      ) : null}

      <ListPanel
        list={list}
        tabs={
          <ListTabs
            list={list}
            name="view"
            values={PAYMENT_VIEWS}
            fallback="all"
            label={t("payments.list.tabs")}
            tabLabel={(v) => t(`payments.views.${v}`)}
          />
        }
        search={{ label: t("payments.list.searchLabel"), hint: t("payments.list.searchHint") }}
        filters={
          <FilterGroup
            list={list}
            words={(word) => t(`payments.list.filters.${word}`)}
            statuses={[
              {
                name: "direction",
                options: LEDGER_DIRECTIONS,
                label: t("payments.list.filters.direction"),
                all: t("payments.list.filters.allDirections"),
                optionLabel: (d) => t(`directions.${d}`),
              },
            ]}
            period
          />
        }
        sortMenu={{
          columns: PAYMENT_SORTS,
          field: (column) => t(`payments.list.sorts.${column}`),
          directions: ["desc", "asc"],
        }}
        errorTitle={t("payments.list.fetchFailed")}
        empty={emptyCopy(t, "payments.list.empty")}
        tableLabel={t(`payments.views.${view}`)}
        columns={[
          { label: cols.day, sort: "day", className: "pl-4" },
          { label: cols.what },
          { label: cols.status },
          { label: cols.amount, sort: "amount", className: "text-right [&>button]:ml-auto" },
          { label: <span className="sr-only">{cols.what}</span>, className: "pr-4" },
        ]}
        row={(r) => (
          <Tr className={stacked.row} data-testid={`payment-row-${r.id}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <div className="flex items-start justify-between gap-3">
                <span className="grid min-w-0">
                  <time dateTime={r.day} className="whitespace-nowrap font-medium text-slate-900">
                    {formatDate(r.day)}
                  </time>
                  <span className="truncate text-sm text-slate-600 lg:hidden">{r.title}</span>
                </span>
                <span
                  className={cn(
                    "shrink-0 font-semibold tabular-nums lg:hidden",
                    r.direction === "income" && "text-emerald-700",
                  )}
                >
                  {signed(r)}
                </span>
              </div>
            </Td>
            <Td data-label={cols.what} className={stacked.cell}>
              <span className="grid min-w-0 max-lg:justify-items-end">
                <span className="font-medium text-slate-900 max-lg:hidden">{r.title}</span>
                <span className="text-sm text-slate-600">
                  {[t(`payments.kinds.${r.kind}`), r.counterparty].filter(Boolean).join(" · ")}
                </span>
                {r.reference ? <span className="font-mono text-xs text-slate-500">{r.reference}</span> : null}
              </span>
            </Td>
            <Td data-label={cols.status} className={stacked.cell}>
              <span className="grid justify-items-start gap-0.5 max-lg:justify-items-end">
                <Badge tone={STATUS_TONES[r.status]}>{t(`payments.statuses.${r.status}`)}</Badge>
                {r.method ? <span className="text-xs text-slate-500">{t(`methods.${r.method}`)}</span> : null}
              </span>
            </Td>
            <Td
              data-label={cols.amount}
              className={cn(
                stacked.cell,
                "font-medium tabular-nums max-lg:hidden lg:text-right",
                r.direction === "income" && "text-emerald-700",
              )}
            >
              {signed(r)}
            </Td>
            <Td className={cn(stacked.cell, "pr-4 lg:text-right")}>{action(r)}</Td>
          </Tr>
        )}
      />
      <PayBill billId={paying} onClose={() => setPaying(null)} />
    </ListPage>
  );
}
