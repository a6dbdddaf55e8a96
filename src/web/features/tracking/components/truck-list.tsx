import { routePath } from "@shared/access";
import type { LoadStatus } from "@shared/loads/loads.schema";
import type { MapTruck } from "@shared/tracking/tracking.schema";
import { AlertTriangle, ArrowRight, Clock, Smartphone, Truck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadStatusBadge } from "../../../components/status/load-status-badge";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { formatInZone } from "../../../lib/format-zone";
import { formatFixAge, isStale } from "./fix-age";
import { unitName, whereText } from "./truck-words";

/**
 * The trucks as a list: the map's accessible alternative, the phone's layout, and the only view when
 * the browser cannot draw a map. Each row selects its truck; the chosen one opens below its row.
 */
export function TruckList({
  trucks,
  selectedKey,
  onSelect,
  now,
}: {
  trucks: readonly MapTruck[];
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  now: number;
}) {
  const { t } = useTranslation("tracking");
  return (
    <ul className="divide-y divide-slate-100" aria-label={t("list.label")} data-testid="truck-list">
      {trucks.map((truck) => {
        const chosen = truck.unitKey === selectedKey;
        const stale = isStale(truck.recordedAt, now);
        return (
          <li key={truck.unitKey} data-testid="truck-row" data-unit-key={truck.unitKey}>
            <button
              type="button"
              aria-pressed={chosen}
              onClick={() => onSelect(chosen ? null : truck.unitKey)}
              className={cn(
                "flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500",
                chosen && "bg-brand-50 hover:bg-brand-50",
              )}
            >
              <span
                className={cn(
                  "mt-0.5 grid size-8 shrink-0 place-items-center rounded-full",
                  truck.load?.late
                    ? "bg-red-100 text-red-700"
                    : stale
                      ? "bg-slate-100 text-slate-500"
                      : "bg-brand-100 text-brand-800",
                )}
                aria-hidden
              >
                {truck.vehicleId ? <Truck className="size-4" /> : <Smartphone className="size-4" />}
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium text-slate-900">{unitName(t, truck)}</span>{" "}
                  <span className="truncate text-sm text-slate-600">
                    {truck.driverName ?? t("truck.noDriver")}
                  </span>{" "}
                  {truck.load?.late ? <Badge tone="danger">{t("truck.lateBadge")}</Badge> : null}
                </span>{" "}
                <span className="truncate text-sm text-slate-700" data-testid="truck-place">
                  {whereText(t, truck)}
                </span>{" "}
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                  <span
                    className={cn("inline-flex items-center gap-1", stale && "font-medium text-amber-800")}
                    data-testid="truck-age"
                  >
                    <Clock className="size-3" aria-hidden />
                    {formatFixAge(truck.recordedAt, now)}
                  </span>{" "}
                  <span>
                    {truck.load ? t("truck.load", { number: truck.load.loadNumber }) : t("truck.noLoad")}
                  </span>
                </span>
              </span>
            </button>
            {chosen ? <TruckDetails truck={truck} now={now} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The chosen truck: its load, next stop, ETA and whether it runs late, with the way to the load. */
function TruckDetails({ truck, now }: { truck: MapTruck; now: number }) {
  const { t } = useTranslation(["tracking", "loads"]);
  const load = truck.load;
  return (
    <div
      className="grid gap-3 border-t border-brand-100 bg-brand-50/60 px-4 py-3 text-sm"
      data-testid="truck-details"
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <Fact label={t("details.fix")}>
          {formatDateTime(truck.recordedAt)}
          <span className="block text-xs text-slate-500">
            {t(`source.${truck.source}`)} · {formatFixAge(truck.recordedAt, now)}
          </span>
        </Fact>
        <Fact label={t("details.speed")}>
          {truck.speedMph === null ? "—" : t("details.mph", { speed: Math.round(truck.speedMph) })}
        </Fact>
        {load ? (
          <>
            <Fact label={t("details.nextStop")}>
              {load.nextStop
                ? `${load.nextStop.locationName} — ${load.nextStop.city}, ${load.nextStop.state}`
                : "—"}
            </Fact>
            <Fact label={t("details.eta")}>
              <span className={cn(load.late && "font-medium text-red-700")}>
                {load.etaAt ? formatInZone(load.etaAt, load.nextStop?.timeZone) : "—"}
              </span>
              {load.late ? (
                <span className="mt-0.5 flex items-center gap-1 text-xs font-medium text-red-700">
                  <AlertTriangle className="size-3" aria-hidden />
                  {t("details.late")}
                </span>
              ) : null}
            </Fact>
          </>
        ) : null}
      </dl>
      {load ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold">{load.loadNumber}</span>
            <LoadStatusBadge status={load.status as LoadStatus} />
            {load.customerName ? <span className="text-slate-600">{load.customerName}</span> : null}
          </span>
          <Link
            to={routePath("loadDetail", { loadId: load.id })}
            className="inline-flex min-h-8 items-center gap-1 rounded font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {t("details.openLoad", { number: load.loadNumber })}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      ) : (
        <p className="text-slate-600">{t("details.noLoad")}</p>
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
