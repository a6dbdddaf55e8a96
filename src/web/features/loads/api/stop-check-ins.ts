import type { LoadDetail } from "@shared/loads/loads.schema";
import type { CorrectCheckInInput } from "@shared/loads/stop-requests.schema";
import type { CheckInEvent } from "@shared/loads/stops.schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { loadKeys, loadPath, useInvalidateLoads } from "./loads";

/** The driver's check-in at a stop; the answer is the load as it now is. */
export function useCheckIn(id: string) {
  const invalidate = useInvalidateLoads();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stopId, event }: { stopId: string; event: CheckInEvent }) =>
      api<LoadDetail>(`${loadPath(id)}/stops/${encodeURIComponent(stopId)}/check-in`, { body: { event } }),
    onSuccess: (load) => queryClient.setQueryData(loadKeys.detail(id), load),
    onSettled: () => void invalidate(),
  });
}

/** Staff correct a check-in time, with a reason. */
export function useCorrectCheckIn(id: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: ({ stopId, ...body }: CorrectCheckInInput & { stopId: string }) =>
      api<LoadDetail>(`${loadPath(id)}/stops/${encodeURIComponent(stopId)}/check-in`, {
        method: "PUT",
        body,
      }),
    onSettled: invalidate,
  });
}

/** Staff accept a proposed detention onto the load's charges, or dismiss it. */
export function useDecideDetention(id: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: ({ stopId, decision }: { stopId: string; decision: "accept" | "dismiss" }) =>
      api<LoadDetail>(`${loadPath(id)}/stops/${encodeURIComponent(stopId)}/detention`, {
        body: { decision },
      }),
    onSettled: invalidate,
  });
}
