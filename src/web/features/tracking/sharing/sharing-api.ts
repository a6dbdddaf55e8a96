import type { PositionBatchResult, PositionPoint, SharingState } from "@shared/tracking/tracking.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const sharingKeys = {
  state: ["tracking", "sharing"] as const,
};

/**
 * Whether this driver's phone should share now (consent, a load in progress, on duty), how often,
 * and the next stop. Asked again every minute: a load put in progress by dispatch, or the driver going
 * off duty, turns sharing on or off without a reload.
 */
export function useSharingState(enabled: boolean) {
  return useQuery({
    queryKey: sharingKeys.state,
    queryFn: ({ signal }): Promise<SharingState> => api.get("/api/tracking/sharing", { signal }),
    enabled,
    refetchInterval: 60_000,
    retry: retryTransient,
  });
}

/** Gives or withdraws the driver's consent; the sharing state follows. */
export function useConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: boolean) => api.put("/api/tracking/consent", { body: { consent } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.state }),
  });
}

/** One batch of positions, with their device times; the answer may carry a geofence prompt. */
export const sendPositions = (points: PositionPoint[]): Promise<PositionBatchResult> =>
  api.post("/api/tracking/positions", { body: { points } });
