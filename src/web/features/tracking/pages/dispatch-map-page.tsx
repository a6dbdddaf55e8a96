import type { MapQuery } from "@shared/tracking/tracking.schema";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/list/filter-select";
import { ListError, ListSkeleton } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { PageHeader } from "../../../components/page-header";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { describeError } from "../../../lib/api-errors";
import { useListParams } from "../../../lib/use-list-params";
import { useMapBase, useTruckMap } from "../api/tracking";
import { useNow } from "../components/fix-age";
import { LazyMap } from "../components/lazy-map";
import { TruckList } from "../components/truck-list";
import { truckPoint } from "../components/truck-words";

const STATUSES = ["in_progress", "assigned", "idle"] as const satisfies readonly MapQuery["status"][];
/**
 * The URL keeps the filters and the chosen truck: a reload or a shared link shows the same view. (Read
 * by hand rather than through mapQuerySchema: importing the tracking schemas at run time would add
 * zod's pick/strict code to the zod chunk every screen downloads.)
 */
const DEFAULTS = { q: "", status: "", stale: "", truck: "" };
const isStatus = (v: string): v is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(v);

/**
 * The dispatch map (issue 40): every truck's last position, its driver, load and next stop with the
 * ETA; filters answered by the server; positions arriving over the events stream move the trucks in
 * place (tracking-live.ts). The list beside the map carries everything the map shows.
 */
export default function DispatchMapPage() {
  const { t } = useTranslation("tracking");
  const { values, update } = useListParams(DEFAULTS);
  const filter: Partial<MapQuery> = {
    q: values.q.trim().slice(0, 100) || undefined,
    status: isStatus(values.status) ? values.status : "all",
    stale: values.stale === "true" ? "true" : undefined,
  };
  const map = useTruckMap(filter);
  const base = useMapBase();
  const now = useNow();
  const trucks = map.data?.trucks ?? [];
  const selected = values.truck || null;
  const points = useMemo(() => trucks.map((truck) => truckPoint(t, truck, now)), [trucks, t, now]);
  const filtered = !!(filter.q || filter.status !== "all" || filter.stale === "true");

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-4">
      <PageHeader title={t("map.title")} description={t("map.description")} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchInput
          value={values.q}
          onSearch={(q) => update({ q, truck: null }, { replace: true })}
          label={t("filters.search")}
          hint={t("filters.searchHint")}
          className="sm:w-80"
        />
        <FilterSelect
          label={t("filters.status")}
          all={t("filters.allTrucks")}
          value={filter.status === "all" ? null : filter.status}
          options={STATUSES}
          optionLabel={(s) => t(`filters.statuses.${s}`)}
          onChange={(status) => update({ status, truck: null })}
          className="sm:w-auto"
          testId="map-status-filter"
        />
        <Select
          aria-label={t("filters.fix")}
          value={filter.stale === "true" ? "true" : ""}
          onChange={(e) => update({ stale: e.target.value || null, truck: null })}
          className="sm:w-auto"
          data-testid="map-stale-filter"
        >
          <option value="">{t("filters.anyFix")}</option>
          <option value="true">{t("filters.staleOnly")}</option>
        </Select>
      </div>
      <p className="sr-only" aria-live="polite">
        {map.data ? t("map.count", { count: trucks.length }) : ""}
      </p>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        {base.isPending ? (
          <div className="h-72 animate-pulse rounded-md bg-slate-100 lg:h-[calc(100vh-16rem)]" />
        ) : (
          <LazyMap
            label={t("map.region")}
            points={points}
            styleUrl={base.data?.tileStyleUrl ?? null}
            selectedKey={selected}
            onSelect={(truck) => update({ truck }, { replace: true })}
            cluster
            clusterLabel={(count) => t("map.cluster", { count })}
            className="h-72 min-h-72 lg:h-[calc(100vh-16rem)] lg:min-h-[28rem]"
          />
        )}
        <Card className="overflow-hidden lg:max-h-[calc(100vh-16rem)] lg:overflow-y-auto">
          <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
            {map.data ? t("map.count", { count: trucks.length }) : t("list.title")}
          </h2>
          {map.isError && !map.data ? (
            <ListError
              title={t("list.errorTitle")}
              description={describeError(map.error, t)}
              onRetry={() => void map.refetch()}
              retrying={map.isFetching}
            />
          ) : !map.data ? (
            <ListSkeleton label={t("common:loading")} />
          ) : trucks.length === 0 ? (
            <EmptyState
              title={filtered ? t("list.noMatchTitle") : t("list.emptyTitle")}
              description={filtered ? t("list.noMatchText") : t("list.emptyText")}
            />
          ) : (
            <TruckList
              trucks={trucks}
              selectedKey={selected}
              onSelect={(truck) => update({ truck }, { replace: true })}
              now={now}
            />
          )}
        </Card>
      </div>
    </div>
  );
}
