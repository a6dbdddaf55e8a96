import { can, canOpen, routePath } from "@shared/access";
import {
  INSPECTION_ASSET_TYPES,
  INSPECTION_SORTS,
  INSPECTION_STATUSES,
  INSPECTION_TYPES,
  type InspectionListItem,
  inspectionFilterSchema,
} from "@shared/inspections/inspections.schema";
import { Camera, ClipboardPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FilterGroup, LookupFilter, PeriodFilter } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { Combobox } from "../../../components/ui/combobox";
import { Select } from "../../../components/ui/input";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { usePickerSearch } from "../../../lib/use-picker-search";
import {
  exportInspections,
  useInspectableAssets,
  useInspectionDrivers,
  useInspections,
} from "../api/inspections";
import { InspectionStatusBadge, useAssetDescription, useAssetName } from "../components/inspection-badges";

const FILTERS = ["status", "type", "assetType", "vehicleId", "trailerId", "driverId", "from", "to"] as const;

/** Inspections: staff see the whole fleet's; a driver sees their own and files new ones from here. */
export default function InspectionsPage() {
  const { t } = useTranslation("inspections");
  const me = useMe().data;
  const staff = can(me ?? null, "inspections:lookups");
  // Filing is a permission of its own (the permissions editor may take it from a role).
  const mayFile = canOpen(me, "inspectionNew");
  const list = useListScreen(inspectionFilterSchema, useInspections, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
    narrow: (parsed) => ({ ...parsed, driverId: staff ? parsed.driverId : undefined }),
  });
  const { filter, update, data, filtered } = list;
  const assetLabel = () =>
    data?.items.find((r) => r.assetId === (filter.vehicleId ?? filter.trailerId))?.assetLabel ??
    t("list.selected");

  return (
    <ListPage
      title={t(staff ? "list.title" : "list.driverTitle")}
      description={t(staff ? "list.description" : "list.driverDescription")}
      exportMenu={{
        testId: "export-inspections",
        filtered,
        run: (format) => exportInspections(format, filter),
        heading: { all: t("list.exportAll"), filtered: t("list.exportFiltered") },
      }}
      actions={
        mayFile ? (
          <Button asChild className="h-11 flex-1 sm:h-10 sm:flex-none">
            <Link to={routePath("inspectionNew")} data-testid="new-inspection">
              <ClipboardPlus aria-hidden />
              {t(staff ? "list.new" : "list.driverNew")}
            </Link>
          </Button>
        ) : null
      }
    >
      <ListPanel
        list={list}
        search={{
          label: t("list.searchLabel"),
          hint: t(staff ? "list.searchHint" : "list.searchHintDriver"),
        }}
        filters={
          <>
            <FilterGroup
              list={list}
              words={(word) => t(`list.filters.${word}`)}
              statuses={[
                {
                  name: "status",
                  options: INSPECTION_STATUSES,
                  label: t("list.filters.status"),
                  all: t("list.filters.allStatuses"),
                  optionLabel: (s) => t(`status.${s}`),
                  testId: "filter-status",
                },
                {
                  name: "type",
                  options: INSPECTION_TYPES,
                  label: t("list.filters.type"),
                  all: t("list.filters.allTypes"),
                  optionLabel: (type) => t(`types.${type}`),
                  testId: "filter-type",
                },
              ]}
            />
            <Select
              aria-label={t("list.filters.assetType")}
              value={filter.assetType ?? ""}
              onChange={(e) => update({ assetType: e.target.value, vehicleId: null, trailerId: null })}
              className="lg:w-auto"
              data-testid="filter-asset-type"
            >
              <option value="">{t("list.filters.allAssetTypes")}</option>
              {INSPECTION_ASSET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`assetTypes.${type}`)}
                </option>
              ))}
            </Select>
            <AssetFilter
              assetType={filter.assetType ?? ""}
              value={filter.vehicleId ?? filter.trailerId ?? null}
              selectedLabel={filter.vehicleId || filter.trailerId ? assetLabel() : undefined}
              onChange={(asset) =>
                update({
                  vehicleId: asset?.assetType === "vehicle" ? asset.id : null,
                  trailerId: asset?.assetType === "trailer" ? asset.id : null,
                })
              }
            />
            {staff ? (
              <LookupFilter
                list={list}
                name="driverId"
                entity="driver"
                selected={t("list.selected")}
                rows={useInspectionDrivers}
                toOption={(d) => ({ value: d.id, label: d.fullName })}
                label={t("list.filters.driver")}
                all={t("list.filters.allDrivers")}
                labels={{
                  search: t("form.searchDrivers"),
                  empty: t("form.noMatch"),
                  failed: t("form.driversFailed"),
                  clear: t("form.clear"),
                }}
                className="lg:w-48"
              />
            ) : null}
            <PeriodFilter list={list} label={(edge) => t(`list.filters.${edge}`)} testIdPrefix="filter" />
          </>
        }
        sortMenu={{
          columns: INSPECTION_SORTS,
          field: (column) => t(`list.sorts.${column}`),
          directions: ["desc", "asc"],
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          title: t(staff ? "list.empty.title" : "list.empty.driverTitle"),
          text: t(staff ? "list.empty.text" : "list.empty.driverText"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
          action: mayFile ? (
            <Button asChild size="sm">
              <Link to={routePath("inspectionNew")}>
                <ClipboardPlus aria-hidden />
                {t(staff ? "list.new" : "list.driverNew")}
              </Link>
            </Button>
          ) : null,
        }}
        tableLabel={t("list.title")}
        columns={[
          { key: "inspectedAt", label: t("fields.inspectedAt"), sort: "inspectedAt", className: "pl-4" },
          { key: "asset", label: t("fields.asset"), sort: "asset" },
          { key: "type", label: t("fields.type"), sort: "type" },
          { key: "status", label: t("fields.overallStatus"), sort: "overallStatus" },
          { key: "inspector", label: t("fields.inspector") },
          { key: "defects", label: t("list.defects"), className: "pr-4 text-right" },
        ]}
        row={(row, _page, labels) => <InspectionRow row={row} columns={labels} staff={staff} />}
      />
    </ListPage>
  );
}

function InspectionRow({
  row,
  columns,
  staff,
}: {
  row: InspectionListItem;
  columns: Record<string, string>;
  /** A driver is the inspector of every row they see: the column is left out. */
  staff: boolean;
}) {
  const { t } = useTranslation("inspections");
  const name = useAssetName();
  const describeAsset = useAssetDescription();
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid="inspection-row">
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          {/* The link's overlay makes the whole row (or card) open the inspection. */}
          <Link
            to={routePath("inspectionDetail", { inspectionId: row.id })}
            className="whitespace-nowrap text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            <time dateTime={row.inspectedAt}>{formatDateTime(row.inspectedAt)}</time>
          </Link>
          <span className="lg:hidden">
            <InspectionStatusBadge status={row.overallStatus} />
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-700 lg:hidden">
          {name(row)} · {t(`types.${row.type}`)}
        </p>
      </Td>
      <Td data-label={columns.asset} className={cn(stacked.cell, "max-lg:hidden")}>
        <span className="grid min-w-0">
          <span className="font-medium text-slate-900">{name(row)}</span>
          <span className="truncate text-xs text-slate-500">
            {describeAsset({ description: row.assetDescription, trailerType: row.trailerType })}
          </span>
        </span>
      </Td>
      <Td
        data-label={columns.type}
        className={cn(stacked.cell, "whitespace-nowrap text-slate-700 max-lg:hidden")}
      >
        {t(`types.${row.type}`)}
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "max-lg:hidden")}>
        <InspectionStatusBadge status={row.overallStatus} />
      </Td>
      {staff ? (
        <Td data-label={columns.inspector} className={cn(stacked.cell, "text-slate-700")}>
          <span className="truncate">{row.inspectorName}</span>
        </Td>
      ) : null}
      <Td data-label={columns.defects} className={cn(stacked.cell, "pr-4 text-right tabular-nums")}>
        <span className="inline-flex items-center gap-2">
          {row.failedItems > 0 ? (
            <span className="font-medium text-red-700">
              {t("list.defectCount", { failed: formatNumber(row.failedItems) })}
            </span>
          ) : (
            <span className="text-slate-500">{t("list.noDefects")}</span>
          )}
          {row.imageCount > 0 ? (
            <span
              className="inline-flex items-center gap-0.5 text-xs text-slate-500"
              title={t("list.photos")}
            >
              <Camera className="size-3.5" aria-hidden />
              <span className="sr-only">{t("list.photos")}</span>
              {formatNumber(row.imageCount)}
            </span>
          ) : null}
        </span>
      </Td>
    </Tr>
  );
}

/** A vehicle or trailer to filter by (a driver's own assets, or a search of the fleet). */
function AssetFilter({
  assetType,
  value,
  selectedLabel,
  onChange,
}: {
  assetType: "vehicle" | "trailer" | "";
  value: string | null;
  selectedLabel?: string;
  onChange: (asset: { id: string; assetType: "vehicle" | "trailer" } | null) => void;
}) {
  const { t } = useTranslation("inspections");
  const { search, setSearch, q, typing } = usePickerSearch();
  const assets = useInspectableAssets(assetType, q);
  const rows = assets.data ?? [];
  return (
    <Combobox
      aria-label={t("list.filters.asset")}
      value={value}
      selectedLabel={selectedLabel}
      onChange={(id) => {
        const row = rows.find((r) => r.id === id);
        onChange(row ? { id: row.id, assetType: row.assetType } : null);
      }}
      options={rows.map((a) => ({
        value: a.id,
        label: t(a.assetType === "vehicle" ? "asset.truckNamed" : "asset.trailerNamed", { label: a.label }),
      }))}
      search={search}
      onSearchChange={setSearch}
      loading={assets.isFetching || typing}
      placeholder={t("list.filters.allAssets")}
      labels={{
        search: t("form.searchAssets"),
        empty: assets.isError ? t("form.assetsFailed") : t("form.noMatch"),
        clear: t("form.clear"),
        loading: t("common:loading"),
      }}
      className="lg:w-48"
    />
  );
}
