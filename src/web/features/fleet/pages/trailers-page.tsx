import { routePath } from "@shared/access";
import { TRAILER_TYPES } from "@shared/fleet/fleet.schema";
import {
  TRAILER_SORTS,
  type TrailerDetail,
  type TrailerListItem,
  trailerFilterSchema,
} from "@shared/fleet/trailers.schema";
import { useTranslation } from "react-i18next";
import { stacked } from "../../../components/list/stacked-table";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDay } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportTrailers, useTrailers } from "../api/fleet";
import { type AssetListKind, AssetListPage } from "../assets/asset-list-page";
import { AssetDriverCell, AssetLink, AssignmentFilter, StatusFilter } from "../assets/asset-row";
import { AssetStatusBadge, InspectionDate } from "../components/fleet-badges";

const TrailerFormDialog = lazyDialog(() =>
  import("../components/trailer-form-dialog").then((m) => m.TrailerFormDialog),
);

const FILTERS = ["type", "status", "inspection", "assigned"] as const;

/** Trailers and containers: staff manage them; a driver sees the one they pull. */
export default function TrailersPage() {
  return <AssetListPage kind={trailerList} />;
}

function useTrailerList(fetchFailed: string) {
  const { t } = useTranslation("fleet");
  const list = useListScreen(trailerFilterSchema, useTrailers, { filters: FILTERS, fetchFailed });
  const { filter, update } = list;
  const filters = (
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
      <StatusFilter value={filter.status} onChange={(status) => update({ status })} />
      <AssignmentFilter value={filter.assigned} onChange={(assigned) => update({ assigned })} />
    </>
  );
  return { list, filters, exportRows: (format: "csv" | "xlsx") => exportTrailers(format, filter) };
}

function TrailerRow({
  item: tr,
  today,
  columns,
}: {
  item: TrailerListItem;
  today: string;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation("fleet");
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid={`trailer-row-${tr.identifier}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <AssetLink to={routePath("trailerDetail", { trailerId: tr.id })}>{tr.identifier}</AssetLink>
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
      <AssetDriverCell label={columns.driver} name={tr.assignedDriverName} />
    </Tr>
  );
}

const trailerList: AssetListKind<
  (typeof TRAILER_SORTS)[number],
  ReturnType<typeof useTrailers>["data"] & {},
  TrailerDetail
> = {
  name: "trailer",
  words: "trailers",
  useList: useTrailerList,
  sorts: TRAILER_SORTS,
  columns: (t) => [
    { key: "identifier", label: t("fields.identifier"), sort: "identifier", className: "pl-4" },
    { key: "type", label: t("fields.type"), sort: "type" },
    { key: "last", label: t("fields.lastInspectionOn"), sort: "lastInspectionOn" },
    { key: "next", label: t("fields.nextInspectionOn"), sort: "nextInspectionOn" },
    { key: "status", label: t("fields.status"), sort: "status" },
    { key: "driver", label: t("fields.assignedDriver"), sort: "driver", className: "pr-4" },
  ],
  Row: TrailerRow,
  emptyAction: false,
  FormDialog: TrailerFormDialog,
  detailPath: (id) => routePath("trailerDetail", { trailerId: id }),
};
