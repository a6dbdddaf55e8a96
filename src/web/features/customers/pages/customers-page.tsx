import { can, routePath } from "@shared/access";
import {
  CUSTOMER_PORTAL_FILTERS,
  CUSTOMER_SORTS,
  type CustomerFilter,
  type CustomerListItem,
  type CustomerSort,
  PAYMENT_TERMS_PRESETS,
} from "@shared/customers/customers.schema";
import { Building2, Plus, Upload } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
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
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatMoney, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListParams } from "../../../lib/use-list-params";
import { useRetainedData } from "../../../lib/use-retained-data";
import { type CustomerListQuery, exportCustomers, useCustomers } from "../api/customers";
import { CustomerFormDialog } from "../components/customer-form-dialog";
import { ImportCustomersDialog } from "../components/import-dialog";

const PARAM_DEFAULTS = { q: "", portal: "", terms: "", balance: "", sort: "companyName", dir: "asc" };

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Customers: search, filter, sort and page on the server; add, import and export. */
export default function CustomersPage() {
  const { t } = useTranslation("customers");
  const me = useMe().data;
  const canWrite = can(me ?? null, "customers:write");
  const navigate = useNavigate();
  const { values, page, pageSize, update } = useListParams(PARAM_DEFAULTS);
  const sort: CustomerSort = oneOf(CUSTOMER_SORTS, values.sort) ?? "companyName";
  const dir: SortDir = values.dir === "desc" ? "desc" : "asc";
  const terms = /^\d{1,3}$/.test(values.terms) ? Number(values.terms) : undefined;
  const filter: Partial<CustomerFilter> = {
    q: values.q || undefined,
    portal: oneOf(CUSTOMER_PORTAL_FILTERS, values.portal),
    paymentTermsDays: terms,
    balance: values.balance === "open" ? "open" : undefined,
    sort,
    dir,
  };
  const query: CustomerListQuery = { ...filter, page, pageSize };
  const customers = useCustomers(query);
  useErrorToast(customers, t("list.fetchFailed"));
  const { data, retained } = useRetainedData(customers);

  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: CustomerSort, nextDir: SortDir) => update({ sort: column, dir: nextDir });
  const filtered = !!(filter.q || filter.portal || filter.paymentTermsDays !== undefined || filter.balance);
  const activeFilters = [filter.portal, filter.paymentTermsDays !== undefined, filter.balance].filter(
    Boolean,
  ).length;
  const clear = () => update({ q: null, portal: null, terms: null, balance: null });

  const columns = {
    company: t("fields.companyName"),
    contact: t("list.contact"),
    terms: t("fields.paymentTermsDays"),
    creditLimit: t("fields.creditLimit"),
    openBalance: t("fields.openBalance"),
    loads: t("fields.loads"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <>
            <ExportMenu
              testId="export-customers"
              filtered={filtered}
              run={(format) => exportCustomers(format, filter)}
              heading={{ all: t("list.exportAll"), filtered: t("list.exportFiltered") }}
            />
            {canWrite ? (
              <>
                <Button
                  variant="outline"
                  className="flex-1 sm:flex-none"
                  onClick={() => setImporting(true)}
                  data-testid="import-customers"
                >
                  <Upload aria-hidden />
                  {t("list.import")}
                </Button>
                <Button
                  className="flex-1 sm:flex-none"
                  onClick={() => setCreating(true)}
                  data-testid="new-customer"
                >
                  <Plus aria-hidden />
                  {t("list.new")}
                </Button>
              </>
            ) : null}
          </>
        }
      />

      <Card className="overflow-hidden">
        <ListToolbar
          search={values.q}
          onSearch={onSearch}
          searchLabel={t("list.searchLabel")}
          searchHint={t("list.searchHint")}
          activeFilters={activeFilters}
          filtered={filtered}
          onClear={clear}
          updating={!!(customers.isFetching && data)}
        >
          <Select
            aria-label={t("list.filters.portal")}
            value={filter.portal ?? ""}
            onChange={(e) => update({ portal: e.target.value })}
            className="lg:w-auto"
            data-testid="filter-portal"
          >
            <option value="">{t("list.filters.anyPortal")}</option>
            {CUSTOMER_PORTAL_FILTERS.map((p) => (
              <option key={p} value={p}>
                {t(`list.filters.portal_${p}`)}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t("list.filters.terms")}
            value={values.terms}
            onChange={(e) => update({ terms: e.target.value })}
            className="lg:w-auto"
          >
            <option value="">{t("list.filters.anyTerms")}</option>
            {PAYMENT_TERMS_PRESETS.map((days) => (
              <option key={days} value={String(days)}>
                {days === 0 ? t("terms.onReceipt") : t("terms.net", { days })}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t("list.filters.balance")}
            value={filter.balance ?? ""}
            onChange={(e) => update({ balance: e.target.value })}
            className="lg:w-auto"
          >
            <option value="">{t("list.filters.anyBalance")}</option>
            <option value="open">{t("list.filters.openBalance")}</option>
          </Select>
          <SortSelect
            label={t("list.sortBy")}
            columns={CUSTOMER_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            optionLabel={(column, d) =>
              t("list.sortOption", { field: t(`list.sorts.${column}`), dir: t(`list.dir.${d}`) })
            }
          />
        </ListToolbar>

        <ListContent
          query={customers}
          data={data}
          errorTitle={t("list.fetchFailed")}
          empty={
            <EmptyState
              title={t(filtered ? "list.empty.filteredTitle" : "list.empty.title")}
              description={t(filtered ? "list.empty.filteredText" : "list.empty.text")}
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={clear}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : canWrite ? (
                  <Button size="sm" onClick={() => setCreating(true)}>
                    <Plus aria-hidden />
                    {t("list.new")}
                  </Button>
                ) : null
              }
            />
          }
        >
          {(page) => (
            <>
              <Table className={stacked.table} aria-label={t("list.title")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader
                      column="companyName"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="pl-4"
                    >
                      {columns.company}
                    </SortableHeader>
                    <SortableHeader column="name" sort={sort} dir={dir} onSort={onSort}>
                      {columns.contact}
                    </SortableHeader>
                    <SortableHeader column="paymentTermsDays" sort={sort} dir={dir} onSort={onSort}>
                      {columns.terms}
                    </SortableHeader>
                    <SortableHeader
                      column="creditLimit"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="text-right [&>button]:ml-auto"
                    >
                      {columns.creditLimit}
                    </SortableHeader>
                    <SortableHeader
                      column="openBalance"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="text-right [&>button]:ml-auto"
                    >
                      {columns.openBalance}
                    </SortableHeader>
                    <Th className="pr-4 text-right">{columns.loads}</Th>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {page.items.map((c) => (
                    <CustomerRow key={c.id} customer={c} columns={columns} />
                  ))}
                </TBody>
              </Table>
              <ListPagination of={page} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>

      {canWrite ? (
        <>
          <CustomerFormDialog
            open={creating}
            onOpenChange={setCreating}
            onSaved={(saved) => navigate(routePath("customerDetail", { customerId: saved.id }))}
          />
          <ImportCustomersDialog open={importing} onOpenChange={setImporting} />
        </>
      ) : null}
    </div>
  );
}

function CustomerRow({
  customer: c,
  columns,
}: {
  customer: CustomerListItem;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation("customers");
  const owes = Number(c.openBalance) > 0;
  return (
    <Tr className={cn(stacked.row, "relative")} data-testid={`customer-row-${c.id}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center gap-2">
          <Building2 className="size-4 shrink-0 text-slate-400 max-lg:hidden" aria-hidden />
          <Link
            to={routePath("customerDetail", { customerId: c.id })}
            className="truncate font-medium text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {c.companyName}
          </Link>
          {c.hasPortalAccount ? <Badge tone="info">{t("list.portalBadge")}</Badge> : null}
        </div>
        {c.address ? <p className="mt-0.5 truncate text-xs text-slate-500 lg:max-w-72">{c.address}</p> : null}
      </Td>
      <Td data-label={columns.contact} className={stacked.cell}>
        <span className="grid min-w-0 text-right lg:text-left">
          <span className="truncate text-slate-800">{c.name}</span>
          <span className="truncate text-xs text-slate-500">
            {[c.email, c.phone].filter(Boolean).join(" · ")}
          </span>
        </span>
      </Td>
      <Td data-label={columns.terms} className={cn(stacked.cell, "whitespace-nowrap")}>
        {c.paymentTermsDays === 0 ? t("terms.onReceipt") : t("terms.net", { days: c.paymentTermsDays })}
      </Td>
      <Td data-label={columns.creditLimit} className={cn(stacked.cell, "text-right tabular-nums")}>
        {c.creditLimit ? (
          formatMoney(c.creditLimit)
        ) : (
          <span className="text-slate-400">{t("list.noLimit")}</span>
        )}
      </Td>
      <Td
        data-label={columns.openBalance}
        className={cn(
          stacked.cell,
          "text-right tabular-nums",
          owes ? "font-medium text-slate-900" : "text-slate-500",
        )}
      >
        {formatMoney(c.openBalance)}
      </Td>
      <Td data-label={columns.loads} className={cn(stacked.cell, "pr-4 text-right tabular-nums")}>
        {formatNumber(c.loadCount)}
      </Td>
    </Tr>
  );
}
