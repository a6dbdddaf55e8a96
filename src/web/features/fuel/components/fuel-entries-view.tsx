import { FUEL_ENTRY_TYPES, FUEL_SORTS, type FuelEntry, fuelFilterSchema } from "@shared/fuel/fuel.schema";
import { JURISDICTION_CODES, jurisdictionName } from "@shared/fuel/jurisdictions";
import { Fuel, Paperclip, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FilterGroup, LookupFilter } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { OfflineNotice } from "../../../components/offline-notice";
import { SentLateMark } from "../../../components/status/sent-late-mark";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Td, Tr } from "../../../components/ui/table";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import {
  downloadReceipt,
  exportFuel,
  useDeleteFuelEntry,
  useFuelDrivers,
  useFuelEntries,
  useFuelVehicles,
} from "../api/fuel";
import { formatPricePerGallon } from "../format";
import { useFuelMessages } from "../fuel-messages";

const FILTERS = ["fuelType", "state", "driverId", "vehicleId", "from", "to"] as const;

/**
 * The fuel log as a list: a driver's own entries (/fuel-log) or every driver's (/fleet/fuel), with
 * search, filters, sort, pages, the filtered set's totals and its export.
 */
export function FuelEntriesView({ staff, actions }: { staff: boolean; actions?: ReactNode }) {
  const { t } = useTranslation("fuel");
  const messages = useFuelMessages();
  const list = useListScreen(fuelFilterSchema, useFuelEntries, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
    narrow: (parsed) => ({ ...parsed, driverId: staff ? parsed.driverId : undefined }),
  });
  const { filter, data, filtered } = list;

  const [removing, setRemoving] = useState<FuelEntry | null>(null);
  const remove = useDeleteFuelEntry();
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

  const cols = {
    when: t("fields.fueledAt"),
    driver: t("fields.driver"),
    vehicle: t("fields.vehicleId"),
    location: t("fields.location"),
    fuelType: t("fields.fuelType"),
    odometer: t("fields.odometer"),
    gallons: t("fields.gallons"),
    price: t("fields.pricePerGallon"),
    total: t("fields.totalAmount"),
    receipt: t("list.receipt"),
  };

  return (
    <ListPage
      title={t(staff ? "staffTitle" : "driverTitle")}
      description={t(staff ? "staffDescription" : "driverDescription")}
      exportMenu={{
        testId: "export-fuel",
        filtered,
        run: (format) => exportFuel(format, filter),
        heading: { all: t("list.exportAll"), filtered: t("list.exportFiltered") },
      }}
      actions={actions}
    >
      {staff ? null : <OfflineNotice shown={list.query} />}
      {data ? (
        <dl
          aria-label={t("list.stats.label")}
          className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-center sm:grid-cols-3 sm:text-left"
          data-testid="fuel-totals"
        >
          {(
            [
              ["entries", formatNumber(data.total)],
              ["gallons", formatNumber(data.totals.gallons, 1)],
              ["amount", formatMoney(data.totals.amount)],
            ] as const
          ).map(([key, value]) => (
            // On a phone the amount (the longest figure, "5 279,52 $US") gets a row of its own.
            <div key={key} className={cn("grid min-w-0 gap-0.5", key === "amount" && "max-sm:col-span-2")}>
              <dt className="text-xs font-medium text-slate-500">{t(`list.stats.${key}`)}</dt>
              <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <ListPanel
        list={list}
        search={{ label: t("list.searchLabel"), hint: t(staff ? "list.searchHintStaff" : "list.searchHint") }}
        filters={
          <>
            <FilterGroup
              list={list}
              words={(word) => t(`list.filters.${word}`)}
              statuses={[
                {
                  name: "fuelType",
                  options: FUEL_ENTRY_TYPES,
                  label: t("list.filters.fuelType"),
                  all: t("list.filters.allFuelTypes"),
                  optionLabel: (type) => t(`fuelTypesShort.${type}`),
                },
                {
                  name: "state",
                  options: JURISDICTION_CODES,
                  label: t("list.filters.state"),
                  all: t("list.filters.allStates"),
                  optionLabel: (code) => `${jurisdictionName(code)} (${code})`,
                },
              ]}
            />
            {staff ? (
              <LookupFilter
                list={list}
                name="driverId"
                entity="driver"
                rows={useFuelDrivers}
                toOption={(d) => ({ value: d.id, label: d.fullName })}
                label={t("list.filters.driver")}
                all={t("list.filters.allDrivers")}
                labels={{
                  search: t("list.filters.driver"),
                  empty: t("list.filters.noDrivers"),
                  clear: t("form.clear"),
                }}
                className="lg:w-52"
              />
            ) : null}
            <LookupFilter
              list={list}
              name="vehicleId"
              entity="vehicle"
              rows={useVehicleRows}
              toOption={(v) => ({ value: v.id, label: v.unitNumber, description: v.description })}
              label={t("list.filters.vehicle")}
              all={t("list.filters.allVehicles")}
              labels={{
                search: t("form.searchVehicles"),
                empty: t("form.noVehicles"),
                clear: t("form.clear"),
              }}
              className="lg:w-44"
            />
            <FilterGroup list={list} words={(word) => t(`list.filters.${word}`)} period />
          </>
        }
        sortMenu={{
          columns: FUEL_SORTS,
          field: (column) => t(`list.sorts.${column}`),
          directions: ["desc", "asc"],
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          title: t(staff ? "list.empty.staffTitle" : "list.empty.driverTitle"),
          text: t(staff ? "list.empty.staffText" : "list.empty.driverText"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
        }}
        tableLabel={t(staff ? "staffTitle" : "driverTitle")}
        columns={[
          { label: cols.when, sort: "fueledAt", className: "pl-4" },
          { label: cols.driver },
          { label: cols.vehicle },
          { label: cols.location, sort: "location" },
          { label: cols.odometer, sort: "odometer", className: "text-right [&>button]:ml-auto" },
          { label: cols.gallons, sort: "gallons", className: "text-right [&>button]:ml-auto" },
          { label: cols.total, sort: "totalAmount", className: "text-right [&>button]:ml-auto" },
          { label: <span className="sr-only">{t("list.actions")}</span>, className: "pr-4 text-right" },
        ]}
        row={(entry) => (
          <FuelRow entry={entry} staff={staff} cols={cols} onRemove={() => setRemoving(entry)} />
        )}
      />

      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("delete.title")}
        description={
          removing
            ? t("delete.description", {
                date: formatDateTime(removing.fueledAt),
                location: removing.location,
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

function FuelRow({
  entry,
  staff,
  cols,
  onRemove,
}: {
  entry: FuelEntry;
  staff: boolean;
  cols: Record<string, string>;
  onRemove: () => void;
}) {
  const { t } = useTranslation("fuel");
  const [opening, setOpening] = useState(false);
  const openReceipt = async () => {
    if (!entry.receipt) return;
    setOpening(true);
    try {
      await downloadReceipt(entry.id, entry.receipt.fileName);
    } catch (error) {
      notify({ title: t("list.receiptFailed"), description: describeError(error, t), variant: "error" });
    } finally {
      setOpening(false);
    }
  };
  return (
    <Tr className={stacked.row} data-testid={`fuel-row-${entry.id}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-start justify-between gap-3">
          <span className="grid min-w-0">
            <time dateTime={entry.fueledAt} className="whitespace-nowrap font-medium text-slate-900">
              {formatDateTime(entry.fueledAt)}
            </time>
            {/* Logged offline on the phone and sent later (issue 41). */}
            <SentLateMark record={entry} className="mt-1 w-fit" />
            <span className="truncate text-sm text-slate-600 lg:hidden">
              {entry.location}, {entry.state}
            </span>
          </span>
          <span className="shrink-0 text-base font-semibold tabular-nums text-slate-900 lg:hidden">
            {formatMoney(entry.totalAmount)}
          </span>
        </div>
        <span className="mt-1 hidden lg:block">
          <FuelTypeBadge type={entry.fuelType} />
        </span>
      </Td>
      {staff ? (
        <Td data-label={cols.driver} className={cn(stacked.cell, "text-slate-700 lg:whitespace-nowrap")}>
          {entry.driverName}
        </Td>
      ) : null}
      <Td data-label={cols.vehicle} className={cn(stacked.cell, "text-slate-700")}>
        <span className="inline-flex items-center gap-2">
          <span className="font-medium text-slate-900">{entry.vehicleLabel ?? "—"}</span>
          <span className="lg:hidden">
            <FuelTypeBadge type={entry.fuelType} />
          </span>
        </span>
      </Td>
      <Td data-label={cols.location} className={cn(stacked.cell, "max-lg:hidden")}>
        <span className="grid min-w-0 lg:min-w-48">
          <span className="truncate text-slate-900">{entry.location}</span>
          <span className="text-xs text-slate-500">{entry.state}</span>
        </span>
      </Td>
      <Td data-label={cols.odometer} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
        {t("units.miles", { value: formatNumber(entry.odometer) })}
      </Td>
      <Td data-label={cols.gallons} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
        <span className="grid">
          <span>{t("units.gallons", { value: formatNumber(entry.gallons, 3) })}</span>
          <span className="text-xs text-slate-500">
            {t("units.perGallon", { value: formatPricePerGallon(entry.pricePerGallon) })}
          </span>
        </span>
      </Td>
      <Td
        data-label={cols.total}
        className={cn(stacked.cell, "font-medium tabular-nums text-slate-900 max-lg:hidden lg:text-right")}
      >
        {formatMoney(entry.totalAmount)}
      </Td>
      <Td className="pr-4 max-lg:flex max-lg:items-center max-lg:justify-end max-lg:gap-2 max-lg:p-0 lg:whitespace-nowrap lg:text-right">
        {entry.receipt ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void openReceipt()}
            disabled={opening}
            aria-label={t("list.openReceipt", { name: entry.receipt.fileName })}
            data-testid="fuel-receipt-link"
          >
            {opening ? <Spinner className="text-current" /> : <Paperclip aria-hidden />}
            <span className="lg:sr-only">{t("list.receipt")}</span>
          </Button>
        ) : (
          <span className="px-3 text-xs text-slate-500">{t("list.noReceipt")}</span>
        )}
        {entry.canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={onRemove}
            aria-label={`${t("list.delete")} ${formatDateTime(entry.fueledAt)}`}
          >
            <Trash2 aria-hidden />
            <span className="lg:sr-only">{t("list.delete")}</span>
          </Button>
        ) : null}
      </Td>
    </Tr>
  );
}

function FuelTypeBadge({ type }: { type: FuelEntry["fuelType"] }) {
  const { t } = useTranslation("fuel");
  return (
    <Badge tone={type === "def" ? "info" : type === "unleaded" ? "warning" : "neutral"}>
      <Fuel className="mr-1 size-3" aria-hidden />
      {t(`fuelTypesShort.${type}`)}
    </Badge>
  );
}

/** The fuel log's own vehicle lookup, as the rows a `LookupFilter` searches. */
function useVehicleRows(q: string) {
  const vehicles = useFuelVehicles(q);
  return { ...vehicles, data: vehicles.data?.items };
}
