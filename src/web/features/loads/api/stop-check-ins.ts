import type { CorrectCheckInInput } from "@shared/loads/stop-requests.schema";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { useInvalidateLoads } from "./loads";

/** The driver's check-in at a stop (shared with the geofence prompt: lib/stop-check-in.ts). */
export { CHECK_IN_MUTATION, useStopCheckIn as useCheckIn } from "../../../lib/stop-check-in";

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
