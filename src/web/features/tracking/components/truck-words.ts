import type { MapTruck } from "@shared/tracking/tracking.schema";
import type { TFunction } from "i18next";
import { formatNumber } from "../../../lib/format";
import { formatFixAge, isStale } from "./fix-age";
import type { MapPoint } from "./map-view";

/** Words of the `tracking` namespace: `t` is the caller's `useTranslation("tracking")`. */

/** A truck's name on the map: its unit number, else its driver's phone. */
export const unitName = (t: TFunction, truck: MapTruck) =>
  truck.unitNumber ? t("truck.unit", { unit: truck.unitNumber }) : t("truck.phone");

/** Where it is: "near Joliet, IL", else the coordinates. */
export const whereText = (t: TFunction, truck: Pick<MapTruck, "place" | "lat" | "lon">) =>
  truck.place
    ? t("truck.near", { place: truck.place })
    : t("truck.coordinates", { lat: formatNumber(truck.lat, 3), lon: formatNumber(truck.lon, 3) });

/** The one sentence a marker and a list row are read as: unit, driver, load, where, age of the fix. */
export function truckLabel(t: TFunction, truck: MapTruck, now: number): string {
  return [
    unitName(t, truck),
    truck.driverName ?? t("truck.noDriver"),
    truck.load ? t("truck.load", { number: truck.load.loadNumber }) : t("truck.noLoad"),
    whereText(t, truck),
    t("truck.fix", { age: formatFixAge(truck.recordedAt, now) }),
    truck.load?.late ? t("truck.late") : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function truckPoint(t: TFunction, truck: MapTruck, now: number): MapPoint {
  return {
    key: truck.unitKey,
    lat: truck.lat,
    lon: truck.lon,
    text: truck.unitNumber ?? (truck.driverName?.split(" ")[0] || "•"),
    label: truckLabel(t, truck, now),
    tone: truck.load?.late ? "late" : isStale(truck.recordedAt, now) ? "stale" : "live",
  };
}
