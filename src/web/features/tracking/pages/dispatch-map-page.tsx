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
import { type MapFilter, useMapBase, useTruckMap } from "../api/tracking";
import { useNow } from "../components/fix-age";
import { LazyMap } from "../components/lazy-map";
import { TruckList } from "../components/truck-list";
import { truckPoint } from "../components/truck-words";

const STATUSES = ["in_progress", "assigned", "idle"] as const satisfies readonly MapQuery["status"][];
/** The URL keeps the filters and the chosen truck, so a reload or a shared link shows the same view. */
const DEFAULTS = { q: "", status: "", stale: "", truck: "" };

/**
 * The dispatch map (issue 40): every truck's last position, its driver, load and next stop with the
 * ETA; filters answered by the server; positions arriving over the events stream move the trucks in
 * place (tracking-live.ts). The list beside the map carries everything the map shows.
 */
export default function DispatchMapPage() {
  const { t } = useTranslation("tracking");
  const { values, update } = useListParams(DEFAULTS);
  const filter: MapFilter = {
    q: values.q || undefined,
    status: (values.status || undefined) as MapFilter["status"],
    stale: values.stale === "true" ? "true" : undefined,
  };
  const map = useTruckMap(filter);
  const base = useMapBase();
  const now = useNow();
  const trucks = map.data?.trucks ?? [];
  const selected = values.truck || null;
  const points = useMemo(() => trucks.map((truck) => truckPoint(t, truck, now)), [trucks, t, now]);
  const filtered = !!(values.q || values.status || values.stale);

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-4">
      <PageHeader title={t("map.title")} description={t("map.description")} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchInput
          value={values.q}
          onSearch={(q) => update({ q, truck: null }, { replace: true })}
          label={t("filters.search")}
          hint={t("filters.searchHint")}
          className="sm:w-72"
        />
        <FilterSelect
          label={t("filters.status")}
          all={t("filters.allTrucks")}
          value={(values.status || null) as (typeof STATUSES)[number] | null}
          options={STATUSES}
          optionLabel={(s) => t(`filters.statuses.${s}`)}
          onChange={(status) => update({ status, truck: null })}
          className="sm:w-48"
          testId="map-status-filter"
        />
        <Select
          aria-label={t("filters.fix")}
          value={values.stale}
          onChange={(e) => update({ stale: e.target.value || null, truck: null })}
          className="sm:w-56"
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
