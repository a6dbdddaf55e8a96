import { can } from "@shared/access";
import {
  INVOICE_SORTS,
  INVOICE_VIEW_STATUSES,
  type InvoiceListItem,
  invoiceListQuerySchema,
} from "@shared/invoices/invoices.schema";
import { FilePlus2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PeriodFilter, StatusFilter } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDay, formatMoney } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportInvoices, useInvoices } from "../api/invoices";
import { useBillingMessages } from "../billing-messages";
import { BillingCustomerPicker } from "../components/billing-customer-picker";
import { InvoiceDetailDialog } from "../components/invoice-detail-dialog";
import { InvoiceStatusBadge } from "../components/invoice-status-badge";

const InvoiceFormDialog = lazyDialog(() =>
  import("../components/invoice-form-dialog").then((m) => m.InvoiceFormDialog),
);

const EXTRA_PARAMS = { invoice: "" };
const FILTERS = ["status", "customerId", "from", "to"] as const;

/** Customer invoices (/customers/invoice): bill completed loads, email the PDF, record payments. */
export default function InvoicesPage() {
  const { t } = useTranslation("invoices");
  const me = useMe().data;
  const canWrite = can(me ?? null, "invoices:write");
  const messages = useBillingMessages();

  const list = useListScreen(invoiceListQuerySchema, useInvoices, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
    extra: EXTRA_PARAMS,
  });
  const { filter, values, page, update, data } = list;

  const [creating, setCreating] = useState(false);
  const [customerLabel, setCustomerLabel] = useState<string | null>(null);

  const openInvoice = (id: string | null) => update({ invoice: id, page: page }, { replace: !id });
  const selectedCustomer =
    customerLabel ??
    data?.items.find((i) => i.customerId === filter.customerId)?.customerName ??
    t("list.selected");

  return (
    <ListPage
      title={t("list.title")}
      description={t("list.description")}
      exportMenu={{
        testId: "export-invoices",
        filtered: list.filtered,
        run: (format) => exportInvoices(format, filter),
        heading: { all: t("list.exportAll"), filtered: t("list.exportFiltered") },
        describe: (error) => messages.error(error),
      }}
      actions={
        canWrite ? (
          <Button className="flex-1 sm:flex-none" onClick={() => setCreating(true)} data-testid="new-invoice">
            <FilePlus2 aria-hidden />
            {t("list.new")}
          </Button>
        ) : null
      }
    >
      {data ? (
        <div className="grid grid-cols-2 gap-3 sm:max-w-2xl sm:grid-cols-3" aria-live="polite">
          <Tile label={t("list.totalBilled")} value={formatMoney(data.totals.total)} />
          <Tile label={t("list.totalOpen")} value={formatMoney(data.totals.balance)} testId="open-total" />
          {data.totals.drafts.count ? (
            // Drafts are not receivables: shown apart, never in the billed or open figures.
            <Tile
              label={t("list.totalDrafts", { count: data.totals.drafts.count })}
              value={formatMoney(data.totals.drafts.total)}
              testId="drafts-total"
            />
          ) : null}
        </div>
      ) : null}

      <ListPanel
        list={list}
        search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
        filters={
          <>
            <StatusFilter
              list={list}
              name="status"
              options={INVOICE_VIEW_STATUSES}
              label={t("list.filters.status")}
              all={t("list.filters.allStatuses")}
              optionLabel={(s) => t(`status.${s}`)}
              testId="filter-status"
            />
            <BillingCustomerPicker
              aria-label={t("list.filters.customer")}
              placeholder={t("list.filters.allCustomers")}
              value={filter.customerId ?? null}
              selectedLabel={filter.customerId ? selectedCustomer : undefined}
              onChange={(id, row) => {
                setCustomerLabel(row?.companyName ?? null);
                update({ customerId: id });
              }}
              className="lg:w-56"
            />
            <PeriodFilter list={list} label={(edge) => t(`list.filters.${edge}`)} />
          </>
        }
        sortMenu={{
          columns: INVOICE_SORTS,
          field: (column) => t(`list.sorts.${column}`),
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          ...emptyCopy(t, "list.empty"),
          action: canWrite ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <FilePlus2 aria-hidden />
              {t("list.new")}
            </Button>
          ) : null,
        }}
        tableLabel={t("list.title")}
        columns={[
          { key: "number", label: t("fields.invoiceNumber"), sort: "invoiceNumber", className: "pl-4" },
          { key: "customer", label: t("fields.customer") },
          { key: "status", label: t("fields.status") },
          { key: "issueDate", label: t("fields.issueDate"), sort: "issueDate" },
          { key: "dueDate", label: t("fields.dueDate"), sort: "dueDate" },
          {
            key: "total",
            label: t("fields.total"),
            sort: "total",
            className: "text-right [&>button]:ml-auto",
          },
          {
            key: "balance",
            label: t("fields.balance"),
            sort: "balance",
            className: "pr-4 text-right [&>button]:ml-auto",
          },
        ]}
        row={(invoice, _page, labels) => (
          <InvoiceRow invoice={invoice} columns={labels} onOpen={() => openInvoice(invoice.id)} />
        )}
      />

      <InvoiceFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(saved) => openInvoice(saved.id)}
      />
      <InvoiceDetailDialog id={values.invoice || null} onClose={() => openInvoice(null)} />
    </ListPage>
  );
}

function Tile({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-lg font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function InvoiceRow({
  invoice,
  columns,
  onOpen,
}: {
  invoice: InvoiceListItem;
  columns: Record<string, string>;
  onOpen: () => void;
}) {
  const { t } = useTranslation("invoices");
  const partlyPaid = Number(invoice.amountPaid) > 0;
  return (
    <Tr
      className={cn(stacked.row, "relative cursor-pointer")}
      data-testid={`invoice-row-${invoice.invoiceNumber}`}
    >
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          {/* The button's overlay makes the whole row (or card) open the invoice. */}
          <button
            type="button"
            onClick={onOpen}
            className="whitespace-nowrap font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {invoice.invoiceNumber}
          </button>
          <span className="lg:hidden">
            <InvoiceStatusBadge status={invoice.status} partlyPaid={partlyPaid} />
          </span>
        </div>
        <p className="mt-1 truncate text-sm text-slate-600 lg:hidden">{invoice.customerName}</p>
      </Td>
      <Td data-label={columns.customer} className={cn(stacked.cell, "text-slate-700 max-lg:hidden")}>
        <span className="block max-w-56 truncate">{invoice.customerName}</span>
        <span className="block text-xs text-slate-500">{t("list.loads", { count: invoice.loadCount })}</span>
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "max-lg:hidden")}>
        <InvoiceStatusBadge status={invoice.status} partlyPaid={partlyPaid} />
      </Td>
      <Td data-label={columns.issueDate} className={cn(stacked.cell, "whitespace-nowrap")}>
        {formatDay(invoice.issueDate)}
      </Td>
      <Td data-label={columns.dueDate} className={cn(stacked.cell, "whitespace-nowrap")}>
        <span className="grid">
          <span>{formatDay(invoice.dueDate)}</span>
          {invoice.status === "overdue" ? (
            <span className="text-xs font-medium text-red-700">
              {t("list.daysOverdue", { count: invoice.daysOverdue })}
            </span>
          ) : null}
        </span>
      </Td>
      <Td data-label={columns.total} className={cn(stacked.cell, "text-right tabular-nums")}>
        {formatMoney(invoice.total)}
      </Td>
      <Td
        data-label={columns.balance}
        className={cn(stacked.cell, "pr-4 text-right font-medium tabular-nums")}
      >
        {/* A draft is not a receivable: nothing is owed until it is sent (the open balance agrees). */}
        {invoice.status === "draft" ? "—" : formatMoney(invoice.balance)}
      </Td>
    </Tr>
  );
}
