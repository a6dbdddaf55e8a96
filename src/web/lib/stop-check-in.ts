import type { CheckInInput } from "@shared/loads/stop-requests.schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import { loadKeys } from "./query-keys";

/** Every check-in's mutation key: the phone's location sharing sends its trail on each (decision 054). */
export const CHECK_IN_MUTATION = ["check-in"] as const;

/**
 * The driver's check-in at a stop; the answer is the load as it now is. `at` and `geofenceEventId`
 * when the driver confirms the phone's "You're at … — check in?": the time it noticed the arrival.
 * Shared by the load's stops (features/loads) and the geofence prompt (features/tracking).
 */
export function useStopCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHECK_IN_MUTATION,
    mutationFn: ({ stopId, ...body }: CheckInInput & { stopId: string }) =>
      api.post("/api/loads/{id}/stops/{stopId}/check-in", { path: { id, stopId }, body }),
    onSuccess: (load) => queryClient.setQueryData(loadKeys.detail(id), load),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: loadKeys.all }),
  });
}
