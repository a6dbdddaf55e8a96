import { can, routePath } from "@shared/access";
import {
  CUSTOMER_PORTAL_FILTERS,
  CUSTOMER_SORTS,
  type CustomerListItem,
  customerListQuerySchema,
  PAYMENT_TERMS_PRESETS,
} from "@shared/customers/customers.schema";
import { Building2, Plus, Upload } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { AFTER_CREATE } from "../../../lib/focus-heading";
import { formatMoney, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportCustomers, useCustomers } from "../api/customers";

const CustomerFormDialog = lazyDialog(() =>
  import("../components/customer-form-dialog").then((m) => m.CustomerFormDialog),
);
const ImportCustomersDialog = lazyDialog(() =>
  import("../components/import-dialog").then((m) => m.ImportCustomersDialog),
);

const FILTERS = ["portal", "paymentTermsDays", "balance"] as const;

/** Customers: search, filter, sort and page on the server; add, import and export. */
export default function CustomersPage() {
  const { t } = useTranslation("customers");
  const me = useMe().data;
  const canWrite = can(me ?? null, "customers:write");
  const navigate = useNavigate();
  const list = useListScreen(customerListQuerySchema, useCustomers, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
  });
  const { filter, update } = list;

  const [creating, setCreating] = useState(false);
  useCreateParam(() => setCreating(true), canWrite);
  const [importing, setImporting] = useState(false);

  return (
    <ListPage
      title={t("list.title")}
      description={t("list.description")}
      exportMenu={{
        testId: "export-customers",
        filtered: list.filtered,
        run: (format) => exportCustomers(format, filter),
        heading: { all: t("list.exportAll"), filtered: t("list.exportFiltered") },
      }}
      actions={
        canWrite ? (
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
        ) : null
      }
    >
      <ListPanel
        list={list}
        search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
        filters={
          <>
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
              value={filter.paymentTermsDays ?? ""}
              onChange={(e) => update({ paymentTermsDays: e.target.value })}
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
          </>
        }
        sortMenu={{
          columns: CUSTOMER_SORTS,
          field: (column) => t(`list.sorts.${column}`),
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          ...emptyCopy(t, "list.empty"),
          action: canWrite ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              {t("list.new")}
            </Button>
          ) : null,
        }}
        tableLabel={t("list.title")}
        columns={[
          { key: "company", label: t("fields.companyName"), sort: "companyName", className: "pl-4" },
          { key: "contact", label: t("list.contact"), sort: "name" },
          { key: "terms", label: t("fields.paymentTermsDays"), sort: "paymentTermsDays" },
          {
            key: "creditLimit",
            label: t("fields.creditLimit"),
            sort: "creditLimit",
            className: "text-right [&>button]:ml-auto",
          },
          {
            key: "openBalance",
            label: t("fields.openBalance"),
            sort: "openBalance",
            className: "text-right [&>button]:ml-auto",
          },
          { key: "loads", label: t("fields.loads"), className: "pr-4 text-right" },
        ]}
        row={(c, _page, labels) => <CustomerRow customer={c} columns={labels} />}
      />

      {canWrite ? (
        <>
          <CustomerFormDialog
            open={creating}
            onOpenChange={setCreating}
            onSaved={(saved) =>
              navigate(routePath("customerDetail", { customerId: saved.id }), { state: AFTER_CREATE })
            }
          />
          <ImportCustomersDialog open={importing} onOpenChange={setImporting} />
        </>
      ) : null}
    </ListPage>
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
          <Building2 className="size-4 shrink-0 text-slate-500 max-lg:hidden" aria-hidden />
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
          <span className="text-slate-500">{t("list.noLimit")}</span>
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
