import {
  type INVOICE_SORTS,
  PORTAL_INVOICE_STATUSES,
  type PortalInvoice,
  type PortalInvoiceQuery,
} from "@shared/invoices/invoices.schema";
import { Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { SortableHeader, type SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, EmptyState, Spinner } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDay, formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useRetainedData } from "../../../lib/use-retained-data";
import { downloadPortalInvoicePdf, usePortalInvoice, usePortalInvoices } from "../../invoices/api/invoices";
import { useBillingMessages } from "../../invoices/billing-messages";
import { InvoiceStatusBadge } from "../../invoices/components/invoice-status-badge";
import { downloadPortalStatement, type Period, usePortalStatement } from "../../statements/api/statements";
import {
  PeriodPicker,
  presetPeriod,
  StatementDownloads,
  StatementView,
} from "../../statements/components/statement-view";

type Sort = (typeof INVOICE_SORTS)[number];

/**
 * Billing in the customer portal: the signed-in customer's own invoices (with their PDFs) and
 * statement. The API scopes every answer to the customer; this component keeps its list state
 * to itself, so it never clashes with the portal page's own URL parameters.
 */
export function PortalBilling({ className }: { className?: string }) {
  const { t } = useTranslation("invoices");
  const messages = useBillingMessages();
  const [query, setQuery] = useState<PortalInvoiceQuery>({
    page: 1,
    pageSize: 10,
    sort: "issueDate",
    dir: "desc",
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [period, setPeriod] = useState<Period>(() => presetPeriod("thisYear"));
  const invoices = usePortalInvoices(query);
  useErrorToast(invoices, t("portal.fetchFailed"));
  const { data, retained } = useRetainedData(invoices);
  const statement = usePortalStatement(period);
  const patch = (next: Partial<PortalInvoiceQuery>) =>
    setQuery((q) => ({ ...q, ...next, page: "page" in next && next.page ? next.page : 1 }));
  const onSort = (column: Sort, dir: SortDir) => patch({ sort: column, dir });
  const filtered = !!(query.q || query.status);
  const summary = statement.data;
  const pastDue = summary ? Number(summary.aging.total) - Number(summary.aging.current) : 0;

  const pdf = async (invoice: Pick<PortalInvoice, "id" | "invoiceNumber">) => {
    try {
      await downloadPortalInvoicePdf(invoice.id, invoice.invoiceNumber);
    } catch (error) {
      notify({ title: t("detail.pdfFailed"), description: messages.error(error), variant: "error" });
    }
  };

  const cols = {
    number: t("fields.invoiceNumber"),
    status: t("fields.status"),
    issueDate: t("fields.issueDate"),
    dueDate: t("fields.dueDate"),
    total: t("fields.total"),
    balance: t("fields.balance"),
    pdf: t("detail.pdf"),
  };

  return (
    <section
      className={cn("grid gap-6", className)}
      aria-labelledby="portal-billing-title"
      data-testid="portal-billing"
    >
      <div className="grid gap-1">
        <h2 id="portal-billing-title" className="text-lg font-semibold text-slate-900">
          {t("portal.title")}
        </h2>
        <p className="text-sm text-slate-500">{t("portal.description")}</p>
      </div>

      {summary ? (
        <dl className="grid grid-cols-2 gap-3 sm:max-w-lg">
          <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              {t("portal.balanceDue")}
            </dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid="portal-balance">
              {formatMoney(summary.aging.total)}
            </dd>
          </div>
          <div
            className={cn(
              "rounded-lg border px-4 py-3 shadow-sm",
              pastDue > 0 ? "border-red-200 bg-red-50" : "border-slate-200 bg-white",
            )}
          >
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              {t("portal.pastDue")}
            </dt>
            <dd className={cn("mt-1 text-lg font-semibold tabular-nums", pastDue > 0 && "text-red-700")}>
              {formatMoney(pastDue.toFixed(2))}
            </dd>
          </div>
        </dl>
      ) : null}

      <Card className="overflow-hidden">
        <CardHeader className="gap-3 border-b border-slate-100">
          <div className="grid gap-1">
            <CardTitle>{t("portal.invoices")}</CardTitle>
            <CardDescription>{t("portal.invoicesText")}</CardDescription>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <SearchInput
              value={query.q ?? ""}
              onSearch={(q) => patch({ q: q || undefined })}
              label={t("portal.searchLabel")}
              hint={t("portal.searchHint")}
              className="min-w-0 flex-1"
            />
            <Select
              aria-label={t("list.filters.status")}
              value={query.status ?? ""}
              onChange={(e) =>
                patch({ status: (e.target.value || undefined) as PortalInvoiceQuery["status"] })
              }
              className="sm:w-auto"
            >
              <option value="">{t("list.filters.allStatuses")}</option>
              {PORTAL_INVOICE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          </div>
        </CardHeader>
        <ListContent
          query={invoices}
          data={data}
          errorTitle={t("portal.fetchFailed")}
          skeletonRows={3}
          empty={
            <EmptyState
              title={filtered ? t("list.empty.filteredTitle") : t("portal.emptyTitle")}
              description={filtered ? t("list.empty.filteredText") : t("portal.emptyText")}
            />
          }
        >
          {(page) => (
            <>
              <Table className={stacked.table} aria-label={t("portal.invoices")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader
                      column="invoiceNumber"
                      sort={query.sort}
                      dir={query.dir}
                      onSort={onSort}
                      className="pl-4"
                    >
                      {cols.number}
                    </SortableHeader>
                    <Th>{cols.status}</Th>
                    <SortableHeader column="issueDate" sort={query.sort} dir={query.dir} onSort={onSort}>
                      {cols.issueDate}
                    </SortableHeader>
                    <SortableHeader column="dueDate" sort={query.sort} dir={query.dir} onSort={onSort}>
                      {cols.dueDate}
                    </SortableHeader>
                    <SortableHeader
                      column="total"
                      sort={query.sort}
                      dir={query.dir}
                      onSort={onSort}
                      className="text-right [&>button]:ml-auto"
                    >
                      {cols.total}
                    </SortableHeader>
                    <SortableHeader
                      column="balance"
                      sort={query.sort}
                      dir={query.dir}
                      onSort={onSort}
                      className="text-right [&>button]:ml-auto"
                    >
                      {cols.balance}
                    </SortableHeader>
                    <Th className="pr-4">
                      <span className="sr-only">{cols.pdf}</span>
                    </Th>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {page.items.map((inv) => (
                    <Tr
                      key={inv.id}
                      className={cn(stacked.row, "relative")}
                      data-testid={`portal-invoice-${inv.invoiceNumber}`}
                    >
                      <Td className={cn(stacked.primary, "pl-4")}>
                        <div className="flex items-center justify-between gap-2">
                          <button
                            type="button"
                            onClick={() => setOpenId(inv.id)}
                            className="font-mono text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                          >
                            {inv.invoiceNumber}
                          </button>
                          <span className="lg:hidden">
                            <InvoiceStatusBadge status={inv.status} partlyPaid={Number(inv.amountPaid) > 0} />
                          </span>
                        </div>
                        <span className="block truncate text-xs text-slate-500">
                          {inv.loadNumbers.join(", ")}
                        </span>
                      </Td>
                      <Td data-label={cols.status} className={cn(stacked.cell, "max-lg:hidden")}>
                        <InvoiceStatusBadge status={inv.status} partlyPaid={Number(inv.amountPaid) > 0} />
                      </Td>
                      <Td data-label={cols.issueDate} className={cn(stacked.cell, "whitespace-nowrap")}>
                        {formatDay(inv.issueDate)}
                      </Td>
                      <Td data-label={cols.dueDate} className={cn(stacked.cell, "whitespace-nowrap")}>
                        <span className="grid">
                          {formatDay(inv.dueDate)}
                          {inv.status === "overdue" ? (
                            <span className="text-xs font-medium text-red-700">
                              {t("list.daysOverdue", { count: inv.daysOverdue })}
                            </span>
                          ) : null}
                        </span>
                      </Td>
                      <Td data-label={cols.total} className={cn(stacked.cell, "text-right tabular-nums")}>
                        {formatMoney(inv.total)}
                      </Td>
                      <Td
                        data-label={cols.balance}
                        className={cn(stacked.cell, "text-right font-medium tabular-nums")}
                      >
                        {formatMoney(inv.balance)}
                      </Td>
                      <Td className={cn(stacked.cell, "pr-4 max-lg:justify-end max-lg:before:content-none")}>
                        <Button
                          variant="outline"
                          size="sm"
                          className="px-2"
                          onClick={() => void pdf(inv)}
                          aria-label={t("portal.downloadPdf", { number: inv.invoiceNumber })}
                          title={t("portal.downloadPdf", { number: inv.invoiceNumber })}
                        >
                          <Download aria-hidden />
                          <span className="lg:sr-only">{t("detail.pdf")}</span>
                        </Button>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <ListPagination
                of={page}
                onChange={(p) => ("page" in p ? patch({ page: p.page }) : patch({ pageSize: p.pageSize }))}
              />
            </>
          )}
        </ListContent>
      </Card>

      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid gap-1">
              <CardTitle>{t("portal.statement")}</CardTitle>
              <CardDescription>{t("portal.statementText")}</CardDescription>
            </div>
            <StatementDownloads
              onDownload={async (format) => {
                try {
                  await downloadPortalStatement(format, period);
                } catch (error) {
                  notify({
                    title: t("portal.downloadFailed"),
                    description: messages.error(error),
                    variant: "error",
                  });
                }
              }}
            />
          </div>
          <PeriodPicker value={period} onChange={setPeriod} />
        </CardHeader>
        <div className="border-t border-slate-100 p-5">
          {statement.isError ? (
            <Alert tone="danger">{messages.error(statement.error)}</Alert>
          ) : !statement.data ? (
            <Spinner label={t("common:loading")} className="py-6" />
          ) : (
            <StatementView statement={statement.data} dimmed={statement.isPlaceholderData} />
          )}
        </div>
      </Card>

      <PortalInvoiceDialog id={openId} onClose={() => setOpenId(null)} onPdf={pdf} />
    </section>
  );
}

function PortalInvoiceDialog({
  id,
  onClose,
  onPdf,
}: {
  id: string | null;
  onClose: () => void;
  onPdf: (invoice: { id: string; invoiceNumber: string }) => Promise<void>;
}) {
  const { t } = useTranslation("invoices");
  const messages = useBillingMessages();
  const query = usePortalInvoice(id);
  const inv = query.data;
  return (
    <Dialog
      open={!!id}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={inv ? t("detail.title", { number: inv.invoiceNumber }) : t("detail.loadingTitle")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      {query.isError ? (
        <Alert tone="danger">{messages.error(query.error)}</Alert>
      ) : !inv ? (
        <Spinner label={t("common:loading")} className="py-8" />
      ) : (
        <div className="grid gap-4" data-testid="portal-invoice-detail">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <InvoiceStatusBadge status={inv.status} partlyPaid={Number(inv.amountPaid) > 0} />
            <Button variant="outline" onClick={() => void onPdf(inv)}>
              <Download aria-hidden />
              {t("detail.pdf")}
            </Button>
          </div>
          <p className="text-sm text-slate-600">
            {t("detail.issued", { date: formatDay(inv.issueDate) })} ·{" "}
            {t("detail.due", { date: formatDay(inv.dueDate) })}
          </p>
          <Table aria-label={t("detail.lines")}>
            <THead>
              <tr>
                <Th>{t("fields.load")}</Th>
                <Th>{t("fields.description")}</Th>
                <Th className="text-right">{t("fields.amount")}</Th>
              </tr>
            </THead>
            <TBody>
              {inv.lines.map((line) => (
                <Tr key={line.id}>
                  <Td className="whitespace-nowrap font-mono text-xs">{line.loadNumber ?? "—"}</Td>
                  <Td>{t(`lineKinds.${line.kind}`)}</Td>
                  <Td className="text-right tabular-nums">{formatMoney(line.amount)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <dl className="ml-auto grid w-full max-w-xs gap-1 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">{t("fields.total")}</dt>
              <dd className="tabular-nums">{formatMoney(inv.total)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-600">{t("fields.paid")}</dt>
              <dd className="tabular-nums">{formatMoney(inv.amountPaid)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold">
              <dt>{t("fields.balance")}</dt>
              <dd className="tabular-nums">{formatMoney(inv.balance)}</dd>
            </div>
          </dl>
          {inv.payments.length ? (
            <section className="grid gap-1">
              <h3 className="text-sm font-semibold text-slate-900">{t("detail.payments")}</h3>
              <ul className="grid gap-1 text-sm">
                {inv.payments.map((p) => (
                  <li key={p.id} className="flex justify-between gap-3 rounded-md bg-slate-50 px-3 py-2">
                    <span>
                      {formatDay(p.paidOn)} · {t(`methods.${p.method}`)}
                      {p.reference ? ` · ${p.reference}` : ""}
                    </span>
                    <span className="tabular-nums">{formatMoney(p.amount)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {inv.notes ? <p className="whitespace-pre-line text-sm text-slate-700">{inv.notes}</p> : null}
        </div>
      )}
    </Dialog>
  );
}
