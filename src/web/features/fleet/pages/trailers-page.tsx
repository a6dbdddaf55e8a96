import { can, routePath } from "@shared/access";
import { TRAILER_TYPES, VEHICLE_STATUSES } from "@shared/fleet/fleet.schema";
import { TRAILER_SORTS, type TrailerListItem, trailerFilterSchema } from "@shared/fleet/trailers.schema";
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
import { formatDay } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportTrailers, useTrailers } from "../api/fleet";
import { AssetStatusBadge, InspectionDate } from "../components/fleet-badges";

const TrailerFormDialog = lazyDialog(() =>
  import("../components/trailer-form-dialog").then((m) => m.TrailerFormDialog),
);

const FILTERS = ["type", "status", "inspection", "assigned"] as const;

/** Trailers and containers: staff manage them; a driver sees the one they pull. */
export default function TrailersPage() {
  const { t } = useTranslation("fleet");
  const me = useMe().data;
  const driver = me?.role === "driver";
  const canWrite = can(me ?? null, "fleet:write");
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useCreateParam(() => setCreating(true), canWrite);
  const list = useListScreen(trailerFilterSchema, useTrailers, {
    filters: FILTERS,
    fetchFailed: t("trailers.fetchFailed"),
  });
  const { filter, update, filtered } = list;
  const columns = {
    identifier: t("fields.identifier"),
    type: t("fields.type"),
    last: t("fields.lastInspectionOn"),
    next: t("fields.nextInspectionOn"),
    status: t("fields.status"),
    driver: t("fields.assignedDriver"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t(driver ? "trailers.driverTitle" : "trailers.title")}
        description={t(driver ? "trailers.driverDescription" : "trailers.description")}
        actions={
          <>
            <ExportMenu
              filtered={filtered}
              run={(format) => exportTrailers(format, filter)}
              testId="export-trailers"
              heading={{ all: t("export.all"), filtered: t("export.filtered") }}
            />
            {canWrite ? (
              <Button
                className="flex-1 sm:flex-none"
                onClick={() => setCreating(true)}
                data-testid="new-trailer"
              >
                <Plus aria-hidden />
                {t("trailers.new")}
              </Button>
            ) : null}
          </>
        }
      />
      <ListPanel
        list={list}
        toolbar={!driver}
        search={{ label: t("trailers.searchLabel"), hint: t("trailers.searchHint") }}
        filters={
          <>
            <Select
              aria-label={t("fields.type")}
              value={filter.type ?? ""}
              onChange={(e) => update({ type: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("filters.anyType")}</option>
              {TRAILER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`trailerTypes.${type}`)}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t("filters.inspection")}
              value={filter.inspection ?? ""}
              onChange={(e) => update({ inspection: e.target.value })}
              className="lg:w-auto"
              data-testid="filter-inspection"
            >
              <option value="">{t("filters.anyInspection")}</option>
              <option value="due">{t("filters.inspectionDue")}</option>
            </Select>
            <Select
              aria-label={t("fields.status")}
              value={filter.status ?? ""}
              onChange={(e) => update({ status: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("filters.anyStatus")}</option>
              {VEHICLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
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
          columns: TRAILER_SORTS,
          field: (column) => t(`sorts.${column}`),
        }}
        errorTitle={t("trailers.fetchFailed")}
        empty={{
          title: t(driver ? "trailers.emptyDriver" : "trailers.empty"),
          text: t(driver ? "trailers.emptyDriverText" : "trailers.emptyText"),
          filteredTitle: t("list.emptyFiltered"),
          filteredText: t("list.emptyFilteredText"),
        }}
        tableLabel={t("trailers.title")}
        columns={[
          { label: columns.identifier, sort: "identifier", className: "pl-4" },
          { label: columns.type, sort: "type" },
          { label: columns.last, sort: "lastInspectionOn" },
          { label: columns.next, sort: "nextInspectionOn" },
          { label: columns.status, sort: "status" },
          { label: columns.driver, sort: "driver", className: "pr-4" },
        ]}
        row={(tr, page) => <TrailerRow trailer={tr} today={page.today} columns={columns} />}
      />
      {creating ? (
        <TrailerFormDialog
          onOpenChange={setCreating}
          onSaved={(saved) =>
            navigate(routePath("trailerDetail", { trailerId: saved.id }), { state: AFTER_CREATE })
          }
        />
      ) : null}
    </div>
  );
}

function TrailerRow({
  trailer: tr,
  today,
  columns,
}: {
  trailer: TrailerListItem;
  today: string;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation("fleet");
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid={`trailer-row-${tr.identifier}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <Link
          to={routePath("trailerDetail", { trailerId: tr.id })}
          className="whitespace-nowrap font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
        >
          {tr.identifier}
        </Link>
        <p className="truncate text-sm text-slate-500">
          {[tr.size, tr.plateNumber].filter(Boolean).join(" · ") || "—"}
          {tr.openItems > 0 ? (
            <span className="ml-2 text-xs text-amber-700">
              {t("vehicles.openItems", { count: tr.openItems })}
            </span>
          ) : null}
        </p>
      </Td>
      <Td data-label={columns.type} className={cn(stacked.cell, "text-slate-700")}>
        {t(`trailerTypes.${tr.type}`)}
      </Td>
      <Td data-label={columns.last} className={cn(stacked.cell, "text-slate-700")}>
        {formatDay(tr.lastInspectionOn)}
      </Td>
      <Td data-label={columns.next} className={stacked.cell}>
        <InspectionDate date={tr.nextInspectionOn} today={today} />
      </Td>
      <Td data-label={columns.status} className={stacked.cell}>
        <AssetStatusBadge status={tr.status} />
      </Td>
      <Td data-label={columns.driver} className={cn(stacked.cell, "pr-4 text-slate-700")}>
        {tr.assignedDriverName ?? <span className="text-slate-500">{t("vehicles.unassigned")}</span>}
      </Td>
    </Tr>
  );
}
