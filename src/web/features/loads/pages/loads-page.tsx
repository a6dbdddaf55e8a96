import { can, routePath } from "@shared/access";
import { LOAD_SORTS, LOAD_STATUSES, type LoadListItem, loadFilterSchema } from "@shared/loads/loads.schema";
import { ratePerMile } from "@shared/loads/miles.schema";
import { ArrowRight, PackagePlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ExportMenu } from "../../../components/list/export-menu";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { LoadStatusBadge } from "../../../components/status/load-status-badge";
import { Button } from "../../../components/ui/button";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportLoads, useLoads } from "../api/loads";
import { SavedViews } from "../components/saved-views";

const FILTERS = ["status", "customerId", "driverId", "from", "to"] as const;

/** Loads: staff see and filter every load; a driver sees their own, in a simpler layout. */
export default function LoadsPage() {
  const { t } = useTranslation("loads");
  const me = useMe().data;
  const staff = can(me ?? null, "loads:write");
  const lookups = can(me ?? null, "dispatch:lookups");
  const list = useListScreen(loadFilterSchema, useLoads, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
    narrow: (parsed) => ({
      ...parsed,
      customerId: lookups ? parsed.customerId : undefined,
      driverId: lookups ? parsed.driverId : undefined,
    }),
  });
  const { filter, filtered } = list;

  return (
    <ListPage
      title={t(staff ? "list.title" : "list.driverTitle")}
      description={t(staff ? "list.description" : "list.driverDescription")}
      actions={
        <>
          <SavedViews />
          <ExportMenu
            testId="export-loads"
            filtered={filtered}
            run={(format) => exportLoads(format, filter)}
            heading={{ all: t("list.exportAll"), filtered: t("list.exportFiltered") }}
          />
          {staff ? (
            <Button asChild className="flex-1 sm:flex-none">
              <Link to={routePath("loadNew")} data-testid="new-load">
                <PackagePlus aria-hidden />
                {t("list.new")}
              </Link>
            </Button>
          ) : null}
        </>
      }
    >
      <ListPanel
        list={list}
        search={{
          label: t("list.searchLabel"),
          hint: t(staff ? "list.searchHint" : "list.searchHintDriver"),
        }}
        filters={
          <FilterGroup
            list={list}
            words={(word) => t(`list.filters.${word}`)}
            statuses={[
              {
                name: "status",
                options: LOAD_STATUSES,
                label: t("list.filters.status"),
                all: t("list.filters.allStatuses"),
                optionLabel: (s) => t(`status.${s}`),
                testId: "filter-status",
              },
            ]}
            customer={lookups && { selected: t("list.selected") }}
            driver={lookups && { selected: t("list.selected") }}
            period={{ testIdPrefix: "filter" }}
          />
        }
        sortMenu={{
          columns: LOAD_SORTS.filter((c) => staff || c !== "totalRate"),
          field: (column) => t(`list.sorts.${column}`),
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          title: t(staff ? "list.empty.title" : "list.empty.driverTitle"),
          text: t(staff ? "list.empty.text" : "list.empty.driverText"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
          action: staff ? (
            <Button asChild size="sm">
              <Link to={routePath("loadNew")}>
                <PackagePlus aria-hidden />
                {t("list.new")}
              </Link>
            </Button>
          ) : null,
        }}
        tableLabel={t("list.title")}
        columns={[
          { key: "loadNumber", label: t("fields.loadNumber"), sort: "loadNumber", className: "pl-4" },
          { key: "status", label: t("fields.status"), sort: "status" },
          { key: "customer", label: t("fields.customer") },
          { key: "driver", label: t("fields.driver") },
          { key: "pickup", label: t("fields.pickup"), sort: "pickupAt" },
          { key: "delivery", label: t("fields.delivery"), sort: "deliveryAt" },
          {
            key: "totalRate",
            label: t("fields.totalRate"),
            sort: "totalRate",
            className: "pr-4 text-right [&>button]:ml-auto",
          },
          { key: "miles", label: t("fields.loadedMiles"), className: "pr-4 text-right" },
        ]}
        row={(load, _page, labels) => <LoadRow load={load} staff={staff} columns={labels} />}
      />
    </ListPage>
  );
}

function LoadRow({
  load,
  staff,
  columns,
}: {
  load: LoadListItem;
  staff: boolean;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation("loads");
  const perMile = ratePerMile(load.totalRate, load.loadedMiles);
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid={`load-row-${load.loadNumber}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          {/* The link's overlay makes the whole row (or card) open the load. */}
          <Link
            to={routePath("loadDetail", { loadId: load.id })}
            className="whitespace-nowrap font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {load.loadNumber}
          </Link>
          <span className="lg:hidden">
            <LoadStatusBadge status={load.status} />
          </span>
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 lg:hidden">
          <span className="truncate">
            {load.pickupCity}, {load.pickupState}
          </span>
          <ArrowRight className="size-3.5 shrink-0 text-slate-500" aria-hidden />
          <span className="truncate">
            {load.deliveryCity}, {load.deliveryState}
          </span>
        </p>
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "max-lg:hidden")}>
        <LoadStatusBadge status={load.status} />
      </Td>
      {staff ? (
        <Td data-label={columns.customer} className={cn(stacked.cell, "text-slate-700")}>
          <span className="truncate">{load.customerName ?? "—"}</span>
        </Td>
      ) : null}
      {staff ? (
        <Td data-label={columns.driver} className={cn(stacked.cell, "text-slate-700")}>
          {load.driverName ? (
            <span className="truncate">{load.driverName}</span>
          ) : (
            <span className="text-slate-500">{t("list.unassigned")}</span>
          )}
        </Td>
      ) : null}
      <Td data-label={columns.pickup} className={stacked.cell}>
        <Place city={load.pickupCity} state={load.pickupState} at={load.pickupAt} />
      </Td>
      <Td data-label={columns.delivery} className={stacked.cell}>
        <Place city={load.deliveryCity} state={load.deliveryState} at={load.deliveryAt} />
      </Td>
      <Td
        data-label={staff ? columns.totalRate : columns.miles}
        className={cn(stacked.cell, "pr-4 text-right tabular-nums lg:whitespace-nowrap")}
      >
        {staff ? (
          <span className="grid justify-items-end">
            <span className="font-medium text-slate-900">{formatMoney(load.totalRate)}</span>
            {/* $/mi beside the rate (issue 40); "estimated" while the miles are the offline estimate. */}
            {perMile ? (
              <span className="text-xs text-slate-500" data-testid="load-rate-per-mile">
                {t("miles.perMile", { value: formatMoney(perMile) })}
              </span>
            ) : null}
            {perMile && load.milesSource === "estimated" ? (
              <span className="text-xs text-amber-700">{t("miles.estimated")}</span>
            ) : null}
          </span>
        ) : load.loadedMiles !== null ? (
          <>
            {t("units.miles", { value: formatNumber(load.loadedMiles) })}
            {load.milesSource === "estimated" ? (
              <span className="block text-xs text-slate-500">{t("miles.estimated")}</span>
            ) : null}
          </>
        ) : (
          "—"
        )}
      </Td>
    </Tr>
  );
}

function Place({ city, state, at }: { city: string; state: string; at: string }) {
  return (
    <span className="grid min-w-0 lg:min-w-36">
      <span className="truncate text-slate-900 max-lg:hidden">
        {city}, {state}
      </span>
      <time
        dateTime={at}
        className="whitespace-nowrap text-xs text-slate-500 max-lg:text-sm max-lg:text-slate-700"
      >
        {formatDateTime(at)}
      </time>
    </span>
  );
}
