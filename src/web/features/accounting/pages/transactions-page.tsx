import { canOpen as mayOpen, type RouteKey, routePath } from "@shared/access";
import {
  LEDGER_CATEGORIES,
  LEDGER_DIRECTIONS,
  LEDGER_SORTS,
  LEDGER_SOURCES,
  LEDGER_STATES,
  LEDGER_TOTALS_EXACT_LIMIT,
  type LedgerEntry,
  ledgerListQuerySchema,
} from "@shared/accounting/ledger.schema";
import { Ban, ExternalLink, FileText, Paperclip, Pencil, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { ListTabs } from "../../../components/list/list-tabs";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem, DropdownMenuLabel } from "../../../components/ui/dropdown-menu";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { formatDate, formatMoney, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useAccountingMessages } from "../accounting-messages";
import { exportLedger, receiptUrl, useAttachReceipt, useLedger } from "../api/ledger";

const LedgerEntryDialog = lazyDialog(() =>
  import("../components/ledger-entry-dialog").then((m) => m.LedgerEntryDialog),
);
const VoidEntryDialog = lazyDialog(() =>
  import("../components/void-entry-dialog").then((m) => m.VoidEntryDialog),
);

const FILTERS = ["category", "source", "state", "vehicleId", "driverId", "from", "to"] as const;

/** Where a source row's record lives, and the route that decides who may open it. */
const SOURCE_ROUTES: Record<NonNullable<LedgerEntry["sourceLink"]>["kind"], RouteKey> = {
  invoice: "customerInvoices",
  load: "loadDetail",
  vehicle: "vehicleDetail",
  citation: "citations",
  tolls: "tolls",
  fuel: "fuelEntries",
  parking: "parking",
};
function sourceHref(link: NonNullable<LedgerEntry["sourceLink"]>): string {
  switch (link.kind) {
    case "invoice":
      return `${routePath("customerInvoices")}?invoice=${encodeURIComponent(link.id)}`;
    case "load":
      return routePath("loadDetail", { loadId: link.id });
    case "vehicle":
      return routePath("vehicleDetail", { vehicleId: link.id });
    default:
      return routePath(SOURCE_ROUTES[link.kind]);
  }
}

/** /accounting/transactions: the ledger of every movement of money in and out. */
export default function TransactionsPage() {
  const { t } = useTranslation("accounting");
  const messages = useAccountingMessages();
  const me = useMe().data;
  // The direction is the tabs' choice: the toolbar's "Clear filters" keeps it.
  const list = useListScreen(ledgerListQuerySchema, useLedger, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
  });
  const { filter, update, data } = list;
  // Past LEDGER_TOTALS_EXACT_LIMIT matches a search's count and sums are estimated (issue 42).
  const estimated = data?.totalIsEstimate ? t("totals.estimated") : undefined;

  const [editing, setEditing] = useState<LedgerEntry | null | undefined>(undefined);
  const [voiding, setVoiding] = useState<LedgerEntry | null>(null);
  useCreateParam(() => setEditing(null), true);
  const attach = useAttachReceipt();
  const fileInput = useRef<HTMLInputElement>(null);
  const [attachTo, setAttachTo] = useState<string | null>(null);

  const chooseReceipt = (id: string) => {
    setAttachTo(id);
    fileInput.current?.click();
  };
  const onReceipt = (file: File | undefined) => {
    if (!file || !attachTo) return;
    attach.mutate(
      { id: attachTo, file },
      {
        onSuccess: () => notify({ title: t("receipt.done"), variant: "success" }),
        onError: (error) =>
          notify({ title: t("receipt.failed"), description: messages.error(error), variant: "error" }),
      },
    );
    if (fileInput.current) fileInput.current.value = "";
  };

  const cols = {
    date: t("list.columns.date"),
    what: t("list.columns.what"),
    details: t("list.columns.details"),
    links: t("list.columns.links"),
    source: t("list.columns.source"),
    amount: t("list.columns.amount"),
  };
  const canOpen = (link: LedgerEntry["sourceLink"]) => !!link && mayOpen(me, SOURCE_ROUTES[link.kind]);
  const signedMoney = (e: Pick<LedgerEntry, "direction" | "amount">) =>
    `${e.direction === "expense" ? "−" : "+"}${formatMoney(e.amount)}`;

  return (
    <ListPage
      title={t("ledger.title")}
      description={t("ledger.description")}
      exportMenu={{
        testId: "export-ledger",
        filtered: list.filtered || !!filter.direction,
        run: (format) => exportLedger(format, filter),
        heading: { all: t("list.exportAll"), filtered: t("list.exportFiltered") },
      }}
      actions={
        <Button
          className="flex-1 sm:flex-none"
          onClick={() => setEditing(null)}
          data-testid="new-ledger-entry"
        >
          <Plus aria-hidden />
          {t("form.new")}
        </Button>
      }
    >
      {data ? (
        <section
          aria-label={t("totals.label")}
          className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4"
          data-testid="ledger-totals"
          data-estimate={data.totalIsEstimate || undefined}
        >
          <SummaryTile
            label={t("totals.income")}
            value={formatMoney(data.totals.income)}
            hint={estimated}
            onClick={() => update({ direction: filter.direction === "income" ? null : "income" })}
            active={filter.direction === "income"}
            testId="total-income"
          />
          <SummaryTile
            label={t("totals.expense")}
            value={formatMoney(data.totals.expense)}
            hint={estimated}
            onClick={() => update({ direction: filter.direction === "expense" ? null : "expense" })}
            active={filter.direction === "expense"}
            testId="total-expense"
          />
          <SummaryTile
            label={t("totals.net")}
            value={formatMoney(data.totals.net)}
            hint={estimated}
            tone={data.totals.net.startsWith("-") ? "danger" : "neutral"}
            testId="total-net"
          />
          <SummaryTile
            label={t("totals.count")}
            value={
              data.totalIsEstimate
                ? t("totals.about", { value: formatNumber(data.total) })
                : formatNumber(data.total)
            }
            hint={
              data.totalIsEstimate
                ? t("totals.estimatedWhy", { limit: formatNumber(LEDGER_TOTALS_EXACT_LIMIT) })
                : undefined
            }
            testId="total-count"
          />
        </section>
      ) : null}

      <ListPanel
        list={list}
        tabs={
          <ListTabs
            list={list}
            name="direction"
            values={["all", ...LEDGER_DIRECTIONS]}
            fallback="all"
            label={t("list.tabs")}
            tabLabel={(d) => (d === "all" ? t("list.all") : t(`directions.${d}`))}
          />
        }
        search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
        filters={
          <>
            <FilterGroup
              list={list}
              words={(word) => t(`list.filters.${word}`)}
              statuses={[
                {
                  name: "category",
                  options: LEDGER_CATEGORIES,
                  label: t("list.filters.category"),
                  all: t("list.filters.allCategories"),
                  optionLabel: (c) => t(`categories.${c}`),
                },
                {
                  name: "source",
                  options: LEDGER_SOURCES,
                  label: t("list.filters.source"),
                  all: t("list.filters.allSources"),
                  optionLabel: (s) => t(`sources.${s}`),
                },
              ]}
            />
            <Select
              aria-label={t("list.filters.state")}
              value={filter.state ?? "posted"}
              onChange={(e) => update({ state: e.target.value === "posted" ? null : e.target.value })}
              className="lg:w-auto"
            >
              {LEDGER_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`states.${s}`)}
                </option>
              ))}
            </Select>
            <FilterGroup
              list={list}
              words={(word) => t(`list.filters.${word}`)}
              vehicle={{ className: "lg:w-40" }}
              driver={{ className: "lg:w-48" }}
              period
            />
          </>
        }
        sortMenu={{
          columns: LEDGER_SORTS,
          field: (column) => t(`list.sorts.${column}`),
          directions: ["desc", "asc"],
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          title: t(filter.direction ? "list.empty.filteredTitle" : "list.empty.title"),
          text: t(filter.direction ? "list.empty.filteredText" : "list.empty.text"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
          action: (
            <Button size="sm" onClick={() => setEditing(null)}>
              <Plus aria-hidden />
              {t("form.new")}
            </Button>
          ),
        }}
        tableLabel={t("ledger.title")}
        columns={[
          { label: cols.date, sort: "occurredOn", className: "pl-4" },
          { label: cols.what, sort: "category" },
          { label: cols.details },
          { label: cols.links },
          { label: cols.source },
          { label: cols.amount, sort: "amount", className: "text-right [&>button]:ml-auto" },
          { label: <span className="sr-only">{t("list.actions")}</span>, className: "pr-4" },
        ]}
        row={(e) => {
          const isVoid = !!e.voidedAt;
          const manual = e.source === "manual";
          return (
            <Tr
              className={cn(stacked.row, isVoid && "text-slate-500")}
              data-testid={`ledger-row-${e.id}`}
              data-void={isVoid || undefined}
            >
              <Td className={cn(stacked.primary, "pl-4")}>
                <div className="flex items-start justify-between gap-3">
                  <span className="grid min-w-0">
                    <time dateTime={e.occurredOn} className="whitespace-nowrap font-medium text-slate-900">
                      {formatDate(e.occurredOn)}
                    </time>
                    <span className="truncate text-sm text-slate-600 lg:hidden">
                      {t(`categories.${e.category}`)}
                      {e.counterparty ? ` · ${e.counterparty}` : ""}
                    </span>
                  </span>
                  <span
                    className={cn(
                      "shrink-0 font-semibold tabular-nums lg:hidden",
                      isVoid
                        ? "line-through"
                        : e.direction === "income"
                          ? "text-emerald-700"
                          : "text-slate-900",
                    )}
                  >
                    {signedMoney(e)}
                  </span>
                </div>
                {isVoid ? (
                  <Badge tone="neutral" className="mt-1">
                    {t("list.voidBadge")}
                  </Badge>
                ) : null}
              </Td>
              <Td data-label={cols.what} className={cn(stacked.cell, "max-lg:hidden")}>
                <span className="grid">
                  <span className="font-medium text-slate-900">{t(`categories.${e.category}`)}</span>
                  <span className="line-clamp-1 max-w-56 text-sm text-slate-600">
                    {e.counterparty || "—"}
                  </span>
                </span>
              </Td>
              <Td data-label={cols.details} className={stacked.cell}>
                <span className="grid min-w-0 max-w-64 max-lg:justify-items-end">
                  {e.reference ? <span className="font-mono text-xs">{e.reference}</span> : null}
                  {e.notes ? <span className="line-clamp-2 text-sm text-slate-600">{e.notes}</span> : null}
                  {isVoid ? (
                    <span className="text-xs text-slate-500" data-testid="void-reason">
                      {e.voidKind === "by_user"
                        ? t("list.voidedBy", { name: e.voidedByName ?? "—", reason: e.voidReason ?? "" })
                        : t("list.voidedBySource")}
                    </span>
                  ) : null}
                  {!e.reference && !e.notes && !isVoid ? "—" : null}
                </span>
              </Td>
              <Td data-label={cols.links} className={cn(stacked.cell, "text-sm")}>
                <span className="grid min-w-0 max-lg:justify-items-end">
                  <span>
                    {[e.vehicleLabel, e.driverName].filter(Boolean).join(" · ") || (e.loadNumber ? "" : "—")}
                  </span>
                  {e.loadNumber ? (
                    <span className="font-mono text-xs text-slate-600">{e.loadNumber}</span>
                  ) : null}
                </span>
              </Td>
              <Td data-label={cols.source} className={stacked.cell}>
                <span className="grid min-w-0 max-lg:justify-items-end">
                  {e.sourceLink && canOpen(e.sourceLink) ? (
                    <Link
                      to={sourceHref(e.sourceLink)}
                      className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
                    >
                      {t(`sources.${e.source}`)}
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                    </Link>
                  ) : (
                    <span className="text-sm">{t(`sources.${e.source}`)}</span>
                  )}
                  {e.paymentMethod ? (
                    <span className="text-xs text-slate-500">{t(`methods.${e.paymentMethod}`)}</span>
                  ) : null}
                </span>
              </Td>
              <Td
                data-label={cols.amount}
                className={cn(
                  stacked.cell,
                  "font-medium tabular-nums max-lg:hidden lg:text-right",
                  isVoid ? "line-through" : e.direction === "income" ? "text-emerald-700" : "text-slate-900",
                )}
              >
                {signedMoney(e)}
              </Td>
              <Td className={cn(stacked.corner, "pr-4 text-right")}>
                <RowMenu label={`${t("list.actions")} ${formatDate(e.occurredOn)} ${e.counterparty}`}>
                  {e.hasReceipt ? (
                    <DropdownMenuItem asChild>
                      <a href={receiptUrl(e.id)} target="_blank" rel="noopener">
                        <FileText aria-hidden />
                        {t("list.viewReceipt")}
                      </a>
                    </DropdownMenuItem>
                  ) : null}
                  {manual && !isVoid ? (
                    <>
                      <DropdownMenuItem onSelect={() => setEditing(e)}>
                        <Pencil aria-hidden />
                        {t("list.edit")}
                      </DropdownMenuItem>
                      <DropdownMenuItem onSelect={() => chooseReceipt(e.id)}>
                        <Paperclip aria-hidden />
                        {t("list.attachReceipt")}
                      </DropdownMenuItem>
                      <DropdownMenuItem onSelect={() => setVoiding(e)} className="text-red-700">
                        <Ban aria-hidden />
                        {t("list.void")}
                      </DropdownMenuItem>
                    </>
                  ) : null}
                  {!manual ? (
                    <DropdownMenuLabel className="max-w-56">{t("list.editAtSource")}</DropdownMenuLabel>
                  ) : null}
                </RowMenu>
              </Td>
            </Tr>
          );
        }}
      />

      <input
        ref={fileInput}
        type="file"
        accept="application/pdf,image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="ledger-receipt-input"
        onChange={(ev) => onReceipt(ev.target.files?.[0])}
      />
      <LedgerEntryDialog
        open={editing !== undefined}
        entry={editing ?? null}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
      <VoidEntryDialog entry={voiding} open={!!voiding} onOpenChange={(o) => !o && setVoiding(null)} />
    </ListPage>
  );
}
