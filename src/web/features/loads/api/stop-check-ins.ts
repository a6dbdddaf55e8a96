import type { CorrectCheckInInput } from "@shared/loads/stop-requests.schema";
import type { CheckInEvent } from "@shared/loads/stops.schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { loadKeys, useInvalidateLoads } from "./loads";

/** The driver's check-in at a stop; the answer is the load as it now is. */
export function useCheckIn(id: string) {
  const invalidate = useInvalidateLoads();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stopId, event }: { stopId: string; event: CheckInEvent }) =>
      api.post("/api/loads/{id}/stops/{stopId}/check-in", { path: { id, stopId }, body: { event } }),
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
