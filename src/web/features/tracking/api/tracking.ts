import type { MapQuery } from "@shared/tracking/tracking.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { trackingKeys } from "./tracking-keys";

/*
 * The dispatch map and a load's tracking panel. The stream's `position` events are written into
 * `trackingKeys.maps()` by `tracking-live.ts`, so an open map moves without asking again.
 */

/** The base map: Settings' tile style, or the shipped outlines (changes rarely: kept for the session). */
export function useMapBase() {
  return useQuery({
    queryKey: trackingKeys.base(),
    queryFn: ({ signal }) => api.get("/api/geo/map-base", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryTransient,
  });
}

/** The map's filters as the screen keeps them (every one optional: absent means "all"). */
export type MapFilter = Partial<MapQuery>;

export function useTruckMap(filter: MapFilter) {
  return useQuery({
    queryKey: trackingKeys.map(filter),
    queryFn: ({ signal }) => api.get("/api/tracking/map", { query: { ...filter }, signal }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useLoadTracking(loadId: string) {
  return useQuery({
    queryKey: trackingKeys.load(loadId),
    queryFn: ({ signal }) => api.get("/api/loads/{id}/tracking", { path: { id: loadId }, signal }),
    retry: retryTransient,
  });
}

/** Dispatch confirms or dismisses a departure (or arrival) proposed from the truck's positions. */
export function useDecideGeofenceEvent(loadId: string, onDecided?: () => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, decision }: { eventId: string; decision: "confirm" | "dismiss" }) =>
      decision === "confirm"
        ? api.post("/api/loads/{id}/geofence-events/{eventId}/confirm", { path: { id: loadId, eventId } })
        : api.post("/api/loads/{id}/geofence-events/{eventId}/dismiss", { path: { id: loadId, eventId } }),
    onSettled: async () => {
      // A confirmed crossing is the stop's check-in or check-out: the load's own page changes too
      // (it says how to refresh itself: tracking does not import the loads' keys).
      await Promise.all([client.invalidateQueries({ queryKey: trackingKeys.load(loadId) }), onDecided?.()]);
    },
  });
}
