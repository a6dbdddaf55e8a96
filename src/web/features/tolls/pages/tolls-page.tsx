import { routePath } from "@shared/access";
import {
  TOLL_MATCH_FILTERS,
  TOLL_SORTS,
  TOLL_SOURCES,
  type Toll,
  tollListQuerySchema,
} from "@shared/tolls/tolls.schema";
import { Pencil, Plus, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { ListTabs } from "../../../components/list/list-tabs";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportTolls, useDeleteToll, useTolls } from "../api/tolls";
import { useTollMessages } from "../toll-messages";

const TollFormDialog = lazyDialog(() =>
  import("../components/toll-form-dialog").then((m) => m.TollFormDialog),
);
const TollImportDialog = lazyDialog(() =>
  import("../components/toll-import-dialog").then((m) => m.TollImportDialog),
);

const FILTERS = ["source", "vehicleId", "driverId", "from", "to"] as const;

/** /operations/tolls: every toll, statement imports with a preview, and tolls entered by hand. */
export default function TollsPage() {
  const { t } = useTranslation("tolls");
  const messages = useTollMessages();
  // The match is the tabs' choice: the toolbar's "Clear filters" keeps it, the empty list's clears it.
  const list = useListScreen(tollListQuerySchema, useTolls, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
  });
  const { filter, update, data } = list;

  const [editing, setEditing] = useState<Toll | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<Toll | null>(null);
  const remove = useDeleteToll();

  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify({ title: t("delete.done"), variant: "success" });
        setRemoving(null);
      },
      onError: (error) =>
        notify({ title: t("delete.failed"), description: messages.error(error), variant: "error" }),
    });

  const clearAll = () =>
    update({ q: null, match: null, source: null, vehicleId: null, driverId: null, from: null, to: null });
  const cols = {
    when: t("fields.occurredAt"),
    location: t("fields.location"),
    transponder: t("fields.transponder"),
    vehicle: t("fields.vehicle"),
    driver: t("fields.driver"),
    load: t("fields.load"),
    amount: t("fields.amount"),
  };

  return (
    <ListPage
      title={t("title")}
      description={t("description")}
      exportMenu={{
        testId: "export-tolls",
        filtered: list.filtered || !!filter.match,
        run: (format) => exportTolls(format, filter),
        heading: { all: t("list.exportAll"), filtered: t("list.exportFiltered") },
      }}
      actions={
        <>
          <Button
            variant="outline"
            className="flex-1 sm:flex-none"
            onClick={() => setImporting(true)}
            data-testid="import-tolls"
          >
            <Upload aria-hidden />
            {t("import.open")}
          </Button>
          <Button className="flex-1 sm:flex-none" onClick={() => setEditing(null)} data-testid="new-toll">
            <Plus aria-hidden />
            {t("form.new")}
          </Button>
        </>
      }
    >
      {data ? (
        <dl
          aria-label={t("list.stats.label")}
          className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:max-w-md"
        >
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-slate-500">{t("list.stats.count")}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatNumber(data.total)}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-slate-500">{t("list.stats.amount")}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatMoney(data.totalAmount)}</dd>
          </div>
        </dl>
      ) : null}

      <ListPanel
        list={list}
        tabs={
          <ListTabs
            list={list}
            name="match"
            values={["all", ...TOLL_MATCH_FILTERS]}
            fallback="all"
            label={t("list.tabs")}
            tabLabel={(m) => t(`match.${m}`)}
          />
        }
        search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
        filters={
          <FilterGroup
            list={list}
            words={(word) => t(`list.filters.${word}`)}
            statuses={[
              {
                name: "source",
                options: TOLL_SOURCES,
                label: t("list.filters.source"),
                all: t("list.filters.allSources"),
                optionLabel: (s) => t(`sources.${s}`),
              },
            ]}
            vehicle
            driver
            period
          />
        }
        sortMenu={{
          columns: TOLL_SORTS,
          field: (column) => t(`list.sorts.${column}`),
          directions: ["desc", "asc"],
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          // A tab with nothing in it reads as a filter that matches nothing.
          title: t(filter.match ? "list.empty.filteredTitle" : "list.empty.title"),
          text: t(filter.match ? "list.empty.filteredText" : "list.empty.text"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
          action: filter.match ? (
            <Button variant="outline" size="sm" onClick={clearAll}>
              {t("common:actions.clearFilters")}
            </Button>
          ) : (
            <Button size="sm" onClick={() => setImporting(true)}>
              <Upload aria-hidden />
              {t("import.open")}
            </Button>
          ),
        }}
        tableLabel={t("title")}
        columns={[
          { label: cols.when, sort: "occurredAt", className: "pl-4" },
          { label: cols.location, sort: "location" },
          { label: cols.transponder, sort: "transponder" },
          { label: cols.vehicle },
          { label: cols.driver },
          { label: cols.load },
          { label: cols.amount, sort: "amount", className: "text-right [&>button]:ml-auto" },
          { label: <span className="sr-only">{t("list.actions")}</span>, className: "pr-4" },
        ]}
        row={(toll) => (
          <Tr className={stacked.row} data-testid={`toll-row-${toll.id}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <div className="flex items-start justify-between gap-3">
                <span className="grid min-w-0">
                  <time dateTime={toll.occurredAt} className="whitespace-nowrap font-medium text-slate-900">
                    {formatDateTime(toll.occurredAt)}
                  </time>
                  <span className="truncate text-sm text-slate-600 lg:hidden">{toll.location}</span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums lg:hidden">
                  {formatMoney(toll.amount)}
                </span>
              </div>
              <Badge tone={toll.source === "import" ? "info" : "neutral"} className="mt-1 max-lg:hidden">
                {t(`sources.${toll.source}`)}
              </Badge>
            </Td>
            <Td data-label={cols.location} className={cn(stacked.cell, "max-lg:hidden")}>
              <span className="line-clamp-2 max-w-52">{toll.location}</span>
            </Td>
            <Td data-label={cols.transponder} className={stacked.cell}>
              {toll.transponder ? (
                <span className="font-mono text-xs">{toll.transponder}</span>
              ) : (
                <span className="text-slate-500">{t("list.noTransponder")}</span>
              )}
            </Td>
            <Td data-label={cols.vehicle} className={stacked.cell}>
              {toll.vehicleLabel ? (
                <span className="font-medium">{toll.vehicleLabel}</span>
              ) : (
                <Badge tone="warning" className="whitespace-nowrap">
                  {t("list.unassigned")}
                </Badge>
              )}
            </Td>
            <Td data-label={cols.driver} className={cn(stacked.cell, "text-slate-700")}>
              {toll.driverName ?? "—"}
            </Td>
            <Td data-label={cols.load} className={stacked.cell}>
              {toll.loadId && toll.loadNumber ? (
                <Link
                  to={routePath("loadDetail", { loadId: toll.loadId })}
                  className="whitespace-nowrap font-mono text-sm text-brand-700 hover:underline"
                >
                  {toll.loadNumber}
                </Link>
              ) : (
                "—"
              )}
            </Td>
            <Td
              data-label={cols.amount}
              className={cn(stacked.cell, "font-medium tabular-nums max-lg:hidden lg:text-right")}
            >
              {formatMoney(toll.amount)}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <RowMenu label={`${t("list.actions")} ${toll.location}`}>
                <DropdownMenuItem onSelect={() => setEditing(toll)}>
                  <Pencil aria-hidden />
                  {t("list.edit")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setRemoving(toll)} className="text-red-700">
                  <Trash2 aria-hidden />
                  {t("list.delete")}
                </DropdownMenuItem>
              </RowMenu>
            </Td>
          </Tr>
        )}
      />

      <TollFormDialog
        open={editing !== undefined}
        toll={editing ?? null}
        onOpenChange={(o) => !o && setEditing(undefined)}
      />
      <TollImportDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("delete.title")}
        description={
          removing
            ? t("delete.description", {
                amount: formatMoney(removing.amount),
                location: removing.location,
                date: formatDateTime(removing.occurredAt),
              })
            : undefined
        }
        confirmLabel={t("delete.confirm")}
        destructive
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </ListPage>
  );
}
