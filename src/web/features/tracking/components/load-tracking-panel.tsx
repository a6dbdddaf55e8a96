import type { GeofenceEvent, LoadTracking } from "@shared/tracking/tracking.schema";
import type { TFunction } from "i18next";
import { AlertTriangle, Check, MapPin, X } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ListError } from "../../../components/list/list-states";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { formatInZone } from "../../../lib/format-zone";
import { notify } from "../../../lib/toast";
import { useDecideGeofenceEvent, useLoadTracking, useMapBase } from "../api/tracking";
import { formatFixAge, isStale, useNow } from "./fix-age";
import { LazyMap } from "./lazy-map";
import type { MapLine, MapPoint } from "./map-view";

/**
 * A load's tracking panel on its page (staff with tracking:view, the load's own driver): the truck on
 * a small map with its route and trail, the last fix and its age, the ETA to the next stop with the
 * hours-of-service time it includes, the late flag, and the geofence crossings — which dispatch
 * confirms (they become the stop's times) or dismisses.
 */
export function LoadTrackingPanel({
  loadId,
  canDecide,
  onDecided,
}: {
  loadId: string;
  canDecide: boolean;
  /** A decision changed the load's stop times: the load page refreshes itself. */
  onDecided?: () => unknown;
}) {
  const { t } = useTranslation("tracking");
  const tracking = useLoadTracking(loadId);
  const base = useMapBase();
  const now = useNow();

  if (tracking.isError)
    return (
      <ListError
        title={t("panel.errorTitle")}
        description={describeError(tracking.error, t)}
        onRetry={() => void tracking.refetch()}
        retrying={tracking.isFetching}
      />
    );
  if (!tracking.data) return <Spinner label={t("common:loading")} />;
  return (
    <TrackingView
      loadId={loadId}
      data={tracking.data}
      now={now}
      styleUrl={base.data?.tileStyleUrl ?? null}
      canDecide={canDecide}
      onDecided={onDecided}
    />
  );
}

function TrackingView({
  loadId,
  data,
  now,
  styleUrl,
  canDecide,
  onDecided,
}: {
  loadId: string;
  data: LoadTracking;
  now: number;
  styleUrl: string | null;
  canDecide: boolean;
  onDecided?: () => unknown;
}) {
  const { t } = useTranslation("tracking");
  const { last, eta } = data;
  const stopName = (id: string | null) => data.stops.find((s) => s.id === id)?.locationName ?? "—";
  // A stop's times (the ETA to it, its GPS crossings) are read in its zone, named, like its appointment.
  const zoneOf = (id: string | null) => data.stops.find((s) => s.id === id)?.timeZone ?? null;
  const lines = useMemo<MapLine[]>(
    () => [
      { id: "route", points: data.route, tone: "route" },
      { id: "trail", points: data.breadcrumb, tone: "trail" },
    ],
    [data.route, data.breadcrumb],
  );
  const points = useMemo<MapPoint[]>(() => {
    const stops: MapPoint[] = data.stops.flatMap((s, i) =>
      s.lat === null || s.lon === null
        ? []
        : [
            {
              key: `stop:${s.id}`,
              lat: s.lat,
              lon: s.lon,
              text: String(i + 1),
              label: t("panel.stopMarker", { n: i + 1, name: s.locationName }),
              tone: "stop" as const,
            },
          ],
    );
    return last
      ? [
          ...stops,
          {
            key: "truck",
            lat: last.lat,
            lon: last.lon,
            text: t("panel.truckMarkerText"),
            label: t("panel.truckMarker", { age: formatFixAge(last.recordedAt, now) }),
            tone: eta?.late ? "late" : isStale(last.recordedAt, now) ? "stale" : "live",
          },
        ]
      : stops;
  }, [data.stops, last, eta?.late, now, t]);

  return (
    <div className="grid gap-4" data-testid="load-tracking-panel">
      <LazyMap
        label={t("panel.mapLabel")}
        points={points}
        lines={lines}
        styleUrl={styleUrl}
        className="h-56"
        note={t("panel.noWebgl")}
      />
      {last ? (
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-1">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              {t("panel.lastFix")}
            </dt>
            <dd className="mt-0.5 text-slate-900" data-testid="tracking-last-fix">
              {formatDateTime(last.recordedAt)}
              <span
                className={cn(
                  "block text-xs",
                  isStale(last.recordedAt, now) ? "font-medium text-amber-800" : "text-slate-500",
                )}
              >
                {t(`source.${last.source}`)} · {formatFixAge(last.recordedAt, now)}
              </span>
            </dd>
          </div>
          {eta ? (
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {t("panel.eta", { stop: stopName(eta.nextStopId) })}
              </dt>
              <dd className="mt-0.5 text-slate-900" data-testid="tracking-eta">
                <span className={cn("font-medium", eta.late && "text-red-700")}>
                  {eta.etaAt ? formatInZone(eta.etaAt, zoneOf(eta.nextStopId)) : "—"}
                </span>
                {eta.late ? (
                  <Badge tone="danger" className="ml-2">
                    <AlertTriangle className="mr-1 size-3" aria-hidden />
                    {t("truck.lateBadge")}
                  </Badge>
                ) : null}
                {eta.remainingMiles !== null ? (
                  <span className="block text-xs text-slate-500">
                    {t(eta.basis === "routed" ? "panel.remainingRouted" : "panel.remainingEstimated", {
                      miles: formatNumber(eta.remainingMiles),
                      speed: formatNumber(eta.avgSpeedMph),
                    })}
                  </span>
                ) : null}
                {eta.hosBufferMinutes ? (
                  <span className="mt-1 block text-xs text-slate-600" data-testid="tracking-hos">
                    {t("panel.hosBuffer", { time: hoursAndMinutes(t, eta.hosBufferMinutes) })}
                  </span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="flex items-start gap-2 text-sm text-slate-600" data-testid="tracking-no-fix">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          {t("panel.noFix")}
        </p>
      )}
      {data.geofenceEvents.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {t("panel.geofences")}
          </h3>
          <ul className="grid gap-2">
            {data.geofenceEvents.map((event) => (
              <GeofenceRow
                key={event.id}
                loadId={loadId}
                event={event}
                stop={stopName(event.stopId)}
                timeZone={zoneOf(event.stopId)}
                canDecide={canDecide}
                onDecided={onDecided}
              />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function GeofenceRow({
  loadId,
  event,
  stop,
  timeZone,
  canDecide,
  onDecided,
}: {
  loadId: string;
  event: GeofenceEvent;
  stop: string;
  timeZone: string | null;
  canDecide: boolean;
  onDecided?: () => unknown;
}) {
  const { t } = useTranslation("tracking");
  const decide = useDecideGeofenceEvent(loadId, onDecided);
  const act = (decision: "confirm" | "dismiss") =>
    decide.mutate(
      { eventId: event.id, decision },
      {
        onSuccess: () =>
          notify({
            title: t(decision === "confirm" ? "panel.confirmed" : "panel.dismissed"),
            variant: "success",
          }),
        onError: (error) =>
          notify({ title: t("panel.decideFailed"), description: describeError(error, t), variant: "error" }),
      },
    );
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm" data-testid="geofence-event">
      <p className="text-slate-900">
        {t(`panel.event.${event.kind}`, { stop, time: formatInZone(event.at, timeZone) })}
      </p>
      <p className="text-xs text-slate-500">{t(`panel.status.${event.status}`)}</p>
      {canDecide && event.status === "proposed" ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => act("confirm")} disabled={decide.isPending}>
            <Check aria-hidden />
            {t("panel.confirm")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => act("dismiss")} disabled={decide.isPending}>
            <X aria-hidden />
            {t("panel.dismiss")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function hoursAndMinutes(t: TFunction, minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return t("panel.duration", { h, m });
}
