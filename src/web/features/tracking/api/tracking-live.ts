import type { MapResponse, StreamPosition } from "@shared/tracking/tracking.schema";
import type { QueryClient } from "@tanstack/react-query";
import { trackingKeys } from "./tracking-keys";

/** Beyond this distance from where its place was named, a truck's "near …" no longer holds. */
const PLACE_HOLDS_MILES = 10;

/**
 * One truck moved (the events stream's `position` event): every cached map that shows this truck
 * moves it in place — no request. A truck no cached map holds is left alone: the filters are the
 * server's, so only the next fetch can say whether it belongs.
 */
export function applyPositionEvent(client: QueryClient, position: StreamPosition) {
  client.setQueriesData<MapResponse>({ queryKey: trackingKeys.maps() }, (map) => {
    if (!map) return map;
    let changed = false;
    const trucks = map.trucks.map((truck) => {
      // A replayed or late fix never moves a truck back.
      if (truck.unitKey !== position.unitKey || truck.recordedAt >= position.recordedAt) return truck;
      changed = true;
      // The stream names the place; an older server's event does not, and a far move drops the old one.
      const far = milesBetween(truck.lat, truck.lon, position.lat, position.lon) > PLACE_HOLDS_MILES;
      return { ...truck, ...position, place: position.place ?? (far ? null : truck.place) };
    });
    return changed ? { ...map, trucks } : map;
  });
}

/** The stream (re)connected: positions sent while it was down were missed, so open maps ask again. */
export function refetchMapsAfterGap(client: QueryClient) {
  void client.invalidateQueries({ queryKey: trackingKeys.maps() });
}

/** Great-circle distance, enough to tell whether a place name still fits. */
function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(a));
}
