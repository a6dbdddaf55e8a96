import type { CheckInInput, CorrectCheckInInput } from "@shared/loads/stop-requests.schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { loadKeys, useInvalidateLoads } from "./loads";

/** Every check-in's mutation key: the phone's location sharing sends its trail on each (decision 054). */
export const CHECK_IN_MUTATION = ["check-in"] as const;

/**
 * The driver's check-in at a stop; the answer is the load as it now is. `at` and `geofenceEventId`
 * when the driver confirms the phone's "You're at … — check in?": the time it noticed the arrival.
 */
export function useCheckIn(id: string) {
  const invalidate = useInvalidateLoads();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHECK_IN_MUTATION,
    mutationFn: ({ stopId, ...body }: CheckInInput & { stopId: string }) =>
      api.post("/api/loads/{id}/stops/{stopId}/check-in", { path: { id, stopId }, body }),
    onSuccess: (load) => queryClient.setQueryData(loadKeys.detail(id), load),
    onSettled: () => void invalidate(),
  });
}

/** Staff correct a check-in time, with a reason. */
export function useCorrectCheckIn(id: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: ({ stopId, ...body }: CorrectCheckInInput & { stopId: string }) =>
      api.put("/api/loads/{id}/stops/{stopId}/check-in", { path: { id, stopId }, body }),
    onSettled: invalidate,
  });
}

/** Staff accept a proposed detention onto the load's charges, or dismiss it. */
export function useDecideDetention(id: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: ({ stopId, decision }: { stopId: string; decision: "accept" | "dismiss" }) =>
      api.post("/api/loads/{id}/stops/{stopId}/detention", { path: { id, stopId }, body: { decision } }),
    onSettled: invalidate,
  });
}
