import { AGING_BUCKETS } from "@shared/invoices/invoices.schema";
import {
  RECEIVABLE_SORTS,
  type Receivable,
  type ReceivablesPage,
  receivablesQuerySchema,
  statementPeriodSchema,
} from "@shared/statements/statements.schema";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPage } from "../../../components/list/list-page";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Alert, EmptyState, Spinner } from "../../../components/ui/feedback";
import { Input, Label, Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDay, formatMoney } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { type ListScreen, useListScreen } from "../../../lib/use-list-screen";
import { useBillingMessages } from "../../invoices/billing-messages";
import { BillingCustomerPicker } from "../../invoices/components/billing-customer-picker";
import {
  downloadStatement,
  exportReceivables,
  type Period,
  useReceivables,
  useStatement,
} from "../api/statements";
import { PeriodPicker, presetPeriod, StatementDownloads, StatementView } from "../components/statement-view";

type Sort = (typeof RECEIVABLE_SORTS)[number];
// The statement card's own URL state, beside the receivables list's (its shared query schema).
const STATEMENT_PARAMS = { customerId: "", from: "", to: "" };

/** Customer statements (/customers/statements): one customer's statement for a period, and who owes what. */
export default function StatementsPage() {
  const { t } = useTranslation("statements");
  const messages = useBillingMessages();
  const list = useListScreen(receivablesQuerySchema, useReceivables, {
    filters: ["balance", "asOf"],
    fetchFailed: t("receivables.fetchFailed"),
    extra: STATEMENT_PARAMS,
  });
  const { values, page, update } = list;
  const statementRef = useRef<HTMLDivElement>(null);
  const [customerLabel, setCustomerLabel] = useState<string | null>(null);

  const fallback = presetPeriod("thisMonth");
  const asked = statementPeriodSchema.safeParse({ from: values.from, to: values.to });
  const period: Period = asked.success ? asked.data : fallback;
  const customerId = values.customerId || null;
  const statement = useStatement(customerId, period);
  const shown = statement.data?.customer.id === customerId ? statement.data : undefined;

  const chooseCustomer = (id: string | null, label: string | null) => {
    setCustomerLabel(label);
    update({ customerId: id, page });
  };
  const setPeriod = (p: Period) => update({ from: p.from, to: p.to, page });

  const downloadFile = async (format: "pdf" | "csv" | "xlsx") => {
    if (!customerId) return;
    try {
      await downloadStatement(format, customerId, period);
    } catch (error) {
      notify({ title: t("download.failed"), description: messages.error(error), variant: "error" });
    }
  };

  return (
    <ListPage title={t("title")} description={t("description")}>
      <Card ref={statementRef} className="scroll-mt-4" data-testid="statement-card">
        <CardHeader className="gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid gap-1">
              <CardTitle>{t("statement.title")}</CardTitle>
              <CardDescription>{t("statement.description")}</CardDescription>
            </div>
            <StatementDownloads onDownload={downloadFile} disabled={!customerId} />
          </div>
          <div className="grid gap-3 lg:grid-cols-[minmax(0,18rem)_1fr] lg:items-end">
            <div className="grid gap-1">
              <span className="text-xs text-slate-500" id="statement-customer-label">
                {t("statement.customer")}
              </span>
              <BillingCustomerPicker
                source="statements"
                aria-label={t("statement.customer")}
                placeholder={t("statement.choose")}
                value={customerId}
                selectedLabel={customerLabel ?? shown?.customer.companyName}
                onChange={(id, row) => chooseCustomer(id, row?.companyName ?? null)}
              />
            </div>
            <PeriodPicker value={period} onChange={setPeriod} />
          </div>
        </CardHeader>
        <div className="border-t border-slate-100 p-5">
          {!customerId ? (
            <EmptyState title={t("statement.emptyTitle")} description={t("statement.emptyText")} />
          ) : statement.isError ? (
            <Alert tone="danger">{messages.error(statement.error)}</Alert>
          ) : !shown ? (
            <Spinner label={t("common:loading")} className="py-8" />
          ) : (
            <StatementView statement={shown} dimmed={statement.isFetching && statement.isPlaceholderData} />
          )}
        </div>
      </Card>

      <Receivables
        list={list}
        asOf={list.filter.asOf}
        balance={list.filter.balance}
        setFilter={(patch) => update(patch)}
        onOpen={(row) => {
          chooseCustomer(row.customerId, row.companyName);
          statementRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
        }}
      />
    </ListPage>
  );
}

function Receivables({
  list,
  asOf,
  balance,
  setFilter,
  onOpen,
}: {
  list: ListScreen<Sort, ReceivablesPage>;
  asOf: string | undefined;
  balance: "open" | "pastDue" | undefined;
  setFilter: (patch: { balance?: string; asOf?: string }) => void;
  onOpen: (row: Receivable) => void;
}) {
  const { t } = useTranslation("statements");
  const messages = useBillingMessages();
  const asOfId = useId();
  const { query: receivables, data, retained, sort, dir, onSort, onSearch, search, filtered, clear } = list;

  const cols = {
    customer: t("receivables.customer"),
    open: t("receivables.openInvoices"),
    total: t("aging.total"),
    ...Object.fromEntries(AGING_BUCKETS.map((b) => [b, t(`aging.${b}`)])),
  } as Record<string, string>;

  return (
    <Card className="overflow-hidden">
      <CardHeader className="gap-3 border-b border-slate-100">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1">
            <CardTitle>{t("receivables.title")}</CardTitle>
            <CardDescription>
              {t("receivables.description", { date: formatDay(data?.asOf ?? asOf ?? null) })}
            </CardDescription>
          </div>
          <ExportMenu
            testId="export-receivables"
            filtered={filtered}
            run={(format) => exportReceivables(format, { q: search || undefined, balance, asOf, sort, dir })}
            heading={{ all: t("receivables.exportAll"), filtered: t("receivables.exportFiltered") }}
            describe={(error) => messages.error(error)}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:items-center">
          <SearchInput
            value={search}
            onSearch={onSearch}
            label={t("receivables.searchLabel")}
            hint={t("receivables.searchHint")}
            className="min-w-0 sm:col-span-2 lg:flex-1"
          />
          <Select
            aria-label={t("receivables.balanceFilter")}
            value={balance ?? ""}
            onChange={(e) => setFilter({ balance: e.target.value })}
            className="lg:w-auto"
          >
            <option value="">{t("receivables.allCustomers")}</option>
            <option value="open">{t("receivables.withBalance")}</option>
            <option value="pastDue">{t("receivables.pastDueOnly")}</option>
          </Select>
          <div className="grid gap-1 lg:flex lg:items-center lg:gap-2">
            <Label htmlFor={asOfId} className="whitespace-nowrap text-xs text-slate-500">
              {t("receivables.asOf")}
            </Label>
            <Input
              id={asOfId}
              type="date"
              value={asOf ?? ""}
              onChange={(e) => setFilter({ asOf: e.target.value })}
              className="lg:w-40"
            />
          </div>
          <SortSelect
            columns={RECEIVABLE_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            field={(column) => t(`receivables.sorts.${column}`)}
          />
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={clear}>
              {t("common:actions.clearFilters")}
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <ListContent
        query={receivables}
        data={data}
        errorTitle={t("receivables.fetchFailed")}
        empty={<EmptyState title={t("receivables.emptyTitle")} description={t("receivables.emptyText")} />}
      >
        {(pageData) => (
          <>
            <Table className={stacked.table} aria-label={t("receivables.title")}>
              <THead className={stacked.head}>
                <tr>
                  <SortableHeader column="companyName" sort={sort} dir={dir} onSort={onSort} className="pl-4">
                    {cols.customer}
                  </SortableHeader>
                  <Th className="text-right">{cols.open}</Th>
                  {AGING_BUCKETS.map((b) =>
                    b === "over90" ? (
                      <SortableHeader
                        key={b}
                        column="over90"
                        sort={sort}
                        dir={dir}
                        onSort={onSort}
                        className="text-right [&>button]:ml-auto"
                      >
                        {cols[b]}
                      </SortableHeader>
                    ) : (
                      <Th key={b} className="text-right">
                        {cols[b]}
                      </Th>
                    ),
                  )}
                  <SortableHeader
                    column="balance"
                    sort={sort}
                    dir={dir}
                    onSort={onSort}
                    className="pr-4 text-right [&>button]:ml-auto"
                  >
                    {cols.total}
                  </SortableHeader>
                </tr>
              </THead>
              <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                {pageData.items.map((row) => (
                  <Tr
                    key={row.customerId}
                    className={cn(stacked.row, "relative cursor-pointer")}
                    data-testid={`receivable-${row.companyName}`}
                  >
                    <Td className={cn(stacked.primary, "pl-4")}>
                      <button
                        type="button"
                        onClick={() => onOpen(row)}
                        className="text-left font-medium text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
                      >
                        {row.companyName}
                      </button>
                      <span className="block text-xs text-slate-500">{row.name}</span>
                    </Td>
                    <Td data-label={cols.open} className={cn(stacked.cell, "text-right tabular-nums")}>
                      {row.openInvoices}
                    </Td>
                    {AGING_BUCKETS.map((b) => (
                      <Td
                        key={b}
                        data-label={cols[b]}
                        className={cn(
                          stacked.cell,
                          "text-right tabular-nums",
                          Number(row.aging[b]) === 0 && "text-slate-500",
                          b !== "current" && Number(row.aging[b]) > 0 && "text-red-700",
                        )}
                      >
                        {formatMoney(row.aging[b])}
                      </Td>
                    ))}
                    <Td
                      data-label={cols.total}
                      className={cn(stacked.cell, "pr-4 text-right font-semibold tabular-nums")}
                    >
                      {formatMoney(row.aging.total)}
                    </Td>
                  </Tr>
                ))}
                <Tr className={cn(stacked.row, "bg-slate-50 font-semibold hover:bg-slate-50")}>
                  <Td className={cn(stacked.primary, "pl-4")} colSpan={2}>
                    {t("receivables.totals")}
                  </Td>
                  {AGING_BUCKETS.map((b) => (
                    <Td key={b} data-label={cols[b]} className={cn(stacked.cell, "text-right tabular-nums")}>
                      {formatMoney(pageData.totals[b])}
                    </Td>
                  ))}
                  <Td data-label={cols.total} className={cn(stacked.cell, "pr-4 text-right tabular-nums")}>
                    {formatMoney(pageData.totals.total)}
                  </Td>
                </Tr>
              </TBody>
            </Table>
            <ListPagination of={pageData} onChange={list.update} />
          </>
        )}
      </ListContent>
    </Card>
  );
}
