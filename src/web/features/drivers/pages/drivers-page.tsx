import { can, routePath } from "@shared/access";
import { DRIVER_STATUSES } from "@shared/drivers/drivers.schema";
import {
  DRIVER_ACTIVITY,
  DRIVER_COMPLIANCE,
  DRIVER_SORTS,
  type DriverListItem,
  type DriverSort,
  driverFilterSchema,
} from "@shared/drivers/management.schema";
import { UserPlus } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { ListToolbar } from "../../../components/list/list-toolbar";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader, type SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useMe } from "../../../lib/session";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListQuery } from "../../../lib/use-list-query";
import { useRetainedData } from "../../../lib/use-retained-data";
import { type DriverListQuery, exportDrivers, useDrivers } from "../api/drivers";
import { DriverFormDialog } from "../components/driver-form-dialog";
import { DriverStatusBadge, InactiveBadge } from "../components/driver-status-badge";
import { ExpiryDate } from "../components/expiry";
import { Stars } from "../components/stars";

/** Driver Management: every driver, searched, filtered and sorted by the server. */
export default function DriversPage() {
  const { t } = useTranslation("drivers");
  const me = useMe().data;
  const canWrite = can(me ?? null, "drivers:write");
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const { filter, values, page, pageSize, update } = useListQuery(driverFilterSchema);
  const { sort, dir } = filter;
  const query: DriverListQuery = { ...filter, page, pageSize };
  const drivers = useDrivers(query);
  useErrorToast(drivers, t("list.fetchFailed"));
  const { data, retained } = useRetainedData(drivers);

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: DriverSort, nextDir: SortDir) => update({ sort: column, dir: nextDir });
  const filtered = !!(filter.q || filter.status || filter.compliance || filter.activity !== "active");
  const activeFilters = [filter.status, filter.compliance, filter.activity !== "active"].filter(
    Boolean,
  ).length;
  const clear = () => update({ q: null, status: null, compliance: null, activity: null });

  const columns = {
    name: t("fields.fullName"),
    status: t("fields.status"),
    license: t("fields.licenseExpiry"),
    medical: t("fields.medicalCardExpiry"),
    rating: t("fields.rating"),
    equipment: t("fields.equipment"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <>
            <ExportMenu
              filtered={filtered}
              run={(format) => exportDrivers(format, filter)}
              testId="export-drivers"
              heading={{ all: t("export.all"), filtered: t("export.filtered") }}
            />
            {canWrite ? (
              <Button
                className="flex-1 sm:flex-none"
                onClick={() => setCreating(true)}
                data-testid="new-driver"
              >
                <UserPlus aria-hidden />
                {t("list.new")}
              </Button>
            ) : null}
          </>
        }
      />

      <Card className="overflow-hidden">
        <ListToolbar
          search={values.q}
          onSearch={onSearch}
          searchLabel={t("list.searchLabel")}
          searchHint={t("list.searchHint")}
          activeFilters={activeFilters}
          filtered={filtered}
          onClear={clear}
          updating={!!(drivers.isFetching && data)}
        >
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
          <SortSelect
            label={t("list.sortBy")}
            columns={DRIVER_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            optionLabel={(column, d) =>
              t("list.sortOption", { field: t(`list.sorts.${column}`), dir: t(`list.dir.${d}`) })
            }
          />
        </ListToolbar>

        <ListContent
          query={drivers}
          data={data}
          errorTitle={t("list.fetchFailed")}
          empty={
            <EmptyState
              title={filtered ? t("list.empty.filteredTitle") : t("list.empty.title")}
              description={filtered ? t("list.empty.filteredText") : t("list.empty.text")}
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={clear}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : canWrite ? (
                  <Button size="sm" onClick={() => setCreating(true)}>
                    <UserPlus aria-hidden />
                    {t("list.new")}
                  </Button>
                ) : null
              }
            />
          }
        >
          {(page) => (
            <>
              <Table className={stacked.table} aria-label={t("list.title")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader column="fullName" sort={sort} dir={dir} onSort={onSort} className="pl-4">
                      {columns.name}
                    </SortableHeader>
                    <SortableHeader column="status" sort={sort} dir={dir} onSort={onSort}>
                      {columns.status}
                    </SortableHeader>
                    <SortableHeader column="licenseExpiry" sort={sort} dir={dir} onSort={onSort}>
                      {columns.license}
                    </SortableHeader>
                    <SortableHeader column="medicalCardExpiry" sort={sort} dir={dir} onSort={onSort}>
                      {columns.medical}
                    </SortableHeader>
                    <SortableHeader column="rating" sort={sort} dir={dir} onSort={onSort}>
                      {columns.rating}
                    </SortableHeader>
                    <Th className="pr-4">{columns.equipment}</Th>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {page.items.map((driver) => (
                    <DriverRow key={driver.id} driver={driver} columns={columns} />
                  ))}
                </TBody>
              </Table>
              <ListPagination of={page} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>

      {canWrite ? (
        <DriverFormDialog
          open={creating}
          onOpenChange={setCreating}
          onSaved={(d) => navigate(routePath("driverDetail", { driverId: d.id }))}
        />
      ) : null}
    </div>
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
          <span className="text-slate-400">—</span>
        )}
      </Td>
      <Td data-label={columns.medical} className={cn(stacked.cell, "text-sm")}>
        {driver.medicalCardExpiry ? (
          <ExpiryDate date={driver.medicalCardExpiry} className="max-lg:justify-items-end" />
        ) : (
          <span className="text-slate-400">—</span>
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
          <span className="text-slate-400">—</span>
        )}
      </Td>
    </Tr>
  );
}
