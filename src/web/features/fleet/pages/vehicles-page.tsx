import { can, routePath } from "@shared/access";
import { FUEL_TYPES, VEHICLE_STATUSES } from "@shared/fleet/fleet.schema";
import { MAINTENANCE_STATUSES } from "@shared/fleet/maintenance.constants";
import { VEHICLE_SORTS, type VehicleListItem, vehicleFilterSchema } from "@shared/fleet/vehicles.schema";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { AFTER_CREATE } from "../../../lib/focus-heading";
import { formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportVehicles, useVehicles } from "../api/fleet";
import { AssetStatusBadge, ExpiryDate, MaintenanceStatusBadge } from "../components/fleet-badges";

const VehicleFormDialog = lazyDialog(() =>
  import("../components/vehicle-form-dialog").then((m) => m.VehicleFormDialog),
);

const FILTERS = ["status", "maintenanceStatus", "fuelType", "alert", "assigned"] as const;

/** Vehicles: staff manage the fleet; a driver sees the truck they drive. */
export default function VehiclesPage() {
  const { t } = useTranslation("fleet");
  const me = useMe().data;
  const driver = me?.role === "driver";
  const canWrite = can(me ?? null, "fleet:write");
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useCreateParam(() => setCreating(true), canWrite);
  const list = useListScreen(vehicleFilterSchema, useVehicles, {
    filters: FILTERS,
    fetchFailed: t("vehicles.fetchFailed"),
  });
  const { filter, update, filtered } = list;

  const columns = {
    unit: t("fields.unitNumber"),
    plate: t("fields.plate"),
    insurance: t("fields.insurance"),
    mileage: t("fields.mileage"),
    maintenance: t("fields.maintenanceStatus"),
    status: t("fields.status"),
    driver: t("fields.assignedDriver"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t(driver ? "vehicles.driverTitle" : "vehicles.title")}
        description={t(driver ? "vehicles.driverDescription" : "vehicles.description")}
        actions={
          <>
            <ExportMenu
              filtered={filtered}
              run={(format) => exportVehicles(format, filter)}
              testId="export-vehicles"
              heading={{ all: t("export.all"), filtered: t("export.filtered") }}
            />
            {canWrite ? (
              <Button
                className="flex-1 sm:flex-none"
                onClick={() => setCreating(true)}
                data-testid="new-vehicle"
              >
                <Plus aria-hidden />
                {t("vehicles.new")}
              </Button>
            ) : null}
          </>
        }
      />

      <ListPanel
        list={list}
        toolbar={!driver}
        search={{ label: t("vehicles.searchLabel"), hint: t("vehicles.searchHint") }}
        filters={
          <>
            <Select
              aria-label={t("fields.maintenanceStatus")}
              value={filter.maintenanceStatus ?? ""}
              onChange={(e) => update({ maintenanceStatus: e.target.value })}
              className="lg:w-auto"
              data-testid="filter-maintenance"
            >
              <option value="">{t("filters.anyMaintenance")}</option>
              {MAINTENANCE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`maintenanceStatus.${s}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t("fields.status")}
              value={filter.status ?? ""}
              onChange={(e) => update({ status: e.target.value })}
              className="lg:w-auto"
              data-testid="filter-status"
            >
              <option value="">{t("filters.anyStatus")}</option>
              {VEHICLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t("filters.papers")}
              value={filter.alert ?? ""}
              onChange={(e) => update({ alert: e.target.value })}
              className="lg:w-auto"
              data-testid="filter-alert"
            >
              <option value="">{t("filters.anyPapers")}</option>
              <option value="attention">{t("filters.expiring")}</option>
            </Select>
            <Select
              aria-label={t("fields.fuelType")}
              value={filter.fuelType ?? ""}
              onChange={(e) => update({ fuelType: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("filters.anyFuel")}</option>
              {FUEL_TYPES.map((f) => (
                <option key={f} value={f}>
                  {t(`fuelTypes.${f}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t("filters.assignment")}
              value={filter.assigned ?? ""}
              onChange={(e) => update({ assigned: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("filters.anyAssignment")}</option>
              <option value="yes">{t("filters.assigned")}</option>
              <option value="no">{t("filters.unassigned")}</option>
            </Select>
          </>
        }
        sortMenu={{
          columns: VEHICLE_SORTS,
          field: (column) => t(`sorts.${column}`),
        }}
        errorTitle={t("vehicles.fetchFailed")}
        empty={{
          title: t(driver ? "vehicles.emptyDriver" : "vehicles.empty"),
          text: t(driver ? "vehicles.emptyDriverText" : "vehicles.emptyText"),
          filteredTitle: t("list.emptyFiltered"),
          filteredText: t("list.emptyFilteredText"),
          action: canWrite ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              {t("vehicles.new")}
            </Button>
          ) : null,
        }}
        tableLabel={t("vehicles.title")}
        columns={[
          { label: columns.unit, sort: "unitNumber", className: "pl-4" },
          { label: columns.plate, sort: "plateExpiresOn" },
          { label: columns.insurance, sort: "insuranceExpiresOn" },
          { label: columns.mileage, sort: "mileage", className: "text-right [&>button]:ml-auto" },
          { label: columns.maintenance, sort: "maintenanceStatus" },
          { label: columns.status, sort: "status" },
          { label: columns.driver, sort: "driver", className: "pr-4" },
        ]}
        row={(v, page) => <VehicleRow vehicle={v} today={page.today} columns={columns} />}
      />

      {creating ? (
        <VehicleFormDialog
          onOpenChange={setCreating}
          onSaved={(v) => navigate(routePath("vehicleDetail", { vehicleId: v.id }), { state: AFTER_CREATE })}
        />
      ) : null}
    </div>
  );
}

function VehicleRow({
  vehicle: v,
  today,
  columns,
}: {
  vehicle: VehicleListItem;
  today: string;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation("fleet");
  const description = [v.year, v.make, v.model].filter(Boolean).join(" ");
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid={`vehicle-row-${v.unitNumber}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          <Link
            to={routePath("vehicleDetail", { vehicleId: v.id })}
            className="whitespace-nowrap font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {t("vehicles.unit", { unit: v.unitNumber })}
          </Link>
          <span className="lg:hidden">
            <MaintenanceStatusBadge status={v.maintenanceStatus} />
          </span>
        </div>
        <p className="truncate text-sm text-slate-500">{description || "—"}</p>
      </Td>
      <Td data-label={columns.plate} className={stacked.cell}>
        <span className="grid min-w-0 max-lg:justify-items-end">
          <span className="whitespace-nowrap font-mono text-sm text-slate-700">
            {v.plateNumber ? `${v.plateNumber}${v.plateState ? ` · ${v.plateState}` : ""}` : "—"}
          </span>
          {v.plateExpiresOn ? (
            <ExpiryDate date={v.plateExpiresOn} today={today} testId="plate-warning" />
          ) : null}
        </span>
      </Td>
      <Td data-label={columns.insurance} className={stacked.cell}>
        <ExpiryDate date={v.insuranceExpiresOn} today={today} testId="insurance-warning" />
      </Td>
      <Td
        data-label={columns.mileage}
        className={cn(stacked.cell, "text-right tabular-nums lg:whitespace-nowrap")}
      >
        {t("units.miles", { value: formatNumber(v.mileage) })}
      </Td>
      <Td data-label={columns.maintenance} className={cn(stacked.cell, "max-lg:hidden")}>
        <span className="flex flex-wrap items-center gap-1.5">
          <MaintenanceStatusBadge status={v.maintenanceStatus} />
          {v.openItems > 0 ? (
            <span className="text-xs text-amber-700">{t("vehicles.openItems", { count: v.openItems })}</span>
          ) : null}
        </span>
      </Td>
      <Td data-label={columns.status} className={stacked.cell}>
        <AssetStatusBadge status={v.status} />
      </Td>
      <Td data-label={columns.driver} className={cn(stacked.cell, "pr-4 text-slate-700")}>
        {v.assignedDriverName ?? <span className="text-slate-500">{t("vehicles.unassigned")}</span>}
      </Td>
    </Tr>
  );
}
