import { can } from "@shared/access";
import {
  MAINTENANCE_ITEM_STATUSES,
  MAINTENANCE_SOURCES,
  SERVICE_TYPES,
} from "@shared/fleet/maintenance.constants";
import {
  ASSET_TYPES,
  MAINTENANCE_SORTS,
  type MaintenanceItem,
  maintenanceFilterSchema,
} from "@shared/fleet/maintenance.schema";
import {
  CircleCheck,
  ClipboardPlus,
  Download,
  MoreHorizontal,
  Pencil,
  Trash2,
  Wrench,
  X,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DateRangeFilter } from "../../../components/list/date-range-filter";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { formatDay, formatMoney, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportMaintenance, receiptUrl, useDeleteMaintenance, useMaintenance } from "../api/fleet";
import { ItemStatusBadge } from "../components/fleet-badges";
import { InspectionOriginText } from "../components/inspection-origin";
import { useFleetMessages } from "../fleet-messages";

const CompleteMaintenanceDialog = lazyDialog(() =>
  import("../components/complete-maintenance-dialog").then((m) => m.CompleteMaintenanceDialog),
);
const MaintenanceFormDialog = lazyDialog(() =>
  import("../components/maintenance-form-dialog").then((m) => m.MaintenanceFormDialog),
);

type Dialog =
  | { kind: "new"; status: "open" | "completed" }
  | { kind: "edit"; item: MaintenanceItem }
  | { kind: "complete"; item: MaintenanceItem }
  | { kind: "delete"; item: MaintenanceItem };

const FILTERS = [
  "status",
  "serviceType",
  "assetType",
  "source",
  "vehicleId",
  "trailerId",
  "from",
  "to",
] as const;

/** The maintenance log: every service and open defect of the fleet (drivers: their own truck and trailer). */
export default function MaintenancePage() {
  const { t } = useTranslation("fleet");
  const me = useMe().data;
  const driver = me?.role === "driver";
  const messages = useFleetMessages();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useCreateParam(
    (form) => setDialog({ kind: "new", status: form === "defect" ? "open" : "completed" }),
    can(me ?? null, "maintenance:log"),
  );
  const remove = useDeleteMaintenance();

  const list = useListScreen(maintenanceFilterSchema, useMaintenance, {
    filters: FILTERS,
    fetchFailed: t("maintenance.fetchFailed"),
  });
  const { filter, update, data, filtered } = list;
  const oneAsset = filter.vehicleId || filter.trailerId;
  const assetName = oneAsset ? data?.items[0]?.assetLabel : undefined;
  const columns = {
    date: t("fields.serviceDate"),
    asset: t("fields.asset"),
    service: t("fields.serviceType"),
    status: t("fields.itemStatus"),
    odometer: t("fields.odometer"),
    cost: t("fields.cost"),
    vendor: t("fields.vendor"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t("maintenance.title")}
        description={t(driver ? "maintenance.driverDescription" : "maintenance.description")}
        actions={
          <>
            <ExportMenu
              filtered={filtered}
              run={(format) => exportMaintenance(format, filter)}
              testId="export-maintenance"
              heading={{ all: t("export.all"), filtered: t("export.filtered") }}
            />
            {can(me ?? null, "maintenance:log") ? (
              <>
                <Button
                  variant="outline"
                  className="flex-1 sm:flex-none"
                  onClick={() => setDialog({ kind: "new", status: "open" })}
                  data-testid="report-defect"
                >
                  <ClipboardPlus aria-hidden />
                  {t("maintenance.report")}
                </Button>
                <Button
                  className="flex-1 sm:flex-none"
                  onClick={() => setDialog({ kind: "new", status: "completed" })}
                  data-testid="log-maintenance"
                >
                  <Wrench aria-hidden />
                  {t("maintenance.log")}
                </Button>
              </>
            ) : null}
          </>
        }
      />

      <ListPanel
        list={list}
        summary={(page) => (
          <div
            className="flex flex-wrap gap-x-6 gap-y-1 border-b border-slate-100 px-4 py-2.5 text-sm text-slate-600"
            data-testid="maintenance-totals"
          >
            <span>
              {t("maintenance.totalCost")}:{" "}
              <strong className="text-slate-900">{formatMoney(page.totalCost)}</strong>
            </span>
            <span>
              {t("maintenance.openCount")}:{" "}
              <strong className="text-slate-900">{formatNumber(page.openCount)}</strong>
            </span>
          </div>
        )}
        search={{ label: t("maintenance.searchLabel"), hint: t("maintenance.searchHint") }}
        filters={
          <>
            {oneAsset ? (
              <Badge tone="info" className="h-8 gap-1 px-3 text-sm sm:col-span-2" data-testid="asset-filter">
                {t("maintenance.onlyAsset", { asset: assetName ?? t("maintenance.thisAsset") })}
                <button
                  type="button"
                  className="rounded p-0.5 hover:bg-brand-200"
                  onClick={() => update({ vehicleId: null, trailerId: null })}
                  aria-label={t("maintenance.allAssets")}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </Badge>
            ) : null}
            <Select
              aria-label={t("fields.itemStatus")}
              value={filter.status ?? ""}
              onChange={(e) => update({ status: e.target.value })}
              className="lg:w-auto"
              data-testid="filter-status"
            >
              <option value="">{t("filters.anyItemStatus")}</option>
              {MAINTENANCE_ITEM_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`itemStatus.${s}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t("fields.serviceType")}
              value={filter.serviceType ?? ""}
              onChange={(e) => update({ serviceType: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("filters.anyService")}</option>
              {SERVICE_TYPES.map((s) => (
                <option key={s} value={s}>
                  {t(`serviceTypes.${s}`)}
                </option>
              ))}
            </Select>
            {!driver ? (
              <>
                <Select
                  aria-label={t("fields.assetType")}
                  value={filter.assetType ?? ""}
                  onChange={(e) => update({ assetType: e.target.value })}
                  className="lg:w-auto"
                >
                  <option value="">{t("filters.anyAsset")}</option>
                  {ASSET_TYPES.map((a) => (
                    <option key={a} value={a}>
                      {t(`assetTypesPlural.${a}`)}
                    </option>
                  ))}
                </Select>
                <Select
                  aria-label={t("fields.source")}
                  value={filter.source ?? ""}
                  onChange={(e) => update({ source: e.target.value })}
                  className="lg:w-auto"
                >
                  <option value="">{t("filters.anySource")}</option>
                  {MAINTENANCE_SOURCES.map((s) => (
                    <option key={s} value={s}>
                      {t(`sources.${s}`)}
                    </option>
                  ))}
                </Select>
              </>
            ) : null}
            <DateRangeFilter
              from={filter.from}
              to={filter.to}
              label={(edge) => t(`filters.${edge}`)}
              onChange={update}
            />
          </>
        }
        sortMenu={{
          columns: MAINTENANCE_SORTS,
          field: (column) => t(`sorts.${column}`),
        }}
        errorTitle={t("maintenance.fetchFailed")}
        empty={{
          title: t("maintenance.empty"),
          text: t(driver ? "maintenance.emptyDriverText" : "maintenance.emptyText"),
          filteredTitle: t("list.emptyFiltered"),
          filteredText: t("list.emptyFilteredText"),
        }}
        tableLabel={t("maintenance.title")}
        columns={[
          { label: columns.date, sort: "serviceDate", className: "pl-4" },
          { label: columns.asset, sort: "asset" },
          { label: columns.service, sort: "serviceType" },
          { label: columns.status, sort: "status" },
          { label: columns.odometer, sort: "odometer", className: "text-right [&>button]:ml-auto" },
          { label: columns.cost, sort: "cost", className: "text-right [&>button]:ml-auto" },
          { label: columns.vendor },
          { label: <span className="sr-only">{t("list.actions")}</span>, className: "pr-4" },
        ]}
        row={(item) => (
          <MaintenanceRow
            item={item}
            columns={columns}
            canLog={can(me ?? null, "maintenance:log")}
            onAction={(kind) => setDialog({ kind, item })}
          />
        )}
      />

      {dialog?.kind === "new" ? (
        <MaintenanceFormDialog
          staff={!driver}
          defaultStatus={dialog.status}
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "edit" ? (
        <MaintenanceFormDialog
          staff={!driver}
          item={dialog.item}
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "complete" ? (
        <CompleteMaintenanceDialog item={dialog.item} onOpenChange={(open) => !open && setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t("maintenance.deleteTitle")}
        description={
          dialog?.kind === "delete"
            ? t("maintenance.deleteText", {
                service: t(`serviceTypes.${dialog.item.serviceType}`),
                asset: dialog.item.assetLabel,
                date: formatDay(dialog.item.serviceDate),
              })
            : undefined
        }
        confirmLabel={t("common:actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          dialog?.kind === "delete" &&
          remove.mutate(dialog.item.id, {
            onSuccess: (res) => {
              notify({
                title: t("maintenance.deleted"),
                description: dialog.item.assetLabel,
                variant: "success",
              });
              if (res.vehicleStatus)
                notify({
                  title: t("maintenance.vehicleStatusChanged"),
                  description: t(`status.${res.vehicleStatus}`),
                });
              setDialog(null);
            },
            onError: (error) =>
              notify({
                title: t("maintenance.deleteFailed"),
                description: messages.error(error),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}

function MaintenanceRow({
  item,
  columns,
  canLog,
  onAction,
}: {
  item: MaintenanceItem;
  columns: Record<string, string>;
  canLog: boolean;
  onAction: (kind: "edit" | "complete" | "delete") => void;
}) {
  const { t } = useTranslation("fleet");
  const canComplete = item.status === "open" && canLog;
  const hasMenu = canComplete || item.canEdit || item.canDelete || !!item.receipt;
  return (
    <Tr className={cn(stacked.row, "align-top")} data-testid={`maintenance-row-${item.id}`}>
      <Td className={cn(stacked.primary, "pl-4 lg:whitespace-nowrap")}>
        <div className="flex items-center justify-between gap-2 lg:block">
          <span className="font-medium text-slate-900">{formatDay(item.serviceDate)}</span>
          <span className="lg:hidden">
            <ItemStatusBadge status={item.status} />
          </span>
        </div>
        <p className="text-sm text-slate-600 lg:hidden">
          {t(`assetTypes.${item.assetType}`)} {item.assetLabel} · {t(`serviceTypes.${item.serviceType}`)}
        </p>
      </Td>
      <Td data-label={columns.asset} className={cn(stacked.cell, "max-lg:hidden")}>
        <span className="grid">
          <span className="font-medium text-slate-900">
            {t(`assetTypes.${item.assetType}`)} {item.assetLabel}
          </span>
          <span className="text-xs text-slate-500">{item.assetDescription}</span>
        </span>
      </Td>
      <Td data-label={columns.service} className={cn(stacked.cell, "max-lg:block max-lg:text-left")}>
        <span className="grid max-w-md gap-0.5">
          <span className="font-medium text-slate-900 max-lg:hidden">
            {t(`serviceTypes.${item.serviceType}`)}
          </span>
          {item.origin ? <InspectionOriginText origin={item.origin} compact /> : null}
          {item.notes ? <span className="line-clamp-2 text-sm text-slate-600">{item.notes}</span> : null}
          {item.source === "inspection" ? (
            <Badge tone="info" className="w-fit">
              {t("sources.inspection")}
            </Badge>
          ) : null}
        </span>
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "max-lg:hidden")}>
        <ItemStatusBadge status={item.status} />
      </Td>
      <Td
        data-label={columns.odometer}
        className={cn(stacked.cell, "text-right tabular-nums lg:whitespace-nowrap")}
      >
        {item.odometer !== null ? t("units.miles", { value: formatNumber(item.odometer) }) : "—"}
      </Td>
      <Td
        data-label={columns.cost}
        className={cn(stacked.cell, "text-right tabular-nums lg:whitespace-nowrap")}
      >
        {formatMoney(item.cost)}
      </Td>
      <Td data-label={columns.vendor} className={cn(stacked.cell, "text-slate-700")}>
        {item.vendor || "—"}
      </Td>
      <Td className={cn(stacked.corner, "pr-4 text-right")}>
        {hasMenu ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("list.actionsFor", { item: item.assetLabel })}
              >
                <MoreHorizontal aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {canComplete ? (
                <DropdownMenuItem onSelect={() => onAction("complete")} data-testid="complete-item">
                  <CircleCheck aria-hidden />
                  {t("maintenance.complete")}
                </DropdownMenuItem>
              ) : null}
              {item.canEdit ? (
                <DropdownMenuItem onSelect={() => onAction("edit")}>
                  <Pencil aria-hidden />
                  {t("common:actions.edit")}
                </DropdownMenuItem>
              ) : null}
              {item.receipt ? (
                <DropdownMenuItem asChild>
                  <a href={receiptUrl(item.id)} download={item.receipt.fileName}>
                    <Download aria-hidden />
                    {t("maintenance.downloadReceipt")}
                  </a>
                </DropdownMenuItem>
              ) : null}
              {item.canDelete ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => onAction("delete")} className="text-red-600">
                    <Trash2 aria-hidden />
                    {t("common:actions.delete")}
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </Td>
    </Tr>
  );
}
