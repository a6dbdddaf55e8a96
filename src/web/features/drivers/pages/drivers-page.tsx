import { can, routePath } from "@shared/access";
import { DRIVER_STATUSES } from "@shared/drivers/drivers.schema";
import {
  DRIVER_ACTIVITY,
  DRIVER_COMPLIANCE,
  DRIVER_SORTS,
  type DriverListItem,
  driverFilterSchema,
} from "@shared/drivers/management.schema";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { AFTER_CREATE } from "../../../lib/focus-heading";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportDrivers, useDrivers } from "../api/drivers";
import { DriverStatusBadge, InactiveBadge } from "../components/driver-status-badge";
import { ExpiryDate } from "../components/expiry";
import { Stars } from "../components/stars";

const DriverFormDialog = lazyDialog(() =>
  import("../components/driver-form-dialog").then((m) => m.DriverFormDialog),
);

const FILTERS = ["status", "compliance", "activity"] as const;

/** Driver Management: every driver, searched, filtered and sorted by the server. */
export default function DriversPage() {
  const { t } = useTranslation("drivers");
  const me = useMe().data;
  const canWrite = can(me ?? null, "drivers:write");
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useCreateParam(() => setCreating(true), canWrite);
  const list = useListScreen(driverFilterSchema, useDrivers, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
  });
  const { filter, update, filtered } = list;

  return (
    <ListPage
      title={t("list.title")}
      description={t("list.description")}
      exportMenu={{
        filtered,
        run: (format) => exportDrivers(format, filter),
        testId: "export-drivers",
        heading: { all: t("export.all"), filtered: t("export.filtered") },
      }}
      actions={
        canWrite ? (
          <Button className="flex-1 sm:flex-none" onClick={() => setCreating(true)} data-testid="new-driver">
            <UserPlus aria-hidden />
            {t("list.new")}
          </Button>
        ) : null
      }
    >
      <ListPanel
        list={list}
        search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
        filters={
          <>
            <Select
              aria-label={t("list.filters.status")}
              value={filter.status ?? ""}
              onChange={(e) => update({ status: e.target.value })}
              className="lg:w-auto"
              data-testid="filter-status"
            >
              <option value="">{t("list.filters.allStatuses")}</option>
              {DRIVER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t("list.filters.activity")}
              value={filter.activity}
              onChange={(e) => update({ activity: e.target.value })}
              className="lg:w-auto"
              data-testid="filter-activity"
            >
              {DRIVER_ACTIVITY.map((a) => (
                <option key={a} value={a}>
                  {t(`list.activity.${a}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t("list.filters.compliance")}
              value={filter.compliance ?? ""}
              onChange={(e) => update({ compliance: e.target.value })}
              className="lg:w-auto"
              data-testid="filter-compliance"
            >
              <option value="">{t("list.compliance.any")}</option>
              {DRIVER_COMPLIANCE.map((c) => (
                <option key={c} value={c}>
                  {t(`list.compliance.${c}`)}
                </option>
              ))}
            </Select>
          </>
        }
        sortMenu={{
          columns: DRIVER_SORTS,
          field: (column) => t(`list.sorts.${column}`),
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          ...emptyCopy(t, "list.empty"),
          action: canWrite ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <UserPlus aria-hidden />
              {t("list.new")}
            </Button>
          ) : null,
        }}
        tableLabel={t("list.title")}
        columns={[
          { key: "name", label: t("fields.fullName"), sort: "fullName", className: "pl-4" },
          { key: "status", label: t("fields.status"), sort: "status" },
          { key: "license", label: t("fields.licenseExpiry"), sort: "licenseExpiry" },
          { key: "medical", label: t("fields.medicalCardExpiry"), sort: "medicalCardExpiry" },
          { key: "rating", label: t("fields.rating"), sort: "rating" },
          { key: "equipment", label: t("fields.equipment"), className: "pr-4" },
        ]}
        row={(driver, _page, labels) => <DriverRow driver={driver} columns={labels} />}
      />

      {canWrite ? (
        <DriverFormDialog
          open={creating}
          onOpenChange={setCreating}
          onSaved={(d) => navigate(routePath("driverDetail", { driverId: d.id }), { state: AFTER_CREATE })}
        />
      ) : null}
    </ListPage>
  );
}

function DriverRow({ driver, columns }: { driver: DriverListItem; columns: Record<string, string> }) {
  const { t } = useTranslation("drivers");
  return (
    <Tr
      className={cn(stacked.row, "relative cursor-pointer max-lg:grid-cols-1")}
      data-testid={`driver-row-${driver.id}`}
    >
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={routePath("driverDetail", { driverId: driver.id })}
              className="font-medium text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
            >
              {driver.fullName}
            </Link>
            <p className="truncate text-xs text-slate-500">
              {[driver.phone, driver.email].filter(Boolean).join(" · ") || t("list.noContact")}
            </p>
          </div>
          <span className="flex shrink-0 gap-1 lg:hidden">
            {!driver.active ? <InactiveBadge /> : null}
            <DriverStatusBadge status={driver.status} />
          </span>
        </div>
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "max-lg:hidden")}>
        <span className="flex flex-wrap gap-1">
          <DriverStatusBadge status={driver.status} />
          {!driver.active ? <InactiveBadge /> : null}
        </span>
      </Td>
      <Td data-label={columns.license} className={cn(stacked.cell, "text-sm")}>
        {driver.licenseExpiry ? (
          <ExpiryDate date={driver.licenseExpiry} className="max-lg:justify-items-end" />
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </Td>
      <Td data-label={columns.medical} className={cn(stacked.cell, "text-sm")}>
        {driver.medicalCardExpiry ? (
          <ExpiryDate date={driver.medicalCardExpiry} className="max-lg:justify-items-end" />
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </Td>
      <Td data-label={columns.rating} className={stacked.cell}>
        <Stars value={driver.ratingAverage} count={driver.ratingCount} compact />
      </Td>
      <Td data-label={columns.equipment} className={cn(stacked.cell, "pr-4 text-sm text-slate-700")}>
        {driver.vehicleLabel || driver.trailerLabel ? (
          <span className="whitespace-nowrap">
            {[driver.vehicleLabel ? t("list.unit", { unit: driver.vehicleLabel }) : null, driver.trailerLabel]
              .filter(Boolean)
              .join(" · ")}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </Td>
    </Tr>
  );
}
