import { routePath } from "@shared/access";
import { FUEL_TYPES } from "@shared/fleet/fleet.schema";
import { MAINTENANCE_STATUSES } from "@shared/fleet/maintenance.constants";
import {
  VEHICLE_SORTS,
  type VehicleDetail,
  type VehicleListItem,
  vehicleFilterSchema,
} from "@shared/fleet/vehicles.schema";
import { useTranslation } from "react-i18next";
import { stacked } from "../../../components/list/stacked-table";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportVehicles, useVehicles } from "../api/fleet";
import { type AssetListKind, AssetListPage } from "../assets/asset-list-page";
import { AssetDriverCell, AssetLink, AssignmentFilter, StatusFilter } from "../assets/asset-row";
import { AssetStatusBadge, ExpiryDate, MaintenanceStatusBadge } from "../components/fleet-badges";

const VehicleFormDialog = lazyDialog(() =>
  import("../components/vehicle-form-dialog").then((m) => m.VehicleFormDialog),
);

const FILTERS = ["status", "maintenanceStatus", "fuelType", "alert", "assigned"] as const;

/** Vehicles: staff manage the fleet; a driver sees the truck they drive. */
export default function VehiclesPage() {
  return <AssetListPage kind={vehicleList} />;
}

function useVehicleList(fetchFailed: string) {
  const { t } = useTranslation("fleet");
  const list = useListScreen(vehicleFilterSchema, useVehicles, { filters: FILTERS, fetchFailed });
  const { filter, update } = list;
  const filters = (
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
      <StatusFilter value={filter.status} onChange={(status) => update({ status })} />
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
      <AssignmentFilter value={filter.assigned} onChange={(assigned) => update({ assigned })} />
    </>
  );
  return { list, filters, exportRows: (format: "csv" | "xlsx") => exportVehicles(format, filter) };
}

function VehicleRow({
  item: v,
  today,
  columns,
}: {
  item: VehicleListItem;
  today: string;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation("fleet");
  const description = [v.year, v.make, v.model].filter(Boolean).join(" ");
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid={`vehicle-row-${v.unitNumber}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          <AssetLink to={routePath("vehicleDetail", { vehicleId: v.id })}>
            {t("vehicles.unit", { unit: v.unitNumber })}
          </AssetLink>
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
      <AssetDriverCell label={columns.driver} name={v.assignedDriverName} />
    </Tr>
  );
}

const vehicleList: AssetListKind<
  (typeof VEHICLE_SORTS)[number],
  ReturnType<typeof useVehicles>["data"] & {},
  VehicleDetail
> = {
  name: "vehicle",
  words: "vehicles",
  useList: useVehicleList,
  sorts: VEHICLE_SORTS,
  columns: (t) => [
    { key: "unit", label: t("fields.unitNumber"), sort: "unitNumber", className: "pl-4" },
    { key: "plate", label: t("fields.plate"), sort: "plateExpiresOn" },
    { key: "insurance", label: t("fields.insurance"), sort: "insuranceExpiresOn" },
    {
      key: "mileage",
      label: t("fields.mileage"),
      sort: "mileage",
      className: "text-right [&>button]:ml-auto",
    },
    { key: "maintenance", label: t("fields.maintenanceStatus"), sort: "maintenanceStatus" },
    { key: "status", label: t("fields.status"), sort: "status" },
    { key: "driver", label: t("fields.assignedDriver"), sort: "driver", className: "pr-4" },
  ],
  Row: VehicleRow,
  emptyAction: true,
  FormDialog: VehicleFormDialog,
  detailPath: (id) => routePath("vehicleDetail", { vehicleId: id }),
};
