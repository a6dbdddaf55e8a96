import type { LiveView } from "@shared/tracking/tracking.schema";
import { AlertTriangle, Navigation } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatInZone, sameDayInZone } from "../../../lib/format-zone";
import { LazyMap } from "./lazy-map";
import type { MapPoint } from "./map-view";

/**
 * What a shipper sees of a load on its way (issue 40): the truck's position coarsened to a city and
 * when it was taken, the ETA to the next stop's city, and a small map with the coarse dot where the
 * browser can draw one. Never the driver. Nothing at all when the server sends no live view (not in
 * progress, or more than 24 hours after delivery).
 */
export function LivePosition({ live }: { live: LiveView | null }) {
  const { t } = useTranslation("tracking");
  const points = useMemo<MapPoint[]>(
    () =>
      live
        ? [
            {
              key: "truck",
              lat: live.lat,
              lon: live.lon,
              text: "",
              label: live.near ? t("live.near", { place: live.near }) : t("live.here"),
              tone: "coarse",
            },
          ]
        : [],
    [live, t],
  );
  if (!live) return null;
  // When the fix was taken is no stop's time: the reader's own clock.
  const at = clockTime(live.recordedAt, null);
  return (
    <section
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="live-position-title"
      data-testid="live-position"
    >
      <h2 id="live-position-title" className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {t("live.title")}
      </h2>
      <p className="flex items-start gap-2 text-base font-medium text-slate-900" data-testid="live-near">
        <Navigation className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden />
        {live.near ? t("live.nearAt", { place: live.near, time: at }) : t("live.updatedAt", { time: at })}
      </p>
      {live.etaAt ? (
        <p className="text-sm text-slate-700" data-testid="live-eta">
          {live.nextStopCity
            ? t("live.etaTo", { city: live.nextStopCity, time: clockTime(live.etaAt, live.nextStopTimeZone) })
            : t("live.eta", { time: clockTime(live.etaAt, live.nextStopTimeZone) })}
          {live.late ? (
            <span className="ml-2 inline-flex items-center gap-1 font-medium text-red-700">
              <AlertTriangle className="size-3.5" aria-hidden />
              {t("live.late")}
            </span>
          ) : null}
        </p>
      ) : null}
      <LazyMap label={t("live.mapLabel")} points={points} maxFitZoom={6} className="h-44" note={null} />
      <p className="text-xs text-slate-500">{t("live.coarseNote")}</p>
    </section>
  );
}

/**
 * "2:14 PM CDT" today, with the date on another day: in the next stop's zone, named, like its
 * appointment (issue 40); the reader's own time, unnamed, for a stop never placed.
 */
function clockTime(iso: string, timeZone: string | null): string {
  return formatInZone(
    iso,
    timeZone,
    sameDayInZone(new Date().toISOString(), iso, timeZone) ? "time" : "dateTime",
  );
}
